"""The check that each clause of the file cites the rule ids it implements (a warning, for
the clauses the file itself wrote)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class CitationChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_citations(self: Checker) -> None:
        clauses: list[ir.Clause] = [
            *(c for c in (self.rules.seats, self.rules.deck, self.rules.deal, self.rules.win) if c),
            *self.rules.options.values(),
            *self.rules.attributes.values(),
            *self.rules.zones.values(),
            *self.rules.groups.values(),
            *self.rules.values.values(),
            *self.rules.forms.values(),
            *self.rules.immediate_wins.values(),
            *self.rules.seat_cards.values(),
            *(c for c in (self.rules.turn, self.rules.ties, self.rules.end) if c),
            *(c for c in (self.rules.fee, self.rules.next_dealer) if c),
            *self.rules.actions.values(),
            *self.rules.restrictions.values(),
            *self.rules.settles.values(),
            *self.rules.bonuses.values(),
            *self.rules.tables.values(),
            *self.rules.round_cards.values(),
            *([self.rules.rounds] if self.rules.rounds else []),
            *self.rules.carries.values(),
            *self.rules.patterns.values(),
            *self.rules.scores.values(),
            *self.rules.wilds.values(),
            *([self.rules.discard_rule] if self.rules.discard_rule else []),
        ]
        for clause in clauses:
            if clause.span and clause.span.file != self.rules.file:
                continue  # a base file's clauses are checked when that file is checked
            if not clause.cites:
                self.report(
                    clause,
                    "W001",
                    "this clause cites no rule id",
                    "end the line with the ids it implements, e.g. [RULE-4]",
                    severity="warning",
                )
