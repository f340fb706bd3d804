"""The message catalogues and the sentences told in each language: every language says
every message, with the placeholders its callers give; a hand, a settlement, a why-not
answer and an evaluation read as sentences of the language chosen, the game's words the
rule file's own (in the script its `names` block gives)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.compiling.explanation import pattern_line
from tablerules.interpreter.engine import Table
from tablerules.interpreter.messages import (
    HERE,
    LANGUAGES,
    PLACEHOLDER,
    MessageError,
    language,
    messages,
    read_catalogue,
)
from tablerules.interpreter.messages.judgement_text import (
    absence_text,
    judgement_text,
    pattern_text,
)
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.reckoning import win_stories

ROOT = Path(__file__).resolve().parent.parent
PHZ = ROOT / "rules" / "paohuzi.rules"
MINGTANG = ROOT / "rules" / "variants" / "paohuzi-mingtang.rules"
FAAN = ROOT / "rules" / "variants" / "paomazai-faan.rules"
HK = ROOT / "rules" / "hongkong.rules"
GD = ROOT / "rules" / "guangdong.rules"
# placeholders a translation may use that the English sentence does without: Chinese
# counts with a measure word (張, 組, 種)
EXTRA_PLACEHOLDERS = {"unit"}
# words of one game, which a catalogue never speaks of (it says cards, groups, seats)
GAME_WORDS = re.compile(
    r"\b(pong|kong|chow|mahjong|horse|huxi)\b|碰|槓|杠|吃|偎|提|跑|胡|坎|絞|莊|庄|番|名堂|馬|马"
)
LATIN = re.compile(r"[A-Za-z]")


def base(key: str) -> str:
    """A message id without its plural form."""
    return key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) else key


def test_every_language_says_every_message_with_the_placeholders_given() -> None:
    english = read_catalogue(HERE, "en")
    for lang in LANGUAGES:
        texts = read_catalogue(HERE, lang)
        assert {base(k) for k in texts} == {base(k) for k in english}, lang
        for key, template in texts.items():
            said = english.get(key) or english.get(f"{base(key)}.other", "")
            allowed = set(PLACEHOLDER.findall(said)) | EXTRA_PLACEHOLDERS
            assert set(PLACEHOLDER.findall(template)) <= allowed, (lang, key)


def test_the_catalogues_speak_of_no_game() -> None:
    for path in HERE.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        found = [line for line in text.splitlines() if GAME_WORDS.search(line.split("#")[0])]
        assert not found, (path.name, found)


def test_a_message_needs_its_values_and_a_known_id() -> None:
    say = messages("en")
    assert say("narrate.discard", seat="A", card="x") == "A discards x"
    with pytest.raises(MessageError):
        say("narrate.discard", seat="A")
    with pytest.raises(MessageError):
        say("narrate.no such message")
    assert say.count("narrate.hits", 1) == "1 hit"
    assert say.count("narrate.hits", 2) == "2 hits"
    assert messages("zh-Hant").count("narrate.hits", 1) == "中 1 張"


def test_language_tags_find_their_catalogue() -> None:
    assert language("zh-TW") == language("zh-HK") == "zh-Hant"
    assert language("zh") == language("zh-CN") == "zh-Hans"
    assert language("fr") == language(None) == "en"


def hand(path: Path, seed: int) -> Table:
    game = load_game(path)
    table = Table(game, seed=seed)
    bots = [GreedyBot(seed * 4 + seat) for seat in range(4)]
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
    return table


def told(table: Table, lang: str) -> list[str]:
    narrator = Narrator(table.game, table.state.dealer, table=table, lang=lang)
    return [clause for event in table.events if (clause := narrator.phrase(event))]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("seed", [3, 7])
def test_a_hand_is_told_in_chinese_without_a_word_of_english(lang: str, seed: int) -> None:
    """Every sentence of a 跑胡子 hand: the catalogue's words and the file's names (its
    zones, attributes and options given in each script by its names blocks)."""
    clauses = told(hand(PHZ, seed), lang)
    assert clauses
    english = [clause for clause in clauses if LATIN.search(clause)]
    assert not english, english


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_what_the_wilds_of_a_win_stood_for_is_told_in_chinese(lang: str) -> None:
    """A win with a ghost (seed 1: 南 wins with 白 as 六索) says what each wild stood for
    in the reader's words, not in English."""
    table = hand(GD, 1)
    assert any(event.get("wilds") for event in table.events)
    wins = [clause for clause in told(table, lang) if "白" in clause and "索" in clause]
    assert wins and not [clause for clause in wins if LATIN.search(clause)], wins
    english = " ".join(told(table, "en"))
    assert "(wilds: 白 as 六索)" in english


def test_simplified_readers_see_simplified_cards_and_seats() -> None:
    table = hand(PHZ, 3)
    traditional = " ".join(told(table, "zh-Hant"))
    simplified = " ".join(told(table, "zh-Hans"))
    assert "莊" in traditional and "莊" not in simplified and "庄" in simplified
    assert "貳" in traditional and "貳" not in simplified and "贰" in simplified
    assert "棄牌" in traditional and "弃牌" in simplified


def test_english_narration_is_unchanged_by_the_names_blocks() -> None:
    clauses = told(hand(PHZ, 3), "en")
    assert "莊 shows 拾" in clauses
    assert any(re.fullmatch(r"\S+ is not taken: to \S+'s discards", c) for c in clauses)


def test_a_why_not_answer_in_each_language() -> None:
    table = hand(PHZ, 3)
    assert table.explain(0, "碰") == "the hand is over"
    assert table.explain(0, "碰", lang="zh-Hant") == "這手牌已經結束了"
    fresh = Table(load_game(PHZ), seed=3)
    seat = fresh.waiting_for()[0]
    said = fresh.explain(seat, "跑", lang="zh-Hans", seat_name=str)
    assert not LATIN.search(said.split("[")[0]), said


def test_patterns_that_do_not_hold_say_what_they_needed_and_what_the_hand_had() -> None:
    """PHZ-M1: 紅胡 needs 10 red cards; a hand of 6 red cards says so, in every language."""
    game = load_game(MINGTANG)
    result = game.evaluate_text("一二三 四五六 七八九 壹貳叁 拾拾", win_card="十", source="discard")
    assert result.wins and result.best is not None and result.best.judgement is not None
    absent = {a.name: a for a in game.compiled.scoring.absent(result.best.judgement)}
    assert set(absent) == {"紅胡", "點胡", "烏胡", "對對胡", "海底胡", "天胡", "地胡"}
    english = absence_text(absent["紅胡"], speaker(game, "en"))
    assert english == "紅胡: at least 10 red cards needed, 6 held [PHZ-M1]"
    assert absence_text(absent["紅胡"], speaker(game, "zh-Hant")) == (
        "紅胡：要至少 10 張紅牌，這手有 6 張 [PHZ-M1]"
    )
    assert absence_text(absent["紅胡"], speaker(game, "zh-Hans")) == (
        "红胡：要至少 10 张红牌，这手有 6 张 [PHZ-M1]"
    )
    assert absence_text(absent["點胡"], speaker(game, "en")).startswith(
        "點胡: exactly 1 red card needed, 6 held"
    )
    assert absence_text(absent["海底胡"], speaker(game, "en")).startswith(
        "海底胡: a win on the last card needed, not so here"
    )
    # a part of an `or` that fails two ways is told as both together
    drawn = game.evaluate_text("二七十 二七十 貳柒拾 貳柒拾 五五", win_card="五", source="self")
    assert drawn.best is not None and drawn.best.judgement is not None
    (later,) = [a for a in game.compiled.scoring.absent(drawn.best.judgement) if a.name == "地胡"]
    assert "a win on a discard and a win on the first discard" in absence_text(
        later, speaker(game, "en")
    )


def test_a_pattern_counted_by_a_quantity_says_how_many_it_needed() -> None:
    game = load_game(HK)
    result = game.evaluate_text("111m444m777m999m5m", win_card="5m", source="self")
    assert result.best is not None and result.best.judgement is not None
    absent = {a.name: a for a in game.compiled.scoring.absent(result.best.judgement)}
    said = absence_text(absent["三元刻"], speaker(game, "en"))
    assert said == "三元刻: at least 1 group of 刻 or 槓 of dragon cards needed, 0 held [HK-5]"
    assert absence_text(absent["門前清"], speaker(game, "zh-Hans")).startswith("门前清：")


def judged_wins(path: Path, seeds: range) -> list[dict]:
    wins = []
    for seed in seeds:
        wins += [e for e in hand(path, seed).events if e["type"] == "win" and e.get("patterns")]
    return wins


@pytest.mark.parametrize("path", [FAAN, HK, MINGTANG])
def test_the_english_judgement_is_the_one_the_log_writes(path: Path) -> None:
    """The localised sentences, in English, are the engine's own (`explanation`)."""
    wins = judged_wins(path, range(40))
    assert wins
    spoken = speaker(load_game(path), "en")
    for win in wins:
        assert judgement_text(win["patterns"], win["scores"], spoken) == win["explanation"]
        for pattern in win["patterns"]:
            assert pattern_text(pattern, spoken) == pattern_line(pattern)


def test_a_settlement_is_worked_out_in_the_readers_language() -> None:
    table = hand(PHZ, 3)
    narrator = Narrator(table.game, table.state.dealer, table=table, lang="zh-Hans")
    (story,) = win_stories(table, narrator.seat, "zh-Hans")
    assert story.lets == ["囤 = (胡息 - 6) / 3 + 1 = (12 - 6) / 3 + 1 = 3"]
    pays = [narrator.reckoner().payment(e) for e in table.events if e["type"] == "pay"]
    assert pays and all(re.search(r"付给\S+ 囤 × 底注 = 3 × 1 = 3 · 胡", p) for p in pays)


def test_the_command_line_tells_a_hand_and_an_evaluation_in_chinese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", str(PHZ), "--seed", "3", "--lang", "zh-Hans"]) == 0
    out = capsys.readouterr().out
    assert "庄亮出拾" in out and "打完 1 局" in out
    assert main(["play", str(PHZ), "--seed", "3"]) == 0
    assert "莊 shows 拾" in capsys.readouterr().out
    hand_text = "一二三 四五六 七八九 壹貳叁 拾拾"
    args = ["evaluate", str(MINGTANG), "--hand", hand_text, "--win-card", "十", "--from", "discard"]
    assert main([*args, "--lang", "zh-Hant"]) == 0
    out = capsys.readouterr().out
    assert "贏——1 種贏的拆法" in out and "沒有成立的牌型：" in out
    assert "紅胡：要至少 10 張紅牌，這手有 6 張 [PHZ-M1]" in out
    assert main(args) == 0
    assert "紅胡: at least 10 red cards needed, 6 held [PHZ-M1]" in capsys.readouterr().out


def test_the_playgrounds_catalogues_say_the_same_messages() -> None:
    """The playground's own sentences (its page, sidebar and tabs) in every language."""
    folder = ROOT / "playground" / "messages"
    english = read_catalogue(folder, "en")
    for lang in LANGUAGES:
        texts = read_catalogue(folder, lang)
        assert {base(k) for k in texts} == {base(k) for k in english}, lang
        for key, template in texts.items():
            said = english.get(key) or english.get(f"{base(key)}.other", "")
            assert set(PLACEHOLDER.findall(template)) <= set(PLACEHOLDER.findall(said)), key
        found = [line for line in texts.values() if GAME_WORDS.search(line)]
        assert not found, (lang, found)
