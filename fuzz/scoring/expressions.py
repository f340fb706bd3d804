"""Expressions and conditions of a generated file: the quantities the language reads (cards,
groups, how the hand was won, the file's own patterns, scores and tables), numbers, and
arithmetic, `max`/`min`, table lookups and `if` over them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fuzz.scoring.words import COMPARE, CONTEXTS, DISCARD_AFTER, HUGE, NUMBERS, WHO

if TYPE_CHECKING:
    from fuzz.scoring.writer import Writer


class Expressions:
    """A mixin of `fuzz.scoring.writer.Writer` (which supplies `rng`, `base` and `pick`)."""

    def items(self: Writer) -> str:
        attribute = self.pick(list(self.base.attributes))
        values = self.base.attributes[attribute]
        chosen = self.rng.sample(list(values), min(len(values), self.rng.randint(1, 2)))
        return f"({attribute} {' '.join(chosen)})"

    def quantity(self: Writer, settling: bool) -> str:
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

    def _waits_readable(self: Writer, settling: bool) -> bool:
        """`waits` is read in hand patterns, and only where the base's win clause asks no
        minimum score and has no `when` line that could read one (else E110)."""
        win = self.base.blocks.get(("win", ""), "")
        return not settling and "  score " not in win and "  when " not in win

    def _turn_about(self: Writer, words: list[str]) -> str:
        """One of `words`, each in turn from call to call: newer quantities share a place
        in the list without drawing from the random stream (the files older seeds write
        keep their shape)."""
        self._turns = getattr(self, "_turns", -1) + 1
        return words[self._turns % len(words)]

    def expression(self: Writer, depth: int = 0, settling: bool = False) -> str:
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

    def condition(self: Writer, depth: int = 0, settling: bool = False) -> str:
        roll = self.rng.randrange(6)
        if roll < 3:
            return f"{self.quantity(settling)} {self.pick(COMPARE)} {self.pick(NUMBERS[:8])}"
        if roll == 3:
            return self.quantity(settling)
        if roll == 4 and depth < 2:
            joined = self.pick(["and", "or"])
            return f"({self.condition(depth + 1, settling)} {joined} {self.condition(depth + 1)})"
        return f"not {self.quantity(settling)}"
