"""The checker's "did you mean" hints: a misspelt keyword or name, and the one meant."""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.diagnostics import did_you_mean
from tablerules.dsl.loading.loader import load

ROOT = Path(__file__).resolve().parent.parent


def test_the_closest_name_is_suggested() -> None:
    assert did_you_mean("grop", ["group", "game", "zone"]) == "did you mean 'group'?"
    assert did_you_mean("stake", ["base_stake", "streak", "value"]) == (
        "did you mean 'base_stake'?"  # a name that holds the word beats a near spelling
    )
    assert did_you_mean("Unit", ["unit", "units"]) == "did you mean 'unit'?"
    assert did_you_mean("zzz", ["group", "game"]) == ""
    # a name written with another form of one of its characters (simplified for traditional)
    assert did_you_mean("直杠", ["暗槓", "直槓", "碰", "補槓"]) == "did you mean '直槓'?"
    assert did_you_mean("杠", ["槓", "碰"]) == ""  # one character alone is no guess
    assert did_you_mean("乌胡", ["地胡", "烏胡", "天胡"]) == ""  # several as near: none
    assert did_you_mean("to", ["go", "[", "pays"]) == ""  # short ASCII words: no guess
    assert did_you_mean("group", ["group"]) == ""


def test_a_misspelt_keyword_and_option_get_hints(tmp_path: Path) -> None:
    keyword = tmp_path / "keyword.rules"
    keyword.write_text('extends "paomazai"\ngrop x [X-1] {\n}\n', encoding="utf-8")
    (found,) = load(keyword).diagnostics
    assert found.code == "E005" and found.hint == "did you mean 'group'?"
    option = tmp_path / "option.rules"
    option.write_text('extends "paomazai"\nset hores = 2 [X-1]\n', encoding="utf-8")
    (found,) = load(option).diagnostics
    assert found.code == "E101" and found.hint.startswith("did you mean 'horses'? known: ")


def _hongzhong_with(tmp_path: Path, old: str, new: str) -> Path:
    """rules/hongzhong.rules with one line changed, written where the test may write."""
    text = (ROOT / "rules" / "hongzhong.rules").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "changed.rules"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_card_set_guesses_wild_for_a_misspelt_wild(tmp_path: Path) -> None:
    path = _hongzhong_with(tmp_path, "  never wild ", "  never wilds ")
    (found,) = load(path).diagnostics
    assert found.code == "E101" and found.message == "unknown card 'wilds'"
    assert found.hint.startswith("did you mean 'wild'? known: ")
    assert found.column == found.source_line.index("wilds") + 1


def test_an_attribute_value_out_of_its_list_is_pointed_at(tmp_path: Path) -> None:
    path = _hongzhong_with(tmp_path, "stands for (kind number)", "stands for (kind numbr)")
    (found,) = load(path).diagnostics
    assert found.code == "E104" and found.message.startswith("'numbr': kind is one of")
    assert found.column == found.source_line.index("numbr") + 1


def test_an_option_given_on_the_command_line_is_guessed() -> None:
    # 番鬼 for 翻鬼: a character written with another that sounds alike
    (found,) = load(ROOT / "rules" / "guangdong.rules", options={"番鬼": "true"}).diagnostics
    assert found.code == "E101" and found.message == "unknown option '番鬼'"
    assert found.hint == "did you mean '翻鬼'? options: 底, 翻鬼, 買馬"


def test_an_override_of_a_name_no_base_defines_guesses_the_one_meant() -> None:
    path = ROOT / "rules" / "variants" / "paohuzi-changde.rules"
    text = path.read_text(encoding="utf-8")
    assert "override pattern 點胡 " in text
    text = text.replace("override pattern 點胡 ", "override pattern 點湖 ")  # 湖 for 胡
    (found,) = load(path, text=text).diagnostics
    assert found.code == "E108" and found.message.endswith("which no base file defines")
    assert found.hint == "did you mean '點胡'? or drop 'override' to define it anew"


def test_a_mistyped_keyword_in_a_clause_is_guessed(tmp_path: Path) -> None:
    text = (ROOT / "rules" / "sichuan.rules").read_text(encoding="utf-8")
    assert "each seat declares one suit" in text
    path = tmp_path / "typo.rules"
    path.write_text(text.replace("each seat declares one suit", "each seat declare one suit"))
    (found,) = load(path).diagnostics
    assert found.code == "E001" and found.message == "unexpected 'declare'"
    assert found.hint == "did you mean 'declares'? expected 'declares', 'passes'"


def _first_diagnostic(tmp_path: Path, name: str, old: str, new: str):
    """The first diagnostic of rules/NAME with `old` written as `new` once."""
    text = (ROOT / "rules" / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load(path).diagnostics[0]


def test_values_and_words_of_a_place_are_guessed(tmp_path: Path) -> None:
    # a deck row's attribute value, an ink, a deal's `rest`, a card set's `declared`, and
    cases = [
        ("guangdong.rules", "kind=number", "kind=nmber", "E104", "number"),
        ("sichuan.rules", "ink green", "ink gren", "E104", "green"),
        ("sichuan.rules", "  rest to wall", "  ret to wall", "E103", "rest"),
        ("sichuan.rules", "first declared suit", "first declard suit", "E101", "declared"),
        # words of an expression: a hand's quantity, a seat's fact at a drawn hand
        ("hongzhong.rules", "if wilds = 0 then", "if ilds = 0 then", "E101", "wilds"),
        (
            "sichuan.rules",
            "when cards declared suit",
            "when cards declard suit",
            "E101",
            "declared",
        ),
        (
            "sichuan.rules",
            "each seat where playing and",
            "each seat where playig and",
            "E101",
            "playing",
        ),
    ]
    for name, old, new, code, meant in cases:
        found = _first_diagnostic(tmp_path, name, old, new)
        assert found.code == code, (new, found)
        assert found.hint.startswith(f"did you mean '{meant}'?"), (new, found.hint)


def test_a_misspelt_attribute_in_a_deck_row_is_named_alone(tmp_path: Path) -> None:
    # the row's value is there under a misspelt name: not also a value missing
    text = (ROOT / "rules" / "sichuan.rules").read_text(encoding="utf-8")
    path = tmp_path / "row.rules"
    path.write_text(text.replace("rank=2", "rnk=2", 1), encoding="utf-8")
    (found,) = load(path).diagnostics
    assert found.code == "E101" and found.message == "unknown attribute 'rnk'"
    assert found.hint.startswith("did you mean 'rank'?")


def test_a_misspelt_keyword_read_as_a_name_is_guessed_where_the_line_fails(
    tmp_path: Path,
) -> None:
    # `hods` parses as a name; the line fails at the word after it
    found = _first_diagnostic(
        tmp_path,
        "sichuan.rules",
        "where playing and holds distinct suit = 3",
        "where playing and hods distinct suit = 3",
    )
    assert found.code == "E001" and found.message == "unexpected 'distinct'"
    assert found.hint.startswith("'hods' reads as a name: did you mean 'holds'?; expected ")


def test_more_values_and_words_are_guessed(tmp_path: Path) -> None:
    # an option's default, a look's shape, `remove scoring`, a value line's `with`
    cases = [
        ("paomazai.rules", "bool = true  [PMZ-22]", "bool = tue  [PMZ-22]", "true"),
        ("guangdong.rules", "shape tile", "shape tie", "tile"),
        ("paohuzi.rules", "一句話 with rank 1 2 3:", "一句話 wit rank 1 2 3:", "with"),
    ]
    for name, old, new, meant in cases:
        found = _first_diagnostic(tmp_path, name, old, new)
        assert found.hint.startswith(f"did you mean '{meant}'?"), (new, found.hint)
    path = tmp_path / "removal.rules"
    path.write_text('extends "paomazai"\nremove scring\n', encoding="utf-8")
    (found,) = load(path).diagnostics
    assert found.code == "E104" and found.hint.startswith("did you mean 'scoring'? write ")


def test_a_word_before_a_failure_is_guessed_only_when_near_a_keyword(tmp_path: Path) -> None:
    # two keywords as near are both named; a name of the file (`kind`) is not taken for one
    found = _first_diagnostic(
        tmp_path, "changsha.rules", "counts form 豪華七小對", "counts frm 豪華七小對"
    )
    assert found.hint.startswith("'frm' reads as a name: did you mean 'form' or 'from'?")
    path = ROOT / "tests" / "fixtures" / "authored" / "chaoshan.rules"
    text = path.read_text(encoding="utf-8")
    assert "and cards (kind honor)" in text
    (found,) = load(path, text=text.replace("and cards", "and cads")).diagnostics
    # the line fails at `honor`: `kind` before it is the file's attribute, and is no guess;
    # `cads` before the parenthesis is
    assert found.message == "unexpected 'honor'" and "'kind'" not in found.hint
    assert found.hint.startswith("'cads' reads as a name: did you mean 'cards'?")


def test_a_value_many_rows_give_points_at_the_attributes_list(tmp_path: Path) -> None:
    found = _first_diagnostic(
        tmp_path, "paohuzi.rules", "attribute size: small | big", "attribute size: smll | big"
    )
    assert found.code == "E104" and found.message == "card 'x1': size is one of smll | big"
    assert found.hint.startswith("did you mean 'smll'? or, as 10 cards give 'small', ")
    assert found.hint.endswith(f"where 'size' is written ({tmp_path / 'paohuzi.rules'}:15)?")


def test_a_call_a_plural_and_a_keyword_out_of_place_are_guessed() -> None:
    # `crds (colour red)` reads as a call of crds; `group of` is the keyword one letter
    # short; `sets` is a keyword, but out of its place and very near `seats`
    authored = ROOT / "tests" / "fixtures" / "authored"
    cases = [
        (
            "chenzhou.rules",
            "cards (colour red)",
            "crds (colour red)",
            "'crds' reads as a name: did you mean 'cards'?",
        ),
        (
            "jipinghu.rules",
            "groups of",
            "group of",
            "'group' reads as a name: did you mean 'groups'?",
        ),
        ("guilin.rules", "seats", "sets", "did you mean 'seats'?"),
    ]
    for name, old, new, hint in cases:
        path = authored / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        found = load(path, text=text.replace(old, new, 1)).diagnostics[0]
        assert found.code == "E001" and found.hint.startswith(hint), (new, found.hint)


def test_a_value_tables_key_is_guessed_and_pointed_at() -> None:
    path = ROOT / "tests" / "fixtures" / "authored" / "paohuzi-hengyang.rules"
    text = path.read_text(encoding="utf-8")
    assert "small 1, big 3" in text
    (found,) = load(path, text=text.replace("small 1, big 3", "smal 1, big 3", 1)).diagnostics
    assert found.code == "E104" and found.message == "'smal': size is one of small | big"
    assert found.hint == "did you mean 'small'?"
    assert found.column == found.source_line.index("smal") + 1


def test_a_misspelt_card_name_is_guessed_among_the_cards_names(tmp_path: Path) -> None:
    # a player writes a tile by its Chinese name, one character wrong: the guess is a name
    # of that tile, not only among the ids (1m, P…) that the name is nothing like
    path = tmp_path / "wild.rules"
    path.write_text(
        'extends "hongkong"\nwild 百搭 "wild" [NB-2] {\n  cards 白版\n}\n', encoding="utf-8"
    )
    (found,) = load(path).diagnostics
    assert found.code == "E101" and found.message == "unknown card '白版'"
    assert found.hint.startswith(("did you mean '白'?", "did you mean '白板'?"))
    assert "known: 1m" in found.hint
