"""A phase before play at a seated player's seat, told in the page's language (AppTest): the
exchange and the declaration ask in the catalogue's sentences, not in English."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.interpreter.messages.game_words import GameWords
from tablerules.playground.tabs.hand_phase import chosen_label, phase_ask

from .page import APP, load, run

SICHUAN = Path(__file__).resolve().parents[2] / "rules" / "sichuan.rules"


@pytest.mark.parametrize(
    ("lang", "asked", "button"),
    [
        ("en", "換三張: pick 3 cards of one suit to pass", "pass"),
        ("zh-Hant", "換三張：選同一花色的 3 張牌傳出", "傳出"),
        ("zh-Hans", "换三张：选同一花色的 3 张牌传出", "传出"),
    ],
)
def test_the_exchange_asks_in_the_pages_language(lang: str, asked: str, button: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = lang
    run(at)
    load(at, SICHUAN)
    hand = at.session_state["hand"]
    at.selectbox(key="sit_at").set_value((hand.dealer + 1) % 4)
    run(at)
    assert any(info.value.startswith(asked) for info in at.info), [i.value for i in at.info]
    (passing,) = keyed(at.button, "pass_button_")
    assert passing.label == button


def test_the_cards_to_pass_are_named_in_the_pages_script() -> None:
    """SC-2 in 简体中文: the cards offered to pass are named as the file's names block for
    that script spells them (`一万`), as on the table, not as the file writes them; the
    empty box asks for them in that language too."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = "zh-Hans"
    run(at)
    load(at, SICHUAN)
    hand = at.session_state["hand"]
    seat = (hand.dealer + 1) % 4
    at.selectbox(key="sit_at").set_value(seat)
    run(at)
    (box,) = keyed(at.multiselect, "pass_")
    compiled = hand.game.compiled
    words = GameWords(compiled, "zh-Hans")
    held = [card for card, n in enumerate(hand.table.state.seats[seat].hand) for _ in range(n)]
    assert box.options == [words.display[card] for card in held]
    assert box.placeholder and not re.search(r"[A-Za-z]", box.placeholder), box.placeholder
    assert box.proto.select_all == 0  # Streamlit's own "Select all", English, and more than 3
    assert any(words.display[card] != compiled.cards.display[card] for card in held)


def keyed(elements: Iterable[Any], prefix: str) -> list[Any]:
    """The widgets among `elements` whose key begins with `prefix`."""
    return [e for e in elements if e.key and e.key.startswith(prefix)]


def kept_in(
    at: AppTest, langs: Sequence[str], widgets: Callable[[], list[Any]], value: object
) -> None:
    """Turn the page to each language in turn: the one widget `widgets` finds still holds
    `value`."""
    for lang in langs:
        at.selectbox(key="lang").set_value(lang)
        run(at)
        (widget,) = widgets()
        assert widget.value == value, lang


def picked_to_pass(at: AppTest, seat: int) -> list[int]:
    """Positions, in the box of cards to pass, of three cards the seat may pass."""
    hand = at.session_state["hand"]
    ask = phase_ask(hand.table, seat)
    assert ask is not None
    legal = {choice.label for choice in hand.table.legal_actions(seat)}
    for picked in combinations(range(len(ask.held)), ask.phase.passes):
        if chosen_label(ask, hand.table, list(picked)) in legal:
            return list(picked)
    raise AssertionError("no cards to pass")


def test_the_cards_picked_and_the_value_chosen_stay_when_the_language_changes() -> None:
    """SC-2 and SC-3 at a seat: cards picked to pass, and then a value chosen to declare,
    are still chosen when the page turns to another language (Streamlit keeps a choice by
    the words shown, which the other language does not have)."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    run(at)
    load(at, SICHUAN)
    seat = (at.session_state["hand"].dealer + 1) % 4
    at.selectbox(key="sit_at").set_value(seat)
    run(at)
    picked = picked_to_pass(at, seat)
    (box,) = keyed(at.multiselect, "pass_")
    box.set_value(picked)
    run(at)
    kept_in(at, ("zh-Hant", "zh-Hans"), lambda: keyed(at.multiselect, "pass_"), picked)
    (button,) = keyed(at.button, "pass_button_")
    button.click()
    run(at)
    for _ in range(5):  # the other seats pass theirs as the page plays them
        if keyed(at.radio, "declare_"):
            break
        run(at)
    (declared,) = keyed(at.radio, "declare_")
    ask = phase_ask(at.session_state["hand"].table, seat)
    assert ask is not None and ask.phase.kind == "declaration"
    chosen = ask.values[-1][0]  # not the first, which the box shows unasked
    declared.set_value(chosen)
    run(at)
    kept_in(at, ("en", "zh-Hant"), lambda: keyed(at.radio, "declare_"), chosen)


def test_cards_that_may_not_be_passed_together_say_why_on_the_page() -> None:
    """SC-2: three cards picked across suits leave the button grey, and the page says why
    in words (not only in the button's tooltip); three of one suit say nothing."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = "zh-Hant"
    run(at)
    load(at, SICHUAN)
    seat = (at.session_state["hand"].dealer + 1) % 4
    at.selectbox(key="sit_at").set_value(seat)
    run(at)
    hand = at.session_state["hand"]
    ask = phase_ask(hand.table, seat)
    assert ask is not None
    legal = {choice.label for choice in hand.table.legal_actions(seat)}
    mixed = next(
        list(picked)
        for picked in combinations(range(len(ask.held)), ask.phase.passes)
        if chosen_label(ask, hand.table, list(picked)) not in legal
    )
    (box,) = keyed(at.multiselect, "pass_")
    box.set_value(mixed)
    run(at)
    (button,) = keyed(at.button, "pass_button_")
    assert button.disabled
    told = [w.value for w in at.warning]
    assert any(w.startswith("這幾張牌不能一起傳出") for w in told), told
    (box,) = keyed(at.multiselect, "pass_")
    box.set_value(picked_to_pass(at, seat))
    run(at)
    assert not any("不能一起傳出" in w.value for w in at.warning)
