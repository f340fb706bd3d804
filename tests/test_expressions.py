"""Expressions of the rule language: conditions, `if … else`, powers, tables, `let` in bonus
draws, full-width punctuation, and errors located at the name that is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.dsl.model import ir
from tablerules.interpreter.api import check
from tablerules.interpreter.bots.players import GreedyBot, play_hand
from tablerules.interpreter.compiling.expressions import Scope, Tables, compile_expr, render, trace
from tablerules.interpreter.engine import Table

ROOT = Path(__file__).resolve().parents[1]
SNIPPET = ROOT / "rules" / "variants" / "snippet.rules"  # stands for a variant file's text

MONEY = """
extends "../paohuzi.rules"
table 錢 "money by 囤" [PHZ-21] {
  1: 2
  3: 8
  5: 32
}
override settle win [PHZ-21] {
  let 囤 = (value - 6) / 3 + 1
  let 倍 = if 囤 >= 4 and not base_stake = 3 then 2 ^ (囤 - 3) else 1
  on draw by self: each other pays 錢(囤 + 1) × 倍 × base_stake "自摸"
  otherwise: each other pays max(錢(囤), 1) "胡"
}
"""


def settle_lets(text: str) -> tuple[dict[str, ir.Expr], ir.RuleSet]:
    loaded = load(SNIPPET, text=text)
    assert loaded.ok, [d.render() for d in loaded.diagnostics]
    assert loaded.rules is not None
    return loaded.rules.settles["win"].lets, loaded.rules


def test_conditions_powers_and_tables_compute_and_explain() -> None:
    lets, rules = settle_lets(MONEY)
    tables = Tables(rules.tables)
    scope = Scope({"value": 18, "base_stake": 1}, tables)
    for name, expression in lets.items():
        scope.names[name] = compile_expr(expression)(scope)
    assert scope.names == {"value": 18, "base_stake": 1, "囤": 5, "倍": 4}
    multiplier = trace(lets["倍"], Scope({"囤": 5, "base_stake": 1}, tables))
    assert multiplier.sentence() == (
        "if 囤 ≥ 4 and not base_stake = 3 then 2 ^ (囤 - 3) else 1"
        " = if 5 ≥ 4 and not 1 = 3 then 2 ^ (5 - 3) else 1 = 4"
    )
    payment = rules.settles["win"].lines[0].payment.amount
    assert trace(payment, scope).sentence() == ("錢(囤 + 1) × 倍 × base_stake = 32 × 4 × 1 = 128")


@pytest.mark.parametrize(
    ("key", "expected"), [(0, 0), (1, 2), (2, 2), (3, 8), (4, 8), (5, 32), (99, 32)]
)
def test_a_table_gives_the_row_with_the_largest_key_not_above(key: int, expected: int) -> None:
    _, rules = settle_lets(MONEY)
    assert Tables(rules.tables).lookup("錢", key) == expected


def test_precedence_and_rounding() -> None:
    lets, _ = settle_lets(
        'extends "../paohuzi.rules"\n'
        "override settle win [PHZ-21] {\n"
        "  let a = 2 + 3 × 2 ^ 3 ^ 2 / 7\n"
        "  let b = (0 - 7) / 2\n"
        "  let c = 5 / 0\n"
        "  let d = 2 ^ 1000\n"
        "  let e = 1 < 2 or 3 > 4 and 0\n"
        '  otherwise: each other pays a "胡"\n'
        "}\n"
    )
    scope = Scope({}, Tables({}))
    values = {name: compile_expr(e)(scope) for name, e in lets.items()}
    assert values == {"a": 2 + (3 * 2**9) // 7, "b": -4, "c": 0, "d": 2**64, "e": 1}
    assert render(lets["a"]) == "2 + 3 × 2 ^ 3 ^ 2 / 7"


def test_full_width_punctuation_reads_as_ascii() -> None:
    ascii_text = MONEY
    wide = MONEY.replace("(", "（").replace(")", "）").replace(":", "：").replace(", 1)", "，1）")
    wide = wide.replace('"money by 囤"', '"money by 囤：一、二"')
    assert "：" in wide and "（" in wide
    narrow = load(SNIPPET, text=ascii_text)
    full = load(SNIPPET, text=wide)
    assert full.ok, [d.render() for d in full.diagnostics]
    assert full.rules is not None and narrow.rules is not None
    assert full.rules.settles == narrow.rules.settles
    assert full.rules.tables["錢"].title == "money by 囤：一、二"  # quoted text is kept


def test_full_width_operators_and_brackets_read_as_ascii() -> None:
    """`＝ ＋ － ＊ ／ ＜ ＞ ［ ］ ｛ ｝` typed with a Chinese input method read as their twins."""
    head, body = MONEY.split("\n", 2)[:2], MONEY.split("\n", 2)[2]  # the path kept
    for narrow, full in zip("=+-*/<>[]{}", "＝＋－＊／＜＞［］｛｝", strict=True):
        body = body.replace(narrow, full)
    wide = "\n".join([*head, body])
    wide = wide.replace("× 倍", "＊ 倍").replace('"money by 囤"', '"money by 囤＝一＋二"')
    assert "＝" in wide and "［" in wide and "｛" in wide
    narrow_rules = load(SNIPPET, text=MONEY.replace("× 倍", "* 倍")).rules
    full = load(SNIPPET, text=wide)
    assert full.ok, [d.render() for d in full.diagnostics]
    assert full.rules is not None and narrow_rules is not None
    assert full.rules.settles == narrow_rules.settles
    assert full.rules.tables["錢"].title == "money by 囤＝一＋二"  # quoted text is kept


def test_cards_of_a_list_may_be_separated_by_the_enumeration_comma() -> None:
    """`東： E、S、（suit dragon）` is `東: E S (suit dragon)`, as the card notation reads `、`."""
    lines = (
        'extends "../../rules/hongkong.rules"\n'
        'seat cards 幸運 "lucky" [HK-5] {\n'
        "  東： E、S、（suit dragon）\n  南: E S (suit dragon)\n}\n"
        'form 么九 "x" [HK-4] {\n  each of 1m、9m、（kind honor） once， and 1 more\n  wins\n}\n'
    )
    loaded = load(SNIPPET, text=lines)
    assert loaded.ok and loaded.rules is not None, [d.render() for d in loaded.diagnostics]
    east, south = loaded.rules.seat_cards["幸運"].lines
    assert [(i.card, i.filters) for i in east.items] == [(i.card, i.filters) for i in south.items]
    form = loaded.rules.forms["么九"].cards
    assert form is not None and [i.card for i in form.cards] == ["1m", "9m", None]
    assert form.more == 1


def position(text: str, word: str) -> tuple[int, int]:
    """1-based line and column of the first `word` in `text`."""
    before = text[: text.index(word)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def test_a_wrong_name_is_reported_at_the_name_with_a_hint_for_minus() -> None:
    text = MONEY.replace("(value - 6)", "(value-6)").replace("max(錢(囤), 1)", "錢(囤) × stak")
    loaded = load(SNIPPET, text=text)
    found = {(d.line, d.column, d.code): d for d in loaded.diagnostics}
    minus = found[(*position(text, "value-6"), "E101")]
    assert "'value-6'" in minus.message
    assert minus.hint == "write spaces around '-': value - 6 ('-' may be part of a name)"
    assert "(value-6)" in minus.render().splitlines()[1]
    stake = found[(*position(text, 'stak "'), "E101")]
    assert "'stak'" in stake.message and "base_stake" in stake.hint


def test_lets_see_only_the_lines_above_and_are_given_once() -> None:
    below = MONEY.replace("(value - 6) / 3 + 1", "(value - 6) / 3 + 倍")
    found = {(d.line, d.column, d.code) for d in load(SNIPPET, text=below).diagnostics}
    assert found == {(*position(below, "倍\n"), "E101")}
    twice = MONEY.replace("  let 倍", "  let 囤 = 1\n  let 倍")
    found = {(d.line, d.column, d.code) for d in load(SNIPPET, text=twice).diagnostics}
    assert found == {(*position(twice, "囤 = 1"), "E102")}


def test_tables_and_calls_are_checked() -> None:
    text = MONEY.replace("  3: 8\n", "  0: 8\n").replace("錢(囤 + 1)", "錢(囤, 1) × 錢 × 費(1)")
    found = {(d.line, d.column, d.code): d.message for d in load(SNIPPET, text=text).diagnostics}
    assert "go up" in found[(position(text, "0: 8")[0], 3, "E110")]
    assert found[(*position(text, "錢(囤, 1)"), "E110")].startswith("table '錢' looks up one")
    assert "is a table" in found[(*position(text, "錢 × 費"), "E103")]
    assert "unknown table '費'" in found[(*position(text, "費(1)"), "E101")]


def test_a_bonus_may_use_let_and_the_settled_amount() -> None:
    """Each horse hit pays twice what each seat paid for the self-draw (20): 3 × 20 for the
    win and, for two hits, 3 × 2 × 40 = 240 more: 300."""
    text = (
        'extends "../paomazai.rules"\n'
        'override bonus 馬 "horses" [PMZ-9] {\n'
        "  let 倍 = settled × 2\n"
        "  after win on draw\n"
        "  count horses + count 槓\n"
        "  drawn from wall head\n"
        "  hit when in seat cards horses of winner\n"
        "  missing counts as hit\n"
        '  pays: each other pays 倍 per hit "中馬"\n'
        "}\n"
    )
    checked = check(SNIPPET.with_name("paomazai-snippet.rules"), text=text, options={"horses": "2"})
    assert checked.game is not None, [d.render() for d in checked.diagnostics]
    game = checked.game
    hands = ["123m 456m 789m 123p 5p", "EEE SSS WWW NNN C", "123s 456s 789s 11s 2s", "666p 777p"]
    table = Table(game, dealer=0, hands=[game.parse(h) for h in hands], wall=game.parse("5p F 1s"))
    table.apply("胡", seat=0)
    assert table.totals() == [300, -100, -100, -100]


@pytest.mark.parametrize(
    ("body", "line", "code", "words"),
    [
        (
            "action 碰 [PMZ-3] {\n  on discard by others: the card and 2 alike from hand\n"
            "  priority 2\n  makes 刻刻\n}\n",
            5,
            "E101",
            "unknown group '刻刻'",
        ),
        (
            "restriction 過水 [PMZ-23] {\n  after passing 胡 on discard\n  forbids 湖\n"
            "  until own draw\n}\n",
            4,
            "E101",
            "unknown action '湖'",
        ),
        (
            "end [PMZ-6] {\n  drawn hand when wall is empty\n  last card allows 胡\n"
            "  last discard allows 胡 if no_such_option\n}\n",
            5,
            "E101",
            "unknown option",
        ),
        (
            "turn [PMZ-2] {\n  dealer begins by drawing\n  draw from wal head, kept\n}\n",
            4,
            "E101",
            "unknown zone 'wal'",
        ),
        (
            'settle win [PMZ-16] {\n  on discard: discarder pays 2 × unitt "食糊"\n}\n',
            3,
            "E101",
            "unknown name 'unitt'",
        ),
    ],
)
def test_errors_inside_a_block_point_at_the_line(
    body: str, line: int, code: str, words: str
) -> None:
    text = 'extends "../paomazai.rules"\noverride ' + body
    found = load(SNIPPET.with_name("paomazai-snippet.rules"), text=text).diagnostics
    assert any(d.line == line and d.code == code and words in d.message for d in found), [
        d.render() for d in found
    ]


def test_an_unknown_item_in_any_block_is_e005_with_the_items_it_may_hold() -> None:
    text = 'extends "../paomazai.rules"\noverride settle win [PMZ-16] {\n  lett a = 1\n}\n'
    (found,) = load(SNIPPET.with_name("paomazai-snippet.rules"), text=text).diagnostics
    assert (found.line, found.column, found.code) == (3, 3, "E005")
    assert found.message == "unknown item inside a settle block"
    assert found.hint == "did you mean 'let'? expected 'at', 'let', 'on', 'otherwise', '}'"


def test_max_and_min_of_one_number_are_that_number_in_play() -> None:
    """`max(x)` and `min(x)` check, so they must settle: of one number, that number."""
    text = MONEY.replace("max(錢(囤), 1)", "max(錢(囤)) + min(1)")
    _, rules = settle_lets(text)
    payment = rules.settles["win"].lines[1].payment.amount
    scope = Scope({"囤": 3}, Tables(rules.tables))
    assert compile_expr(payment)(scope) == 8 + 1
    assert trace(payment, scope).sentence() == "max(錢(囤)) + min(1) = max(8) + min(1) = 9"
    game = check(SNIPPET, text=text).game
    assert game is not None
    seats = game.compiled.rules.seats
    assert seats is not None
    paid = 0
    for seed in range(30):
        bots = [GreedyBot(seed * 10 + seat) for seat in range(seats.count)]
        table = play_hand(game, bots, seed=seed)
        paid += any(table.totals())
    assert paid > 0  # hands were won and settled by these lines
