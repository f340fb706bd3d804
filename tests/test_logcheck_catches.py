"""Each invariant of the independent log checker (tests/logcheck) catches the mistake it is
about: a log that passes, broken on purpose (the ways to break it: broken_logs.py), fails
that invariant. Short logs played by random bots, and golden scenarios' hands written as
logs."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import broken_logs as broken
import pytest
from logcheck import INVARIANTS, check_hands, check_log, play_log
from logcheck.logfile import read_log
from tablerules.interpreter.scenarios import run_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "golden" / "scenarios"


def _hands_of(path: Path) -> tuple[dict, list]:
    header, hands = read_log(path)
    return header, list(hands)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, list]]:
    """Short logs of both games, random bots (they pass, decline and claim the most)."""
    folder = tmp_path_factory.mktemp("logs")
    found = {}
    games = (
        ("paohuzi", 60),
        ("paomazai", 200),
        ("variants/paohuzi-changde", 60),
        ("sichuan", 40),
        ("hongzhong", 30),
        ("taiwan", 30),
        ("changsha", 60),
        ("guangdong", 40),
    )
    for name, hands in games:
        log = folder / f"{name.replace('/', '-')}.jsonl"
        play_log(ROOT / "rules" / f"{name}.rules", log, hands, "random", seed=11)
        found[name] = _hands_of(log)
    # 翻鬼 (GD-4): a ghost chosen by a tile turned up at the deal
    log = folder / "guangdong-turned.jsonl"
    play_log(
        ROOT / "rules" / "guangdong.rules", log, 20, "random", seed=11, options={"翻鬼": "true"}
    )
    found["guangdong 翻鬼"] = _hands_of(log)
    # greedy bots win where random ones seldom do: hands that go on after a win (SC-7)
    log = folder / "sichuan-greedy.jsonl"
    play_log(ROOT / "rules" / "sichuan.rules", log, 10, "greedy", seed=11)
    found["sichuan greedy"] = _hands_of(log)
    return found


def _records(hand) -> broken.Records:
    return [record for _, record in hand.records]


def _broken(header: dict, hands: list, name: str, mutate: broken.Mutation) -> int:
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


MUTATIONS: dict[str, tuple[str, broken.Mutation]] = {
    "a-winner-takes-no-further-part": ("sichuan greedy", broken.draw_after_leaving),
    "play-goes-on-after-a-win": ("sichuan greedy", broken.drop_leaving),
    "drawn-hand-payments-follow-their-rules": ("sichuan", broken.pay_at_drawn_hand("查大叫")),
    "drawn-hand-kong-money-back": ("hongzhong", broken.pay_at_drawn_hand("黃莊黃槓")),
    "exchange-passes-n-of-one-suit": ("sichuan", broken.pass_two),
    "declared-suit-discarded-first": ("sichuan", broken.discard_out_of_order),
    "no-pong-or-kong-of-the-declared-suit": ("sichuan", broken.pong_the_declared_suit),
    "money-sums-to-zero": ("paomazai", broken.pay_more),
    "discards-are-held": ("paomazai", broken.discard_unheld),
    "claims-leave-a-discard": ("paohuzi", broken.drop_discard_after_claim),
    "offered-wins-are-wins": ("paomazai", broken.offer_a_win),
    "kan-is-locked": ("paohuzi", broken.discard_from_kan),
    "forced-moves-happen": ("paohuzi", broken.drop_forced),
    "dealt-ti-before-first-discard": ("paohuzi", broken.keep_dealt_ti),
    "chou-pai-after-a-real-pass": ("paohuzi", broken.drop_restriction("臭牌")),
    "visibility": ("paohuzi", broken.show_unseen_draw),
    "guo-shui-after-a-declined-win": ("paomazai", broken.drop_restriction("過水")),
    "huang-fan-pays": ("variants/paohuzi-changde", broken.pay_more),
    "wilds-never-discarded": ("hongzhong", broken.discard_a_wild),
    "wilds-never-claimed": ("hongzhong", broken.pong_a_wild),
    "flowers-are-never-kept": ("taiwan", broken.keep_a_flower),
    "dead-wall-is-never-drawn": ("taiwan", broken.draw_the_dead_wall),
    "only-the-nearest-winner": ("taiwan", broken.a_farther_winner),
    "shown-wins-on-the-deal": ("changsha", broken.show_another_win),
    "small-win-has-a-2-5-8-pair": ("changsha", broken.offer_a_win_late),
    "haidi-offered-in-turn": ("changsha", broken.draw_the_last_tile_untaken),
    "bonus-read-against-the-winner": ("guangdong", broken.turn_another_horse),
    "turned-ghost-follows-the-order": ("guangdong 翻鬼", broken.make_another_ghost),
    "added-kongs-add-a-held-tile": ("paomazai", broken.add_a_tile_not_just_drawn),
    "xing-counts-copies": ("variants/paohuzi-changde", broken.count_another_xing),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_an_invariant_catches_a_log_broken_on_purpose(logs: dict, name: str) -> None:
    game, mutate = MUTATIONS[name]
    header, hands = logs[game]
    assert check_hands(header, hands, [name]).ok  # the log as played passes
    assert _broken(header, hands, name, mutate) > 0


def test_a_win_paid_without_the_doubling_of_drawn_hands_is_caught(logs: dict) -> None:
    """CD-6: a hand whose line says it was dealt after a drawn hand (荒 1) must be paid
    twice what the same win is worth after a win."""
    header, hands = logs["variants/paohuzi-changde"]
    won = [h for h in hands if any(r["type"] == "pay" for r in _records(h))]
    assert won and check_hands(header, won, ["huang-fan-pays"]).ok
    doubled = []
    for hand in won:
        hand = copy.deepcopy(hand)
        first = json.loads(hand.lines[0])
        first["carried"] = {"荒": first["carried"]["荒"] + 1}
        hand.lines[0] = json.dumps(first, ensure_ascii=False)
        doubled.append(hand)
    found = check_hands(header, doubled, ["huang-fan-pays"]).counts()["huang-fan-pays"]
    deal_wins = sum(
        1 for h in won if any(r["type"] == "win" and r["context"] == "deal" for r in _records(h))
    )
    assert found == len(won) - deal_wins > 0


# ── golden scenarios' hands, broken ───────────────────────────────────


def _take_back_the_win_offered(records: broken.Records) -> None:
    """破跑胡 (PHZ-17): with the win taken out of the window that offered it, a forced 跑
    completes a hand that was not offered 胡."""
    window = next(r for r in records if r["type"] == "window" and "胡" in r["offered"][0][1])
    window["offered"][0][1].remove("胡")


def _count_one_wait_more(records: broken.Records) -> None:
    """TW-6's 平胡: a 嵌張 win on one wait, its waits counted once more; the checker counts
    them again and finds the difference."""
    win = next(r for r in records if r["type"] == "win")
    assert win["waits"] == 1
    win["waits"] = 2


def _take_out_the_pattern(pattern: str) -> Callable[[broken.Records], None]:
    """槓上炮 and 海底炮 (SC-9, CS-4, CS-8): with `pattern` taken out of the win, the checker
    sees the discard it was made on."""

    def mutate(records: broken.Records) -> None:
        win = next(r for r in records if r["type"] == "win")
        assert pattern in [p["name"] for p in win["patterns"]]
        win["patterns"] = [p for p in win["patterns"] if p["name"] != pattern]

    return mutate


def _name_shuahou(records: broken.Records) -> None:
    """耍猴 (CD-3, P2-10) named on a win whose 坎 stays in hand: four cards held."""
    win = next(r for r in records if r["type"] == "win")
    assert "耍猴" not in [p["name"] for p in win["patterns"]]
    shuahou = {"name": "耍猴", "count": 1, "limit": False, "excluded_by": None}
    win["patterns"] = [*win["patterns"], shuahou]


SCENARIO_CASES = [
    (
        "paohuzi/pao_hu_declined_for_the_forced_pao_is_chou_hu.json",
        "forced-group-wins-offered",
        _take_back_the_win_offered,
    ),
    (
        "taiwan/ping_hu_not_on_a_single_wait.json",
        "ping-hu-has-several-waits",
        _count_one_wait_more,
    ),
    (
        "changsha/gang_shang_pao_the_kongs_maker_pays.json",
        "gang-shang-pao-and-hai-di-pao",
        _take_out_the_pattern("槓上炮"),
    ),
    (
        "changsha/haidi_shown_and_won_on_its_taker_pays.json",
        "gang-shang-pao-and-hai-di-pao",
        _take_out_the_pattern("海底炮"),
    ),
    (
        "sichuan/win_on_a_discard_the_discarder_pays_the_worth.json",
        "gang-shang-pao-and-hai-di-pao",
        _take_out_the_pattern("海底炮"),
    ),
    (
        "changde/shuahou_single_card_paired.json",
        "shuahou-one-card-held",
        _take_out_the_pattern("耍猴"),
    ),
    (
        "changde/kan_in_hand_is_no_shuahou.json",
        "shuahou-one-card-held",
        _name_shuahou,
    ),
]
# the rule file of a scenario folder named otherwise (`rules/FOLDER.rules` by default)
SCENARIO_RULES = {"changde": "rules/variants/paohuzi-changde.rules"}


def _write_log(path: Path, header: dict, records: broken.Records) -> None:
    lines = [json.dumps(header), json.dumps({"type": "hand", "index": 1, "seed": 0, "dealer": 0})]
    lines += [json.dumps(record) for record in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("scenario", "name", "mutate"),
    SCENARIO_CASES,
    ids=[scenario.removesuffix(".json") for scenario, _, _ in SCENARIO_CASES],
)
def test_a_golden_scenario_passes_and_its_hand_broken_is_caught(
    tmp_path: Path, scenario: str, name: str, mutate: Callable[[broken.Records], None]
) -> None:
    """The scenario's hand written as a log passes invariant `name`; broken as `mutate`
    says, it fails it once."""
    table = run_scenario(SCENARIOS / scenario).table
    assert table is not None
    game = scenario.split("/")[0]
    rules = SCENARIO_RULES.get(game, f"rules/{game}.rules")
    header = {"type": "header", "rules": rules, "options": {}}
    records = json.loads(json.dumps(table.events))
    log = tmp_path / "scenario.jsonl"
    _write_log(log, header, records)
    assert check_log(str(log), [name]).ok
    mutate(records)
    _write_log(log, header, records)
    report = check_log(str(log), [name])
    assert report.counts()[name] == 1, report.summary()


# ── every invariant is shown to catch something ──────────────────────

# Shown to catch what they are about in tests/test_invariants_at_scale.py.
FLOW_AND_REPRODUCTION = {
    "cards-are-conserved",
    "no-stuck-decision",
    "replay-reproduces",
    "same-seed-same-log",
}


def test_every_invariant_is_shown_to_catch_something() -> None:
    shown_in_scenarios = {name for _, name, _ in SCENARIO_CASES}
    shown_elsewhere = {"kaigang-shown-and-locked", "tian-hu-on-the-dealt-hand"}
    assert set(INVARIANTS) == {
        *MUTATIONS,
        *shown_in_scenarios,
        *shown_elsewhere,
        *FLOW_AND_REPRODUCTION,
    }


def test_a_win_on_the_dealt_hand_is_checked(tmp_path: Path) -> None:
    """天胡 (CS-4) from its golden scenario: the logged hand passes the Changsha invariants;
    with 天胡 taken out of the win, or the dealt tile shown to the others, it is caught."""
    scenario = "changsha/tianhu_the_dealers_win_on_its_dealt_fourteen.json"
    table = run_scenario(ROOT / "tests/golden/scenarios" / scenario).table
    assert table is not None
    header = {"type": "header", "rules": "rules/changsha.rules", "options": {}}
    records = json.loads(json.dumps(table.events))
    lines = [json.dumps(header), json.dumps({"type": "hand", "index": 1, "seed": 0, "dealer": 0})]
    log = tmp_path / "scenario.jsonl"
    names = [
        "tian-hu-on-the-dealt-hand",
        "small-win-has-a-2-5-8-pair",
        "shown-wins-on-the-deal",
        "offered-wins-are-wins",
        "money-sums-to-zero",
    ]

    def checked(changed: list[dict]) -> dict[str, int]:
        text = [*lines, *(json.dumps(record) for record in changed)]
        log.write_text("\n".join(text) + "\n", encoding="utf-8")
        return check_log(str(log), names).counts()

    assert not any(checked(records).values())
    name = "tian-hu-on-the-dealt-hand"
    untold = copy.deepcopy(records)
    win = next(r for r in untold if r["type"] == "win")
    win["patterns"] = [p for p in win["patterns"] if p["name"] != "天胡"]
    assert checked(untold)[name] == 1
    shown = copy.deepcopy(records)
    window = next(r for r in shown if r["type"] == "window")
    del window["hidden"]
    assert checked(shown)[name] == 1


def test_a_turn_passed_after_a_draw_onto_locked_cards_is_no_violation(logs: dict) -> None:
    """A seat whose cards are all locked in groups that are never split passes its turn
    after its own draw (docs/language.md, "Never split"); after a move it chose, never."""
    from logcheck.checks.every_game import ClaimsLeaveADiscard
    from logcheck.games import profile_for

    header, _ = logs["paomazai"]
    check = ClaimsLeaveADiscard(profile_for(header))
    passes = {"type": "turn passes", "seat": 0, "why": "nothing to discard"}
    check.before_watched({"type": "draw", "seat": 0, "card": "E"}, None, 1)  # type: ignore[arg-type]
    check.before_turn_passes(passes, None, 2)  # type: ignore[arg-type]
    assert check.failures == []
    check.before_turn_passes({**passes, "seat": 1}, None, 3)  # type: ignore[arg-type]
    assert [line for line, _ in check.failures] == [3]
