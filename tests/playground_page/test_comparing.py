"""Comparing variants in the playground: both hands told from where they part (AppTest), and
which files compare (another game, another deal) and how a hand played is reused."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest
from tablerules.interpreter import Game, load_game
from tablerules.playground.experiments.comparison import compare_variants, incomparable
from tablerules.playground.files.drafts import display_path
from tablerules.playground.play.hand_page import page_steps
from tablerules.playground.play.hands import HandSession
from tablerules.playground.tabs.compare import parting_step

from .page import PHZ, PMZ, ROOT, TWO_HORSES, click, compare_box, open_tab, run, texts


def test_compare_tells_both_hands_from_where_they_part(app: AppTest) -> None:
    app.text_input(key="seed").set_value("117")
    run(app)
    said, start = _compared(app, display_path(TWO_HORSES))
    assert re.search(rf"^{start}\. .+ draws 1 馬", said, re.M)
    assert re.search(rf"^{start}\. .+ draws 2 馬", said, re.M)
    assert "| 東 | +120 | +180 | +60 |" in said
    # only files of the same game are offered: another game's is not, nor the file itself
    offered = compare_box(app).options
    assert display_path(PHZ) not in offered and display_path(PMZ) not in offered


def test_an_edit_compared_with_the_file_as_saved_names_both_columns(app: AppTest) -> None:
    draft = app.session_state["draft"]
    edited = draft.text.replace(
        'on discard: discarder pays 2 × unit "食糊"', 'on discard: discarder pays 3 × unit "食糊"'
    )
    assert edited != draft.text
    app.session_state["editor_paomazai_rules"] = {"text": edited}
    run(app)
    click(app, "to_end")
    open_tab(app, "Compare variants")
    assert compare_box(app).value == "rules/paomazai.rules (as saved)"
    click(app, "compare_run")
    said = texts(app)
    assert "**rules/paomazai.rules (edited)**" in said
    assert "**rules/paomazai.rules (as saved)**" in said
    assert "| seat | rules/paomazai.rules (edited) | rules/paomazai.rules (as saved) |" in said


def test_variants_that_deal_differently_are_not_compared(pmz: Game, phz: Game) -> None:
    three = load_game(ROOT / "rules" / "variants" / "paohuzi-3p.rules")
    assert "seat 4 and 3 players" in incomparable(phz, three)
    assert incomparable(pmz, load_game(TWO_HORSES)) == ""
    same = compare_variants(pmz, pmz, 11, None, HandSession(pmz, 11).played())
    assert same.first_difference is None and not same.note


def test_a_hand_played_to_its_end_is_compared_as_it_is(pmz: Game) -> None:
    """The Hand tab's hand, played by bots to its end, is the left hand of a comparison as
    it stands (not played again), and keeps its place."""
    two = load_game(TWO_HORSES)
    hand = HandSession(pmz, 117)
    hand.goto(5)
    again = compare_variants(pmz, two, 117, hand.dealer, hand.played())
    reused = compare_variants(pmz, two, 117, hand.dealer, hand.played(), played=hand)
    assert reused.left is hand and hand.cursor == 5
    assert reused.left.end.events == again.left.end.events
    assert reused.right.end.events == again.right.end.events
    assert reused.first_difference == again.first_difference is not None


def test_a_renamed_variant_compares_and_another_game_is_refused_in_a_sentence(
    pmz: Game,
) -> None:
    """跑馬仔番 extends 跑馬仔 under a name of its own: one lineage, so one game. 香港麻雀
    deals the same 136 tiles to four seats, yet is another game."""
    faan = load_game(ROOT / "rules" / "variants" / "paomazai-faan.rules")
    assert faan.compiled.name != pmz.compiled.name and incomparable(pmz, faan) == ""
    hong_kong = load_game(ROOT / "rules" / "hongkong.rules")
    assert hong_kong.compiled.cards.ids == pmz.compiled.cards.ids
    assert incomparable(pmz, hong_kong).startswith(
        "these are two different games, 跑馬仔 and 香港麻雀: "
    )


def test_where_the_hands_part_the_two_columns_do_not_read_the_same(app: AppTest) -> None:
    """Seed 7 under 跑馬仔 and its 番 variant: the same win on the same discard, worth the
    same money, scored 1 番 under the variant only. Where the page says the hands part,
    the columns must show what parts them, not one sentence twice."""
    said, start = _compared(app, "rules/variants/paomazai-faan.rules")
    lines = re.findall(rf"^{start}\. .+$", said, re.M)
    assert len(lines) == 2 and lines[0] != lines[1], lines
    assert "1 番" in lines[1], lines


def _compared(app: AppTest, variant: str) -> tuple[str, int]:
    """Compare the file with `variant` on the Compare tab: the page's text, and the move
    where the hands part (which the page must name)."""
    open_tab(app, "Compare variants")
    compare_box(app).set_value(variant)
    run(app)
    click(app, "compare_run")
    said = texts(app)
    result = app.session_state["comparison"]
    start = min(parting_step(result, hand, None) for hand in (result.left, result.right))
    assert f"**The hands part at move {start}.**" in said
    return said, start


def test_where_the_hands_part_is_numbered_as_the_hand_tab_numbers_it(app: AppTest) -> None:
    """Seed 7 under 跑馬仔 and its 番 variant part at the win: the move the Hand tab's list
    numbers as the win (one event a step), not the count of decisions before it."""
    said, start = _compared(app, "rules/variants/paomazai-faan.rules")
    hand = app.session_state["hand"]
    steps, _ = page_steps(hand, None)
    win = next(s.number for s in steps if hand.end.events[s.end - 1]["type"] == "win")
    assert start == win, (start, win)
    assert re.search(rf"^{win}\. ", said, re.M), said
