"""W002: a table looked up with a number that can fall below its first row pays 0 silently.

Lowering Hong Kong's minimum to 1 番 over a money table that starts at 3 made 1- and 2-番
wins pay nothing with a clean check; the checker now says so where the cause was written.
"""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.loading.loader import load

RULES = Path(__file__).resolve().parent.parent / "rules"
HONGKONG = (RULES / "hongkong.rules").read_text(encoding="utf-8")


def _lookup_warnings(path: Path, text: str) -> list[str]:
    loaded = load(path, text=text)
    assert loaded.ok, [d.render() for d in loaded.errors]
    return [d.render() for d in loaded.diagnostics if d.code == "W002"]


def test_the_bundled_files_look_up_no_number_below_a_first_row() -> None:
    for path in sorted(RULES.glob("**/*.rules")):
        assert _lookup_warnings(path, path.read_text(encoding="utf-8")) == [], path


def test_a_lowered_minimum_is_warned_at_the_lookup_with_the_missing_row() -> None:
    text = HONGKONG.replace("score 番 at least 3", "score 番 at least 1")
    assert text != HONGKONG
    (found,) = _lookup_warnings(RULES / "hongkong.rules", text)
    assert "warning[W002]: table '番錢' has no row for 1" in found
    assert "its first row is 3" in found
    assert "番錢(番)" in found  # the line that looks it up is quoted


def test_rows_down_to_the_minimum_silence_it() -> None:
    text = HONGKONG.replace("score 番 at least 3", "score 番 at least 1")
    text = text.replace("  3: 8\n", "  1: 2\n  2: 4\n  3: 8\n")
    assert _lookup_warnings(RULES / "hongkong.rules", text) == []


def test_a_variant_lowering_the_minimum_is_blamed_in_the_variant(tmp_path: Path) -> None:
    base = tmp_path / "base.rules"
    base.write_text(HONGKONG, encoding="utf-8")
    variant = tmp_path / "low.rules"
    text = (
        'extends "base.rules"\n'
        "override win [HK-4] {\n"
        "  groups 5\n"
        "  pairs of 對: 1\n"
        "  score 番 at least 1\n"
        "}\n"
    )
    variant.write_text(text, encoding="utf-8")
    (found,) = _lookup_warnings(variant, text)
    assert found.startswith(f"{variant}:5:3: warning[W002]")


def test_a_score_without_minimum_starts_at_zero_when_patterns_add(tmp_path: Path) -> None:
    text = HONGKONG.replace("  score 番 at least 3             # 起糊\n", "")
    assert text != HONGKONG
    (found,) = _lookup_warnings(RULES / "hongkong.rules", text)
    assert "has no row for 0 (番 with no pattern holding)" in found
