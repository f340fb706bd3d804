"""A shown replacement, a lock on a hand, and the test of a ready hand.

`then replacement N from ZONE END, shown`: after the action its maker takes N cards from
that end of the zone and shows them. They are offered to their owner first, one after the
other in the order taken, for a win on either (as a win on a replacement, by self); if it
wins on neither, both go to its discards together and every other seat still playing may
win on either (as a win on a discard of the action's maker: the maker is the discarder,
so `discarder pays` makes it pay). Only wins are offered on them. If nobody wins, the seat
after the maker draws.

When the take empties the wall, its maker has taken the wall's last card, as a replacement
that is the last card is taken: a win of its own on the card taken last is a win on the
last card (`last card`), a win of another's on either is a win on a discard after the last
card (the two are discarded together, after it), and the maker is the last card's taker.

`locks the hand`: after the action its maker only draws, wins, and discards the card it
has just drawn (the engine keeps its other cards as they are).

`when ready`: the action is offered only when the hand it leaves waits on a card: some card
would complete a win for it, judged as a win on a discard with no special conditions (as
`ready` at a drawn hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.compiling.conditions import RELATIONS, WinConditions
from tablerules.interpreter.engine.state import Choice, Decision, HandState, Offer, ShownCards
from tablerules.interpreter.hand.copies import in_play
from tablerules.interpreter.hand.evaluate import TableGroup
from tablerules.interpreter.playlog.event_kinds import LOCKED, REPLACEMENT_SHOWN, SHOWN_DISCARDED

if TYPE_CHECKING:
    from tablerules.interpreter.engine.choices import ChoiceMaker
    from tablerules.interpreter.engine.game import Table
    from tablerules.interpreter.engine.play_rules import ActionRule


def ready_after(
    maker: ChoiceMaker, state: HandState, seat_index: int, choice: Choice, in_hand: bool
) -> bool:
    """Whether the seat's hand, once `choice` is carried out, waits on a card."""
    seat = state.seats[seat_index]
    left = list(seat.hand)
    if in_hand and choice.card is not None:
        left[choice.card] -= 1
    for card in choice.from_hand:
        left[card] -= 1
    table = maker.table_groups(seat)
    kind = choice.kind if choice.kind is not None else 0
    taken = [choice.card] if choice.card is not None else []
    if choice.table_index is not None:
        grown = tuple(sorted([*seat.table[choice.table_index].cards, *taken]))
        table[choice.table_index] = TableGroup(kind, grown)
    else:
        table.append(TableGroup(kind, tuple(sorted([*choice.from_hand, *taken]))))
    for extra_kind, cards in choice.extra:
        for card in cards:
            left[card] -= 1
        table.append(TableGroup(extra_kind, tuple(sorted(cards))))
    whole = list(left)
    for group in table:
        for card in group.cards:
            whole[card] += 1
    conditions = WinConditions(
        context="discard",
        relation=RELATIONS["other"],
        seat=(seat_index - state.dealer) % len(state.seats),
        round=state.round,
        streak=state.streak,
        carried=tuple(state.carried.items()),
        declared=tuple(seat.declared.items()),
    )
    copies = in_play(maker.evaluator.rules)  # the card turned up is out of play
    wins = maker.evaluator.quick_wins
    return any(
        whole[card] < copies[card] and wins(left, table, card, "discard", conditions)
        for card in range(len(whole))
    )


class ShownReplacement:
    """A mixin of `Table`: shown replacements and locked hands (see the module)."""

    def _lock_hand(self: Table, seat: int, rule: ActionRule) -> None:
        self.state.seats[seat].locked = True
        clause = f"action {rule.name}"
        self.log(LOCKED, clause=clause, cites=rule.cites, seat=seat, action=rule.name)

    def _shown_replacement(self: Table, seat: int, rule: ActionRule) -> None:
        """Take the action's shown cards from the wall, show them, and offer them."""
        state = self.state
        if state.drawable < rule.shown:  # not offered so (see `ChoiceMaker.choices`)
            self._drawn_hand()
            return
        cards: list[int] = []
        for _ in range(rule.shown):
            if rule.shown_from_tail:
                state.tail -= 1
                cards.append(state.wall[state.tail])
            else:
                cards.append(state.wall[state.head])
                state.head += 1
        emptied = state.drawable <= 0
        if emptied and self._offer_last and state.last_taker is None:
            state.last_taker = seat  # it took the last card, as a replacement of it would
        state.shown = ShownCards(seat, tuple(cards), emptied=emptied)
        compiled = self.game.compiled.cards
        self.log(
            REPLACEMENT_SHOWN,
            clause=f"action {rule.name}",
            cites=rule.cites,
            seat=seat,
            end="tail" if rule.shown_from_tail else "head",
            left=state.tail - state.head,
            cards=[compiled.ids[c] for c in cards],
            names=[compiled.display[c] for c in cards],
        )
        self._offer_shown()

    def _offer_shown(self: Table) -> None:
        """Offer the next shown card (to its owner, then to the others), or, when every
        one has been offered, discard them together or let the next seat draw."""
        state = self.state
        shown = state.shown
        assert shown is not None
        owner = shown.seat
        holder = state.seats[owner]
        while shown.step < len(shown.cards):
            card = shown.cards[shown.step]
            last = shown.emptied and shown.step == len(shown.cards) - 1
            state.last_card_drawn = not shown.discarded and last  # the wall's last card
            state.discard_after_last_card = shown.discarded and shown.emptied
            if not shown.discarded:  # the owner's: as a replacement it keeps, won on or not
                offer = self.maker.card_offers["replacement"][owner][card]
                holder.gain(card)
                wins = self._shown_wins(owner, offer)
                if wins:
                    self._decide(Decision("window", offer, {owner: wins}))
                    return
                holder.lose(card)
            else:
                offer = self.maker.card_offers["discard"][owner][card]
                options: dict[int, list[Choice]] = {}
                for step in range(1, self.play.seats):
                    other = (owner + step) % self.play.seats
                    if state.playing(other):
                        wins = self._shown_wins(other, offer)
                        if wins:
                            options[other] = wins
                if options:
                    self._decide(Decision("window", offer, options))
                    return
            shown.step += 1
        if not shown.discarded:
            shown.discarded, shown.step = True, 0
            holder.discards.extend(shown.cards)
            state.discards_made += len(shown.cards)  # discards: the hand's first is past
            ids = self.game.compiled.cards
            self.log(
                SHOWN_DISCARDED,
                clause="turn",
                cites=self.play.turn.cites,
                seat=owner,
                cards=[ids.ids[c] for c in shown.cards],
                names=[ids.display[c] for c in shown.cards],
            )
            self._offer_shown()
            return
        state.shown = None
        self._turn_start(self.next_seat(owner), "draw")

    def _shown_wins(self: Table, seat: int, offer: Offer) -> list[Choice]:
        """The seat's wins on a shown card, with its pass (nothing else is offered on it)."""
        actions = self.play.actions
        found = self.maker.choices_if_any(self.state, seat, offer)
        wins = [c for c in found if c.action in actions and actions[c.action].win]
        if wins:
            wins.append(self.maker.pass_choice(seat, offer.card))
        return wins

    def _shown_untaken(self: Table, offer: Offer) -> None:
        """Nobody won on the shown card offered: the next one is offered."""
        shown = self.state.shown
        assert shown is not None
        if not shown.discarded and offer.card is not None:
            self.state.seats[shown.seat].lose(offer.card)
        shown.step += 1
        self._offer_shown()
