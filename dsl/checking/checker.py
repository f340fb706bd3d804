"""Semantic checks on a composed `RuleSet`: names resolve, values fit their types, numbers add up.

Every finding points at the clause that causes it, in the file that wrote it (a variant's
mistake is reported in the variant, a base's in the base). This module holds the findings,
how they are reported, and the order the passes run in; each part of the language is
checked by a mixin of its own module (`checker_setup`, `checker_cards`, `checker_groups`,
`checker_play`, ...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tablerules.dsl.checking.checker_bonus import BonusChecks
from tablerules.dsl.checking.checker_cards import CardChecks
from tablerules.dsl.checking.checker_citations import CitationChecks
from tablerules.dsl.checking.checker_end import EndChecks
from tablerules.dsl.checking.checker_expr import ExpressionChecks
from tablerules.dsl.checking.checker_groups import GroupChecks
from tablerules.dsl.checking.checker_laid import LaidGroupChecks
from tablerules.dsl.checking.checker_limits import LimitChecks
from tablerules.dsl.checking.checker_lookups import LookupChecks
from tablerules.dsl.checking.checker_names import NameChecks
from tablerules.dsl.checking.checker_omissions import OmissionChecks
from tablerules.dsl.checking.checker_order import OrderChecks
from tablerules.dsl.checking.checker_phase import PhaseChecks
from tablerules.dsl.checking.checker_play import PlayChecks
from tablerules.dsl.checking.checker_scoring import ScoringChecks
from tablerules.dsl.checking.checker_setup import SetupChecks
from tablerules.dsl.checking.checker_shown import ShownChecks
from tablerules.dsl.checking.checker_turned import TurnedWildChecks
from tablerules.dsl.checking.checker_wild import WildChecks
from tablerules.dsl.diagnostics import Diagnostic, did_you_mean
from tablerules.dsl.model import ir
from tablerules.dsl.parsing.guesses import times_hint

# The word a diagnostic uses for a kind of name -> the RuleSet section it lives in.
REMOVABLE_SECTIONS = {
    "action": "actions",
    "restriction": "restrictions",
    "group": "groups",
    "option": "options",
    "value table": "values",
    "zone": "zones",
    "score": "scores",
    "pattern": "patterns",
}


WILDS_HINT = (
    "a list of cards reads names and filters; to count the wild cards a hand holds, write 'wilds'"
)


class Checker(
    SetupChecks,
    CardChecks,
    GroupChecks,
    LaidGroupChecks,
    CitationChecks,
    LimitChecks,
    PlayChecks,
    OmissionChecks,
    EndChecks,
    OrderChecks,
    PhaseChecks,
    ExpressionChecks,
    ScoringChecks,
    LookupChecks,
    NameChecks,
    WildChecks,
    TurnedWildChecks,
    BonusChecks,
    ShownChecks,
):
    def __init__(self, rules: ir.RuleSet, texts: dict[str, str] | None = None) -> None:
        self.rules = rules
        self.texts = texts or {}
        self._lines: dict[str, list[str]] = {}
        self.found: list[Diagnostic] = []
        self.added_scores_reported: set[str] = set()  # `_score_added_over`, once a score

    # ── reporting ──────────────────────────────────────────────
    def _line_text(self, file: str, line: int) -> str:
        """The source line a finding points at, from the texts the loader read (a file
        is never read again here: only what the author gave can be quoted)."""
        lines = self._lines.get(file)
        if lines is None:
            lines = self._lines[file] = self.texts.get(file, "").split("\n")
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def report(
        self,
        clause: ir.Clause | None,
        code: str,
        message: str,
        hint: str = "",
        severity: str = "error",
    ) -> None:
        span = clause.span if clause is not None and clause.span else None
        file = span.file if span else self.rules.file
        line = span.line if span else 1
        column = span.column if span else 1
        self.found.append(
            Diagnostic(
                file=file,
                line=line,
                column=column,
                code=code,
                message=message,
                severity=severity,  # type: ignore[arg-type]
                hint=hint,
                source_line=self._line_text(file, line) if span else "",
            )
        )

    @staticmethod
    def at(clause: ir.Clause, item: str) -> ir.Clause:
        """Where a block's item was written (its line), to report a finding about it."""
        return ir.Clause(span=clause.item_span(item))

    def unknown(
        self,
        clause: ir.Clause,
        what: str,
        name: str,
        known: Iterable[str],
        words: Iterable[str] = (),
    ) -> None:
        """An unknown name, with the known ones as a hint and the closest of them, or of
        the `words` the place also takes (`wild` in a card set), as a guess."""
        section = REMOVABLE_SECTIONS.get(what)
        removed = self.rules.removed_at(section, name) if section else None
        if removed is not None:
            used = clause.span
            place = f" (used at {used.file}:{used.line})" if used else ""
            self.report(
                ir.Clause(span=removed),
                "E101",
                f"{what} {name!r} is removed here but is still used{place}",
                "override the clauses that use it too, or keep it",
            )
            return
        options = sorted(known)
        hint = f"known: {', '.join(options[:12])}" if options else f"no {what} is declared"
        close = did_you_mean(name, [*options, *words])
        hint = f"{close} {hint}" if close else hint
        if times_hint(name):  # `worth x2`: a product written with the letter x
            hint = times_hint(name)
        if what == "card" and name == "wild" and self.rules.wilds:
            hint = WILDS_HINT  # `cards wild`: the wild cards held are counted by `wilds`
        self.report(self._at_word(clause, name), "E101", f"unknown {what} {name!r}", hint)

    def _at_word(self, clause: ir.Clause, name: str) -> ir.Clause:
        """The clause, pointed at `name` where its line writes it as a word from the clause's
        column on: the caret then stands under the unknown name, not at the line's start."""
        span = clause.span
        if span is None or not name:
            return clause
        text = self._line_text(span.file, span.line)
        found = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)").search(text, span.column - 1)
        if found is None or found.start() == span.column - 1:
            return clause
        return ir.Clause(span=ir.Span(file=span.file, line=span.line, column=found.start() + 1))

    # ── the checks ─────────────────────────────────────────────
    def run(self) -> list[Diagnostic]:
        rules = self.rules
        if rules.game is None:
            self.report(None, "E109", "the file has no 'game' clause", 'add: game NAME "title"')
        if rules.seats is None:
            self.report(None, "E109", "the file has no 'seats' clause", "add: seats 4")
        if rules.deck is None:
            self.report(None, "E109", "the file has no 'deck'", "add a deck { ... } block")
        if not self.check_limits():
            return self.found
        self.check_seats()
        self.check_options()
        self.check_attributes()
        self.check_deck()
        self.check_zones_and_deal()
        self.check_groups()
        self.check_values()
        self.check_win()
        self.check_forms()
        self.check_laid_groups()
        self.check_immediate_wins()
        self.check_phases()
        self.check_discard_rule()
        self.check_seat_cards()
        self.check_look()
        self.check_play()
        self.check_line_order()
        self.check_wilds()
        self.check_tables()
        self.check_scoring()
        self.check_lookups()
        self.check_names()
        self.check_unread_options()
        self.check_citations()
        return self.found


def check_rules(rules: ir.RuleSet, texts: dict[str, str] | None = None) -> list[Diagnostic]:
    """All semantic findings for `rules`, errors and warnings."""
    return Checker(rules, texts).run()
