"""Which rule ids of a rule file's play clauses no scenario exercises."""

from __future__ import annotations

from tablerules.dsl import ir
from tablerules.dsl.build import CITATION


def play_rule_ids(rules: ir.RuleSet) -> set[str]:
    """Rule ids cited by the clauses that describe play (not the static ones).

    For a variant, only the clauses it writes itself: what it inherits is covered by the
    scenarios of the file it extends.
    """
    clauses: list[ir.Clause] = [
        *(c for c in (rules.turn, rules.ties, rules.end, rules.fee, rules.next_dealer) if c),
        *rules.actions.values(),
        *rules.restrictions.values(),
        *rules.settles.values(),
        *rules.bonuses.values(),
    ]
    ids: set[str] = set()
    for clause in clauses:
        if clause.span is not None and clause.span.file != rules.file and rules.extends:
            continue
        ids.update(_cites(clause))
    return {i for i in ids if CITATION.match(i)}


def _cites(clause: ir.Clause) -> set[str]:
    found = set(clause.cites)
    for value in clause.__dict__.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, ir.Clause):
                found.update(_cites(item))
    return found
