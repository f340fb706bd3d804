"""Several bases: `extends "a.rules", "b.rules"` lays b's own clauses over a.

The first base is composed as for a single `extends`. Each further base is composed on its
own, then what it writes itself — its clauses, its `set` and `remove` lines, and those of
its own bases that the earlier bases do not already include — is laid over the rules so far,
in the order the bases are named. A clause that a common base wrote may be replaced that
way; a clause that an earlier base wrote itself and a later base writes too is a conflict,
reported at the `extends` line with both places, unless the file itself overrides (or
removes) it: the file then says which one holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.dsl.diagnostics import DiagnosticSink
from tablerules.dsl.model import ir
from tablerules.dsl.parsing.build import KEYED, SECTION_WORDS, SINGLETONS, FileUnit


@dataclass(frozen=True)
class Conflict:
    section: str
    key: str | None
    first: ir.Span | None
    second: ir.Span | None


def _describe(section: str, key: str | None) -> str:
    if section in SINGLETONS:
        return f"the '{section}' clause"
    return f"{SECTION_WORDS.get(section, section)} {key!r}"


def _where(span: ir.Span | None) -> str:
    return f"{span.file}:{span.line}" if span else "a base file"


def lay_over(rules: ir.RuleSet, base: ir.RuleSet) -> list[Conflict]:
    """Lay `base`'s own clauses over `rules` in place; the conflicts found on the way."""
    earlier = {rules.file, *rules.extends}
    chain = [base.file, *base.extends]
    own = {name for name in chain if name not in earlier}
    common = set(chain) & earlier
    conflicts: list[Conflict] = []

    def written_here(clause: ir.Clause | None) -> bool:
        return clause is not None and clause.span is not None and clause.span.file in own

    def lay(section: str, key: str | None, clause: ir.Clause | None) -> None:
        existing = getattr(rules, section) if key is None else getattr(rules, section).get(key)
        span = existing.span if existing is not None else None
        if span is not None and span.file not in common:
            conflicts.append(Conflict(section, key, span, clause.span if clause else None))
        if key is None:
            setattr(rules, section, clause)
        elif clause is None:
            getattr(rules, section).pop(key, None)
        else:
            getattr(rules, section)[key] = clause

    for section in SINGLETONS:
        clause = getattr(base, section)
        if written_here(clause):
            lay(section, None, clause.model_copy(deep=True))
    for section in KEYED:
        for key, clause in getattr(base, section).items():
            if written_here(clause):
                lay(section, key, clause.model_copy(deep=True))
    for (section, key), span in base.removed_spans().items():
        if span.file in own:
            lay(section, key or None, None)
            rules.note_removal(section, key, span)
    rules.sources.extend(s.model_copy(deep=True) for s in base.sources if written_here(s))
    rules.extends = [*rules.extends, *(name for name in chain if name in own)]
    return conflicts


def report_conflicts(
    conflicts: list[Conflict], unit: FileUnit, span: ir.Span, sink: DiagnosticSink
) -> None:
    """Report the conflicts the file does not settle itself with `override` or `remove`."""
    settled = {(op.section, op.key) for op in unit.operations if op.kind != "define"}
    settled |= {(op.section, op.key) for op in unit.operations if op.section == "settings"}
    for conflict in conflicts:
        if (conflict.section, conflict.key) in settled:
            continue
        sink.add(
            span.line,
            span.column,
            "E102",
            f"{_describe(conflict.section, conflict.key)} is written by two bases:"
            f" {_where(conflict.first)} and {_where(conflict.second)}",
            hint="override it in this file to say which one holds",
        )
