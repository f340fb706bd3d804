"""Matches in the playground (`playground.play.match_play`, `playground.play.match_view`):
hands played one after another as the rule file says a game goes on, a running score, a
summary, and the user's choices kept as a short record that plays the match again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tablerules.cli.main import main as cli_main
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.match import Match, seed_dealer
from tablerules.playground.play.hand_page import build_page
from tablerules.playground.play.match_play import MatchPlay
from tablerules.playground.play.match_view import match_view

ROOT = Path(__file__).resolve().parent.parent
PMZ = ROOT / "rules" / "paomazai.rules"
HK = ROOT / "rules" / "hongkong.rules"


@pytest.fixture(scope="module")
def pmz() -> Game:
    return load_game(PMZ)


@pytest.fixture(scope="module")
def hk() -> Game:
    return load_game(HK)


def play_out(match: MatchPlay) -> MatchPlay:
    """Bots play every hand of the match to its end."""
    while True:
        match.hand.to_end()
        if not match.can_go_on:
            return match
        match.next_hand()


def test_a_match_of_bots_is_the_one_the_command_plays(
    pmz: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hand K from seed S + K - 1, dealt where the hand before left the game, bots seeded
    from its seed: `tablerules play --seed S --hands N` plays the same hands."""
    match = play_out(MatchPlay(pmz, 7, length=3))
    assert match.over and match.number == 3
    records = match.finished_records()
    assert cli_main(["play", str(PMZ), "--seed", "7", "--hands", "3", "--json"]) == 0
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [list(r.totals) for r in records] == [r["totals"] for r in results]
    assert [r.seed for r in records] == [7, 8, 9]
    money = [sum(r.totals[seat] for r in records) for seat in range(4)]
    assert [s.money for s in match.standings()] == money


def test_the_dealer_passes_as_the_rule_file_says(hk: Game) -> None:
    """HK-7: the dealer keeps the deal on a dealer's win or a drawn hand (the streak
    grows), else it passes to the next seat; the round changes once every seat has dealt."""
    match = MatchPlay(hk, 3, length=8)
    expected = Match(hk, seed_dealer(3, 4))
    for _ in range(7):
        match.hand.to_end()
        assert match.hand.dealer == expected.position.dealer
        assert (match.hand.round, match.hand.streak) == (
            expected.position.round,
            expected.position.streak,
        )
        table = match.hand.end
        following = table.state.next_dealer
        assert following is not None
        expected.advance(table)
        match.next_hand()
        assert match.hand.end.state.dealer == following


def test_a_whole_game_ends_with_its_last_round(hk: Game) -> None:
    match = play_out(MatchPlay(hk, 5, length=None))
    assert match.over and match.number >= 16  # 4 rounds: every seat deals in each
    assert match.hand.round == 3 and match.round_name() == "北"
    with pytest.raises(ValueError, match="the match is over"):
        match.next_hand()


def test_a_whole_game_of_bots_ends_with_the_command_that_plays_it(
    hk: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    """HK-7: the summary of a whole game the bots played gives a command, and that command
    plays the same hands to the same money (`--game`: until the rounds are over)."""
    match = play_out(MatchPlay(hk, 5, length=None))
    view = match_view(match, frozenset(), str(HK))
    assert view.command.startswith(f"tablerules play {HK} --seed 5 "), view.command
    assert cli_main([*view.command.split()[1:], "--json"]) == 0
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["totals"] for r in results] == [list(r.totals) for r in match.finished_records()]


def test_seats_keep_their_player_and_change_their_name_with_the_dealer(pmz: Game) -> None:
    match = MatchPlay(pmz, 7, length=3)
    first = match.seat_names()
    assert first[match.hand.dealer] == "東"
    match.hand.to_end()
    match.next_hand()
    now = match.seat_names()
    assert now[match.hand.dealer] == "東"
    view = match_view(match, frozenset({2}))
    assert view.heading == "hand 2 of 3 · the dealer's 2nd hand in a row"  # 東 won hand 1
    assert view.scores[2] == f"player 3 · {now[2]} (you) −20"


def test_the_summary_names_money_hands_won_and_the_biggest_hand(pmz: Game) -> None:
    match = play_out(MatchPlay(pmz, 7, length=3))
    view = match_view(match, frozenset(), "rules/paomazai.rules")
    assert view.over and view.rows is not None
    assert [row.money for row in view.rows] == ["+40", "+60", "−60", "−40"]
    assert sum(row.won for row in view.rows) == 3
    assert view.biggest == "The biggest hand: hand 2, player 1 +60 — 北 wins on own draw 四萬."
    chinese = match_view(match, frozenset(), "rules/paomazai.rules", "zh-Hans").biggest
    assert chinese.startswith("最大的一局：第 2 局，玩家 1 +60——"), chinese
    assert chinese.endswith("。") and not chinese.endswith(".。"), chinese
    assert view.command == "tablerules play rules/paomazai.rules --seed 7 --hands 3 --bots greedy"
    assert match_view(play_out(MatchPlay(pmz, 7, length=3)), frozenset({1})).command == ""


def test_the_users_choices_play_the_match_again(pmz: Game) -> None:
    """A seat the user plays: its choices, each as its place among those offered, make the
    same hands again — the bots answer as they did."""
    me = frozenset({1})
    match = MatchPlay(pmz, 11, humans=me, length=3)
    for _ in range(2):
        while not match.hand.end.finished:
            match.hand.to_end()
            seat = match.hand.waiting_human()
            assert seat == 1
            offered = match.hand.table.legal_actions(seat)
            match.hand.choose(seat, offered[len(offered) // 2].label)
        match.next_hand()
    match.hand.to_end()
    seat = match.hand.waiting_human()
    match.hand.choose(seat, match.hand.table.legal_actions(seat)[0].label)
    picks = match.picks()
    assert len(picks) == 3 and all(picks)
    again = MatchPlay(pmz, 11, humans=me, length=3)
    assert again.restore(3, picks) is None
    assert [r.totals for r in again.records] == [r.totals for r in match.records]
    assert again.hand.choices == match.hand.choices


def test_a_record_that_does_not_fit_is_refused_in_words(pmz: Game) -> None:
    match = MatchPlay(pmz, 11, humans=frozenset({1}), length=2)
    said = str(match.restore(1, [[999]]))
    assert re.fullmatch(r"hand 1: choice 1 of 1 is not one of the \d+ offered", said), said
    bots_only = MatchPlay(pmz, 11, length=2)
    said = str(bots_only.restore(1, [[0]]))
    assert said == "hand 1: choice 1 of 1 comes after the hand is over"


def test_playing_a_seat_the_last_move_is_its_decision(pmz: Game) -> None:
    """While the user plays a seat, nothing is played past the decision it faces: "to the
    end" goes there and no further, and its view counts no moves to come."""
    match = MatchPlay(pmz, 11, humans=frozenset({2}), length=2)
    hand = match.hand
    for _ in range(4):
        hand.to_end()
        assert hand.cursor == hand.last and hand.waiting_human() == 2
        assert " of " not in build_page(hand, 2).counter  # no count of the moves to come
        hand.back()
        hand.to_end()  # back, then to the end: the same decision, not past it
        assert hand.waiting_human() == 2
        hand.choose(2, hand.table.legal_actions(2)[0].label)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", {"draw": "won on your draw", "discard": "won on your discard"}),
        ("zh-Hans", {"draw": "靠你摸到的牌赢了", "discard": "靠你打出的牌赢了"}),
    ],
)
def test_a_win_on_the_users_card_says_whether_it_was_drawn_or_discarded(
    lang: str, said: dict[str, str]
) -> None:
    """跑胡子 wins on a card another seat drew and showed as on one it discarded: the
    seat whose card it was is not told it discarded a card it drew (PHZ-12)."""
    game = load_game(ROOT / "rules" / "paohuzi.rules")
    seen = set()
    for seed in range(1, 12):
        hand = MatchPlay(game, seed, length=1).hand
        hand.to_end()
        for win in (e for e in hand.table.events if e["type"] == "win"):
            if win["owner"] != win["seat"]:
                verdict = build_page(hand, win["owner"], lang).result.for_viewer
                assert said[win["context"]] in verdict, (seed, verdict)
                seen.add(win["context"])
    assert seen == {"draw", "discard"}


def test_several_wins_are_told_in_one_sentence_of_the_page_s_language(pmz: Game) -> None:
    """A discard several seats win on (PMZ-6): the headline joins the wins as the page's
    language writes sentences (`；` in Chinese, not an ASCII semicolon)."""
    for seed in range(1, 80):
        hand = MatchPlay(pmz, seed, length=1).hand
        hand.to_end()
        if len([e for e in hand.table.events if e["type"] == "win"]) > 1:
            break
    else:
        pytest.fail("no hand with two wins among the seeds tried")
    chinese = build_page(hand, None, "zh-Hans").result.headline
    assert "；" in chinese and ";" not in chinese, chinese
    assert "; " in build_page(hand, None, "en").result.headline
