"""A pattern not held says what it needed and what the hand had, as a count: "no wild
cards needed, 2 held", not the raw expression ("needs wilds = 0, here 2 = 0"). The wild
cards held and the cards held N alike are counted quantities like cards and groups."""

from __future__ import annotations

import pytest
from tablerules.cli.main import main

GHOSTS = ["--hand", "123m 456p 789s EE 5m P", "--win-card", "P", "--from", "self"]
NO_ROOT = ["--hand", "123m 456m 789m 123p 5p", "--win-card", "5p", "--from", "self"]
DECLARED = ["--declared", "suit=s"]  # 四川's 定缺


def said(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "無鬼: no wild cards needed, 2 held"),
        ("zh-Hant", "無鬼：不能有百搭牌，這手有 2 張"),
        ("zh-Hans", "无鬼：不能有百搭牌，这手有 2 张"),
    ],
)
def test_the_wild_cards_held_are_said_as_a_count(capsys, lang: str, sentence: str) -> None:
    out = said(capsys, "evaluate", "guangdong", "--lang", lang, *GHOSTS)
    assert sentence in out
    assert "wilds = 0" not in out


def test_cards_held_n_alike_are_said_as_a_count(capsys) -> None:
    out = said(capsys, "evaluate", "sichuan", *NO_ROOT, *DECLARED)
    assert "more than 0 cards held 4 alike needed, 0 held" in out
    out = said(capsys, "evaluate", "sichuan", "--lang", "zh-Hant", *NO_ROOT, *DECLARED)
    assert "湊滿 4 張的牌，這手有 0 種" in out
