"""Golden scenarios in the playground: those of the rule file in use, run against the text
being edited (one parse for all of them). Free of Streamlit, so it can be tested alone."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablerules.dsl.limits import MAX_SCENARIO_BYTES
from tablerules.dsl.loading.bundled import bundled_name, is_bundled
from tablerules.interpreter.api import CheckCache, Game
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.scenarios import Scenario, ScenarioResult, load_scenario, run_scenario
from tablerules.interpreter.scenarios.runner import ScenarioError, rules_of, scenario_rules
from tablerules.interpreter.scenarios.writer import scenario_from_hand
from tablerules.playground.files.budget import HandClock, OverBudget, checked_within_budget
from tablerules.playground.files.drafts import ROOT, RuleDraft
from tablerules.playground.play.hands import HandSession, Rigged
from tablerules.playground.words.page_messages import page_messages
from tablerules.playground.words.scenario_errors import scenario_error_text

SCENARIOS = ROOT / "tests" / "golden" / "scenarios"


@dataclass(frozen=True)
class ScenarioFile:
    """What the Golden scenarios tab shows of a scenario file before running it."""

    path: Path
    rules: Path | None  # the rule file it uses (None: it cannot be told)
    title: str  # its name and rule ids, or why it cannot be read


_FILES: dict[tuple[str, int, int], ScenarioFile] = {}  # read once per version of a file


def scenario_file(path: Path) -> ScenarioFile:
    """A scenario file's rule file and title, read again only when the file changes."""
    try:
        stat = path.stat()
    except OSError:
        return ScenarioFile(path, None, f"{path.name}: cannot be read")
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    found = _FILES.get(key)
    if found is None:
        try:
            scenario = load_scenario(path)
            title = f"{scenario.name} [{', '.join(scenario.rule_ids)}]"
        except ScenarioError as error:
            title = f"{path.name}: {error}"
        found = _FILES[key] = ScenarioFile(path, rules_of(path), title)
        while len(_FILES) > 2048:
            del _FILES[next(iter(_FILES))]
    return found


def scenarios_for(rules_path: Path, folder: Path | None = None) -> list[ScenarioFile]:
    """The golden scenarios whose rule file is `rules_path`."""
    target = rules_path.resolve()
    found = [scenario_file(path) for path in sorted((folder or SCENARIOS).rglob("*.json"))]
    return [scenario for scenario in found if scenario.rules == target]


_RUN: dict[tuple[object, ...], ScenarioResult] = {}  # runs whose inputs have not changed


def run_scenarios(
    paths: list[Path], draft: RuleDraft | None = None, lang: str = DEFAULT
) -> list[ScenarioResult]:
    """Run scenarios (failures first), what went wrong told in `lang`; with a draft, against
    its text as edited rather than the saved file: the text in the editor if it checks (it
    has passed the trial of `playground.files.budget`), else the last version that did."""
    edited = None
    if draft is not None:
        text = draft.text if not draft.broken else draft.last_good_text
        edited = {draft.path.resolve(): text} if text else None
    checks = draft.checks if draft is not None else CheckCache()  # the text is parsed already
    results = [_run(path, edited, checks, lang) for path in paths]
    return sorted(results, key=lambda result: result.passed)


def _run(
    path: Path, edited: dict[Path, str] | None, checks: CheckCache, lang: str = DEFAULT
) -> ScenarioResult:
    """A scenario's result, run again only when the scenario file or the rule text being
    edited has changed since (a run is determined by them: what a rule file extends in the
    playground is bundled)."""
    try:
        stat = path.stat()
    except OSError:
        return _on_clock(path, edited, checks, lang)
    texts = tuple(sorted((str(k), v) for k, v in (edited or {}).items()))
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size, texts, lang)
    found = _RUN.get(key)
    if found is None:
        found = _RUN[key] = _on_clock(path, edited, checks, lang)
        while len(_RUN) > 512:
            del _RUN[next(iter(_RUN))]
    return found


def _on_clock(
    path: Path, edited: dict[Path, str] | None, checks: CheckCache, lang: str = DEFAULT
) -> ScenarioResult:
    """`run_scenario` on a hand's clock (a scenario is one hand, played on the server's
    thread against text a user typed): past it, the scenario fails and says why."""
    try:
        with HandClock().running():
            return run_scenario(path, edited, checks, lang=lang)
    except OverBudget as stopped:
        return _stopped(path, str(stopped), lang)


def _stopped(path: Path, why: str, lang: str = DEFAULT) -> ScenarioResult:
    """A scenario stopped on its clock, named by its name (not its path) where it has one."""
    try:
        scenario: Scenario | None = load_scenario(path)
    except ScenarioError:
        scenario = None
    said = page_messages(lang)("golden.not_run", why=why)
    return ScenarioResult(str(path), scenario, False, [said])


def scenario_options(scenario: Scenario, game: Game) -> dict[str, Any]:
    """Every option of the game at the value the scenario plays it with (its own, or the
    rule file's default)."""
    values = dict(game.compiled.rules.option_values())
    for name, value in scenario.options.items():
        if name in values:
            values[name] = value
    return values


def open_scenario(
    path: Path, game: Game, seed: int, bots: str, lang: str = DEFAULT
) -> HandSession | str:
    """A scenario as a hand to step through: its rigged deal and scripted choices; every
    seat is the user's, so nothing plays on after the script. A reason in words (in `lang`)
    if the scenario cannot be opened with this game."""
    say = page_messages(lang)
    try:
        scenario = load_scenario(path)
        hands = tuple(tuple(game.parse(text)) for text in scenario.hands)
        wall = tuple(game.parse(scenario.wall))
        shown = game.parse(scenario.shown)[0] if scenario.shown else None
    except (ScenarioError, NotationError) as error:
        return say("golden.cannot_open", name=path.name, why=error)
    seats = len(game.compiled.dealt_per_seat())
    if len(hands) != seats:
        return say("golden.other_seats", name=path.name, hands=len(hands), seats=seats)
    script = []
    for line in scenario.actions:
        seat, _, label = line.partition(":")
        if seat.strip().isdigit():
            script.append((int(seat), label.strip()))
    rigged = Rigged(hands, wall, shown, scenario.name)
    everyone = frozenset(range(seats))
    try:
        return HandSession(
            game,
            seed,
            scenario.dealer,
            everyone,
            bots,
            script,
            rigged,
            round=scenario.round,
            streak=scenario.streak,
            carried=tuple(scenario.carried.items()),
        )
    except OverBudget as stopped:  # its deal alone is more than a hand may take
        return say("golden.cannot_open", name=path.name, why=stopped)
    except ValueError as error:  # a deal the game cannot make (a wild to turn from no wall)
        return say("golden.cannot_open", name=path.name, why=error)


def scenario_rules_name(path: Path) -> str:
    """How a scenario names its rule file: a bundled file by its bundled name (so the
    scenario runs wherever it is saved), any other by its file name (saved beside it)."""
    resolved = path.resolve()
    return bundled_name(resolved) if is_bundled(resolved) and resolved.exists() else path.name


def hand_as_scenario(session: HandSession, draft: RuleDraft, name: str) -> dict[str, Any]:
    """The hand up to the move shown, as a scenario file to save under
    tests/golden/scenarios/FOLDER/ (the rule file is named from there). Played with an
    edit or an upload, it carries that text: the Golden scenarios tab loads it back with
    it, and `tablerules test` says where it differs from the file on disk."""
    compiled = session.game.compiled
    defaults = compiled.rules.option_values()
    options = {k: v for k, v in compiled.options.items() if defaults.get(k) != v}
    rules = scenario_rules_name(draft.path)
    choices = session.choices[: session.marks[session.cursor]]
    text = draft.last_good_text if draft.edited or draft.origin is not None else None
    return scenario_from_hand(session.table, choices, rules, name, options, rules_text=text)


@dataclass(frozen=True)
class SavedScenario:
    """A scenario file the user loaded into the page (one saved from a hand, say)."""

    name: str  # the uploaded file's name
    path: Path  # where the page keeps it, in a folder of its own
    scenario: Scenario

    @property
    def text(self) -> str | None:
        """The rule text it was made with, when it carries one."""
        return self.scenario.rules_text

    def told(self, words: str) -> str:
        """A message about the file, naming it as the user knows it (not where it is kept)."""
        return words.replace(str(self.path), self.name)


def read_saved_scenario(
    data: bytes, name: str, folder: Path, draft: RuleDraft, label: str, lang: str = DEFAULT
) -> SavedScenario | str:
    """A scenario file uploaded to be run against the rule file in use (named `label` on
    the page), or why it cannot be (in `lang`): not a scenario, or one of another rule file."""
    say = page_messages(lang)
    if len(data) > MAX_SCENARIO_BYTES:
        return say("golden.too_big", name=name, mb=MAX_SCENARIO_BYTES // 1024 // 1024)
    path = folder / "scenario.json"
    path.write_bytes(data)
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return scenario_error_text(error, str(path), name, data, lang)
    expected = scenario_rules_name(draft.path)
    if scenario.rules != expected:
        return say("golden.other_rules", name=name, rules=scenario.rules, label=label)
    return SavedScenario(name, path, scenario)


def run_saved(saved: SavedScenario, draft: RuleDraft, lang: str = DEFAULT) -> ScenarioResult:
    """Run a loaded scenario against the rule text it carries (tried in a worker first, as
    any text the server has not seen), or against the text in the editor; told in `lang`."""
    text = saved.text
    if text is None:
        text = draft.text if not draft.broken else draft.last_good_text
    else:
        options = {k: _option_text(v) for k, v in saved.scenario.options.items()}
        checked = checked_within_budget(draft.path, text, options, draft.checks)
        if not checked.ok:
            found = checked.errors or checked.diagnostics
            say = page_messages(lang)
            failures = [say("golden.its_text", error=d.render()) for d in found[:5]]
            return ScenarioResult(str(saved.path), saved.scenario, False, failures)
    rules_path = scenario_rules(saved.path, saved.scenario.rules)
    result = _run(saved.path, {rules_path: text}, draft.checks, lang)  # once per text
    result.failures = [saved.told(failure) for failure in result.failures]
    return result


def _option_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
