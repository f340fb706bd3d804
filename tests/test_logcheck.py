"""The independent log checker (tests/logcheck) over thousands of seeded hands of every
bundled rule file and variant, with both bots: every invariant holds. And each invariant
catches the mistake it is about, shown on a log broken on purpose.

The long runs are parametrized per rule file and bot so that pytest-xdist spreads them
over the cores. Random bots play 2,000 hands of each file in every run; greedy bots, whose
every choice weighs the whole hand (up to 140 ms a hand of 跑胡子 for three), play 2,000
hands of each under `-m slow` (`make logcheck`) and a sample of 100 otherwise, to keep the
suite's time. `python -m logcheck
--play RULES --hands N --bots KIND` runs the same outside pytest.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from logcheck import INVARIANTS, check_hands, check_log
from logcheck.logfile import read_log
from logcheck.play import play_log
from tablerules.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
RULE_FILES = [  # every bundled rule file and variant (the checker must know its game)
    *sorted((ROOT / "rules").glob("*.rules")),
    *sorted((ROOT / "rules" / "variants").glob("*.rules")),
]
IDS = [path.stem for path in RULE_FILES]
HANDS = 2000
GREEDY_SAMPLE = 100
SEED = 7_000


def _played_and_checked(rules: Path, bots: str, hands: int, folder: Path) -> None:
    log = folder / "play.jsonl"
    play_log(rules, log, hands, bots, seed=SEED)
    report = check_log(str(log))
    assert report.hands == hands
    assert report.ok, report.summary(examples=5)


@pytest.mark.parametrize(
    "bots",
    ["random", pytest.param("greedy", marks=pytest.mark.slow)],
)
@pytest.mark.parametrize("rules", RULE_FILES, ids=IDS)
def test_every_invariant_holds_over_2000_hands(rules: Path, bots: str, tmp_path: Path) -> None:
    _played_and_checked(rules, bots, HANDS, tmp_path)


@pytest.mark.parametrize("rules", RULE_FILES, ids=IDS)
def test_every_invariant_holds_over_a_sample_of_greedy_hands(rules: Path, tmp_path: Path) -> None:
    _played_and_checked(rules, "greedy", GREEDY_SAMPLE, tmp_path)


@pytest.mark.parametrize("rules", RULE_FILES[:3], ids=IDS[:3])
def test_the_checked_logs_are_the_logs_tablerules_play_writes(
    rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "play.jsonl"
    play_log(rules, ours, 6, "greedy", seed=SEED)
    argv = ["play", str(rules), "--seed", str(SEED), "--hands", "6", "--bots", "greedy"]
    assert main([*argv, "--quiet", "--log", str(theirs)]) == 0
    capsys.readouterr()
    assert ours.read_text(encoding="utf-8") == theirs.read_text(encoding="utf-8")


# ── each invariant catches its mistake ─────────────────────────────────
Records = list[dict]
Mutation = Callable[[Records], bool]  # breaks a hand's records in place; False: nothing to break


def _hands_of(path: Path) -> tuple[dict, list]:
    header, hands = read_log(path)
    return header, list(hands)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, list]]:
    """Short logs of both games, random bots (they pass, decline and claim the most)."""
    folder = tmp_path_factory.mktemp("logs")
    found = {}
    for name, hands in (("paohuzi", 60), ("paomazai", 200)):
        log = folder / f"{name}.jsonl"
        play_log(ROOT / "rules" / f"{name}.rules", log, hands, "random", seed=11)
        found[name] = _hands_of(log)
    return found


def _records(hand) -> Records:
    return [record for _, record in hand.records]


def _index(records: Records, wanted: Callable[[dict], bool], start: int = 0) -> int | None:
    return next((i for i in range(start, len(records)) if wanted(records[i])), None)


def _tracker_at(header: dict, records: Records, stop: int):
    """The logcheck tracker after the records before `stop`."""
    from logcheck.games import profile_for
    from logcheck.tracker import Tracker

    tracker = Tracker(profile_for(header))
    for record in records[:stop]:
        tracker.apply(record)
    return tracker


def _broken(header: dict, hands: list, name: str, mutate: Callable) -> int:
    """Violations of invariant `name` once `mutate` has broken every hand it can."""
    changed = []
    for hand in hands:
        hand = copy.deepcopy(hand)
        records = _records(hand)
        if mutate(header, records):
            hand.records = list(enumerate(records, start=hand.line + 1))
            changed.append(hand)
    assert changed, f"no hand to break for {name}"
    return check_hands(header, changed, [name]).counts()[name]


def _pay_more(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "pay")
    if at is None:
        return False
    records[at]["amount"] += 1
    return True


def _discard_unheld(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "discard")
    if at is None:
        return False
    held = _tracker_at(header, records, at).seats[records[at]["seat"]].hand
    missing = next(card for card in sorted(_all_cards(records)) if held[card] == 0)
    records[at]["card"] = missing
    return True


def _all_cards(records: Records) -> set[str]:
    return {card for hand in records[0]["hands"] for card in hand}


def _drop_discard_after_claim(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "action" and record["action"] in ("吃", "碰"):
            following = _index(records, lambda r: r["type"] == "discard", at)
            if following is not None:
                del records[following]
                return True
    return False


def _offer_a_win(header: dict, records: Records) -> bool:
    for record in records:
        if record["type"] == "window" and record.get("card"):
            for entry in record["offered"]:
                if "胡" not in entry[1]:
                    entry[1].insert(0, "胡")
                    return True
    return False


def _discard_from_kan(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "discard":
            held = _tracker_at(header, records, at).seats[record["seat"]].hand
            kan = [card for card, count in held.items() if count == 3]
            if kan:
                record["card"] = kan[0]
                return True
    return False


def _drop_forced(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "action" and r.get("forced") and r.get("card"))
    if at is None:
        return False
    del records[at]
    return True


def _keep_dealt_ti(header: dict, records: Records) -> bool:
    at = _index(
        records, lambda r: r["type"] == "action" and r["action"] == "提" and not r.get("card")
    )
    if at is None:
        return False
    del records[at]
    return True


def _drop_restriction(restriction: str) -> Callable:
    def mutate(header: dict, records: Records) -> bool:
        at = _index(
            records, lambda r: r["type"] == "restricted" and r["restriction"] == restriction
        )
        if at is None:
            return False
        del records[at]
        return True

    return mutate


def _show_unseen_draw(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "draw" and not r.get("shown"))
    if at is None:
        return False
    records[at]["shown"] = True
    return True


MUTATIONS: dict[str, tuple[str, Callable]] = {
    "money-sums-to-zero": ("paomazai", _pay_more),
    "discards-are-held": ("paomazai", _discard_unheld),
    "claims-leave-a-discard": ("paohuzi", _drop_discard_after_claim),
    "offered-wins-are-wins": ("paomazai", _offer_a_win),
    "kan-is-locked": ("paohuzi", _discard_from_kan),
    "forced-moves-happen": ("paohuzi", _drop_forced),
    "dealt-ti-before-first-discard": ("paohuzi", _keep_dealt_ti),
    "chou-pai-after-a-real-pass": ("paohuzi", _drop_restriction("臭牌")),
    "visibility": ("paohuzi", _show_unseen_draw),
    "guo-shui-after-a-declined-win": ("paomazai", _drop_restriction("過水")),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_an_invariant_catches_a_log_broken_on_purpose(logs: dict, name: str) -> None:
    game, mutate = MUTATIONS[name]
    header, hands = logs[game]
    assert check_hands(header, hands, [name]).ok  # the log as played passes
    assert _broken(header, hands, name, mutate) > 0


def test_every_invariant_is_shown_to_catch_something() -> None:
    assert set(INVARIANTS) == {*MUTATIONS, "forced-group-wins-offered"}


def test_a_win_not_offered_on_a_forced_pao_is_caught(tmp_path: Path) -> None:
    """破跑胡 (PHZ-17) from a golden scenario's hand: with the win taken out of the window
    that offered it, the checker sees a forced 跑 complete a hand that was not offered 胡."""
    from tablerules.interpreter.scenarios import run_scenario

    scenario = (
        ROOT / "tests/golden/scenarios/paohuzi/pao_hu_declined_for_the_forced_pao_is_chou_hu.json"
    )
    table = run_scenario(scenario).table
    assert table is not None
    header = {"type": "header", "rules": "rules/paohuzi.rules", "options": {}}
    records = json.loads(json.dumps(table.events))
    lines = [json.dumps(header), json.dumps({"type": "hand", "index": 1, "seed": 0, "dealer": 0})]
    lines += [json.dumps(record) for record in records]
    log = tmp_path / "scenario.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    name = "forced-group-wins-offered"
    assert check_log(str(log), [name]).ok
    window = next(r for r in records if r["type"] == "window" and "胡" in r["offered"][0][1])
    window["offered"][0][1].remove("胡")
    lines[2:] = [json.dumps(record) for record in records]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = check_log(str(log), [name])
    assert report.counts()[name] == 1, report.summary()
