"""A rule file is untrusted input: whatever the text, loading returns diagnostics, never raises."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablerules.cli.main import main
from tablerules.dsl.loading.bases import BUNDLED_ONLY, ExtendsPolicy
from tablerules.dsl.loading.bundled import bundled_folder
from tablerules.dsl.loading.loader import load
from tablerules.interpreter.api import Game, check

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    (ROOT / "rules" / name).read_text(encoding="utf-8")
    for name in ("paomazai.rules", "paohuzi.rules")
]
PMZ_TEXT = SOURCES[0]
ALPHABET = st.sampled_from([*'{}[]:|=,+()".\n #-_ab1290碰胡跑', "group", "same", "win"])


def _use(text: str) -> None:
    loaded = load(ROOT / "rules" / "fuzzed.rules", text=text)
    for diagnostic in loaded.diagnostics:
        assert diagnostic.line >= 0 and diagnostic.column >= 0
        diagnostic.render()
    if loaded.ok:
        Game(loaded.rules, loaded.options)  # a file that checks must also compile


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ALPHABET, max_size=60).map("".join))
def test_random_text_gives_diagnostics_not_exceptions(text: str) -> None:
    _use(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    source=st.sampled_from(SOURCES),
    cut=st.integers(min_value=0, max_value=10_000),
    length=st.integers(min_value=0, max_value=40),
    insert=st.lists(ALPHABET, max_size=6).map("".join),
)
def test_damaged_rule_files_give_diagnostics_not_exceptions(
    source: str, cut: int, length: int, insert: str
) -> None:
    position = cut % (len(source) + 1)
    _use(source[:position] + insert + source[position + length :])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SOURCES), st.integers(min_value=0, max_value=400))
def test_a_dropped_line_never_crashes(source: str, index: int) -> None:
    lines = source.splitlines()
    del lines[index % len(lines)]
    _use("\n".join(lines))


# ── only rule files are bases ─────────────────────────────────────────


def test_extends_on_the_command_line_reads_only_rule_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file beside the one checked that is not a `.rules` file is never read as a base,
    so its lines are never quoted back; a `.rules` file there still is."""
    (tmp_path / "secret.txt").write_text("secret words here\n", encoding="utf-8")
    (tmp_path / "base.rules").write_text(PMZ_TEXT, encoding="utf-8")
    (tmp_path / "link.rules").symlink_to(tmp_path / "secret.txt")
    for written in ("secret.txt", "link.rules", "./secret.txt"):
        mine = tmp_path / "v.rules"
        mine.write_text(f'extends "{written}"\n', encoding="utf-8")
        status = main(["check", str(mine)])
        output = "".join(capsys.readouterr())
        assert status == 1 and "E107" in output, output
        assert "secret words" not in output and "Traceback" not in output, output
    mine.write_text('extends "base.rules"\nset horses = 2 [PMZ-9]\n', encoding="utf-8")
    assert main(["check", str(mine)]) == 0


def test_extends_never_reads_the_python_files_among_the_bundled_ones() -> None:
    """The bundled folder is a Python package: its `__init__.py` is no base, whether named
    from a file in that folder or from the playground's editor."""
    beside_them = bundled_folder() / "mine.rules"
    for policy in (ExtendsPolicy(), BUNDLED_ONLY):
        for written in ("__init__.py", "variants/../__init__.py", "../rules/__init__.py"):
            checked = check(beside_them, text=f'extends "{written}"\n', policy=policy)
            rendered = "\n".join(d.render() for d in checked.diagnostics)
            assert [d.code for d in checked.diagnostics] == ["E107"], rendered
            assert "package only marks" not in rendered and "__init__.py:" not in rendered
