"""What the playground keeps between reruns, free of Streamlit so it can be tested alone.

- `RuleDraft`: the rule text being edited, checked on every change; the last version that
  checked clean keeps running while a broken edit shows its diagnostics.
- `HandSession`: a hand stepped through. Its state is the seed, the dealer and the list of
  choices made so far (by bots or by the user); any position is rebuilt by replaying that
  list, so back, reset and jumping to an event are exact.
- `compare_variants`: the same seed and the same choices under two rule files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerules.dsl.bundled import bundled_files, bundled_folder
from tablerules.dsl.diagnostics import Diagnostic, visible
from tablerules.dsl.limits import MAX_RULE_BYTES, bytes_text
from tablerules.interpreter.api import Checked, Game
from tablerules.interpreter.bots import GreedyBot, RandomBot
from tablerules.interpreter.engine import IllegalAction, Table
from tablerules.interpreter.engine.playlog import (
    choice_record,
    dumps,
    header_record,
    result_record,
    text_sha256,
)
from tablerules.interpreter.scenarios import ScenarioResult, run_scenario
from tablerules.interpreter.scenarios.runner import rules_of
from tablerules.playground.budget import HandClock, OverBudget, checked_within_budget

ROOT = Path(__file__).resolve().parent.parent
RULES = bundled_folder()  # in the source tree rules/, in an installed wheel tablerules/rules/
SCENARIOS = ROOT / "tests" / "golden" / "scenarios"
MAX_UPLOAD_MB = 1  # what the upload box accepts, and says it accepts (a whole megabyte)


def bundled_rule_files() -> list[Path]:
    """The rule files shipped with the project: the games, then their variants."""
    return bundled_files()


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def upload_name(name: str) -> str:
    """An uploaded file's name as the playground shows and uses it: its last part, printable,
    never empty nor a folder's name."""
    shown = visible(Path(name).name)[:64]
    return shown if shown not in ("", ".", "..") else "uploaded.rules"


class UploadError(ValueError):
    """An uploaded file that cannot be a rule file (not text, too large)."""


def decode_upload(data: bytes) -> str:
    """The text of an uploaded rule file, or a clear reason why it is not one."""
    if len(data) > MAX_RULE_BYTES:
        raise UploadError(
            f"the file is {len(data):,} bytes; a rule file is text of at most "
            f"{bytes_text(MAX_RULE_BYTES)}"
        )
    if b"\x00" in data:
        raise UploadError("the file is not text (it contains NUL bytes): upload a .rules file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UploadError(
            f"the file is not UTF-8 text (byte {error.start} cannot be read): "
            "save it as UTF-8 and upload it again"
        ) from None


@dataclass
class RuleDraft:
    """Rule text being edited, with its diagnostics and the last version that worked."""

    path: Path
    text: str
    checked: Checked | None = None
    last_good: Checked | None = None
    last_good_text: str = ""
    origin: str | None = None  # the uploaded text this draft began from (None: a file)
    options_applied: dict[str, str] | None = None

    @classmethod
    def open(cls, path: Path) -> RuleDraft:
        draft = cls(path=path, text=path.read_text(encoding="utf-8"))
        draft.update(draft.text)
        return draft

    def update(self, text: str, options: dict[str, str] | None = None) -> None:
        """Check `text` (as if it were the file, so `extends` resolves beside it)."""
        self.text = text
        self.checked = checked_within_budget(self.path, text, options)
        if self.checked.ok:
            self.last_good = self.checked
            self.last_good_text = text

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.checked.diagnostics if self.checked else []

    @property
    def broken(self) -> bool:
        return self.checked is None or not self.checked.ok

    @property
    def game(self) -> Game | None:
        """The game that runs: the current text if it checks, else the last good one."""
        return self.last_good.game if self.last_good else None

    def log_header(self, rules_name: str, seed: int, bots: str) -> dict[str, Any]:
        """The play log's header for a hand of the running version: it carries that text
        (edited, or uploaded, it may be on no disk) so `tablerules replay` plays exactly it."""
        assert self.last_good is not None and self.last_good.loaded.rules is not None
        text = self.last_good_text
        extends = self.last_good.loaded.rules.extends
        options = self.last_good.loaded.options
        return header_record(
            rules_name, text_sha256(text, extends), options, seed, 1, bots, text=text
        )


def make_bot(kind: str, seed: int, seat: int, seats: int) -> GreedyBot | RandomBot:
    """The bot at `seat` for a hand dealt with `seed`, seeded as `tablerules play` does."""
    bot_class = GreedyBot if kind == "greedy" else RandomBot
    return bot_class(seed * seats + seat)


@dataclass
class HandSession:
    """A hand stepped through, rebuilt exactly from (seed, dealer, choices)."""

    game: Game
    seed: int
    dealer: int | None = None
    humans: frozenset[int] = frozenset()
    bots: str = "greedy"
    choices: list[tuple[int, str]] = field(default_factory=list)
    cursor: int = 0  # how many of `choices` are applied
    table: Table = field(init=False)
    error: str = ""
    _bots: dict[int, GreedyBot | RandomBot] = field(default_factory=dict, init=False)
    clock: HandClock = field(default_factory=HandClock, init=False)  # the bots' budget

    def __post_init__(self) -> None:
        self._rebuild()

    @property
    def seats(self) -> int:
        return len(self.game.compiled.dealt_per_seat())

    def _rebuild(self) -> None:
        table = Table(self.game, seed=self.seed, dealer=self.dealer)
        self.dealer = table.state.dealer
        for seat, label in self.choices[: self.cursor]:
            table.apply(label, seat=seat)
        self.table = table

    def _bot_choice(self, seat: int) -> str:
        """The bot's choice; bots are asked in the order `tablerules play` asks them."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.bots, self.seed, seat, self.seats)
        return self.clock.choose(bot, self.table, seat).label

    def waiting_human(self) -> int | None:
        """The seat the user plays, if the hand waits for it now."""
        waiting = self.table.waiting_for()
        if waiting and waiting[0] in self.humans and self.cursor == len(self.choices):
            return waiting[0]
        return None

    def forward(self) -> bool:
        """One choice further: a recorded one, or a bot's; False at the end or at the user."""
        self.error = ""
        if self.table.finished:
            return False
        if self.cursor < len(self.choices):
            seat, label = self.choices[self.cursor]
            self.table.apply(label, seat=seat)
            self.cursor += 1
            return True
        waiting = self.table.waiting_for()
        if not waiting or waiting[0] in self.humans:
            return False
        seat = waiting[0]
        try:
            label = self._bot_choice(seat)
        except OverBudget as stopped:
            self.error = str(stopped)
            return False
        self.table.apply(label, seat=seat)
        self.choices.append((seat, label))
        self.cursor += 1
        return True

    def choose(self, seat: int, label: str) -> None:
        """The user's choice for `seat`; anything recorded after this point is dropped."""
        self.error = ""
        del self.choices[self.cursor :]
        try:
            self.table.apply(label, seat=seat)
        except IllegalAction as refused:
            self.error = str(refused)
            return
        self.choices.append((seat, label))
        self.cursor += 1

    def back(self) -> None:
        if self.cursor:
            self.cursor -= 1
            self._rebuild()

    def reset(self) -> None:
        self.cursor = 0
        self._rebuild()

    def to_end(self, limit: int = 5_000) -> None:
        for _ in range(limit):
            if not self.forward():
                return

    def jump(self, seq: int) -> None:
        """To the first position at which event `seq` has happened (or as near as can be)."""
        if seq < len(self.table.events):
            self.cursor = 0
            self._rebuild()
        while len(self.table.events) <= seq and self.forward():
            pass

    def log_lines(self, header: dict[str, Any]) -> list[str]:
        """The hand so far as a play log that `tablerules replay` reads, after `header`."""
        lines = [
            dumps(header),
            dumps({"type": "hand", "index": 1, "seed": self.seed, "dealer": self.dealer}),
        ]
        replayed = Table(self.game, seed=self.seed, dealer=self.dealer)
        written = 0
        for seat, label in self.choices[: self.cursor]:
            for event in replayed.events[written:]:
                lines.append(dumps(event))
            written = len(replayed.events)
            lines.append(dumps(choice_record(seat, label)))
            replayed.apply(label, seat=seat)
        for event in replayed.events[written:]:
            lines.append(dumps(event))
        if replayed.finished:
            lines.append(dumps(result_record(replayed)))
        return lines


@dataclass
class Comparison:
    """Two rule files, one seed, one list of choices: where they part and what it costs."""

    first_difference: int | None
    left_event: dict[str, Any] | None
    right_event: dict[str, Any] | None
    left_totals: list[int]
    right_totals: list[int]
    note: str = ""

    @property
    def delta(self) -> list[int]:
        return [r - left for left, r in zip(self.left_totals, self.right_totals, strict=False)]


# What an event says about itself rather than about play: its position, the clause and rule
# ids behind it, display names and the explanation of a choice. Everything else is compared.
DESCRIPTIVE_KEYS = frozenset({"seq", "clause", "cites", "name", "names", "split", "why"})


def _behaviour(event: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in event.items() if key not in DESCRIPTIVE_KEYS}


def compare_variants(
    left: Game,
    right: Game,
    seed: int,
    dealer: int | None,
    choices: list[tuple[int, str]],
    bots: str = "greedy",
) -> Comparison:
    """Deal both from `seed`, apply the same choices while both allow them, let bots finish
    each hand, and report the first event where they differ and the money per seat."""
    tables = []
    note = ""
    for game in (left, right):
        session = HandSession(game, seed, dealer, bots=bots)
        for seat, label in choices:
            if session.table.finished:
                break
            session.choose(seat, label)  # a refused choice is kept in `error`, not raised
            if session.error:
                note = f"{label!r} is not legal under one of the files; bots carry on from there"
                break
        session.to_end()
        if session.error:  # stopped by the playground's budget
            note = session.error
        tables.append(session.table)
    left_events, right_events = tables[0].events, tables[1].events
    first = None
    for index in range(max(len(left_events), len(right_events))):
        a = left_events[index] if index < len(left_events) else None
        b = right_events[index] if index < len(right_events) else None
        if a is None or b is None or _behaviour(a) != _behaviour(b):
            first = index
            break
    return Comparison(
        first_difference=first,
        left_event=left_events[first] if first is not None and first < len(left_events) else None,
        right_event=right_events[first]
        if first is not None and first < len(right_events)
        else None,
        left_totals=tables[0].totals(),
        right_totals=tables[1].totals(),
        note=note,
    )


def scenarios_for(rules_path: Path) -> list[Path]:
    """The golden scenarios whose rule file is `rules_path`."""
    target = rules_path.resolve()
    return [path for path in sorted(SCENARIOS.rglob("*.json")) if rules_of(path) == target]


def run_scenarios(paths: list[Path], draft: RuleDraft | None = None) -> list[ScenarioResult]:
    """Run scenarios; with a draft, against its text as edited rather than the saved file:
    the text in the editor if it checks (it has passed the trial of `playground.budget`),
    else the last version that did."""
    edited = None
    if draft is not None:
        text = draft.text if not draft.broken else draft.last_good_text
        edited = {draft.path.resolve(): text} if text else None
    return [run_scenario(path, edited) for path in paths]
