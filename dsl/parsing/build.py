"""Parse tree to IR clauses.

Walks the Lark tree of one file and turns each clause into its IR record, typing the
words the grammar leaves untyped (a count must be a whole number, a source must be a quoted
text...). The result is a list of `Operation`s, define / override / remove, that
`dsl.loading.compose` applies on top of the file's base (if it `extends` one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from lark import Token, Tree
from tablerules.dsl.diagnostics import DiagnosticSink, did_you_mean, shorten
from tablerules.dsl.limits import LIMIT_CODE, MAX_NUMBER
from tablerules.dsl.model import ir
from tablerules.dsl.numbers import is_digits, whole_number
from tablerules.dsl.parsing.build_deck import DeckClauses
from tablerules.dsl.parsing.build_groups import GroupClauses
from tablerules.dsl.parsing.build_phase import PhaseClauses
from tablerules.dsl.parsing.build_play import PlayClauses
from tablerules.dsl.parsing.build_scoring import ScoringClauses
from tablerules.dsl.parsing.build_wild import WildClauses
from tablerules.dsl.parsing.build_win import WinClauses

OpKind = Literal["define", "override", "remove"]
# A rule id: capitals (and digits) naming the rule book, a hyphen, the rule's number, with
# capitals before it for a section (ABC-M1) and a small letter after it for a sub-rule (X-4a).
CITATION = re.compile(r"^[A-Z][A-Z0-9]*-[A-Z]*[0-9]+[a-z]?$")

# The section of the RuleSet each clause lands in; None marks a clause with one instance.
SINGLETONS = (
    "game",
    "seats",
    "deck",
    "deal",
    "win",
    "look",
    "turn",
    "ties",
    "end",
    "fee",
    "next_dealer",
    "rounds",
    "discard_rule",
)
KEYED = (
    "options",
    "settings",
    "attributes",
    "zones",
    "groups",
    "values",
    "forms",
    "immediate_wins",
    "phases",
    "seat_cards",
    "actions",
    "restrictions",
    "settles",
    "bonuses",
    "tables",
    "patterns",
    "scores",
    "round_cards",
    "names",
    "carries",
    "wilds",
)
SECTION_WORDS = {
    "options": "option",
    "settings": "setting",
    "attributes": "attribute",
    "zones": "zone",
    "groups": "group",
    "values": "value table",
    "forms": "form",
    "immediate_wins": "immediate win",
    "phases": "phase",
    "seat_cards": "seat cards",
    "actions": "action",
    "restrictions": "restriction",
    "settles": "settle block",
    "bonuses": "bonus",
    "tables": "table",
    "patterns": "pattern",
    "scores": "score",
    "round_cards": "round cards",
    "names": "names block",
    "carries": "carried number",
    "wilds": "wild",
}


# `remove WORD`: every clause of these sections the bases define
EVERY_REMOVED = {
    "patterns": ("patterns",),
    "scores": ("scores",),
    "scoring": ("patterns", "scores"),
}


@dataclass
class Operation:
    """One clause of a file and what it does to the rules it extends."""

    kind: OpKind
    section: str
    key: str | None
    clause: ir.Clause | None
    span: ir.Span


@dataclass
class FileUnit:
    """One parsed file: what it extends and its clauses in order."""

    file: str
    extends: str | None
    extends_span: ir.Span | None
    operations: list[Operation]
    more_bases: list[tuple[str, ir.Span]] = field(default_factory=list)  # further bases
    broken: list[str] = field(default_factory=list)  # sections of clauses dropped for errors


class _Builder(
    DeckClauses,
    GroupClauses,
    WinClauses,
    PlayClauses,
    PhaseClauses,
    ScoringClauses,
    WildClauses,
):
    def __init__(self, file: str, sink: DiagnosticSink) -> None:
        self.file = file
        self.sink = sink
        self.broken: list[str] = []

    # ── helpers ────────────────────────────────────────────────
    def span(self, node: Tree | Token) -> ir.Span:
        if isinstance(node, Token):
            return ir.Span(file=self.file, line=node.line or 1, column=node.column or 1)
        meta = node.meta
        line = getattr(meta, "line", 1) if not meta.empty else 1
        column = getattr(meta, "column", 1) if not meta.empty else 1
        return ir.Span(file=self.file, line=line, column=column)

    def error(self, node: Tree | Token, code: str, message: str, hint: str = "") -> None:
        span = self.span(node)
        self.sink.add(span.line, span.column, code, message, hint=hint)

    def integer(self, token: Token, what: str, words: tuple[str, ...] = ()) -> int:
        """The value of a whole number written in digits; else an error and 0, guessing
        at the `words` the place also takes (a deal's `rest`)."""
        text = str(token)
        if is_digits(text):
            return self.bounded(token)
        hint = did_you_mean(text, words) if words else ""
        self.error(token, "E103", f"{what} must be a whole number (digits 0-9), not {text!r}", hint)
        return 0

    def bounded(self, token: Token) -> int:
        """The value of a word of ASCII digits, or an error naming the limit and 0."""
        value = whole_number(str(token))
        if value is None:
            self.error(
                token,
                LIMIT_CODE,
                f"{shorten(str(token))} is larger than the limit of {MAX_NUMBER:,}",
            )
            return 0
        return value

    def scalar(self, node: Tree | Token) -> ir.Scalar:
        token = node.children[0] if isinstance(node, Tree) else node
        text = str(token)
        if token.type == "STRING":
            return text[1:-1]
        if is_digits(text):
            return self.bounded(token)
        if text in ("true", "false"):
            return text == "true"
        return text

    def value_word(self, token: Token) -> int | str:
        return self.bounded(token) if is_digits(str(token)) else str(token)

    @staticmethod
    def text(token: Token) -> str:
        return str(token)[1:-1] if token.type == "STRING" else str(token)

    def split(self, children: list[Any]) -> tuple[list[Any], list[str]]:
        """Separate a clause's children from its trailing citation."""
        cites: list[str] = []
        rest = []
        for child in children:
            if isinstance(child, Tree) and child.data == "cite":
                for item in child.children:
                    if item.type == "WORD" and not CITATION.match(str(item)):
                        self.error(
                            item,
                            "E104",
                            f"{str(item)!r} is not a rule id such as RULE-4 or RULE-M4",
                            hint='quote a document section: ["section 2.1"]',
                        )
                    cites.append(self.text(item))
            else:
                rest.append(child)
        return rest, cites

    def name_and_title(self, rest: list[Any]) -> tuple[str, str]:
        """A clause's name and its optional quoted title, its first two children."""
        title = rest[1] if len(rest) > 1 and isinstance(rest[1], Token) else None
        return str(rest[0]), self.text(
            title
        ) if title is not None and title.type == "STRING" else ""

    @staticmethod
    def tokens(children: list[Any], kind: str = "WORD") -> list[Token]:
        return [c for c in children if isinstance(c, Token) and c.type == kind]

    @staticmethod
    def trees(children: list[Any], data: str | None = None) -> list[Tree]:
        return [c for c in children if isinstance(c, Tree) and (data is None or c.data == data)]

    # ── clauses ────────────────────────────────────────────────
    def build(self, tree: Tree) -> FileUnit:
        extends: str | None = None
        extends_span: ir.Span | None = None
        more: list[tuple[str, ir.Span]] = []
        operations: list[Operation] = []
        for clause in tree.children:
            if not isinstance(clause, Tree):
                continue
            if clause.data == "extends":
                if extends is not None:
                    self.error(
                        clause,
                        "E102",
                        "a file has one extends line",
                        hint='name every base on it: extends "a.rules", "b.rules"',
                    )
                rest, _ = self.split(clause.children)
                extends = self.text(rest[0])
                extends_span = self.span(clause)
                more = [(self.text(token), self.span(token)) for token in rest[1:]]
                continue
            op = self.operation(clause, "define")
            if op is not None:
                operations.append(op)
        return FileUnit(self.file, extends, extends_span, operations, more, self.broken)

    def operation(self, clause: Tree, kind: OpKind) -> Operation | None:
        if clause.data == "override":
            inner = clause.children[0]
            if inner.data in ("extends", "override", "remove", "source"):
                self.error(clause, "E110", f"'{inner.data}' cannot be overridden")
                return None
            return self.operation(inner, "override")
        if clause.data == "remove":
            return self.removal(clause)
        method = getattr(self, f"clause_{clause.data}")
        errors_before = len(self.sink.errors)
        section, key, model = method(clause)
        if len(self.sink.errors) > errors_before:
            self.broken.append(section)
            return None  # a clause with a typing error would only cause follow-on errors
        return Operation(kind, section, key, model, self.span(clause))

    def removal(self, clause: Tree) -> Operation | None:
        target = clause.children[0]
        if target.data == "remove_every":
            return self.removal_of_every(clause, target)
        section = {
            "remove_group": "groups",
            "remove_option": "options",
            "remove_form": "forms",
            "remove_value": "values",
            "remove_zone": "zones",
            "remove_immediate_win": "immediate_wins",
            "remove_phase": "phases",
            "remove_seat_cards": "seat_cards",
            "remove_action": "actions",
            "remove_restriction": "restrictions",
            "remove_settle": "settles",
            "remove_bonus": "bonuses",
            "remove_fee": "fee",
            "remove_discard": "discard_rule",
            "remove_table": "tables",
            "remove_pattern": "patterns",
            "remove_score": "scores",
            "remove_round_cards": "round_cards",
            "remove_rounds": "rounds",
            "remove_names": "names",
            "remove_carry": "carries",
            "remove_wild": "wilds",
        }[target.data]
        self.split(clause.children)  # validates the citation, if any
        key = str(target.children[0]) if target.children else None
        return Operation("remove", section, key, None, self.span(clause))

    def removal_of_every(self, clause: Tree, target: Tree) -> Operation | None:
        """`remove patterns`, `remove scores`, `remove scoring` (both): every one the
        bases define (key None; `compose` removes each, noting it removed)."""
        word = str(target.children[0])
        if word not in EVERY_REMOVED:
            hint = (
                "write remove patterns, remove scores or remove scoring (every pattern and "
                "score of the bases), or remove KIND NAME (remove pattern NAME)"
            )
            close = did_you_mean(word, EVERY_REMOVED)
            hint = f"{close} {hint}" if close else hint
            self.error(target, "E104", f"'remove {word}' names nothing to remove", hint)
            return None
        self.split(clause.children)  # validates the citation, if any
        return Operation("remove", word, None, None, self.span(clause))

    def clause_game(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        title = next((self.text(t) for t in self.tokens(rest, "STRING")), "")
        model = ir.GameMeta(name=str(rest[0]), title=title, span=self.span(node), cites=cites)
        return "game", None, model

    def clause_source(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        model = ir.SourceNote(text=self.text(rest[0]), span=self.span(node), cites=cites)
        return "sources", None, model

    def clause_seats(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        words = self.tokens(rest)
        count = self.integer(words[0], "the number of seats")
        names = [str(w) for w in words[1:]]
        model = ir.Seats(count=count, names=names, span=self.span(node), cites=cites)
        return "seats", None, model

    def clause_option(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        type_node = self.trees(rest, None)[0]
        literals = [t for t in rest if isinstance(t, Tree) and t.data == "literal"]
        default_node = literals[-1] if literals else None
        fields: dict[str, Any] = {}
        if type_node.data == "int_type":
            fields["type"] = "int"
            bounds = self.tokens(type_node.children)
            if bounds:
                fields["minimum"] = self.integer(bounds[0], "an option's lower bound")
                fields["maximum"] = self.integer(bounds[1], "an option's upper bound")
        elif type_node.data == "bool_type":
            fields["type"] = "bool"
        else:
            fields["type"] = "choice"
            fields["choices"] = [self.scalar(lit) for lit in type_node.children]
        if default_node is not None:
            default = self.scalar(default_node)
        elif fields["type"] == "bool":
            default = False
        elif fields["type"] == "choice":
            default = fields["choices"][0]
        else:
            default = fields.get("minimum", 0)
        model = ir.OptionDecl(
            name=name, title=title, default=default, span=self.span(node), cites=cites, **fields
        )
        if default_node is not None:  # a default that does not fit is pointed at
            model.note_item("option_default", self.span(default_node))
        return "options", name, model

    def clause_set_option(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name = str(rest[0])
        value = self.scalar(rest[1])
        model = ir.OptionSetting(name=name, value=value, span=self.span(node), cites=cites)
        model.note_item("setting_value", self.span(rest[1]))  # a value that does not fit
        return "settings", name, model

    def clause_seat_cards(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        table = ir.SeatCards(name=name, title=title, span=self.span(node), cites=cites)
        for line in self.trees(rest, "seat_cards_line"):
            parts, line_cites = self.split(line.children)
            table.note_item(line.data, self.span(line))
            seat = str(parts[0])
            items = self.card_items(parts[1:])
            table.lines.append(
                ir.SeatCardsLine(seat=seat, items=items, span=self.span(line), cites=line_cites)
            )
        return "seat_cards", name, table

    def clause_round_cards(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        _, name, table = self.clause_seat_cards(node)
        return "round_cards", name, table

    def clause_rounds(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        words = self.tokens(rest)
        count = self.integer(words[0], "the number of rounds")
        names = [str(w) for w in words[1:]]
        model = ir.Rounds(count=count, names=names, span=self.span(node), cites=cites)
        return "rounds", None, model

    def clause_names(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        language = str(rest[0])
        block = ir.Names(language=language, span=self.span(node), cites=cites)
        for line in self.trees(rest, "name_line"):
            parts, line_cites = self.split(line.children)
            block.note_item(line.data, self.span(line))
            literals = self.trees(parts, "literal")
            titles = [self.text(t) for t in self.tokens(parts, "STRING")]
            block.lines.append(
                ir.NameLine(
                    name=self.text(literals[0].children[0]),
                    said=self.text(literals[1].children[0]),
                    title=titles[0] if titles else "",
                    span=self.span(line),
                    cites=line_cites,
                )
            )
        return "names", language, block


def build_unit(tree: Tree, file: str, sink: DiagnosticSink) -> FileUnit:
    """Turn one file's parse tree into its operations; type errors go to `sink`."""
    return _Builder(file, sink).build(tree)
