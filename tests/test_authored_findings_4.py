"""What a fourth round of authoring brought out, writing Hong Kong tables' own rules (三番起糊,
半辣上, limit hands, 七對) and other regions' mahjong over the bundled files as their players
do. Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.loading.loader import load
from tablerules.interpreter.api import check
from tablerules.interpreter.scenarios.coverage import play_rule_ids

HONG_KONG = Path(__file__).parents[1] / "rules" / "hongkong.rules"


def write(tmp_path: Path, text: str) -> Path:
    """A variant of the bundled Hong Kong rules in `tmp_path`."""
    path = tmp_path / "table.rules"
    path.write_text(f'extends "hongkong"\n\n{text}', encoding="utf-8")
    return path


def codes(path: Path) -> list[tuple[str, int, str]]:
    checked = check(path)
    return [(d.code, d.line, d.message) for d in checked.diagnostics]


def test_a_limit_pattern_without_a_worth_is_refused(tmp_path: Path) -> None:
    # it used to check clean, and a 大四喜 hand then scored 0 番 alone and never won
    path = write(
        tmp_path,
        'pattern 大四喜 "four wind pongs" [HK-5] {\n'
        "  when groups of 刻 槓 with (suit wind) = 4\n"
        "  limit\n"
        "}\n",
    )
    found = codes(path)
    assert [code for code, _, _ in found] == ["E109"]
    assert found[0][1] == 3
    assert "limit" in found[0][2] and "worth" in found[0][2]


def test_a_limit_that_alone_scores_nothing_is_refused(tmp_path: Path) -> None:
    # ×13 over a score that starts at 0: the limit hand alone made 0 番
    path = write(
        tmp_path,
        'pattern 大四喜 "four wind pongs" [HK-5] {\n'
        "  when groups of 刻 槓 with (suit wind) = 4\n"
        "  worth ×13\n"
        "  limit\n"
        "}\n",
    )
    found = codes(path)
    assert [code for code, _, _ in found] == ["E110"]
    assert "0" in found[0][2]


def test_a_limit_worth_a_number_checks_clean(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'pattern 大四喜 "four wind pongs" [HK-5] {\n'
        "  when groups of 刻 槓 with (suit wind) = 4\n"
        "  worth 10\n"
        "  limit\n"
        "}\n",
    )
    assert codes(path) == []


def test_a_winning_form_a_when_line_refuses_is_named_in_the_reasons(tmp_path: Path) -> None:
    # 嚦咕嚦咕 over 台灣麻將: its win clause asks five melds in a `when` line, which every
    # split must meet, forms too. The reasons said "7 × 對; a win needs exactly 1" and the
    # `when` line, never that the hand made the form that line refused.
    path = tmp_path / "table.rules"
    path.write_text(
        'extends "taiwan"\n\n'
        'form 嚦咕嚦咕 "seven pairs and a pong" [TW-3] {\n'
        "  8 of 對 刻\n"
        "  wins\n"
        "}\n",
        encoding="utf-8",
    )
    checked = check(path)
    assert checked.game is not None
    judged = checked.game.evaluate_text(
        "1m 22m 33m 44p 55p 66s 77s 888s", win_card="1m", source="self"
    )
    messages = [reason.message for reason in judged.reasons]
    assert "嚦咕嚦咕 (seven pairs and a pong): a win needs groups of 順 刻 明刻 槓 暗槓 = 5" in (
        messages
    )


def test_a_title_on_a_settle_block_is_named(tmp_path: Path) -> None:
    # it said: unexpected '"8 from each other seat"'; expected '{', '[', a name or number
    path = write(
        tmp_path,
        'settle 底分 "8 from each other seat" [HK-6] {\n  otherwise: each other pays 8 "底分"\n}\n',
    )
    found = codes(path)
    assert [code for code, _, _ in found] == ["E001"]
    assert "a settle block takes no title" in found[0][2]


def test_coverage_asks_for_a_variants_own_win_clause(tmp_path: Path) -> None:
    # 東北's 三色全 and 幺九 are its win clause; --coverage listed none of its ids, so a
    # variant that changes only what wins asked for no scenario at all
    path = write(
        tmp_path,
        "override win [DB-2] {\n"
        "  groups 5\n"
        "  pairs of 對: 1\n"
        "  when distinct suit in (kind number) = 3\n"
        "}\n\n"
        'immediate win 四喜 "four winds held" [DB-7] {\n'
        "  when all of E\n"
        "}\n",
    )
    loaded = load(path)
    assert loaded.rules is not None
    assert play_rule_ids(loaded.rules) == {"DB-2", "DB-7"}


def test_a_cap_below_the_minimum_to_win_is_refused(tmp_path: Path) -> None:
    # 爆棚 typed as 2 under 三番起糊: it checked clean, and no hand, 字一色 included, ever won
    path = write(
        tmp_path,
        'override score 番 "番 of a winning hand" [HK-5] {\n'
        "  at most 2\n"
        "  decides the best split\n"
        "}\n",
    )
    found = codes(path)
    assert [code for code, _, _ in found] == ["E110"]
    assert "at most 2" in found[0][2] and "at least 3" in found[0][2]


def test_a_minimum_a_table_option_can_lower_warns_below_the_money_table(tmp_path: Path) -> None:
    # 起糊 as an option 0..13 over a 番錢 table that starts at 3: with --option 起糊=0 every
    # 0-番 win was paid 0, and check said nothing (it read the option at its default, 3)
    path = write(
        tmp_path,
        'option 起糊 "the least 番 to win": int 0..13 = 3     [HK-4]\n\n'
        "override win [HK-4] {\n"
        "  groups 5\n"
        "  pairs of 對: 1\n"
        "  score 番 at least 起糊\n"
        "}\n",
    )
    found = codes(path)
    assert [code for code, _, _ in found] == ["W002"]
    assert "no row for 0" in found[0][2] and "起糊" in found[0][2]


def test_a_limit_the_settlement_reads_by_name_may_have_no_worth(tmp_path: Path) -> None:
    # a table paying its limit by name rather than by 番 says what the limit is worth there
    path = write(
        tmp_path,
        'pattern 大四喜 "four wind pongs" [HK-5] {\n'
        "  when groups of 刻 槓 with (suit wind) = 4\n"
        "  limit\n"
        "}\n\n"
        "override win [HK-4] {\n"
        "  groups 5\n"
        "  pairs of 對: 1\n"
        "  when 番 >= 3 or 大四喜 > 0\n"
        "}\n\n"
        "override settle win [HK-6] {\n"
        "  let 錢 = if 大四喜 > 0 then 128 × unit else 番錢(番) × unit\n"
        '  on draw by self: each other pays 錢 "自摸"\n'
        '  otherwise: discarder pays 2 × 錢 "出銃"\n'
        "}\n",
    )
    assert [code for code, _, _ in codes(path) if code.startswith("E")] == []
