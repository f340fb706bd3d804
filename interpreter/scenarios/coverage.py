"""Which rule ids of a rule file's play and scoring clauses no scenario exercises."""

from __future__ import annotations

from tablerules.dsl.model import ir
from tablerules.dsl.parsing.build import CITATION


def play_rule_ids(rules: ir.RuleSet) -> set[str]:
    """Rule ids cited by the clauses that describe play, what wins and what a win is worth
    (not the static ones: cards, zones, groups): turns, actions, claims, restrictions, the
    end of a hand, money, the next dealer, rounds and carried numbers, the win clause and
    immediate wins, hand patterns, scores, tables and forms.

    For a variant, only the clauses it writes itself: what it inherits is covered by the
    scenarios of the file it extends.
    """
    singles = (
        rules.turn,
        rules.ties,
        rules.end,
        rules.fee,
        rules.next_dealer,
        rules.rounds,
        rules.win,
    )
    carries = list(rules.carries.values())
    clauses: list[ir.Clause] = [
        *(c for c in singles if c),
        *rules.actions.values(),
        *rules.restrictions.values(),
        *rules.settles.values(),
        *rules.bonuses.values(),
        *rules.patterns.values(),
        *rules.scores.values(),
        *rules.tables.values(),
        *rules.round_cards.values(),
        *rules.forms.values(),
        *rules.immediate_wins.values(),
        *carries,
    ]
    ids: set[str] = set()
    for clause in clauses:
        if clause.span is not None and clause.span.file != rules.file and rules.extends:
            continue
        ids.update(_cites(clause))
    return {i for i in ids if CITATION.match(i)}


def cited_rule_ids(rules: ir.RuleSet) -> set[str]:
    """Every rule id a clause of the composed file cites, its bases' included: a scenario
    naming an id outside it names a rule the file does not implement (or mistypes one)."""
    ids: set[str] = set()
    for value in rules.__dict__.values():
        if isinstance(value, dict):
            items = list(value.values())
        elif isinstance(value, list):
            items = value
        else:
            items = [value]
        for item in items:
            if isinstance(item, ir.Clause):
                ids.update(_cites(item))
    return ids


def _cites(clause: ir.Clause) -> set[str]:
    found = set(clause.cites)
    for value in clause.__dict__.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, ir.Clause):
                found.update(_cites(item))
    return found
