"""`names LANG { NAME: SAID "title" }`: a rule file's own names for readers of another
language or script — checked like every other name, added to by variants, read as cards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.messages.game_words import GameWords
from tablerules.interpreter.messages.speaker import speaker

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


def diagnostics(tmp_path: Path, text: str) -> list[tuple[str, int]]:
    """The codes and lines of what `check` says of a Pebbles variant written as `text`."""
    for base in ("minimal.rules", "pebbles-play.rules"):
        (tmp_path / base).write_text((EXAMPLES / base).read_text(encoding="utf-8"), "utf-8")
    path = tmp_path / "names.rules"
    path.write_text(f'extends "pebbles-play.rules"\n{text}', encoding="utf-8")
    return [(d.code, d.line) for d in load(path).diagnostics]


def test_a_names_block_that_names_the_files_things_checks_clean(tmp_path: Path) -> None:
    text = 'names zh-Hans {\n  1r: 红一\n  three: 刻 "三颗相同"\n  "own draw": 自摸\n}\n'
    assert diagnostics(tmp_path, text) == []


def test_every_mistake_of_a_names_block_is_located(tmp_path: Path) -> None:
    text = (
        "names zh-Hans {\n"
        "  1r: 红一\n"
        "  1r: 赤一\n"  # line 4: given twice
        "  thre: 刻\n"  # line 5: no such name (did you mean three?)
        "  2r: 1r\n"  # line 6: another card's name
        "}\n"
        "names 简体 {\n"  # line 8: not a language tag
        "}\n"
        "names fr {\n"  # line 10: a language nothing is told in
        "}\n"
    )
    assert diagnostics(tmp_path, text) == [
        ("E102", 4),
        ("E101", 5),
        ("E110", 6),
        ("E104", 8),
        ("W003", 10),
    ]


def test_a_variants_names_add_to_its_bases() -> None:
    """The 名堂 variant gives its patterns' names; the base file's seats and cards stay."""
    game = load_game(ROOT / "rules" / "variants" / "paohuzi-mingtang.rules")
    words = speaker(game, "zh-Hans").words
    assert words.name("紅胡") == "红胡" and words.title("紅胡", "") == "10 张或以上红牌"
    assert words.name("莊") == "庄" and words.named_card("貳") == "贰"
    assert speaker(game, "zh-Hant").words.name("紅胡") == "紅胡"
    assert speaker(game, "en").words.name("紅胡") == "紅胡"


def test_a_cards_name_in_a_language_reads_as_that_card(tmp_path: Path) -> None:
    game = load_game(EXAMPLES / "pebbles-names.rules")
    assert game.parse("红一 紅一 1r") == [game.cards.lookup("1r")] * 3
    result = game.evaluate_text("红一 红二 红三 蓝五", win_card="蓝五", source="discard")
    assert result.wins


def test_without_a_block_the_names_are_as_written() -> None:
    game = load_game(EXAMPLES / "pebbles-play.rules")
    words = speaker(game, "zh-Hans").words
    assert words.card("1r") == "1r" and words.name("three") == "three"


def test_override_replaces_a_block_and_remove_drops_it(tmp_path: Path) -> None:
    for name in ("minimal.rules", "pebbles-play.rules", "pebbles-names.rules"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text(encoding="utf-8"), "utf-8")
    variant = tmp_path / "variant.rules"
    variant.write_text(
        'extends "pebbles-names.rules"\n'
        "override names zh-Hans {\n  1r: 赤一\n}\n"
        "remove names zh-Hant\n",
        encoding="utf-8",
    )
    loaded = load(variant)
    assert loaded.diagnostics == [] and loaded.rules is not None
    assert set(loaded.rules.names) == {"zh-Hans"}
    assert [(line.name, line.said) for line in loaded.rules.names["zh-Hans"].lines] == [
        ("1r", "赤一")
    ]


def test_a_phase_a_carried_number_and_a_wild_clause_may_be_named(tmp_path: Path) -> None:
    """The names of the language's later clauses are names like the others: a page told
    in another script shows a phase (an exchange before play) by its name there."""
    variant = tmp_path / "names.rules"
    variant.write_text(
        'extends "sichuan"\nnames zh-Hans {\n  換三張: 换三张 "选三张传出"\n  定缺: 定缺\n}\n',
        encoding="utf-8",
    )
    assert [(d.code, d.line) for d in load(variant).diagnostics] == []
    game = load_game(variant)
    assert speaker(game, "zh-Hans").words.name("換三張") == "换三张"
    changde = tmp_path / "changde.rules"
    changde.write_text(
        'extends "paohuzi-changde"\nnames zh-Hans {\n  荒: 荒番\n}\n', encoding="utf-8"
    )
    assert [(d.code, d.line) for d in load(changde).diagnostics] == []
    ghosts = tmp_path / "ghosts.rules"
    ghosts.write_text('extends "guangdong"\nnames zh-Hans {\n  鬼: 鬼牌\n}\n', "utf-8")
    assert [(d.code, d.line) for d in load(ghosts).diagnostics] == []


BUNDLED = sorted(
    [*(ROOT / "rules").glob("*.rules"), *(ROOT / "rules" / "variants").glob("*.rules")]
)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_title_a_page_shows_is_given_in_chinese(path: Path) -> None:
    """A win's patterns and the sidebar's options show their titles beside their names:
    on a Chinese page, a bundled file gives each one in that script, not in English."""
    compiled = load_game(path).compiled
    rules = compiled.rules
    titled = {name: p.title for name, p in rules.patterns.items()}
    titled |= {name: o.title for name, o in rules.options.items()}
    for lang in ("zh-Hant", "zh-Hans"):
        words = GameWords(compiled, lang)
        english = {
            name: words.title(name, title)
            for name, title in titled.items()
            if re.search(r"[A-Za-z]{3,}", words.title(name, title))
        }
        assert not english, (lang, english)
