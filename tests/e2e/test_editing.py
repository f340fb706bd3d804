"""Editing and comparing: an uploaded file in every tab, an edit whose log replays, a
typo marked and jumped to, variants compared in two columns, and an edit kept across a
reload and compared with the file as saved.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from .browser.journeys import (
    OPENED_AS_A_HAND,
    PHZ,
    PMZ,
    edit_the_discard_payment,
    to_the_end,
    upload,
)
from .browser.launch import ROOT, VENV
from .browser.page import (
    button,
    editor,
    field_reads,
    main_text,
    no_failure_on_page,
    scores,
    sidebar,
)
from .browser.screenshots import screenshot
from .browser.timing import TIMINGS, TYPED, timed
from .browser.waits import TIMEOUT, proof_of, settle
from .browser.widgets import offered, open_tab, pick_keyed, place_caret, type_number

pytestmark = pytest.mark.e2e


def test_an_uploaded_file_works_in_every_tab(app: WebDriver, tmp_path: Path) -> None:
    text = (ROOT / "rules/variants/paomazai-two-horses.rules").read_text(encoding="utf-8")
    mine = tmp_path / "mine.rules"
    mine.write_text(text.replace('extends "../', 'extends "'), encoding="utf-8")
    side = sidebar(app)
    assert "upload a .rules file (at most 64 KB)" in (side.get_attribute("textContent") or "")
    size_note = '[data-testid="stFileUploaderDropzoneInstructions"]'
    notes = side.find_elements(By.CSS_SELECTOR, size_note)
    assert notes and not any(n.is_displayed() for n in notes)  # no "200MB per file", no "1MB"
    upload(app, mine)
    panel = open_tab(app, "Rules")
    assert "the rules check clean" in (panel.get_attribute("textContent") or "")
    open_tab(app, "Compare variants")
    pick_keyed(app, "compare_with_", PMZ)
    timed(
        app,
        "compare",
        lambda: button(app, "compare_run").click(),
        lambda d: "Money by seat" in main_text(d),
    )
    panel = open_tab(app, "Golden scenarios")
    assert "No golden scenario uses mine.rules" in (panel.get_attribute("textContent") or "")
    open_tab(app, "Hand")
    to_the_end(app)
    no_failure_on_page(app)
    # a reload: the address names the upload, and this browser brings back its copy
    assert "rule_file=mine.rules" in app.current_url
    app.refresh()
    settle(
        app,
        lambda d: (
            d.find_element(By.CSS_SELECTOR, ".st-key-rule_file input").get_attribute("value")
            == "mine.rules (uploaded)"
            and d.find_elements(By.CSS_SELECTOR, ".tr-move")
        ),
        "the upload brought back after a reload",
    )
    panel = open_tab(app, "Golden scenarios")
    assert "No golden scenario uses mine.rules" in (panel.get_attribute("textContent") or "")
    no_failure_on_page(app)


def test_an_edit_is_played_and_its_log_replays(app: WebDriver, downloads: Path) -> None:
    open_tab(app, "Rules")
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-ed-input"), "the editor")
    place_caret(app, 'on discard: discarder pays 2 × unit "食糊"')
    for _ in range(len(' × unit "食糊"')):
        editor(app).send_keys(Keys.ARROW_LEFT)
    editor(app).send_keys(Keys.BACKSPACE, "3")
    settle(
        app, lambda d: "edited: the file on disk is unchanged" in main_text(d), "the edit checked"
    )
    open_tab(app, "Hand")
    to_the_end(app)
    for old in downloads.glob("*.jsonl"):
        old.unlink()
    button(app, "download_log").click()
    WebDriverWait(app, TIMEOUT, poll_frequency=0.1).until(lambda d: list(downloads.glob("*.jsonl")))
    (log,) = downloads.glob("*.jsonl")
    done = subprocess.run(
        [str(VENV / "tablerules"), "replay", str(log), "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "reproduced: 1 hand" in done.stdout
    assert "differs from the file on disk at line" in done.stderr
    assert "discarder pays 3 × unit" in done.stderr
    # the golden scenarios run against the edit: those it breaks come first, in words
    panel = open_tab(app, "Golden scenarios")
    timed(
        app,
        None,
        lambda: button(app, "run_scenarios").click(),
        lambda d: re.search(r"\d+ passed, [1-9]\d* failed", main_text(d)),
    )
    said = panel.get_attribute("textContent") or ""
    assert said.index("FAIL ") < said.index(" that passed")
    assert re.search(r"money: expected .* got .*pays .* 3 × unit = 3 × 10 = 30 · 食糊", said)
    screenshot(app, "playground-scenarios.png", scroll_to=panel)
    timed(
        app,
        None,
        lambda: button(app, "open_0").click(),
        proof_of(OPENED_AS_A_HAND),
    )


MISTAKE = 'optoin fee "table fee": 0 | 5 = 0'  # a misspelt `option`, typed on a new line
# when the editor first shows a diagnostic, and the last key pressed before it
SHOWN_AT_JS = """
window.trDiagAt = null;
window.trLastKey = null;
document.addEventListener('keydown', (e) => { window.trLastKey = e.timeStamp; }, true);
new MutationObserver(() => {
  if (window.trDiagAt === null && document.querySelector('.tr-ed-diag')) {
    window.trDiagAt = performance.now();
  }
}).observe(document.body, {subtree: true, childList: true});
"""


def test_a_typo_is_marked_hinted_and_a_click_jumps_to_it(app: WebDriver) -> None:
    open_tab(app, "Rules")
    settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-hl-keyword"), "the editor")
    screenshot(app, "playground-rules.png")
    place_caret(app, "option unit")
    app.execute_script(SHOWN_AT_JS)
    timed(
        app,
        None,
        lambda: editor(app).send_keys(Keys.ENTER, MISTAKE),
        lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-ed-diag"),
    )
    shown = app.execute_script("return window.trDiagAt - window.trLastKey")
    TIMINGS.setdefault(TYPED, []).append(float(shown))
    source = (ROOT / PMZ).read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(source, 2) if line.startswith("option unit"))
    diagnostic = app.find_element(By.CSS_SELECTOR, ".tr-ed-diag")
    assert diagnostic.text.startswith(f"{PMZ}:{row}:1 error[E005]"), diagnostic.text
    assert "did you mean 'option'?" in diagnostic.text
    marks = [m.text for m in app.find_elements(By.CSS_SELECTOR, ".tr-ed-gutter .tr-ed-error")]
    assert marks == [str(row)]
    assert "1 error(s) — version 1, the last that checked, is still running" in main_text(app)
    app.execute_script("document.querySelector('.tr-ed-scroll').scrollTop = 100000")
    diagnostic.click()
    jumped = app.find_element(By.CSS_SELECTOR, ".tr-ed").get_attribute("data-jumped")
    caret = app.execute_script(
        "const b = arguments[0]; return b.value.slice(0, b.selectionStart).split('\\n').length;",
        editor(app),
    )
    assert jumped == str(row) and caret == row
    screenshot(app, "playground-error.png")


def test_variants_are_compared_in_two_columns(app: WebDriver) -> None:
    type_number(app, "seed", 117, lambda d: "seed 117 ·" in main_text(d))
    open_tab(app, "Compare variants")
    pick_keyed(app, "compare_with_", "rules/variants/paomazai-two-horses.rules")
    for _ in range(3):  # best of three: the machine is shared
        timed(
            app,
            "compare",
            lambda: button(app, "compare_run").click(),
            lambda d: "Money by seat" in main_text(d),
        )
    said = main_text(app)
    assert "The hands part at move" in said and "draws 1 馬" in said and "draws 2 馬" in said
    screenshot(
        app,
        "playground-compare.png",
        scroll_to=app.find_element(By.XPATH, "//*[contains(text(), 'The hands part')]"),
    )
    choices = offered(app, "compare_with_")  # files of the same game only, never itself
    assert PHZ not in choices and PMZ not in choices and choices


def test_an_edit_is_kept_and_compared_with_the_file_as_saved(app: WebDriver) -> None:
    """The edit survives a reload (kept in the browser); Compare offers the file as saved
    first and tells the money of both; Statistics prints a command of two files."""
    edit_the_discard_payment(app)
    app.refresh()
    settle(
        app,
        lambda d: "kept in this browser, is back" in main_text(d),
        "the edit brought back after a reload",
    )
    assert "pays 3 × unit" in (editor(app).get_attribute("value") or "")
    panel = open_tab(app, "Compare variants")
    box = app.find_element(By.CSS_SELECTOR, '[class*="st-key-compare_with_"] input')
    assert box.get_attribute("value") == "rules/paomazai.rules (as saved)"
    timed(
        app,
        None,
        lambda: button(app, "compare_run").click(),
        lambda d: "Money by seat" in main_text(d),
    )
    said = panel.get_attribute("textContent") or ""
    assert "rules/paomazai.rules (as saved)" in said and "The hands part at move" in said
    assert "rules/paomazai.rules (edited)" in said, said
    assert re.search(r"pays \S+ 30 · 食糊", said) and re.search(r"pays \S+ 20 · 食糊", said), said
    screenshot(app, "playground-compare-saved.png", scroll_to=panel)
    panel = open_tab(app, "Statistics")
    type_number(app, "stats_hands", 40, field_reads("stats_hands", "40"))
    timed(
        app,
        None,
        lambda: button(app, "stats_run").click(),
        lambda d: "tablerules simulate paomazai-edited.rules" in main_text(d),
    )
    said = panel.get_attribute("textContent") or ""
    assert "--compare rules/paomazai.rules --hands 40" in said  # two files, not one twice
    # dropped on purpose, asked first: the file as saved is back, here and after a reload
    open_tab(app, "Rules")
    timed(app, None, lambda: button(app, "drop_edit").click(), lambda d: "Dropping" in main_text(d))
    timed(
        app,
        None,
        lambda: button(app, "drop_confirm").click(),
        lambda d: "the rules check clean" in main_text(d) and "edited:" not in main_text(d),
    )
    app.refresh()
    settle(app, lambda d: "Hand 1 of" in scores(d), "the page after a reload")
    assert "kept in this browser" not in main_text(app)


def test_two_tabs_editing_one_file_lose_neither_edit(app: WebDriver, app_url: str) -> None:
    """Two tabs of one browser edit one file: the tab that keeps its edit over the other's
    says so, and the other's edit is kept as a copy, there and after a reload."""
    first = app.current_window_handle
    app.switch_to.new_window("tab")
    second = app.current_window_handle
    try:
        app.get(app_url)
        settle(app, lambda d: d.find_elements(By.CSS_SELECTOR, ".tr-move"), "the second tab")
        app.switch_to.window(first)
        edit_the_discard_payment(app)  # the first tab: the discarder pays 3 × unit
        app.switch_to.window(second)  # opened before that edit, it makes its own: 4 × unit
        edit_the_discard_payment(
            app,
            "4",
            "Another tab of this browser kept its own edit",
            "the second tab told that the first tab's edit is kept as a copy",
        )
    finally:
        app.close()
        app.switch_to.window(first)
    app.refresh()
    settle(
        app,
        lambda d: (
            "kept in this browser, is back" in main_text(d)
            and "Another tab of this browser kept its own edit" in main_text(d)
        ),
        "the first tab, reloaded, with the other tab's edit and its own copy",
    )
    assert "pays 4 × unit" in (editor(app).get_attribute("value") or "")
    copies = app.execute_script(
        "return Object.keys(localStorage).filter((k) => k.includes('~'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)).text);"
    )
    assert len(copies) == 1 and "pays 3 × unit" in copies[0], copies
    # forgotten when asked: nothing is said of it after a reload
    open_tab(app, "Rules")
    timed(
        app,
        None,
        lambda: button(app, "other_tabs_forget").click(),
        lambda d: "Another tab of this browser" not in main_text(d),
    )
    app.refresh()
    settle(app, lambda d: "kept in this browser, is back" in main_text(d), "a reload")
    assert "Another tab of this browser" not in main_text(app)
