"""How likely a discard is to be won on by another seat, from what the discarding seat sees.

A bot that gives away a card another seat wins on pays for that seat's win. Among discards
that leave its hand equally near complete, the safer one costs nothing in speed. The
estimate reads only the compiled rules and what the seat can see:

* **who may win on it**: the seats the file lets win on this seat's discard (none in a
  file of self-draw wins only), each weighted by the groups it has laid on the table (a
  seat that has shown more groups is nearer a win);
* **which waits it could finish**: for every group a hand may hold that contains the card,
  the ways another seat could hold the rest of it, counted from the copies not in sight
  (the seat's own hand, every discard, the groups shown). A card whose group-mates are all
  in sight finishes no group, and no wait;
* **what a seat cannot hold**: no group needing a card its discards showed it holds none
  of (`seen_absent.py`: the cards of a value it declared and must discard first);
* **what passed a seat**: a card another seat let pass without winning on it, its hand
  unchanged since (no draw, claim or discard of its own after), does not win for it now:
  a seat that takes every win it can would have taken it, and a file's restriction on a
  passed win (`after declining … until own draw`) forbids it until that seat's
  own next move.

The figure is a ranking, not a probability: it only orders the discards of one decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from tablerules.interpreter.bots.estimate.in_sight import unseen
from tablerules.interpreter.bots.estimate.seen_absent import cards_not_held
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.play_rules import PlayRules

# a seat's events that move no card into or out of its hand
QUIET = frozenset({"restricted", "outranked", "turn passes", "locked"})
DISCARD = "discard"


class Danger:
    """The danger of each card this seat might discard now, at one decision."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat
        play = table.play
        state = table.state
        self.takers = [
            other
            for other in range(play.seats)
            if other != seat and state.playing(other) and _may_win(play, other, seat)
        ]
        self.unseen = unseen(table, seat) if self.takers else []
        self.passed = _passed(table, self.takers) if self.takers else {}
        self.absent = cards_not_held(table, seat) if self.takers else {}
        self._cache: dict[int, float] = {}
        self._shape_cache: dict[int, float] = {}

    @property
    def active(self) -> bool:
        """Whether any seat may win on this seat's discard at all."""
        return bool(self.takers)

    def of(self, card: int) -> float:
        """The card's danger: 0 where no seat that may win on it can be waiting on it."""
        found = self._cache.get(card)
        if found is None:
            found = self._cache[card] = sum(self.against(other, card) for other in self.takers)
        return found

    def against(self, other: int, card: int) -> float:
        """The card's danger from one other seat: 0 where that seat may not win on it, or
        let it pass with the hand it holds now, or no group of it can be waiting."""
        if other not in self.passed or card in self.passed[other]:
            return 0.0
        weight = 1 + len(self.table.state.seats[other].table)
        absent = self.absent.get(other)
        if absent:
            return weight * self._count_shapes(card, absent)
        return weight * self._shapes(card)

    def _shapes(self, card: int) -> float:
        """Ways another seat could hold the rest of a group that this card completes."""
        found = self._shape_cache.get(card)
        if found is None:
            found = self._shape_cache[card] = self._count_shapes(card)
        return found

    def _count_shapes(self, card: int, absent: frozenset[int] = frozenset()) -> float:
        """The ways, counting none that needs a card of `absent` (cards a seat is known to
        hold none of)."""
        play = self.table.play
        unseen = self.unseen
        total = 0.0
        for info in self.table.game.compiled.kinds:
            if not info.in_hand:
                continue
            for _, _, needs in play.completions.get((info.index, card), ()):
                ways = 1
                for other, count in needs:
                    ways *= 0 if other in absent else comb(max(unseen[other], 0), count)
                    if not ways:
                        break
                total += ways
        return total

    def safest(self, choices: Sequence[Choice], default: Choice) -> Choice:
        """Among discards, the one of least danger; `default` where it is among the least
        (or where nothing can be told)."""
        if not self.active or default.action != DISCARD:
            return default
        discards = [c for c in choices if c.action == DISCARD and c.card is not None]
        if len(discards) < 2:
            return default
        dangers = [self.of(c.card) for c in discards]  # type: ignore[arg-type]
        least = min(dangers)
        assert default.card is not None
        if self.of(default.card) <= least:
            return default
        return discards[dangers.index(least)]


def _may_win(play: PlayRules, seat: int, owner: int) -> bool:
    """Whether the file lets `seat` win on a discard of `owner`."""
    return isinstance(owner, int) and any(
        rule.win for _, rule in play.ways_for(DISCARD, seat, owner)
    )


def _passed(table: Table, takers: Sequence[int]) -> dict[int, set[int]]:
    """For each seat, the cards discarded by others since its own last move: it let each
    pass, its hand as it is now."""
    ids = {code: card for card, code in enumerate(table.game.compiled.cards.ids)}
    play = table.play
    passed: dict[int, set[int]] = {other: set() for other in takers}
    open_seats = set(takers)
    for event in reversed(table.state.events):
        if not open_seats:
            break
        mover = event.get("seat")
        if event.get("type") == DISCARD:
            card = ids.get(event.get("card", ""))
            if card is not None:
                for other in open_seats:
                    if other != mover and _may_win(play, other, mover):
                        passed[other].add(card)
        if mover in open_seats and event.get("type") not in QUIET:
            open_seats.discard(mover)
    return passed
