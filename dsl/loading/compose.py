"""`extends`: a variant is its base's rules with clauses added, overridden or removed.

Each file's operations are applied in order on top of its base's `RuleSet`. Defining a
clause that already exists is an error unless the file says `override`; overriding or
removing one that does not exist is an error too, so a typo in a variant never passes silently.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from tablerules.dsl.diagnostics import Diagnostic, DiagnosticSink, did_you_mean, shorten
from tablerules.dsl.limits import (
    LIMIT_CODE,
    MAX_COMPOSED_BYTES,
    MAX_EXTENDS_DEPTH,
    MAX_EXTENDS_FILES,
    MAX_RULE_BYTES,
    bytes_text,
)
from tablerules.dsl.loading.bases import BaseRefused, ExtendsPolicy, locate_base, real_path
from tablerules.dsl.loading.bundled import display_bundled, is_bundled
from tablerules.dsl.loading.merge_bases import lay_over, report_conflicts
from tablerules.dsl.model import ir
from tablerules.dsl.parsing.build import (
    EVERY_REMOVED,
    SECTION_WORDS,
    SINGLETONS,
    FileUnit,
    Operation,
    build_unit,
)
from tablerules.dsl.parsing.parser import parse_text
from tablerules.dsl.reading import ReadError, decode, read_bytes


def _describe(op: Operation, article: bool = True) -> str:
    if op.section in SINGLETONS:
        word = SINGLETON_WORDS.get(op.section, op.section)
        return f"the '{word}' clause" if article else f"'{word}' clause"
    return f"{SECTION_WORDS.get(op.section, op.section)} {op.key!r}"


# a one-instance clause named as the file writes it
SINGLETON_WORDS = {"discard_rule": "discard", "next_dealer": "next dealer"}


def _where(span: ir.Span | None) -> str:
    return f"{span.file}:{span.line}" if span else "the base file"


def apply_operations(rules: ir.RuleSet, unit: FileUnit, sink: DiagnosticSink) -> None:
    """Apply one file's clauses to `rules` in place, reporting conflicts to `sink`."""
    defined_here: set[tuple[str, str | None]] = set()
    removed_here: dict[tuple[str, str | None], ir.Span] = {}
    translated = {line.name for block in rules.names.values() for line in block.lines if line.title}
    titles_before = _titles_of(rules, translated)
    for section in unit.broken:
        rules.note_broken(section)
    for op in unit.operations:
        key = (op.section, op.key)
        if op.kind == "remove" and op.key is None and op.section in EVERY_REMOVED:
            _remove_every(rules, op, defined_here, sink)
            continue
        if op.section == "sources":
            rules.sources.append(op.clause)  # type: ignore[arg-type]
            continue
        if op.section in SINGLETONS:
            existing = getattr(rules, op.section)
        else:
            existing = getattr(rules, op.section).get(op.key)
        if key in defined_here and key in removed_here and op.kind != "remove":
            # `remove pattern X` and `pattern X` in one file: a replacement written twice.
            # The clause is kept, as an override would keep it, so what uses the name is
            # not reported as using a removed one as well
            line = removed_here.pop(key).line
            hint = f"drop the 'remove' on line {line}"
            if op.kind != "override":
                hint = f"write 'override' before this clause and {hint}"
            sink.add(
                op.span.line,
                op.span.column,
                "E102",
                f"{_describe(op)} is removed on line {line} and written again in this file",
                hint=hint,
            )
            if op.section in SINGLETONS:
                setattr(rules, op.section, op.clause)
            else:
                getattr(rules, op.section)[op.key] = op.clause
            continue
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
                sink.add(
                    op.span.line,
                    op.span.column,
                    "E108",
                    f"no {_describe(op, article=False)} to remove",
                )
            else:
                if op.section in SINGLETONS:
                    setattr(rules, op.section, None)
                else:
                    del getattr(rules, op.section)[op.key]
                rules.note_removal(op.section, op.key or "", op.span)
                defined_here.add(key)
                removed_here[key] = op.span
            continue
        if op.kind == "define" and op.section == "names" and existing is not None:
            defined_here.add(key)  # a variant's names add to its base's, name by name
            getattr(rules, op.section)[op.key] = merged_names(existing, op.clause)  # type: ignore[arg-type]
            continue
        if op.kind == "define" and existing is not None and op.section != "settings":
            message = f"{_describe(op)} is already defined by {_where(existing.span)}"
            hint = "write 'override' before the clause to replace it"
            sink.add(op.span.line, op.span.column, "E102", message, hint=hint)
            continue
        if op.kind == "override" and existing is None:
            hint = "drop 'override' to define it anew"
            if op.section not in SINGLETONS and op.key:
                close = did_you_mean(op.key, getattr(rules, op.section))
                hint = f"{close} or {hint}" if close else hint
            sink.add(
                op.span.line,
                op.span.column,
                "E108",
                f"'override' of {_describe(op)}, which no base file defines",
                hint=hint,
            )
            continue
        defined_here.add(key)
        if op.kind == "override" and op.section == "deck":
            op.clause = _deck_kept(existing, op.clause)  # type: ignore[arg-type]
        if op.section in SINGLETONS:
            setattr(rules, op.section, op.clause)
        else:
            getattr(rules, op.section)[op.key] = op.clause
    retitled = _retitled(titles_before, _titles_of(rules, translated), unit)
    if retitled:
        _drop_stale_titles(rules, retitled, unit, sink)


def _title(clause: object) -> str:
    return getattr(clause, "title", "") or ""


def _titles_of(rules: ir.RuleSet, names: set[str]) -> dict[tuple[str, str], str]:
    """The titles of every clause named in `names`, by (section, name)."""
    found: dict[tuple[str, str], str] = {}
    if not names:
        return found
    for spec in rules._fields:
        clauses = getattr(rules, spec.name)
        if spec.name == "names" or not isinstance(clauses, dict):
            continue
        for name in names & clauses.keys():
            found[(spec.name, name)] = _title(clauses[name])
    return found


def _retitled(
    before: dict[tuple[str, str], str], after: dict[tuple[str, str], str], unit: FileUnit
) -> dict[str, Operation]:
    """The names whose every titled clause this file wrote anew with another title, each
    with the clause that did. One names line serves every clause of a name, so while any
    keeps its base's title, the translation may be written for that one and stays."""
    changed: dict[str, set[str]] = {}
    kept: set[str] = set()
    for (section, name), title in before.items():
        if (section, name) not in after:
            continue
        if after[(section, name)] == title:
            if title:
                kept.add(name)
        else:
            changed.setdefault(name, set()).add(section)
    found: dict[str, Operation] = {}
    for op in unit.operations:
        if op.key in changed and op.key not in kept and op.section in changed[op.key]:
            found[op.key] = op
    return found


def _drop_stale_titles(
    rules: ir.RuleSet, retitled: dict[str, Operation], unit: FileUnit, sink: DiagnosticSink
) -> None:
    """A base's translated title describes the base's clause: where this file replaces the
    clause with another title and gives no translation of its own, the old one is dropped
    (the file's own title is shown instead) and `check` warns (W004)."""
    given_here: dict[str, set[str]] = {}
    for op in unit.operations:
        if op.section == "names" and isinstance(op.clause, ir.Names):
            given_here.setdefault(op.clause.language, set()).update(
                line.name for line in op.clause.lines
            )
    stale: dict[str, list[str]] = {}
    for language, block in rules.names.items():
        fresh = given_here.get(language, set())
        lines: list[ir.NameLine] = []
        for line in block.lines:
            if line.name in retitled and line.title and line.name not in fresh:
                stale.setdefault(line.name, []).append(language)
                line = line.model_copy()
                line.title = ""
            lines.append(line)
        block.lines = lines
    if not stale:
        return
    first = min(stale, key=lambda name: (retitled[name].span.line, retitled[name].span.column))
    op = retitled[first]
    languages = sorted({tag for tags in stale.values() for tag in tags}, reverse=True)
    tags = "/".join(languages)
    hint = f"give the title anew in a 'names {languages[0]}' block of this file"
    if len(stale) == 1:
        message = (
            f"the base's {tags} title of {first!r} describes the clause this one replaces, "
            "so it is not shown"
        )
    else:
        shown = [repr(name) for name in sorted(stale, key=lambda n: retitled[n].span.line)]
        listed = ", ".join(shown[:8]) + (", …" if len(shown) > 8 else "")
        message = (
            f"the base's {tags} titles of {listed} describe the clauses this file replaces, "
            "so they are not shown"
        )
    sink.add(op.span.line, op.span.column, "W004", message, severity="warning", hint=hint)


def _deck_kept(base: ir.Deck, deck: ir.Deck) -> ir.Deck:
    """An `override deck` without card rows changes only what it writes (`copies`,
    `compact`) and keeps the base's cards; with rows, its rows are the whole deck."""
    if deck.cards:
        return deck
    kept = ir.Deck(
        copies=deck.copies if deck.wrote("copies") else base.copies,
        compact_suffixes=list(
            deck.compact_suffixes if deck.wrote("compact") else base.compact_suffixes
        ),
        cards=list(base.cards),
        span=deck.span,
        cites=list(deck.cites),
    )
    for item in ("copies", "compact"):
        if deck.wrote(item):
            span = deck.item_span(item)
            assert span is not None
            kept.note_item(item, span)
    return kept


def _remove_every(
    rules: ir.RuleSet,
    op: Operation,
    defined_here: set[tuple[str, str | None]],
    sink: DiagnosticSink,
) -> None:
    """`remove scoring` (or `patterns`, `scores`): every pattern and score the bases define
    goes, each noted as removed here, so a clause still naming one is an error that says
    where it went; those this file defines stay. Nothing to remove is E108."""
    removed = 0
    for section in EVERY_REMOVED[op.section]:
        clauses = getattr(rules, section)
        for name in [n for n in clauses if (section, n) not in defined_here]:
            del clauses[name]
            rules.note_removal(section, name, op.span)
            removed += 1
    if not removed:
        sink.add(op.span.line, op.span.column, "E108", f"no {op.section} to remove")


def merged_names(base: ir.Names, added: ir.Names) -> ir.Names:
    """A base's names block for a language with a variant's laid over it: a name the
    variant gives again takes its new spelling."""
    given = {line.name for line in added.lines}
    kept = [line for line in base.lines if line.name not in given]
    return ir.Names(
        language=added.language, lines=[*kept, *added.lines], span=added.span, cites=added.cites
    )


@dataclass
class Composition:
    """One composition: where `extends` may reach, the texts read, the files counted."""

    checked_file: Path
    policy: ExtendsPolicy = field(default_factory=ExtendsPolicy)
    texts: dict[str, str] = field(default_factory=dict)  # display name -> text
    paths: list[Path] = field(default_factory=list)  # each file read, in the order read
    files: int = 0
    characters: int = 0  # of every text read
    digests: dict[Path, str] = field(default_factory=dict)  # SHA-256 of each file's bytes
    resolved: list[tuple[str, Path, Path]] = field(default_factory=list)  # each extends


def compose_file(
    path: Path,
    diagnostics: list[Diagnostic],
    text: str | None = None,
    display: str | None = None,
    context: Composition | None = None,
    _stack: tuple[Path, ...] = (),
) -> ir.RuleSet | None:
    """Read `path` (or `text` standing for it), resolve its `extends` chain, apply overlays.

    `context` says where `extends` may look (see `dsl.loading.bases`) and keeps the texts read,
    for the checker's source lines; by default a base must lie beside `path`.
    """
    context = context or Composition(path)
    name = display or str(path)
    sink = DiagnosticSink(name)
    context.files += 1
    context.paths.append(path)
    if text is None:
        try:
            data = read_bytes(path, MAX_RULE_BYTES, "the file")
            text = decode(data, "the file")
        except ReadError as error:
            sink.add(error.line or 1, error.column or 1, "E107", str(error))
            diagnostics.extend(sink.items)
            return None
        context.digests[path] = hashlib.sha256(data).hexdigest()
    context.characters += len(text)
    if context.characters > MAX_COMPOSED_BYTES and len(text) <= MAX_COMPOSED_BYTES:
        sink.add(
            1,
            1,
            LIMIT_CODE,
            f"with this file the rules come to more than {bytes_text(MAX_COMPOSED_BYTES)} "
            "of text (the limit for a file and the files it extends)",
        )
        diagnostics.extend(sink.items)
        return None
    tree = parse_text(text, sink)
    context.texts.setdefault(name, sink.text)
    if tree is None:
        diagnostics.extend(sink.items)
        return None
    unit = build_unit(tree, name, sink)
    rules = ir.RuleSet(file=name)
    if unit.extends is not None:
        span = unit.extends_span
        assert span is not None
        base = _compose_base(unit.extends, span, path, name, sink, diagnostics, context, _stack)
        if base is None:
            diagnostics.extend(sink.items)
            return None
        rules = base.model_copy(deep=True)
        rules.file = name
        rules.extends = [base.file, *base.extends]
        for written, more_span in unit.more_bases:
            other = _compose_base(
                written, more_span, path, name, sink, diagnostics, context, _stack
            )
            if other is None:
                diagnostics.extend(sink.items)
                return None
            report_conflicts(lay_over(rules, other), unit, more_span, sink)
    apply_operations(rules, unit, sink)
    diagnostics.extend(sink.items)
    return rules


def _compose_base(
    written: str,
    span: ir.Span,
    path: Path,
    shown: str,
    sink: DiagnosticSink,
    diagnostics: list[Diagnostic],
    context: Composition,
    stack: tuple[Path, ...],
) -> ir.RuleSet | None:
    """The composed base a file's `extends` names, or None after reporting why not."""
    try:
        base_path = locate_base(written, path, context.checked_file, context.policy)
    except BaseRefused as error:
        sink.add(span.line, span.column, "E107", str(error))
        return None
    context.resolved.append((written, path, base_path))
    here = real_path(path)
    chain = (*stack, here)
    if base_path in chain:
        names = " -> ".join(p.name for p in (*chain, base_path))
        sink.add(span.line, span.column, "E106", f"extends goes round in a circle: {names}")
        return None
    if not os.path.lexists(base_path):
        sink.add(span.line, span.column, "E107", f"cannot find {shorten(written, 80)!r} to extend")
        return None
    if len(chain) >= MAX_EXTENDS_DEPTH:
        sink.add(
            span.line,
            span.column,
            LIMIT_CODE,
            f"extends goes more than {MAX_EXTENDS_DEPTH} files deep (the limit)",
        )
        return None
    if context.files >= MAX_EXTENDS_FILES:
        sink.add(
            span.line,
            span.column,
            LIMIT_CODE,
            f"the rules bring in more than {MAX_EXTENDS_FILES} files (the limit)",
        )
        return None
    errors_before = sum(d.is_error for d in diagnostics)
    base = compose_file(
        base_path,
        diagnostics,
        display=_display(base_path, shown, written),
        context=context,
        _stack=chain,
    )
    if base is None or sum(d.is_error for d in diagnostics) > errors_before:
        message = f"the base file {shorten(written, 80)!r} has errors"
        sink.add(span.line, span.column, "E107", message)
        return None
    return base


def _display(base: Path, including: str, written: str) -> str:
    """How diagnostics name a base: relative to the current folder when below it, a bundled
    file by its short name, otherwise as written beside the file that extends it."""
    try:
        return str(base.relative_to(Path.cwd().resolve()))
    except ValueError:
        pass
    if is_bundled(base):
        return display_bundled(base)
    return str(Path(including).parent / written)
