"""The playground's match in the page (AppTest), and the place kept in the page's address:
a reload, Back or a shared link lands where the user was (`playground.page.place`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.playground.experiments.golden import hand_as_scenario
from tablerules.playground.page.place import Place
from tablerules.playground.play.hand_page import page_steps

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"
COUNTER = re.compile(r"\*\*move (\d+)(?: of (\d+)\+?)?\*\*")


pytestmark = pytest.mark.usefixtures("streamlit_components_scanned_once")


def opened(params: dict[str, str] | None = None) -> AppTest:
    """The playground loaded from an address with these parameters."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update(params or {})
    run(at)
    return at


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def said(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [s.value for s in at.success]
    parts += [c.value for c in at.caption]
    return "\n".join(parts)


def counter(at: AppTest) -> str:
    found = COUNTER.search(said(at))
    assert found, said(at)
    return found[0]


def test_an_address_is_read_leniently_and_written_back_the_same() -> None:
    place = Place(seat=1, hand=3, move=14, picks=((3, 0, 12), (), (4,)))
    params = place.params()
    assert params == {"hand": "3", "move": "14", "seat": "2", "picks": "3.0.12--4"}
    assert Place.read(params) == place
    odd = Place.read({"hand": "zero", "move": "-3", "picks": "1.x", "seat": "0"})
    assert odd == Place() and len(odd.problems) == 4
    assert "hand=zero is not a whole number from 1" in map(str, odd.problems)


def test_a_match_goes_on_hand_by_hand_to_its_summary() -> None:
    at = opened({"match_hands": "2"})
    assert "**Hand 1 of 2** — player 1 · " in said(at)
    at.button(key="to_end").click()
    run(at)
    at.button(key="next_hand").click()
    run(at)
    match = at.session_state["match"]
    assert match.number == 2 and at.session_state["hand"] is match.hand
    assert "**Hand 2 of 2" in said(at) and counter(at).startswith("**move 0 of ")
    assert at.query_params["hand"] == "2" and at.query_params["move"] == "0"
    at.button(key="to_end").click()
    run(at)
    assert not [b for b in at.button if b.key == "next_hand"]
    text = said(at)
    assert "**The match is over after 2 hands.**" in text
    assert "| seat | money | hands won |" in text and "The biggest hand: hand " in text
    (line,) = [c.value for c in at.code if c.value.startswith("tablerules play")]
    assert line == "tablerules play rules/paomazai.rules --seed 7 --hands 2 --bots greedy"


def test_a_link_lands_on_its_hand_move_and_seat() -> None:
    """A reload or a shared link: the match played again to its hand, the move shown, the
    seat sat at (watched here: its own view)."""
    at = opened({"match_hands": "3", "hand": "2", "move": "5", "seat": "3", "play_seat": "false"})
    match = at.session_state["match"]
    assert match.number == 2 and page_steps(match.hand, 2)[1].number == 5
    assert at.selectbox(key="sit_at").value == 2
    assert counter(at) == "**move 5**"  # a seat's view: no count of the moves to come
    assert not at.warning


def test_a_seats_choices_in_the_address_play_the_hand_again() -> None:
    at = opened({"seat": "2"})
    hand = at.session_state["hand"]
    for _ in range(3):
        at.button(key="to_end").click()
        run(at)
        hand = at.session_state["hand"]
        seat = hand.waiting_human()
        assert seat == 1
        choices = hand.table.legal_actions(seat)
        at.session_state["table"] = {"click": {"value": choices[-1].label, "n": len(hand.choices)}}
        run(at)
    hand = at.session_state["hand"]
    picks, move = at.query_params["picks"], int(at.query_params["move"])  # a step
    again = opened({"seat": "2", "picks": picks, "move": str(move)})
    replayed = again.session_state["hand"]
    made = hand.marks[hand.cursor]
    assert replayed.choices[:made] == hand.choices[:made]
    assert page_steps(replayed, 1)[1].number == move and replayed.cursor == hand.cursor


def test_an_address_that_cannot_be_reached_says_so() -> None:
    at = opened({"move": "100000", "hand": "x"})
    (warning,) = [w.value for w in at.warning]
    assert warning.startswith("The page's address names a place that could not be reached")
    assert "hand=x is not a whole number from 1" in warning
    assert "move 100000 is not played in hand 1" in warning


def test_a_seat_sees_no_comparison_before_its_hand_is_over() -> None:
    at = opened({"seat": "2", "play_seat": "false"})
    texts = [i.value for i in at.info]
    assert any(t.startswith("A comparison plays the hand to its end") for t in texts)
    assert not [b for b in at.button if b.key == "compare_run"]


EDIT = ('on discard: discarder pays 2 × unit "食糊"', 'on discard: discarder pays 3 × unit "食糊"')


def editor_data(at: AppTest) -> dict[str, object]:
    for element in at.get("bidi_component"):
        if element.key == "editor_paomazai_rules":
            return json.loads(element.proto.json)
    raise AssertionError("no rule editor on the page")


def test_an_edit_kept_in_the_browser_comes_back_and_is_dropped_only_when_confirmed() -> None:
    """The editor brings back the edit the browser kept (as static/editor.js does after a
    reload); the page says so, and dropping it asks first, then sticks."""
    at = opened()
    saved = at.session_state["draft"].text
    data = editor_data(at)
    assert data["store"] == "tablerules-draft:rules/paomazai.rules" and data["edited"] is False
    edited = saved.replace(*EDIT)
    at.session_state["editor_paomazai_rules"] = {
        "text": edited,
        "restored": {"at": 0, "changed": True},
    }
    run(at)
    draft = at.session_state["draft"]
    assert draft.text == edited and draft.edited and editor_data(at)["edited"] is True
    (note,) = [i.value for i in at.info if "kept in this browser" in i.value]
    assert note.startswith("Your edit of rules/paomazai.rules, kept in this browser, is back")
    assert "the file has changed since it was made" in note
    at.button(key="drop_edit").click()
    run(at)
    assert draft.text == edited  # asked, not yet dropped
    (warning,) = [w.value for w in at.warning if w.value.startswith("Dropping your edit")]
    assert "1 changed line(s) are lost" in warning
    at.button(key="drop_confirm").click()
    run(at)
    run(at)  # the editor still holds the dropped text: it is not taken in again
    assert draft.text == saved and not draft.edited
    data = editor_data(at)
    assert data["edited"] is False and data["generation"].endswith(".1")


def test_a_scenario_saved_from_an_edited_hand_loads_back_and_opens_with_its_rules() -> None:
    """The scenario carries the edited text: loaded back into the Golden scenarios tab it
    passes against that text, and opens as a hand with the text in the editor — asked
    first when the editor holds another edit."""
    at = opened()
    draft = at.session_state["draft"]
    saved = draft.text
    edited = saved.replace(*EDIT)
    at.session_state["editor_paomazai_rules"] = {"text": edited}
    run(at)
    at.button(key="to_end").click()
    run(at)
    scenario = hand_as_scenario(at.session_state["hand"], draft, "edited, to the end")
    assert scenario["rules_text"] == edited
    data = json.dumps(scenario, ensure_ascii=False).encode("utf-8")
    at.session_state["editor_paomazai_rules"] = {"text": saved.replace("= 10", "= 20", 1)}
    run(at)  # another edit in the editor now
    at.file_uploader(key="scenario_upload").set_value(("mine.json", data, "application/json"))
    run(at)
    text = said(at)
    assert "**mine.json: PASS edited, to the end [" in text
    assert "It was made with an edit of the file (from line " in text
    at.button(key="open_saved_ask").click()
    run(at)
    assert any(w.value.startswith("Opening it puts the rule text it carries") for w in at.warning)
    at.button(key="open_saved").click()
    run(at)
    hand = at.session_state["hand"]
    assert draft.text == edited and hand.rigged is not None
    assert hand.rigged.name == "edited, to the end" and hand.end.finished


def test_a_scenario_of_another_rule_file_is_refused_in_words() -> None:
    at = opened()
    data = json.dumps({"name": "x", "rules": "hongkong", "rule_ids": ["HK-1"], "hands": [],
                       "expect": {}}).encode("utf-8")  # fmt: skip
    at.file_uploader(key="scenario_upload").set_value(("other.json", data, "application/json"))
    run(at)
    (error,) = [e.value for e in at.error]
    assert error.startswith("other.json is a scenario of hongkong, and the rule file in use")
    broken = b'{"name": "x"}'
    at.file_uploader(key="scenario_upload").set_value(("broken.json", broken, "application/json"))
    run(at)
    (error,) = [e.value for e in at.error]
    assert error.startswith("broken.json: at ") and "/tmp" not in error


def test_a_saved_scenario_that_is_not_json_is_refused_in_the_pages_language() -> None:
    at = opened({"lang": "繁體中文"})
    bad = b'{"name": "x",\n "rules": }'
    at.file_uploader(key="scenario_upload").set_value(("bad1.json", bad, "application/json"))
    run(at)
    (error,) = [e.value for e in at.error]
    assert error.startswith("bad1.json:2:11: 不是 JSON：這裡應該是一個值"), error
    assert '\n```\n "rules": }\n          ^\n```' in error


def test_a_seed_that_is_not_a_whole_number_is_refused_and_a_huge_one_taken() -> None:
    at = opened()
    at.text_input(key="seed").set_value("12x")
    run(at)
    (error,) = [e.value for e in at.error]
    assert error == (
        "A seed is a whole number of at most 100 digits, such as 7; “12x” is not: seed 7 is "
        "still in use."
    )
    assert at.session_state["hand"].seed == 7
    huge = "9" * 30  # as the command line's --seed takes it
    at.text_input(key="seed").set_value(huge)
    run(at)
    assert not at.error and at.session_state["hand"].seed == int(huge)


def test_an_address_lagging_the_session_moves_nobody() -> None:
    """A click's run can carry the address the browser held a step before (a race under
    load): it is not a Back, a reload or a link, and must not unseat the user or play the
    hand again to older choices."""
    at = opened({"seat": "2", "move": "3"})
    hand = at.session_state["hand"]
    assert at.selectbox(key="sit_at").value == 1
    shown = counter(at)
    at.query_params.clear()
    at.query_params.update({"hand": "1", "move": "0"})  # the address before sitting down
    run(at)
    assert at.selectbox(key="sit_at").value == 1
    assert at.session_state["hand"] is hand and counter(at) == shown
    assert at.query_params["seat"] == "2"  # and the address is put right again


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "from 1; hand 1: choice 1 of 1 is not one of the 12 offered; move 999 is not"),
        ("zh-Hans", "hand=0 不是从 1 起的整数；第 1 局：1 个选择中的第 1 个不在可选的"),
        ("zh-Hant", "第 1 局沒有第 999 步"),
    ],
)
def test_an_address_that_cannot_be_reached_is_told_in_the_page_s_language(
    lang: str, expected: str
) -> None:
    at = opened({"lang": lang, "hand": "0", "seat": "2", "picks": "99", "move": "999"})
    (warning,) = [w.value for w in at.warning]
    assert expected in warning, warning
    if lang != "en":
        assert not re.search(r"[a-z]{3,} [a-z]{3,}", warning), warning


def test_a_seat_the_game_does_not_have_is_said() -> None:
    """A link to seat 9 of a four-seat game: watched as the referee, and said why."""
    at = opened({"seat": "9", "move": "2"})
    (warning,) = [w.value for w in at.warning]
    assert "seat=9: the game has 4 seats" in warning, warning
    assert at.selectbox(key="sit_at").value == -1  # watching


def test_a_rule_file_the_playground_does_not_have_is_said() -> None:
    """A link naming a file that is not bundled (a typo, a file of another install): the
    first file is shown, and the page says so in its language."""
    at = opened({"rule_file": "rules/no-such-game.rules", "lang": "zh-Hant"})
    notes = [w.value for w in at.sidebar.warning]
    assert any("rules/no-such-game.rules" in n and "遊樂場裡沒有" in n for n in notes), notes
    assert at.selectbox(key="rule_file").value != "rules/no-such-game.rules"
    again = opened({"rule_file": at.selectbox(key="rule_file").value})
    assert not [w for w in again.sidebar.warning if "rule file" in w.value]


@pytest.mark.parametrize("asked", ["-3", "many", "100000"])
def test_a_match_length_the_playground_cannot_play_is_said(asked: str) -> None:
    at = opened({"match_hands": asked})
    notes = [w.value for w in at.sidebar.warning]
    assert any(f"asks for {asked} hands" in n for n in notes), notes
    assert at.number_input(key="match_hands").value >= 1


@pytest.mark.parametrize("asked", ["3", "3.0"])
def test_a_match_length_the_playground_plays_is_no_note(asked: str) -> None:
    at = opened({"match_hands": asked})
    assert at.number_input(key="match_hands").value == 3
    at.number_input(key="match_hands").set_value(5)
    run(at)
    assert not [w.value for w in at.sidebar.warning if "hands" in w.value]
