"""The win test of rules whose scores or `when` lines decide a win judges only what it
must (`judging.wins_judged`): a `when` line that reads no pattern refuses a split before
any pattern is judged, and where a limit holds only the limits and what they read are.
Same answers as the full evaluation on built hands (the shapes of the fuzz campaign's
inputs outputs-1050 and outputs-2946, issue 22), with fewer patterns judged."""

from __future__ import annotations

import random

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.hand_patterns import Scoring

SEED = 2_206
HANDS = 120
EVERY_HAND_A_LIMIT = """
pattern always "a limit every hand holds" [HK-5] {
  counts 20
  worth 1
  limit
}
"""
NO_WIN_BY_WHEN = """
override win [HK-4] {
  groups 5
  pairs of 對: 1
  score 番 at least 3
  when groups of 刻 >= 16
}
"""
WILD = """
wild W [HK-1] {
  cards 1s
  stands for any card
}
"""
FILES = {
    "hongkong": "",
    "limit": EVERY_HAND_A_LIMIT,
    "when": NO_WIN_BY_WHEN,
    "limit-wild": EVERY_HAND_A_LIMIT + WILD,
    "when-wild": NO_WIN_BY_WHEN + WILD,
}


@pytest.fixture(scope="module", params=sorted(FILES))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Game:
    path = tmp_path_factory.mktemp("rules") / f"{request.param}.rules"
    path.write_text('extends "hongkong"\n' + FILES[request.param], encoding="utf-8")
    return load_game(path)


def built_hands(game: Game) -> list[tuple[list[int], int]]:
    """Complete hands made of four groups and a pair (a card changed in one of three),
    each with its winning card taken out."""
    rng = random.Random(SEED)
    compiled = game.compiled
    kinds = compiled.kinds
    in_hand = [i for i in compiled.instances if kinds[i.kind].in_hand and len(i.cards) == 3]
    pairs = [i for i in compiled.instances if kinds[i.kind].is_pair]
    copies = compiled.cards.copies_of
    found: list[tuple[list[int], int]] = []
    while len(found) < HANDS:
        suit = rng.randrange(3)  # most groups of one suit: some hands make 3 番
        cards = list(rng.choice(pairs).cards)
        for _ in range(4):
            group = rng.choice(in_hand).cards
            if rng.random() < 0.7 and group[0] // 9 != suit:
                continue
            cards += group
        if len(cards) != 14:
            continue
        if len(found) % 3 == 2:
            cards[rng.randrange(14)] = rng.randrange(len(copies))
        if all(cards.count(card) <= copies[card] for card in cards):
            win_card = cards.pop(rng.randrange(14))
            found.append((cards, win_card))
    return found


def test_the_win_test_agrees_with_the_full_evaluation(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = built_hands(game)
    sources = ["self", "discard"]
    expected = [
        game.evaluate(cards, win_card=card, source=sources[n % 2]).wins
        for n, (cards, card) in enumerate(hands)
    ]
    judged: list[int] = []
    judge = Scoring.judge

    def counted(self: Scoring, *args: object) -> object:
        judged.append(1)
        return judge(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Scoring, "judge", counted)
    found = [
        game.evaluator.wins(cards, win_card=card, source=sources[n % 2])
        for n, (cards, card) in enumerate(hands)
    ]
    assert found == expected
    if game.compiled.scoring.win_when:
        assert not any(expected)  # 16 groups of three alike: never
        assert judged == []  # refused by the `when` line before any pattern
    elif any(rule.name == "always" for rule in game.compiled.scoring.patterns):
        assert judged == []  # a limit holds on every split: it alone makes the score
    else:
        assert any(expected) and not all(expected)
