"""The playground survives anything typed or uploaded: the fuzzer's rule-file inputs
(mutated bundled files, files written from the grammar, damaged bytes, noise) and the
adversarial files at the limits, typed into the editor and uploaded, never raise on the
page; every one is either played or answered with diagnostics or a refusal in words, and
the hand goes on afterwards."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.playground.files.drafts import display_path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fuzz.adversarial import ADVERSARIAL  # noqa: E402
from fuzz.inputs import rules_input  # noqa: E402

APP = ROOT / "playground" / "app.py"
PMZ = ROOT / "rules" / "paomazai.rules"
EDITOR = f"editor_{PMZ.stem}_rules"  # the editor of the bundled file chosen
SEED = 8
INPUTS = 6  # fuzz inputs per way in (each costs a run of the page or two)
HOSTILE = ["an operator chain filling the file", "every limit at once, with play clauses"]


@pytest.fixture(scope="module")
def app() -> Iterator[AppTest]:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception
    yield at


def _answered(at: AppTest) -> None:
    """Nothing raised, and the page said something about the text."""
    assert not at.exception, at.exception
    said = [*at.success, *at.error, *at.warning, *[c for c in at.code if "error[" in c.value]]
    assert said, "the page said nothing about the text"
    assert not any("Traceback" in element.value for element in [*at.error, *at.code])


def _choose_the_bundled_file(at: AppTest) -> None:
    at.selectbox(key="rule_file").set_value(display_path(PMZ)).run()
    assert not at.exception, at.exception


def _text(data: bytes) -> str:
    """What an editor would hold: text (undecodable bytes become U+FFFD)."""
    return data.decode("utf-8", "replace")


@pytest.mark.parametrize("index", range(INPUTS))
def test_a_fuzzed_upload_is_played_or_refused_in_words(app: AppTest, index: int) -> None:
    data = rules_input(index, SEED)
    app.file_uploader(key="upload").set_value((f"fuzz-{index}.rules", data, "text/plain"))
    app.run()
    _answered(app)


@pytest.mark.parametrize("index", range(INPUTS, 2 * INPUTS))
def test_fuzzed_text_typed_into_the_editor_is_answered(app: AppTest, index: int) -> None:
    _choose_the_bundled_file(app)
    typed = _text(rules_input(index, SEED))
    app.session_state[EDITOR] = {"text": typed}  # what the editor sends
    app.run()
    _answered(app)
    assert app.session_state["draft"].text == typed  # the page took the text in
    app.button(key="to_end").click().run()
    assert not app.exception, app.exception


@pytest.mark.parametrize("name", HOSTILE)
def test_a_file_at_the_limits_typed_into_the_editor_is_answered(app: AppTest, name: str) -> None:
    _choose_the_bundled_file(app)
    text, _ = ADVERSARIAL[name]()
    app.session_state[EDITOR] = {"text": text}
    app.run()
    _answered(app)
    assert app.session_state["draft"].text == text
