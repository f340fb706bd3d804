"""`tablerules test` takes a bundled rule file by name, from any folder, and runs the golden
scenarios that ship with the package; the wheel lists every folder of them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.scenarios.bundled import bundled_scenarios

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "scenarios"


def _count(folder: str) -> int:
    return len(list((GOLDEN / folder).glob("*.json")))


def _count_of(rules: str) -> int:
    """The golden scenarios, in any folder, whose `rules` is the bundled file RULES."""
    return sum(
        json.loads(path.read_text(encoding="utf-8"))["rules"].endswith(f"/{rules}.rules")
        for path in GOLDEN.glob("*/*.json")
    )


@pytest.mark.parametrize("where", ["repo", "elsewhere"])
def test_a_bundled_name_runs_its_scenarios_from_any_folder(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(ROOT if where == "repo" else tmp_path)
    assert main(["test", "paomazai"]) == 0
    out = capsys.readouterr().out
    assert f"{_count('paomazai')} passed, 0 failed" in out


def test_coverage_takes_bundled_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["test", "--coverage", "paohuzi", "paomazai-two-horses"]) == 0
    out = capsys.readouterr().out
    assert _count_of("paomazai-two-horses") >= 1
    assert f"{_count('paohuzi') + _count_of('paomazai-two-horses')} passed, 0 failed" in out
    assert "coverage paohuzi: 19/19 play rule ids exercised" in out
    assert "coverage paomazai-two-horses: " in out


def test_a_name_that_is_neither_a_file_nor_bundled_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["test", "paomazia"]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err
    assert "hint: the bundled rule files are" in out.out + out.err


def test_the_bundled_scenarios_are_the_golden_ones_in_the_source_tree() -> None:
    assert bundled_scenarios().resolve() == GOLDEN.resolve()


def test_the_wheel_lists_every_folder_of_golden_scenarios() -> None:
    """pyproject.toml ships each folder's scenarios as package data: a new folder must be
    listed, or the installed `tablerules test` would not find its scenarios."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    base = "tablerules.tests.golden.scenarios"
    assert setuptools["package-dir"][base] == "tests/golden/scenarios"
    for folder in sorted(p for p in GOLDEN.iterdir() if p.is_dir()):
        package = f"{base}.{folder.name}"
        assert package in setuptools["packages"], package
        assert setuptools["package-data"][package] == ["*.json"], package
