"""The front door of the rule language: a path (or text) in, checked IR and diagnostics out.

    result = load("rules/mygame.rules", options={"stake": "10"})
    if result.ok: use(result.rules, result.options)
    else: print(*(d.render() for d in result.diagnostics), sep="\n")

Nothing here raises on bad input: syntax, semantic and option errors all come back as
diagnostics. `load_rules` is the raising form for code that wants an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from tablerules.dsl.diagnostics import Diagnostic, RuleError, capped, did_you_mean, sort_key
from tablerules.dsl.loading import load_cache
from tablerules.dsl.loading.bases import ExtendsPolicy
from tablerules.dsl.model import ir
from tablerules.dsl.numbers import signed_number

OPTION_SOURCE = "--option"


@dataclass
class Loaded:
    """A rule file after parsing, composing, checking and resolving options."""

    path: str
    rules: ir.RuleSet | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    options: dict[str, ir.Scalar] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # each file read, by its shown name
    files: list[Path] = field(default_factory=list)  # the file, then each base, as read

    def with_source(self, diagnostic: Diagnostic) -> Diagnostic:
        """`diagnostic` with the line it points at, when it names a file read here."""
        if diagnostic.source_line or diagnostic.file not in self.texts:
            return diagnostic
        lines = self.texts[diagnostic.file].split("\n")
        if not 0 < diagnostic.line <= len(lines):
            return diagnostic
        return replace(diagnostic, source_line=lines[diagnostic.line - 1])

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def ok(self) -> bool:
        return self.rules is not None and not self.errors


def _option_diagnostic(message: str, code: str, hint: str = "") -> Diagnostic:
    return Diagnostic(file=OPTION_SOURCE, line=0, column=0, code=code, message=message, hint=hint)


def parse_assignments(items: list[str]) -> tuple[dict[str, str], list[Diagnostic]]:
    """`["k=v", ...]` from the command line into a dict; malformed items become diagnostics."""
    values: dict[str, str] = {}
    problems: list[Diagnostic] = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            problems.append(
                _option_diagnostic(f"{item!r} is not NAME=VALUE", "E103", "e.g. --option stake=10")
            )
            continue
        values[name.strip()] = value.strip()
    return values, problems


def _typed(option: ir.OptionDecl, raw: str) -> ir.Scalar | None:
    if option.type == "bool":
        lowered = raw.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        return None
    if option.type == "int":
        return signed_number(raw)
    for choice in option.choices:
        if str(choice) == raw:
            return choice
    return raw


def resolve_options(
    rules: ir.RuleSet, raw: dict[str, str]
) -> tuple[dict[str, ir.Scalar], list[Diagnostic]]:
    """The rule file's option values with command-line overrides typed and checked."""
    typed: dict[str, ir.Scalar] = {}
    problems: list[Diagnostic] = []
    if not raw:
        return rules.option_values(typed), problems
    from tablerules.dsl.checking.checker import Checker  # the checker, only when options are given

    checker = Checker(rules)
    for name, text in raw.items():
        option = rules.options.get(name)
        if option is None:
            known = ", ".join(sorted(rules.options)) or "none"
            close = did_you_mean(name, rules.options)
            hint = f"{close} options: {known}" if close else f"options: {known}"
            problems.append(_option_diagnostic(f"unknown option {name!r}", "E101", hint))
            continue
        value = _typed(option, text)
        problem = (
            "must be a whole number"
            if value is None and option.type == "int"
            else "must be true or false"
            if value is None
            else checker.option_value_problem(option, value)
        )
        if problem:
            problems.append(_option_diagnostic(f"option {name}={text}: {name} {problem}", "E104"))
            continue
        assert value is not None
        typed[name] = value
    return rules.option_values(typed), problems


def load(
    path: str | Path,
    text: str | None = None,
    options: dict[str, str] | None = None,
    policy: ExtendsPolicy | None = None,
    display: str | None = None,
    reuse: bool = False,
) -> Loaded:
    """Parse, compose and check a rule file; `text` replaces the file's contents if given.

    `policy` says where `extends` may reach (by default: beside the file, or the bundled
    files); `display` is how diagnostics name the file (by default the path as given).
    `reuse`: keep the checked result of a file read from disk in the user's cache, and use
    it while the files are unchanged (see `load_cache`): what makes a command start fast.
    """
    path = Path(path)
    shown = display or str(path)
    policy = policy or ExtendsPolicy()
    entry = None
    if reuse and text is None:
        entry = load_cache.entry_for(path, shown, policy)
        kept = load_cache.read(entry, path, policy) if entry is not None else None
        if kept is not None:  # these very files were checked before
            values, problems = resolve_options(kept.rules, options or {})
            found = capped(kept.diagnostics + problems)
            return Loaded(shown, kept.rules, found, values, kept.texts, kept.files)
    from tablerules.dsl.checking.checker import check_rules
    from tablerules.dsl.loading.compose import Composition, compose_file

    diagnostics: list[Diagnostic] = []
    context = Composition(path, policy)
    rules = compose_file(path, diagnostics, text=text, display=shown, context=context)
    if rules is None:
        found = capped(sorted(diagnostics, key=sort_key))
        return Loaded(shown, None, found, texts=context.texts, files=context.paths)
    diagnostics.extend(check_rules(rules, context.texts))
    diagnostics.sort(key=sort_key)
    if entry is not None:
        result = load_cache.Cached(rules, list(diagnostics), context.texts, context.paths)
        load_cache.write(entry, result, context.digests, context.resolved)
    values, problems = resolve_options(rules, options or {})
    found = capped(diagnostics + problems)
    return Loaded(shown, rules, found, values, context.texts, context.paths)


def load_rules(
    path: str | Path, options: dict[str, str] | None = None, policy: ExtendsPolicy | None = None
) -> tuple[ir.RuleSet, dict[str, ir.Scalar]]:
    """Like `load`, but raise `RuleError` (carrying every diagnostic) when there are errors."""
    loaded = load(path, options=options, policy=policy)
    if not loaded.ok:
        raise RuleError(loaded.errors or loaded.diagnostics)
    assert loaded.rules is not None
    return loaded.rules, loaded.options
