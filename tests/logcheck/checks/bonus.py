"""Invariants of bonus cards read against the winner, worked out again from the cards each
winner turned and the winner's seat, as the documents state them: 廣東's horses (GD-10:
a tile points at a seat counted from the winner; each horse at the winner makes every seat
that paid the win pay its amount once more) and 紅中癩子's birds (HZ-7: each 1, 5, 9 or
紅中 is a hit, each payer pays 2 底 more per hit; P2-7: a robbed kong's robbed seat alone)."""

from __future__ import annotations

from collections import Counter

from logcheck.games import Guangdong, Hongzhong, Profile
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker

# GD-10: the seat a horse points at, counted from the winner (0 the winner, 1 the next seat,
# 2 across, 3 the seat before).
GD_HORSE_SEAT = {
    **{f"{rank}{suit}": (rank - 1) % 4 for rank in range(1, 10) for suit in "mps"},
    "E": 0,
    "S": 1,
    "W": 2,
    "N": 3,
    "C": 0,
    "F": 1,
    "P": 2,
}
HZ_BIRDS = frozenset({*(f"{r}{s}" for r in (1, 5, 9) for s in "mps"), "C"})  # HZ-7


@invariant
class BonusReadAgainstTheWinner(Invariant):
    name = "bonus-read-against-the-winner"
    summary = (
        "each bonus card's hit is read again from the card and the winner's seat, and each "
        "bonus payment from the hits: 買馬 (GD-10, P2-3), 抓鳥 (HZ-7, P2-7)"
    )
    games = (Guangdong, Hongzhong)

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.paid: dict[int, Counter[int]] = {}  # winner -> what each seat paid for the win
        self.hits: dict[int, tuple[int, list[int]]] = {}  # winner -> (hits, hits per seat)
        self.context: dict[int, str] = {}
        self.seats = 4

    def after_deal(self, event: Record, tracker: Tracker, line: int) -> None:
        self.seats = len(event["hands"])

    def after_win(self, event: Record, tracker: Tracker, line: int) -> None:
        self.paid[event["seat"]] = Counter()
        self.context[event["seat"]] = event["context"]

    def after_pay(self, event: Record, tracker: Tracker, line: int) -> None:
        winner, clause = event["payee"], str(event.get("clause", ""))
        if clause.startswith("settle ") and winner in self.paid:
            self.paid[winner][event["payer"]] += event["amount"]
        elif clause.startswith("bonus "):
            self._check_pay(event, winner, line)

    def after_bonus(self, event: Record, tracker: Tracker, line: int) -> None:
        winner, cards = event["seat"], event["cards"]
        if isinstance(self.profile, Guangdong):
            at = [(winner + GD_HORSE_SEAT[card]) % self.seats for card in cards]
            hits = sum(seat == winner for seat in at)
            per_seat = [at.count(seat) for seat in range(self.seats)]
            if event.get("seat_hits") != per_seat:
                self.fail(f"horses {cards} of seat {winner} point at {per_seat}", line)
        else:
            hits = sum(card in HZ_BIRDS for card in cards)
            per_seat = [0] * self.seats
        if event["hits"] != hits:
            self.fail(f"{cards} turned by seat {winner}: {event['hits']} hits, not {hits}", line)
        self.hits[winner] = (hits, per_seat)

    def _check_pay(self, event: Record, winner: int, line: int) -> None:
        hits, _ = self.hits.get(winner, (0, []))
        paid = self.paid.get(winner, Counter())
        payer = event["payer"]
        if isinstance(self.profile, Guangdong):
            expected = paid[payer] * hits  # each horse at the winner: the win's amount again
        else:
            stake = int(self.profile.options.get("底", 1))
            expected = 2 * stake * hits  # P2-7: a robbed kong's robbed seat alone paid the win
        if event["amount"] != expected or paid[payer] == 0:
            self.fail(
                f"seat {payer} pays {event['amount']} for seat {winner}'s {hits} hits, having"
                f" paid {paid[payer]} for the win: {expected} was due",
                line,
            )
