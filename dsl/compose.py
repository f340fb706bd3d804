"""`extends`: a variant is its base's rules with clauses added, overridden or removed.

Each file's operations are applied in order on top of its base's `RuleSet`. Defining a
clause that already exists is an error unless the file says `override`; overriding or
removing one that does not exist is an error too, so a typo in a variant never passes silently.
"""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl import ir
from tablerules.dsl.build import SECTION_WORDS, SINGLETONS, FileUnit, Operation, build_unit
from tablerules.dsl.diagnostics import Diagnostic, DiagnosticSink
from tablerules.dsl.parser import parse_text


def _describe(op: Operation) -> str:
    if op.section in SINGLETONS:
        return f"the '{op.section}' clause"
    return f"{SECTION_WORDS.get(op.section, op.section)} {op.key!r}"


def _where(span: ir.Span | None) -> str:
    return f"{span.file}:{span.line}" if span else "the base file"


def apply_operations(rules: ir.RuleSet, unit: FileUnit, sink: DiagnosticSink) -> None:
    """Apply one file's clauses to `rules` in place, reporting conflicts to `sink`."""
    defined_here: set[tuple[str, str | None]] = set()
    for op in unit.operations:
        key = (op.section, op.key)
        if op.section == "sources":
            rules.sources.append(op.clause)  # type: ignore[arg-type]
            continue
        if op.section in SINGLETONS:
            existing = getattr(rules, op.section)
        else:
            existing = getattr(rules, op.section).get(op.key)
        if key in defined_here:
            sink.add(
                op.span.line,
                op.span.column,
                "E102",
                f"{_describe(op)} is given twice in this file",
                hint="keep one of them",
            )
            continue
        if op.kind == "remove":
            if existing is None:
                sink.add(op.span.line, op.span.column, "E108", f"no {_describe(op)} to remove")
            else:
                if op.section in SINGLETONS:
                    setattr(rules, op.section, None)
                else:
                    del getattr(rules, op.section)[op.key]
                rules.note_removal(op.section, op.key or "", op.span)
                defined_here.add(key)
            continue
        if op.kind == "define" and existing is not None and op.section != "settings":
            message = f"{_describe(op)} is already defined by {_where(existing.span)}"
            hint = "write 'override' before the clause to replace it"
            sink.add(op.span.line, op.span.column, "E102", message, hint=hint)
            continue
        if op.kind == "override" and existing is None:
            sink.add(
                op.span.line,
                op.span.column,
                "E108",
                f"'override' of {_describe(op)}, which no base file defines",
                hint="drop 'override' to define it anew",
            )
            continue
        defined_here.add(key)
        if op.section in SINGLETONS:
            setattr(rules, op.section, op.clause)
        else:
            getattr(rules, op.section)[op.key] = op.clause


def compose_file(
    path: Path,
    diagnostics: list[Diagnostic],
    text: str | None = None,
    display: str | None = None,
    _stack: tuple[Path, ...] = (),
) -> ir.RuleSet | None:
    """Read `path` (or `text` standing for it), resolve its `extends` chain, apply overlays."""
    name = display or str(path)
    sink = DiagnosticSink(name)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            sink.add(1, 1, "E107", "the file is not UTF-8 text")
            diagnostics.extend(sink.items)
            return None
        except OSError as error:
            sink.add(1, 1, "E107", f"cannot read the file: {error.strerror or error}")
            diagnostics.extend(sink.items)
            return None
    tree = parse_text(text, sink)
    if tree is None:
        diagnostics.extend(sink.items)
        return None
    unit = build_unit(tree, name, sink)
    rules = ir.RuleSet(file=name)
    if unit.extends is not None:
        base_path = (path.parent / unit.extends).resolve()
        span = unit.extends_span
        assert span is not None
        if base_path in _stack or base_path == path.resolve():
            chain = " -> ".join(p.name for p in (*_stack, path.resolve(), base_path))
            sink.add(span.line, span.column, "E106", f"extends goes round in a circle: {chain}")
            diagnostics.extend(sink.items)
            return None
        if not base_path.is_file():
            sink.add(span.line, span.column, "E107", f"cannot find {unit.extends!r} to extend")
            diagnostics.extend(sink.items)
            return None
        base_display = str(Path(name).parent / unit.extends) if display else str(base_path)
        errors_before = sum(d.is_error for d in diagnostics)
        base = compose_file(
            base_path,
            diagnostics,
            display=_relative(base_path, base_display),
            _stack=(*_stack, path.resolve()),
        )
        if base is None or sum(d.is_error for d in diagnostics) > errors_before:
            sink.add(span.line, span.column, "E107", f"the base file {unit.extends!r} has errors")
            diagnostics.extend(sink.items)
            return None
        rules = base.model_copy(deep=True)
        rules.file = name
        rules.extends = [base.file, *base.extends]
    apply_operations(rules, unit, sink)
    diagnostics.extend(sink.items)
    return rules


def _relative(path: Path, fallback: str) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return fallback
