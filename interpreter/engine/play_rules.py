"""The play clauses of a rule set, compiled once into lookups the engine uses every step."""

from __future__ import annotations

from dataclasses import dataclass, field

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules
from tablerules.interpreter.compiling.expressions import Compiled, compile_expr
from tablerules.interpreter.compiling.wilds import never_cards

WIN_SOURCE = {  # the evaluator's name for where a winning card came from
    ("draw", True): "self",
    ("replacement", True): "self",
    ("deal card", True): "self",
    ("draw", False): "draw",
    ("deal card", False): "draw",
    ("discard", False): "discard",
    ("added card", False): "discard",
}


@dataclass(frozen=True)
class WayRule:
    action: str
    index: int
    context: str
    who: str
    if_option: str | None
    unless_option: str | None
    effect: str
    count: int
    kinds: tuple[int, ...]
    cites: tuple[str, ...]


@dataclass
class ActionRule:
    name: str
    title: str
    win: bool
    win_with_forced: bool
    makes: int | None
    concealed: bool
    alternative: int | None
    alternative_under: str | None
    forced: bool
    priority: int
    robbable: bool
    then: list[ir.Continuation]
    pays: list[ir.Payment]
    also_kinds: tuple[int, ...]
    keeps_discard: bool
    cites: tuple[str, ...]
    ways: list[WayRule] = field(default_factory=list)
    never_cards: frozenset[int] = frozenset()  # `never of`: never taken with these cards
    when_ready: bool = False  # offered only when the hand it leaves waits on a card
    locks_hand: bool = False  # afterwards its maker only draws, wins, discards what it drew
    shown: int = 0  # its replacement's cards, shown (0: a kept replacement, if any)
    # followed by a replacement whatever the table holds, and not forced: not offered when
    # the wall can give no replacement (its group laid on the last card would end the hand)
    needs_replacement: bool = False
    shown_from_tail: bool = True  # and the end of the wall they come from


def _needs(cards: list[int] | tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(card, copies) pairs a multiset of cards needs."""
    return tuple((card, cards.count(card)) for card in sorted(set(cards)))


class PlayRules:
    """What the engine asks of the rules, answered from precomputed tables."""

    def __init__(self, compiled: CompiledRules) -> None:
        rules = compiled.rules
        self.compiled = compiled
        self.options = compiled.options
        self.seats = rules.seats.count if rules.seats else 1
        self.turn = rules.turn or ir.TurnRule()
        turn = self.turn
        # a draw, then a replacement (indexed by `replacement`): whether it comes from the
        # wall's tail, its context, whether it is shown to the table
        self.draws = (
            (turn.draw_end == "tail", "draw", turn.draws_shown),
            (turn.replacement_end == "tail", "replacement", False),
        )
        self.end = rules.end or ir.EndRule()
        # play after a win: the hand goes on until this many seats have won (None: it ends
        # at its first win)
        self.leave_until = self.end.leave_until
        # immediate wins by cards held (`when all of`): a draw in play may complete one
        self.held_immediate = any(info.every for info in compiled.immediate)
        self.reserve = compiled.dead_wall  # the wall's cards never drawn; 0: none
        self.ties = rules.ties or ir.Ties()
        self.next_dealer = rules.next_dealer or ir.NextDealer()
        # the next dealer's lines in order: (case, condition or None, choice)
        self.dealer_lines: list[tuple[str, Compiled | None, str]] = [
            (
                line.case,
                compile_expr(line.condition, compiled.quantities.compile)
                if line.condition is not None
                else None,
                line.choice,
            )
            for line in self.next_dealer.lines
        ]
        self.restrictions = dict(rules.restrictions)
        self.settles = list(rules.settles.values())
        # paid at a drawn hand: seats chosen by their hands, refunds
        self.drawn_settles = any(settle.drawn or settle.refunds for settle in self.settles)
        self.transfers = any(settle.transfers for settle in self.settles)  # passed on at a win
        self.bonuses = list(rules.bonuses.values())
        # actions whose maker's hand must wait on a card, or is locked after them
        self.any_ready = any(a.when_ready for a in rules.actions.values())
        self.any_locks = any(a.locks_hand for a in rules.actions.values())
        self.fee = rules.fee
        cards = compiled.cards
        # every copy of every card, in card order: what a seeded deal shuffles
        self.deck = tuple(c for c in range(len(cards)) for _ in range(cards.copies_of[c]))
        kind = compiled.kind_index
        self.actions: dict[str, ActionRule] = {}
        for action in rules.actions.values():
            rule = ActionRule(
                name=action.name,
                title=action.title,
                win=action.win,
                win_with_forced=action.win_with_forced,
                makes=kind[action.makes] if action.makes else None,
                concealed=action.concealed,
                alternative=kind[action.makes_alternative] if action.makes_alternative else None,
                alternative_under=action.alternative_under,
                forced=action.forced,
                priority=action.priority,
                robbable=action.robbable,
                then=list(action.then),
                pays=list(action.pays),
                also_kinds=tuple(kind[k] for k in action.also_kinds),
                keeps_discard=action.keeps_discard,
                cites=tuple(action.cites),
                never_cards=never_cards(action, compiled.wilds, compiled.card_set),
                when_ready=action.when_ready,
                locks_hand=action.locks_hand,
            )
            for then in action.then:  # the checker allows one shown replacement per action
                if then.shown:
                    rule.shown, rule.shown_from_tail = then.shown, then.end == "tail"
                if then.kind == "replacement" and then.when_count is None:
                    rule.needs_replacement = not action.forced
            for index, way in enumerate(action.ways):
                rule.ways.append(
                    WayRule(
                        action=action.name,
                        index=index,
                        context=way.context,
                        who=way.who,
                        if_option=way.if_option,
                        unless_option=way.unless_option,
                        effect=way.effect,
                        count=way.count,
                        kinds=tuple(kind[k] for k in way.kinds),
                        cites=tuple(way.cites) or tuple(action.cites),
                    )
                )
            self.actions[action.name] = rule
        self.ways_by_context: dict[str, list[WayRule]] = {}
        for rule in self.actions.values():
            for way in rule.ways:
                if self._enabled(way):
                    self.ways_by_context.setdefault(way.context, []).append(way)
        self._index_ways()
        # instances containing a card, per kind: for claims that complete a group with it
        self.instances_with: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for info in compiled.kinds:
            for cards in info.instances:
                for card in set(cards):
                    self.instances_with.setdefault((info.index, card), []).append(cards)
        self.instance_sets = dict(enumerate(compiled.admitted))  # see `CompiledRules.admits`
        # for each (kind, card): the instances with the card, the rest of their cards, and
        # how many of each card the rest needs; and each instance's own needs
        self.completions: dict[
            tuple[int, int],
            list[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]],
        ] = {}
        self.instance_needs: dict[
            tuple[int, int], list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]
        ] = {}
        for (kind, card), instances in self.instances_with.items():
            for cards in instances:
                rest = list(cards)
                rest.remove(card)
                self.completions.setdefault((kind, card), []).append(
                    (cards, tuple(rest), _needs(rest))
                )
                self.instance_needs.setdefault((kind, card), []).append((cards, _needs(cards)))

    def ways_for(self, context: str, seat: int, owner: int) -> list[tuple[WayRule, ActionRule]]:
        """The enabled ways, with their actions, open to `seat` on a card of `owner`."""
        if seat == owner:
            relation = "self"
        elif seat == (owner + 1) % self.seats:
            relation = "next"
        else:
            relation = "other"
        return self._ways_for.get((context, relation), [])

    def ways_by_step(self, context: str) -> list[tuple[int, list[tuple[WayRule, ActionRule]]]]:
        """For an offer in `context`: each seat, as steps after the owner (0: the owner),
        that has some way to respond, with those ways (the same whoever the owner is)."""
        found = self._by_step.get(context)
        if found is None:
            found = self._by_step[context] = [
                (step, ways)
                for step in range(self.seats)
                if (ways := self.ways_for(context, step, 0))
            ]
        return found

    def _index_ways(self) -> None:
        words = {
            "self": ("self", "anyone"),
            "next": ("next", "others", "anyone"),
            "other": ("others", "anyone"),
        }
        self._ways_for: dict[tuple[str, str], list[tuple[WayRule, ActionRule]]] = {}
        self._by_step: dict[str, list[tuple[int, list[tuple[WayRule, ActionRule]]]]] = {}
        for context, ways in self.ways_by_context.items():
            for relation, accepted in words.items():
                self._ways_for[(context, relation)] = [
                    (way, self.actions[way.action]) for way in ways if way.who in accepted
                ]
        # a seat's ways on its own cards and turn, asked on every draw
        self.own_ways = {
            context: self._ways_for[(context, "self")] for context in self.ways_by_context
        }

    def _enabled(self, way: WayRule) -> bool:
        if way.if_option and not self.options.get(way.if_option):
            return False
        return not (way.unless_option and self.options.get(way.unless_option))

    def in_owner_hand(self, context: str) -> bool:
        """Whether an offered card already sits in its owner's hand (a kept draw, a
        replacement, the dealer's shown card) rather than in the open."""
        if context == "draw":
            return not self.turn.draws_shown
        return context in ("replacement", "deal card")

    def restricting_contexts(self) -> set[str]:
        """The offers on which passing can create a restriction (from the file's rules)."""
        contexts: set[str] = set()
        for rule in self.restrictions.values():
            if rule.after_context:
                contexts.add(rule.after_context)
                continue
            for name in (*rule.after_passing, *rule.after_declining):
                action = self.actions.get(name)
                if action is not None:
                    contexts.update(way.context for way in action.ways)
        return contexts

    def tie_rule(self, action: str) -> str:
        return self.ties.rules.get(action) or self.ties.default or "nearest"

    def relation(self, seat: int, owner: int) -> tuple[str, ...]:
        """The `by` words that describe `seat` relative to a card's owner."""
        if seat == owner:
            return ("self", "anyone")
        if seat == (owner + 1) % self.seats:
            return ("next", "others", "anyone")
        return ("others", "anyone")
