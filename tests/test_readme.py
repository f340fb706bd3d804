"""The README's examples run and print what the README shows."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from tablerules.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def examples() -> list[tuple[list[str], list[str]]]:
    """(argv, expected output lines) for each `$ .venv/bin/tablerules ...` in console blocks."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        lines = block.splitlines()
        index = 0
        while index < len(lines):
            line = lines[index]
            if not line.startswith("$ .venv/bin/tablerules"):
                index += 1
                continue
            command = line[2:]
            while command.endswith("\\"):
                index += 1
                command = command[:-1] + " " + lines[index].strip()
            output = []
            index += 1
            while index < len(lines) and lines[index] and not lines[index].startswith("$ "):
                output.append(lines[index])
                index += 1
            found.append((shlex.split(command)[1:], output))
    return found


CASES = examples()


def test_the_readme_has_examples() -> None:
    assert len(CASES) >= 4


@pytest.mark.parametrize(("argv", "expected"), CASES, ids=[" ".join(a[:2]) for a, _ in CASES])
def test_readme_example_runs(argv: list[str], expected: list[str], capsys, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    expanded: list[str] = []
    for arg in argv:  # expand globs as the shell would
        expanded.extend(sorted(str(p) for p in Path().glob(arg)) if "*" in arg else [arg])
    code = main(expanded)
    out = capsys.readouterr().out.splitlines()
    if "..." in expected:
        shown = expected[: expected.index("...")]
        assert out[: len(shown)] == shown
        assert code == 1
    else:
        assert out == expected
        assert code == 0


def test_readme_python_examples_run(tmp_path: Path) -> None:
    """Each python block of the README runs as a script from a folder outside the project,
    as it would once installed: it names the bundled rule files by their names."""
    import subprocess
    import sys

    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks
    for code in blocks:
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
