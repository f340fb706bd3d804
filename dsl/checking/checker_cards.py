"""Checks of the cards: the attributes and their values (in the deck rows or the blocks
that give them), the deck itself, and the inks a look clause draws attributes in."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tablerules.dsl.diagnostics import did_you_mean
from tablerules.dsl.model import ir
from tablerules.dsl.model.given import card_attributes

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker

# Ink colours a look clause may name (pictures are drawn with these).
INK_COLOURS = ("black", "red", "green", "blue", "grey", "purple", "brown")


class CardChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_attributes(self: Checker) -> None:
        for attribute in self.rules.attributes.values():
            for index, line in enumerate(attribute.given):
                where = self.at(attribute, f"given_cards {index}")
                problem = self.attribute_value_problem(attribute.name, line.value)
                if problem:
                    hint = self.attribute_value_hint(where, attribute.name, line.value)
                    self.report(where, "E104", f"{line.value!r}: {problem}", hint)
                self.check_card_items(where, line.cards, sets=False)
                for selector in line.cards:
                    if any(f.attribute == attribute.name for f in selector.filters):
                        self.report(
                            where, "E110", f"attribute {attribute.name!r} cannot name itself"
                        )
            if attribute.otherwise is not None:
                problem = self.attribute_value_problem(attribute.name, attribute.otherwise)
                if problem:
                    hint = self.attribute_value_hint(attribute, attribute.name, attribute.otherwise)
                    self.report(attribute, "E104", f"{attribute.otherwise!r}: {problem}", hint)
            if attribute.is_numeric:
                assert attribute.maximum is not None
                if attribute.minimum > attribute.maximum:  # type: ignore[operator]
                    self.report(
                        attribute, "E104", f"attribute {attribute.name!r} has an empty range"
                    )
            elif len(set(attribute.values)) != len(attribute.values):
                self.report(attribute, "E102", f"attribute {attribute.name!r} lists a value twice")

    def attribute_value_problem(self: Checker, name: str, value: int | str) -> str | None:
        attribute = self.rules.attributes.get(name)
        if attribute is None:
            return None
        if attribute.is_numeric:
            if not isinstance(value, int):
                return f"{name} takes a number from {attribute.minimum} to {attribute.maximum}"
            if not attribute.minimum <= value <= attribute.maximum:  # type: ignore[operator]
                return f"{name} runs from {attribute.minimum} to {attribute.maximum}"
            return None
        if str(value) not in attribute.values:
            return f"{name} is one of {' | '.join(attribute.values)}"
        return None

    def attribute_written_elsewhere(self: Checker, clause: ir.Clause, name: str) -> str:
        """A hint where the attribute's values were written in another file than the clause
        that uses one, a base's (a variant's `override attribute` leaving its base's clauses
        behind). A clause of the file itself names a value its bases never gave: no hint."""
        attribute = self.rules.attributes.get(name)
        where, used = attribute.span if attribute else None, clause.span
        if where is None or used is None or where.file == used.file:
            return ""
        if used.file == self.rules.file:
            return ""
        return f"{name!r} is written at {where.file}:{where.line}: override this clause too"

    def attribute_value_hint(
        self: Checker, clause: ir.Clause, name: str, value: object, rows: int = 1
    ) -> str:
        """The hint for a value its attribute does not take: the value meant, where one is
        close, and where the attribute's values were written (`attribute_written_elsewhere`).
        Where several deck rows give the same value (`rows`), the attribute's own list is
        more likely misspelt than each of them: its line is named."""
        attribute = self.rules.attributes.get(name)
        close = ""
        if attribute is not None and not attribute.is_numeric:
            close = did_you_mean(str(value), attribute.values)
            where = attribute.span
            if close and rows > 1 and where is not None:
                close = (
                    f"{close} or, as {rows} cards give {value!r}, is the value misspelt"
                    f" where {name!r} is written ({where.file}:{where.line})?"
                )
        elsewhere = self.attribute_written_elsewhere(clause, name)
        return "; ".join(part for part in (close, elsewhere) if part)

    def check_attribute_refs(
        self: Checker, clause: ir.Clause, values: dict[str, list[int | str]] | list[str]
    ) -> None:
        items = values.items() if isinstance(values, dict) else ((v, []) for v in values)
        for name, wanted in items:
            if name not in self.rules.attributes:
                self.unknown(clause, "attribute", name, self.rules.attributes)
                continue
            for value in wanted:
                problem = self.attribute_value_problem(name, value)
                if problem:
                    hint = self.attribute_value_hint(clause, name, value)
                    where = self._at_word(clause, str(value))
                    self.report(where, "E104", f"{value!r}: {problem}", hint)

    def check_deck(self: Checker) -> None:
        deck = self.rules.deck
        if deck is None:
            return
        if deck.copies < 1:
            self.report(self.at(deck, "copies"), "E104", "copies must be at least 1")
        if not deck.cards:
            self.report(deck, "E109", "the deck lists no cards")
        seen_names: dict[str, str] = {}
        seen_ids: set[str] = set()
        # how many rows give each attribute value (a value many give is likelier right)
        giving = Counter((n, v) for card in deck.cards for n, v in card.attributes.items())
        for card in deck.cards:
            if card.id in seen_ids:  # its names are all its own again: the loop below is silent
                self.report(
                    card,
                    "E102",
                    f"card {card.id!r} is listed twice in the deck",
                    "list a card once; 'copies' says how many of it the deck holds",
                )
            seen_ids.add(card.id)
            for word in (card.id, *card.names):
                owner = seen_names.get(word)
                if owner is not None and owner != card.id:
                    self.report(
                        card, "E102", f"the name {word!r} is already used by card {owner!r}"
                    )
                elif owner == card.id and word != card.id and card.names.count(word) > 1:
                    self.report(card, "E102", f"card {card.id!r} lists the name {word!r} twice")
                seen_names[word] = card.id
            if card.copies is not None and card.copies < 1:
                self.report(card, "E104", f"card {card.id!r}: copies must be at least 1")
            misnamed = False  # an attribute the rules lack: most often one misspelt
            for name, value in card.attributes.items():
                if name not in self.rules.attributes:
                    self.unknown(card, "attribute", name, self.rules.attributes)
                    misnamed = True
                    continue
                problem = self.attribute_value_problem(name, value)
                if problem:
                    hint = self.attribute_value_hint(card, name, value, giving[(name, value)])
                    self.report(card, "E104", f"card {card.id!r}: {problem}", hint)
            given = card_attributes(self.rules, card)
            missing = [a for a in self.rules.attributes if a not in given]
            if missing and not misnamed:  # else the misspelt name says it
                self.report(
                    card,
                    "E109",
                    f"card {card.id!r} gives no value for {', '.join(missing)}",
                    "give it in the deck row, or in the attribute's block (else: VALUE)"
                    if any(self.rules.attributes[a].has_block for a in missing)
                    else "",
                )
        owners: dict[str, str] = {}  # each name -> its first card (a later one: said above)
        for card in deck.cards:
            for word in (card.id, *card.names):
                owners.setdefault(word, card.id)
        for card in deck.cards:
            for word in dict.fromkeys(card.names):
                if owners[word] != card.id:
                    continue
                if problem := deck.misleading_name(word, card.id, owners):
                    self.report(card, "E104", f"card {card.id!r}: {problem}")
        ids = [card.id for card in deck.cards]
        for suffix in deck.compact_suffixes:
            if not any(i.endswith(suffix) and i[: -len(suffix)].isdigit() for i in ids):
                self.report(
                    self.at(deck, "compact"),
                    "E101",
                    f"compact suffix {suffix!r}: no card id is a number followed by it",
                )

    def check_look(self: Checker) -> None:
        look = self.rules.look
        if look is None:
            return
        for index, ink in enumerate(look.inks):
            where = self.at(look, f"ink {index}")
            if ink.colour.lower() not in INK_COLOURS:
                self.report(
                    where,
                    "E104",
                    f"ink {ink.colour!r} is not one of {', '.join(INK_COLOURS)}",
                    did_you_mean(ink.colour.lower(), INK_COLOURS),
                )
            self.check_attribute_refs(where, {ink.attribute: ink.values})
