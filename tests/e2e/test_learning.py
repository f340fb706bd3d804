"""Learning a hand: the first screen, stepping and jumping, the settlement explained
(the 180 self-draw with two horses, a 跑胡子 win with its 胡息), 跑胡子's hand of seed 7
learnt step by step in each language and size, and the patterns a win does not hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from .browser.journeys import PHZ, choose_rule_file, open_at, to_the_end
from .browser.launch import DESKTOP, SIZES
from .browser.page import (
    at_move,
    button,
    counter,
    drawn_move,
    main_text,
    no_failure_on_page,
    result_box,
    selected_tabs,
)
from .browser.screenshots import screenshot
from .browser.timing import timed
from .browser.widgets import key_press, pick_labelled, type_number

pytestmark = pytest.mark.e2e
BURST = "10 → at 10/s, after the last"  # the wait once the user stops pressing


def test_the_first_screen_is_a_hand_to_step_through(app: WebDriver) -> None:
    said = main_text(app)
    assert "tablerules playground · 跑馬仔" in said
    assert "Step through the hand below with" in said
    _, moves = counter(app)
    seats = [e.text for e in app.find_elements(By.CSS_SELECTOR, ".tr-head b")]
    assert sorted(seats) == sorted(["東", "南", "西", "北"])
    assert len(app.find_elements(By.CSS_SELECTOR, ".tr-move")) == moves + 1
    tiles = app.find_elements(By.CSS_SELECTOR, ".tr-seat.tr-pos-bottom .tr-card")
    assert all(t.size["height"] > t.size["width"] for t in tiles) and len(tiles) >= 13
    for move in (1, 2, 3):
        timed(app, "→ key", lambda: key_press(app, Keys.ARROW_RIGHT), at_move(move))
    assert "tr-now" in app.find_element(By.CSS_SELECTOR, '.tr-move[data-move="3"]').get_attribute(
        "class"
    )
    screenshot(app, "playground-hand.png")
    no_failure_on_page(app)


def test_a_click_on_a_move_jumps_there_and_the_keys_step(app: WebDriver) -> None:
    _, moves = counter(app)
    for target in (10, 14, 6):  # each kind of step three times: the machine is shared
        row = app.find_element(By.CSS_SELECTOR, f'.tr-move[data-move="{target}"]')
        timed(app, "a move clicked", row.click, at_move(target))
        timed(app, "← key", lambda: key_press(app, Keys.ARROW_LEFT), at_move(target - 1))
        timed(app, "next", lambda: button(app, "next").click(), at_move(target))
        timed(app, "back", lambda: button(app, "back").click(), at_move(target - 1))
        to_the_end(app)
        assert counter(app) == (moves, moves)
        timed(app, "to the deal", lambda: button(app, "reset").click(), at_move(0))


def test_a_self_draw_with_two_horses_is_explained_as_180(app: WebDriver) -> None:
    """PMZ-9, PMZ-16, PMZ-17: 跑馬仔 with two horses, seed 117: a self-draw hitting both
    horses; each other seat pays 2 × unit and 2 × unit per horse hit: 60 + 2 × 60 = 180."""
    pick_labelled(app, "horses — horses for a self-draw", "2")
    type_number(app, "seed", 117, lambda d: "seed 117 ·" in main_text(d))
    to_the_end(app)
    box = result_box(app)
    said = box.get_attribute("textContent") or ""
    assert re.search(r"(\S+) wins on own draw", said), said
    winner = re.search(r"(\S+) wins on own draw", said)[1]
    assert said.count(f"pays {winner} 2 × unit = 2 × 10 = 20 · 自摸") == 3, said
    assert said.count(f"pays {winner} (2 × unit = 2 × 10) × 2 hits = 40 · 中馬") == 3, said
    assert f"{winner} +180" in said and "2 hits" in said
    screenshot(app, "playground-horses.png", scroll_to=box)


def test_a_word_card_win_shows_its_sum_floor_and_formula(app: WebDriver) -> None:
    """PHZ-12, PHZ-20, PHZ-21: the winning groups with their 胡息, their sum, the floor it
    passed, and the 囤 worked out from it."""
    choose_rule_file(app, PHZ)
    strips = app.find_elements(By.CSS_SELECTOR, ".tr-seat.tr-pos-bottom .tr-strip")
    assert strips and all(s.size["height"] > 2 * s.size["width"] for s in strips)
    type_number(app, "seed", 117, lambda d: "seed 117 ·" in main_text(d))
    to_the_end(app)
    said = result_box(app).get_attribute("textContent") or ""
    assert re.search(r"(\d+ \+ )+\d+ = \d+ 胡息", said), said
    assert re.search(r"胡息 \d+ ≥ min_huxi 6", said) and "囤 = (胡息 - 6) / 3 + 1" in said, said
    screenshot(app, "playground-huxi.png", scroll_to=result_box(app))


# ── a hand learnt step by step, in each language ─────────────────────────────────────

# What a reader of each language reads of 跑胡子's hand of seed 7 (a drawn hand whose last
# move is ten draws shown and not taken, told one event a step).
LEARNT = {
    "en": {
        "title": "tablerules playground · 跑胡子",
        "deal": "莊 deals 莊 15, 下家 14, 對家 14, 上家 14 cards; 23 left to draw",
        "untaken": r"\S+ is not taken: to \S+'s discards",
        "drawn": "drawn hand: nobody wins",
        "next": "next dealer: 下家",
        "result": "Drawn hand: nobody wins",
        "left": r"(\d+) cards left to draw",
        "tab": "Hand",
    },
    "zh-Hant": {
        "title": "tablerules 遊樂場 · 跑胡子",
        "deal": "莊發牌：莊 15、下家 14、對家 14、上家 14 張；還剩 23 張可摸",
        "untaken": r"\S+沒有人要，放進\S+的棄牌",
        "drawn": "流局：沒有人贏",
        "next": "下一局由下家發牌",
        "result": "流局：沒有人贏",
        "left": r"還剩 (\d+) 張可摸",
        "tab": "牌局",
    },
    "zh-Hans": {
        "title": "tablerules 游乐场 · 跑胡子",
        "deal": "庄发牌：庄 15、下家 14、对家 14、上家 14 张；还剩 23 张可摸",
        "untaken": r"\S+没有人要，放进\S+的弃牌",
        "drawn": "流局：没有人赢",
        "next": "下一局由下家发牌",
        "result": "流局：没有人赢",
        "left": r"还剩 (\d+) 张可摸",
        "tab": "牌局",
    },
}
# the traditional names a reader of simplified characters must not see on the table
TRADITIONAL = ("莊", "對家", "貳", "陸", "棄牌")
# each language at each size: every step of the hand, by the keys or by taps
LEARNING = [("en", "desktop"), ("zh-Hans", "desktop"), ("zh-Hant", "desktop"),
            ("en", "phone"), ("zh-Hans", "phone")]  # fmt: skip

# The rows of the move list as they read: (number, text without the rule ids), in order.
ROWS_JS = """
return Array.from(document.querySelectorAll('.tr-move')).map((row) => {
  const copy = row.cloneNode(true);
  copy.querySelectorAll('.tr-n, .tr-cites').forEach((part) => part.remove());
  return [Number(row.dataset.move), copy.textContent.trim(), Number(row.dataset.turn)];
});
"""


def at_step(step: int) -> Callable[[WebDriver], bool]:
    """The table and the move list at `step` (in any language: no counter's words)."""
    return lambda d: (
        drawn_move(d) == step
        and bool(d.find_elements(By.CSS_SELECTOR, f'.tr-move.tr-now[data-move="{step}"]'))
    )


def center_lines(driver: WebDriver) -> list[str]:
    """The middle of the table: the cards left, the card on view, what just happened."""
    center = driver.find_elements(By.CSS_SELECTOR, ".tr-table .tr-center > div")
    return [line.get_attribute("textContent") or "" for line in center]


def rows_now(driver: WebDriver) -> list[tuple[int, str, int]]:
    return [(int(n), str(text), int(turn)) for n, text, turn in driver.execute_script(ROWS_JS)]


@pytest.mark.parametrize(("lang", "size"), LEARNING)
def test_a_word_card_hand_is_learnt_step_by_step_to_its_end(
    app: WebDriver, app_url: str, lang: str, size: str
) -> None:
    """跑胡子, seed 7, in English, 繁體中文 and 简体中文, on a desktop and a phone: every step is
    one event told in one sentence of the language chosen (the one the table's middle
    says too), grouped by turn; the endgame's ten draws are watched card by card, the stock
    going down one at a time; ten presses of → at ten a second go ten steps on; the end
    says who won (nobody) in the same language. The ten presses are timed as one figure,
    from the last press to the page settled on step 10 (`BURST`): presses sent while the
    app still runs an earlier one are acted on together, in a later run, so no single press
    has a time of its own; a step's time is that of the single presses after it."""
    words = LEARNT[lang]
    open_at(app, app_url, SIZES[size], f"rule_file={PHZ}&lang={lang}&match_hands=1")
    said = main_text(app)
    assert words["title"] in said, said[:300]
    assert selected_tabs(app) == [words["tab"]]
    rows = rows_now(app)
    last = rows[-1][0]
    assert [n for n, _, _ in rows] == list(range(last + 1)) and last >= 80
    texts = [text for _, text, _ in rows]
    assert texts[0] == words["deal"]
    assert texts[-2:] == [words["drawn"], words["next"]]
    assert sum(bool(re.fullmatch(words["untaken"], text)) for text in texts) >= 8, texts[-24:]
    assert not [t for t in texts if " — " in t or "——" in t]  # one event, one sentence
    turns = [turn for _, _, turn in rows]
    assert turns == sorted(turns) and turns[-1] > 20  # grouped by turn, in order
    if lang == "zh-Hans":
        table = app.find_element(By.CSS_SELECTOR, ".tr-table").get_attribute("textContent") or ""
        shown = " ".join(texts) + table
        assert not [name for name in TRADITIONAL if name in shown], shown
    step = 0
    if size == "desktop":  # ten presses at ten a second: none is dropped
        presses = ActionChains(app)
        for _ in range(10):
            presses.send_keys(Keys.ARROW_RIGHT).pause(0.1)
        app.execute_script("if (document.activeElement) document.activeElement.blur();")
        # timed from the last press: the second spent pressing is the user's, not the page's
        timed(app, BURST, presses.perform, at_step(10), last_key=True)
        step = 10
    left_before: int | None = None
    counts: list[int] = []
    while step < last:
        step += 1
        if size == "desktop":
            timed(app, "→ step", lambda: key_press(app, Keys.ARROW_RIGHT), at_step(step))
        else:
            timed(app, "a tap on ›", lambda: button(app, "next").click(), at_step(step))
        lines = center_lines(app)
        left = next(int(m[1]) for line in lines if (m := re.fullmatch(words["left"], line)))
        assert left_before is None or left in (left_before, left_before - 1), (step, lines)
        left_before = left
        counts.append(left)
        if step < last:  # the middle of the table tells the step shown, as the list does
            assert texts[step] in lines, (step, texts[step], lines)
    assert counts[-1] == 0 and len(set(counts[-24:])) >= 9  # the stock, card by card
    box = result_box(app).get_attribute("textContent") or ""
    assert words["result"] in box, box
    no_failure_on_page(app)
    screenshot(app, f"playground-learnt-{lang}-{size}.png")


NOT_HELD = {  # the 名堂 a win of 跑胡子 with 名堂 (seed 117) does not hold, as each reads it
    "en": ("Patterns not held", "紅胡: at least 10 red cards needed, 5 held [PHZ-M1]"),
    "zh-Hant": ("沒有成立的牌型", "紅胡：要至少 10 張紅牌，這手有 5 張 [PHZ-M1]"),
}


@pytest.mark.parametrize("lang", sorted(NOT_HELD))
def test_a_win_says_what_each_pattern_it_does_not_hold_needed(
    app: WebDriver, app_url: str, lang: str
) -> None:
    """PHZ-M1: 紅胡 needs 10 red cards; seed 117's win holds 5, and the settlement says so
    (in the language chosen), with every other 名堂 that does not hold."""
    title, line = NOT_HELD[lang]
    query = f"rule_file=rules/variants/paohuzi-mingtang.rules&seed=117&match_hands=1&lang={lang}"
    open_at(app, app_url, DESKTOP, query)
    to_the_end(app)
    box = result_box(app)
    folded = box.find_element(By.XPATH, f'.//summary[contains(., "{title}")]')
    timed(app, None, folded.click, lambda d: line in (box.get_attribute("innerText") or ""), False)
    said = box.get_attribute("innerText") or ""
    assert said.count("[PHZ-M") >= 7, said
    screenshot(app, f"playground-not-held-{lang}.png", scroll_to=box)
