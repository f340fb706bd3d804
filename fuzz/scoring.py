"""Rule files that reach scoring at play time: a real game extended with random scoring.

Each file `extends` a base (`fuzz.bases`) and adds what regional rules add: a score with a
start, a cap and `decides the best split`; hand patterns with `when` conditions, `counts`,
`worth N` and `worth ×N`, `excludes` and `limit` (several limits at once among them); a
table; group kinds with `where` filters and `never split`, new or overriding the base's;
a `win` with more lines (`score … at least`, `when`, many groups); a settlement whose
amounts use `max`/`min` (one argument too), tables, huge numbers, labels a spreadsheet
would read as formulas; the base's bonus draw paid `per hit`; a number carried from hand to
hand (`carry`) that a settlement pays; money at a drawn hand between seats chosen by their
hands, refunds and transfers of the actions' payments; play after a win (`a winner leaves
the hand`); phases before play (an exchange, a declaration read by `declared ATTR`, the
declared cards discarded first, a claim never taken with them); a win on the dealer's
last dealt card (`on deal card by self`); and wins shown on the deal while play goes on
(`immediate win … play goes on` with its `pays:`). Most of them check, so the engine plays
them and the evaluator settles them. A `Pebbles` game scaled up (more copies, a deal of up
to 40 cards, up to 18 groups) reaches the win signature's counts.
"""

from __future__ import annotations

import random
import re

from fuzz.bases import EXAMPLE_BASE, Base, all_bases, base
from fuzz.corpus import EXAMPLES

CITE = "[FZ-1]"
# the discard a hand was won on (`won on discard after replacement|last card`)
DISCARD_AFTER = ["won on discard after replacement", "won on discard after last card"]
NUMBERS = ["0", "1", "2", "3", "5", "8", "13", "16", "20", "100", "1000000000"]
HUGE = ["(1000000000 ^ 9)", "(2 ^ 1000)", "(0 - (1000000000 ^ 64))"]  # at the 2^256 cap
COMPARE = ["=", "!=", "<", "<=", ">", ">=", "≥"]
LABELS = ["fz", "=1+1", "+cmd", "-2", "@sum", "=HYPERLINK(1)", "-", "a,b", "a;b", "馬"]
CONTEXTS = ["draw", "replacement", "discard", "added card", "deal card", "deal"]
WHO = ["", " by self", " by others", " by next", " by anyone"]


class Writer:
    """One generated file over `base`, every choice drawn from `rng`."""

    def __init__(self, rng: random.Random, game: Base) -> None:
        self.rng = rng
        self.base = game
        self.patterns: list[str] = []
        self.score = ""
        self.table = ""
        self.kinds = list(game.kinds)
        self.declared: list[str] = []  # attributes a phase of the file declares
        self.discarding = False  # whether the file has its discard clause already
        self.paying = False  # writing a settle block: its amounts may read who pays

    def pick(self, items: list[str] | tuple[str, ...]) -> str:
        return self.rng.choice(list(items))

    # ── expressions ──────────────────────────────────────────────────
    def items(self) -> str:
        attribute = self.pick(list(self.base.attributes))
        values = self.base.attributes[attribute]
        chosen = self.rng.sample(list(values), min(len(values), self.rng.randint(1, 2)))
        return f"({attribute} {' '.join(chosen)})"

    def quantity(self, settling: bool) -> str:
        kinds = " ".join(self.rng.sample(self.kinds, self.rng.randint(1, min(3, len(self.kinds)))))
        attribute = self.pick(list(self.base.attributes))
        choices = [
            "cards",
            f"cards {self.items()}",
            *(f"cards declared {name}" for name in self.declared),
            f"distinct {attribute}",
            f"distinct {attribute} in {self.items()}",
            "groups",
            f"groups of {kinds}",
            f"groups of {kinds} with {self.items()}",
            "claimed groups",
            self._turn_about(
                [
                    f"claimed groups of {kinds}",
                    "sets of 4 alike",
                    "sets of 2 alike",
                    "cards in hand",
                ]
            ),
            f"won on {self.pick(CONTEXTS)}{self.pick(WHO)}",
            "last card",
            "first discard",
            self._turn_about(["first draw", *DISCARD_AFTER]),
            "dealer wins",
            "replacement shown",
            "value",
            "streak",
            f"count {self.pick(self.kinds)}",
            self._turn_about(["wilds", "waits"] if self._waits_readable(settling) else ["wilds"]),
        ]
        if self.base.forms:
            choices.append(f"form {self.pick(self.base.forms)}")
        named = [*self.patterns, *self.base.patterns]
        if settling:
            named += [*self.base.scores, *([self.score] if self.score else [])]
        if named:
            choices.append(self.pick(named))
        if self.base.numbers:
            choices.append(self.pick(self.base.numbers))
        if settling and self.paying:  # who pays, in a settle block: worked out per payer
            choices += ["payer is dealer", "winner is dealer", "payer seat"]
        return self.pick(choices)

    def _waits_readable(self, settling: bool) -> bool:
        """`waits` is read in hand patterns, and only where the base's win clause asks no
        minimum score and has no `when` line that could read one (else E110)."""
        win = self.base.blocks.get(("win", ""), "")
        return not settling and "  score " not in win and "  when " not in win

    def _turn_about(self, words: list[str]) -> str:
        """One of `words`, each in turn from call to call: newer quantities share a place
        in the list without drawing from the random stream (the files older seeds write
        keep their shape)."""
        self._turns = getattr(self, "_turns", -1) + 1
        return words[self._turns % len(words)]

    def expression(self, depth: int = 0, settling: bool = False) -> str:
        roll = self.rng.randrange(10 if depth < 2 else 4)
        if roll < 2:
            return self.pick(NUMBERS if not settling else [*NUMBERS, *HUGE])
        if roll < 4:
            return self.quantity(settling)
        if roll < 6:
            operator = self.pick(["+", "-", "×", "/", "^"])
            left = self.expression(depth + 1, settling)
            return f"({left} {operator} {self.expression(depth + 1, settling)})"
        if roll < 8:
            count = self.pick(["1", "2", "2", "3"])
            arguments = [self.expression(depth + 1, settling) for _ in range(int(count))]
            return f"{self.pick(['max', 'min'])}({', '.join(arguments)})"
        if roll == 8 and self.table:
            return f"{self.table}({self.expression(depth + 1, settling)})"
        condition = self.condition(depth + 1, settling)
        then = self.expression(depth + 1, settling)
        return f"(if {condition} then {then} else {self.expression(depth + 1, settling)})"

    def condition(self, depth: int = 0, settling: bool = False) -> str:
        roll = self.rng.randrange(6)
        if roll < 3:
            return f"{self.quantity(settling)} {self.pick(COMPARE)} {self.pick(NUMBERS[:8])}"
        if roll == 3:
            return self.quantity(settling)
        if roll == 4 and depth < 2:
            joined = self.pick(["and", "or"])
            return f"({self.condition(depth + 1, settling)} {joined} {self.condition(depth + 1)})"
        return f"not {self.quantity(settling)}"

    # ── clauses ──────────────────────────────────────────────────────
    def score_clause(self) -> str:
        if self.base.scores:  # a second score would leave the base's patterns ambiguous
            self.score = self.base.scores[0]
            return ""
        self.score = "fz"
        lines = []
        if self.rng.random() < 0.6:
            lines.append(f"  starts at {self.pick(NUMBERS[:7])}")
        if self.rng.random() < 0.6:
            lines.append(f"  at most {self.pick(NUMBERS)}")
        if self.rng.random() < 0.4:
            lines.append("  decides the best split")
        return f'score fz "a fuzzed score" {CITE} {{\n' + "\n".join(lines) + "\n}\n"

    def table_clause(self) -> str:
        self.table = "fzt"
        keys = sorted(self.rng.sample(range(0, 20), self.rng.randint(1, 4)))
        rows = "".join(f"  {key}: {self.pick(NUMBERS)}\n" for key in keys)
        return f'table fzt "a fuzzed table" {CITE} {{\n{rows}}}\n'

    def pattern_clause(self, index: int) -> str:
        lines = [f"  when {self.condition()}" for _ in range(self.rng.randint(0, 2))]
        if not lines or self.rng.random() < 0.3:
            lines.append(f"  counts {self.expression()}")
        if self.score and self.rng.random() < 0.85:
            times = self.pick(["×", ""])
            lines.append(f"  worth {times}{self.pick(NUMBERS[:9])} {self.score}")
        if self.patterns and self.rng.random() < 0.2:
            lines.append(f"  excludes {self.pick(self.patterns)}")
        if self.rng.random() < 0.25:
            lines.append("  limit")
        name = f"p{index}"
        self.patterns.append(name)
        return f'pattern {name} "fuzzed pattern {index}" {CITE} {{\n' + "\n".join(lines) + "\n}\n"

    def group_clause(self, index: int) -> str:
        size = self.rng.randint(1, 4)
        pattern = f"same {size}"
        if self.rng.random() < 0.7:
            pattern += f", where {self.items()[1:-1]}"
        place = self.pick(["in hand", "in hand, on table", "on table"])
        lines = [f"  pattern {pattern}", f"  {place}"]
        if self.rng.random() < 0.5:
            lines.append("  never split")
        name = f"g{index}"
        self.kinds.append(name)
        return f'group {name} "fuzzed group {index}" {CITE} {{\n' + "\n".join(lines) + "\n}\n"

    def group_override(self) -> str:
        kind = self.pick([k for (c, k) in self.base.blocks if c == "group"])
        text = self.base.blocks[("group", kind)]
        if self.rng.random() < 0.7:
            where = f", where {self.items()[1:-1]}"
            line = r"(?m)^(  pattern [^#\n]*?)(\s*(#.*)?)$"
            text = re.sub(line, rf"\g<1>{where}\g<2>", text, count=1)
        alike = re.search(r"(?m)^  pattern same \d", text)
        if alike and self.rng.random() < 0.5 and "never split" not in text:
            text = text[: text.rindex("}")] + "  never split\n}"
        return "override " + text + "\n"

    def win_override(self) -> str:
        text = self.base.blocks[("win", "")]
        extra = []
        if self.score and "  score " not in text and self.rng.random() < 0.6:
            extra.append(f"  score {self.score} at least {self.pick(NUMBERS[:6])}")
        if self.rng.random() < 0.5:
            extra.append(f"  when {self.condition(settling=True)}")
        body = text[: text.rindex("}")] + "".join(line + "\n" for line in extra) + "}"
        return "override " + body + "\n"

    def settle_clause(self) -> str:
        self.paying = True  # `payer is dealer`, `payer seat`...: a settle block's own words
        try:
            return self._settle_lines()
        finally:
            self.paying = False

    def _settle_lines(self) -> str:
        lines = []
        for index in range(self.rng.randint(0, 2)):
            lines.append(f"  let l{index} = {self.expression(settling=True)}")
        for _ in range(self.rng.randint(1, 3)):
            context = self.pick(["draw", "discard", "replacement", "added card", "deal card"])
            payer = self.pick(["each other", "discarder", "robbed"])
            amount = self.expression(settling=True)
            label = self.pick(LABELS)
            lines.append(f'  on {context}: {payer} pays {amount} "{label}"')
        if self.rng.random() < 0.5:
            lines.append(f'  otherwise: each other pays {self.expression(settling=True)} "x"')
        return f"settle fz {CITE} {{\n" + "\n".join(lines) + "\n}\n"

    def carry_clause(self) -> str:
        """A number carried from hand to hand, its updates reading itself and the streak,
        and a settlement line that pays it."""
        lines = []
        if self.rng.random() < 0.7:
            lines.append(f"  starts at {self.pick(NUMBERS[:8])}")
        updates = {
            "after win": ["0", "fzc + 1", "fzc × 2", "streak", *HUGE],
            "after drawn hand": ["fzc + 1", "fzc × 2", "max(fzc - 1, 0)", "2 ^ fzc", *HUGE],
        }
        for case, choices in updates.items():
            if self.rng.random() < 0.8:
                lines.append(f"  {case}: {self.pick(choices)}")
        amount = self.pick(["fzc", "2 ^ min(fzc, 8)", f"fzc × {self.pick(NUMBERS[:6])}"])
        carry = f'carry fzc "a fuzzed carried number" {CITE} {{\n' + "\n".join(lines) + "\n}\n"
        return carry + f'settle fzk {CITE} {{\n  otherwise: each other pays {amount} "k"\n}}\n'

    def bonus_override(self) -> str:
        name = self.pick([k for (c, k) in self.base.blocks if c == "bonus"])
        text = self.base.blocks[("bonus", name)]
        choices = ["settled", "hits", self.expression(settling=True), "2 × unit", *HUGE]
        amount = self.pick(choices)
        per_hit = self.pick([" per hit", " per hit", ""])
        line = f'  pays: each other pays {amount}{per_hit} "{self.pick(LABELS)}"'
        text = re.sub(r"(?m)^  pays:.*$", line, text, count=1)
        if self.rng.random() < 0.4:
            text = re.sub(r"(?m)^  count .*$", f"  count {self.pick(NUMBERS[:7])}", text, count=1)
        return "override " + text + "\n"

    def bonus_reading(self) -> str:
        """A second bonus read against the winner, beside the base's: seats counted from
        the winner with `payer hit`, a card filter, or copies in the winning hand; paid by
        `each payer`."""
        name = self.pick([k for (c, k) in self.base.blocks if c == "bonus"])
        text = self.base.blocks[("bonus", name)]
        zone = re.search(r"(?m)^  drawn from (\S+) (head|tail)", text)
        seats = re.search(r"(?m)^  hit when in seat cards (\S+)", text)
        drawn = f"{zone.group(1)} {zone.group(2)}" if zone else "wall head"
        hits = [f"hit when {self.items()}", "hit per copy in winning hand"]
        if seats:
            hits.append(f"hit when in seat cards {seats.group(1)} counted from winner")
        hit = self.pick(hits)
        amount = self.pick(["settled", "hits", "2 × hits", *HUGE])
        if hit.startswith("hit when in seat"):
            amount = self.pick(["settled × (hits + payer hit)", "payer hit", amount])
        reads_win = "copy" in hit and self.rng.random() < 0.5
        missing = "  missing reads winning card\n" if reads_win else ""
        return (
            f'bonus FZB "a fuzzed bonus read against the winner" {CITE} {{\n'
            f"  after win on draw, discard\n  count {self.pick(NUMBERS[:4])}\n"
            f"  drawn from {drawn}\n  {hit}\n{missing}"
            f'  pays: each payer pays {amount} "{self.pick(LABELS)}"\n}}\n'
        )

    def action_override(self) -> str:
        """An action's own payment (a kong's) with another amount and label: paid in play
        without a win, so its label reaches the statistics of short simulations."""
        paying = [
            k for (c, k), text in self.base.blocks.items() if c == "action" and "pays:" in text
        ]
        text = self.base.blocks[("action", self.pick(paying))]
        amount = self.pick([self.pick(NUMBERS), *self.base.numbers])
        line = f'  pays: each other pays {amount} "{self.pick(LABELS)}"'
        return "override " + re.sub(r"(?m)^  pays:.*$", line, text, count=1) + "\n"

    def phase_clauses(self) -> str:
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

    def never_declared_override(self, attribute: str) -> str:
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

    def dealt_win_override(self) -> str:
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

    def end_override(self) -> str:
        """The base's end with play after a win: a winner leaves the hand until N have won
        (N at times beyond the seats, E104; a base with a bonus draw, an immediate win or a
        way `by next` is refused, E110)."""
        until = self.pick(["1", "1", "2", "3", "0", "4"])
        zone = self.base.draw_zone or "wall"
        return (
            f"override end {CITE} {{\n  drawn hand when {zone} is empty\n"
            f"  a winner leaves the hand, until {until} have won\n}}\n"
        )

    def wild_clause(self) -> str:
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

    def turned_wild_clause(self, stands: str) -> str:
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

    def shown_win_clause(self) -> str:
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

    def file(self, extending: bool = True) -> str:
        """The file's text; without `extending`, the clauses alone, none overriding."""
        parts = [f'extends "{self.base.extends}"\n'] if extending else []
        if self.rng.random() < 0.3:
            parts.append(self.phase_clauses())
        if self.rng.random() < 0.4:
            parts.append(self.table_clause())
        if self.rng.random() < 0.7:
            parts.append(self.score_clause())
        for index in range(self.rng.randint(0, 2)):
            parts.append(self.group_clause(index))
        if extending and self.rng.random() < 0.3:
            parts.append(self.group_override())
        for index in range(self.rng.randint(0, 6)):
            parts.append(self.pattern_clause(index))
        if extending and self.rng.random() < 0.5:
            parts.append(self.win_override())
        if self.rng.random() < 0.7:
            parts.append(self.settle_clause())
        paying = any(c == "action" and "pays:" in t for (c, _), t in self.base.blocks.items())
        if extending and paying and self.rng.random() < 0.4:
            parts.append(self.action_override())
        if self.rng.random() < 0.2:
            parts.append(self.wild_clause())
        if self.rng.random() < 0.2:
            parts.append(self.shown_win_clause())
        bonus = any(c == "bonus" for c, _ in self.base.blocks)
        if extending and bonus and self.rng.random() < 0.6:
            parts.append(self.bonus_override())
        if self.rng.random() < 0.3:  # every base's hands may be drawn
            parts.append(self.drawn_clauses())
        if self.rng.random() < 0.4:  # drawn last: the choices above stay as they were
            parts.append(self.carry_clause())
        if extending and bonus and self.rng.random() < 0.3:  # after those, for the same reason
            parts.append(self.bonus_reading())
        if extending and self.rng.random() < 0.15:  # after the carry: its draws stay as they were
            parts.append(self.end_override())
        if extending and self.rng.random() < 0.1:  # last: the choices above stay as they were
            parts.append(self.dealt_win_override())
        return "\n".join(parts)

    def drawn_clauses(self) -> str:
        """Money at a drawn hand between seats chosen by their hands (`ready`, `playing`,
        `holds distinct ATTR`, `best win of payee`), the payments of the base's paying
        actions handed back, and a transfer of them at a win."""
        attribute = self.pick(list(self.base.attributes))
        conditions = [
            "ready",
            "not ready",
            "playing and ready",
            f"holds distinct {attribute} {self.pick(COMPARE)} {self.pick(NUMBERS[:4])}",
            f"playing and holds distinct {attribute} > 1 and not ready",
        ]
        amounts = ["best win of payee", "best win of payer", "min(best win of payee, 8)", "2"]
        amount = self.pick([*amounts, *HUGE])
        payers, payees = self.pick(conditions), self.pick(conditions)
        lines = [
            f"  at drawn hand: each seat where {payers} pays {amount} to each seat where"
            f' {payees} "dr"'
        ]
        paying = [
            k for (c, k), text in self.base.blocks.items() if c == "action" and "pays:" in text
        ]
        transfer = ""
        if paying:
            actions = " ".join(self.rng.sample(paying, self.rng.randint(1, len(paying))))
            if self.rng.random() < 0.5:
                lines.append(f'  at drawn hand: payments of {actions} go back "rf"')
            else:
                lines.append(
                    f"  at drawn hand: each seat paying at fzd hands back payments of {actions}"
                )
            if self.rng.random() < 0.5:
                transfer = (
                    f"settle fzt {CITE} {{\n  on win on discard after replacement: payments of"
                    f' {actions} go to winner "tr"\n}}\n'
                )
        return f"settle fzd {CITE} {{\n" + "\n".join(lines) + "\n}\n" + transfer


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


def scaled_pebbles(rng: random.Random) -> str:
    """Pebbles in one file with more copies and a larger deal, won with many groups (pairs
    among them) — up to 18 groups, past what fits in four bits."""
    groups = rng.randint(2, 18)
    pairs = rng.randint(1, groups)
    dealt = 3 * (groups - pairs) + 2 * pairs - 1
    if dealt > 40:
        pairs = groups
        dealt = 2 * groups - 1
    copies = max(3, min(16, -(-(2 * dealt + 6) // 15) + rng.randint(0, 3)))
    minimal = (EXAMPLES / "minimal.rules").read_text(encoding="utf-8")
    play = (EXAMPLES / "pebbles-play.rules").read_text(encoding="utf-8")
    play = re.sub(r'(?m)^extends "minimal.rules"\n', "", play)
    play = re.sub(r"(?ms)^override group three.*?^}\n", "", play)
    minimal = minimal.replace("copies 3", f"copies {copies}")
    minimal = minimal.replace("4 to each hand", f"{dealt} to each hand")
    minimal = minimal.replace("  in hand\n  concealed\n}", "  in hand, on table\n  concealed\n}", 1)
    minimal = minimal.replace("groups 2", f"groups {groups}")
    minimal = minimal.replace("pairs of pair: 1", f"pairs of pair: {pairs}")
    return minimal + "\n" + play


def scoring_file(rng: random.Random) -> str:
    """One generated rule file: scaled Pebbles now and then, else a base with scoring."""
    if rng.random() < 0.15:
        text = scaled_pebbles(rng)
        if rng.random() < 0.5:  # scoring over it too, written in the same file
            writer = Writer(rng, base("pebbles-play.rules"))
            text += "\n" + writer.file(extending=False)
        return text
    return Writer(rng, rng.choice(all_bases())).file()
