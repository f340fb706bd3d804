"""`declared ATTR` read where no phase declares ATTR, as a variant makes it: removing
四川's 定缺 left six base clauses reading `declared suit`, each told "add a phase" with
nothing naming the removal; and a 定缺 written anew with a misspelt attribute drew the same
six errors in the bundled file before the one mistake the author made."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check


def _codes(tmp_path: Path, text: str) -> list[tuple[str, str, str]]:
    path = tmp_path / "variant.rules"
    path.write_text(text, encoding="utf-8")
    return [(Path(d.file).name, d.code, d.hint) for d in check(path).diagnostics]


def test_a_phase_of_an_unknown_attribute_is_the_one_error(tmp_path: Path) -> None:
    text = (
        'extends "sichuan"\noverride phase 定缺 "declare the void" [SC-3] {\n'
        "  each seat declares one colour, shown\n}\n"
    )
    found = _codes(tmp_path, text)
    assert [(file, code) for file, code, _ in found if code != "W004"] == [
        ("variant.rules", "E101")
    ]


def test_the_removed_phase_is_named_where_declared_is_still_read(tmp_path: Path) -> None:
    found = _codes(tmp_path, 'extends "sichuan"\nremove phase 定缺 [SC-3]\n')
    hints = [hint for file, code, hint in found if code == "E110"]
    assert len(hints) == 6 and all(file == "sichuan.rules" for file, _, _ in found)
    assert all(h.startswith("phase 定缺 is removed at ") for h in hints)
    assert all("variant.rules:2" in h and "override this clause too" in h for h in hints)
