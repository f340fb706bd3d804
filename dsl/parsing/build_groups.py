"""Parse tree to IR for groups, their patterns and value tables."""

from __future__ import annotations

from typing import Any

from lark import Tree
from tablerules.dsl.model import ir
from tablerules.dsl.numbers import is_digits


class GroupClauses:
    """The `group` clauses with their patterns, and `value table`."""

    def clause_group(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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

    def pattern(self: Any, node: Tree, cites: list[str]) -> ir.Pattern:
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

    def clause_value_table(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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
