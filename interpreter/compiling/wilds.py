"""Wild cards and card filters, compiled once: which card kinds are wild, what each may
stand for, and the card sets that actions and the discard rule read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tablerules.dsl.model import ir
from tablerules.dsl.model.card_order import card_order

CardSetOf = Callable[[list[ir.CardSelector]], frozenset[int]]


@dataclass(frozen=True)
class WildCards:
    """The wild card kinds in force (options applied) and the kinds each may stand for."""

    stands: dict[int, tuple[int, ...]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)  # the wild clause of each wild kind
    cites: dict[int, tuple[str, ...]] = field(default_factory=dict)

    @property
    def kinds(self) -> frozenset[int]:
        return frozenset(self.stands)

    def __bool__(self) -> bool:
        return bool(self.stands)


def _applies(wild: ir.Wild, options: dict[str, ir.Scalar]) -> bool:
    if wild.if_option is not None and not options.get(wild.if_option):
        return False
    return not (wild.unless_option is not None and options.get(wild.unless_option))


def compile_wilds(
    rules: ir.RuleSet,
    options: dict[str, ir.Scalar],
    card_set: CardSetOf,
    kinds: int,
    turned_wild: int | None = None,
) -> WildCards:
    """The wild clauses whose options hold; a later clause naming a card already wild
    replaces what it stands for. `turned_wild` is the wild kind a card turned at the deal
    chose (`TurnedWild`); without it a clause turned at the deal makes no wild."""
    stands: dict[int, tuple[int, ...]] = {}
    names: dict[int, str] = {}
    cites: dict[int, tuple[str, ...]] = {}
    for wild in rules.wilds.values():
        if not _applies(wild, options):
            continue
        allowed = card_set(wild.stands_for) if wild.stands_for else frozenset(range(kinds))
        allowed -= card_set(wild.except_)
        chosen = card_set(wild.cards)
        if wild.turned:
            chosen = frozenset() if turned_wild is None else frozenset([turned_wild])
        for card in sorted(chosen):
            stands[card] = tuple(sorted(allowed))
            names[card] = wild.name
            cites[card] = tuple(wild.cites)
    return WildCards(stands, names, cites)


@dataclass(frozen=True)
class TurnedWild:
    """A wild chosen at the deal: the clause, where its card is turned from, and each card
    kind's next kind in the clause's order (the wild a turned card of that kind makes)."""

    name: str
    zone: str
    end: str  # "head" or "tail" of the zone
    following: tuple[int, ...]
    cites: tuple[str, ...] = ()

    def wild_of(self, turned: int) -> int:
        return self.following[turned]


def compile_turned(
    rules: ir.RuleSet, options: dict[str, ir.Scalar], lookup: Callable[[str], int | None]
) -> TurnedWild | None:
    """The wild clause turned at the deal whose option holds, if any (the checker allows
    one), with its order over the card kinds (`dsl.model.card_order`)."""
    for wild in rules.wilds.values():
        if not wild.turned or not _applies(wild, options) or wild.next_by is None:
            continue
        order = card_order(rules, wild.next_by, wild.next_same)
        ids = [card.id for card in rules.deck.cards] if rules.deck else []
        following = []
        for index, card_id in enumerate(ids):
            after = lookup(order.following.get(card_id, card_id))
            following.append(index if after is None else after)
        return TurnedWild(
            wild.name, wild.turned_zone or "", wild.turned_end, tuple(following), tuple(wild.cites)
        )
    return None


@dataclass(frozen=True)
class CardSetRule:
    """A compiled card filter: fixed card kinds, or the hand's wild kinds too."""

    cards: frozenset[int]

    def holds(self, card: int) -> bool:
        return card in self.cards


def compile_card_set(card_set: ir.CardSet, wilds: WildCards, select: CardSetOf) -> CardSetRule:
    """The card kinds a filter names (wild cards are fixed for a rule set)."""
    cards = select(card_set.items)
    if card_set.wild:
        cards |= wilds.kinds
    return CardSetRule(cards)


def never_cards(action: ir.Action, wilds: WildCards, select: CardSetOf) -> frozenset[int]:
    """The cards an action is never taken with (its `never of` filters)."""
    found: frozenset[int] = frozenset()
    for card_set in action.never_of:
        found |= compile_card_set(card_set, wilds, select).cards
    return found


@dataclass(frozen=True)
class DiscardLimits:
    """The discard rule: kinds never discarded, and the `first` sets in order."""

    never: frozenset[int] = frozenset()
    first: tuple[frozenset[int], ...] = ()
    cites: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.never or self.first)

    def allowed(self, hand: list[int]) -> list[int]:
        """The held kinds that may be discarded: never a `never` kind; while a kind of a
        `first` set is held, only those. Every held kind when the rule would leave none."""
        held = [card for card, count in enumerate(hand) if count and card not in self.never]
        for first in self.first:
            chosen = [card for card in held if card in first]
            if chosen:
                return chosen
        if held:
            return held
        return [card for card, count in enumerate(hand) if count]


def compile_discard(
    rule: ir.DiscardRule | None, wilds: WildCards, select: CardSetOf
) -> DiscardLimits:
    if rule is None:
        return DiscardLimits()
    never: frozenset[int] = frozenset()
    for card_set in rule.never:
        never |= compile_card_set(card_set, wilds, select).cards
    first = tuple(compile_card_set(s, wilds, select).cards for s in rule.first)
    return DiscardLimits(never, first, tuple(rule.cites))
