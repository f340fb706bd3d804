"""A fixed, numbered action space for any rule file, and the legal choices of a seat as ids.

The engine offers choices as objects (`Choice`); a learning agent wants a fixed set of
integers and a mask. The ids are derived once from the compiled rules, in this order:

* id 0: pass;
* ids 1 … K: discard card kind 0 … K-1 (K: the rule file's card kinds, in card order);
* then each action of the rules in the file's order, and for each its ways in order:
  - a winning action: one id per card it may win on, then one for a win on no card
    (a win declared on the deal or at the start of a turn);
  - a group made with the card and alike cards from the hand: one id per card (and per
    group kind, when the action makes another kind under a restriction);
  - a group made from the hand alone: one id per card it is made of;
  - the card added onto a group on the table: one id per group (kind and cards) it may
    grow and card;
  - the card with the rest of a group from the hand: one id per group kind, group and
    card; when the action also lays down the card's other copies, one id per set of
    further groups too;
* then each phase before play in the file's order: for an exchange, one id per set of cards
  of one value it may pass (a multiset within the deck's copies), in card order; for a
  declaration, one id per value.

Each id stands for one *signature*: what the choice does, as the seat sees it (the action,
the card, the group made, the cards it takes from the hand, the further groups). Two legal
choices share an id only when they make the same groups of the same cards: the further
groups listed in another order, or the same card added onto one of two identical table
groups. The first of them in the engine's order stands for the id (its `legal_actions`
order); the others are the same move to the seat. Every legal choice has an id (a choice
the table does not cover is refused loudly, never mapped elsewhere), and a mask bit is set
only for an id some legal choice stands for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from tablerules.interpreter import Game
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.game import play_parts
from tablerules.interpreter.engine.phases.last_card import TAKE as LAST_CARD_TAKE
from tablerules.interpreter.engine.phases.rules import PhaseRule, phase_rules

if TYPE_CHECKING:
    from tablerules.interpreter.engine.play_rules import ActionRule, WayRule

PASS = "pass"
TAKE = LAST_CARD_TAKE  # the engine's choice to take the wall's last card offered in turn
DISCARD = "discard"
ONTO = "onto"  # the marker of a signature that adds the card onto a table group
PHASE = "phase"  # the marker of a signature of a phase's choice
PASS_ID = 0
KNOWN_LIMIT = 1 << 16  # choices whose ids are remembered (the engine keeps fewer)

Signature = tuple[object, ...]
Group = tuple[int, tuple[int, ...]]  # (group kind, its cards in card order)


class UncoveredChoice(RuntimeError):
    """A legal choice the action table has no id for: a defect, reported, never guessed."""


class ActionTable:
    """The numbered actions of one game (see the module) and the legal ids of a seat."""

    def __init__(self, game: Game) -> None:
        play = play_parts(game).play
        compiled = game.compiled
        self.game = game
        self.card_count = len(compiled.cards)
        self._display = compiled.cards.display
        self._kind_names = [kind.name for kind in compiled.kinds]
        self._copies = compiled.cards.copies_of
        self._admits = compiled.admits
        self._instances = [list(kind.instances) for kind in compiled.kinds]
        self._completions = play.completions
        self.wins = frozenset(name for name, rule in play.actions.items() if rule.win)
        self.signatures: list[Signature] = [(PASS,)]
        self.signatures += [(DISCARD, card) for card in range(self.card_count)]
        if play.end.last_card_offered:  # the wall's last card, taken (or passed) in turn
            self.signatures.append((TAKE,))
        enabled = {id(way) for ways in play.ways_by_context.values() for way in ways}
        for rule in play.actions.values():
            if rule.win:
                self.signatures += [(rule.name, card) for card in range(self.card_count)]
                self.signatures.append((rule.name, None))
                continue
            for way in rule.ways:
                if id(way) in enabled:
                    self.signatures += self._way_signatures(rule, way)
        self._phases = {phase.name: phase for phase in phase_rules(compiled)}
        for phase in self._phases.values():
            self.signatures += self._phase_signatures(phase)
        self.ids: dict[Signature, int] = {}
        for signature in self.signatures:  # a signature two ways give is numbered once
            self.ids.setdefault(signature, len(self.ids))
        self.signatures = list(self.ids)
        self.size = len(self.signatures)
        # ids of the choices met that name no table group, by object: the engine makes each
        # choice once and offers it again and again, and a lookup by identity costs less
        # than hashing its fields. The choices are kept alive in `_alive`, so no other
        # object can take the `id` of one while its entry stands: an entry found by `id` is
        # the choice's own, with no further check
        self._known: dict[int, int] = {}
        self._alive: list[Choice] = []
        # the id of a choice met before, found by `id(choice)`; KeyError for any other (the
        # dict is cleared, never replaced, so this stays its lookup)
        self.known_id = self._known.__getitem__

    # ── the enumeration ────────────────────────────────────────
    def _way_signatures(self, rule: ActionRule, way: WayRule) -> list[Signature]:
        """The signatures one way of a (not winning) action may give, in card order."""
        name, makes = rule.name, rule.makes
        effect, count = way.effect, way.count
        found: list[Signature] = []
        cards = range(self.card_count)
        if effect == "with_alike":
            alternative = rule.alternative
            kinds = [makes] if alternative is None else [makes, alternative]
            for card in cards:
                for kind in kinds:
                    if kind is None or self._admits(kind, (card,) * (count + 1)):
                        found.append((name, card, kind, (card,) * count, ()))
        elif effect == "from_hand" and makes is not None:
            for card in cards:
                if self._admits(makes, (card,) * count):
                    found.append((name, None, makes, (card,) * count, ()))
        elif effect in ("onto_table", "held_onto_table") and makes is not None:
            for source in way.kinds:
                for group in self._instances[source]:
                    for card in cards:
                        if self._admits(makes, (*group, card)):
                            found.append((name, card, makes, ONTO, source, tuple(group)))
        elif effect == "with_cards":
            also = rule.also_kinds
            for card in cards:
                for kind in way.kinds:
                    for _, rest, _ in self._completions.get((kind, card), ()):
                        held = tuple(sorted(rest))
                        for extra in self._extras(card, held, also):
                            found.append((name, card, kind, held, extra))
        return found

    def _phase_signatures(self, phase: PhaseRule) -> list[Signature]:
        """The signatures of a phase's choices: each value declared, or each set of cards
        of one value passed (no more copies of a card than the deck holds)."""
        if phase.kind == "declaration":
            return [(PHASE, phase.name, value) for value in phase.values]
        found: list[Signature] = []
        for value in phase.values:
            for cards in combinations_with_replacement(phase.cards_of[value], phase.passes):
                if all(cards.count(card) <= self._copies[card] for card in cards):
                    found.append((PHASE, phase.name, cards))
        return found

    def _extras(self, card: int, held: tuple[int, ...], kinds: Sequence[int]) -> Iterator[tuple]:
        """Every set of further groups of `kinds` holding `card` that a hand could lay down
        beside the card and `held`: none, then each multiset of such groups whose cards
        (with the card and `held`) fit in the deck's copies."""
        yield ()
        if not kinds:
            return
        groups: list[Group] = [
            (kind, tuple(cards))
            for kind in kinds
            for cards in self._instances[kind]
            if card in cards
        ]
        used = [0] * self.card_count
        used[card] += 1
        for held_card in held:
            used[held_card] += 1
        room = self._copies[card] - used[card]  # copies of the card the further groups may take
        for size in range(1, room + 1):
            for chosen in combinations_with_replacement(groups, size):
                if self._fits(used, chosen):
                    yield tuple(sorted(chosen))

    def _fits(self, used: list[int], groups: Sequence[Group]) -> bool:
        counts = list(used)
        for _, cards in groups:
            for card in cards:
                counts[card] += 1
                if counts[card] > self._copies[card]:
                    return False
        return True

    # ── choices as ids ─────────────────────────────────────────
    def signature(self, table: Table, choice: Choice) -> Signature:
        """What the choice does, as its seat sees it (see the module)."""
        action = choice.action
        if action in (PASS, TAKE):
            return (action,)
        if action == DISCARD or action in self.wins:
            return (action, choice.card)
        phase = self._phases.get(action)
        if phase is not None:
            if phase.kind == "declaration":
                return (PHASE, action, PhaseRule.declared(choice))
            return (PHASE, action, tuple(sorted(choice.from_hand)))
        if choice.table_index is not None:
            group = table.state.seats[choice.seat].table[choice.table_index]
            return (action, choice.card, choice.kind, ONTO, group.kind, tuple(sorted(group.cards)))
        extra: tuple = ()
        if choice.extra:
            extra = tuple(sorted((kind, tuple(sorted(cards))) for kind, cards in choice.extra))
        return (action, choice.card, choice.kind, tuple(sorted(choice.from_hand)), extra)

    def id_of(self, table: Table, choice: Choice) -> int:
        """The id of a legal choice; a choice the table does not cover is refused."""
        known = self._known.get(id(choice))
        if known is not None:
            return known
        signature = self.signature(table, choice)
        number = self.ids.get(signature)
        if number is None:
            raise UncoveredChoice(
                f"the choice {choice.label!r} ({signature!r}) has no action id: the action "
                "table does not cover it"
            )
        if choice.table_index is None:  # the same choice object stands for the same id
            if len(self._known) >= KNOWN_LIMIT:
                self._known.clear()
                self._alive.clear()
            self._known[id(choice)] = number
            self._alive.append(choice)  # kept alive: its id is not reused
        return number

    def legal(self, table: Table, seat: int, marks: bytearray | None = None) -> dict[int, Choice]:
        """The seat's legal ids now, each with the choice it stands for (the first in the
        engine's order), in the engine's order; empty when the seat is not asked. `marks`,
        when given (`size` zero bytes), gets a 1 at each legal id: the action mask."""
        offered = table.offered(seat)
        numbers = self.ids_of(table, offered)
        found = dict(zip(numbers, offered, strict=True))
        if len(found) < len(numbers):  # two choices share an id: the first stands for it
            found = {}
            for number, choice in zip(numbers, offered, strict=True):
                found.setdefault(number, choice)
        if marks is not None:
            for number in found:
                marks[number] = 1
        return found

    def ids_of(self, table: Table, offered: Sequence[Choice]) -> list[int]:
        """The id of each of the choices `offered` to one seat now, as the table holds them
        (in their order: two choices may share an id, see the module)."""
        try:
            return list(map(self.known_id, map(id, offered)))  # a C loop
        except KeyError:  # a choice met for the first time, or one naming a table group
            return [self.id_of(table, choice) for choice in offered]

    def label(self, number: int) -> str:
        """A reading of an id in the rule file's card names (`pass`, `discard` and the card…)."""
        if isinstance(number, bool) or not 0 <= number < len(self.signatures):
            last = len(self.signatures) - 1
            raise ValueError(f"no action id {number!r}: ids run from 0 to {last}")
        signature = self.signatures[number]
        if signature[0] == PHASE:
            chosen = signature[2]
            shown = chosen if isinstance(chosen, str) else self._names(chosen)  # type: ignore[arg-type]
            return f"{signature[1]} {shown}"
        name = str(signature[0])
        if len(signature) == 1:
            return name
        if len(signature) == 2:
            card = signature[1]
            return name if card is None else f"{name} {self._names((card,))}"  # type: ignore[arg-type]
        card, kind = signature[1], signature[2]
        kind_name = self._kind_names[kind] if isinstance(kind, int) else "?"
        if signature[3] == ONTO:
            grown = self._names(signature[5])  # type: ignore[arg-type]
            return f"{name} {self._names((card,))} onto {grown} as {kind_name}"  # type: ignore[arg-type]
        held = tuple(signature[3])  # type: ignore[arg-type]
        group = sorted(((card,) if card is not None else ()) + held)  # type: ignore[operator]
        text = f"{name} {self._names(group)} as {kind_name}"
        for _, cards in signature[4]:  # type: ignore[attr-defined]
            text += f" + {self._names(cards)}"
        return text

    def _names(self, cards: Sequence[int]) -> str:
        return "".join(self._display[card] for card in cards)
