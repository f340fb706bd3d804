"""A game of several hands: the next dealer by conditions, the dealer's streak, rounds that
advance when the deal has passed every seat, round cards, forms of cards, and `play --game`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.match import Match, Position, next_position, position_for_index

ROOT = Path(__file__).resolve().parents[1]
HK = ROOT / "rules" / "hongkong.rules"
SNIPPET = ROOT / "docs" / "examples" / "snippet.rules"


@pytest.fixture(scope="module")
def hk() -> Game:
    return load_game(HK)


def test_the_deal_stays_or_passes_and_rounds_advance() -> None:
    start = Position(dealer=2)
    kept = next_position(start, 2, seats=4, rounds=4)
    assert kept == Position(dealer=2, round=0, streak=1, passes=0)
    passed = next_position(kept, 3, seats=4, rounds=4)  # type: ignore[arg-type]
    assert passed == Position(dealer=3, round=0, streak=0, passes=1)
    position = Position(dealer=1, round=0, passes=3)
    assert next_position(position, 2, seats=4, rounds=4) == Position(dealer=2, round=1)
    last = Position(dealer=1, round=3, passes=3)
    assert next_position(last, 2, seats=4, rounds=4) is None  # the game is over
    assert next_position(last, 2, seats=4, rounds=None) == Position(dealer=2, round=4)


def test_a_simulated_hand_is_placed_by_its_index() -> None:
    assert position_for_index(0, 4, 4) == Position(dealer=0, round=0)
    assert position_for_index(5, 4, 4) == Position(dealer=1, round=1)
    assert position_for_index(17, 4, 4) == Position(dealer=1, round=0)
    assert position_for_index(6, 3) == Position(dealer=0, round=0)


def rigged(game: Game, hands: list[str], wall: str, **place: int) -> Table:
    return Table(
        game, dealer=0, hands=[game.parse(h) for h in hands], wall=game.parse(wall), **place
    )


OTHERS = ["2p4p6p8p 1s3s5s7s 2m4m6m8m N", "1p3p5p7p9p 2s4s6s 3m5m7m9m", "1m1p2p3s6s8s9s WSNCFP"]


def test_a_dealer_win_keeps_the_deal_and_another_s_passes_it(hk: Game) -> None:
    """HK-7: the dealer's self-draw (9 番: 自摸 1, 門風 東 1, 圈風 東 1, 對對糊 3, 混一色 3)
    keeps the deal; another seat's win on a discard passes it to the next seat."""
    dealer = rigged(hk, ["111m 222m 333m EEE 9m", *OTHERS], "9m 5p", streak=2)
    dealer.apply("胡", seat=0)
    win = next(e for e in dealer.events if e["type"] == "win")
    assert win["explanation"] == "自摸 1 + 門風 1 + 圈風 1 + 對對糊 3 + 混一色 3 = 9 番"
    assert dealer.state.next_dealer == 0  # 連莊
    assert next(e for e in dealer.events if e["type"] == "deal")["streak"] == 2
    other = rigged(hk, [OTHERS[0], "111m 222m 333m EEE 9m", *OTHERS[1:]], "5p 9m")
    other.apply("discard 五筒", seat=0)
    other.apply("胡", seat=1)
    assert other.state.next_dealer == 1  # the next seat deals: the deal passes


def test_a_drawn_hand_keeps_the_deal(hk: Game) -> None:
    table = rigged(hk, [*OTHERS, "7m 8m"], "")
    assert table.finished and table.state.winners == [] and table.state.next_dealer == 0


def test_the_round_wind_is_the_round_s_and_the_seat_wind_the_seat_s(hk: Game) -> None:
    hand = "111m 222m 333m SSS 9m"
    east_round = hk.evaluate_text(hand, win_card="9m", seat=1)
    south_round = hk.evaluate_text(hand, win_card="9m", seat=1, round=1)
    assert east_round.best and east_round.best.judgement and south_round.best
    assert south_round.best.judgement
    names = {p.name for p in east_round.best.judgement.patterns}
    assert "門風" in names and "圈風" not in names
    assert {p.name for p in south_round.best.judgement.patterns} >= {"門風", "圈風"}


def test_a_match_deals_each_hand_where_the_last_left_the_game(hk: Game) -> None:
    match = Match(hk, dealer=3)
    first = match.table(seed=1)
    assert (first.state.dealer, first.state.round, first.state.streak) == (3, 0, 0)
    while not first.finished:
        seat = first.waiting_for()[0]
        first.apply(first.legal_actions(seat)[-1])
    position = match.advance(first)
    assert position is not None
    second = match.table(seed=2)
    assert second.state.dealer == first.state.next_dealer == position.dealer
    expected = first.state.next_dealer == 3
    assert second.state.streak == (1 if expected else 0)


def test_thirteen_orphans_wins_as_a_form_of_cards(hk: Game, pmz: Game) -> None:
    hand = "19m 19p 19s ESWN CFP"
    result = hk.evaluate_text(hand, win_card="C", source="discard")
    assert result.wins and result.best is not None and result.best.form == "十三么"
    assert result.best.judgement is not None
    assert result.best.judgement.sentence() == "十三么 (limit) 10 = 10 番"
    assert not pmz.evaluate_text(hand, win_card="C", source="discard").wins
    broken = hk.evaluate_text("19m 19p 19s ESWN CF 2m", win_card="C", source="discard")
    assert not broken.wins


def test_thirteen_orphans_is_offered_in_play(hk: Game) -> None:
    table = rigged(hk, ["2p4p6p8p 1s3s5s7s 2m4m6m8m S", "19m 19p 19s ESWN CFP", *OTHERS[1:]], "P")
    table.apply("discard 南", seat=0)
    assert "胡" in {c.label for c in table.legal_actions(1)}
    table.apply("胡", seat=1)
    assert table.totals()[1] == 2 * 128  # 10 番 → 128 units, twice from the discarder


@pytest.mark.parametrize("name", ["hongkong.rules", "variants/paomazai-faan.rules"])
def test_a_seat_left_unasked_has_nothing_to_choose_though_a_form_of_cards_wins(
    name: str,
) -> None:
    """The engine asks only the seats whose ways could take the card; with 十三么 as a
    winning form of cards it still screens the others (a hand the form cannot make), and
    never leaves out a seat that has a choice: checked at every offer of a few hands."""
    game = load_game(ROOT / "rules" / name)
    checked = 0
    for seed in range(4):
        table = Table(game, seed=seed)
        rng = random.Random(seed)
        while not table.finished:
            decision = table.state.decision
            assert decision is not None
            offer = decision.offer
            for seat in range(table.play.seats):
                entries = table.play.ways_for(offer.context, seat, offer.owner)
                if entries and not table.maker.responds(table.state, seat, offer, entries):
                    assert table.maker.choices(table.state, seat, offer, entries) == []
                    checked += 1
            seat = table.waiting_for()[0]
            table.apply(rng.choice(table.legal_actions(seat)))
    assert checked > 100  # the screen does leave seats out


@pytest.mark.parametrize(
    ("lines", "code", "words"),
    [
        ("rounds 2 named a b c [X-1]\n", "E110", "2 rounds but 3 round names"),
        ('round cards w "w" [X-1] {\n  a: 1r\n}\n', "E109", "round cards need named rounds"),
        (
            'rounds 2 named a b [X-1]\nround cards w "w" [X-1] {\n  c: 1r\n}\n',
            "E101",
            "unknown round 'c'",
        ),
        (
            "override next dealer [PEB-7] {\n  after win if cards > 3: winner\n}\n",
            "E110",
            "'cards' reads the winning hand",
        ),
        (
            "override settle win [PEB-6] {\n  otherwise: discarder pays cards with round cards zz"
            ' "x"\n}\n',
            "E101",
            "unknown round cards 'zz'",
        ),
    ],
)
def test_mistakes_about_rounds_are_named(lines: str, code: str, words: str) -> None:
    text = 'extends "pebbles-play.rules"\n' + lines
    found = load(SNIPPET, text=text).diagnostics
    assert any(d.code == code and words in d.message for d in found), [d.render() for d in found]


def test_play_a_whole_game_and_replay_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    assert (
        main(
            ["play", str(HK), "--seed", "4", "--game", "--hands", "3", "--quiet", "--log", str(log)]
        )
        == 0
    )
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    hands = [line for line in lines if line["type"] == "hand"]
    assert len(hands) == 3 and "round 東" in capsys.readouterr().out
    assert main(["replay", str(log), "--quiet"]) == 0
    assert main(["play", "paomazai", "--game"]) == 2
    assert "has no 'rounds' clause" in capsys.readouterr().err
