"""Clauses of what a hand is worth: a score, a table, hand patterns (`when`, `counts`,
`worth`, `excludes`, `limit`), group kinds new or overriding the base's, and the base's win
with more lines."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fuzz.scoring.words import CITE, NUMBERS

if TYPE_CHECKING:
    from fuzz.scoring.writer import Writer


class HandClauses:
    """A mixin of `fuzz.scoring.writer.Writer` (which supplies `rng`, `base` and `pick`)."""

    def score_clause(self: Writer) -> str:
        if self.base.scores:  # a second score would leave the base's patterns ambiguous
            self.score = self.base.scores[0]
            return ""
        self.score = "fz"
        lines = []
        if self.rng.random() < 0.6:
            lines.append(f"  starts at {self.pick(NUMBERS[:7])}")
        if self.rng.random() < 0.6:
            cap = self.pick(NUMBERS)
            self.cap = int(cap)
            lines.append(f"  at most {cap}")
        if self.rng.random() < 0.4:
            lines.append("  decides the best split")
        return f'score fz "a fuzzed score" {CITE} {{\n' + "\n".join(lines) + "\n}\n"

    def table_clause(self: Writer) -> str:
        self.table = "fzt"
        keys = sorted(self.rng.sample(range(0, 20), self.rng.randint(1, 4)))
        rows = "".join(f"  {key}: {self.pick(NUMBERS)}\n" for key in keys)
        return f'table fzt "a fuzzed table" {CITE} {{\n{rows}}}\n'

    def pattern_clause(self: Writer, index: int) -> str:
        lines = [f"  when {self.condition()}" for _ in range(self.rng.randint(0, 2))]
        if not lines or self.rng.random() < 0.3:
            lines.append(f"  counts {self.expression()}")
        worth = ""
        if self.score and self.rng.random() < 0.85:
            times = self.pick(["×", ""])
            amount = self.pick(NUMBERS[:9])
            worth = f"  worth {times}{amount} {self.score}"
            lines.append(worth)
        if self.patterns and self.rng.random() < 0.2:
            lines.append(f"  excludes {self.pick(self.patterns)}")
        if self.rng.random() < 0.25:
            if self.score:  # a limit worth nothing alone is refused (E109, E110): it adds
                points = f"  worth {max(int(amount), 1) if worth else 1} {self.score}"
                lines = [points if line == worth else line for line in lines]
                if not worth:
                    lines.append(points)
            lines.append("  limit")
        name = f"p{index}"
        self.patterns.append(name)
        return f'pattern {name} "fuzzed pattern {index}" {CITE} {{\n' + "\n".join(lines) + "\n}\n"

    def group_clause(self: Writer, index: int) -> str:
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

    def group_override(self: Writer) -> str:
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

    def win_override(self: Writer) -> str:
        text = self.base.blocks[("win", "")]
        extra = []
        if self.score and "  score " not in text and self.rng.random() < 0.6:
            reachable = [n for n in NUMBERS[:6] if self.cap is None or int(n) <= self.cap]
            extra.append(f"  score {self.score} at least {self.pick(reachable)}")
        if self.rng.random() < 0.5:
            extra.append(f"  when {self.condition(settling=True)}")
        body = text[: text.rindex("}")] + "".join(line + "\n" for line in extra) + "}"
        return "override " + body + "\n"
