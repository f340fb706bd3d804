"""The winning splits of an evaluation, judged: their hand patterns and scores, the win
clause's minimum score, and which split is the best.

Only for rules with hand patterns or scores; only the splits that meet the rest of the win
clause are built and judged, so other rules, and hands that cannot win, pay nothing here.
Also the split of a win on the deal whose groups need not be complete: the n-alike groups
the immediate win counts, each card in its largest such group.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerules.interpreter.compiling.compiled import CompiledRules, ImmediateInfo
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.hand_quantities import HandView
from tablerules.interpreter.hand.evaluation import Decomposition, Evaluation, GroupResult


def judge(
    rules: CompiledRules, split: Decomposition, counts: list[int], conditions: WinConditions
) -> str:
    """Judge one split's hand patterns; what keeps it from winning ('' when nothing)."""
    scoring = rules.scoring
    view = HandView(
        counts=counts,
        groups=[(g.kind, g.indices, g.on_table, g.claimed) for g in split.groups],
        conditions=conditions,
        form=split.form,
        value=split.total,
    )
    names = {**rules.numbers, **conditions.placed}
    split.judgement = scoring.judge(view, names)
    split.waits = conditions.waits
    if split.held:
        return ""  # a win on the deal wins whatever its groups make
    if scoring.minimum is not None:
        score, needed = scoring.minimum
        made = split.judgement.value(score)
        if made < needed:
            return f"{made} {score}; a win needs at least {needed}"
    return scoring.unmet(view, names, split.judgement)


def judge_evaluation(
    rules: CompiledRules, result: Evaluation, counts: list[int], conditions: WinConditions
) -> None:
    """Judge every winning split of `result`; a split below the minimum score stops
    winning, with the reason; the best split is chosen again."""
    winners: list[tuple[int, Decomposition]] = []
    for index, candidate in enumerate(result.candidates):
        if not candidate[5]:
            continue
        split = result.split(index)
        problem = judge(rules, split, counts, conditions)
        if problem:
            result.lose(index, problem)
        else:
            winners.append((index, split))
    if not winners:
        result.choose(None)
        return
    chosen = best_split(rules, [split for _, split in winners])
    result.choose(next(index for index, split in winners if split is chosen))


def wins_judged(
    rules: CompiledRules, result: Evaluation, counts: list[int], conditions: WinConditions
) -> bool:
    """Whether some winning split of `result` stays winning once judged (what
    `judge_evaluation` would leave as `result.wins`, `result` untouched): the win test of
    rules whose scores or `when` lines decide. Where they cannot refuse a split, it wins
    unjudged; a split a `when` line refuses without reading a score is not judged
    (`Scoring.refuses_early`), and where a limit holds on a split only the limits and what
    they read are (`Scoring.limit_scores`); the first split that wins ends the test."""
    scoring = rules.scoring
    if not scoring.decides_wins:
        return result.wins  # no split that meets the groups and pairs can stop winning
    for index, candidate in enumerate(result.candidates):
        if not candidate[5]:
            continue
        split = result.split(index)
        if split.held:
            return True
        view = HandView(
            counts=counts,
            groups=[(g.kind, g.indices, g.on_table, g.claimed) for g in split.groups],
            conditions=conditions,
            form=split.form,
            value=split.total,
        )
        names = {**rules.numbers, **conditions.placed}
        if scoring.refuses_early(view, names):
            continue
        if scoring.minimum is not None and not scoring.win_when:
            scores = scoring.limit_scores(view, names)
            if scores is not None:  # a limit holds: it alone makes the score
                score, needed = scoring.minimum
                if scores.get(score, 0) >= needed:
                    return True
                continue
        if not judge(rules, split, counts, conditions):
            return True
    return False


def best_split(rules: CompiledRules, winners: Sequence[Decomposition]) -> Decomposition:
    """The winning split with the highest value total (then the first score), or, when a
    score decides, with the highest score (then the value total); the first such."""
    deciding = rules.scoring.best_by
    first = rules.scoring.scores[0].name if rules.scoring.scores else None

    def key(split: Decomposition) -> tuple[int, int]:
        judgement = split.judgement
        if judgement is None:
            return (split.total, 0)
        if deciding is not None:
            return (judgement.value(deciding), split.total)
        return (split.total, judgement.value(first) if first else 0)

    best = winners[0]
    for split in winners[1:]:
        if key(split) > key(best):
            best = split
    return best


def held_split(rules: CompiledRules, counts: list[int], immediate: ImmediateInfo) -> Decomposition:
    """The groups held for a win on the deal: each card in the largest n-alike group of the
    kinds the immediate win counts (four alike as a group of four, when one is named)."""
    groups: list[GroupResult] = []
    for card, count in enumerate(counts):
        fitting = [(size, kind) for kind, size in immediate.kinds if size <= count]
        if not fitting:
            continue
        size, kind = max(fitting)
        cards = (card,) * size
        info = rules.kinds[kind]
        groups.append(
            GroupResult(
                kind=info.name,
                formed_as=info.name,
                cards=tuple(rules.cards.ids[c] for c in cards),
                names=tuple(rules.cards.display[c] for c in cards),
                value=rules.value_of(kind, cards),
                on_table=False,
                holds_winning_card=False,
                indices=cards,
            )
        )
    total = sum(g.value for g in groups)
    return Decomposition(groups, total, 0, wins=True, held=True, whole=tuple(counts))
