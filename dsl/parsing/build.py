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
from tablerules.dsl.diagnostics import DiagnosticSink, shorten
from tablerules.dsl.limits import LIMIT_CODE, MAX_NUMBER
from tablerules.dsl.model import ir
from tablerules.dsl.numbers import is_digits, whole_number
from tablerules.dsl.parsing.build_phase import PhaseClauses
from tablerules.dsl.parsing.build_play import PlayClauses
from tablerules.dsl.parsing.build_scoring import ScoringClauses
from tablerules.dsl.parsing.build_wild import WildClauses

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


class _Builder(PlayClauses, PhaseClauses, ScoringClauses, WildClauses):
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

    def integer(self, token: Token, what: str) -> int:
        text = str(token)
        if is_digits(text):
            return self.bounded(token)
        self.error(token, "E103", f"{what} must be a whole number (digits 0-9), not {text!r}")
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
            self.error(
                target,
                "E104",
                f"'remove {word}' names nothing to remove",
                "write remove patterns, remove scores or remove scoring (every pattern and "
                "score of the bases), or remove KIND NAME (remove pattern NAME)",
            )
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
        return "options", name, model

    def clause_set_option(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name = str(rest[0])
        value = self.scalar(rest[1])
        model = ir.OptionSetting(name=name, value=value, span=self.span(node), cites=cites)
        return "settings", name, model

    def clause_attribute(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name = str(rest[0])
        values_node = rest[1]
        words = self.tokens(values_node.children)
        if values_node.data == "attribute_range":
            low = self.integer(words[0], "a range's start")
            high = self.integer(words[1], "a range's end")
            model = ir.Attribute(
                name=name, minimum=low, maximum=high, span=self.span(node), cites=cites
            )
        else:
            model = ir.Attribute(
                name=name, values=[str(w) for w in words], span=self.span(node), cites=cites
            )
        for line in self.trees(rest[2:]):
            parts, line_cites = self.split(line.children)
            model.note_item(f"{line.data} {len(model.given)}", self.span(line))
            value = self.value_word(parts[0])
            if line.data == "given_else":
                model.otherwise = value
            else:
                model.given.append(
                    ir.GivenValue(
                        value=value,
                        cards=self.card_items(parts[1:]),
                        span=self.span(line),
                        cites=line_cites,
                    )
                )
        return "attributes", name, model

    def clause_deck(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        deck = ir.Deck(span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            deck.note_item(item.data, self.span(item))
            if item.data == "copies":
                deck.copies = self.integer(parts[0], "the number of copies")
            elif item.data == "compact":
                deck.compact_suffixes = [str(w) for w in parts]
            else:
                deck.cards.append(self.card(item, parts, item_cites))
        return "deck", None, deck

    def card(self, node: Tree, parts: list[Any], cites: list[str]) -> ir.CardDecl:
        attributes: dict[str, ir.Scalar] = {}
        names: list[str] = []
        copies: int | None = None
        for part in parts[1:]:
            if isinstance(part, Tree) and part.data == "card_copies":
                copies = self.integer(part.children[0], "the number of copies")
            elif isinstance(part, Tree):
                key, value = part.children
                if str(key) in attributes:
                    self.error(key, "E102", f"attribute {str(key)!r} is given twice")
                attributes[str(key)] = self.value_word(value)
            elif part.type == "STRING":
                names.append(self.text(part))
        return ir.CardDecl(
            id=str(parts[0]),
            attributes=attributes,
            names=names,
            copies=copies,
            span=self.span(node),
            cites=cites,
        )

    def clause_zone(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        scope_node, visibility_node = self.trees(rest)
        scope = "shared" if scope_node.data == "shared" else "seat"
        model = ir.Zone(
            name=name,
            title=title,
            scope=scope,
            visibility=visibility_node.data,
            span=self.span(node),
            cites=cites,
        )
        return "zones", name, model

    def clause_deal(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        deal = ir.Deal(span=self.span(node), cites=cites)
        for step in self.trees(rest, "deal_step"):
            parts, step_cites = self.split(step.children)
            count_node, target_node = parts[0], parts[1]
            zone = str(parts[2])
            shown = any(isinstance(p, Tree) and p.data == "deal_shown" for p in parts)
            count = (
                self.integer(count_node.children[0], "a deal count")
                if count_node.data == "fixed_count"
                else None
            )
            target = {"to_each": "each", "to_dealer": "dealer", "to_shared": "shared"}[
                target_node.data
            ]
            if count is None and target != "shared":
                message = "'rest' can only go to a shared zone, e.g. 'rest to stock'"
                self.error(step, "E110", message)
            deal.steps.append(
                ir.DealStep(
                    count=count,
                    to=target,
                    zone=zone,
                    shown=shown,
                    span=self.span(step),
                    cites=step_cites,
                )
            )
        return "deal", None, deal

    def clause_group(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        group = ir.GroupKind(name=name, title=title, span=self.span(node), cites=cites)
        seen: set[str] = set()
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            group.note_item(item.data, self.span(item))
            group.cites.extend(c for c in item_cites if c not in group.cites)
            if item.data in seen and item.data not in ("completed_by", "aliases"):
                self.error(item, "E102", f"'{item.data.replace('_', ' ')}' is given twice")
            seen.add(item.data)
            if item.data == "pattern_line":
                group.pattern = self.pattern(parts[0], item_cites)
            elif item.data == "places":
                for place in parts:
                    if place.data == "in_hand":
                        group.in_hand = True
                    else:
                        group.on_table = True
            elif item.data in ("concealed", "shown", "partly_shown"):
                group.visibility = item.data.replace("_", " ")
            elif item.data == "never_split":
                group.never_split = True
            elif item.data == "completed_by":
                sources = [self._source(p) for p in parts if isinstance(p, Tree)]
                kind = str(self.tokens(parts)[0])
                group.relabels.append(
                    ir.Relabel(sources=sources, kind=kind, span=self.span(item), cites=item_cites)
                )
            elif item.data == "aliases":
                group.aliases.extend(str(w) for w in parts)
        return "groups", name, group

    @staticmethod
    def _source(node: Tree) -> ir.Source:
        return {"from_self": "self", "from_discard": "discard", "from_draw": "draw"}[node.data]

    def pattern(self, node: Tree, cites: list[str]) -> ir.Pattern:
        head, *constraints = node.children
        words = self.tokens(head.children)
        fields: dict[str, Any] = {"span": self.span(node), "cites": cites}
        if head.data == "head_same":
            word = words[0]
            if is_digits(str(word)):
                fields.update(head="same", size=self.bounded(word))
            else:
                fields.update(head="mixed", size=0, attribute=str(word))
        elif head.data == "head_run":
            fields.update(
                head="run",
                size=self.integer(words[0], "a run's length"),
                attribute=str(words[-1]),
            )
            if len(words) == 3:
                fields["longest"] = self.integer(words[1], "a run's longest length")
        elif head.data == "head_alike":
            fields.update(
                head="alike",
                size=self.integer(words[0], "a number of cards"),
                attribute=str(words[1]),
            )
        else:
            fields.update(
                head="set",
                attribute=str(words[0]),
                values=[self.value_word(w) for w in words[1:]],
                size=len(words) - 1,
            )
        same: list[str] = []
        where: dict[str, list[int | str]] = {}
        split: list[int] = []
        for constraint in constraints:
            cwords = self.tokens(constraint.children)
            if constraint.data == "constraint_same":
                same.append(str(cwords[0]))
            elif constraint.data == "constraint_where":
                where[str(cwords[0])] = [self.value_word(w) for w in cwords[1:]]
            else:
                split_attr = str(cwords[0])
                split = [
                    self.integer(cwords[1], "a split count"),
                    self.integer(cwords[2], "a split count"),
                ]
                if fields["head"] != "mixed":
                    self.error(
                        constraint,
                        "E110",
                        "'split' needs a pattern that starts with 'same ATTRIBUTE'",
                    )
                fields["values"] = [split_attr]
        if fields["head"] == "mixed":
            if not split:
                self.error(
                    node,
                    "E110",
                    f"'same {fields['attribute']}' needs a split, e.g. 'split size 2 + 1'",
                    hint="for n cards alike write 'same N' with a number",
                )
            fields["size"] = sum(split)
        fields.update(same=same, where=where, split=split)
        return ir.Pattern(**fields)

    def clause_value_table(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        words = self.tokens(rest)
        name = str(words[0])
        by = str(words[1]) if len(words) > 1 else None
        table = ir.ValueTable(name=name, by=by, span=self.span(node), cites=cites)
        for line in self.trees(rest, "value_line"):
            parts, line_cites = self.split(line.children)
            table.note_item(line.data, self.span(line))
            selector, amount = parts
            value = ir.ValueLine(span=self.span(line), cites=line_cites)
            if selector.data == "select_kinds":
                value.kinds = [str(w) for w in self.tokens(selector.children)]
                for with_node in self.trees(selector.children, "value_with"):
                    with_words = self.tokens(with_node.children)
                    value.with_attribute = str(with_words[0])
                    value.with_values = [self.value_word(w) for w in with_words[1:]]
            amount_words = self.tokens(amount.children)
            if amount.data == "amount_fixed":
                value.amount = self.integer(amount_words[0], "a value")
            else:
                if by is None:
                    self.error(
                        amount,
                        "E110",
                        "amounts keyed by attribute value need 'by ATTRIBUTE' on the value table",
                    )
                for key, number in zip(amount_words[::2], amount_words[1::2], strict=False):
                    value.keyed[str(key)] = self.integer(number, "a value")
            table.lines.append(value)
        return "values", name, table

    def clause_win(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        win = ir.WinRule(span=self.span(node), cites=cites)
        seen: set[str] = set()
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            win.note_item(item.data, self.span(item))
            if item.data == "win_when":  # several lines: every one must hold
                condition = self.expr(parts[0])
                win.when.append(
                    ir.WinCondition(condition=condition, span=self.span(item), cites=item_cites)
                )
                win.cites.extend(c for c in item_cites if c not in win.cites)
                continue
            if item.data in seen:
                self.error(item, "E102", f"'{item.data.removeprefix('win_')}' is given twice")
            seen.add(item.data)
            words = self.tokens(parts)
            if item.data == "win_groups":
                win.groups = self.integer(words[0], "the number of groups")
            elif item.data == "win_pairs":
                rule = ir.PairRule(
                    kind=str(words[0]),
                    count=self.integer(words[1], "the number of pairs"),
                    span=self.span(item),
                    cites=item_cites,
                )
                if len(words) > 2:
                    rule.if_any = [str(w) for w in words[2:-1]]
                    rule.otherwise = self.integer(words[-1], "the number of pairs")
                win.pairs = rule
            else:
                limit = self.value_word(words[1])
                if item.data == "win_score":
                    win.score = ir.ScoreMinimum(
                        score=str(words[0]), at_least=limit, span=self.span(item), cites=item_cites
                    )
                else:
                    win.value = ir.ValueMinimum(
                        table=str(words[0]), at_least=limit, span=self.span(item), cites=item_cites
                    )
            win.cites.extend(c for c in item_cites if c not in win.cites)
        return "win", None, win

    def clause_form(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        form = ir.Form(name=name, title=title, span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            form.note_item(item.data, self.span(item))
            if item.data == "form_shape":
                words = self.tokens(parts)
                form.shape = ir.FormShape(
                    count=self.integer(words[0], "a group count"),
                    kinds=[str(w) for w in words[1:]],
                    span=self.span(item),
                    cites=item_cites,
                )
            elif item.data == "form_cards":
                more = [p for p in parts if isinstance(p, Token) and p.type == "WORD"]
                form.cards = ir.FormCards(
                    cards=self.card_items(parts),
                    more=self.integer(more[-1], "a number of cards") if more else 0,
                    span=self.span(item),
                    cites=item_cites,
                )
            else:
                form.wins = item.data == "wins"
        return "forms", name, form

    def clause_immediate_win(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        win = ir.ImmediateWin(name=name, title=title, span=self.span(node), cites=cites)
        for item in self.trees(rest, "immediate_valued"):
            win.held_value = True
            win.note_item(item.data, self.span(item))
            self.split(item.children)  # validates the citation, if any
        for item in self.trees(rest, "immediate_own_turn"):
            win.own_turn = True
            win.note_item(item.data, self.span(item))
            self.split(item.children)  # validates the citation, if any
        for item in self.trees(rest, "immediate_when_all"):
            parts, item_cites = self.split(item.children)
            win.note_item(item.data, self.span(item))
            win.conditions.append(
                ir.ImmediateCondition(
                    count=0,
                    kinds=[],
                    every=self.card_items(parts),
                    span=self.span(item),
                    cites=item_cites,
                )
            )
        for item in self.trees(rest, "immediate_holding"):
            parts, item_cites = self.split(item.children)
            win.note_item(item.data, self.span(item))
            win.conditions.append(
                ir.ImmediateCondition(
                    count=self.integer(parts[0], "a card count"),
                    kinds=[],
                    cards=self.card_set(parts[1]),
                    span=self.span(item),
                    cites=item_cites,
                )
            )
        for item in self.trees(rest, "immediate_when"):
            parts, item_cites = self.split(item.children)
            win.note_item(item.data, self.span(item))
            words = self.tokens(parts)
            win.conditions.append(
                ir.ImmediateCondition(
                    count=self.integer(words[0], "a group count"),
                    kinds=[str(w) for w in words[1:]],
                    span=self.span(item),
                    cites=item_cites,
                )
            )
        self.immediate_goes_on(win, rest)
        return "immediate_wins", name, win

    def immediate_goes_on(self, win: ir.ImmediateWin, rest: list[Any]) -> None:
        """An immediate win's condition lines on the hand, `play goes on` and `pays:` lines."""
        for item in self.trees(rest, "immediate_test"):
            parts, item_cites = self.split(item.children)
            win.note_item(item.data, self.span(item))
            win.tests.append(
                ir.ImmediateTest(
                    condition=self.expr(parts[0]), span=self.span(item), cites=item_cites
                )
            )
        for item in self.trees(rest, "immediate_goes_on"):
            win.note_item(item.data, self.span(item))
            self.split(item.children)  # validates the citation, if any
            win.goes_on = True
        for item in self.trees(rest, "immediate_pays"):
            parts, item_cites = self.split(item.children)
            win.note_item(item.data, self.span(item))
            win.pays.append(self.payment(parts[0], item_cites))

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
