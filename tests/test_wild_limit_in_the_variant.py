"""E111 for wild clauses that hold together is told in the variant that makes them so: a
廣東 variant writing its ghost clause anew without `unless 翻鬼` makes the base's 翻鬼
clause hold beside it (eight wild cards); the error named the base's untouched clause, in
the bundled file, where the author can change nothing."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check

TWO_GHOSTS = """extends "guangdong"
set 翻鬼 = true [GD-4]
override wild 鬼 "白板 is a ghost too" [GD-4] {
  cards P
}
"""


def test_the_wild_limit_is_told_at_the_variants_clause(tmp_path: Path) -> None:
    path = tmp_path / "two-ghosts.rules"
    path.write_text(TWO_GHOSTS, encoding="utf-8")
    (error,) = [d for d in check(path).diagnostics if d.code == "E111"]
    assert error.file == str(path) and (error.line, error.column) == (4, 3)
    assert "8 wild cards" in error.message
