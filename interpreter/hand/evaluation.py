"""The result of evaluating a hand: whether it wins, every split, the best one, and why not.

Whether a hand wins, and which split is best, are known as soon as the splits are judged;
naming each group (kind, cards, display names, value, which holds the winning card) and
writing the reasons take longer, and a win test or a simulation never reads them. So an
`Evaluation` keeps the judged splits as plain tuples and builds its `decompositions`,
`best` and `reasons` the first time they are read, the same every time after.

Where the evaluator found the best split without listing the others (a search that keeps
the best split per signature), the evaluation holds that split alone and a way to list
them all: the list is made the first time `candidates`, `decompositions` or `reasons` is
read, and reads exactly as if it had been made at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tablerules.interpreter.compiling.explanation import Judgement

# A judged split: (instance ids, position of the group holding the winning card or None,
# total value, pairs, triggers, wins). A split of a winning form is marked by `FORM` in
# the position's place; a hand that is a winning form of cards by `CARD_FORM`, its ids then
# holding the form's index among the rules' card forms.
Candidate = tuple[tuple[int, ...], int | None, int, int, int, bool]
FORM = -1
CARD_FORM = -2


@dataclass(frozen=True)
class GroupResult:
    kind: str
    formed_as: str
    cards: tuple[str, ...]
    names: tuple[str, ...]
    value: int
    on_table: bool
    holds_winning_card: bool
    indices: tuple[int, ...] = ()  # the cards as card kinds
    claimed: bool = False  # a table group that took another seat's card

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "formed_as": self.formed_as,
            "cards": list(self.cards),
            "names": list(self.names),
            "value": self.value,
            "on_table": self.on_table,
            "winning_card": self.holds_winning_card,
        }


@dataclass(slots=True)
class Decomposition:
    """One split of the hand into groups (a form's split, or the groups held for a win on
    the deal), whether it wins, and what its hand patterns are worth."""

    groups: list[GroupResult]
    total: int
    pairs: int
    wins: bool
    problem: str = ""
    form: str | None = None  # the form this split is, if any
    held: bool = False  # the groups held for a win on the deal, not a complete split
    judgement: Judgement | None = None
    wilds: int = 0  # wild cards read as other cards in this split (the winning card's too)
    # what each wild stood for in this split: (wild kind, card kind)
    wild_readings: tuple[tuple[int, int], ...] = ()
    # the different cards the hand before the winning card waited on, where a pattern
    # reads `waits` (None: not counted)
    waits: int | None = None
    # a held split's whole dealt hand, counts per card kind: its groups leave cards out
    whole: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "groups": [g.to_json() for g in self.groups],
            "total": self.total,
            "pairs": self.pairs,
            "wins": self.wins,
            "problem": self.problem,
        }
        if self.form is not None:
            data["form"] = self.form
        if self.held:
            data["held"] = True
        if self.judgement is not None:
            data.update(self.judgement.to_json())
        if self.waits is not None:
            data["waits"] = self.waits
        return data

    def key(self) -> tuple[object, ...]:
        return tuple(sorted((g.kind, g.cards, g.on_table) for g in self.groups))


@dataclass(frozen=True)
class Reason:
    """Why a hand does not win (or which special rule made it win), with the rule ids."""

    code: str
    message: str
    cites: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "cites": list(self.cites)}


class Explainer(Protocol):
    """What builds an evaluation's details on demand: the evaluator that judged it, with
    the evaluation's context (what it needs to know of the hand)."""

    def decomposition(self, candidate: Candidate, context: Any) -> Decomposition: ...

    def decompositions(
        self, candidates: list[Candidate], context: Any
    ) -> list[Decomposition | None]: ...

    def reasons(self, evaluation: Evaluation, context: Any) -> list[Reason]: ...


_UNBUILT: Any = object()


class _Marking:
    """An explainer whose splits are marked as they are built (`Evaluation.mark_splits`)."""

    def __init__(self, explainer: Explainer, mark: Callable[[Decomposition], None]) -> None:
        self._explainer = explainer
        self._mark = mark

    def decomposition(self, candidate: Candidate, context: Any) -> Decomposition:
        found = self._explainer.decomposition(candidate, context)
        self._mark(found)
        return found

    def decompositions(
        self, candidates: list[Candidate], context: Any
    ) -> list[Decomposition | None]:
        found = self._explainer.decompositions(candidates, context)
        for split in found:
            if split is not None:
                self._mark(split)
        return found

    def reasons(self, evaluation: Evaluation, context: Any) -> list[Reason]:
        return self._explainer.reasons(evaluation, context)


class Evaluation:
    """Whether a hand wins and how: built from judged splits, details on first reading."""

    __slots__ = (
        "_best",
        "_best_index",
        "_built",
        "_candidates",
        "_context",
        "_decompositions",
        "_explainer",
        "_left_out",
        "_pending",
        "_reasons",
        "immediate",
        "shown",
        "value_name",
        "wild_readings",
        "wins",
    )

    def __init__(
        self,
        wins: bool,
        value_name: str | None = None,
        candidates: list[Candidate] | None = None,
        best: int | None = None,
        explainer: Explainer | None = None,
        context: Any = None,
    ) -> None:
        self.wins = wins
        self.value_name = value_name
        self.immediate: str | None = None
        # wins shown on the deal while play goes on (`evaluate(..., on_deal=True)`)
        self.shown: list[dict[str, object]] = []
        # what each wild card stood for in the reading chosen: (wild kind, card kind)
        self.wild_readings: tuple[tuple[int, int], ...] = ()
        # splits of the hand not listed (`left_out`), or how to count them when first read
        self._left_out: int | tuple[Callable[[int], int], int] = 0
        self._candidates = candidates if candidates is not None else []
        self._best_index = best
        self._explainer = explainer
        self._context = context
        # built when first read: the best split, each candidate's split, every split
        # listed, the reasons; and, for an evaluation made from its best split alone,
        # that split and how to list them all (see `of_best`)
        self._best: Decomposition | None = _UNBUILT
        self._built: list[Decomposition | None] | None = None
        self._decompositions: list[Decomposition] | None = None
        self._reasons: list[Reason] | None = None
        self._pending: tuple[Candidate | None, Callable[[], Evaluation]] | None = None

    @property
    def left_out(self) -> int:
        """Splits of the hand not listed: a hand with more than `split_count.LISTED_SPLITS`
        lists that many and the best of each signature, and counts the rest."""
        known = self._left_out
        if isinstance(known, tuple):
            count, packed = known
            known = self._left_out = count(packed)
        return known

    @left_out.setter
    def left_out(self, value: int) -> None:
        self._left_out = value

    def count_left_out(self, count: Callable[[int], int], packed: int) -> None:
        """`left_out` counted when first read, as `count(packed)` (most evaluations are
        read for their verdict and splits alone)."""
        self._left_out = (count, packed)

    @classmethod
    def of_best(
        cls,
        best: Candidate | None,
        value_name: str | None,
        explainer: Explainer,
        context: Any,
        listing: Callable[[], Evaluation],
    ) -> Evaluation:
        """An evaluation that knows its best split (None: no split wins) and lists every
        split, by `listing` (the evaluation made at once), only when they are read."""
        evaluation = cls(best is not None, value_name, None, None, explainer, context)
        evaluation._pending = (best, listing)
        return evaluation

    @property
    def candidates(self) -> list[Candidate]:
        """Every judged split, in search order (see `Candidate`)."""
        if self._pending is not None:
            self._list()
        return self._candidates

    def _list(self) -> None:
        """Take every judged split from the evaluation made at once; the best split, if
        already built, stays the same object."""
        assert self._pending is not None
        best, listing = self._pending
        listed = listing()
        self._pending = None
        self._candidates = listed._candidates
        self._context = listed._context
        self._best_index = listed._best_index
        if best is not None:
            assert listed._best_index is not None
            assert listed._candidates[listed._best_index] == best
            if self._best is not _UNBUILT:
                self._built = [None] * len(listed._candidates)
                self._built[listed._best_index] = self._best

    # ── details, built when first read ─────────────────────────
    def _build(self, index: int) -> Decomposition:
        built = self._built
        if built is None:
            built = self._built = [None] * len(self._candidates)
        found = built[index]
        if found is None:
            assert self._explainer is not None
            candidate = self._candidates[index]
            found = built[index] = self._explainer.decomposition(candidate, self._context)
        return found

    def _build_all(self, candidates: list[Candidate]) -> None:
        """Build every candidate's decomposition not built yet."""
        assert self._explainer is not None and self._built is not None
        built = self._built
        for index, built_one in enumerate(built):
            if built_one is None:
                built[index] = self._explainer.decomposition(candidates[index], self._context)

    @property
    def best(self) -> Decomposition | None:
        """The winning split with the highest total (the first such); None when none wins."""
        best = self._best
        if best is _UNBUILT:
            index = self._best_index
            if self._pending is not None:  # the best split alone is known
                candidate = self._pending[0]
                assert self._explainer is not None
                if candidate is not None:
                    best = self._explainer.decomposition(candidate, self._context)
                else:
                    best = None
            elif index is None:
                best = None
            else:
                built = self._built
                best = built[index] if built is not None else None
                if best is None:
                    best = self._build(index)
            self._best = best
        return best

    @best.setter
    def best(self, value: Decomposition | None) -> None:
        self._best = value

    @property
    def decompositions(self) -> list[Decomposition]:
        """Every split, judged, in search order; a split reading the same as an earlier
        one (same kinds and cards: the winning card in either of two like groups) is
        listed once. Without a winning card, splits never read the same.

        Made in one pass the first time (splits built already are kept), and the best
        split with them: a full reading nearly always asks for it next."""
        found = self._decompositions
        if found is not None:
            return found
        if self._pending is not None:
            self._list()
        candidates = self._candidates
        built = self._built
        if built is None:
            assert self._explainer is not None
            built = self._built = self._explainer.decompositions(candidates, self._context)
        else:
            self._build_all(candidates)
        if self._best is _UNBUILT:
            index = self._best_index
            self._best = None if index is None else built[index]
        for candidate in candidates:
            if candidate[1] is not None:
                found = self._decompositions = self._listed(candidates)
                return found
        found = self._decompositions = list(built)  # type: ignore[arg-type]
        return found

    @decompositions.setter
    def decompositions(self, value: list[Decomposition]) -> None:
        self._decompositions = value

    def _listed(self, candidates: list[Candidate]) -> list[Decomposition]:
        """`decompositions` of splits with a winning card or a form, each read once."""
        seen: set[tuple[object, ...]] = set()
        found: list[Decomposition] = []
        for index, candidate in enumerate(candidates):
            decomposition = self._build(index)
            placement = candidate[1]
            if placement is not None and placement >= 0:
                key = decomposition.key()
                if key in seen:
                    continue
                seen.add(key)
            found.append(decomposition)
        return found

    @property
    def reasons(self) -> list[Reason]:
        reasons = self._reasons
        if reasons is None:
            if self._explainer is None:
                reasons = []
            else:
                if self._pending is not None:
                    self._list()
                reasons = self._explainer.reasons(self, self._context)
            self._reasons = reasons
        return reasons

    @reasons.setter
    def reasons(self, value: list[Reason]) -> None:
        self._reasons = value

    @property
    def winning(self) -> list[Decomposition]:
        return [d for d in self.decompositions if d.wins]

    def mark_splits(self, mark: Callable[[Decomposition], None]) -> None:
        """Apply `mark` to every split: to those built already now, to the others as they
        are built (a reader of the best split alone does not pay for the rest)."""
        built: list[Decomposition | None] = [self._best if self._best is not _UNBUILT else None]
        built += self._built or []
        built += self._decompositions or []
        for split in built:
            if split is not None:
                mark(split)
        if self._explainer is not None:
            self._explainer = _Marking(self._explainer, mark)

    # ── hand patterns may change the verdict (see `judging.py`) ─
    def split(self, index: int) -> Decomposition:
        """Candidate `index` as a decomposition (built once)."""
        if self._pending is not None:
            self._list()
        return self._build(index)

    def lose(self, index: int, problem: str) -> None:
        """Candidate `index` does not win after all, for `problem`."""
        candidates = self.candidates
        ids, placement, total, pairs, triggers, _ = candidates[index]
        candidates[index] = (ids, placement, total, pairs, triggers, False)
        split = self._build(index)
        split.wins = False
        split.problem = problem
        self._reasons = None

    def choose(self, index: int | None) -> None:
        """Make candidate `index` the best split (None: no split wins)."""
        if self._pending is not None:
            self._list()
        self._best_index = index
        self._best = _UNBUILT
        self.wins = index is not None

    def to_json(self) -> dict[str, object]:
        best = self.best
        data: dict[str, object] = {
            "wins": self.wins,
            "immediate": self.immediate,
            "value_name": self.value_name,
            "best": self.decompositions.index(best) if best is not None else None,
            "best_total": best.total if best is not None else None,
            "decompositions": [d.to_json() for d in self.decompositions],
            "reasons": [r.to_json() for r in self.reasons],
        }
        if self.left_out:
            data["splits_not_listed"] = self.left_out
        if self.shown:
            data["shown_on_deal"] = self.shown
        return data
