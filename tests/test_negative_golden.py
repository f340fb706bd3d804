"""Negative golden tests: broken rule snippets with the expected diagnostic on the line.

Each `tests/golden/negative/*.rules` file marks the diagnostics it must produce with a
comment at the end of the offending line: `#! CODE words of the message`. The test loads
the file and checks that its diagnostics and its marks match one to one: same line, same
code, and the message contains the words. `_base.rules` is the valid game they extend.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter.api import check

FOLDER = Path(__file__).parent / "golden" / "negative"
MARK = re.compile(r"#!\s*([EW]\d{3})\s*([^#]*)")
CASES = sorted(p for p in FOLDER.glob("*.rules") if not p.name.startswith("_"))


def expected_marks(path: Path) -> list[tuple[int, str, str]]:
    marks = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        for code, words in MARK.findall(line):
            marks.append((number, code, words.strip()))
    return marks


def test_the_base_game_is_valid() -> None:
    loaded = load(FOLDER / "_base.rules")
    assert loaded.ok and not loaded.diagnostics, [d.render() for d in loaded.diagnostics]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_snippet_gives_the_marked_diagnostics(path: Path) -> None:
    checked = check(path)  # parse, check and compile: some mistakes only compiling finds
    found = [d for d in checked.diagnostics if Path(d.file).name == path.name]
    marks = expected_marks(path)
    assert marks, f"{path.name} marks no expected diagnostic"
    unmatched = list(found)
    for line, code, words in marks:
        match = next(
            (d for d in unmatched if d.line == line and d.code == code and words in d.message),
            None,
        )
        rendered = "\n".join(d.render() for d in found)
        assert match is not None, f"line {line}: expected {code} '{words}'; got:\n{rendered}"
        unmatched.remove(match)
    assert not unmatched, "unexpected:\n" + "\n".join(d.render() for d in unmatched)
    assert not checked.ok or all(code.startswith("W") for _, code, _ in marks)


def test_diagnostics_never_leak_a_traceback() -> None:
    for path in CASES:
        for diagnostic in check(path).diagnostics:
            assert "Traceback" not in diagnostic.render()
