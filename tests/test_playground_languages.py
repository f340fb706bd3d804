"""The playground's Rules, Compare, Golden scenarios and Statistics tabs in 繁體中文 and 简体中文
(AppTest): their sentences from the page's catalogue, the checker's diagnostics told by
their ids, and English as before."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"
# a sentence of English words (a file's name or a rule id is not one)
ENGLISH = re.compile(r"\b[a-z]{3,} [a-z]{3,} [a-z]{3,}\b")
CODE = re.compile(r"`[^`]*`|\S*/\S*")  # a command or a path in a sentence


@pytest.fixture(scope="module", autouse=True)
def scan_installed_components_once() -> Iterator[None]:
    """Each AppTest looks through every installed package for Streamlit components; the
    answer does not change between tests, so it is looked up once."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    found = scan()
    manifest_scanner.scan_component_manifests = lambda *args, **kwargs: list(found)
    yield
    manifest_scanner.scan_component_manifests = scan


def opened(lang: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = lang
    run(at)
    return at


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def editor_data(at: AppTest) -> dict[str, Any]:
    for element in at.get("bidi_component"):
        if element.key and element.key.startswith("editor_"):
            return json.loads(element.proto.json)
    raise AssertionError("no rule editor on the page")


def said(at: AppTest) -> list[str]:
    """Every sentence the tabs show: texts, notes, captions, buttons and box labels."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    for kind in (at.info, at.warning, at.success, at.error):
        parts += [element.value for element in kind]
    parts += [b.label for b in at.button] + [s.label for s in at.selectbox]
    return parts


def broken(at: AppTest) -> None:
    draft = at.session_state["draft"]
    text = draft.text.replace("unless self_draw_only ", "unless self_drawonly ", 1)
    at.session_state["editor_paomazai_rules"] = {"text": text}
    run(at)


def test_the_rules_tab_and_its_diagnostics_in_traditional_characters() -> None:
    at = opened("zh-Hant")
    broken(at)
    data = editor_data(at)
    (found,) = data["diagnostics"]
    assert found["code"] == "E101" and found["message"] == "未知的選項 'self_drawonly'"
    assert found["hint"].startswith("是不是 'self_draw_only'？ 已有的：")
    assert data["texts"] == {"hint": "建議", "label": "規則檔案"}
    assert [e.value for e in at.error] == ["1 個錯誤——最後一個檢查通過的第 1 版仍在運行"]
    assert "下載修改過的檔案" in [b.label for b in at.get("download_button")]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_no_english_sentence_in_the_other_tabs(lang: str) -> None:
    at = opened(lang)
    shown = said(at)
    for sentence in ("比較對象", "比较对象"):  # the Compare tab's box, in one of the scripts
        if sentence in shown:
            break
    else:
        raise AssertionError(shown)
    # no sentence of English words, once commands and paths are left out (the Hand tab's
    # narration is tested elsewhere)
    plain = [CODE.sub("", text) for text in shown if "move" not in text]
    assert not [text for text in plain if ENGLISH.search(text)], plain


def test_english_stays_as_it_was() -> None:
    at = opened("en")
    broken(at)
    (found,) = editor_data(at)["diagnostics"]
    assert found["message"] == "unknown option 'self_drawonly'"
    assert editor_data(at)["texts"] == {"hint": "hint", "label": "the rule file"}
    shown = said(at)
    assert "Compare with" in shown and "Run the golden scenarios" in shown
    assert "Press **Simulate** to play the hands (a thousand take some seconds)." in shown
