"""The short fuzzing budget of the suite: Hypothesis writes rule files from the grammar and
mutates real rule files, hands and logs; rule files with scoring are played, simulated and
evaluated; scenario files and checkpoints are altered; a small campaign of the fuzz runner
goes through every target; and each adversarial file at the limits gives what it should.
The newer targets are shown to catch what they are for: a checkpoint resumed without its
checks, a CSV cell a spreadsheet runs. `make fuzz` runs the long campaign
(docs/reliability.md has its last result)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tablerules.cli.simulate_output as simulate_output  # noqa: E402
from tablerules.interpreter.api import check, load_game  # noqa: E402
from tablerules.interpreter.engine import Table  # noqa: E402
from tablerules.interpreter.engine.state import Payment, TableGroupState  # noqa: E402
from tablerules.interpreter.simulate import checkpoint  # noqa: E402
from tablerules.interpreter.simulate.tally import Tally  # noqa: E402

from fuzz import output_checks, output_targets, play_targets  # noqa: E402
from fuzz.adversarial import ADVERSARIAL, VALID  # noqa: E402
from fuzz.checkpoints import CONFIGS, forged, genuine  # noqa: E402
from fuzz.corpus import corpus  # noqa: E402
from fuzz.grammar import derive  # noqa: E402
from fuzz.harness import RULES_PATH, Finding, run_cli  # noqa: E402
from fuzz.inputs import INPUTS  # noqa: E402
from fuzz.mutate import damage_bytes, mutate  # noqa: E402
from fuzz.rigs import rigged_table, winning_deal  # noqa: E402
from fuzz.run import TARGET_NAMES, campaign  # noqa: E402
from fuzz.score_oracle import check_scores  # noqa: E402
from fuzz.scoring import scaled_pebbles, scoring_file  # noqa: E402
from fuzz.targets import TARGETS  # noqa: E402

FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
OUTCOMES = {"ok", "refused", "limit"}


class DrawnChooser:
    """Grammar choices drawn from Hypothesis, which can then shrink a failing file."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choose(self, count: int) -> int:
        return self.data.draw(st.integers(0, count - 1)) if count > 1 else 0


@FUZZ
@given(st.data())
def test_rule_files_written_from_the_grammar(data: st.DataObject) -> None:
    seeds = corpus()
    text = derive(DrawnChooser(data), seeds.words, ['"a title"', '"名"'], depth=10)
    assert TARGETS["rules"](text.encode("utf-8", "surrogatepass"), 1) in OUTCOMES


@FUZZ
@given(st.sampled_from(sorted(corpus().rules)), st.randoms(use_true_random=False), st.booleans())
def test_mutated_rule_files(name: str, rng: random.Random, damaged: bool) -> None:
    seeds = corpus()
    data = mutate(seeds.rules[name], rng, seeds.words, list(seeds.rules.values())).encode(
        "utf-8", "surrogatepass"
    )
    if damaged:
        data = damage_bytes(data, rng)
    assert TARGETS["rules"](data, rng.randrange(1000)) in OUTCOMES


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["notation", "hands", "replay"]), st.integers(0, 10**9))
def test_mutated_cards_hands_and_logs(target: str, index: int) -> None:
    data = INPUTS[target](index, 7)
    assert TARGETS[target](data, index) in OUTCOMES


def test_a_short_campaign_finds_nothing() -> None:
    summary = campaign(200, seed=11, jobs=1)
    assert summary["inputs"] == 200
    assert summary["findings"] == 0, summary["finding_details"]
    assert summary["over_time_limit"] == 0
    assert all(row["inputs"] for row in summary["targets"].values())


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_files_at_the_limits(name: str, tmp_path: Path) -> None:
    text, bases = ADVERSARIAL[name]()
    for base, base_text in bases.items():
        (tmp_path / base).write_text(base_text, encoding="utf-8")
    checked = check(tmp_path / "top.rules", text=text)
    for diagnostic in checked.diagnostics:
        assert diagnostic.line >= 1 and diagnostic.column >= 1
    if name in VALID:  # the limits reached, yet a valid game
        assert checked.ok, [d.render() for d in checked.errors]
    else:
        assert checked.errors


NEWER_TARGETS = {"play": 12, "scenarios": 40, "checkpoints": 30, "outputs": 8, "api": 200}


@pytest.mark.parametrize("target", list(NEWER_TARGETS))
def test_the_newer_targets_find_nothing_on_their_first_inputs(target: str) -> None:
    outcomes = [
        TARGETS[target](INPUTS[target](index, 3), index) for index in range(NEWER_TARGETS[target])
    ]
    assert set(outcomes) <= OUTCOMES
    assert "ok" in outcomes  # the inputs reach the work, not only the refusals


def test_every_target_is_in_the_campaign() -> None:
    assert set(TARGET_NAMES) == set(TARGETS) == set(INPUTS)


def test_scoring_files_check_and_hold_every_scoring_construct() -> None:
    texts = [scoring_file(random.Random(seed)) for seed in range(80)]
    checked = [check(RULES_PATH, text=text).ok for text in texts[:30]]
    # each construct is at times written wrong on purpose (E104, E110, E111): most still check
    assert sum(checked) >= 22, "most generated files must check, to be played"
    joined = "\n".join(texts)
    constructs = ("limit", "max(", "min(", "per hit", "worth ×", "  when ", "where ", "carry ")
    newer = ("a winner leaves the hand", "payer is dealer", "payer seat", "at drawn hand")
    newer += ("go back", "cards in hand")
    for construct in (*constructs, *newer):
        assert construct in joined, construct
    assert "never split" in joined and "score " in joined and "excludes" in joined
    assert "each payer pays" in joined and "payer hit" in joined, "bonuses read against winners"


@pytest.mark.parametrize("seed", [0, 3, 4])
def test_a_rigged_deal_is_won_and_settled_at_play_time(seed: int) -> None:
    """The deal the `play` target rigs for scaled Pebbles: the dealer wins on the first
    draw, and the engine settles the win."""
    rng = random.Random(seed)
    text = scaled_pebbles(rng)
    game = check(RULES_PATH, text=text).game
    assert game is not None and game.compiled.rules.win is not None
    rig = winning_deal(game, rng)
    assert rig is not None
    table = rigged_table(game, rig)
    assert table is not None
    play_targets.finish(game, table, "greedy", seed)
    assert table.state.winners == [0]
    assert table.totals()[0] > 0


PHASED = """extends "pebbles-play.rules"

phase swap [FZ-1] {
  each seat passes 1 cards of one colour to previous
}

phase name [FZ-1] {
  each seat declares one colour, shown
}
"""


def test_a_first_draw_win_is_judged_on_the_hand_the_phases_leave(monkeypatch) -> None:
    """A file with an exchange before play: the dealer's first draw completes the hand
    the exchange leaves, not the one dealt (judging the dealt hand was a false finding)."""
    game = check(RULES_PATH, text=PHASED).game
    assert game is not None and game.compiled.rules.phases
    judged: list[tuple[list[int], int | None]] = []
    evaluate = game.evaluate

    def spy(hand, table=None, win_card=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        judged.append((sorted(hand), win_card))
        return evaluate(hand, table, win_card, *args, **kwargs)

    monkeypatch.setattr(game, "evaluate", spy)
    tables = [play_targets._first_draw_win(game, random.Random(s), True) for s in range(8)]
    played = [t for t in tables if t is not None and not t.finished]
    assert played and len(judged) == len(played)
    for table, (hand, card) in zip(played, judged, strict=True):
        dealer = table.waiting_for()[0]
        held = table.state.seats[dealer].hand
        assert hand == [c for c, n in enumerate(held) for _ in range(n)]
        assert card == table.state.decision.offer.card
    # a win the evaluator saw and the engine did not offer is still a finding there
    won = type("Won", (), {"wins": True})()
    monkeypatch.setattr(game, "evaluate", lambda *a, **k: won)
    with pytest.raises(Finding, match="the engine offers no win"):
        for s in range(8):
            play_targets._first_draw_win(game, random.Random(s), True)


def test_a_table_group_the_evaluator_refuses_is_a_finding() -> None:
    game = load_game("paomazai")
    table = Table(game, seed=1)
    three = game.compiled.kind_index["刻"]
    east, south = game.parse("E S")
    table.state.seats[1].table.append(TableGroupState(three, [east] * 3, False, "碰"))
    play_targets.check_table_groups(game, table)  # three alike: a 刻
    table.state.seats[2].table.append(TableGroupState(three, [east, east, south], False, "碰"))
    with pytest.raises(Finding, match="the evaluator refuses"):
        play_targets.check_table_groups(game, table)


def test_a_payment_past_the_cap_is_a_finding() -> None:
    table = Table(load_game("paomazai"), seed=1)
    table.state.ledger.append(Payment(1, 0, 2**256, "fz", "settle win", ()))
    play_targets.check_amounts(table)  # the cap itself
    table.state.ledger.append(Payment(1, 0, 2**256 * 4, "fz", "bonus 馬", ()))
    with pytest.raises(Finding, match="past the cap"):
        play_targets.check_amounts(table)


def _pattern(name: str, op: str, amount: int, limit: bool = False, **more: object) -> dict:
    worth = [{"score": "fz", "op": op, "amount": amount}]
    return {"name": name, "count": 1, "worth": worth, "limit": limit, "excluded_by": None, **more}


def _split(value: int, start: int, patterns: list[dict], cap: int | None = None) -> dict:
    score = {"name": "fz", "value": value, "start": start, "cap": cap}
    return {"decompositions": [{"patterns": patterns, "scores": {"fz": score}}]}


def test_the_score_oracle_takes_the_limit_worth_most_to_the_hand() -> None:
    limits = [_pattern("ten", "add", 10, limit=True), _pattern("twenty", "times", 20, limit=True)]
    check_scores(_split(10, 0, limits))  # from 0: ten alone gives 10, ×20 alone gives 0
    check_scores(_split(20, 1, limits))  # from 1: 11 and 20
    with pytest.raises(Finding, match="its patterns make 10"):
        check_scores(_split(0, 0, limits))


def test_the_score_oracle_counts_what_holds_and_is_not_excluded() -> None:
    patterns = [
        _pattern("three", "add", 3),
        _pattern("twice", "times", 2, count=3),
        _pattern("gone", "add", 100, excluded_by="three"),
    ]
    check_scores(_split(24, 0, patterns))  # (0 + 3) × 2³
    check_scores(_split(16, 0, patterns, cap=16))
    with pytest.raises(Finding):
        check_scores(_split(124, 0, patterns))


def _trusting_load(path: str | Path, plan: object) -> checkpoint.Progress | None:
    """A checkpoint reader that believes what the file says (as one did before it was
    checked): its shards and its sums. No file is no progress, as for the real reader."""
    if not Path(path).exists():
        return None
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return checkpoint.Progress(set(data["done"]), Tally.from_json(data["tally"]))


def test_the_checkpoint_target_catches_a_resume_that_trusts_the_file(monkeypatch) -> None:
    data = json.loads(genuine(0)[2])  # two shards of three done
    data["done"] = data["done"][:1]  # one of them forgotten, its hands still counted
    forgery = json.dumps(forged(data)).encode()
    assert TARGETS["checkpoints"](forgery, 0) == "refused"
    monkeypatch.setattr(checkpoint, "load", _trusting_load)
    with pytest.raises(Finding, match="of 30 hands"):
        TARGETS["checkpoints"](forgery, 0)


@pytest.mark.parametrize("spelling", [0, 1, 2])  # by name, absolute path, relative path
def test_a_genuine_checkpoint_resumes_to_the_whole_run(spelling: int) -> None:
    count = len(CONFIGS)
    for index in range(count):
        for text in genuine(index):
            assert TARGETS["checkpoints"](text.encode(), index + count * spelling) == "ok"


def test_the_outputs_target_catches_a_formula_cell(monkeypatch, tmp_path: Path) -> None:
    rules = tmp_path / "labels.rules"
    rules.write_text(
        'extends "paomazai"\n'
        + "".join(
            f'override action {name} "kong" [PMZ-8] {{\n{body}{FORMULA_PAYS}}}\n'
            for name, body in KONGS.items()
        ),
        encoding="utf-8",
    )
    output_targets.check_simulation_outputs(rules, 40, 1, "random", False)
    monkeypatch.setattr(simulate_output, "spreadsheet_cell", lambda cell: cell)
    with pytest.raises(Finding, match="formula"):
        output_targets.check_simulation_outputs(rules, 40, 1, "random", False)


FORMULA_PAYS = '  pays: each other pays 1 "=1+1"\n'
KONGS = {
    "開槓": "  on discard by others: the card and 3 alike from hand\n  makes 槓\n"
    "  priority 2\n  then replacement\n",
    "暗槓": "  on turn by self: 4 alike from hand\n  makes 槓 concealed\n  then replacement\n",
}


@pytest.mark.parametrize(
    "cell, formula",
    [("=1+1", True), ("@sum", True), ("+cmd", True), ("-x", True), ("-2.5", False), ("'=1", False)],
)
def test_a_csv_cell_read_as_a_formula_is_a_finding(cell: str, formula: bool) -> None:
    text = f"name,value\n{cell},1\n"
    if formula:
        with pytest.raises(Finding):
            output_checks.check_csv(text)
    else:
        output_checks.check_csv(text)


def test_the_commands_check_a_file_written_again_at_the_same_path(tmp_path: Path) -> None:
    """The fuzz harness remembers checked files for speed, in every test of its process:
    a file written again at the same path must be checked again, not answered from memory."""
    rules = tmp_path / "v.rules"
    rules.write_text('extends "nowhere.txt"\n', encoding="utf-8")
    assert run_cli("check", str(rules)).status == 1
    rules.write_text('extends "paomazai"\n', encoding="utf-8")
    assert run_cli("check", str(rules)).status == 0
