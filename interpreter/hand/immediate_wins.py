"""Immediate wins (a mixin of `Evaluator`): which one a dealt hand, or a hand on its own
turn, holds; the wins shown on the deal while play goes on; and an immediate win made the
evaluation of a hand, valued by its best split or by the groups held."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules, ImmediateInfo
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.forms import LaidGroup
from tablerules.interpreter.hand.dealt import times_held
from tablerules.interpreter.hand.evaluation import Evaluation, Reason
from tablerules.interpreter.hand.judging import held_split, judge

if TYPE_CHECKING:
    from tablerules.interpreter.hand.evaluate import Evaluator


def immediates_by_turn(rules: CompiledRules) -> dict[bool | None, tuple[ImmediateInfo, ...]]:
    """The immediate wins that end the hand (those shown while play goes on aside), by
    `ImmediateWins.immediate`'s `own_turn`: all of them, those looked for on each own turn,
    those looked for on the deal."""
    ending = [win for win in rules.immediate if not win.goes_on]
    return {
        None: tuple(ending),
        True: tuple(win for win in ending if win.own_turn),
        False: tuple(win for win in ending if not win.own_turn),
    }


class ImmediateWins:
    """A mixin of `Evaluator`: the immediate wins of its rules."""

    def _win_on_deal(
        self: Evaluator,
        result: Evaluation,
        full: int,
        table: Sequence[LaidGroup],
        source: ir.Source | None,
        conditions: WinConditions | None,
        immediate: ImmediateInfo,
        drawn: bool = False,
    ) -> None:
        """An immediate win (`drawn`: made by the card the seat drew): the hand wins whatever
        its splits; its value is its best split's or, when its groups are incomplete (or it
        is valued by its groups), the groups held."""
        if immediate.held_value or not result.wins:
            counts = self._whole(full, table)
            held = held_split(self.rules, counts, immediate)
            if self._scored:
                facts = conditions or WinConditions(context="deal")
                if facts.held is None:  # the split held lists no table group: say them
                    facts = replace(facts, held=sum(self.rules.unpack(full)))
                judge(self.rules, held, counts, facts)
            splits = result.decompositions
            if immediate.held_value:
                for split in splits:
                    split.wins = False
                    split.problem = f"{immediate.name} is valued by the groups held on the deal"
            result.decompositions = [held, *splits]
            result.best = held
        result.wins = True
        result.immediate = immediate.name
        if drawn:
            when = "wins at once on the card drawn"
        else:
            when = "wins at once on its own turn" if immediate.own_turn else "wins on the deal"
        result.reasons = [
            Reason("immediate", f"{immediate.name} ({immediate.title}): {when}", immediate.cites)
        ]

    def _drawn_immediate(
        self: Evaluator,
        result: Evaluation,
        full: int,
        table: Sequence[LaidGroup],
        source: ir.Source | None,
        conditions: WinConditions | None,
    ) -> None:
        """A hand that makes no winning split with the card the seat drew, but holds with it
        an immediate win play looks for after a draw (a `when all of` line, or a win looked
        for on each own turn): play wins at once there, and so does this evaluation."""
        if conditions is not None and conditions.context not in ("draw", "replacement", "turn"):
            return  # `turn`: a win looked for on each own turn is settled as one on its turn
        immediate = self._after_draw(self.rules.unpack(full), table)
        if immediate is not None:
            self._win_on_deal(result, full, table, source, conditions, immediate, drawn=True)

    def drawn_immediate(
        self: Evaluator, hand: Sequence[int], table: Sequence[LaidGroup], win_card: int
    ) -> ImmediateInfo | None:
        """The immediate win play takes at once when the seat draws `win_card` to `hand`
        (a `when all of` line, or a win looked for on each own turn), read on the cards as
        held, wild cards as wild; None where there is none (or the file has none)."""
        if not self._immediates[None]:
            return None
        counts = [0] * len(self.rules.cards)
        for card in hand:
            counts[card] += 1
        counts[win_card] += 1
        return self._after_draw(counts, table)

    def _after_draw(
        self: Evaluator, counts: list[int], table: Sequence[LaidGroup]
    ) -> ImmediateInfo | None:
        """The immediate win play looks for after a draw, as the engine does: a `when all
        of` line first (`held_only`), then a win looked for on each own turn."""
        found = self.immediate(counts, table, held_only=True)
        return found if found is not None else self.immediate(counts, table, own_turn=True)

    def immediate(
        self: Evaluator,
        counts: list[int],
        table: Sequence[LaidGroup],
        held_only: bool = False,
        own_turn: bool | None = None,
    ) -> ImmediateInfo | None:
        """The first immediate win whose condition the dealt cards meet, if any: the concealed
        cards' counts per kind with the table groups. What `evaluate(..., on_deal=True)`
        names as its `immediate`, without evaluating the hand (the deal asks every seat).
        With `held_only`, only the `when all of` lines are read: what a draw may complete in
        play; `own_turn` (when given) keeps only the wins looked for on each own turn, or only
        those looked for on the deal."""
        looked_for = self._immediates[own_turn]
        if not looked_for:
            return None
        if table:
            counts = list(counts)
            for group in table:
                for card in group.cards:
                    counts[card] += 1
        copies = self.rules.cards.copies_of
        for immediate in looked_for:
            for cards in immediate.every:
                if cards and all(counts[card] >= copies[card] for card in cards):
                    return immediate
            if held_only:
                continue
            for needed, kinds in immediate.holding:
                held = 0
                for kind in kinds:
                    held += counts[kind]
                if held >= needed:
                    return immediate
            # its other lines (`every` and `holding` lines hold nowhere, as just read)
            if (immediate.conditions or immediate.tests) and times_held(
                self.rules, immediate, counts
            ):
                return immediate
        return None

    def shown_on_deal(
        self: Evaluator, counts: Sequence[int], table: Sequence[LaidGroup]
    ) -> list[tuple[ImmediateInfo, int]]:
        """The immediate wins where play goes on that the dealt hand holds, in file order,
        each with the number of times it holds it (each time is shown and paid)."""
        whole = list(counts)
        for group in table:
            for card in group.cards:
                whole[card] += 1
        found = []
        for immediate in self.rules.immediate:
            if immediate.goes_on:
                times = times_held(self.rules, immediate, whole)
                if times:
                    found.append((immediate, times))
        return found
