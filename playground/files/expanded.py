"""The rules as the engine sees them, after `extends`, overrides and options — written in
the rule language itself: each clause in effect, copied from the file it comes from."""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.loading.loader import Loaded
from tablerules.dsl.model import ir
from tablerules.playground.files.drafts import display_path


def _clauses(rules: ir.RuleSet) -> list[ir.Clause]:
    found: list[ir.Clause] = []
    for name, value in vars(rules).items():
        if name.startswith("_"):
            continue
        items = (
            value.values()
            if isinstance(value, dict)
            else value
            if isinstance(value, list)
            else [value]
        )
        found += [item for item in items if isinstance(item, ir.Clause) and item.span is not None]
    return found


def _extent(lines: list[str], start: int) -> list[str]:
    """The lines of the clause that begins on line `start` (from 1): up to its block's
    closing brace when it opens one."""
    depth = 0
    taken = []
    for line in lines[start - 1 :]:
        code = line.split("#", 1)[0]
        depth += code.count("{") - code.count("}")
        taken.append(line.rstrip())
        if depth <= 0:
            break
    return taken


def expanded_rules(loaded: Loaded) -> str:
    """Every clause in effect, each under the file and line it comes from, then the value
    each option is played with."""
    rules = loaded.rules
    if rules is None:
        return ""
    out: list[str] = []
    seen: set[tuple[str, int]] = set()
    clauses = sorted(
        _clauses(rules), key=lambda c: (c.span.file != rules.file, c.span.file, c.span.line)
    )
    current = ""
    for clause in clauses:
        span = clause.span
        assert span is not None
        if (span.file, span.line) in seen or span.file not in loaded.texts:
            continue
        seen.add((span.file, span.line))
        if span.file != current:
            current = span.file
            out.append(f"# ── from {display_path(Path(span.file))} ──")
        out += _extent(loaded.texts[span.file].split("\n"), span.line)
    if loaded.options:
        out.append("# ── option values played ──")
        out += [f"# {name} = {_value(value)}" for name, value in loaded.options.items()]
    return "\n".join(out) + "\n"


def _value(value: ir.Scalar) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
