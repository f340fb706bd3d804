"""Variants as overlays: extends, override, remove, set; cycles and typos are errors."""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.loading.loader import load

ROOT = Path(__file__).resolve().parent.parent


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_variant_overrides_removes_and_presets(tmp_path: Path) -> None:
    """A variant anywhere builds on a bundled file by its name."""
    base = (ROOT / "rules" / "paomazai.rules").resolve()
    variant = write(
        tmp_path,
        "two-horses.rules",
        'extends "paomazai"\n'
        "set horses = 2 [PMZ-9]\n"
        "remove form 七對\n"
        'override seat cards horses "one dragon per seat" [PMZ-14] {\n'
        "  東: E C\n  南: S F\n  西: W P\n  北: N\n}\n",
    )
    loaded = load(variant)
    assert loaded.ok, [d.render() for d in loaded.diagnostics]
    rules = loaded.rules
    assert loaded.options["horses"] == 2
    assert "七對" not in rules.forms
    assert [line.seat for line in rules.seat_cards["horses"].lines] == ["東", "南", "西", "北"]
    assert rules.extends == [
        str(base.relative_to(Path.cwd())) if base.is_relative_to(Path.cwd()) else str(base)
    ]
    assert rules.groups["刻"].span is not None and rules.groups["刻"].span.file.endswith(
        "paomazai.rules"
    )


def test_a_two_file_cycle_is_reported(tmp_path: Path) -> None:
    write(tmp_path, "a.rules", 'extends "b.rules"\n')
    write(tmp_path, "b.rules", 'extends "a.rules"\n')
    loaded = load(tmp_path / "a.rules")
    codes = {(Path(d.file).name, d.code) for d in loaded.errors}
    assert ("b.rules", "E106") in codes
    assert "a.rules -> b.rules -> a.rules" in next(
        d.message for d in loaded.errors if d.code == "E106"
    )


def test_errors_in_a_base_are_reported_in_the_base(tmp_path: Path) -> None:
    write(tmp_path, "base.rules", 'game g "t" [T-1]\nseats two [T-1]\n')
    write(tmp_path, "child.rules", 'extends "base.rules"\nset x = 1\n')
    loaded = load(tmp_path / "child.rules")
    where = {(Path(d.file).name, d.line, d.code) for d in loaded.errors}
    assert ("base.rules", 2, "E103") in where
    assert ("child.rules", 1, "E107") in where


def test_option_from_the_command_line_is_typed_and_checked() -> None:
    path = ROOT / "rules" / "paomazai.rules"
    assert load(path, options={"horses": "2"}).options["horses"] == 2
    assert load(path, options={"self_draw_only": "yes"}).options["self_draw_only"] is True
    bad = load(path, options={"horses": "3", "unit": "lots", "nope": "1"})
    messages = [d.render() for d in bad.errors]
    assert any("horses must be one of 1 | 2" in m for m in messages)
    assert any("unit must be a whole number" in m for m in messages)
    assert any("unknown option 'nope'" in m for m in messages)
    assert all(m.startswith("--option: error[") for m in messages)
