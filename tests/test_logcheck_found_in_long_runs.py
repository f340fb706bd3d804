"""Mistakes of the log checker that `make logcheck`'s 2,000-hand runs found, never of the
engine: the tiles a 開槓 shows (CS-7) lie in the open, not in the hand; once neither wins
their owner both are discarded, and a win on them is 槓上炮, a 大胡 that needs no 2-5-8
pair (CS-4); a robbed added kong's card leaves its owner's hand in a hand that goes on
after a win (SC-7); a kong payment passed on by 呼叫轉移 is not handed back again (SC-13,
SC-14)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from logcheck import INVARIANTS, Plan, check_plan, play_hands
from logcheck.checks.sichuan import DiscardAfterKongOrLastTile
from logcheck.games import Profile, profile_for
from logcheck.tracker import SeatCards, Tracker

RULES = str(Path(__file__).resolve().parents[1] / "rules" / "changsha.rules")
# the stretch of `make logcheck`'s random-bot run whose 141st hand holds such a win offer
STRETCH = Plan(RULES, 141, "random", 8_500)
CHECK = "small-win-has-a-2-5-8-pair"


def _windows_after_shown(plan: Plan) -> list[dict]:
    """The windows that come after a 開槓's tiles are discarded, before the next draw."""
    _, hands = play_hands(plan)
    found = []
    for hand in hands:
        after_shown = False
        for line in hand.lines:
            record = json.loads(line)
            if record["type"] == "shown discarded":
                after_shown = True
            elif record["type"] == "draw":
                after_shown = False
            elif record["type"] == "window" and after_shown:
                found.append(record)
    return found


def _offers_on_shown_tiles(plan: Plan) -> list[dict]:
    """Windows on a 開槓's discarded tiles where a seat with no 2-5-8 pair may win."""
    found = []
    for record in _windows_after_shown(plan):
        if record["context"] == "discard":
            wins = [seat for seat, labels in record["offered"] if "胡" in labels]
            if wins:
                found.append(record)
    return found


def test_a_win_on_a_kongs_shown_tiles_needs_no_2_5_8_pair() -> None:
    assert _offers_on_shown_tiles(STRETCH), "the stretch no longer holds the case"
    report = check_plan(STRETCH, [CHECK])
    assert report.ok, report.summary(examples=3)


def _changsha() -> Profile:
    return profile_for({"rules": RULES, "options": {}})


def test_a_shown_tile_its_owner_also_holds_is_not_taken_from_the_hand() -> None:
    """開槓's tiles lie in the open, not in the hand: asked to win on one it also holds, the
    hand keeps its own copy (a 2,000-hand greedy run found the check dropping it)."""
    tracker = Tracker(_changsha())
    held = Counter(["6p", "7p", "8p", "1s", "2s", "3s", "4s", "5s", "6s", "8s"])
    tracker.seats = [SeatCards(hand=Counter()) for _ in range(3)] + [SeatCards(hand=held)]
    tracker.apply({"type": "replacement shown", "seat": 3, "cards": ["5m", "8s"], "left": 45})
    assert tracker.hand_for_win(3, "replacement", 3, "8s") == held


def test_a_win_on_a_kongs_discarded_tiles_counts_gang_shang_pao() -> None:
    check = DiscardAfterKongOrLastTile(_changsha())
    check.after_replacement_shown({"seat": 0, "cards": ["2s", "1m"], "left": 21}, None, 1)  # type: ignore[arg-type]
    check.after_shown_discarded({"seat": 0, "cards": ["2s", "1m"]}, None, 2)  # type: ignore[arg-type]
    win = {"seat": 2, "context": "discard", "card": "2s", "patterns": [{"name": "槓上炮"}]}
    check.before_win(win, None, 3)  # type: ignore[arg-type]
    assert check.failures == []
    check.before_win({**win, "patterns": []}, None, 4)  # type: ignore[arg-type]
    assert [line for line, _ in check.failures] == [4]


def test_the_readme_names_every_invariant() -> None:
    readme = (Path(__file__).resolve().parent / "logcheck" / "README.md").read_text("utf-8")
    assert [name for name in INVARIANTS if f"| `{name}` |" not in readme] == []


def test_a_robbed_added_kong_takes_the_card_from_its_owner() -> None:
    """In a hand that goes on after a win (血戰, SC-7), the card of a robbed added kong
    leaves its owner's hand: a 2,000-hand greedy run of 四川麻將 found the checker keeping it
    there, and then calling the owner's later win (and its drawn-hand 查大叫) wrong."""
    tracker = Tracker(profile_for({"rules": "rules/sichuan.rules", "options": {}}))
    tracker.seats = [SeatCards(hand=Counter()) for _ in range(4)]
    tracker.seats[2].hand.update(["3m", "5m", "5m", "5m"])
    tracker.apply({"type": "draw", "seat": 2, "card": "5m", "left": 41})
    tracker.apply({"type": "win", "seat": 3, "context": "added card", "owner": 2, "card": "3m"})
    assert +tracker.seats[2].hand == Counter({"5m": 4})
    assert tracker.seats[3].hand == Counter({"3m": 1})


def test_kong_money_passed_on_by_a_transfer_is_not_handed_back_again() -> None:
    """退稅 (SC-13) hands back the kong money a seat received, but not a payment it passed
    on to a 槓上炮's winner (呼叫轉移, SC-14): the file says so where RULES.md is silent, and
    the engine hands each payment on once. The checker once expected it back again."""
    from logcheck.checks.drawn import SichuanDrawnSettlement

    check = SichuanDrawnSettlement(profile_for({"rules": "rules/sichuan.rules", "options": {}}))
    kong = {"type": "pay", "seq": 40, "payer": 0, "payee": 1, "amount": 2, "label": "直槓"}
    transfer = {"type": "pay", "seq": 47, "payer": 1, "payee": 2, "amount": 2, "of": 40}
    later = {**kong, "seq": 60, "payer": 3}
    check.before = [kong, {**transfer, "label": "呼叫轉移"}, later]
    assert check.kong_money({1}) == Counter({(3, 1, 2): 1})


# the stretch of `make logcheck`'s greedy run whose 152nd hand, after a 開槓's tiles are
# discarded, offers the wall's last card in turn (CS-8)
LAST_CARD_STRETCH = Plan(RULES, 152, "greedy", 8_000)


def test_the_last_card_offered_after_a_kongs_shown_tiles_is_no_offer_on_them() -> None:
    """The window that offers the wall's last card in turn takes no tile shown by a 開槓:
    the check read it as an offer on the shown tiles, still kept since no draw came."""
    windows = _windows_after_shown(LAST_CARD_STRETCH)
    assert any(w["context"] == "last card" for w in windows), "the stretch no longer holds it"
    report = check_plan(LAST_CARD_STRETCH, ["kaigang-shown-and-locked"])
    assert report.ok, report.summary(examples=3)
