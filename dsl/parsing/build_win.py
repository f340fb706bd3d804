"""Parse tree to IR for winning: `win`, `form` and `immediate win`."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree
from tablerules.dsl.model import ir


class WinClauses:
    """The `win`, `form` and `immediate win` clauses."""

    def clause_win(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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

    def clause_form(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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
            elif item.data == "form_any":
                form.cards = ir.FormCards(
                    cards=self.card_items(parts),
                    size=self.integer(parts[0], "a number of cards"),
                    span=self.span(item),
                    cites=item_cites,
                )
            else:
                form.wins = item.data == "wins"
        return "forms", name, form

    def clause_immediate_win(self: Any, node: Tree) -> tuple[str, str | None, ir.Clause]:
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

    def immediate_goes_on(self: Any, win: ir.ImmediateWin, rest: list[Any]) -> None:
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
