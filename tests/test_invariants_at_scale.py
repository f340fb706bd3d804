"""The invariants of a hand's flow and of reproduction (tests/logcheck/checks/flow.py and
reproduce.py) catch the mistakes they are about, on logs broken on purpose; the campaign
runner (`make invariants`) plays every plan, checks it, plays its first stretch again by the
command, and resumes where it stopped.

The invariants themselves run over every hand the log checker's own tests play
(tests/test_logcheck.py: a sample of each file in `make test`). `make test` also runs the
campaign's first 2,400 hands (a hundred of each of its 24 plans: some two minutes on two
cores); its 20,000-hand slice is `-m slow` (`make invariants-slice`): about 770 s of CPU
(some six and a half minutes on two free cores), more than the suite's budget.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from logcheck import check_hands, play_log
from logcheck.campaign import campaign_plans, rule_files, run_campaign, summary
from logcheck.checks.flow import MAX_CHOICES_BETWEEN_CARDS
from logcheck.checks.reproduce import SAME_SEED_EVERY
from logcheck.logfile import Hand, read_log
from logcheck.play import Plan

ROOT = Path(__file__).resolve().parent.parent
SEED = 31
SUITE_SLICE = 2_400  # the campaign's hands `make test` plays: a hundred for each of the 24 plans


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, list[Hand]]]:
    folder = tmp_path_factory.mktemp("logs")
    found = {}
    for name, bots in (("paohuzi", "random"), ("paomazai", "greedy")):
        log = folder / f"{name}.jsonl"
        play_log(ROOT / "rules" / f"{name}.rules", log, SAME_SEED_EVERY, bots, seed=SEED)
        header, hands = read_log(log)
        found[name] = (header, list(hands))
    return found


def _failures(header: dict, hands: list[Hand], name: str) -> int:
    return check_hands(header, hands, [name]).counts()[name]


def _break(hand: Hand, kind: str, change: Callable[[dict], None]) -> Hand:
    """The hand with the first record of `kind` changed, in its records and its lines."""
    broken = copy.deepcopy(hand)
    for position, (number, record) in enumerate(broken.records):
        if record["type"] == kind:
            change(record)
            broken.lines[number - broken.line] = json.dumps(record, ensure_ascii=False)
            broken.records[position] = (number, record)
            return broken
    raise AssertionError(f"no {kind} in hand {hand.index}")


@pytest.mark.parametrize("game", ["paohuzi", "paomazai"])
def test_the_logs_as_played_pass(logs: dict, game: str) -> None:
    header, hands = logs[game]
    for name in ("cards-are-conserved", "no-stuck-decision", "replay-reproduces"):
        assert _failures(header, hands, name) == 0, name
    assert _failures(header, hands[-1:], "same-seed-same-log") == 0


@pytest.mark.parametrize(
    "change",
    [
        lambda deal: deal["hands"][0].append(deal["hands"][0][0]),  # a card from nowhere
        lambda deal: deal.update(wall=deal["wall"] - 1),  # a card lost
    ],
    ids=["a card too many", "a card lost"],
)
def test_cards_are_conserved_catches_a_card_made_or_lost(logs: dict, change: Callable) -> None:
    header, hands = logs["paomazai"]
    assert _failures(header, [_break(hands[0], "deal", change)], "cards-are-conserved") == 1


def test_cards_are_conserved_catches_a_draw_that_takes_two(logs: dict) -> None:
    header, hands = logs["paohuzi"]
    broken = _break(hands[0], "draw", lambda draw: draw.update(left=draw["left"] - 1))
    assert _failures(header, [broken], "cards-are-conserved") == 1


def test_no_stuck_decision_catches_a_hand_that_never_ends(logs: dict) -> None:
    header, hands = logs["paohuzi"]
    stuck = copy.deepcopy(hands[0])
    stuck.result = None
    stuck.records = stuck.records[:-1]  # no end event
    assert _failures(header, [stuck], "no-stuck-decision") == 1


def test_no_stuck_decision_catches_a_choice_not_offered(logs: dict) -> None:
    header, hands = logs["paohuzi"]
    hand = next(h for h in hands if any(r["type"] == "window" for _, r in h.records))

    def choose_anything(window: dict) -> None:
        window["chosen"][0][1] = "not a choice"

    broken = _break(hand, "window", choose_anything)
    assert _failures(header, [broken], "no-stuck-decision") == 1


def test_no_stuck_decision_catches_endless_choices(logs: dict) -> None:
    header, hands = logs["paomazai"]
    endless = copy.deepcopy(hands[0])
    choice = '{"type": "choice", "seat": 0, "label": "pass"}'
    at = len(endless.lines) - 1  # before the result line: choices nobody answers
    endless.lines[at:at] = [choice] * (MAX_CHOICES_BETWEEN_CARDS + 1)
    assert _failures(header, [endless], "no-stuck-decision") == 1


def test_replay_reproduces_catches_an_event_the_engine_did_not_make(logs: dict) -> None:
    header, hands = logs["paomazai"]
    broken = _break(hands[0], "pay", lambda pay: pay.update(amount=pay["amount"] + 1))
    assert _failures(header, [broken], "replay-reproduces") == 1


def test_same_seed_same_log_catches_a_bot_that_chose_otherwise(logs: dict) -> None:
    header, hands = logs["paohuzi"]
    hand = hands[SAME_SEED_EVERY - 1]
    assert hand.index % SAME_SEED_EVERY == 0  # a hand the invariant plays again
    broken = copy.deepcopy(hand)
    at = next(i for i, line in enumerate(broken.lines) if line.startswith('{"type": "choice"'))
    record = json.loads(broken.lines[at])
    record["label"] += " otherwise"
    broken.lines[at] = json.dumps(record, ensure_ascii=False)
    assert _failures(header, [broken], "same-seed-same-log") == 1


# ── the campaign ─────────────────────────────────────────────────────


def test_a_campaign_shares_its_hands_out_over_every_file_and_both_bots() -> None:
    plans = campaign_plans(1_000_000, 0.3, seed=1)
    files = {str(path) for path in rule_files()}
    assert {plan.rules for plan in plans} == files and len(files) >= 10
    assert sum(plan.hands for plan in plans) == 1_000_000
    assert sum(plan.hands for plan in plans if plan.bots == "greedy") == 300_000
    shares = [plan.hands for plan in plans if plan.bots == "random"]
    assert max(shares) - min(shares) <= 1 and len(shares) == len(files)


def test_a_campaign_checks_every_plan_plays_it_again_and_resumes(tmp_path: Path) -> None:
    plans = [
        Plan("rules/paomazai.rules", 7, "random", SEED),
        Plan("rules/variants/paohuzi-3p.rules", 3, "greedy", SEED),
    ]
    state = tmp_path / "state.jsonl"
    tallies, figures = run_campaign(plans, jobs=2, size=4, state=str(state))
    assert figures["ok"] and figures["hands"] == 10
    assert [(t.hands, t.same_log) for t in tallies] == [(7, True), (3, True)]
    assert len(state.read_text(encoding="utf-8").splitlines()) == 3  # stretches of 4, 3, 3
    assert "every invariant holds" in summary(tallies, figures)
    again, _ = run_campaign(plans, jobs=1, size=4, state=str(state))
    assert [t.hands for t in again] == [7, 3]  # nothing played twice
    assert len(state.read_text(encoding="utf-8").splitlines()) == 3


def _slice_holds_every_invariant(hands: int) -> None:
    """The campaign's first `hands` hands: every file and variant, both bots, each plan's
    first stretch played again by the command."""
    plans = campaign_plans(hands, 0.3, seed=1)
    tallies, figures = run_campaign(plans, jobs=os.cpu_count() or 1)
    assert figures["hands"] == hands and {t.bots for t in tallies} == {"random", "greedy"}
    assert {t.rules for t in tallies} == {str(path) for path in rule_files()}
    assert figures["ok"], summary(tallies, figures)
    assert all(t.same_log for t in tallies)


def test_a_slice_of_the_campaign_holds_every_invariant() -> None:
    _slice_holds_every_invariant(SUITE_SLICE)


@pytest.mark.slow
def test_a_20000_hand_slice_of_the_campaign_holds_every_invariant() -> None:
    _slice_holds_every_invariant(20_000)
