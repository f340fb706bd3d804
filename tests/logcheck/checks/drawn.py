"""Invariants of the money paid at a drawn hand, recomputed from the log: 查花豬 and 查大叫
(SC-11, SC-12, P2-5) with 退稅 (SC-13), and 黃莊黃槓 (HZ-9). Which seats are 花豬 and which
are ready is worked out here from the tracker's hands, tables and declarations, with the
game's own win test; kong money handed back is matched against the kong payments logged."""

from __future__ import annotations

from collections import Counter

from logcheck.games import MJ_SUITS, Hongzhong, Sichuan, suit_of
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker

SC_KONGS = ("直槓", "補槓", "暗槓")  # SC-8
HZ_KONGS = ("明槓", "補槓", "暗槓")  # HZ-8
TILES = tuple(f"{rank}{suit}" for suit in MJ_SUITS for rank in range(1, 10))


def _payment(record: Record) -> tuple[int, int, int]:
    return int(record["payer"]), int(record["payee"]), int(record["amount"])


class DrawnMoney(Invariant):
    """Collects the payments before and after the drawn hand; `end` judges them."""

    kongs: tuple[str, ...] = ()

    def __init__(self, profile: object) -> None:
        super().__init__(profile)  # type: ignore[arg-type]
        self.drawn_at: int | None = None
        self.before: list[Record] = []
        self.after: list[Record] = []

    def before_pay(self, event: Record, tracker: Tracker, line: int) -> None:
        (self.before if self.drawn_at is None else self.after).append(event)

    def before_drawn_hand(self, event: Record, tracker: Tracker, line: int) -> None:
        self.drawn_at = line
        self.seen(tracker)

    def seen(self, tracker: Tracker) -> None:
        """What the hands are at the drawn hand (for a subclass that needs it)."""

    def kong_money(self, received_by: set[int] | None = None) -> Counter[tuple[int, int, int]]:
        """The kong payments of the hand, each as (payer, payee, amount), but those already
        passed on (呼叫轉移 hands a kong's money to a 槓上炮's winner: it is not handed back
        a second time)."""
        found: Counter[tuple[int, int, int]] = Counter()
        passed_on = {r["of"] for r in self.before if r.get("of") is not None}
        for record in self.before:
            if record.get("label") in self.kongs and record.get("seq") not in passed_on:
                payer, payee, amount = _payment(record)
                if received_by is None or payee in received_by:
                    found[(payer, payee, amount)] += 1
        return found

    @staticmethod
    def reversed_of(records: list[Record]) -> Counter[tuple[int, int, int]]:
        found: Counter[tuple[int, int, int]] = Counter()
        for record in records:
            payer, payee, amount = _payment(record)
            found[(payee, payer, amount)] += 1
        return found


@invariant
class YellowHandKongsBack(DrawnMoney):
    name = "drawn-hand-kong-money-back"
    summary = (
        "at a drawn hand every kong payment of the hand goes back to the seat that paid it, "
        "once, and nothing else is paid (黃莊黃槓, HZ-9)"
    )
    games = (Hongzhong,)
    kongs = HZ_KONGS

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if self.drawn_at is None:
            if any(r.get("label") == "黃莊黃槓" for r in self.before):
                self.fail("kong money handed back in a hand that was won", line)
            return
        back = [r for r in self.after if r.get("label") == "黃莊黃槓"]
        if len(back) != len(self.after):
            self.fail(f"{len(self.after) - len(back)} other payments at a drawn hand", line)
        if self.reversed_of(back) != self.kong_money():
            self.fail(
                f"kong money {dict(self.kong_money())} handed back as "
                f"{dict(self.reversed_of(back))}",
                line,
            )


@invariant
class SichuanDrawnSettlement(DrawnMoney):
    name = "drawn-hand-payments-follow-their-rules"
    summary = (
        "at a drawn hand each 花豬 still playing (all three suits, table melds counted) pays "
        "each other seat that is not one 底 × 2^cap, a seat that has won and left included; "
        "each seat still playing neither 花豬 nor ready pays each ready seat still playing a "
        "capped worth 底 × 2^番; each seat that paid hands back every kong payment it received "
        "and did not pass on by 呼叫轉移, once; nothing else is paid (SC-11, SC-12, SC-13, "
        "SC-14, P2-5)"
    )
    games = (Sichuan,)
    kongs = SC_KONGS

    def __init__(self, profile: object) -> None:
        super().__init__(profile)
        options = getattr(profile, "options", {}) or {}
        self.stake = int(options.get("底", 1))
        self.cap = int(options.get("cap", 3))
        self.pigs: set[int] = set()
        self.ready: set[int] = set()
        self.left: set[int] = set()  # the seats that won and left the hand (SC-7)
        self.seats = 0

    def seen(self, tracker: Tracker) -> None:
        self.seats = len(tracker.seats)
        self.left = set(tracker.left)
        for index, seat in enumerate(tracker.seats):
            if index in self.left:  # won and left the hand (SC-7): neither pays nor is paid
                continue  # as a 花豬 or a ready seat; a winner is still paid by a 花豬
            tiles = Counter(seat.hand)
            for _, group in seat.table:
                tiles.update(group)
            suits = {suit_of(tile) for tile, n in tiles.items() if n > 0}
            if len(suits) == 3:
                self.pigs.add(index)
                continue  # a 花豬 holds its declared suit: it is never ready (SC-4)
            void = seat.declared.get("suit")
            if void in suits:
                continue
            for tile in TILES:
                if tiles[tile] >= 4 or suit_of(tile) == void:
                    continue
                if self.profile.wins(seat.hand, seat.table, tile, "discard"):
                    self.ready.add(index)
                    break

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if self.drawn_at is None:
            return
        labels = Counter(str(r.get("label")) for r in self.after)
        if set(labels) - {"查花豬", "查大叫", "退稅"}:
            self.fail(f"payments at a drawn hand other than the rules': {dict(labels)}", line)
        seats = range(self.seats)
        pig_pays = {
            (p, q, self.stake * 2**self.cap)
            for p in self.pigs
            for q in seats
            if q not in self.pigs and q != p
        }
        pig = Counter(_payment(r) for r in self.after if r.get("label") == "查花豬")
        if set(pig) != pig_pays or any(n != 1 for n in pig.values()):
            self.fail(f"查花豬 paid {dict(pig)}, not {sorted(pig_pays)}", line)
        playing = [s for s in seats if s not in self.left]
        not_ready = [s for s in playing if s not in self.pigs and s not in self.ready]
        call = [_payment(r) for r in self.after if r.get("label") == "查大叫"]
        pairs = Counter((payer, payee) for payer, payee, _ in call)
        expected = {(p, q) for p in not_ready for q in self.ready}
        if set(pairs) != expected or any(n != 1 for n in pairs.values()):
            self.fail(f"查大叫 paid between {sorted(pairs)}, not {sorted(expected)}", line)
        worths = {self.stake * 2**k for k in range(self.cap + 1)}
        for payer, payee, amount in call:
            if amount not in worths:
                self.fail(f"查大叫 of {amount} from {payer} to {payee}: no capped worth", line)
        paying = {_payment(r)[0] for r in self.after if r.get("label") in ("查花豬", "查大叫")}
        back = [r for r in self.after if r.get("label") == "退稅"]
        if self.reversed_of(back) != self.kong_money(paying):
            self.fail(
                f"退稅 handed back {dict(self.reversed_of(back))}, not the kong money "
                f"{dict(self.kong_money(paying))} of the seats that paid",
                line,
            )
