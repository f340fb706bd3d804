"""The playground's Rules, Compare, Golden scenarios and Statistics tabs in 繁體中文 and 简体中文
(AppTest): their sentences from the page's catalogue, the checker's diagnostics told by
their ids, and English as before."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"
# a sentence of English words (a file's name or a rule id is not one)
ENGLISH = re.compile(r"\b[a-z]{3,} [a-z]{3,} [a-z]{3,}\b")
CODE = re.compile(r"`[^`]*`|\S*/\S*")  # a command or a path in a sentence


pytestmark = pytest.mark.usefixtures("streamlit_components_scanned_once")


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
    assert data["texts"] == {"hint": "建議：", "label": "規則檔案"}
    assert [e.value for e in at.error] == ["1 個錯誤——最後一個檢查通過的第 1 版仍在運行"]
    assert "下載修改過的檔案" in [b.label for b in at.get("download_button")]


@pytest.mark.parametrize("tag", ["zh-Hans", "简体中文"])
def test_a_link_that_names_the_language_keeps_it_in_the_address(tag: str) -> None:
    """A link may name the language by its tag (`lang=zh-Hans`) or as the box shows it:
    either way the page is told in it and its address keeps it, by the box's name, so a
    reload, Back or the address passed on is told in it too."""
    at = opened(tag)
    assert at.selectbox(key="lang").value == "zh-Hans"
    assert at.query_params.get("lang") in ("简体中文", ["简体中文"]), dict(at.query_params)
    at.button(key="next").click()
    run(at)
    assert at.query_params.get("lang") in ("简体中文", ["简体中文"]), dict(at.query_params)


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
    assert editor_data(at)["texts"] == {"hint": "hint: ", "label": "the rule file"}
    shown = said(at)
    assert "Compare with" in shown and "Run the golden scenarios" in shown
    assert "Press **Simulate** to play the hands (a thousand take some seconds)." in shown


# ── every tab after it has run, in 繁體中文 ────────────────────────────────────────────

# a run of three English words (a capital too), once the rule file's words, the scenarios'
# names and commands or paths are taken out
ENGLISH_RUN = re.compile(r"\b[A-Za-z]{3,}[\s,:;()]+[A-Za-z]{3,}[\s,:;()]+[A-Za-z]{3,}\b")
QUOTED = re.compile(r'"([^"\n]+)"')
ALLOWED = ("tablerules",)  # the command's own name


def every_line(at: AppTest) -> list[str]:
    """Every line the page shows a reader: texts, notes, buttons, boxes and their choices,
    folds, tables (heads and cells) and charts (titles and tooltips); the rule file's own
    text (the Rules tab's view of it) and commands (`st.code`) aside."""
    lines = said(at) + [e.label for e in at.get("expandable")]
    for box in at.selectbox:
        lines += [str(option) for option in box.options]
    for frame in at.dataframe:
        lines += [str(column) for column in frame.value.columns]
        for column in frame.value.columns:
            lines += [str(cell) for cell in frame.value[column]]
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        lines += re.findall(r'"title": "([^"]*)"', json.dumps(spec, ensure_ascii=False))
    return lines


def scenario_names() -> list[str]:
    """The names of the golden scenarios (their authors' words, as the rule file's are)."""
    scenarios = ROOT / "tests" / "golden" / "scenarios"
    found = [json.loads(p.read_text(encoding="utf-8")) for p in scenarios.rglob("*.json")]
    return [data["name"] for data in found if isinstance(data, dict) and "name" in data]


def english_left(lines: list[str], own_words: list[str]) -> list[str]:
    """The lines that still hold a run of English words once `own_words` (the longest
    first), commands and paths are taken out."""
    found = []
    for line in lines:
        plain = line
        for words in sorted(own_words, key=len, reverse=True):
            plain = plain.replace(words, " ")
        plain = CODE.sub(" ", plain)
        for allowed in ALLOWED:
            plain = plain.replace(allowed, " ")
        if ENGLISH_RUN.search(plain):
            found.append(line)
    return found


def test_every_tab_after_it_has_run_speaks_traditional_chinese() -> None:
    """跑馬仔 in 繁體中文, with an edit that breaks two golden scenarios: the Compare tab's
    comparison, the Golden scenarios tab's failures (what was expected against what
    happened) and the Statistics tab's figures (tables, lists and charts, against the file
    as saved) hold no English sentence but the rule file's and the scenarios' own words."""
    at = opened("zh-Hant")
    at.button(key="compare_run").click()
    run(at)
    draft = at.session_state["draft"]
    text = draft.text.replace("discarder pays 2 × unit", "discarder pays 3 × unit", 1)
    at.session_state["editor_paomazai_rules"] = {"text": text}
    run(at)
    at.button(key="run_scenarios").click()
    run(at)
    failures = [m.value for m in at.markdown if m.value.startswith("- ")]
    assert any("錢：預期" in line for line in failures), failures
    at.number_input(key="stats_hands").set_value(40)
    run(at)
    (box,) = [b for b in at.selectbox if b.key and b.key.startswith("stats_compare_")]
    box.set_value(box.options[1])  # the file as saved
    run(at)
    at.button(key="stats_run").click()
    run(at)
    assert at.session_state["simulation"].wait(120), "the simulation did not end"
    run(at)
    (table,) = at.dataframe
    assert "玩家 1：贏牌率" in set(table.value["統計"])
    own = QUOTED.findall(text) + scenario_names()
    assert not english_left(every_line(at), own), english_left(every_line(at), own)


def test_the_sidebar_names_the_rounds_as_the_page_language_spells_them() -> None:
    """Hong Kong's rounds are 東 南 西 北 in the file; its `names zh-Hans` spells 東 as 东,
    as the match line above the table does: the switch for a whole game says so too."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": "zh-Hans", "rule_file": "rules/hongkong.rules"})
    run(at)
    label = at.toggle(key="match_whole").label
    assert "东 南 西 北" in label and "東" not in label, label


def test_a_game_with_no_other_file_is_named_as_the_page_language_spells_it() -> None:
    """四川麻將 has no variant to compare with: the Compare tab says so, naming the game as
    its `names zh-Hans` spells it (四川麻将), as the page's title does."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": "zh-Hans", "rule_file": "rules/sichuan.rules"})
    run(at)
    (compare,) = [t for t in at.tabs if t.label == "比较变体"]
    (note,) = [i.value for i in compare.info]
    assert "四川麻将" in note and "四川麻將" not in note, note


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_bots_are_named_as_the_sidebar_names_them(lang: str) -> None:
    """The Statistics tab's note names the bots as the sidebar's box does, in the page's
    words (`貪心`), not as the command line or an English sentence would."""
    at = opened(lang)
    (note,) = [c.value for c in at.caption if "7" in c.value and "95%" in c.value]
    assert note.startswith({"zh-Hant": "貪心機器人", "zh-Hans": "贪心机器人"}[lang]), note
    assert "greedy" not in note.lower()
