"""Playing a seat: to the end of a hand by clicking cards and claim buttons, a seat's
view that names no card the seat cannot see, and a seat through a three-hand match with
its score read hand by hand and the summary at the end.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from tablerules.interpreter import load_game
from tablerules.playground.play.hand_page import PageBuilder, go_to_step, page_steps
from tablerules.playground.play.hands import HandSession
from visibility import seen, token_game, tokens

from .browser.journeys import PMZ, open_at, to_the_end, upload
from .browser.launch import ROOT, SIZES
from .browser.page import (
    at_move,
    button,
    counter,
    main_text,
    no_failure_on_page,
    past_move,
    result_box,
    scores,
)
from .browser.screenshots import screenshot
from .browser.timing import timed
from .browser.waits import settle
from .browser.widgets import key_press, open_tab, pick_keyed, sit_at, switch_off

pytestmark = pytest.mark.e2e


def play_my_hand(app: WebDriver, name: str, shot: str = "") -> int:
    """Play the seat the user sits at (named `name` this hand) to the end of the hand, by
    clicking cards and claim buttons; how many cards were clicked."""
    clicks = 0
    shot_taken = not shot
    for _ in range(120):
        settle(
            app,
            lambda d: (
                d.find_elements(By.CSS_SELECTOR, ".tr-pick, .st-key-result")
                or d.find_elements(By.CSS_SELECTOR, '[class*="st-key-choose_"] button')
            ),
            "the user's turn (bots playing on) or the end",
        )
        if app.find_elements(By.CSS_SELECTOR, ".st-key-result"):
            break
        picks = app.find_elements(By.CSS_SELECTOR, ".tr-pick")
        if picks:
            if not shot_taken:
                assert f"Your turn, {name}" in main_text(app)
                screenshot(app, shot)
                shot_taken = True
            before = counter(app)[0]
            timed(app, "a card clicked", picks[-1].click, past_move(before))
            clicks += 1
        else:
            claim = app.find_elements(By.CSS_SELECTOR, '[class*="st-key-choose_"] button')[-1]
            before = counter(app)[0]
            timed(app, "a claim button", claim.click, past_move(before))
    return clicks


def first_dealer(seed: int = 7) -> int:
    """The seat that deals the first hand of `seed` under 跑馬仔 (drawn from the seed)."""
    return HandSession(load_game(ROOT / PMZ), seed).end.state.dealer


def test_a_seat_is_played_to_the_end_by_clicking_cards(app: WebDriver) -> None:
    me = (first_dealer() + 1) % 4
    sit_at(app, me, "南")
    clicks = play_my_hand(app, "南", "playground-play.png")
    said = result_box(app).get_attribute("textContent") or ""
    assert clicks >= 3 and re.search(
        r"You win, 南|You dealt in, 南|Drawn hand, 南| won; 南", said
    ), said
    no_failure_on_page(app)


def token_rules(text: str) -> str:
    """The rule text with each card's names replaced by its token «N» (see visibility.py)."""
    lines = text.split("\n")
    inside, index = False, 0
    for number, line in enumerate(lines):
        if line.startswith("deck"):
            inside = True
            continue
        if inside and line.startswith("}"):
            break
        found = re.match(r'^(\s*\S+\s+(?:\S+=\S+\s+)*)"', line) if inside else None
        if found and not line.strip().startswith("#"):
            lines[number] = f'{found[1]}"«{index}»"'
            index += 1
    return "\n".join(drop_names_blocks(lines))


def drop_names_blocks(lines: list[str]) -> list[str]:
    """The lines without the file's `names` blocks (they name cards by the names the
    tokens replace)."""
    kept, inside = [], False
    for line in lines:
        if line.startswith("names "):
            inside = True
        elif inside and line.startswith("}"):
            inside = False
        elif not inside:
            kept.append(line)
    return kept


# Everything on the page but the rule file itself (the Rules tab: its deck names every
# card, which is no secret): each tab's text, shown or not, and every tooltip.
SEAT_PAGE_JS = """
const main = document.querySelector('[data-testid="stMain"]');
const panels = Array.from(main.querySelectorAll('[data-testid="stTabPanel"]'));
const rules = panels.filter((panel) => panel.querySelector('.tr-ed'));
const copy = main.cloneNode(true);
const drop = rules.map((panel) => panels.indexOf(panel));
const copied = Array.from(copy.querySelectorAll('[data-testid="stTabPanel"]'));
drop.forEach((index) => copied[index].remove());
const titles = Array.from(copy.querySelectorAll('[title]')).map((e) => e.getAttribute('title'));
return copy.textContent + ' ' + titles.join(' ');
"""


def seat_page(driver: WebDriver) -> str:
    return str(driver.execute_script(SEAT_PAGE_JS))


def test_a_seats_view_names_no_card_it_cannot_see(app: WebDriver, tmp_path: Path) -> None:
    """A copy of 跑馬仔 whose card names are tokens: at each move, every card named on the
    page (text and tooltips) is one the seat has seen — checked against the same hand
    played here (same seed, same bots)."""
    rules = tmp_path / "tokens.rules"
    text = (ROOT / PMZ).read_text(encoding="utf-8")
    rules.write_text(token_rules(text).replace('"../', '"'), encoding="utf-8")
    upload(app, rules)
    here = HandSession(token_game(ROOT / PMZ), 7)
    viewer = (here.dealer + 2) % 4
    sit_at(app, viewer, "西")
    switch_off(app, "play_seat")  # watch the seat, do not play it
    settle(
        app,
        lambda d: (
            "tr-back"
            in (d.find_element(By.CSS_SELECTOR, ".tr-table").get_attribute("innerHTML") or "")
        ),
        "the seat's view",
    )
    button(app, "reset").click()  # sitting down let the bots play on a move: back to the deal
    settle(app, at_move(0), "the deal")
    steps, _ = page_steps(here, viewer)
    for move in range(0, min(len(steps) - 1, 30) + 1):  # a step each event the seat reads
        if move:
            key_press(app, Keys.ARROW_RIGHT)
            settle(app, at_move(move), f"move {move}")
        go_to_step(here, viewer, move)
        page = seat_page(app)
        leaked = tokens(page) - seen(PageBuilder(here, viewer).table, viewer)
        where = [page[max(0, page.find(f"«{t}»") - 80) : page.find(f"«{t}»") + 20] for t in leaked]
        assert not leaked, (move, leaked, where)
    assert tokens(page)  # the page does name cards: the check had something to check
    panel = open_tab(app, "Compare variants")  # before the end, the outcome is not compared
    assert "A comparison plays the hand to its end" in (panel.get_attribute("textContent") or "")
    assert not app.find_elements(By.CSS_SELECTOR, ".st-key-compare_run button")
    open_tab(app, "Hand")
    to_the_end(app)
    open_tab(app, "Compare variants")  # the same hand under the bundled file, as 西 sees it
    pick_keyed(app, "compare_with_", PMZ)
    compared = lambda d: "As 西 sees" in main_text(d)  # noqa: E731
    timed(app, None, lambda: button(app, "compare_run").click(), compared)
    here.to_end()
    leaked = tokens(seat_page(app)) - seen(here.table, viewer)
    assert not leaked, leaked


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_seat_plays_a_three_hand_match_and_reads_the_score(
    app: WebDriver, app_url: str, size: str
) -> None:
    """A link sits the user at player 2 for three hands, bots playing at once: each hand is
    played by clicking cards, the seat stays the player's as the deal passes, the score
    runs on, and the summary gives money, hands won and the biggest hand."""
    me = 1
    open_at(app, app_url, SIZES[size], f"match_hands=3&seat={me + 1}&speed_play=instant")
    for hand in (1, 2, 3):
        assert f"Hand {hand} of 3" in scores(app), scores(app)
        found = re.search(rf"player {me + 1} · (\S+) \(you\)", scores(app))
        assert found, scores(app)
        name = found[1]
        bottom = app.find_element(By.CSS_SELECTOR, ".tr-seat.tr-pos-bottom .tr-head")
        assert bottom.find_element(By.TAG_NAME, "b").text == name and "you" in bottom.text
        play_my_hand(app, name, f"playground-match-{size}.png" if hand == 2 else "")
        said = result_box(app).get_attribute("textContent") or ""
        assert re.search(
            rf"You win, {name}|You dealt in, {name}|Drawn hand, {name}| won; {name}", said
        ), said
        if hand < 3:
            following = lambda d, n=hand + 1: f"Hand {n} of 3" in scores(d)  # noqa: E731
            timed(app, None, lambda: button(app, "next_hand").click(), following)
    summary = app.find_element(By.CSS_SELECTOR, ".st-key-match_summary")
    told = summary.get_attribute("textContent") or ""
    assert "The match is over after 3 hands." in told and "The biggest hand: hand " in told
    rows = [
        [cell.text for cell in row.find_elements(By.CSS_SELECTOR, "td")]
        for row in summary.find_elements(By.CSS_SELECTOR, "tbody tr")
    ]
    assert len(rows) == 4 and sum(int(won) for _, _, won in rows) <= 3
    mine = next(row for row in rows if row[0].startswith(f"player {me + 1} · "))
    assert mine[0].endswith("(you)")
    running = re.search(rf"player {me + 1} · \S+ \(you\) (\S+)", scores(app))
    assert running and running[1] == mine[1]  # the score line and the summary agree
    total = sum(int(money.replace("−", "-")) for _, money, _ in rows)
    assert total <= 0  # money moves between seats (a fee may leave the table)
    screenshot(app, f"playground-summary-{size}.png", scroll_to=summary)
    no_failure_on_page(app)
