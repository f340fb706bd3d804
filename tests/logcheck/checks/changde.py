"""Invariants of 常德跑胡子 (RULES.md CD): what each seat pays for a win, worked out again
from the log — 囤 from the win's 胡息 (CD-2), the red cards counted in the winning split
(CD-3's 紅胡), and 黃番, the doubling for each drawn hand in a row before the hand, read
from the hand's line (CD-6) — and 耍猴 named exactly when the winner held one card, paired
by the winning card, with a 跑 or 提 on its table (CD-3, P2-10)."""

from __future__ import annotations

import json
from typing import ClassVar

from logcheck.games import Paohuzi, Profile
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Hand, Record
from logcheck.tracker import Tracker

RED = set("二七十貳柒拾")  # PHZ-1: the red words, small and big


def split_words(split: str) -> str:
    """The words inside the groups of a winning split as the log writes it
    (`坎[七七七](3)  ...`), one after another."""
    return "".join(part.split("]")[0] for part in split.split("[")[1:])


def red_cards(split: str) -> int:
    """The red cards of a winning split as the log writes it."""
    return sum(1 for word in split_words(split) if word in RED)


class ChangdeWorth(Invariant):
    """What both payments of a 常德跑胡子 win share: each of the two others pays a number
    of 囤 or of 醒 copies × 名堂 × the 紅胡 step × 2 ^ the drawn hands in a row before the
    hand × the stake (CD-3, CD-5, CD-6); `needs_huang`: a hand line silent on 荒 fails."""

    games = (Paohuzi,)
    needs_huang: ClassVar[bool] = False

    @classmethod
    def applies_to(cls, profile: Profile) -> bool:
        return isinstance(profile, Paohuzi) and profile.name.startswith("paohuzi-changde")

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.doubled = 0  # drawn hands in a row before this hand
        self.stake = int(profile.options.get("base_stake", 1))

    def begin(self, header: Record, hand: Hand) -> None:
        carried = json.loads(hand.lines[0]).get("carried")
        said = isinstance(carried, dict) and "荒" in carried
        self.doubled = int(carried["荒"]) if said else 0
        if self.needs_huang and not said:
            self.fail("the hand line says nothing of 荒 (drawn hands in a row)", 1)

    def multiple(self, event: Record) -> int:
        """名堂 × the 紅胡 step × 2 ^ 荒 × the stake, for a win event."""
        reds = red_cards(str(event.get("split", "")))
        step = reds - 8 if reds >= 10 else 1
        scores = event.get("scores") or {}
        mingtang = int(scores.get("名堂", {}).get("value", 1))  # 紅胡 counts ×1 in it
        return mingtang * step * 2**self.doubled * self.stake


@invariant
class HuangFanPays(ChangdeWorth):
    name = "huang-fan-pays"
    summary = (
        "each of the two others pays 囤 (⌊(胡息 − 15) / 3⌋ + 1, +1 on one's own draw) × 名堂 × "
        "the 紅胡 step × 2 ^ the drawn hands in a row before the hand × the stake "
        "(CD-2, CD-3, CD-5, CD-6)"
    )
    needs_huang = True

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.due: tuple[int, int, int] | None = None  # winner, amount, line of the win
        self.paid: list[int] = []

    def after_win(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["context"] == "deal":
            return  # a 天胡 on the deal lists its 提 and 坎 only, not every card it holds
        value = int(event["value"])
        tun = max((value - 15) // 3 + 1, 1)
        if event["context"] == "draw" and event["owner"] == event["seat"]:
            tun += 1  # CD-2: a self-draw adds 1 囤
        self.due = (event["seat"], tun * self.multiple(event), line)

    def after_pay(self, event: Record, tracker: Tracker, line: int) -> None:
        if self.due is None or event.get("clause") != "settle win":
            return
        winner, amount, at = self.due
        if event["payee"] != winner or event["amount"] != amount:
            self.fail(
                f"seat {event['payer']} pays seat {event['payee']} {event['amount']}; the win at"
                f" line {at} (荒 {self.doubled}) is worth {amount} from each other seat",
                line,
            )
        self.paid.append(event["payer"])

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if self.due is None or result is None:
            return
        winner = self.due[0]
        others = sorted(seat for seat in range(3) if seat != winner)
        if sorted(self.paid) != others:
            self.fail(f"seats {sorted(self.paid)} paid the win, not the two others {others}", line)


@invariant
class XingCountsCopies(ChangdeWorth):
    name = "xing-counts-copies"
    summary = (
        "醒: the card turned after a win (the winning card when the stock is empty) hits once "
        "for each copy in the winner's groups, and each of the two others pays 1 囤 × 名堂 × "
        "the 紅胡 step × 2 ^ 荒 × the stake per copy (CD-4, P2-10)"
    )

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.split: str | None = None
        self.per_copy = 0
        self.hits = 0
        self.names = {card: name for name, card in profile.names.items()}

    def after_win(self, event: Record, tracker: Tracker, line: int) -> None:
        self.split = None if event["context"] == "deal" else str(event.get("split", ""))
        self.per_copy = self.multiple(event)

    def after_bonus(self, event: Record, tracker: Tracker, line: int) -> None:
        if self.split is None:
            return  # a 天胡 on the deal lists its 提 and 坎 only, not every card it holds
        turned = list(event["cards"])
        if event.get("read"):
            turned.append(event["read"])  # 跟醒: the winning card read for the empty stock
        inside = split_words(self.split)
        self.hits = sum(inside.count(self.names.get(card, card)) for card in turned)
        if event["hits"] != self.hits:
            self.fail(
                f"醒 {turned}: {event['hits']} hits, and the winner's groups hold {self.hits}",
                line,
            )

    def after_pay(self, event: Record, tracker: Tracker, line: int) -> None:
        if event.get("clause") != "bonus 醒" or self.split is None:
            return
        if event["amount"] != self.hits * self.per_copy:
            self.fail(
                f"seat {event['payer']} pays {event['amount']} for {self.hits} 醒, not "
                f"{self.hits} × {self.per_copy}",
                line,
            )


@invariant
class ShuahouHoldsOneCard(Invariant):
    name = "shuahou-one-card-held"
    summary = (
        "耍猴 (單釣, ×8) is named on a win exactly when the winner held one card before the "
        "winning card (no 坎 left in hand), the winning card pairs it, and a 跑 or 提 lies "
        "on its table (CD-3, P2-10)"
    )
    games = (Paohuzi,)

    @classmethod
    def applies_to(cls, profile: Profile) -> bool:
        return isinstance(profile, Paohuzi) and profile.name.startswith("paohuzi-changde")

    def before_win(self, event: Record, tracker: Tracker, line: int) -> None:
        seat, card, context = event["seat"], event.get("card"), event["context"]
        hand = tracker.hand_for_win(seat, context, event.get("owner", seat), card)
        kinds = {kind for kind, _ in tracker.seats[seat].table}
        single = card is not None and sum(hand.values()) == 1 and hand[card] == 1
        due = context != "deal" and single and bool(kinds & {"跑", "提"})
        named = any(
            p["name"] == "耍猴" and not p.get("excluded_by") for p in event.get("patterns", [])
        )
        if named != due:
            held = " ".join(sorted(hand.elements())) or "nothing"
            self.fail(
                f"seat {seat} wins on {card} holding {held}, table {sorted(kinds)}: 耍猴 "
                + ("named, and it is not one" if named else "is due, and not named"),
                line,
            )
