"""A checked `RuleSet` compiled once into the tables the evaluator runs on.

Compiling expands every group pattern into concrete card multisets, packs them as integers
(one byte per card kind, so a hand is `int.from_bytes(counts)`), lays the deck out in
blocks that no group crosses (`blocks.py`), and resolves options, values and win conditions
into plain numbers and sets. Nothing here is re-parsed or re-validated when a hand is evaluated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tablerules.dsl.diagnostics import Diagnostic, RuleError
from tablerules.dsl.limits import LIMIT_CODE, MAX_GROUP_INSTANCES
from tablerules.dsl.model import ir
from tablerules.dsl.model.given import card_attributes
from tablerules.interpreter.compiling.blocks import Block, layout
from tablerules.interpreter.compiling.bonus_cards import compile_bonus_readings
from tablerules.interpreter.compiling.cards import CardTable
from tablerules.interpreter.compiling.carried import compile_carries, starting
from tablerules.interpreter.compiling.expressions import Tables
from tablerules.interpreter.compiling.forms import (  # noqa: F401 (read from here too)
    CardForm,
    FormCompiling,
    FormInfo,
    ImmediateInfo,
)
from tablerules.interpreter.compiling.hand_patterns import Scoring
from tablerules.interpreter.compiling.hand_quantities import HandQuantities
from tablerules.interpreter.compiling.packing import (  # noqa: F401 (read from here too)
    FIELD_BITS,
    FIELD_SHIFT,
    GUARD_BIT,
    MAX_COUNT,
)
from tablerules.interpreter.compiling.patterns import Multiset, combinations_to_try, expand
from tablerules.interpreter.compiling.signature_layout import SignatureLayout
from tablerules.interpreter.compiling.wilds import (
    WildCards,
    compile_discard,
    compile_turned,
    compile_wilds,
)


@dataclass
class KindInfo:
    """A group kind as the evaluator sees it."""

    index: int
    name: str
    title: str
    in_hand: bool
    on_table: bool
    visibility: str
    keep_together: int | None  # n for 'never split' n-alike groups
    relabel: dict[str, int]  # source -> kind index
    is_pair: bool
    is_trigger: bool
    cites: list[str]
    instances: list[Multiset] = field(default_factory=list)


@dataclass(frozen=True)
class Instance:
    """One concrete group a hand may contain: a kind and its cards, packed."""

    id: int
    kind: int
    cards: Multiset
    packed: int
    signature_shift: int


@dataclass(frozen=True)
class DealLine:
    """One deal step resolved: `count` cards to `zone` of `seat` (None: a shared zone)."""

    zone: str
    seat: int | None
    count: int
    shown: bool
    cites: list[str]


class CompiledRules(FormCompiling):
    """Everything the evaluator needs, derived once from a rule set and its option values."""

    def __init__(
        self,
        rules: ir.RuleSet,
        options: dict[str, ir.Scalar] | None = None,
        turned: int | None = None,
    ) -> None:
        """`turned`: the card turned up at the deal, for a file whose wild is chosen so
        (`wilds.TurnedWild`); the rules compiled for the hand it was turned in."""
        self.turned = turned
        if rules.deck is None:
            raise RuleError(
                [Diagnostic(rules.file, 1, 1, "E109", "the rules have no deck to compile")]
            )
        self.rules = rules
        self.options = rules.option_values() | dict(options or {})
        self.name = rules.game.name if rules.game else rules.file
        values = [card_attributes(rules, card) for card in rules.deck.cards]
        spelled = [(line.name, line.said) for block in rules.names.values() for line in block.lines]
        self.cards = CardTable(rules.deck, values, spelled)
        if self.cards.copies > MAX_COUNT:
            raise RuleError(
                [
                    Diagnostic(
                        rules.file,
                        1,
                        1,
                        "E104",
                        f"at most {MAX_COUNT} copies of a card are supported",
                    )
                ]
            )
        self.seat_names = list(rules.seats.names) if rules.seats else []
        self._compile_win()
        self._compile_kinds()
        self._compile_values()
        self._compile_blocks()
        self._compile_forms()
        self._compile_immediate()
        self._compile_seat_cards()
        self._compile_scoring()
        self._compile_wilds()
        self._compile_immediate_tests()
        self._accept_cache: dict[tuple[int, int, int, bool], int] = {}

    # ── compile steps ──────────────────────────────────────────
    def _compile_win(self) -> None:
        win = self.rules.win or ir.WinRule()
        self.win_cites = list(win.cites)
        self.groups_needed = win.groups
        self.pair_rule = win.pairs
        self.value_minimum: int | None = None
        self.value_table: ir.ValueTable | None = None
        if win.value is not None:
            limit = win.value.at_least
            self.value_minimum = int(self.options[limit]) if isinstance(limit, str) else limit
            self.value_table = self.rules.values.get(win.value.table)
        elif len(self.rules.values) == 1:
            self.value_table = next(iter(self.rules.values.values()))
        self.value_name = self.value_table.name if self.value_table else None

    def _compile_kinds(self) -> None:
        self.kinds: list[KindInfo] = []
        self.kind_index: dict[str, int] = {}
        pair_kind = self.pair_rule.kind if self.pair_rule else None
        triggers = set(self.pair_rule.if_any) if self.pair_rule else set()
        self._reject_huge_patterns()
        for index, group in enumerate(self.rules.groups.values()):
            keep = None
            if group.never_split and group.pattern is not None:
                keep = group.pattern.size
            info = KindInfo(
                index=index,
                name=group.name,
                title=group.title,
                in_hand=group.in_hand,
                on_table=group.on_table,
                visibility=group.visibility,
                keep_together=keep,
                relabel={},
                is_pair=group.name == pair_kind,
                is_trigger=group.name in triggers,
                cites=list(group.cites),
                instances=expand(self.cards, group.pattern) if group.pattern else [],
            )
            self.kinds.append(info)
            for name in (group.name, *group.aliases):
                self.kind_index.setdefault(name, index)
        self._reject_empty_patterns()
        # what each kind admits, as one set per kind: see `admits`
        self.admitted: list[frozenset[Multiset]] = [frozenset(k.instances) for k in self.kinds]
        for info, group in zip(self.kinds, self.rules.groups.values(), strict=True):
            for relabel in group.relabels:
                for source in relabel.sources:
                    info.relabel[source] = self.kind_index[relabel.kind]
        self.signature = SignatureLayout.of_groups(
            [
                (len(cards), info.is_pair, info.is_trigger)
                for info in self.kinds
                if info.in_hand
                for cards in info.instances
            ]
        )
        self.instances: list[Instance] = []
        for info in self.kinds:
            if not info.in_hand:
                continue
            shift = self.signature.step(info.is_pair, info.is_trigger)
            for cards in info.instances:
                self.instances.append(
                    Instance(len(self.instances), info.index, cards, self.pack_cards(cards), shift)
                )
        self.keep_together = [k for k in self.kinds if k.in_hand and k.keep_together]
        changes_pairing = any(
            self.kinds[target].is_trigger != info.is_trigger
            or self.kinds[target].is_pair != info.is_pair
            for info in self.kinds
            for target in info.relabel.values()
        )
        self.trigger_exact = not changes_pairing

    def _reject_huge_patterns(self) -> None:
        """A group standing for more card combinations than the limit is an error, found
        by counting before anything is built."""
        total = 0
        for group in self.rules.groups.values():
            if group.pattern is None:
                continue
            combinations = combinations_to_try(self.cards, group.pattern)
            total += combinations
            if total <= MAX_GROUP_INSTANCES:
                continue
            span = group.pattern.span or group.span
            message = (
                f"group {group.name!r} stands for {combinations:,} card combinations"
                if combinations > MAX_GROUP_INSTANCES
                else f"with group {group.name!r} the groups stand for {total:,} card combinations"
            )
            raise RuleError(
                [
                    Diagnostic(
                        file=span.file if span else self.rules.file,
                        line=span.line if span else 1,
                        column=span.column if span else 1,
                        code=LIMIT_CODE,
                        message=f"{message}; the limit is {MAX_GROUP_INSTANCES:,}",
                        hint="narrow the pattern with 'where' or 'same'",
                    )
                ]
            )

    def _reject_empty_patterns(self) -> None:
        """A group whose pattern no cards of this deck can make is a mistake in the file."""
        problems = []
        for info, group in zip(self.kinds, self.rules.groups.values(), strict=True):
            if info.instances or group.pattern is None:
                continue
            span = group.pattern.span or group.span
            problems.append(
                Diagnostic(
                    file=span.file if span else self.rules.file,
                    line=span.line if span else 1,
                    column=span.column if span else 1,
                    code="E110",
                    message=f"no cards of this deck can make group {group.name!r}",
                    hint="check the pattern's values and 'where' filters, and the deck's copies",
                )
            )
        if problems:
            raise RuleError(problems)

    def _compile_values(self) -> None:
        self._value_cache: dict[tuple[int, Multiset], int] = {}

    def _compile_blocks(self) -> None:
        """Blocks of card kinds that no group crosses, large ones cut (see `blocks.py`)."""
        connecting = [cards for info in self.kinds for cards in info.instances]
        searched = [instance.cards for instance in self.instances]
        self.blocks: list[Block] = layout(self.cards, connecting, searched)

    def _compile_seat_cards(self) -> None:
        """Seat cards by seat name and round cards by round name, as sets of card kinds."""
        self.seat_cards = self._card_sets(self.rules.seat_cards)
        self.round_cards = self._card_sets(self.rules.round_cards)
        rounds = self.rules.rounds
        self.rounds: int | None = rounds.count if rounds is not None else None
        self.round_names: list[str] = list(rounds.names) if rounds is not None else []
        self.carries = compile_carries(self.rules.carries)

    def _card_sets(self, tables: dict[str, ir.SeatCards]) -> dict[str, dict[str, frozenset[int]]]:
        sets: dict[str, dict[str, frozenset[int]]] = {}
        for table in tables.values():
            sets[table.name] = {line.seat: self._card_set(line.items) for line in table.lines}
        return sets

    def card_set(self, items: list[ir.CardSelector]) -> frozenset[int]:
        """The card kinds that card names and filters select."""
        return self._card_set(items)

    def _card_set(self, items: list[ir.CardSelector]) -> frozenset[int]:
        """The card kinds that card names and filters select."""
        chosen: set[int] = set()
        for item in items:
            if item.card is not None:
                card = self.cards.lookup(item.card)
                if card is not None:
                    chosen.add(card)
            elif item.filters:
                filters = {f.attribute: list(f.values) for f in item.filters}
                chosen.update(c for c in range(len(self.cards)) if self.cards.matches(c, filters))
        return frozenset(chosen)

    def _compile_wilds(self) -> None:
        """Wild cards in force and the card filters of the discard rule (`wilds.py`)."""
        self.wilds = self._wilds_in_force()
        self.discard_limits = compile_discard(self.rules.discard_rule, self.wilds, self._card_set)
        if self.wilds:
            self.structural_exact = False  # a wild's readings are judged, never looked up
            self.kept_exact = False
        self.bonus_readings = compile_bonus_readings(
            self.rules, self.seat_names, self.seat_cards, self.wilds, self._card_set
        )

    def _wilds_in_force(self) -> WildCards:
        """The wild cards of the rule set, a card turned at the deal applied."""
        self.turning = compile_turned(self.rules, self.options, self.cards.lookup)
        wild = None
        if self.turning is not None and self.turned is not None:
            wild = self.turning.wild_of(self.turned)
        return compile_wilds(self.rules, self.options, self._card_set, len(self.cards), wild)

    def _compile_scoring(self) -> None:
        """Lookup tables, hand quantities, hand patterns and scores."""
        self.numbers: dict[str, int] = {}  # the options an expression can read
        for name, value in self.options.items():
            if isinstance(value, bool | int):
                self.numbers[name] = int(value)
        # a carried number reads its start where no hand gives it (`evaluate` without it)
        self.numbers.update(starting(self.carries))
        self.tables = Tables(self.rules.tables)
        self.quantities = HandQuantities(
            self.cards, self.seat_names, self.seat_cards, self.round_names, self.round_cards
        )
        self.scoring = Scoring(self.rules, self.options, self.tables, self.quantities)
        if self.scoring.decides_wins:
            self.structural_exact = False  # a split may fail its minimum score or a condition
            self.kept_exact = False

    # ── the deal ───────────────────────────────────────────────
    @property
    def dead_wall(self) -> int:
        """The cards of the stock never drawn (`drawn hand when ZONE is down to N`): 0
        unless the end clause keeps some, N being a number or a number option."""
        end = self.rules.end
        drawn_at = end.drawn_at if end is not None else None
        if drawn_at is None:
            return 0
        return int(self.options[drawn_at] if isinstance(drawn_at, str) else drawn_at)

    def deal_plan(self) -> list[DealLine]:
        """How many cards each seat's zones and each shared zone get, in deal order.

        Seats are counted from the dealer (seat 0). A `rest` step takes what is left.
        """
        seats = self.rules.seats.count if self.rules.seats else 1
        remaining = sum(self.cards.copies_of)
        plan: list[DealLine] = []
        for step in self.rules.deal.steps if self.rules.deal else []:
            if step.to == "each":
                for seat in range(seats):
                    plan.append(DealLine(step.zone, seat, step.count or 0, step.shown, step.cites))
                remaining -= (step.count or 0) * seats
            elif step.to == "dealer":
                plan.append(DealLine(step.zone, 0, step.count or 0, step.shown, step.cites))
                remaining -= step.count or 0
            else:
                count = remaining if step.count is None else step.count
                plan.append(DealLine(step.zone, None, count, step.shown, step.cites))
                remaining -= count
        return plan

    def dealt_per_seat(self) -> list[int]:
        """Cards each seat holds after the deal, the dealer first."""
        seats = self.rules.seats.count if self.rules.seats else 1
        totals = [0] * seats
        for line in self.deal_plan():
            if line.seat is not None:
                totals[line.seat] += line.count
        return totals

    # ── packing ────────────────────────────────────────────────
    def pack_counts(self, counts: list[int] | tuple[int, ...] | bytes) -> int:
        """A hand as one integer: byte i holds the count of card kind i."""
        return int.from_bytes(bytes(counts), "little")

    def pack_cards(self, cards: Multiset | list[int]) -> int:
        packed = 0
        for card in cards:
            packed += 1 << (card * FIELD_BITS)
        return packed

    def unpack(self, packed: int) -> list[int]:
        return list(packed.to_bytes(len(self.cards), "little"))

    # ── values ─────────────────────────────────────────────────
    def value_of(self, kind: int, cards: Multiset) -> int:
        """The value of one group under the win's value table (0 when there is none)."""
        key = (kind, cards)
        cached = self._value_cache.get(key)
        if cached is not None:
            return cached
        value = self._compute_value(self.kinds[kind].name, cards)
        self._value_cache[key] = value
        return value

    def _compute_value(self, kind_name: str, cards: Multiset) -> int:
        table = self.value_table
        if table is None:
            return 0
        attributes = self.cards.attributes
        for line in table.lines:
            if line.kinds and kind_name not in line.kinds:
                continue
            if line.with_attribute:
                have = sorted(str(attributes[c].get(line.with_attribute)) for c in cards)
                if have != sorted(str(v) for v in line.with_values):
                    continue
            if line.amount is not None:
                return line.amount
            keys = {str(attributes[c].get(table.by or "")) for c in cards}
            if len(keys) == 1:
                key = keys.pop()
                if key in line.keyed:
                    return line.keyed[key]
        return 0

    # ── groups ─────────────────────────────────────────────────
    def admits(self, kind: int, cards: Sequence[int]) -> bool:
        """Whether the cards make a group of the kind: one of the card combinations its
        pattern stands for, its `where` filters applied. Every group built from cards (a
        claim, a group declared from the hand, a table group given to `evaluate`) is asked
        this one question."""
        return tuple(sorted(cards)) in self.admitted[kind]

    def relabelled(self, kind: int, source: ir.Source, cards: Sequence[int]) -> int:
        """The kind a group of `kind` counts as when the winning card from `source`
        completes it (`completed by … counts as`): the new kind only where that kind admits
        these cards, so no group counts as a kind its own pattern forbids."""
        target = self.kinds[kind].relabel.get(source, kind)
        if target != kind and not self.admits(target, cards):
            return kind
        return target

    # ── win signatures ─────────────────────────────────────────
    def accept_mask(self, table_groups: int, table_pairs: int, table_triggers: int) -> int:
        """Bits of the (groups, pairs, triggers) signatures of the concealed part that win."""
        relaxed = not self.trigger_exact
        key = (table_groups, table_pairs, table_triggers, relaxed)
        cached = self._accept_cache.get(key)
        if cached is not None:
            return cached
        mask = 0
        layout = self.signature
        needed = self.groups_needed
        for groups, pairs, triggers in layout.counts(
            None if needed is None else needed - table_groups
        ):
            if self._pairs_ok(pairs + table_pairs, triggers + table_triggers, relaxed):
                mask |= 1 << layout.index(groups, pairs, triggers)
        self._accept_cache[key] = mask
        return mask

    def _pairs_ok(self, pairs: int, triggers: int, relaxed: bool) -> bool:
        rule = self.pair_rule
        if rule is None:
            return True
        if not rule.if_any:
            return pairs == rule.count
        if relaxed:
            return pairs in (rule.count, rule.otherwise)
        return pairs == (rule.count if triggers > 0 else rule.otherwise)

    def required_pairs(self, triggers: int) -> int | None:
        rule = self.pair_rule
        if rule is None:
            return None
        if rule.if_any and triggers == 0:
            return rule.otherwise
        return rule.count


def compile_rules(
    rules: ir.RuleSet, options: dict[str, ir.Scalar] | None = None, turned: int | None = None
) -> CompiledRules:
    """Compile a checked rule set with its option values (and the card turned at the deal,
    for a file whose wild is chosen so)."""
    return CompiledRules(rules, options, turned)
