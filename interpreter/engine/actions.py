"""Carrying out an action: a card taken into a group, a group declared from the hand, an
upgrade of a table group (robbable ones wait on a window first)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.engine.state import Choice, Offer, TableGroupState
from tablerules.interpreter.engine.views import lies
from tablerules.interpreter.playlog.event_kinds import ACTION

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table

OWN_TURN = ("turn start", "turn", "deal")  # contexts with no offered card


class ActionSteps:
    """A mixin of `Table`: perform a chosen action and move its cards."""

    def _perform(self: Table, choice: Choice, offer: Offer, then: str) -> None:
        rule = self.play.actions[choice.action]
        if rule.win:
            self._finish_win([choice.seat], offer, action=rule.name)
            return
        if rule.robbable and choice.table_index is not None:
            window = Offer(
                "added card",
                choice.seat,
                choice.card,
                pending=choice,
                pending_context=offer.context,
            )
            self._window(window)
            return
        self._complete(choice, offer, then=then)

    def _complete(self: Table, choice: Choice, offer: Offer, then: str = "") -> None:
        state = self.state
        rule = self.play.actions[choice.action]
        seat = state.seats[choice.seat]
        way_context = rule.ways[choice.way].context
        card = choice.card
        takes_card = card is not None and way_context not in OWN_TURN
        if takes_card:
            self._take_offered(choice, offer)
        for held in choice.from_hand:
            seat.lose(held)
        claimed = takes_card and offer.owner != choice.seat  # another seat's card
        if claimed:
            self.state.claims += 1
        if choice.table_index is not None:
            group = seat.table[choice.table_index]
            assert card is not None
            group.cards.append(card)
            group.kind = choice.kind if choice.kind is not None else group.kind
            group.concealed = choice.concealed  # it now lies as the new kind lies
            group.made_by = rule.name
            group.claimed = group.claimed or claimed
        else:
            cards = sorted([*choice.from_hand, *([card] if takes_card else [])])
            group = TableGroupState(choice.kind or 0, cards, choice.concealed, rule.name, claimed)
            if takes_card and offer.owner != choice.seat:  # whose card it took, on the table
                group.taken_from, group.taken = offer.owner, card
            seat.table.append(group)
        for kind, cards in choice.extra:
            for held in cards:
                seat.lose(held)
            seat.table.append(TableGroupState(kind, sorted(cards), False, rule.name))
        kinds = self.game.compiled.kinds
        ids = self.game.compiled.cards.ids
        self.log(
            ACTION,
            clause=f"action {rule.name}",
            cites=rule.cites,
            seat=choice.seat,
            action=rule.name,
            label=choice.label,
            group=kinds[choice.kind].name if choice.kind is not None else None,
            card=self.card_id(card),
            owner=offer.owner,
            cards=[ids[c] for c in sorted(group.cards)],
            taken=[ids[c] for c in choice.from_hand],
            onto=choice.table_index,
            extra=[[kinds[k].name, [ids[c] for c in cards]] for k, cards in choice.extra],
            lies=lies(kinds[group.kind].visibility, group.concealed),
            **({"forced": True} if choice.forced else {}),
        )
        self.settlement.action_payments(self.state, self.log, rule, choice.seat, offer)
        self._after_action(choice, rule, way_context, then)

    def _take_offered(self: Table, choice: Choice, offer: Offer) -> None:
        """Move the offered card out of wherever it waits: a hand, a discard pile, the air."""
        state = self.state
        card = choice.card
        assert card is not None
        if offer.context == "discard":
            pile = state.seats[offer.owner].discards
            if pile and pile[-1] == card:
                pile.pop()
        elif choice.seat == offer.owner and self.play.in_owner_hand(offer.context):
            state.seats[choice.seat].lose(card)
