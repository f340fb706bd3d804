"""Parse tree to IR for the play half: turn flow, actions, ties, restrictions, the end of a
hand, settlement, bonus draws, the table fee, the next dealer and carried numbers.

A mixin of the clause builder in `dsl.parsing.build`, which supplies the shared helpers (`split`,
`tokens`, `trees`, `span`, `integer`, `text`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from lark import Token, Tree
from tablerules.dsl.diagnostics import did_you_mean
from tablerules.dsl.model import ir
from tablerules.dsl.parsing.build_expr import CONTEXTS, WHO, ExpressionBuilder


class PlayClauses(ExpressionBuilder):
    """The play half: turn flow, actions, ties, restrictions, end, settlement, bonuses."""

    CONTEXTS: ClassVar[dict[str, ir.Context]] = CONTEXTS
    WHO: ClassVar[dict[str, ir.Who]] = WHO

    def once(self, item: Tree, seen: set[str], key: str, words: str) -> None:
        """A line that sets one thing of its block, refused when a line before it set that
        thing already: the later line would silently replace the earlier."""
        if key in seen:
            self.error(
                item,
                "E102",
                f"'{words}' is given twice in this block: the second would replace the first",
                "keep one of the two lines",
            )
        seen.add(key)

    def let(self, lets: dict[str, ir.Expr], parts: list[Any]) -> None:
        """`let NAME = EXPRESSION`, once per name in a block."""
        name = str(parts[0])
        if name in lets:
            self.error(parts[0], "E102", f"'let {name}' is given twice in this block")
        lets[name] = self.expr(parts[1])

    def payment(self, node: Tree, cites: list[str]) -> ir.Payment:
        payer_node, amount, *rest = node.children
        payer = {
            "payer_discarder": "discarder",
            "payer_each_other": "each other",
            "payer_robbed": "robbed",
            "payer_each_payer": "each payer",
        }[payer_node.data]
        per_hit = any(isinstance(r, Tree) and r.data == "per_hit" for r in rest)
        label = next((self.text(r) for r in rest if isinstance(r, Token)), "")
        return ir.Payment(
            payer=payer,
            amount=self.expr(amount),
            per_hit=per_hit,
            label=label,
            span=self.span(node),
            cites=cites,
        )

    def clause_look(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        look = ir.Look(span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, _ = self.split(item.children)
            look.note_item(item.data, self.span(item))
            words = self.tokens(parts)
            if item.data == "look_shape":
                shape = str(words[0])
                if shape not in ("tile", "strip"):
                    guess = did_you_mean(shape, ("tile", "strip"))
                    self.error(words[0], "E104", f"shape is tile or strip, not {shape!r}", guess)
                else:
                    look.shape = shape  # type: ignore[assignment]
            else:
                look.note_item(f"ink {len(look.inks)}", self.span(item))
                look.inks.append(
                    ir.Ink(
                        colour=str(words[0]),
                        attribute=str(words[1]),
                        values=[self.value_word(w) for w in words[2:]],
                    )
                )
        return "look", None, look

    def clause_turn(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        turn = ir.TurnRule(span=self.span(node), cites=cites)
        seen: set[str] = set()
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            turn.note_item(item.data, self.span(item))
            self.once(item, seen, item.data, _TURN_LINES[item.data])
            turn.cites.extend(c for c in item_cites if c not in turn.cites)
            if item.data == "turn_begin":
                turn.dealer_begins = (
                    "drawing" if parts[0].data == "begins_drawing" else "discarding"
                )
            elif item.data == "turn_draw":
                turn.draw_zone = str(parts[0])
                turn.draw_end = parts[1].data
                turn.draws_shown = parts[2].data == "shown_draw"
            elif item.data == "turn_replacement":
                turn.replacement_zone = str(parts[0])
                turn.replacement_end = parts[1].data
            elif item.data == "turn_hidden":
                turn.concealed_takes_hidden = True
            else:
                turn.untaken_draw_to = str(parts[0])
        return "turn", None, turn

    def clause_action(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        action = ir.Action(name=name, title=title, span=self.span(node), cites=cites)
        seen: set[str] = set()
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            action.note_item(item.data, self.span(item))
            action.cites.extend(c for c in item_cites if c not in action.cites)
            kind = item.data
            if kind in _ACTION_LINES:
                self.once(item, seen, kind, _ACTION_LINES[kind])
            if kind == "action_way":
                action.ways.append(self.way(item, parts, item_cites))
            elif kind == "action_win":
                action.win = True
                action.win_with_forced = bool(self.trees(parts, "with_forced"))
            elif kind == "action_makes":
                action.makes = str(parts[0])
                for part in self.trees(parts):
                    if part.data == "concealment":
                        action.concealed = True
                    else:
                        action.makes_alternative = str(part.children[0])
                        action.alternative_under = str(part.children[1])
            elif kind == "action_forced":
                action.forced = True
            elif kind == "action_priority":
                action.priority = self.integer(parts[0], "a priority")
            elif kind == "action_robbable":
                action.robbable = True
            elif kind == "action_then":
                continuation = {
                    "then_discard": "discard",
                    "then_replacement": "replacement",
                    "then_next_draws": "next draws",
                    "then_replacement_shown": "replacement",
                }[parts[0].data]
                then = ir.Continuation(kind=continuation, span=self.span(item), cites=item_cites)
                if parts[0].data == "then_replacement_shown":
                    self.shown_replacement(then, parts[0].children)
                for when in self.trees(parts, "then_when"):
                    words = self.tokens(when.children)
                    then.when_count = self.integer(words[0], "a count")
                    then.when_kinds = [str(w) for w in words[1:]]
                action.then.append(then)
            elif kind == "action_keeps":
                action.keeps_discard = True
            elif kind == "action_pays":
                action.pays.append(self.payment(parts[0], item_cites))
            elif kind == "action_never":
                action.never_of.append(self.card_set(parts[0]))  # type: ignore[attr-defined]
            elif kind == "action_ready":
                action.when_ready = True
            elif kind == "action_locks":
                action.locks_hand = True
            else:
                action.also_kinds = [str(w) for w in self.tokens(parts)]
        return "actions", name, action

    def shown_replacement(self, then: ir.Continuation, children: list[Any]) -> None:
        """`replacement N from ZONE END, shown`: how many cards, and from where."""
        words = self.tokens(children)
        then.shown = self.integer(words[0], "a number of cards")
        then.zone = str(words[1])
        then.end = self.trees(children)[0].data

    def way(self, node: Tree, parts: list[Any], cites: list[str]) -> ir.Way:
        context = self.CONTEXTS[parts[0].data]
        who = self.WHO[parts[1].data]
        way = ir.Way(context=context, who=who, span=self.span(node), cites=cites)
        for part in parts[2:]:
            if part.data == "if_option":
                way.if_option = str(part.children[0])
            elif part.data == "unless_option":
                way.unless_option = str(part.children[0])
            else:
                words = self.tokens(part.children)
                way.effect = part.data
                if part.data in ("with_alike", "from_hand"):
                    way.count = self.integer(words[0], "a number of cards")
                else:
                    way.kinds = [str(w) for w in words]
        return way

    def clause_ties(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        ties = ir.Ties(span=self.span(node), cites=cites)
        seen: set[str] = set()
        for line in self.trees(rest, "tie_line"):
            parts, _ = self.split(line.children)
            subject, rule_node = parts
            rule = "all" if rule_node.data == "ties_all" else "nearest"
            said = "others" if subject.data == "tie_others" else str(subject.children[0])
            self.once(line, seen, said, f"{said}:")
            if subject.data == "tie_others":
                ties.default = rule
            else:
                ties.rules[str(subject.children[0])] = rule
                ties.note_item(f"tie {subject.children[0]}", self.span(line))
        return "ties", None, ties

    def clause_restriction(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        restriction = ir.Restriction(name=name, title=title, span=self.span(node), cites=cites)
        seen: set[str] = set()
        for item in self.trees(rest):
            parts, _ = self.split(item.children)
            restriction.note_item(item.data, self.span(item))
            self._restriction_once(item, parts, seen)
            if item.data == "restriction_after":
                names = [str(w) for w in self.tokens(parts)]
                for part in self.trees(parts):
                    if part.data == "after_pass":
                        restriction.after_passing = names
                    elif part.data == "after_decline":
                        restriction.after_declining = names
                    elif part.data == "lost_to":
                        self.error(
                            part,
                            "E110",
                            "'unless lost to' has no effect: only a seat that chose to pass "
                            "is restricted, never one that chose the action and lost it",
                            "drop 'unless lost to ...'; to restrict a seat whatever else it "
                            "chose, write 'after declining ...'",
                        )
                    else:
                        restriction.after_context = self.CONTEXTS[part.data]
            elif item.data == "restriction_discarding":
                restriction.after_discarding = True
            elif item.data == "restriction_forbids":
                restriction.forbids = [str(w) for w in self.tokens(parts)]
                for part in self.trees(parts):
                    if part.data == "that_card":
                        restriction.that_card = True
                    else:
                        restriction.forbids_context = self.CONTEXTS[part.data]
            elif item.data == "for_the_hand":
                restriction.lifetime = "hand"
            else:
                restriction.lifetime = {
                    "until_own_draw": "own draw",
                    "until_own_turn": "own turn",
                    "until_value_changes": "value changes",
                }[parts[0].data]
        return "restrictions", name, restriction

    def clause_end(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        end = ir.EndRule(span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            end.note_item(item.data, self.span(item))
            end.cites.extend(c for c in item_cites if c not in end.cites)
            if item.data == "end_drawn":
                end.drawn_when_empty = str(parts[0])
            elif item.data == "end_drawn_at":
                end.note_item("end_drawn", self.span(item))
                end.drawn_when_empty = str(parts[0])
                end.drawn_at = self.value_word(parts[1])
            elif item.data == "end_last_card":
                end.last_card_allows = [str(w) for w in self.tokens(parts)]
            elif item.data == "end_leave":
                article, count = self.tokens(parts)
                if str(article) != "a":
                    self.error(article, "E104", f"write 'a winner leaves', not {str(article)!r}")
                end.leave_until = self.integer(count, "the number of seats that win")
            elif item.data == "end_last_offered":
                end.last_card_offered = True
            else:
                end.last_discard_allows = [str(w) for w in self.tokens(parts)]
                for part in self.trees(parts, "if_option"):
                    end.last_discard_if = str(part.children[0])
        return "end", None, end

    def clause_settle(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name = str(rest[0])
        settle = ir.Settle(name=name, span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            settle.note_item(item.data, self.span(item))
            if item.data == "settle_let":
                self.let(settle.lets, parts)
                continue
            if item.data == "settle_drawn":
                payers, amount, payees, *label = parts
                settle.drawn.append(
                    ir.DrawnLine(
                        payers=self.expr(payers),
                        amount=self.expr(amount),
                        payees=self.expr(payees),
                        label=self.text(label[0]) if label else "",
                        span=self.span(item),
                        cites=item_cites,
                    )
                )
                continue
            if item.data in ("settle_back", "settle_hands_back", "settle_transfer"):
                self._money_line(settle, item, parts, item_cites)
                continue
            when, payment = parts
            line = ir.SettleLine(
                payment=self.payment(payment, item_cites), span=self.span(item), cites=item_cites
            )
            if when.data == "settle_on":
                line.context = self.CONTEXTS[when.children[0].data]
                if len(when.children) > 1:
                    line.who = self.WHO[when.children[1].data]
            settle.lines.append(line)
        return "settles", name, settle

    def _money_line(
        self, settle: ir.Settle, item: Tree, parts: list[Any], cites: list[str]
    ) -> None:
        """A refund or a transfer line: the actions (and settle blocks) it names, its label."""
        label = next((self.text(p) for p in self.tokens(parts, "STRING")), "")
        names = {
            tree.data: [str(w) for w in tree.children]
            for tree in parts
            if isinstance(tree, Tree) and tree.data in ("action_names", "settle_names")
        }
        actions = names.get("action_names", [])
        span = self.span(item)
        if item.data == "settle_transfer":
            settle.transfers.append(
                ir.TransferLine(actions=actions, label=label, span=span, cites=cites)
            )
            return
        settle.refunds.append(
            ir.RefundLine(
                actions=actions,
                paying_at=names.get("settle_names", []),
                label=label,
                span=span,
                cites=cites,
            )
        )

    def _restriction_once(self, item: Tree, parts: list[Any], seen: set[str]) -> None:
        if item.data == "restriction_after":
            for part in self.trees(parts):
                kind = part.data if part.data in ("after_pass", "after_decline") else "context"
                self.once(item, seen, kind, _RESTRICTION_AFTER.get(kind, "after … on"))
        elif item.data == "restriction_forbids":
            self.once(item, seen, "forbids", "forbids")
        elif item.data != "restriction_discarding":
            self.once(item, seen, "lifetime", "until / for the hand")

    def clause_bonus(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        bonus = ir.Bonus(name=name, title=title, span=self.span(node), cites=cites)
        seen: set[str] = set()
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            bonus.note_item(item.data, self.span(item))
            if item.data != "settle_let":
                key = "hit" if item.data == "bonus_hit_from_winner" else item.data
                self.once(item, seen, key, _BONUS_LINES.get(key, "pays"))
            bonus.cites.extend(c for c in item_cites if c not in bonus.cites)
            if item.data == "settle_let":
                self.let(bonus.lets, parts)
            elif item.data == "bonus_after":
                bonus.after = [self.CONTEXTS[p.data] for p in parts]
            elif item.data == "bonus_count":
                bonus.count = self.expr(parts[0])
            elif item.data == "bonus_from":
                bonus.zone = str(parts[0])
                bonus.end = parts[1].data
            elif item.data == "bonus_hit":
                bonus.seat_cards = str(parts[0])
            elif item.data == "bonus_hit_from_winner":
                bonus.seat_cards = str(parts[0])
                bonus.counted_from = "winner"
            elif item.data == "bonus_hit_cards":
                bonus.hit_cards = self.card_set(parts[0])
            elif item.data == "bonus_hit_copies":
                bonus.hit_copies = True
            elif item.data == "bonus_missing_reads":
                bonus.missing_reads_win = True
            elif item.data == "bonus_missing":
                bonus.missing_hits = True
            else:
                bonus.pays = self.payment(parts[0], item_cites)
        return "bonuses", name, bonus

    def clause_fee(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        return "fee", None, ir.Fee(percent=str(rest[0]), span=self.span(node), cites=cites)

    def clause_next_dealer(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        dealer = ir.NextDealer(span=self.span(node), cites=cites)
        for line in self.trees(rest, "dealer_line"):
            parts, line_cites = self.split(line.children)
            dealer.note_item(line.data, self.span(line))
            dealer.cites.extend(c for c in line_cites if c not in dealer.cites)
            case, *condition, choice = parts
            value = {
                "choose_winner": "winner",
                "choose_discarder": "discarder",
                "choose_dealer": "dealer",
                "choose_next": "next",
                "choose_last_taker": "last card taker",
            }[choice.data]
            dealer.lines.append(
                ir.DealerLine(
                    case=case.data.removeprefix("after_"),
                    condition=self.expr(condition[0]) if condition else None,
                    choice=value,
                    span=self.span(line),
                    cites=line_cites,
                )
            )
            if not condition:
                setattr(dealer, case.data, value)
        return "next_dealer", None, dealer

    def clause_carry(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name = str(rest[0])
        title = next((self.text(t) for t in self.tokens(rest, "STRING")), "")
        carry = ir.Carry(name=name, title=title, span=self.span(node), cites=cites)
        seen: set[str] = set()
        for line in rest:
            if not isinstance(line, Tree):
                continue
            parts, line_cites = self.split(line.children)
            if line.data == "carry_starts":
                item = "starts"
                carry.starts = self.integer(parts[0], "a carried number's start")
            else:
                item = parts[0].data.removeprefix("carry_")
                setattr(carry, item, self.expr(parts[1]))
            if item in seen:
                self.error(line, "E102", f"'{_CARRY_LINES[item]}' is given twice in this block")
            seen.add(item)
            carry.note_item(item, self.span(line))
            carry.cites.extend(c for c in line_cites if c not in carry.cites)
        return "carries", name, carry


_CARRY_LINES = {"starts": "starts at", "after_win": "after win", "after_drawn": "after drawn hand"}


# The lines that set one thing of their block (`PlayClauses.once`), as a message names them.
_ACTION_LINES = {"action_makes": "makes", "action_priority": "priority"}
_TURN_LINES = {
    "turn_begin": "dealer begins",
    "turn_draw": "draw from",
    "turn_replacement": "replacement from",
    "turn_untaken": "untaken draw goes to",
    "turn_hidden": "draws taken concealed are not shown",
}
_RESTRICTION_AFTER = {"after_pass": "after passing", "after_decline": "after declining"}
_BONUS_LINES = {
    "bonus_after": "after win on",
    "bonus_count": "count",
    "bonus_from": "drawn from",
    "hit": "hit when in seat cards",
    "bonus_hit_cards": "hit when",
    "bonus_hit_copies": "hit copies",
    "bonus_missing_reads": "missing reads",
    "bonus_missing": "missing counts as hit",
}
