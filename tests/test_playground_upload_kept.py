"""An uploaded rule file named in the page's address (a reload, Back, a link): the browser
is asked for the copy it keeps, and the file comes back as uploaded — or the page says why
it cannot, and shows the bundled file (AppTest; the browser's side in tests/e2e)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.playground.page.editor import editor_key
from tablerules.playground.play.hand_page import page_steps

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"
TWO_HORSES = ROOT / "rules" / "variants" / "paomazai-two-horses.rules"
LABEL = "mine.rules (uploaded)"


pytestmark = pytest.mark.usefixtures("streamlit_components_scanned_once")


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def reloaded() -> AppTest:
    """A fresh session reached by an address that names the upload, a move and a seed."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"rule_file": LABEL, "seed": "5", "move": "3"})
    run(at)
    return at


def answer(at: AppTest, text: str | None) -> None:
    """What the browser's keeper says when asked (its storage read in the page)."""
    _, number, _ = at.session_state["upload_wanted"]
    at.session_state["upload_keeper"] = {"found": {"name": LABEL, "text": text, "n": number}}
    run(at)


def test_an_upload_kept_in_the_browser_comes_back_on_a_reload() -> None:
    text = TWO_HORSES.read_text(encoding="utf-8").replace('extends "../', 'extends "')
    at = reloaded()
    assert [i.value for i in at.sidebar.info] == [
        f"Bringing back {LABEL}, named in the page's address, from this browser…"
    ]
    assert not at.tabs  # nothing else drawn: the rest of the address waits for the file
    answer(at, text)
    assert at.selectbox(key="rule_file").value == LABEL
    assert at.session_state["draft"].text == text
    assert at.session_state["draft"].game.compiled.options["horses"] == 2
    assert at.session_state["hand"].seed == 5
    assert not at.error


def test_an_upload_the_browser_does_not_keep_is_said_so() -> None:
    at = reloaded()
    answer(at, None)
    (error,) = [e.value for e in at.sidebar.error]
    assert error.startswith(f"{LABEL}, named in the page's address, cannot be brought back")
    assert "Upload it again" in error
    assert at.selectbox(key="rule_file").value == "rules/paomazai.rules"
    assert at.session_state["draft"].game is not None


def test_a_kept_text_that_is_not_a_rule_file_is_refused_as_an_upload_is() -> None:
    at = reloaded()
    answer(at, "\x00" * 10)
    (error,) = [e.value for e in at.sidebar.error]
    assert error.startswith(f"{LABEL}: ")
    assert at.selectbox(key="rule_file").value == "rules/paomazai.rules"


def test_a_broken_upload_mended_by_a_kept_edit_lands_on_the_move_of_the_address() -> None:
    """A reload of an upload whose own text does not check, mended by an edit the browser
    kept: the hand is shown once the edit is back, at the move the address names (not at
    the deal: the address was read while there was no hand to go to yet)."""
    text = TWO_HORSES.read_text(encoding="utf-8").replace('extends "../', 'extends "')
    broken = text.replace("\nset horses", "\nsett horses", 1)
    assert broken != text
    at = reloaded()
    answer(at, broken)
    assert at.session_state["draft"].game is None  # nothing to play until the edit is back
    at.session_state[editor_key(LABEL)] = {"text": text, "restored": {"at": 0, "changed": False}}
    run(at)
    assert at.session_state["draft"].game is not None
    hand = at.session_state["hand"]
    assert hand.seed == 5
    steps, shown = page_steps(hand, None)
    assert shown.number == 3, (shown.number, len(steps))
