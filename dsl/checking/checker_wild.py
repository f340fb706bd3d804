"""Semantic checks for wild cards, card filters on actions and the discard rule: names
known, each wild clause naming its cards and something they may stand for, and no filter
of wild cards in a file that has none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.limits import LIMIT_CODE
from tablerules.dsl.model import ir
from tablerules.dsl.model.given import card_attributes

# Wild cards in the deck at most (kinds named wild × copies): a hand's readings grow as the
# power of its wilds, and every regional game has four.
MAX_WILD_CARDS = 4
MAX_OPTIONS_TRIED = 10  # wild clauses held by more options are each held to the limit alone

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


def _holds(wild: ir.Wild, on: set[str]) -> bool:
    """Whether the clause holds with the options `on` set and every other one not."""
    if wild.if_option is not None and wild.if_option not in on:
        return False
    return wild.unless_option is None or wild.unless_option not in on


class WildChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`...)."""

    def check_wilds(self: Checker) -> None:
        within = True  # every clause within the limit on its own: then all of them at once
        for wild in self.rules.wilds.values():
            if wild.turned:  # chosen at the deal (`checker_turned.py`)
                self.check_turned_wild(wild)
                continue
            self._check_wild(wild)
            within = self._check_wild_count(wild) and within
        if within:
            self._check_wilds_at_once()
        for action in self.rules.actions.values():
            for card_set in action.never_of:  # `declared ATTR`: the cards of the seat acting
                self._check_card_set(self.at(action, "action_never"), card_set, declared=True)
        rule = self.rules.discard_rule
        if rule is not None:
            for card_set in rule.never:
                self._check_card_set(self.at(rule, "discard_never"), card_set)
            for card_set in rule.first:
                self._check_card_set(self.at(rule, "discard_first"), card_set, declared=True)

    def _check_wild(self: Checker, wild: ir.Wild) -> None:
        self.check_wild_stands_and_option(wild)
        if not wild.cards:
            self.report(
                wild,
                "E109",
                f"wild {wild.name} names no wild cards",
                "add a line: cards CARD ... (the cards that are wild)",
            )
        where = self.at(wild, "wild_cards")
        self.check_card_items(where, wild.cards, sets=False)

    def check_wild_stands_and_option(self: Checker, wild: ir.Wild) -> None:
        """What a wild may stand for, and the option it holds by: shared by every wild."""
        where = self.at(wild, "wild_stands")
        self.check_card_items(where, [*wild.stands_for, *wild.except_], sets=False)
        for name in (wild.if_option, wild.unless_option):
            if name is None:
                continue
            option = self.rules.options.get(name)
            where = self.at(wild, "wild_condition")
            if option is None:
                self.unknown(where, "option", name, self.rules.options)
            elif option.type != "bool":
                self.report(where, "E103", f"option {name} is not a yes/no option")

    def _wild_kinds(self: Checker, wild: ir.Wild) -> set[str]:
        """The ids of the cards a named wild clause makes wild."""
        deck = self.rules.deck
        named = {item.card for item in wild.cards if item.card is not None}
        filters = [item.filters for item in wild.cards if item.filters]
        kinds: set[str] = set()
        for card in deck.cards if deck is not None else ():
            values = card_attributes(self.rules, card)
            if card.id in named or any(
                all(values.get(f.attribute) in f.values for f in one) for one in filters
            ):
                kinds.add(card.id)
        return kinds

    def _wild_cards(self: Checker, kinds: set[str], turned: bool) -> int:
        """The wild cards of the deck those card kinds are, with the kind a turned card
        may choose besides (the most copies of any other card)."""
        deck = self.rules.deck
        if deck is None:
            return 0
        copies = {card.id: deck.copies_of(card) for card in deck.cards}
        others = [n for card, n in copies.items() if card not in kinds]
        return sum(copies.get(card, 0) for card in kinds) + (
            max(others, default=0) if turned else 0
        )

    def _check_wild_count(self: Checker, wild: ir.Wild) -> bool:
        """Whether the clause's wild cards are within the limit (and says so when not)."""
        wilds = self._wild_cards(self._wild_kinds(wild), turned=False)
        if wilds > MAX_WILD_CARDS:
            self.report(
                self.at(wild, "wild_cards"),
                LIMIT_CODE,
                f"wild {wild.name} makes {wilds} wild cards; at most "
                f"{MAX_WILD_CARDS} are supported",
                "name one card kind (four copies) as the wild cards",
            )
            return False
        return True

    def _check_wilds_at_once(self: Checker) -> None:
        """Every clause that holds at the same time makes its cards wild together: the
        limit is on all of them at once, under each setting of the options they hold by
        (beyond `MAX_OPTIONS_TRIED` such options, as if every clause held). Several clauses
        of four wild cards made hands of eight or more wilds, whose readings took over half
        a minute to judge."""
        wilds = list(self.rules.wilds.values())
        options = sorted({w.if_option or w.unless_option for w in wilds} - {None})
        if len(wilds) < 2:
            return
        settings: list[list[ir.Wild]] = [wilds]
        if len(options) <= MAX_OPTIONS_TRIED:
            settings = [
                [w for w in wilds if _holds(w, {o for b, o in enumerate(options) if n >> b & 1})]
                for n in range(1 << len(options))
            ]
        worst: tuple[int, list[ir.Wild]] = (0, [])
        for held in settings:
            kinds = set().union(*(self._wild_kinds(w) for w in held if not w.turned))
            count = self._wild_cards(kinds, turned=any(w.turned for w in held))
            worst = max(worst, (count, held), key=lambda found: found[0])
        count, held = worst
        if count > MAX_WILD_CARDS:
            names = ", ".join(w.name for w in held)
            # told at a clause of the file checked when it has one: a variant's wild that
            # makes a base's hold beside it is the mistake, not the base's clause
            own = [w for w in held if w.span is not None and w.span.file == self.rules.file]
            where = (own or held)[-1]
            self.report(
                where if where.turned else self.at(where, "wild_cards"),
                LIMIT_CODE,
                f"wild clauses {names} hold at once and make {count} wild cards; at most "
                f"{MAX_WILD_CARDS} are supported",
                "make the clauses exclusive: `if OPTION` on one, `unless OPTION` on the other",
            )

    def _check_card_set(
        self: Checker, where: ir.Clause, card_set: ir.CardSet, declared: bool = False
    ) -> None:
        """A card filter's names; `declared ATTR` only where a seat's own cards are meant
        (`declared`: the discard rule's `first`, read for the seat discarding, and an
        action's `never of`, read for the seat taking it)."""
        if card_set.wild and not self.rules.wilds:
            self._no_wild_cards(where)
        own = [item for item in card_set.items if declared and item.declared is not None]
        for item in own:
            self.check_declared(where, item.declared or "")
        plain = [item for item in card_set.items if item not in own]
        # the words a card set takes besides card names, guessed at for a mistyped name
        words = ("wild",) if self.rules.wilds else ()
        if declared:
            words += ("declared",)
        self.check_card_items(where, plain, sets=False, words=words)

    def _no_wild_cards(self: Checker, where: ir.Clause) -> None:
        """`wild` named in a file with no wild cards: where a variant removed every wild
        its bases had, at the last such `remove` line, naming the clause that still uses it
        (a base's line the author did not write); otherwise at the use."""
        removed = [
            span for (section, _), span in self.rules.removed_spans().items() if section == "wilds"
        ]
        used = where.span
        if removed and used is not None:
            last = max(removed, key=lambda span: (span.line, span.column))
            self.report(
                ir.Clause(span=last),
                "E110",
                f"every wild is removed here, but `wild` is still named at {used.file}:{used.line}",
                "override the clauses that name it too, without it",
            )
            return
        self.report(
            where,
            "E110",
            "the file has no wild cards for `wild` to name",
            "add a clause: wild NAME { cards CARD ... }",
        )
