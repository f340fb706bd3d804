"""Parse tree to IR for expressions: amounts, counts and conditions.

A mixin of the clause builder in `dsl.parsing.build`, which supplies `span` and `bounded`.
"""

from __future__ import annotations

from typing import ClassVar

from lark import Token, Tree
from tablerules.dsl.model import ir
from tablerules.dsl.numbers import is_digits

CONTEXTS: dict[str, ir.Context] = {
    "ctx_draw": "draw",
    "ctx_replacement": "replacement",
    "ctx_discard": "discard",
    "ctx_added": "added card",
    "ctx_deal": "deal card",
    "ctx_dealt": "deal",
    "ctx_turn_start": "turn start",
    "ctx_turn": "turn",
}
WHO: dict[str, ir.Who] = {
    "who_self": "self",
    "who_others": "others",
    "who_next": "next",
    "who_anyone": "anyone",
}


def is_number(text: str) -> bool:
    """A whole number written with the digits 0-9 (other scripts' digits are names)."""
    return is_digits(text)


class ExpressionBuilder:
    """Turns an expression subtree into an `ir.Expr`, each node with its position."""

    OPS: ClassVar[dict[str, ir.ExprOp]] = {
        "add": "add",
        "sub": "sub",
        "mul": "mul",
        "div": "div",
        "pow": "pow",
        "neg": "neg",
        "eq": "eq",
        "ne": "ne",
        "lt": "lt",
        "le": "le",
        "gt": "gt",
        "ge": "ge",
        "and_": "and",
        "or_": "or",
        "not_": "not",
        "if_else": "if",
    }

    HAND: ClassVar[dict[str, ir.ExprOp]] = {
        "q_cards": "cards",
        "q_distinct": "distinct",
        "q_groups": "groups",
        "q_claimed": "claimed",
        "q_form": "form",
        "q_wilds": "wilds",
        "q_waits": "waits",
        "q_alike": "alike",
        "q_held": "held",
        "c_won": "won",
        "c_last_card": "last card",
        "c_first_discard": "first discard",
        "c_first_draw": "first draw",
        "c_dealer_wins": "dealer wins",
        "c_no_claim_yet": "no claim yet",
        "c_replacement_shown": "replacement shown",
        "c_after_replacement": "discard after replacement",
        "c_after_last_card": "discard after last card",
        "c_payer_dealer": "payer is dealer",
        "c_winner_dealer": "winner is dealer",
        "c_payer_seat": "payer seat",
        "s_ready": "ready",
        "s_playing": "playing",
        "s_holds_distinct": "holds distinct",
        "s_best_win": "best win",
    }

    def card_items(self, nodes: list[Tree | Token]) -> list[ir.CardSelector]:
        """Card names, `(attribute value ..., ...)` filters and seat or round card sets."""
        items: list[ir.CardSelector] = []
        for node in nodes:
            if not isinstance(node, Tree):
                continue
            if node.data == "card_ref":
                items.append(ir.CardSelector(card=str(node.children[0])))
            elif node.data == "card_seat_set":
                items.append(ir.CardSelector(seat_set=str(node.children[0])))
            elif node.data == "card_round_set":
                items.append(ir.CardSelector(round_set=str(node.children[0])))
            elif node.data == "card_declared":
                items.append(ir.CardSelector(declared=str(node.children[0])))
            elif node.data == "card_filters":
                filters = []
                for flt in node.children:
                    tokens = [w for w in flt.children if isinstance(w, Token)]
                    values = [self.value_word(w) for w in tokens[1:]]
                    filters.append(ir.CardFilter(attribute=str(tokens[0]), values=values))
                items.append(ir.CardSelector(filters=filters))
        return items

    def hand_expr(self, node: Tree, span: ir.Span) -> ir.Expr:
        """A quantity of the winning hand, or a condition of the table."""
        op = self.HAND[node.data]
        expression = ir.Expr(op=op, span=span)
        children = node.children
        if op == "cards":
            expression.items = self.card_items(children)
        elif op == "distinct":
            expression.name = str(children[0])
            expression.items = self.card_items(children[1:])
        elif op in ("groups", "claimed"):
            for part in children:
                if part.data == "groups_of":
                    expression.kinds = [str(w) for w in part.children]
                else:
                    expression.items = self.card_items(part.children)
        elif op == "alike":  # `sets of N alike`: N a whole number, else the checker says so
            word = children[0]
            if is_number(str(word)):
                expression.value = self.bounded(word)
            else:
                expression.name = str(word)
        elif op in ("form", "holds distinct"):
            expression.name = str(children[0])
        elif op == "best win":
            expression.name = "payee" if children[0].data == "role_payee" else "payer"
        elif op == "won":
            context = children[0]
            expression.context = CONTEXTS[context.data]
            if len(children) > 1:
                expression.who = WHO[children[1].data]
        return expression

    def expr(self, node: Tree | Token) -> ir.Expr:
        span = self.span(node)
        if isinstance(node, Token):
            text = str(node)
            if is_number(text):
                return ir.Expr(op="num", value=self.bounded(node), span=span)
            return ir.Expr(op="ref", name=text, span=span)
        if node.data == "ref":
            return self.expr(node.children[0])
        if node.data in ("hand_quantity", "table_condition", "payer_condition", "seat_fact"):
            return self.expr(node.children[0])
        if node.data in self.HAND:
            return self.hand_expr(node, span)
        if node.data == "payer_hit":
            return ir.Expr(op="ref", name=ir.PAYER_HIT, span=span)
        if node.data == "count_kind":
            return ir.Expr(op="count", name=str(node.children[0]), span=span)
        if node.data == "call":
            name, *arguments = node.children
            return ir.Expr(
                op="call",
                name=str(name),
                args=[self.expr(a) for a in arguments],
                span=self.span(name),
            )
        return ir.Expr(
            op=self.OPS[node.data], args=[self.expr(child) for child in node.children], span=span
        )
