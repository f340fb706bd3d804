"""Rule files written from the grammar itself: random derivations of `dsl/parsing/rules.lark`.

Every clause the language has can come out, in any order and nesting, with words drawn from
the corpus (names of the bundled games, numbers, odd words), so the checker, the compiler
and the engine see files that parse but say strange things. Each choice goes through a
`Chooser`: a seeded random one for the long campaign, or one that draws from Hypothesis,
which then shrinks a failing file to a small one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from lark.grammar import NonTerminal, Terminal
from tablerules.dsl.parsing.grammar import parser

WORD = re.compile(r"[^\W][\w\-]*")
NUMBERS = ["0", "1", "2", "3", "4", "5", "8", "10", "14", "100", "4294967296"]


class Chooser(Protocol):
    def choose(self, count: int) -> int:
        """An index below `count` (`count` ≥ 1)."""
        ...


@dataclass
class RandomChooser:
    rng: random.Random

    def choose(self, count: int) -> int:
        return self.rng.randrange(count)


@dataclass(frozen=True)
class Grammar:
    """The parser's rules by name, the literal text of its keyword terminals, and for each
    rule the fewest expansion steps that finish it (to end a derivation that runs deep)."""

    expansions: dict[str, list[tuple[Terminal | NonTerminal, ...]]]
    literals: dict[str, str]
    finish: dict[str, int]
    start: str


@cache
def grammar() -> Grammar:
    lark = parser()
    expansions: dict[str, list[tuple[Terminal | NonTerminal, ...]]] = {}
    for rule in lark.rules:
        expansions.setdefault(rule.origin.name, []).append(tuple(rule.expansion))
    literals = {
        t.name: t.pattern.value for t in lark.terminals if type(t.pattern).__name__ == "PatternStr"
    }
    finish = {name: 10**9 for name in expansions}
    changed = True
    while changed:  # the fewest steps that finish each rule, by a fixpoint
        changed = False
        for name, options in expansions.items():
            for expansion in options:
                cost = 1 + sum(finish[s.name] for s in expansion if isinstance(s, NonTerminal))
                if cost < finish[name]:
                    finish[name] = cost
                    changed = True
    return Grammar(expansions, literals, finish, lark.options.start[0])


class Writer:
    """Writes one derivation, drawing every choice from `chooser`."""

    def __init__(
        self,
        chooser: Chooser,
        words: Sequence[str],
        strings: Sequence[str],
        depth: int = 14,
        budget: int = 600,
    ) -> None:
        self.chooser = chooser
        self.words = [w for w in words if WORD.fullmatch(w)] or ["x"]
        self.odd = [w for w in words if not WORD.fullmatch(w)] or ["¹"]
        self.strings = list(strings) or ['"x"']
        self.depth = depth
        self.budget = budget
        self.grammar = grammar()
        self.out: list[str] = []

    def pick(self, items: Sequence[str]) -> str:
        return items[self.chooser.choose(len(items))]

    def terminal(self, name: str) -> str:
        if name in self.grammar.literals:
            return self.grammar.literals[name]
        if name == "_NL":
            return "\n"
        if name == "STRING":
            return self.pick(self.strings)
        if name == "WORD":
            kind = self.chooser.choose(20)
            if kind < 6:
                return self.pick(NUMBERS)
            if kind == 19:
                return self.pick(self.odd)
            return self.pick(self.words)
        return "x"

    def expand(self, name: str, depth: int) -> None:
        options = self.grammar.expansions[name]
        if "_star_" in name or "_plus_" in name:
            self._repeat(name, options, depth)
            return
        if name == self.grammar.start:  # a file with clauses, nearly always
            longest = max(len(e) for e in options)
            options = [e for e in options if len(e) == longest]
        elif depth >= self.depth:  # deep enough: take a way that finishes soonest
            cheapest = min(self._cost(e) for e in options)
            options = [e for e in options if self._cost(e) == cheapest]
        self._write(options[self.chooser.choose(len(options))], depth + 1)

    def _repeat(
        self, name: str, options: list[tuple[Terminal | NonTerminal, ...]], depth: int
    ) -> None:
        """A list (`clause*`, a left-recursive helper rule): its first item, then one more
        four times in five while within budget, written in a loop."""
        again = [e for e in options if e and e[0].name == name]
        once = [e for e in options if e not in again] or options
        self._write(once[self.chooser.choose(len(once))], depth + 1)
        while again and len(self.out) < self.budget and self.chooser.choose(5) < 4:
            expansion = again[self.chooser.choose(len(again))]
            self._write(expansion[1:], depth + 1)

    def _write(self, expansion: tuple[Terminal | NonTerminal, ...], depth: int) -> None:
        for symbol in expansion:
            if isinstance(symbol, NonTerminal):
                self.expand(symbol.name, depth)
            else:
                self.out.append(self.terminal(symbol.name))

    def _cost(self, expansion: tuple[Terminal | NonTerminal, ...]) -> int:
        return sum(self.grammar.finish[s.name] for s in expansion if isinstance(s, NonTerminal))

    def text(self) -> str:
        self.out = []
        self.expand(self.grammar.start, 0)
        joined = " ".join(self.out)
        return re.sub(r" ?\n ?", "\n", joined)


def derive(chooser: Chooser, words: Sequence[str], strings: Sequence[str], depth: int = 14) -> str:
    """One rule file written from the grammar."""
    return Writer(chooser, words, strings, depth).text()
