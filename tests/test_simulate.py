"""The simulation layer: per-index seeds and dealers, exact sums that merge in any order,
the same statistics for any number of processes and after a resumed interruption, the
estimates and their intervals, and common random numbers for comparisons."""

from __future__ import annotations

import itertools
import json
import math
import statistics
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.players import GreedyBot, play_hand
from tablerules.interpreter.simulate import (
    CheckpointError,
    Plan,
    Shard,
    Simulation,
    Tally,
    Where,
    hand_dealer,
    hand_seed,
    rows,
    side_for,
)
from tablerules.interpreter.simulate.estimate import mean_estimate, rate_estimate
from tablerules.interpreter.simulate.observe import observe
from tablerules.interpreter.simulate.plan import MAX_HANDS
from tablerules.interpreter.simulate.report import value_bins
from tablerules.interpreter.simulate.runner import KEPT_GAMES, Stopped, game_of, run_shard

ROOT = Path(__file__).resolve().parent.parent
TWO_HORSES = ROOT / "rules" / "variants" / "paomazai-two-horses.rules"


def plan_of(game: Game, hands: int, seed: int = 5, shard_size: int = 10) -> Plan:
    return Plan((side_for("pmz", game, "greedy"),), seed, hands, shard_size)


def fingerprint(tally: Tally) -> str:
    return json.dumps(tally.to_json(), sort_keys=True)


@pytest.fixture(scope="module")
def reference(pmz: Game) -> tuple[Plan, Tally]:
    """40 hands on one process: what every other way of running must reproduce."""
    plan = plan_of(pmz, 40)
    return plan, Simulation(plan).run(Where(jobs=1))


def test_hand_seeds_and_dealers_depend_only_on_seed_and_index() -> None:
    assert hand_seed(1, 7) == hand_seed(1, 7)
    assert len({hand_seed(1, i) for i in range(1000)}) == 1000
    assert hand_seed(1, 1) != hand_seed(2, 0)  # nearby seeds share no hands
    assert [hand_dealer(i, 4) for i in range(6)] == [0, 1, 2, 3, 0, 1]


def test_shards_cover_every_hand_once(pmz: Game) -> None:
    plan = plan_of(pmz, 95)
    covered = [i for shard in plan.shards() for i in range(shard.start, shard.stop)]
    assert covered == list(range(95))
    assert Plan(plan.sides, 1, 10**6).shard_size == 250  # fixed by N, never by workers


def test_every_core_gives_the_same_statistics(pmz: Game, reference: tuple[Plan, Tally]) -> None:
    plan, tally = reference
    assert tally.hands == 40
    pooled = Simulation(plan).run(Where(jobs=2))
    assert fingerprint(pooled) == fingerprint(tally)


def test_an_interrupted_run_resumes_to_the_same_statistics(
    tmp_path: Path, reference: tuple[Plan, Tally]
) -> None:
    plan, tally = reference
    path = tmp_path / "run.json"
    done: list[int] = []
    first = Simulation(plan, path)
    partial = first.run(Where(jobs=1), stop=lambda: len(done) >= 2, on_progress=done.append)
    assert 0 < partial.hands < plan.hands and path.exists()
    again = Simulation(plan, path)
    assert again.resumed == partial.hands
    assert fingerprint(again.run(Where(jobs=1))) == fingerprint(tally)
    other = plan_of(load_game(TWO_HORSES), 40)
    with pytest.raises(CheckpointError, match="another simulation"):
        Simulation(other, path)


def test_a_stop_is_heeded_between_two_moves_of_a_hand(pmz: Game) -> None:
    """A budget (the playground's) or Ctrl-C is asked before every move, so one slow hand
    cannot outlast it; the hand cut short is not counted."""
    plan = plan_of(pmz, 10, shard_size=1)  # a shard of one hand
    asked = 0

    def after_five() -> bool:
        nonlocal asked
        asked += 1
        return asked > 5

    with pytest.raises(Stopped):  # inside the hand, which takes dozens of moves
        run_shard(plan, plan.shards()[0], after_five)
    assert asked == 6
    stopped = Simulation(plan).run(Where(jobs=1), stop=lambda: True)
    assert stopped.hands == 0


def test_a_process_keeps_its_last_few_compiled_games(pmz: Game) -> None:
    """A long-lived process (a server) simulating many texts does not keep every game."""
    lineups = list(itertools.product(("greedy", "random"), repeat=4))[: KEPT_GAMES + 1]
    sides = [side_for("pmz", pmz, lineup) for lineup in lineups]
    first = game_of(sides[0])
    assert game_of(sides[0]) is first  # kept while it is among the last used
    for side in sides[1:]:
        game_of(side)
    assert game_of(sides[0]) is not first  # built again after KEPT_GAMES others


def test_a_hand_is_observed_from_its_events(pmz: Game) -> None:
    seed = hand_seed(3, 1)
    table = play_hand(pmz, [GreedyBot(seed * 4 + s) for s in range(4)], seed, dealer=2)
    seen = observe(table.events, 4).values
    totals = table.totals()
    for seat in range(4):
        position = (seat - 2) % 4
        assert seen.get(("seat", "money", seat), 0) == totals[seat]
        assert seen.get(("position", "money", position), 0) == totals[seat]
        won = seat in table.state.winners
        assert seen.get(("seat", "win", seat), 0) == int(won)
    assert seen[("hand", "winners")] == len(table.state.winners)
    labels = {line.label for line in table.state.ledger}
    for label in labels:
        paid = sum(line.amount for line in table.state.ledger if line.label == label)
        assert seen[("money", label)] == paid
    discards = sum(e["type"] == "discard" for e in table.events)
    assert seen[("hand", "moves")] >= discards


def test_rows_carry_rule_ids_and_intervals(reference: tuple[Plan, Tally], phz: Game) -> None:
    plan, tally = reference
    found = {row.name: row for row in rows(plan, tally)}
    money = [found[f"seat {s}: money per hand"].values[0] for s in range(4)]
    assert all(m is not None for m in money)
    assert sum(m.mean for m in money if m is not None) == pytest.approx(0)  # no fee: zero-sum
    win = found["seat 0: win rate"]
    assert win.cites and all(c.startswith("PMZ-") for c in win.cites)
    assert win.values[0] is not None and win.values[0].low <= win.values[0].mean
    assert found["drawn-hand rate"].measure == "rate"
    assert any(name.startswith("action · action ") for name in found)
    assert not any(r.measure == "share of wins" for r in found.values())  # wins have no value
    valued = Plan((side_for("phz", phz, "greedy"),), 5, 10, 10)
    shown = rows(valued, Simulation(valued).run(Where(jobs=1)))
    shares = [r.values[0] for r in shown if r.measure == "share of wins"]
    assert sum(s.mean for s in shares if s is not None) == pytest.approx(1)


def test_mean_interval_matches_the_textbook() -> None:
    values = [3, -1, 4, 1, -5, 9, 2, 6]
    estimate = mean_estimate(len(values), sum(values), sum(v * v for v in values))
    sd = statistics.stdev(values)
    assert estimate.mean == pytest.approx(statistics.mean(values))
    assert estimate.sd == pytest.approx(sd)
    assert estimate.half_width == pytest.approx(1.959964 * sd / math.sqrt(8), rel=1e-6)
    assert math.isnan(mean_estimate(1, 5, 25).low)


def test_rate_interval_is_wilsons() -> None:
    estimate = rate_estimate(100, 10)  # the Wilson interval of 10/100: [0.0552, 0.1744]
    assert (round(estimate.low, 4), round(estimate.high, 4)) == (0.0552, 0.1744)
    assert rate_estimate(50, 0).low == 0 and rate_estimate(50, 0).high > 0


def test_value_bins_group_long_distributions() -> None:
    assert value_bins([0, 2, 5]) == [(0, 0), (2, 2), (5, 5)]
    bins = value_bins(list(range(10, 70, 2)))
    assert len(bins) <= 12 and bins[0][0] == 10 and bins[-1][1] == 68


def test_a_file_compared_with_itself_differs_in_nothing(pmz: Game) -> None:
    side = side_for("pmz", pmz, "greedy")
    plan = Plan((side, side), 9, 20, 10)
    tally = Simulation(plan).run(Where(jobs=1))
    for row in rows(plan, tally):
        assert row.difference is not None
        assert row.difference.mean == 0 and not row.significant


def test_common_random_numbers_show_what_a_variant_changes(pmz: Game) -> None:
    """Two horses instead of one: the same deals, so everything before the bonus draw is
    identical and the horse money differs significantly even over few hands."""
    two = load_game(TWO_HORSES)
    plan = Plan((side_for("one", pmz, "greedy"), side_for("two", two, "greedy")), 2, 160)
    tally = Simulation(plan).run(Where(jobs=2))
    found = {row.name: row for row in rows(plan, tally)}
    win = found["seat 0: win rate"]
    assert win.difference is not None and win.difference.mean == 0
    assert win.difference.half_width == 0  # the same wins, hand by hand
    hits = next(r for name, r in found.items() if name.startswith("hits of bonus"))
    assert hits.significant and hits.difference is not None and hits.difference.mean < 0


def test_named_patterns_and_scores_come_from_the_win_event() -> None:
    """A win event's patterns count unless another excluded them; each score is a per-win
    value with its distribution, like the hand's value."""
    events = [
        {"seq": 0, "type": "deal", "dealer": 1},
        {
            "seq": 1,
            "type": "win",
            "seat": 2,
            "owner": 2,
            "context": "draw",
            "value": 3,
            "clause": "action W",
            "cites": ["R-1"],
            "patterns": [
                {"name": "P", "cites": ["R-7"], "count": 1, "excluded_by": None},
                {"name": "Q", "cites": ["R-8"], "count": 1, "excluded_by": "P"},
            ],
            "scores": {"S": {"name": "S", "value": 4}},
        },
        {"seq": 2, "type": "end", "winners": [2], "totals": [-5, -5, 15, -5]},
    ]
    seen = observe(events, 4)
    assert seen.values[("pattern", "P")] == 1 and ("pattern", "Q") not in seen.values
    assert seen.cites[("pattern", "P")] == {"R-7"}
    assert seen.samples[("score", "S")] == [4] and seen.histograms[("score", "S")] == [4]
    assert seen.values[("seat", "self-draw", 2)] == 1
    assert seen.values[("position", "win", 1)] == 1  # seat 2 is one after dealer 1


# ── planning a simulation of any size ────────────────────────────────


def test_the_shards_of_a_huge_simulation_are_planned_lazily(pmz: Game) -> None:
    """`--hands 99999999999` built every shard up front and ran out of memory: the plan
    hands out shards as they are asked for."""
    import tracemalloc

    plan = Plan((side_for("pmz", pmz, "greedy"),), 1, MAX_HANDS)
    tracemalloc.start()
    try:
        shards = plan.shards()
        last = shards[len(shards) - 1]
        stopped = Simulation(plan).run(Where(jobs=1), stop=lambda: True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(shards) == -(-MAX_HANDS // plan.shard_size)
    assert last.stop == MAX_HANDS and shards[0].start == 0
    assert stopped.hands == 0
    assert peak < 2_000_000  # a list of every shard takes tens of megabytes


def test_a_pool_is_handed_a_few_shards_at_a_time(pmz: Game) -> None:
    """The pool's workers get shards as they finish others, so a long simulation never
    queues all of its shards at once."""
    from tablerules.interpreter.simulate.executors import run_pool

    plan = plan_of(pmz, 400, shard_size=5)
    handed: list[int] = []

    def counted() -> Iterator[Shard]:
        for shard in plan.shards():
            handed.append(shard.index)
            yield shard

    finished = run_pool(plan, counted(), 2, lambda: False)
    try:
        next(finished)
        assert len(handed) <= 2 * 2 + 2  # the window ahead, and the one handed on
    finally:
        finished.close()


def test_ray_tasks_are_submitted_a_few_at_a_time(
    pmz: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same window for Ray tasks (a stand-in for Ray runs each task as it is asked)."""
    import types

    from tablerules.interpreter.simulate import executors

    submitted: list[int] = []

    class Ref:
        def __init__(self, shard: Shard) -> None:
            self.result = executors._ray_shard(plan, shard)

    def remote(function: Any) -> Any:
        def submit(_plan: Any, shard: Shard) -> Ref:
            submitted.append(shard.index)
            return Ref(shard)

        return types.SimpleNamespace(remote=submit)

    fake = types.SimpleNamespace(
        is_initialized=lambda: True,
        remote=remote,
        put=lambda value: value,
        get=lambda ref: ref.result,
        cancel=lambda ref, force: None,
        wait=lambda refs, num_returns, timeout: (refs[:num_returns], refs[num_returns:]),
        cluster_resources=lambda: {"CPU": 2.0},
    )
    monkeypatch.setitem(sys.modules, "ray", fake)
    plan = plan_of(pmz, 30, shard_size=1)
    tally = Tally.empty(1)
    seen = 0
    for _shard, part in executors.run_ray(plan, iter(plan.shards()), None, lambda: False, 2):
        seen += 1
        assert len(submitted) - seen <= 2 * 2  # never more than the window waiting
        tally.merge(part)
    assert seen == 30 and sorted(submitted) == list(range(30))
    assert fingerprint(tally) == fingerprint(Simulation(plan).run(Where(jobs=1)))


# ── checkpoints: this very simulation's progress, or refused ─────────


@pytest.fixture(scope="module")
def interrupted(pmz: Game, tmp_path_factory: pytest.TempPathFactory) -> tuple[Plan, dict[str, Any]]:
    """A checkpoint of 20 of 40 hands (shards of 10), as the file holds it."""
    plan = plan_of(pmz, 40)
    path = tmp_path_factory.mktemp("checkpoint") / "run.json"
    done: list[int] = []
    Simulation(plan, path).run(Where(jobs=1), stop=lambda: len(done) >= 2, on_progress=done.append)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["tally"]["sides"][0]["hands"] == 20
    return plan, data


def _shorter_done(data: dict[str, Any]) -> None:
    data["done"] = data["done"][:1]


def _bools_for_shards(data: dict[str, Any]) -> None:
    data["done"] = [True, False]


def _twice_the_same_shard(data: dict[str, Any]) -> None:
    data["done"] = [0, 0]


def _forged_money(data: dict[str, Any]) -> None:
    for entry in data["tally"]["sides"][0]["sums"]:
        if entry[0][0] == "money":
            entry[1] += 10
            entry[2] += 10**6  # sums some hands could have: only the digest tells


def _every_shard_with_half_the_sums(data: dict[str, Any]) -> None:
    data["done"] = [0, 1, 2, 3]


def _enormous_sums(data: dict[str, Any]) -> None:
    for entry in data["tally"]["sides"][0]["sums"]:
        entry[1] = 10**400
        entry[2] = 10**800


def _no_digest(data: dict[str, Any]) -> None:
    del data["digest"]


@pytest.mark.parametrize(
    "tamper",
    [
        _shorter_done,
        _bools_for_shards,
        _twice_the_same_shard,
        _forged_money,
        _every_shard_with_half_the_sums,
        _enormous_sums,
        _no_digest,
    ],
)
def test_a_tampered_checkpoint_is_refused_in_one_line(
    interrupted: tuple[Plan, dict[str, Any]], tmp_path: Path, tamper: Callable[[dict], None]
) -> None:
    """Each of these was resumed: 850 of 600 hands "complete", booleans read as shard
    numbers, forged money used, a run that never ends, an OverflowError."""
    plan, saved = interrupted
    data = json.loads(json.dumps(saved))
    tamper(data)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CheckpointError) as refused:
        Simulation(plan, path)
    message = str(refused.value)
    assert message.startswith(str(path)) and "\n" not in message


def test_a_checkpoint_whose_counts_disagree_is_refused_even_with_its_digest(
    interrupted: tuple[Plan, dict[str, Any]], tmp_path: Path
) -> None:
    """The structure is checked on its own: a file whose digest was made again over
    inconsistent content (every shard done, the sums of half) is still refused."""
    from tablerules.interpreter.simulate.checkpoint import digest

    plan, saved = interrupted
    for tamper in (_every_shard_with_half_the_sums, _bools_for_shards, _twice_the_same_shard):
        data = json.loads(json.dumps(saved))
        tamper(data)
        data["digest"] = digest(data)
        path = tmp_path / "run.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(CheckpointError):
            Simulation(plan, path)


def _an_escape_in_a_rows_name(data: dict[str, Any]) -> None:
    data["tally"]["sides"][0]["sums"].append([["money", "\x1b[2J"], 5, 25])


def _a_bidi_override_in_a_rows_name(data: dict[str, Any]) -> None:
    data["tally"]["sides"][0]["sums"].append([["money", "\u202eepyt"], 5, 25])


def _an_escape_in_rule_ids(data: dict[str, Any]) -> None:
    for row in data["tally"]["sides"][0]["cites"]:
        row[1] = ["\x1b[31mPMZ-1"]


@pytest.mark.parametrize(
    "tamper", [_an_escape_in_a_rows_name, _a_bidi_override_in_a_rows_name, _an_escape_in_rule_ids]
)
def test_a_checkpoint_whose_words_would_drive_the_terminal_is_refused(
    interrupted: tuple[Plan, dict[str, Any]], tmp_path: Path, tamper: Callable[[dict], None]
) -> None:
    """No rule file names a row or a rule so (E007); a file whose digest was made again
    over such words was resumed, and its report printed the escape sequences raw."""
    from tablerules.interpreter.simulate.checkpoint import digest

    plan, saved = interrupted
    data = json.loads(json.dumps(saved))
    tamper(data)
    data["digest"] = digest(data)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CheckpointError, match="control characters"):
        Simulation(plan, path)


def test_a_checkpoint_follows_the_simulation_not_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same rules read by another path (from another folder, or as a copy) are the
    same simulation: the checkpoint identifies the rules by their content."""
    copy = tmp_path / "elsewhere" / "pmz.rules"
    copy.parent.mkdir()
    copy.write_text((ROOT / "rules" / "paomazai.rules").read_text(encoding="utf-8"), "utf-8")
    path = tmp_path / "run.json"
    monkeypatch.chdir(ROOT)
    here = Plan((side_for("paomazai.rules", load_game("rules/paomazai.rules"), "greedy"),), 2, 20)
    Simulation(here, path).run(Where(jobs=1), stop=lambda: False)
    monkeypatch.chdir(copy.parent)
    there = Plan((side_for("pmz.rules", load_game("pmz.rules"), "greedy"),), 2, 20)
    assert Simulation(there, path).resumed == 20
    other_seed = Plan(there.sides, 3, 20)
    with pytest.raises(CheckpointError, match="another simulation"):
        Simulation(other_seed, path)


# ── statistics of any size ───────────────────────────────────────────


def test_statistics_of_enormous_amounts_do_not_overflow(pmz: Game) -> None:
    """Amounts near the cap of 2^256 (and sums far beyond a float) gave OverflowError."""
    plan = plan_of(pmz, 2)
    tally = Tally.empty(1)
    huge = 2**256
    for amount in (huge, -(huge // 3)):
        tally.sides[0].add(observe([{"seq": 0, "type": "deal", "dealer": 0}], 4))
        tally.sides[0].sums.setdefault(("money", "L"), [0, 0])
        entry = tally.sides[0].sums[("money", "L")]
        entry[0] += amount * 10**300
        entry[1] += (amount * 10**300) ** 2
    found = {row.name: row for row in rows(plan, tally)}
    money = found["L: money per hand"].values[0]
    assert money is not None
    assert money.mean > 0 and not math.isnan(money.mean)
    json.dumps([row.to_json() for row in rows(plan, tally)], allow_nan=False)
    assert mean_estimate(2, 2**256, 2**513).mean == pytest.approx(2.0**255)


def test_the_phases_before_play_are_counted_value_by_value() -> None:
    """Sichuan's exchange and declaration: every seat declares one suit, so the seats
    declaring each suit add up to the seats; a declaring seat's win is counted under what
    it declared; the exchange's direction is a share of the hands."""
    game = load_game("sichuan", options={"drawn_direction": "true"})
    seen_directions: set[str] = set()
    for index in range(1, 7):
        seed = hand_seed(11, index)
        table = play_hand(game, [GreedyBot(seed * 4 + s) for s in range(4)], seed, dealer=0)
        (declaration,) = [e for e in table.events if e["type"] == "declaration"]
        (exchange,) = [e for e in table.events if e["type"] == "exchange"]
        seen = observe(table.events, 4).values
        clause = declaration["clause"]
        declared = {k[3]: v for k, v in seen.items() if k[:3] == ("phase", clause, "declared")}
        assert sum(declared.values()) == 4
        for value in set(declaration["values"]):
            winners = [
                s for s, v in enumerate(declaration["values"]) if v == value
                and s in table.state.winners
            ]  # fmt: skip
            assert seen.get(("phase", clause, "won after declaring", value), 0) == len(winners)
        direction = ("phase", exchange["clause"], "direction", exchange["direction"])
        assert seen[direction] == 1
        seen_directions.add(exchange["direction"])
    assert len(seen_directions) > 1  # the option draws the direction hand by hand
    plan = Plan((side_for("sichuan", game, "greedy"),), 3, 6, 6)
    shown = {row.name: row for row in rows(plan, Simulation(plan).run(Where(jobs=1)))}
    passed = [row for name, row in shown.items() if ": passed to " in name]
    assert passed and all(row.section == "per phase" and row.cites for row in passed)
    assert sum(row.values[0].mean for row in passed if row.values[0]) == pytest.approx(1)
