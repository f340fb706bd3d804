"""A form is the whole winning hand, the winning card included: a form of another number
of cards never holds, so a file that says it wins would silently never pay it. `check`
warns (W005) at the form's shape line, with the count a form of that game holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.api import check
from tablerules.interpreter.messages.diagnostic_text import told

ROOT = Path(__file__).resolve().parents[1]


def form_file(tmp_path: Path, base: str, form: str, shape: str) -> Path:
    path = tmp_path / "form.rules"
    path.write_text(
        f'extends "{base}"\n\noverride form {form} "a form" [X-1] {{\n  {shape}\n  wins\n}}\n',
        encoding="utf-8",
    )
    return path


def warnings(path: Path) -> list[tuple[int, int, str]]:
    checked = check(path)
    return [(d.line, d.column, d.message) for d in checked.diagnostics if d.code == "W005"]


@pytest.mark.parametrize(
    ("base", "form", "shape", "holds"),
    [
        ("paomazai", "七對", "6 of 對", "its cards number 12, a winning hand's 14"),
        ("changsha", "將將胡", "13 cards of (rank 2 5 8)", "number 13, a winning hand's 14"),
        ("changsha", "七小對", "8 of 對 四", "its cards number 16 to 32, a winning hand's 14"),
        ("taiwan", "平胡", "7 of 對", "its cards number 14, a winning hand's 17"),
    ],
)
def test_a_form_of_another_size_is_warned(
    tmp_path: Path, base: str, form: str, shape: str, holds: str
) -> None:
    path = form_file(tmp_path, base, form, shape)
    if base == "taiwan":  # taiwan has no form of that name: add one
        path.write_text(
            path.read_text(encoding="utf-8").replace("override form", "form"), encoding="utf-8"
        )
    found = warnings(path)
    assert len(found) == 1, found
    line, column, message = found[0]
    assert (line, column) == (4, 3)
    assert holds in message
    assert check(path).ok  # a warning: the file still checks


@pytest.mark.parametrize(
    ("base", "form", "shape"),
    [
        ("paomazai", "七對", "7 of 對"),
        ("changsha", "將將胡", "14 cards of (rank 2 5 8)"),
        ("changsha", "三豪華七小對", "4 of 對 四"),  # 2 to 16 cards: 14 among them
    ],
)
def test_a_form_of_the_winning_size_is_not_warned(
    tmp_path: Path, base: str, form: str, shape: str
) -> None:
    assert warnings(form_file(tmp_path, base, form, shape)) == []


def test_every_bundled_and_authored_form_fits() -> None:
    files = [
        *sorted((ROOT / "rules").rglob("*.rules")),
        *sorted((ROOT / "tests" / "fixtures").rglob("*.rules")),
        *sorted((ROOT / "docs" / "examples").glob("*.rules")),
    ]
    assert len(files) > 20
    for path in files:
        checked = check(path)
        assert [d.render() for d in checked.diagnostics if d.code == "W005"] == [], path


def test_the_warning_is_told_in_chinese(tmp_path: Path) -> None:
    path = form_file(tmp_path, "paomazai", "七對", "6 of 對")
    (diagnostic,) = [d for d in check(path).diagnostics if d.code == "W005"]
    hant = told(diagnostic, "zh-Hant")
    assert "永遠不成立" in hant.message and "12" in hant.message and "14" in hant.message
    assert "14" in hant.hint and "牌型" in hant.hint
