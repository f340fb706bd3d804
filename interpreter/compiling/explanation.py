"""What a win is worth and why, as data and as sentences: written once, here, for every client.

The evaluator and the engine produce a `Judgement` for each winning split: the hand patterns
that held (with what each adds or multiplies, and the pattern that excluded it, if any) and
the value of each score. The CLI, the transcript and the playground render it with the
functions below, so the arithmetic reads the same everywhere:

    all_pairs 3 + one_colour 3 + own_draw 1 = 7 points
    red_cards ×2 · last_card ×2 = 4 multiplier
    all_honours 10 (limit) = 10 points
    one_colour 7 + all_pairs 3 + own_draw 1 = 11, at most 10: 10 points
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Term:
    """What one pattern does to one score: adds `amount` or multiplies by it, `count` times."""

    op: str  # "add" or "times"
    amount: int
    score: str

    def text(self, count: int) -> str:
        if self.op == "add":
            total = self.amount * count
            return f"{total}" if count == 1 else f"{total} ({count} × {self.amount})"
        factor = self.amount**count
        return f"×{factor}" if count == 1 else f"×{factor} ({self.amount}^{count})"


@dataclass(frozen=True)
class PatternResult:
    """A hand pattern that held on a split."""

    name: str
    title: str
    cites: tuple[str, ...]
    count: int  # how many times it holds
    terms: tuple[Term, ...]
    limit: bool = False
    excluded_by: str | None = None  # the pattern that keeps it from counting

    @property
    def counts(self) -> bool:
        return self.excluded_by is None

    def worth_text(self) -> str:
        """`3`, `×2`, `2 (2 × 1)`; `holds` for a pattern worth nothing by itself."""
        texts = [term.text(self.count) for term in self.terms]
        return " ".join(texts) if texts else "holds"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "cites": list(self.cites),
            "count": self.count,
            "worth": [{"score": t.score, "op": t.op, "amount": t.amount} for t in self.terms],
            "limit": self.limit,
            "excluded_by": self.excluded_by,
        }


@dataclass(frozen=True)
class ScoreResult:
    """A score of a split: (start + points) × multipliers, capped."""

    name: str
    start: int
    added: tuple[tuple[str, int], ...]  # (pattern, points)
    multiplied: tuple[tuple[str, int], ...]  # (pattern, factor)
    raw: int
    cap: int | None
    value: int

    def arithmetic(self) -> str:
        """The score written out, ending with its value and name."""
        if not (self.added or self.multiplied):
            return f"{self.value} {self.name} (no pattern holds)"
        parts = [f"{name} {points}" for name, points in self.added]
        shows_start = (self.added and self.start != 0) or (
            self.multiplied and not self.added and self.start != 1
        )
        if shows_start:
            parts.insert(0, str(self.start))
        text = " + ".join(parts)
        if self.multiplied:
            factors = " · ".join(f"{name} ×{factor}" for name, factor in self.multiplied)
            if not text:
                text = factors
            else:
                text = f"({text}) · {factors}" if len(parts) > 1 else f"{text} · {factors}"
        if text != str(self.raw):
            text += f" = {self.raw}"
        if self.cap is not None and self.raw > self.cap:
            return f"{text}, at most {self.cap}: {self.value} {self.name}"
        return f"{text} {self.name}"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "value": self.value,
            "start": self.start,
            "added": [list(a) for a in self.added],
            "multiplied": [list(m) for m in self.multiplied],
            "raw": self.raw,
            "cap": self.cap,
            "arithmetic": self.arithmetic(),
        }


@dataclass
class Judgement:
    """The hand patterns and scores of one winning split."""

    patterns: list[PatternResult] = field(default_factory=list)
    scores: dict[str, ScoreResult] = field(default_factory=dict)
    # the split and the names it was judged on, kept to say later why the other patterns
    # do not hold (`Scoring.absent`); not part of what is written out
    view: Any = field(default=None, repr=False, compare=False)
    names: dict[str, int] | None = field(default=None, repr=False, compare=False)

    def value(self, score: str) -> int:
        found = self.scores.get(score)
        return found.value if found is not None else 0

    def sentence(self) -> str:
        """Every score's arithmetic, and the patterns that held but do not count."""
        parts = [score.arithmetic() for score in self.scores.values()]
        quiet = [p for p in self.patterns if not p.terms and p.counts]
        if quiet:
            parts.append(", ".join(p.name for p in quiet))
        limits = {p.name for p in self.patterns if p.limit and p.counts}
        left_out = [
            f"{p.name} (not with {p.excluded_by})"
            for p in self.patterns
            if not p.counts and p.excluded_by not in limits  # a limit alone counts: it says so
        ]
        if left_out:
            parts.append("; ".join(left_out))
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "patterns": [p.to_json() for p in self.patterns],
            "scores": {name: s.to_json() for name, s in self.scores.items()},
            "explanation": self.sentence(),
        }


def pattern_line(pattern: dict[str, Any]) -> str:
    """One hand pattern of a win (its JSON form, as the win event carries it) in words:
    `all_pairs (every group a pair) ×2 points [R-1]`, `all_honours 10 points, a limit`,
    `one_colour_and_honours (one suit and honours): not with one_colour`."""
    title = f" ({pattern['title']})" if pattern.get("title") else ""
    cites = f" [{', '.join(pattern['cites'])}]" if pattern.get("cites") else ""
    if pattern.get("excluded_by") is not None:
        return f"{pattern['name']}{title}: not with {pattern['excluded_by']}{cites}"
    count = int(pattern.get("count", 1))
    worth = [
        f"{Term(w['op'], int(w['amount']), w['score']).text(count)} {w['score']}"
        for w in pattern.get("worth", [])
    ]
    said = ", ".join(worth) if worth else "holds"
    if pattern.get("limit"):
        said += ", a limit"
    return f"{pattern['name']}{title} {said}{cites}"
