"""A scenario file loaded in the playground that cannot be read is told in the page's
language, with its place (and, for text that is not JSON, the line and a caret); the
library's own message, which the command line prints, stays in English."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.scenarios.runner import ScenarioError, load_scenario
from tablerules.playground.experiments.golden import read_saved_scenario
from tablerules.playground.files.drafts import RULES, RuleDraft

NOT_JSON = b'{"name": "x", "rules":}'  # a value missing at line 1, column 23


@pytest.fixture(scope="module")
def draft() -> RuleDraft:
    return RuleDraft.open(RULES / "paomazai.rules")


def told(draft: RuleDraft, tmp_path: Path, data: bytes, lang: str) -> str:
    found = read_saved_scenario(data, "bad1.json", tmp_path, draft, "paomazai.rules", lang)
    assert isinstance(found, str), found
    return found


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("zh-Hant", "bad1.json:1:23: 不是 JSON："),
        ("zh-Hans", "bad1.json:1:23: 不是 JSON："),
        ("en", "bad1.json:1:23: not JSON: "),
    ],
)
def test_text_that_is_not_json_is_told_in_the_pages_language_with_its_place(
    draft: RuleDraft, tmp_path: Path, lang: str, sentence: str
) -> None:
    said = told(draft, tmp_path, NOT_JSON, lang)
    assert said.startswith(sentence), said
    assert '{"name": "x", "rules":}\n' + " " * 22 + "^" in said  # the line, the caret
    if lang != "en":
        assert "not JSON" not in said and "Expecting" not in said
        assert str(tmp_path) not in said


def test_a_kind_without_a_sentence_of_its_own_is_led_in_in_the_pages_language(
    draft: RuleDraft, tmp_path: Path
) -> None:
    said = told(draft, tmp_path, b'{"name": "x"}', "zh-Hant")
    lead, _, english = said.partition("\n\n")
    assert "bad1.json" in lead and "情境" in lead and "at (top level)" not in lead
    assert english.startswith("bad1.json: at (top level): "), said


def test_the_librarys_message_stays_in_english(tmp_path: Path) -> None:
    path = tmp_path / "bad1.json"
    path.write_bytes(NOT_JSON)
    with pytest.raises(ScenarioError) as raised:
        load_scenario(path)
    assert str(raised.value) == f"{path}:1:23: not JSON: Expecting value"
    assert raised.value.kind == "not_json"
