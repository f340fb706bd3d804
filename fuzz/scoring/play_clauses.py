"""Clauses of how play goes: phases before play, a claim never taken with a declared card,
a win on the dealer's last dealt card, play after a win, wilds (turned at the deal among
them), and immediate wins shown on the deal while play goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fuzz.bases import EXAMPLE_BASE
from fuzz.scoring.words import CITE, COMPARE, HUGE, LABELS, NUMBERS

if TYPE_CHECKING:
    from fuzz.scoring.writer import Writer

# Pebbles played with one pebble more for the dealer, who discards first: its last dealt
# pebble is offered to it alone before that discard (`on deal card by self`)
PEBBLES_DEALT = """
override deal [FZ-1] {
  4 to each hand
  1 to dealer hand
  rest to pile
}

override turn [FZ-1] {
  dealer begins by discarding
  draw from pile head, kept
}
"""


class PlayClauses:
    """A mixin of `fuzz.scoring.writer.Writer` (which supplies `rng`, `base` and `pick`)."""

    def phase_clauses(self: Writer) -> str:
        """Phases before play: an exchange of one card (always possible when every card
        has the attribute), a declaration, and the discard clause's declared cards first."""
        attribute = self.pick(list(self.base.attributes))
        self.declared.append(attribute)
        direction = self.pick(["next", "previous"])
        shown = self.pick([", shown", ""])
        text = (
            f"phase fzx {CITE} {{\n  each seat passes 1 cards of one {attribute} to {direction}\n"
            f"}}\n\nphase fzd {CITE} {{\n  each seat declares one {attribute}{shown}\n}}\n"
        )
        if self.rng.random() < 0.5:
            self.discarding = True  # one discard clause a file
            text += f"\ndiscard {CITE} {{\n  first declared {attribute}\n}}\n"
        if self.rng.random() < 0.5:
            text += self.never_declared_override(attribute)
        return text

    def never_declared_override(self: Writer, attribute: str) -> str:
        """A claim of the base never taken with a card of the value its seat declared
        (`never of declared ATTR`; at times an attribute no phase declares, E110). Only an
        action with no `pays:` line, which `action_override` leaves alone."""
        claims = [
            text
            for (clause, _), text in self.base.blocks.items()
            if clause == "action" and "from hand" in text and "pays:" not in text
        ]
        if not claims:
            return ""
        wrong = self.pick([*self.base.attributes, "nothing"])
        line = f"  never of declared {attribute if self.rng.random() < 0.85 else wrong}"
        text = self.pick(claims)
        header, _, body = text.partition("\n")
        return f"\noverride {header}\n{line}\n{body}\n"

    def dealt_win_override(self: Writer) -> str:
        """The base's win taken on the dealer's last dealt card too (`on deal card by
        self`, 天胡), and a settlement line paying it; at times a way no seat could be
        offered (by others; a dealer that begins by drawing) or no line, E110."""
        wins = [
            text
            for (clause, _), text in self.base.blocks.items()
            if clause == "action" and "\n  win" in text
        ]
        if not wins:
            return ""
        header, _, body = self.pick(wins).partition("\n")
        who = "self" if self.rng.random() < 0.85 else "others"
        text = f"override {header}\n  on deal card by {who}\n{body}\n"
        if self.base.extends == EXAMPLE_BASE:  # Pebbles: the dealer takes one more, discards
            text += PEBBLES_DEALT
        # elsewhere a card shown on the deal (跑胡子), or a dealer that draws first: E110"
        settle = self.base.blocks.get(("settle", "win"))
        if settle is not None and self.rng.random() < 0.8:  # else its discarder pays: E110
            amount = self.pick([self.pick(NUMBERS), *self.base.numbers])
            head, _, rest = settle.partition("\n")
            line = f'  on deal card by self: each other pays {amount} "{self.pick(LABELS)}"'
            text += f"\noverride {head}\n{line}\n{rest}\n"
        return text

    def end_override(self: Writer) -> str:
        """The base's end with play after a win: a winner leaves the hand until N have won
        (N at times beyond the seats, E104; a base with a bonus draw, an immediate win or a
        way `by next` is refused, E110)."""
        until = self.pick(["1", "1", "2", "3", "0", "4"])
        zone = self.base.draw_zone or "wall"
        return (
            f"override end {CITE} {{\n  drawn hand when {zone} is empty\n"
            f"  a winner leaves the hand, until {until} have won\n}}\n"
        )

    def wild_clause(self: Writer) -> str:
        """A wild clause (cards by a filter, what they stand for), and at times the card
        filters that read it: a discard rule and nothing else (actions stay the base's)."""
        stands = self.pick(["any card", self.items(), f"any card except {self.items()}"])
        one_card = self.base.cards and 0 < self.base.copies <= 4 and self.rng.random() < 0.85
        wilds = self.pick(list(self.base.cards)) if one_card else self.items()  # else: E111
        text = f"wild FZW {CITE} {{\n  cards {wilds}\n  stands for {stands}\n}}\n"
        if self.base.attributes and self.rng.random() < 0.12:  # most orders fail to check
            text = self.turned_wild_clause(stands)
        if self.rng.random() < 0.5 and not self.discarding:
            first = f"  first {self.items()}\n" if self.rng.random() < 0.5 else ""
            text += f"\ndiscard {CITE} {{\n  never wild\n{first}}}\n"
        return text

    def turned_wild_clause(self: Writer, stands: str) -> str:
        """A wild chosen at the deal: turned from an end of the draw zone (at times another
        zone, E110), the next card by one attribute among those sharing another's value (at
        times an order that cannot place every card, E110)."""
        attributes = list(self.base.attributes)
        by = self.pick(attributes)
        same = self.pick([f", same {self.pick(attributes)}", ""])
        zone = self.pick([self.base.draw_zone or "wall", self.base.draw_zone or "wall", "hand"])
        end = self.pick(["head", "tail"])
        return (
            f"wild FZW {CITE} {{\n  turned from {zone} {end}\n  next by {by}{same}\n"
            f"  stands for {stands}\n}}\n"
        )

    def shown_win_clause(self: Writer) -> str:
        """An immediate win where play goes on: shown on the deal by sets of alike cards of
        a group kind or by a condition on the dealt cards, paid at once by its `pays:`."""
        count = self.pick(["0", "1", "2", "3", "14"])
        when = self.pick(
            [
                f"when {count} of {self.pick(self.kinds)}",
                f"when cards {self.items()} {self.pick(COMPARE)} {self.pick(NUMBERS)}",
                f"when distinct {self.pick(list(self.base.attributes))} < {self.pick(NUMBERS)}",
            ]
        )
        amount = self.pick([self.pick(NUMBERS), *self.base.numbers, self.pick(HUGE)])
        pays = f'  pays: each other pays {amount} "{self.pick(LABELS)}"\n'
        return (
            f"immediate win FZS {CITE} {{\n  {when}\n  play goes on\n{pays}"
            f"{pays if self.rng.random() < 0.3 else ''}}}\n"
        )
