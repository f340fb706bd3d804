"""Parse tree to IR for the cards and where they lie: attributes, the deck, zones, the deal."""

from __future__ import annotations

from typing import Any

from lark import Tree
from tablerules.dsl.model import ir


class DeckClauses:
    """The `attribute`, `deck`, `zone` and `deal` clauses."""

    def clause_attribute(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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

    def clause_deck(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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

    def card(self: Any, node: Tree, parts: list[Any], cites: list[str]) -> ir.CardDecl:
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

    def clause_zone(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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

    def clause_deal(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        deal = ir.Deal(span=self.span(node), cites=cites)
        for step in self.trees(rest, "deal_step"):
            parts, step_cites = self.split(step.children)
            count_node, target_node = parts[0], parts[1]
            zone = str(parts[2])
            shown = any(isinstance(p, Tree) and p.data == "deal_shown" for p in parts)
            count = (
                self.integer(count_node.children[0], "a deal count", ("rest",))
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
