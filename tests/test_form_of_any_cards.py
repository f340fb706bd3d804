"""A form of cards in any number of each, `N cards of CARDS`: the hand is N cards, every one
among the set, in whatever shape (長沙's 將將胡, CS-4: every tile a 2, 5 or 8, any shape).

Before, a form of cards had to hold each card of its set (`each of CARDS once`), so such a
hand could only be said as groups: `rules/changsha.rules` won 將將胡 only when the tiles also
made four melds and a pair or seven pairs, and a hand of 2, 5 and 8 in no shape was refused
without a word."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.measure.form_distance import FormDistance
from tablerules.interpreter.hand.evaluate import TableGroup
from tablerules.interpreter.scenarios.runner import run_scenario

from tests.test_distance import counts_of

ROOT = Path(__file__).resolve().parent.parent
NO_SHAPE = "222m 5m 8m 2p 555p 8p 88s 2s"  # 13 tiles of 2, 5 and 8: no melds and a pair
LAID = "22m 5m 2p 5p 8p 2s 55s 8s"  # 10 tiles of 2, 5 and 8 beside a 碰: no melds, 3 pairs
SCENARIOS = ROOT / "tests" / "golden" / "scenarios" / "changsha"


@pytest.fixture(scope="module")
def changsha() -> Game:
    return load_game("changsha")


def test_generals_in_no_shape_win_as_jiangjianghu(changsha: Game) -> None:
    evaluation = changsha.evaluate_text(NO_SHAPE, win_card="5s", source="discard")
    assert evaluation.wins
    best = evaluation.best
    assert best is not None and best.form == "將將胡"
    judgement = best.judgement
    assert judgement is not None and judgement.value("大胡") == 1


def test_one_tile_outside_the_set_or_a_wrong_size_does_not_win(changsha: Game) -> None:
    assert not changsha.evaluate_text(NO_SHAPE, win_card="4s", source="discard").wins
    assert not changsha.evaluate_text("222m 5m 8m 2p 555p 88s", win_card="5s").wins  # 13


def test_the_bots_count_the_tiles_outside_the_set(changsha: Game) -> None:
    forms = FormDistance(changsha.compiled)
    assert forms.distance(counts_of(changsha, NO_SHAPE + " 5s")) == 0
    # two tiles to swap for a 2, 5 or 8 (七小對 is further: five singles)
    assert forms.distance(counts_of(changsha, "222m 5m 8m 2p 555p 8p 8s 2s 1s 9s")) == 2


def test_generals_with_a_meld_laid_win_as_jiangjianghu(changsha: Game) -> None:
    """P2-9: 將將胡 counts the table melds too; the concealed tiles need no shape."""
    for table in ("碰:888m", "槓:8888m"):  # a kong counts as three: its fourth was replaced
        for source in ("self", "discard"):
            evaluation = changsha.evaluate_text(LAID, table=table, win_card="8p", source=source)
            assert evaluation.wins, (table, source)
            best = evaluation.best
            assert best is not None and best.form == "將將胡"
            assert best.judgement is not None and best.judgement.value("大胡") == 1
            assert [g.on_table for g in best.groups] == [True, False]


def test_a_meld_laid_outside_the_set_or_a_wrong_count_does_not_win(changsha: Game) -> None:
    assert not changsha.evaluate_text(LAID, table="碰:777m", win_card="8p", source="self").wins
    assert not changsha.evaluate_text(LAID, table="吃:789m", win_card="8p", source="self").wins
    short = "22m 5m 2p 5p 2s 55s 8s"  # one tile short of the 14 the form counts
    assert not changsha.evaluate_text(short, table="碰:888m", win_card="8p").wins
    big = LAID + " 8m"  # one tile over
    assert not changsha.evaluate_text(big, table="碰:888m", win_card="8p").wins


def test_play_offers_jiangjianghu_after_a_pong() -> None:
    """The seat that ponged 八萬 is offered 胡 on its self-drawn 八筒 and is paid for it."""
    result = run_scenario(SCENARIOS / "jiangjianghu_after_a_pong_by_self_draw.json")
    assert result.passed, result.failures


def test_the_bots_measure_the_form_with_a_meld_laid(changsha: Game) -> None:
    forms = FormDistance(changsha.compiled)
    pong = changsha.compiled.kind_index["刻"]
    eights = TableGroup(pong, tuple(changsha.parse("888m")))
    sevens = TableGroup(pong, tuple(changsha.parse("777m")))
    assert forms.distance(counts_of(changsha, LAID), [eights]) == 1  # one tile to draw
    assert forms.distance(counts_of(changsha, LAID + " 8p"), [eights]) == 0
    assert forms.distance(counts_of(changsha, LAID), [sevens]) is None  # out of reach


def test_a_wild_stands_for_a_card_of_the_set(tmp_path: Path) -> None:
    text = (ROOT / "rules" / "hongzhong.rules").read_text(encoding="utf-8")
    text += '\nform 將 "fourteen 2, 5 or 8 tiles" [HZ-3] {\n  14 cards of (rank 2 5 8)\n  wins\n}\n'
    path = tmp_path / "hongzhong.rules"
    path.write_text(text, encoding="utf-8")
    game = load_game(path)
    evaluation = game.evaluate_text("222m 5m 8m 2p 555p 8p 8s 2s C", win_card="5s")
    assert evaluation.wins
    assert evaluation.best is not None and evaluation.best.form == "將"
    assert not game.evaluate_text("222m 5m 8m 2p 555p 8p 1s 2s C", win_card="5s").wins
    laid = game.evaluate_text("22m 5m 2p 5p 8p 2s 55s C", table="碰:888m", win_card="8s")
    assert laid.wins  # the form counts the table pong, and the wild reads as one of the set
    assert laid.best is not None and laid.best.form == "將"
    assert not game.evaluate_text("22m 5m 2p 5p 8p 2s 55s C", table="碰:777m", win_card="8s").wins


def test_a_form_of_no_cards_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.rules"
    text = (ROOT / "docs" / "examples" / "minimal.rules").read_text(encoding="utf-8")
    path.write_text(text + 'form none "no pebbles" [PEB-3] {\n  0 cards of (colour red)\n}\n')
    codes = [d.code for d in load(path).errors]
    assert codes == ["E104"]
