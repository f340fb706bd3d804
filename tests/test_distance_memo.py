"""The remembered distances answer as the distance measured afresh: the shared measure's
answers (`bots/measure/distance_memo.py`) and the blocks' tables combined, named by their
entries (`bots/measure/set_aside.py`), on every hand greedy play holds, its laid groups and
their kinds included, asked twice, with the first answer changed by its caller in
between."""

from __future__ import annotations

import sys
import threading

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.measure import set_aside
from tablerules.interpreter.bots.measure.distance import Distance, distance_for
from tablerules.interpreter.bots.measure.distance_memo import RememberedDistance
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.engine import Table


@pytest.mark.parametrize(
    ("rules", "limit"),
    [
        ("hongkong", None),
        ("changsha", None),
        ("paohuzi", None),
        ("hongzhong", None),
        ("hongkong", 6),
    ],
)
def test_remembered_answers_are_the_fresh_ones(
    rules: str, limit: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`limit`: a memory emptied every few questions, and in the middle of one."""
    if limit is not None:
        monkeypatch.setattr(set_aside, "LIMIT", limit)
    game = load_game(rules)
    remembered = RememberedDistance(Distance(game.compiled))
    asked = 0
    for seed in range(2):
        table = Table(game, seed=seed)
        bots = [GreedyBot(seed * 10 + s) for s in range(table.play.seats)]
        while not table.finished:
            for holder in table.state.seats:
                hand = list(holder.hand)
                if not any(hand):
                    continue
                kinds = [group.kind for group in holder.table]
                for laid in (None, list(holder.table)):
                    fresh = Distance(game.compiled)  # nothing remembered
                    want = fresh.without_each(hand, kinds, laid)
                    got = remembered.without_each(hand, kinds, laid)
                    assert got == want
                    got.clear()  # the caller's dict is its own
                    assert remembered.without_each(hand, kinds, laid) == want
                    assert remembered.distance(hand, kinds, laid) == fresh.distance(
                        hand, kinds, laid
                    )
                    asked += 1
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
    assert asked > 100


def test_the_forms_read_the_laid_cards_and_the_memory_tells_them_apart() -> None:
    """The same concealed cards and kinds, other cards laid: a form of cards (長沙's
    every card a 2, 5 or 8) counts the laid cards, so the answers differ, and each is
    remembered as its own; with the laid groups unknown no form is measured."""
    game = load_game("changsha")
    plain = Distance(game.compiled)
    remembered = RememberedDistance(Distance(game.compiled))
    hand = [0] * len(game.cards)
    for card in game.parse("2m 5m 8m 2p 5p 8p 2s 5s 8s 2m 5m"):
        hand[card] += 1
    kinds = [game.compiled.kind_index["碰"]]
    inside = [_Laid(list(game.parse("2s 2s 2s")))]
    outside = [_Laid(list(game.parse("3s 3s 3s")))]
    answers = {str(laid): plain.distance(hand, kinds, laid) for laid in (None, inside, outside)}
    assert answers[str(inside)] < answers[str(outside)]
    for laid in (inside, outside, None, inside, None, outside):
        assert remembered.distance(hand, kinds, laid) == answers[str(laid)]
        each = plain.without_each(hand, kinds, laid)
        assert remembered.without_each(hand, kinds, laid) == each


def test_the_shared_measure_remembers() -> None:
    assert isinstance(distance_for(load_game("paomazai").compiled), RememberedDistance)


class _Laid:
    def __init__(self, cards: list[int]) -> None:
        self.cards = cards


def test_questions_asked_at_once_from_threads_keep_their_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A measure shared by threads (the playground's sessions share compiled rules): one
    thread's question empties the memory while another's is halfway; each still answers
    as the distance measured afresh, and none fails."""
    monkeypatch.setattr(set_aside, "LIMIT", 3)
    game = load_game("hongkong")
    shared = Distance(game.compiled)
    hands = []
    for seed in range(1):
        table = Table(game, seed=seed)
        bots = [GreedyBot(seed * 10 + s) for s in range(table.play.seats)]
        while not table.finished:
            for holder in table.state.seats:
                if any(holder.hand):
                    hands.append((list(holder.hand), [g.kind for g in holder.table]))
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
    fresh = Distance(game.compiled)
    want = [fresh.without_each(hand, kinds) for hand, kinds in hands]
    found: dict[int, list[dict[int, int]]] = {}
    failed: list[BaseException] = []

    def ask(worker: int) -> None:
        try:
            found[worker] = [shared.without_each(hand, kinds) for hand, kinds in hands]
        except BaseException as error:  # reported by the test
            failed.append(error)

    previous = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch often: questions interleave
    try:
        workers = [threading.Thread(target=ask, args=(w,)) for w in range(3)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        sys.setswitchinterval(previous)
    assert not failed
    assert all(found[w] == want for w in range(3))
