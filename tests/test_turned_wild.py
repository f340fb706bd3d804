"""A wild chosen at the deal (GD-4's 翻鬼): the order it follows, the checker's findings,
the card turned in play and shown to all, the hand's own wild, and evaluate's `--turned`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tablerules.dsl.diagnostics import RuleError
from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.bots.measure.distance import distance_for
from tablerules.interpreter.engine.game import Table

ROOT = Path(__file__).resolve().parents[1]
GUANGDONG = ROOT / "rules" / "guangdong.rules"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(GUANGDONG, {"翻鬼": "true"})


def _wild_of(game: Game, card: str) -> str:
    turning = game.compiled.turning
    assert turning is not None
    ids = game.cards.ids
    return ids[turning.wild_of(ids.index(card))]


def test_the_next_card_wraps_within_its_suit(game: Game) -> None:
    assert [_wild_of(game, c) for c in ("1m", "8p", "9s")] == ["2m", "9p", "1s"]
    assert [_wild_of(game, c) for c in ("E", "S", "W", "N")] == ["S", "W", "N", "E"]
    assert [_wild_of(game, c) for c in ("C", "F", "P")] == ["F", "P", "C"]


def test_the_option_chooses_between_fixed_and_turned_ghosts() -> None:
    plain = load_game(GUANGDONG)
    assert plain.compiled.turning is None
    assert [plain.cards.ids[c] for c in plain.compiled.wilds.kinds] == ["P"]
    turned = load_game(GUANGDONG, {"翻鬼": "true"})
    assert not turned.compiled.wilds  # no card is turned until a hand is dealt
    hand = turned.with_turned(turned.cards.ids.index("N"))
    assert [hand.cards.ids[c] for c in hand.compiled.wilds.kinds] == ["E"]
    assert turned.with_turned(turned.cards.ids.index("N")) is hand  # compiled once, kept


def test_a_table_turns_the_walls_last_card_and_plays_by_its_wild(game: Game) -> None:
    table = Table(game, seed=11)
    turned = next(e for e in table.events if e["type"] == "turned")
    assert turned["seq"] == 1  # right after the deal, before any draw
    assert turned["left"] == 136 - 52 - 1
    assert table.game.compiled.turned == game.cards.ids.index(turned["card"])
    wild = turned["wild"]
    assert [table.game.cards.ids[c] for c in table.game.compiled.wilds.kinds] == [wild]
    assert distance_for(table.game.compiled) is not distance_for(game.compiled)
    for seat in range(4):  # shown to every seat, and in its events
        view = table.view(seat)
        assert (view["turned"], view["wild"]) == (turned["card"], wild)
    assert table.view()["turned"] == turned["card"]


def test_the_turned_card_is_out_of_play(game: Game) -> None:
    texts = ["3p123s456s789s567p", "123m456m789mPP2pE", "147m147p147sSWFC", "258m258p258sSWFC"]
    hands = [game.parse(text) for text in texts]
    table = Table(game, dealer=0, hands=hands, wall=game.parse("9s2m3mN"))
    assert table.state.turned == game.cards.ids.index("N")
    assert table.state.wall_left == 2  # N set aside, 9s drawn by the dealer


def test_a_wild_never_stands_for_the_turned_copy(game: Game) -> None:
    # 七對 needs 東 (the ghost) as a fourth 北: one 北 is turned up, only three are in play
    hand = "11m99m11p99p55sNNN"
    after_west = game.with_turned(game.cards.ids.index("W"))  # 北 is the ghost: a plain win
    assert after_west.evaluate_text(hand, win_card="E", source="self").wins
    after_north = game.with_turned(game.cards.ids.index("N"))
    assert not after_north.evaluate_text(hand, win_card="E", source="self").wins


def test_a_hand_holding_every_copy_of_the_turned_card_is_refused(game: Game) -> None:
    # one 北 is turned up: a hand of four 北 holds a fifth copy, an input error
    after_north = game.with_turned(game.cards.ids.index("N"))
    with pytest.raises(ValueError, match="4 copies of 北; 3 are in play"):
        after_north.evaluate_text("123m456m789m1pNNN", win_card="N", source="self")
    assert after_north.evaluate_text("123m456m789m11pNN", win_card="N", source="self").wins


def test_bots_play_hands_with_a_turned_wild(game: Game) -> None:
    from tablerules.interpreter.bots.players import make_bot, play_hand

    for seed in range(3):
        bots = [make_bot(name, seed) for name in ("greedy", "random", "greedy", "random")]
        table = play_hand(game, bots, seed=seed)
        assert table.finished


def _check(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "x.rules"
    path.write_text(f'extends "guangdong"\n{text}', encoding="utf-8")
    try:
        load_game(path)
    except RuleError as error:
        return [f"{d.code}@{d.line}" for d in error.diagnostics if d.severity == "error"]
    return []


def test_a_turned_wild_is_checked(tmp_path: Path) -> None:
    head = "override wild 翻鬼 [GD-4] {\n"
    end = "  if 翻鬼\n}\n"  # the base's ghost 白 holds unless 翻鬼: never both at once
    assert _check(tmp_path, head + "  turned from wall tail\n" + end) == ["E109@2"]
    both = head + "  cards P\n  turned from wall tail\n  next by rank, same suit\n" + end
    assert _check(tmp_path, both) == ["E110@3"]
    zone = head + "  turned from hand tail\n  next by rank, same suit\n" + end
    assert _check(tmp_path, zone) == ["E110@3"]
    unknown = head + "  turned from wall tail\n  next by rnak, same suit\n" + end
    assert _check(tmp_path, unknown) == ["E101@4"]
    # by kind among the suit: two cards of a suit share a kind, the order cannot tell them
    shared = head + "  turned from wall tail\n  next by kind, same suit\n" + end
    assert _check(tmp_path, shared) == ["E110@4"]
    second = "wild 又鬼 [GD-4] {\n  turned from wall head\n  next by rank, same suit\n" + end
    assert _check(tmp_path, second) == ["E110@2"]


def _evaluate(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tablerules", "evaluate", "guangdong", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)


def test_evaluate_takes_the_turned_card_and_refuses_without_it() -> None:
    hand = ["--hand", "123m456m789m11p2pE", "--win-card", "E", "--option", "翻鬼=true"]
    done = _evaluate(*hand, "--turned", "北", "--json", "--detail", "wins")
    record = json.loads(done.stdout)
    assert (record["turned"], record["wild"], record["wins"]) == ("N", "E", True)
    missing = _evaluate(*hand)
    assert missing.returncode != 0 and "--turned CARD" in missing.stderr
    assert "Traceback" not in missing.stderr
    plain = _evaluate("--hand", "123m456m789m11p2pE", "--turned", "N")
    assert plain.returncode != 0 and "turns no card" in plain.stderr


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "turned up"), ("zh-Hant", "翻出"), ("zh-Hans", "翻出")]
)
def test_the_playground_table_shows_the_turned_card(game: Game, lang: str, said: str) -> None:
    from tablerules.playground.play.hand_page import build_page
    from tablerules.playground.play.hands import HandSession

    session = HandSession(game, 5)
    turned = session.table.state.turned
    assert turned is not None
    for viewer in (None, 2):
        page = build_page(session, viewer, lang)
        assert said in page.table_html
        assert game.cards.display[turned] in page.table_html
