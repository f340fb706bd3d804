"""The greedy bot plays to the win clause as written: a `when` line, a win clause without
a `groups` line, a winning form — not only to a complete shape."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.measure.distance import distance_for
from tablerules.interpreter.bots.measure.implied_groups import implied_groups
from tablerules.interpreter.bots.players import GreedyBot, play_hand
from tablerules.interpreter.engine import Table

from tests.test_distance import counts_of

OTHERS = [
    "1p2p4p6p7p9p 1s3s5s7s S W N",
    "2s4s6s8s 3m5m7m9m 8p 2p S W N",
    "4m6m8m9m 1p3p7p9p 2s4s6s N W",
]
# the dealer draws 5s to 111m 222p 99p 77s 5678s; each of 5s 6s 7s 8s leaves it one card
# from complete. Discarding 6s or 7s waits on a run (two groups of three alike); 5s waits on
# 9p or 7s (three copies left), 8s on 9p, 7s or 4s (456s 777s: seven copies left)
DEALER = "111m 222p 99p 77s 678s"


def written(tmp_path: Path, name: str, win: str, more: str = "") -> Game:
    """跑馬仔 with its win clause replaced (and `more` clauses), written under tmp_path."""
    path = tmp_path / name
    path.write_text(f'extends "paomazai.rules"\n{more}\noverride win [PMZ-4] {{\n{win}}}\n')
    return load_game(path)


@pytest.fixture(scope="module")
def three_alike(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A win needs three groups of three alike (a `when` line)."""
    folder = tmp_path_factory.mktemp("rules")
    return written(folder, "when.rules", "  groups 5\n  pairs of 對: 1\n  when groups of 刻 >= 3\n")


@pytest.fixture(scope="module")
def three_points(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A win needs 3 points (a minimum score), a point for each group of three alike."""
    folder = tmp_path_factory.mktemp("rules")
    scoring = (
        'score points "points" [PMZ-4] {\n}\n'
        'pattern alike "each group of three alike" [PMZ-4] {\n'
        "  counts groups of 刻\n  worth 1\n}\n"
    )
    clause = "  groups 5\n  pairs of 對: 1\n  score points at least 3\n"
    return written(folder, "score.rules", clause, scoring)


@pytest.fixture(scope="module")
def no_groups_line(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """The group count said only by a `when` line."""
    folder = tmp_path_factory.mktemp("rules")
    return written(folder, "groups.rules", "  pairs of 對: 1\n  when groups = 5\n")


def first_discards(game: Game, seeds: range) -> set[str]:
    names = game.compiled.cards.display
    found = set()
    for seed in seeds:
        hands = [game.parse(h) for h in [DEALER, *OTHERS]]
        table = Table(game, dealer=0, hands=hands, wall=game.parse("5s E E E S S"))
        choice = GreedyBot(seed).choose(table, 0)
        assert choice.action == "discard"
        found.add(names[choice.card])
    return found


def test_the_discard_keeps_the_cards_that_meet_the_when_line(pmz: Game, three_alike: Game) -> None:
    """Plain 跑馬仔 takes any of the four discards one card from complete; with a `when`
    line asking three groups alike, the one with the most cards that make the third."""
    plain = first_discards(pmz, range(40))
    assert plain & {"六索", "七索"}  # the plain distance cannot tell them apart
    assert first_discards(three_alike, range(40)) == {"八索"}


def test_the_discard_keeps_the_cards_that_make_the_minimum_score(three_points: Game) -> None:
    assert first_discards(three_points, range(40)) == {"八索"}


def test_a_win_clause_without_groups_implies_them_from_the_hand_size(
    pmz: Game, no_groups_line: Game
) -> None:
    assert implied_groups(no_groups_line.compiled) == 5
    assert implied_groups(pmz.compiled) == 5
    implied = distance_for(no_groups_line.compiled)
    plain = distance_for(pmz.compiled)
    hands = ["123m 456p 789s EE C", "1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N", DEALER]
    for hand in hands:
        counts = counts_of(pmz, hand)
        assert implied.distance(counts) == plain.distance(counts) > 0


def test_a_winning_form_is_as_near_as_its_cards() -> None:
    """Thirteen orphans, one card short, is at distance 1 though its groups are far; with
    two cards outside the set it lacks 發, 白 and a second orphan."""
    game = load_game(Path(__file__).resolve().parent.parent / "rules" / "hongkong.rules")
    distance = distance_for(game.compiled)
    assert distance.distance(counts_of(game, "1m 9m 1p 9p 1s 9s E S W N C F P")) == 1
    assert distance.distance(counts_of(game, "1m 9m 1p 9p 1s 9s E S W N C F F")) == 1
    assert distance.distance(counts_of(game, "1m 9m 1p 9p 1s 9s E S W N C 5m 5p")) == 3


def won(game: Game, hands: int) -> int:
    wins = 0
    for seed in range(hands):
        table = play_hand(game, [GreedyBot(seed * 4 + s) for s in range(4)], seed)
        wins += any(event["type"] == "win" for event in table.events)
    return wins


def test_greedy_bots_win_a_file_without_a_groups_line(no_groups_line: Game) -> None:
    """Before, every hand looked complete and bots discarded at random: 8% of hands won."""
    assert won(no_groups_line, 12) >= 9


@pytest.mark.slow
def test_greedy_win_rates_follow_the_plain_file(pmz: Game, no_groups_line: Game) -> None:
    hands = 200
    assert won(no_groups_line, hands) >= won(pmz, hands) - hands * 5 // 100
