"""A table that records every card offered in play: which seats the engine offered a win,
and each seat's cards and situation as they stood at that moment.

Cards are offered in three places of the engine, each watched where its answer is settled
and nothing has moved yet:

* a window on a card (a discard, a shown draw, an added kong, the dealer's shown card):
  opened by `_window`, answered by `_decide` (the seats asked, with their choices) or by
  `_untaken` (nobody could do anything with it);
* a window on a shown draw only its drawer sees: `_decide` with a hidden decision;
* a kept draw or a replacement: the drawer's choices (`ChoiceMaker.drawer_choices`, seen
  through a wrapper of the table's choice maker), with the card already in the hand.

Which seats may win on a card at all is a matter of the play rules, not of the hand: a seat
counts when one of the rules' win ways is open to it on that card (its context and the seat's
relation to the owner), it has not won and left the hand (play after a win), no restriction
bars it and the end of the wall allows it. The
engine's own answers to those questions are used; the hand is judged by the test.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.choices import ChoiceMaker
from tablerules.interpreter.engine.state import Choice, Decision, HandState, Offer

DRAWN = ("draw", "replacement")


@dataclass(frozen=True)
class SeatCards:
    """A seat's cards at a moment: concealed counts and table groups (kind, cards, claimed)."""

    hand: tuple[int, ...]
    table: tuple[tuple[int, tuple[int, ...], bool], ...]
    # the values the seat declared in the hand's phases (SC-3's void suit), as pairs
    declared: tuple[tuple[str, str], ...] = ()
    discards: tuple[int, ...] = ()  # the seat's discards, in order


@dataclass(frozen=True)
class Moment:
    """One card offered: to whom a win was open, to whom the engine offered one, every
    seat's cards, and what a judge of the win needs besides (how the card came)."""

    offer: Offer
    open_to: frozenset[int]  # seats a win way is open to on this card
    offered: frozenset[int]  # seats the engine offered a win
    seats: tuple[SeatCards, ...]
    held: bool  # the card is in its owner's hand already (a kept draw, a replacement)
    dealer: int
    round: int
    streak: int
    first_draw: bool  # the card is its owner's first draw of the hand
    first_discard: bool  # the card is the hand's first discard
    last_card: bool  # the card is the wall's last, drawn
    # a discard made just after its owner drew a kong's replacement, or the wall's last card
    after_replacement: bool
    after_last_card: bool
    forced: tuple[tuple[int, list[tuple[list[int], list[Any]]]], ...]  # see `_forced`
    event: int  # the number of events logged before it
    turned: int | None = None  # the card turned up at the deal to choose the wild, if any


def _drawn_before(events: Sequence[dict[str, Any]], owner: int) -> dict[str, Any] | None:
    """The draw its owner made just before the discard logged last, if the discard came
    of one (not of a claim: another discard, then the claim, came between)."""
    for event in reversed(events[:-1]):  # the discard on offer is the last event
        if event["type"] == "discard":
            return None
        if event["type"] in DRAWN:
            return event if event.get("seat") == owner else None
    return None


class _WatchedMaker:
    """The table's choice maker, telling `seen` of each drawer's choices."""

    def __init__(self, maker: ChoiceMaker, seen: Callable[[int, Offer, list[Choice]], None]):
        self._maker = maker
        self._seen = seen

    def __getattr__(self, name: str) -> Any:
        return getattr(self._maker, name)

    def drawer_choices(self, state: HandState, seat_index: int, offer: Offer) -> list[Choice]:
        found = self._maker.drawer_choices(state, seat_index, offer)
        self._seen(seat_index, offer, found)
        return found


class WatchedTable(Table):
    """A `Table` keeping a `Moment` for every card it offers (see the module)."""

    def __init__(self, game: Game, **kwargs: Any) -> None:
        self.moments: list[Moment] = []
        self._opening: tuple[Offer, dict[str, Any]] | None = None
        super().__init__(game, **kwargs)

    # the table's choice maker is set by `Table.__init__`: kept wrapped
    @property
    def maker(self) -> Any:
        return self._watched_maker

    @maker.setter
    def maker(self, maker: ChoiceMaker) -> None:
        self._watched_maker = _WatchedMaker(maker, self._drawer_seen)

    # ── the engine's three places ──────────────────────────────
    def _window(self, offer: Offer, owners: list[Choice] | None = None) -> None:
        self._opening = (offer, self._situation(offer, range(self.play.seats)))
        super()._window(offer, owners)

    def _decide(self, decision: Decision) -> None:
        offer = decision.offer
        if decision.kind == "window":
            if self._opening is not None and self._opening[0] == offer:
                self._settled(decision.options)
            elif decision.hidden:  # a shown draw taken unseen: its drawer alone is asked
                self._record(self._situation(offer, [offer.owner]), decision.options)
        super()._decide(decision)

    def _untaken(self, offer: Offer) -> None:
        if self._opening is not None and self._opening[0] == offer:
            self._settled({})
        super()._untaken(offer)

    def _drawer_seen(self, seat: int, offer: Offer, choices: list[Choice]) -> None:
        self._record(self._situation(offer, [seat]), {seat: choices})

    # ── what is recorded ───────────────────────────────────────
    def _settled(self, options: dict[int, list[Choice]]) -> None:
        assert self._opening is not None
        _, situation = self._opening
        self._opening = None
        self._record(situation, options)

    def _record(self, situation: dict[str, Any], options: dict[int, list[Choice]]) -> None:
        actions = self.play.actions
        offered = frozenset(
            seat
            for seat, choices in options.items()
            if any(c.action in actions and actions[c.action].win for c in choices)
        )
        self.moments.append(Moment(offered=offered, **situation))

    def _situation(self, offer: Offer, seats: Sequence[int] | range) -> dict[str, Any]:
        """Everything a `Moment` holds but the engine's answer, read now."""
        state = self.state
        open_to = frozenset(seat for seat in seats if self._win_open(state, seat, offer))
        events = state.events
        context, owner = offer.context, offer.owner
        drawn = [e for e in events if e["type"] == "draw" and e.get("seat") == owner]
        latest = next((e for e in reversed(events) if e["type"] in DRAWN), None)
        taken = _drawn_before(events, owner) if context == "discard" else None
        return {
            "offer": offer,
            "open_to": open_to,
            "seats": tuple(_cards(seat) for seat in state.seats),
            "held": self.play.in_owner_hand(context),
            "dealer": state.dealer,
            "round": state.round,
            "streak": state.streak,
            "first_draw": context in DRAWN and len(drawn) == 1 and _on_first_turn(events, owner),
            "first_discard": context == "discard"
            and sum(e["type"] == "discard" for e in events) == 1,
            "last_card": context in DRAWN and latest is not None and latest.get("left") == 0,
            "after_replacement": taken is not None and taken["type"] == "replacement",
            "after_last_card": taken is not None and taken.get("left") == 0,
            "forced": tuple(
                (seat, self._watched_maker.forced_group_outcomes(state, seat, offer))
                for seat in sorted(open_to)
            ),
            "event": len(events),
            "turned": state.turned,
        }

    def _win_open(self, state: HandState, seat: int, offer: Offer) -> bool:
        """Whether a win way of the rules is open to the seat on this card (see the module)."""
        if offer.card is None or not state.playing(seat):  # a seat that has won and left
            return False
        maker = self._watched_maker
        holder = state.seats[seat]
        for _, action in self.play.ways_for(offer.context, seat, offer.owner):
            if not action.win:
                continue
            if offer.card in maker.never_cards.of(action, holder):  # `never of`: not on it
                continue
            if maker._restricted(state, holder, action.name, offer) is not None:
                continue
            if maker._allowed_now(state, action, offer):
                return True
        return False


def _cards(seat: Any) -> SeatCards:
    return SeatCards(
        tuple(seat.hand),
        tuple((g.kind, tuple(sorted(g.cards)), g.claimed) for g in seat.table),
        tuple(sorted(seat.declared.items())),
        tuple(seat.discards),
    )


def _on_first_turn(events: list[dict[str, Any]], seat: int) -> bool:
    """The seat's latest own draw or discard is its draw: a replacement since is on that turn."""
    own = [e["type"] for e in events if e.get("seat") == seat and e["type"] in ("draw", "discard")]
    return bool(own) and own[-1] == "draw"
