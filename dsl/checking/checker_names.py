"""Checks of `names` blocks: each names something the file names, in a known language.

A names block gives the file's own names (cards, seats, groups, actions, patterns, payment
labels…) as a reader of another language or script writes them. A name the file does not
use would never be shown, so it is an error, as a misspelt name anywhere else is; a card's
name in a language may not be another card's name (the card is read by it too).
"""

from __future__ import annotations

import re

from tablerules.dsl.model import ir

# The languages the pages and transcripts are told in (the message catalogues'); a block
# for another is kept but shown nowhere, which `check` says.
LANGUAGE_TAGS = ("en", "zh-Hant", "zh-Hans")
LANGUAGE_TAG = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$")


def payment_labels(rules: ir.RuleSet) -> set[str]:
    """The labels the file's payments write in the ledger."""
    payments = [line.payment for settle in rules.settles.values() for line in settle.lines]
    for action in rules.actions.values():
        payments += action.pays
    payments += [bonus.pays for bonus in rules.bonuses.values() if bonus.pays is not None]
    return {payment.label for payment in payments if payment.label}


def named_words(rules: ir.RuleSet) -> set[str]:
    """Every name a names block may give in another language: the names of the file's
    game, seats, rounds, cards (ids, display names, aliases), attributes and their values,
    zones, groups (and aliases), value and lookup tables, forms, wins, phases, card sets,
    actions, restrictions, settlements and bonuses with their `let` names and payment
    labels, numbers carried between hands, wild clauses, options, patterns and scores."""
    words: set[str] = set()
    if rules.game is not None:
        words.add(rules.game.name)
    words.update(rules.seats.names if rules.seats else [])
    words.update(rules.rounds.names if rules.rounds else [])
    for card in rules.deck.cards if rules.deck else []:
        words.update([card.id, *card.names])
    for attribute in rules.attributes.values():
        words.update([attribute.name, *attribute.values])
    for group in rules.groups.values():
        words.update([group.name, *group.aliases])
    for section in (
        rules.zones,
        rules.values,
        rules.tables,
        rules.forms,
        rules.immediate_wins,
        rules.phases,
        rules.seat_cards,
        rules.round_cards,
        rules.actions,
        rules.restrictions,
        rules.settles,
        rules.bonuses,
        rules.options,
        rules.patterns,
        rules.scores,
        rules.carries,
        rules.wilds,
    ):
        words.update(section)
    for block in [*rules.settles.values(), *rules.bonuses.values()]:
        words.update(block.lets)
    words.update(payment_labels(rules))
    return words


class NameChecks:
    """Mixin for `Checker`: the `names` blocks."""

    rules: ir.RuleSet

    def check_names(self) -> None:
        if not self.rules.names:
            return
        words = named_words(self.rules)
        cards = self._card_names()
        for block in self.rules.names.values():
            self._check_language(block)
            seen: set[str] = set()
            for line in block.lines:
                if line.span and line.span.file != self.rules.file:
                    continue  # a base file's names are checked when that file is checked
                if line.name in seen:
                    self.report(line, "E102", f"{line.name!r} is given twice in this block")  # type: ignore[attr-defined]
                seen.add(line.name)
                if line.name not in words:
                    self.unknown(line, "name", line.name, words)  # type: ignore[attr-defined]
                    continue
                self._check_card_name(line, cards)

    def _check_language(self, block: ir.Names) -> None:
        if block.span and block.span.file != self.rules.file:
            return
        tag = block.language
        if not LANGUAGE_TAG.match(tag):
            self.report(  # type: ignore[attr-defined]
                block,
                "E104",
                f"{tag!r} is not a language tag",
                "write one such as zh-Hans, zh-Hant or en",
            )
        elif tag not in LANGUAGE_TAGS:
            self.report(  # type: ignore[attr-defined]
                block,
                "W003",
                f"no page or transcript is told in {tag!r}: these names are shown nowhere",
                f"the languages told: {', '.join(LANGUAGE_TAGS)}",
                severity="warning",
            )

    def _card_names(self) -> dict[str, str]:
        """Each name of a card (id, display name, alias) -> the card's id."""
        found: dict[str, str] = {}
        for card in self.rules.deck.cards if self.rules.deck else []:
            for name in (card.id, *card.names):
                found.setdefault(name, card.id)
        return found

    def _check_card_name(self, line: ir.NameLine, cards: dict[str, str]) -> None:
        """A card's name in a language is read as that card too: it may not be another's,
        and card notation must be able to read it as that one card."""
        card = cards.get(line.name)
        if card is None:
            return
        other = cards.get(line.said)
        if other is not None and other != card:
            self.report(  # type: ignore[attr-defined]
                line,
                "E110",
                f"{line.said!r} already names another card ({other}): it cannot also name "
                f"{line.name!r}",
            )
        elif other is None and self.rules.deck is not None:
            problem = self.rules.deck.misleading_name(line.said, card, cards)
            if problem:
                self.report(line, "E104", f"{line.name!r} in this language: {problem}")  # type: ignore[attr-defined]
