"""Run a scenario: validate the file, rig the table, apply the script, compare."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import jsonschema
from tablerules.dsl.limits import MAX_SCENARIO_BYTES
from tablerules.dsl.loading.bases import BaseRefused, ExtendsPolicy, locate_base
from tablerules.dsl.numbers import whole_number
from tablerules.dsl.reading import ReadError, read_text
from tablerules.interpreter.api import CheckCache, Game, check
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.engine import IllegalAction, Table
from tablerules.interpreter.engine.views import seat_events
from tablerules.interpreter.messages import DEFAULT, messages
from tablerules.interpreter.playlog.reader import first_difference
from tablerules.interpreter.scenarios.expected import event_problems, shape_problem
from tablerules.interpreter.scenarios.model import Scenario, scenario_schema
from tablerules.interpreter.scenarios.verdict import Verdict


class ScenarioError(ValueError):
    """A scenario file that cannot be run: the message names the file and where it is wrong.

    `kind` says which way it is wrong (`unreadable`, `not_json`, `too_deep`, `long_number`,
    `not_scenario`, `other`), `where` the place (`FILE` or `FILE:LINE:COL`), `detail` the
    reason as the reader gave it, and `line`, `column` the place in the text (0: none), so
    that a page can tell it in its own words; the message stays as it is."""

    def __init__(
        self,
        message: str,
        kind: str = "other",
        where: str = "",
        detail: str = "",
        line: int = 0,
        column: int = 0,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.where = where
        self.detail = detail
        self.line = line
        self.column = column


@dataclass
class ScenarioResult:
    path: str
    scenario: Scenario | None
    passed: bool
    failures: list[str] = field(default_factory=list)
    table: Table | None = None

    def summary(self) -> str:
        name = self.scenario.name if self.scenario else self.path
        ids = f" [{', '.join(self.scenario.rule_ids)}]" if self.scenario else ""
        return f"{'PASS' if self.passed else 'FAIL'} {name}{ids}"


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(scenario_schema())


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        data = json.loads(read_text(path, MAX_SCENARIO_BYTES, "the file"))
    except ReadError as error:
        raise ScenarioError(f"{path}: {error}", "unreadable", str(path), str(error)) from None
    except json.JSONDecodeError as error:
        where = f"{path}:{error.lineno}:{error.colno}"
        raise ScenarioError(
            f"{where}: not JSON: {error.msg}",
            "not_json",
            where,
            error.msg,
            error.lineno,
            error.colno,
        ) from None
    except RecursionError:
        raise ScenarioError(
            f"{path}: not a scenario: its JSON is nested too deep", "too_deep", str(path)
        ) from None
    except ValueError:  # a number of thousands of digits
        raise ScenarioError(
            f"{path}: not a scenario: it holds a number too long to read",
            "long_number",
            str(path),
        ) from None
    problems = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.path])
    if problems:
        lines = []
        for problem in problems[:5]:
            problem = _deepest(problem)
            where = "/".join(str(p) for p in problem.absolute_path) or "(top level)"
            lines.append(_located(path, where, _short_numbers(problem.message)))
        raise ScenarioError("\n".join(lines), "not_scenario", str(path))
    scenario = Scenario.model_validate(data)
    expect = scenario.expect
    places = [("expect/events", expect.events), ("expect/absent", expect.absent)]
    places += [(f"expect/seen/{seat}", events) for seat, events in expect.seen.items()]
    for where, events in places:
        for place, why in event_problems(where, events):
            raise ScenarioError(_located(path, place, why), "not_scenario", str(path))
    return scenario


def _located(path: Path, where: str, why: str) -> str:
    """One line: the file, the path of the field inside it, what is wrong."""
    return f"{path}: at {where}: {why}"


def _short_numbers(message: str) -> str:
    """A message quoting long numbers, each said by its count of digits."""
    return re.sub(r"\d{21,}", lambda found: f"a number of {len(found.group())} digits", message)


def _card_problem(game: Game, hands: list[list[int]], wall: list[int]) -> str:
    """More copies of a card than the deck has, or a seat count that does not match."""
    compiled = game.compiled
    if len(hands) != len(compiled.dealt_per_seat()):
        return f"at hands: {len(hands)} given for {len(compiled.dealt_per_seat())} seats"
    counts = [0] * len(compiled.cards)
    for card in [*wall, *(c for hand in hands for c in hand)]:
        counts[card] += 1
    copies = compiled.cards.copies_of
    for card, count in enumerate(counts):
        if count > copies[card]:
            name = compiled.cards.display[card]
            return f"{count} copies of {name} in hands and wall; the deck has {copies[card]}"
    return ""


def _shown_problem(game: Game, dealer: int, hands: list[list[int]], shown: int) -> str:
    """A shown card the dealer does not hold: the table would show a card from nowhere."""
    if shown in hands[dealer]:
        return ""
    name = game.compiled.cards.display[shown]
    return (
        f"at shown: {name} is not in the dealer's hand (hands/{dealer}); "
        "the dealer's hand holds its shown card too: add it there"
    )


def scenario_rules(scenario: Path, written: str, policy: ExtendsPolicy | None = None) -> Path:
    """The rule file a scenario's `rules` names: a path relative to the scenario (under its
    folder, among the bundled files, or under a folder `policy` allows: `tablerules test
    --extends-dir`) or a bundled name; raises `BaseRefused`."""
    try:
        return locate_base(written, scenario, scenario, policy or ExtendsPolicy())
    except BaseRefused as error:
        if "reach" not in str(error):
            raise
        raise BaseRefused(
            f"{written!r} is outside the scenario's folder and the bundled rule files; "
            "`tablerules test --extends-dir DIR` lets a scenario's rules (and what they "
            "extend) reach files under DIR"
        ) from None


def rules_of(scenario: Path, policy: ExtendsPolicy | None = None) -> Path | None:
    """The rule file a scenario file uses, or None if it cannot be told."""
    try:
        data = json.loads(read_text(scenario, MAX_SCENARIO_BYTES))
    except (ReadError, RecursionError, ValueError):
        return None
    written = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(written, str):
        return None
    try:
        return scenario_rules(scenario, written, policy)
    except BaseRefused:
        return None


def _seat_number(game: Game, text: str) -> int | None:
    """A seat number written in a scenario, if it names a seat of the game."""
    seat = whole_number(text.strip())
    return seat if seat is not None and seat < len(game.compiled.dealt_per_seat()) else None


def _seat_problem(game: Game, scenario: Scenario) -> str:
    """A dealer, an expected seat or a round that the game does not have, or money for
    another number of seats; said as `at FIELD: why`."""
    seats = len(game.compiled.dealt_per_seat())
    expect = scenario.expect
    have = f"the game has seats 0 to {seats - 1}"
    not_one = f"is not a seat of the game (0 to {seats - 1})"
    if not 0 <= scenario.dealer < seats:
        return f"at dealer: seat {scenario.dealer}, but {have}"
    for index, seat in enumerate(expect.winners or []):
        if seat >= seats:
            return f"at expect/winners/{index}: seat {seat}, but {have}"
    if expect.next_dealer is not None and expect.next_dealer >= seats:
        return f"at expect/next_dealer: seat {expect.next_dealer}, but {have}"
    if expect.totals is not None and len(expect.totals) != seats:
        return f"at expect/totals: {len(expect.totals)} amounts for {seats} seats"
    for name, seat_texts in (("legal", expect.legal), ("illegal", expect.illegal)):
        for seat_text in seat_texts:
            if _seat_number(game, seat_text) is None:
                return f"at expect/{name}/{seat_text}: {seat_text!r} {not_one}"
    for seat_text in expect.seen:
        if _seat_number(game, seat_text) is None:
            return f"at expect/seen/{seat_text}: {seat_text!r} {not_one}"
    return _round_problem(game, scenario.round) or _carried_problem(game, scenario.carried)


def _seat_text_problem(game: Game, line: str, dealer: int) -> str:
    """Why a scripted action's seat is not one: no colon, a number past the seats, or a
    seat's name where its number belongs (the names count from the dealer)."""
    seats = len(game.compiled.dealt_per_seat())
    numbers = f"the seat's number, 0 to {seats - 1}"
    seat_text, colon, _ = line.partition(":")
    seat_text = seat_text.strip()
    if not colon:
        return f"write 'SEAT: LABEL' with {numbers}, not {line!r}"
    seat = whole_number(seat_text)
    if seat is not None:
        return f"seat {seat} in {line!r} is not a seat of the game: write {numbers}"
    names = game.compiled.seat_names
    if seat_text in names:
        number = (dealer + names.index(seat_text)) % seats
        return f"{seat_text!r} in {line!r} is a seat's name: write its number, {number}"
    return f"{seat_text!r} in {line!r} is not a seat: write 'SEAT: LABEL' with {numbers}"


def _carried_problem(game: Game, carried: dict[str, int]) -> str:
    """A carried number the rule file does not have."""
    names = [rule.name for rule in game.compiled.carries]
    for name in carried:
        if name not in names:
            known = ", ".join(names) if names else "none"
            return f"at carried/{name}: the rule file carries no such number (it carries: {known})"
    return ""


def _round_problem(game: Game, round: int) -> str:
    """A round the game does not have: past its rounds clause, or any but 0 without one."""
    rounds = game.compiled.rounds
    if rounds is None and round:
        return f"at round: {round}, but the rule file has no rounds clause (the round is 0)"
    if rounds is not None and round >= rounds:
        return f"at round: {round}, but the game has rounds 0 to {rounds - 1}"
    return ""


def _shape_problem(table: Table, scenario: Scenario) -> str:
    """An expected event that does not fit the events of its type that happened, as
    `at PATH: why` (see `expected.shape_problem`)."""
    expect = scenario.expect
    places = [("expect/events", expect.events, table.events)]
    places.append(("expect/absent", expect.absent, table.events))
    for seat_text, wanted in expect.seen.items():
        seen = seat_events(table, int(seat_text))
        places.append((f"expect/seen/{seat_text}", wanted, seen))
    for where, expected, events in places:
        for index, event in enumerate(expected):
            problem = shape_problem(event, events)
            if problem is not None:
                return f"at {where}/{index}/{problem[0]}: {problem[1]}"
    return ""


def _deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """For an `anyOf` failure (an optional field), the error inside the branch that fits best."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def run_scenario(
    path: str | Path,
    edited: dict[Path, str] | None = None,
    checks: CheckCache | None = None,
    policy: ExtendsPolicy | None = None,
    lang: str = DEFAULT,
) -> ScenarioResult:
    """Run one scenario file; `edited` gives rule texts to use instead of files on disk
    (the playground runs scenarios against the text being edited); `checks` shared by
    several runs parses each rule text once; `policy`, the further folders its rules (and
    what they extend) may be read from; `lang`, the language what was expected against
    what happened is told in. A scenario that carries the rule text it was made with, and
    fails, says where that text differs from the one it ran against."""
    result = _run(Path(path), edited, checks, policy, lang)
    scenario = result.scenario
    if not result.passed and scenario is not None and scenario.rules_text is not None:
        note = _made_otherwise(Path(path), scenario, edited, policy, lang)
        if note:
            result.failures.append(note)
    return result


def _made_otherwise(
    path: Path,
    scenario: Scenario,
    edited: dict[Path, str] | None,
    policy: ExtendsPolicy | None = None,
    lang: str = DEFAULT,
) -> str:
    """Where the rule text a scenario carries differs from the text it ran against ('' when
    they are the same, or the file cannot be read)."""
    try:
        rules_path = scenario_rules(path, scenario.rules, policy)
        ran = (edited or {}).get(rules_path)
        if ran is None:
            ran = read_text(rules_path, MAX_SCENARIO_BYTES, "the rule file")
    except (BaseRefused, ReadError):
        return ""
    assert scenario.rules_text is not None
    found = first_difference(scenario.rules_text, ran)
    if found is None:
        return ""
    line, made, run = found
    return messages(lang)(
        "verdict.made_otherwise",
        line=line,
        file=rules_path.name,
        made=repr(made.strip()),
        run=repr(run.strip()),
    )


def _run(
    path: Path,
    edited: dict[Path, str] | None,
    checks: CheckCache | None,
    policy: ExtendsPolicy | None = None,
    lang: str = DEFAULT,
) -> ScenarioResult:
    """Run one scenario file (see `run_scenario`)."""
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return ScenarioResult(str(path), None, False, [str(error)])
    result = ScenarioResult(str(path), scenario, False)
    try:
        rules_path = scenario_rules(path, scenario.rules, policy)
    except BaseRefused as error:
        result.failures = [f"rules: {error}"]
        return result
    checked = (checks.check if checks is not None else check)(
        rules_path,
        text=(edited or {}).get(rules_path),
        options={
            k: str(v).lower() if isinstance(v, bool) else str(v)
            for k, v in scenario.options.items()
        },
        policy=policy,
    )
    if checked.game is None:
        result.failures = [d.render() for d in checked.errors or checked.diagnostics]
        return result
    game = checked.game
    where = "hands/0"
    try:
        hands = []
        for seat, text in enumerate(scenario.hands):
            where = f"hands/{seat}"
            hands.append(game.parse(text))
        where = "wall"
        wall = game.parse(scenario.wall)
        where = "shown"
        shown_cards = game.parse(scenario.shown) if scenario.shown is not None else None
    except NotationError as error:
        result.failures = [f"{path}: at {where}: card notation: {error}"]
        return result
    shown = shown_cards[0] if shown_cards else None
    problem = _card_problem(game, hands, wall) or _seat_problem(game, scenario)
    if shown_cards is not None and len(shown_cards) != 1:
        problem = f"at shown: one card, not {len(shown_cards)}"
    elif shown is not None and not problem:
        problem = _shown_problem(game, scenario.dealer, hands, shown)
    if problem:
        result.failures = [f"{path}: {problem}"]
        return result
    try:
        table = Table(
            game,
            dealer=scenario.dealer,
            hands=hands,
            wall=wall,
            shown=shown,
            round=scenario.round,
            streak=scenario.streak,
            carried=scenario.carried,
        )
    except ValueError as error:  # a deal the game cannot make (a wild to turn from no wall)
        result.failures = [f"{path}: the deal cannot be made: {error}"]
        return result
    result.table = table
    for number, line in enumerate(scenario.actions, start=1):
        seat_text, _, label = line.partition(":")
        seat = _seat_number(game, seat_text)
        if seat is None:
            why = _seat_text_problem(game, line, scenario.dealer)
            result.failures.append(f"actions[{number - 1}]: {why}")
            return result
        try:
            table.apply(label.strip(), seat=seat)
        except IllegalAction as error:
            result.failures.append(f"actions[{number - 1}] “{line}”: {error}")
            return result
    problem = _shape_problem(table, scenario)
    if problem:
        result.failures = [f"{path}: {problem}"]
        return result
    result.failures = Verdict(table, scenario, lang).failures()
    result.passed = not result.failures
    return result
