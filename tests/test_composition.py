"""Building on several files, adding an attribute to the cards of a base, groups of N alike
in one attribute, and runs of several lengths."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.api import check

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ROOT / "rules" / "variants"
EXAMPLES = ROOT / "docs" / "examples"


def test_two_bases_lay_their_own_clauses_in_order() -> None:
    loaded = load(VARIANTS / "paohuzi-3p-mingtang.rules")
    assert loaded.ok, [d.render() for d in loaded.diagnostics]
    rules = loaded.rules
    assert rules is not None
    assert rules.seats is not None and rules.seats.count == 3  # from the three-player file
    assert rules.win is not None and rules.win.groups == 7
    assert set(rules.patterns) >= {"紅胡", "天胡", "地胡"}  # from the 名堂 file
    assert rules.immediate_wins["天胡"].held_value  # the 名堂 file's override is kept
    assert loaded.options["min_huxi"] == 15  # the three-player file's `set`
    assert rules.game is not None and rules.game.name == "跑胡子名堂3"
    assert rules.extends == [
        "rules/variants/paohuzi-mingtang.rules",
        "rules/paohuzi.rules",
        "rules/variants/paohuzi-3p.rules",
    ]


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if line.startswith(text))


def test_a_clause_both_bases_write_is_a_located_conflict() -> None:
    text = (VARIANTS / "paohuzi-3p-mingtang.rules").read_text(encoding="utf-8")
    text = text[: text.index("override settle win")]  # the file no longer settles it
    loaded = load(VARIANTS / "paohuzi-3p-mingtang.rules", text=text)
    (conflict,) = [d for d in loaded.diagnostics if d.is_error]
    assert conflict.code == "E102" and conflict.line == 5
    assert conflict.column == text.splitlines()[4].index('"paohuzi-3p.rules"') + 1
    first = line_of(VARIANTS / "paohuzi-mingtang.rules", "override settle win")
    second = line_of(VARIANTS / "paohuzi-3p.rules", "override settle win")
    assert conflict.message == (
        f"settle block 'win' is written by two bases: rules/variants/paohuzi-mingtang.rules:"
        f"{first} and rules/variants/paohuzi-3p.rules:{second}"
    )
    assert conflict.hint == "override it in this file to say which one holds"


def test_a_common_base_s_clause_is_simply_replaced() -> None:
    """Both bases extend 跑胡子; the three-player file's seats replace the common base's."""
    loaded = load(VARIANTS / "paohuzi-3p-mingtang.rules")
    assert not [d for d in loaded.diagnostics if d.code == "E102"]


def test_extends_is_one_line_and_each_base_is_confined() -> None:
    twice = 'extends "paohuzi-3p.rules"\nextends "paohuzi-mingtang.rules"\n'
    (found,) = load(VARIANTS / "x.rules", text=twice).diagnostics
    assert (found.code, found.line) == ("E102", 2)
    assert 'extends "a.rules", "b.rules"' in found.hint
    outside = 'extends "paohuzi-3p.rules", "/etc/passwd"\n'
    found = load(VARIANTS / "x.rules", text=outside).diagnostics
    assert any(d.code == "E107" and d.column == 29 for d in found), [d.render() for d in found]


ORPHANS = "19m 19p 19s ESWN CFP"


def test_an_attribute_is_added_to_a_base_s_cards_without_its_deck() -> None:
    game = load_game(VARIANTS / "paomazai-faan.rules")
    cards = game.compiled.cards
    marked = {cards.ids[c] for c in range(len(cards)) if cards.attributes[c]["幺九"] == "yes"}
    assert marked == {"1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P"}
    assert game.evaluate_text(ORPHANS, win_card="9s", source="discard").wins


@pytest.mark.parametrize(
    ("block", "code", "words"),
    [
        ("  yes: 1m\n", "E109", "card '2m' gives no value for 幺九"),
        ("  maybe: 1m\n  else: no\n", "E104", "'maybe'"),
        ("  yes: (幺九 yes)\n  else: no\n", "E110", "cannot name itself"),
        ("  yes: 1x\n  else: no\n", "E101", "unknown card '1x'"),
    ],
)
def test_attribute_blocks_are_checked(block: str, code: str, words: str) -> None:
    text = f'extends "../paomazai.rules"\nattribute 幺九: yes | no [X-1] {{\n{block}}}\n'
    found = load(VARIANTS / "x.rules", text=text).diagnostics
    assert any(d.code == code and words in d.message for d in found), [d.render() for d in found]


RANKS = """extends "minimal.rules"
group across "three of one number, any colours" [PEB-3] {
  pattern 3 alike in number
  in hand
  concealed
}
group long "a row of 3 to 5 in one colour" [PEB-3] {
  pattern run 3..5 of number, same colour
  in hand
  concealed
}
"""


def test_n_alike_in_one_attribute_and_runs_of_several_lengths() -> None:
    checked = check(EXAMPLES / "snippet.rules", text=RANKS)
    assert checked.game is not None, [d.render() for d in checked.diagnostics]
    game = checked.game
    kinds = {k.name: k.instances for k in game.compiled.kinds}
    assert (0, 5, 10) in kinds["across"]  # 1r 1g 1b
    assert (0, 0, 5) in kinds["across"]  # 1r 1r 1g: repeats are fine
    lengths = {len(cards) for cards in kinds["long"]}
    assert lengths == {3, 4, 5}
    across = game.evaluate_text("1r1g1b 2g", win_card="2g").best
    assert across is not None and [g.kind for g in across.groups] == ["pair", "across"]
    long = game.evaluate_text("12345r 2g", win_card="2g").best
    assert long is not None and sorted(g.kind for g in long.groups) == ["long", "pair"]


def test_an_empty_run_range_is_refused() -> None:
    text = RANKS.replace("run 3..5", "run 5..3")
    found = load(EXAMPLES / "snippet.rules", text=text).diagnostics
    assert any(d.code == "E104" and "the range is empty" in d.message for d in found)


@pytest.mark.parametrize("keyword", ["", "override "])
def test_a_clause_removed_and_written_again_says_to_override_it(
    tmp_path: Path, keyword: str
) -> None:
    """`remove group 對` then `group 對 {…}` in one file: one error at the clause written
    again that names the remove's line and says to override, not "given twice" with "keep
    one of them", nor the base's uses of 對 reported as using a removed group."""
    path = tmp_path / "pair.rules"
    path.write_text(
        'extends "hongkong"\n'
        "remove group 對\n"
        f'{keyword}group 對 "the pair" [HK-4] {{\n'
        "  pattern same 2\n  in hand\n  concealed\n}\n",
        encoding="utf-8",
    )
    (found,) = load(path).diagnostics
    assert (found.code, found.line, found.column) == ("E102", 3, len(keyword) + 1)
    assert found.message == "group '對' is removed on line 2 and written again in this file"
    assert found.hint.endswith("drop the 'remove' on line 2")
    assert found.hint.startswith("write 'override'") == (keyword == "")
