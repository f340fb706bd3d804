"""Two omissions a player makes writing a variant, which play would not show: W008, an
action that takes another seat's card and writes no `priority` (so 0), where another such
action writes one (an override of a base's 碰 that leaves out its priority line lets the
chow of priority 1 take the card the pong wanted); W009, a way to win that no settle line
pays (a settlement written anew without the base's replacement line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.api import check

PONG = """extends "hongkong"
override action 碰 "pong: anyone's discard" [HK-2, HK-3] {
  on discard by others: the card and 2 alike from hand
  makes 刻
PRIORITY  then discard
}
"""


def _write(tmp_path: Path, priority: str) -> Path:
    path = tmp_path / "pong.rules"
    path.write_text(PONG.replace("PRIORITY", priority), encoding="utf-8")
    return path


def test_a_pong_without_its_priority_is_warned_at_the_action(tmp_path: Path) -> None:
    checked = check(_write(tmp_path, ""))
    (warning,) = [d for d in checked.diagnostics if d.code == "W008"]
    assert warning.severity == "warning" and (warning.line, warning.column) == (2, 10)
    assert warning.message.startswith("action '碰' writes no 'priority', so 0")
    assert "'上' (priority 1), '開槓' (priority 2), '胡' (priority 3)" in warning.message
    assert "priority 0" in warning.hint
    assert checked.ok  # a warning: the file still loads


@pytest.mark.parametrize("priority", ["  priority 2\n", "  priority 0\n"])
def test_a_priority_written_is_not_warned(tmp_path: Path, priority: str) -> None:
    checked = check(_write(tmp_path, priority))
    assert [d.code for d in checked.diagnostics if d.code == "W008"] == []


def test_no_bundled_rule_file_is_warned() -> None:
    root = Path(__file__).resolve().parents[1] / "rules"
    for path in sorted(root.glob("**/*.rules")):
        assert [d.render() for d in check(path).diagnostics if d.code == "W008"] == [], path


# W009: a chicken hand's settlement written anew, without the base's replacement and robbed
# kong lines: a 槓上開花 won in play paid nothing, money still summing to zero.
UNPAID = """extends "hongkong"
override settle win [HK-6] {
  on draw by self: each other pays unit "自摸"
  on discard: discarder pays 2 × unit "出銃"
LINE}
"""


def test_a_win_no_settle_line_pays_is_warned_at_the_settlement(tmp_path: Path) -> None:
    path = tmp_path / "unpaid.rules"
    path.write_text(UNPAID.replace("LINE", ""), encoding="utf-8")
    checked = check(path)
    warnings = [d for d in checked.diagnostics if d.code == "W009"]
    assert [(w.line, w.column, w.severity) for w in warnings] == [(2, 10, "warning")] * 2
    assert warnings[0].message.startswith("a win on replacement by self ('胡', ")
    assert warnings[1].message.startswith("a win on added card by others ('胡', ")
    assert "pays nothing" in warnings[0].message and checked.ok


@pytest.mark.parametrize(
    "line",
    [
        '  otherwise: each other pays unit "其他"\n',
        '  on replacement: each other pays unit "槓上"\n  on added card: robbed pays unit "搶"\n',
    ],
)
def test_a_win_some_line_pays_is_not_warned(tmp_path: Path, line: str) -> None:
    path = tmp_path / "paid.rules"
    path.write_text(UNPAID.replace("LINE", line), encoding="utf-8")
    assert [d.code for d in check(path).diagnostics if d.code == "W009"] == []


def test_no_bundled_rule_file_leaves_a_win_unpaid() -> None:
    root = Path(__file__).resolve().parents[1] / "rules"
    for path in sorted(root.glob("**/*.rules")):
        assert [d.render() for d in check(path).diagnostics if d.code == "W009"] == [], path


# W010: 四川's exchange written anew without its `or, if drawn_direction, …` line: the
# option stayed declared and `--option drawn_direction=true` was taken, changing nothing.
EXCHANGE = """extends "sichuan"
override phase 換三張 "pass three tiles of one suit" [SC-2] {
  each seat passes 3 cards of one suit to previous
LINE}
"""


def test_an_option_no_clause_reads_is_warned_at_the_option(tmp_path: Path) -> None:
    path = tmp_path / "ccw.rules"
    path.write_text(EXCHANGE.replace("LINE", ""), encoding="utf-8")
    checked = check(path)
    (warning,) = [d for d in checked.diagnostics if d.code == "W010"]
    assert warning.severity == "warning" and warning.file.endswith("sichuan.rules")
    assert warning.message.startswith("option 'drawn_direction' is read by no clause")
    assert "remove option drawn_direction" in warning.hint and checked.ok


@pytest.mark.parametrize(
    "line",
    ["  or, if drawn_direction, to a direction drawn from previous across\n", ""],
)
def test_an_option_read_or_removed_is_not_warned(tmp_path: Path, line: str) -> None:
    text = EXCHANGE.replace("LINE", line)
    if not line:
        text += "remove option drawn_direction [SC-2]\n"
    path = tmp_path / "ccw.rules"
    path.write_text(text, encoding="utf-8")
    assert [d.code for d in check(path).diagnostics if d.code == "W010"] == []


def test_no_bundled_rule_file_has_an_option_nothing_reads() -> None:
    root = Path(__file__).resolve().parents[1] / "rules"
    for path in sorted(root.glob("**/*.rules")):
        assert [d.render() for d in check(path).diagnostics if d.code == "W010"] == [], path


def test_an_option_named_like_a_clause_is_still_warned(tmp_path: Path) -> None:
    # 紅中's birds counted as a fixed 4: the bonus is named 鳥 as the option is, and the
    # clause's own name is no reading of the option
    path = tmp_path / "four-birds.rules"
    path.write_text(
        'extends "hongzhong"\noverride bonus 鳥 "birds" [HZ-7] {\n  after win on draw\n'
        "  count 4\n  drawn from wall head\n  hit when (rank 1 5 9), C\n"
        '  pays: each payer pays 2 × 底 per hit "中鳥"\n}\n',
        encoding="utf-8",
    )
    (warning,) = [d for d in check(path).diagnostics if d.code == "W010"]
    assert warning.message.startswith("option '鳥' is read by no clause")
