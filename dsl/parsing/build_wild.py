"""Parse tree to IR for wild cards, card filters and the discard rule."""

from __future__ import annotations

from typing import Any

from lark import Tree
from tablerules.dsl.model import ir


class WildClauses:
    """The `wild` and `discard` clauses and the card filters they (and actions) read."""

    def card_set(self: Any, node: Tree) -> ir.CardSet:
        """`wild` or a card list."""
        if node.data == "set_wild":
            return ir.CardSet(wild=True)
        return ir.CardSet(items=self.card_items(node.children))

    def clause_wild(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        wild = ir.Wild(name=name, title=title, span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            wild.note_item(item.data, self.span(item))
            wild.cites.extend(c for c in item_cites if c not in wild.cites)
            if item.data == "wild_cards":
                wild.cards += self.card_items(parts)
            elif item.data == "wild_stands":
                stands = parts[0]
                if stands.data == "stands_cards":
                    wild.stands_for += self.card_items(stands.children)
                wild.except_ += self.card_items(parts[1:])
            elif item.data == "wild_turned":
                wild.turned_zone = str(parts[0])
                wild.turned_end = parts[1].data
            elif item.data == "wild_next":
                wild.next_by = str(parts[0])
                wild.next_same = str(parts[1]) if len(parts) > 1 else None
            else:
                condition = parts[0]
                if condition.data == "if_option":
                    wild.if_option = str(condition.children[0])
                else:
                    wild.unless_option = str(condition.children[0])
        return "wilds", name, wild

    def clause_discard_rule(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        rule = ir.DiscardRule(span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            rule.note_item(item.data, self.span(item))
            rule.cites.extend(c for c in item_cites if c not in rule.cites)
            target = rule.never if item.data == "discard_never" else rule.first
            target.append(self.card_set(parts[0]))
        return "discard_rule", None, rule
