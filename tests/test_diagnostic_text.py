"""The checker's diagnostics told in a reader's language by their catalogue ids: every
message of the negative golden files has an id, English stays exactly as the checker
writes it, and `check --lang` keeps the place, the code and the caret."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.api import check
from tablerules.interpreter.messages.diagnostic_text import (
    DID_YOU_MEAN,
    HINT,
    identify,
    message_id,
    told,
)

NEGATIVE = Path(__file__).parent / "golden" / "negative"
CASES = sorted(NEGATIVE.glob("*.rules"))
HAN = re.compile(r"[\u4e00-\u9fff]")


def diagnostics():
    return [d for path in CASES for d in check(path).diagnostics]


def test_every_message_of_the_negative_files_has_an_id() -> None:
    found = diagnostics()
    assert len(found) > 20
    missing = [d.message for d in found if message_id(d) in (None, "detail")]
    assert not missing, missing
    for diagnostic in found:
        if not diagnostic.hint:
            continue
        two = DID_YOU_MEAN.match(diagnostic.hint)
        for part in (two[1], two[2]) if two else (diagnostic.hint,):
            assert identify(part, HINT) is not None, part


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_diagnostic_in_chinese_keeps_its_place_and_code(lang: str) -> None:
    for diagnostic in diagnostics():
        said = told(diagnostic, lang)
        assert (said.file, said.line, said.column, said.code) == (
            diagnostic.file,
            diagnostic.line,
            diagnostic.column,
            diagnostic.code,
        )
        assert HAN.search(said.message), said.message
        if diagnostic.source_line:  # the line quoted and the caret under it
            assert said.render().split("\n")[1:3] == diagnostic.render().split("\n")[1:3]
    assert told(diagnostics()[0], "en") == diagnostics()[0]


def test_check_speaks_english_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "typo.rules"
    path.write_text('game g "t"\nseats 2\ngrop x {\n}\n', encoding="utf-8")
    assert main(["check", str(path)]) == 1
    english = capsys.readouterr().out
    assert "error[E005]: unknown keyword at the start of a clause" in english
    assert "hint: did you mean 'group'?" in english
    assert main(["check", str(path), "--lang", "zh-Hant"]) == 1
    chinese = capsys.readouterr().out
    assert f"{path}:3:1: error[E005]: 子句開頭是未知的關鍵字" in chinese
    assert "hint: 是不是 'group'？" in chinese
    assert english.split("\n")[1:3] == chinese.split("\n")[1:3]  # the line and its caret
    assert main(["check", str(path), "--lang", "zh-Hans", "--json"]) == 1
    assert "unknown keyword" in capsys.readouterr().out  # JSON stays as the checker wrote it


def test_an_unknown_name_tells_the_checkers_noun_and_the_files_word() -> None:
    (found,) = [
        d for d in diagnostics() if d.message.startswith("unknown group") and d.code == "E101"
    ][:1]
    said = told(found, "zh-Hans").message
    assert said.startswith("未知的组 "), said
    assert found.message.split(" ", 2)[2] in said  # the file's word as quoted


LATIN_WORD = re.compile(r"\b[a-z]{4,}\b")
KEYWORDS = {"extends"}  # the language's own words, kept as written in every language


def _english_left(text: str) -> list[str]:
    """The English words left in a told text, outside what the file wrote (quoted) and the
    language's own keywords, options and file suffix."""
    bare = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`|--[\w-]+|\.rules", "", text)
    return [word for word in LATIN_WORD.findall(bare) if word not in KEYWORDS]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize(
    "text",
    [
        'extends "/elsewhere/base.rules"\n',  # an absolute path
        'extends "notes.txt"\n',  # not a rule file
        'extends "paomazai.rules"\nset unit = 99999999999\n',  # a number over the limit
        'extends "paomazai.rules"\noverride game x "y" [A-1\n',  # expected a list of words
        'extends "paomazai.rules"\nseats 9 {\n',
    ],
)
def test_limits_extends_and_expected_words_are_told_whole(
    text: str, lang: str, tmp_path: Path
) -> None:
    folder = tmp_path
    (tmp_path / "paomazai.rules").write_text(
        (Path(__file__).parents[1] / "rules" / "paomazai.rules").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    (folder / "notes.txt").write_text("", encoding="utf-8")
    path = folder / "v.rules"
    path.write_text(text, encoding="utf-8")
    found = check(path).diagnostics
    assert found
    for diagnostic in found:
        said = told(diagnostic, lang)
        assert HAN.search(said.message), said.message
        assert not _english_left(said.message), said.message
        assert not _english_left(said.hint), said.hint


@pytest.mark.parametrize(
    "message",
    [
        "extends goes more than 8 files deep (the limit)",
        "the rules bring in more than 64 files (the limit)",
        "at most 8 seats (the limit)",
        "at most 16 copies of a card (the limit)",
        "at most 8 names for a card (the limit)",
        "a card's name has at most 40 characters (the limit)",
        "a group has at most 8 cards (the limit)",
        "a seat is dealt at most 40 cards (the limit)",
        "the deck declares 1,027 cards; the limit is 256 card kinds",
        "an expression nested more than 24 deep (the limit)",
        "a clause nested more than 32 deep (the limit)",
        "a bonus needs 'count', 'drawn from' and a 'hit' line",
        "action 'x' pays nothing: it has no payment to hand back or pass on",
    ],
)
def test_every_limit_message_has_a_template(message: str) -> None:
    assert identify(message) is not None, message


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_why_a_lookup_can_fall_short_is_told_too(tmp_path: Path, lang: str) -> None:
    # W002's reason (an option's least value, the win clause's least score) stayed English
    examples = Path(__file__).parents[1] / "docs" / "examples"
    for example in examples.glob("*.rules"):
        (tmp_path / example.name).write_text(example.read_text(encoding="utf-8"), "utf-8")
    path = tmp_path / "prize.rules"
    path.write_text(
        'extends "pebbles-play.rules"\n'
        'table prize "pebbles won by stake" [PEB-6] {\n'
        "  2: 3\n"
        "  5: 10\n"
        "}\n"
        "override settle win [PEB-6] {\n"
        '  on draw: each other pays prize(stake) "own draw"\n'
        '  otherwise: discarder pays stake "discard"\n'
        "}\n",
        encoding="utf-8",
    )
    (warning,) = [d for d in check(path).diagnostics if d.code == "W002"]
    said = told(warning, lang)
    assert "stake" in said.message  # the file's own word
    assert not _english_left(said.message.replace("stake", "")), said.message


@pytest.mark.parametrize(
    "hint",
    [
        "'hods' reads as a name: did you mean 'holds'?",
        "'frm' reads as a name: did you mean 'form' or 'from'?",
        "did you mean 'smll'? or, as 10 cards give 'small', is the value misspelt where"
        " 'size' is written (p.rules:15)?",
        "did you mean 'x'? or drop 'override' to define it anew",
        "did you mean 'scoring'? write remove patterns, remove scores or remove scoring"
        " (every pattern and score of the bases), or remove KIND NAME (remove pattern NAME)",
    ],
)
def test_the_guesses_hints_are_told_in_chinese(hint: str) -> None:
    from dataclasses import replace

    from tablerules.dsl.diagnostics import Diagnostic

    english = Diagnostic(file="f.rules", line=1, column=1, code="E101", message="m", hint=hint)
    phrases = ("reads as a name", "did you mean", "misspelt", "anew", "every pattern and")
    for lang in ("zh-Hant", "zh-Hans"):
        chinese = told(replace(english), lang).hint
        assert HAN.search(chinese), (lang, chinese)
        assert not any(phrase in chinese for phrase in phrases), (lang, chinese)
