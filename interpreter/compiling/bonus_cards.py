"""Bonus cards read against the winner, compiled once: for each bonus, the card kinds that
make a hit at each seat (seats counted from the dealer or from the winner), the card filter
that makes a hit, or the copies of each card in the winning hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.wilds import WildCards, compile_card_set

CardSetOf = Callable[[list[ir.CardSelector]], frozenset[int]]


@dataclass(frozen=True)
class BonusReading:
    """How one bonus tells its hits. `at_seat[k]` holds the kinds that point at the seat k
    places after the base seat (the dealer, or the winner when `from_winner`); `cards` the
    kinds that hit whoever won; `copies` counts each card's copies in the winning hand."""

    at_seat: tuple[frozenset[int], ...] = ()
    from_winner: bool = False
    cards: frozenset[int] | None = None
    copies: bool = False
    missing_reads_win: bool = False
    tells_seats: bool = False  # the log tells the seat each card points at (and per seat)

    def pointed(self, seat: int, winner: int, dealer: int, seats: int) -> frozenset[int]:
        """The card kinds that point at `seat`."""
        if not self.at_seat:
            return frozenset()
        base = winner if self.from_winner else dealer
        position = (seat - base) % seats
        return self.at_seat[position] if position < len(self.at_seat) else frozenset()

    def hits(
        self, drawn: Sequence[int], winner: int, dealer: int, seats: int, counts: Sequence[int]
    ) -> list[int]:
        """The hits of each card drawn: 1 or 0, or its copies in the winning hand."""
        if self.copies:
            return [counts[card] if card < len(counts) else 0 for card in drawn]
        if self.cards is not None:
            return [int(card in self.cards) for card in drawn]
        hitting = self.pointed(winner, winner, dealer, seats)
        return [int(card in hitting) for card in drawn]

    def points_at(
        self, drawn: Sequence[int], winner: int, dealer: int, seats: int
    ) -> list[int | None]:
        """The seat each card drawn points at (the first in turn order from the base seat
        whose cards hold it), None for a card that points at no seat."""
        base = winner if self.from_winner else dealer
        pointed: list[int | None] = []
        for card in drawn:
            found = next((k for k, kinds in enumerate(self.at_seat) if card in kinds), None)
            pointed.append(None if found is None else (base + found) % seats)
        return pointed

    def seat_hits(self, drawn: Sequence[int], winner: int, dealer: int, seats: int) -> list[int]:
        """For each seat, the cards drawn that point at it (`payer hit`)."""
        return [
            sum(card in self.pointed(seat, winner, dealer, seats) for card in drawn)
            for seat in range(seats)
        ]


def compile_bonus_readings(
    rules: ir.RuleSet,
    seat_names: list[str],
    seat_cards: dict[str, dict[str, frozenset[int]]],
    wilds: WildCards,
    select: CardSetOf,
) -> dict[str, BonusReading]:
    """Each bonus's reading, by bonus name."""
    readings: dict[str, BonusReading] = {}
    for bonus in rules.bonuses.values():
        at_seat: tuple[frozenset[int], ...] = ()
        if bonus.seat_cards is not None:
            table = seat_cards.get(bonus.seat_cards, {})
            at_seat = tuple(table.get(name, frozenset()) for name in seat_names)
        cards = None
        if bonus.hit_cards is not None:
            cards = compile_card_set(bonus.hit_cards, wilds, select).cards
        from_winner = bonus.counted_from == "winner"
        reads_payer = bonus.pays is not None and _reads(bonus.pays.amount, ir.PAYER_HIT)
        readings[bonus.name] = BonusReading(
            at_seat=at_seat,
            from_winner=from_winner,
            cards=cards,
            copies=bonus.hit_copies,
            missing_reads_win=bonus.missing_reads_win,
            tells_seats=bool(at_seat) and (from_winner or reads_payer),
        )
    return readings


def _reads(expression: ir.Expr, name: str) -> bool:
    """Whether an expression reads a name."""
    if expression.op == "ref" and expression.name == name:
        return True
    return any(_reads(argument, name) for argument in expression.args)
