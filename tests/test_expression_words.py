"""A working of money and a reason not held, told in the reader's language: the rule
language's words (`if … then … else`, `form`, `count`, `max`, `best win of`…) come from the
message catalogue of that language, the file's names from its `names` blocks; English
reads as the rule file is written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.dsl.loading.loader import load
from tablerules.interpreter.compiling.expressions import ENGLISH, Wording, render
from tablerules.interpreter.messages import HERE, read_catalogue

ROOT = Path(__file__).resolve().parents[1]
CHANGDE = ROOT / "rules" / "variants" / "paohuzi-changde.rules"
# the rule language's English words, as they would show inside a Chinese sentence
ENGLISH_WORDS = re.compile(
    r"\b(if|then|else|and|or|not|count|form|cards|distinct|groups|claimed|won|holds"
    r"|best win|payee|payer|sets of|in hand|max|min|hits|settled)\b"
)
CHANGSHA_HAND = ["changsha", "--hand", "2m2m 5m5m5m 8p8p8p 2s2s2s 5s5s", "--win-card", "2m"]
CHANGDE_HAND = ["--hand", "一二三 壹貳叁 貳柒拾 二七十 肆伍陸 柒捌玖 十十", "--win-card", "十"]


def told(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def english_in(text: str) -> list[str]:
    return ENGLISH_WORDS.findall(text)


@pytest.mark.parametrize(
    ("lang", "working", "absent"),
    [
        (
            "zh-Hant",
            "其他每家付 如果 大胡 > 0 就 6 × 大胡 × 底 否則 2 × 底 = 如果 2 > 0 就",
            "七小對：要 牌型 七小對 + 牌型 豪華七小對",
        ),
        (
            "zh-Hans",
            "其他每家付 如果 大胡 > 0 就 6 × 大胡 × 底 否则 2 × 底 = 如果 2 > 0 就",
            "七小对：要 牌型 七小对 + 牌型 豪华七小对",
        ),
    ],
    ids=["zh-Hant", "zh-Hans"],
)
def test_a_changsha_working_and_reason_are_told_in_chinese(
    capsys: pytest.CaptureFixture[str], lang: str, working: str, absent: str
) -> None:
    out = told(capsys, "evaluate", *CHANGSHA_HAND, "--from", "self", "--lang", lang)
    assert working in out and absent in out
    assert english_in(out) == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh-Hant", "最大((胡息 - 15) / 3 + 1, 1)"), ("zh-Hans", "最大((胡息 - 15)")],
    ids=["zh-Hant", "zh-Hans"],
)
def test_a_mingtang_working_tells_its_function_and_counts(
    capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    args = ["evaluate", str(CHANGDE), *CHANGDE_HAND, "--from", "discard", "--lang", lang]
    out = told(capsys, *args)
    counted = "計 跑 + 計 提" if lang == "zh-Hant" else "计 跑 + 计 提"
    assert words in out and counted in out
    assert english_in(out) == []


@pytest.mark.parametrize(
    ("lang", "said"), [("zh-Hant", "收錢一家"), ("zh-Hans", "收钱一家")], ids=["zh-Hant", "zh-Hans"]
)
def test_a_drawn_hand_payment_tells_whose_best_win(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    out = told(capsys, "play", "sichuan", "--seed", "10", "--lang", lang)
    paid = [line for line in out.splitlines() if " = " in line and "· 查大叫 [" in line]
    assert paid
    assert all(f"{said}最大的" in line and english_in(line) == [] for line in paid)


def test_english_reads_as_the_rule_file_is_written(capsys: pytest.CaptureFixture[str]) -> None:
    out = told(capsys, "evaluate", *CHANGSHA_HAND, "--from", "self")
    assert "each other pays if 大胡 > 0 then 6 × 大胡 × 底 else 2 × 底 = if 2 > 0 then" in out
    assert "needs form 七小對 + form 豪華七小對" in out
    out = told(capsys, "evaluate", str(CHANGDE), *CHANGDE_HAND, "--from", "discard")
    assert "囤 = max((胡息 - 15) / 3 + 1, 1)" in out and "count 跑 + count 提" in out


def test_the_english_catalogue_gives_the_rule_languages_words() -> None:
    catalogue = read_catalogue(HERE, "en")
    table = {
        key.removeprefix("expression."): text
        for key, text in catalogue.items()
        if key.startswith("expression.")
    }
    assert {key: table[key] for key in ENGLISH} == ENGLISH
    for key, text in table.items():
        group, _, word = key.partition(".")
        if group in ("function", "context", "who", "op", "name"):
            assert text == word.replace("_", " "), key


def test_a_card_filter_is_told_in_the_files_names() -> None:
    loaded = load(CHANGDE)
    assert loaded.rules is not None
    counts = loaded.rules.patterns["紅胡"].counts
    assert counts is not None
    assert render(counts) == "cards (colour red) - 9"
    spelled = {"colour": "顏色", "red": "紅"}
    catalogue = read_catalogue(HERE, "zh-Hant")
    templates = {
        key.removeprefix("expression."): text
        for key, text in catalogue.items()
        if key.startswith("expression.")
    }
    wording = Wording(templates, lambda word: spelled.get(word, word))
    assert render(counts, wording=wording) == "牌數 (顏色 紅) - 9"


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_a_win_clause_line_not_met_is_told_in_chinese(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # 長沙's 小胡 needs a 2-5-8 pair (CS-3): a pair of 1s keeps four runs from winning
    args = ["evaluate", "changsha", "--hand", "123m456m789m12p11s", "--win-card", "3p"]
    english = told(capsys, *args)
    assert "a win needs 大胡 > 0 or groups of 對 with (rank 2 5 8) = 1" in english
    chinese = told(capsys, *args, "--lang", lang)
    unmet = [line for line in chinese.splitlines() if "大胡 > 0" in line]
    assert len(unmet) == 2, chinese  # under the split, and as the reason
    assert all(not english_in(line) and "rank" not in line for line in unmet), unmet


def test_what_each_wild_stood_for_is_told_in_the_readers_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["evaluate", "hongzhong", "--hand", "123m456m789m1p2pCC", "--win-card", "5s"]
    assert "  wilds read as: 中→三筒, 中→五索" in told(capsys, *args)
    chinese = told(capsys, *args, "--lang", "zh-Hant")
    assert "  萬用牌當作：紅中當三筒、紅中當五索" in chinese.splitlines()
    assert "wilds" not in chinese
