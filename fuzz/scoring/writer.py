"""`Writer`: one generated file over a base, every choice drawn from one random stream; the
clauses come from the mixins of this package, in the order `file` draws them (an order
kept, so that a seed writes the same file)."""

from __future__ import annotations

import random

from fuzz.bases import Base
from fuzz.scoring.expressions import Expressions
from fuzz.scoring.hand_clauses import HandClauses
from fuzz.scoring.money_clauses import MoneyClauses
from fuzz.scoring.play_clauses import PlayClauses


class Writer(Expressions, HandClauses, MoneyClauses, PlayClauses):
    """One generated file over `base`, every choice drawn from `rng`."""

    def __init__(self, rng: random.Random, game: Base) -> None:
        self.rng = rng
        self.base = game
        self.patterns: list[str] = []
        self.score = ""
        self.cap: int | None = None  # the new score's `at most`, which a win's minimum stays under
        self.table = ""
        self.kinds = list(game.kinds)
        self.declared: list[str] = []  # attributes a phase of the file declares
        self.discarding = False  # whether the file has its discard clause already
        self.paying = False  # writing a settle block: its amounts may read who pays

    def pick(self, items: list[str] | tuple[str, ...]) -> str:
        return self.rng.choice(list(items))

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
