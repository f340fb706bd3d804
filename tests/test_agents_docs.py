"""docs/agents.md stays true: its Python blocks run, its table of observation segments is the
encoder's, and its worked example (trained at a tiny size here; in full with -m slow) runs."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from tablerules.agents.observation import ObservationEncoder
from tablerules.interpreter import load_game

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "agents.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, flags=re.S)
TRAIN = ROOT / "docs" / "examples" / "train_agent.py"
TRAIN_LINE = re.compile(
    r"paomazai: trained on [\d,]+ hands, tested on [\d,]+ deals against random bots: "
    r"[+-][\d.]+ a hand \(a random policy: [+-][\d.]+\); trained − random [+-][\d.]+ ± "
    r"[\d.inf]+ \(95%\); \d+ s CPU"
)


def run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False, timeout=600)


def blocks() -> list:
    """The Python blocks; those with OpenSpiel are marked for `make test-openspiel`."""
    return [
        pytest.param(code, id=f"block{n}", marks=[pytest.mark.openspiel] * ("pyspiel" in code))
        for n, code in enumerate(BLOCKS)
    ]


@pytest.mark.parametrize("code", blocks())
def test_python_blocks_run(code: str, tmp_path: Path) -> None:
    """Each block runs as a script from a folder outside the project."""
    if "pyspiel" in code and importlib.util.find_spec("pyspiel") is None:
        pytest.skip("OpenSpiel is not installed (make test-openspiel installs it)")
    done = run([sys.executable, "-c", code], tmp_path)
    assert done.returncode == 0, done.stderr


def test_the_random_agent_loop_is_about_thirty_lines() -> None:
    assert 20 <= len(BLOCKS[0].strip().splitlines()) <= 32


def test_the_segment_table_is_the_encoders() -> None:
    rows = re.findall(r"^\| `([a-z ]+)` \| [^|]+ \| ([^|]+) \|$", TEXT, flags=re.M)
    encoder = ObservationEncoder(load_game("paomazai"))
    assert [(name, what.strip()) for name, what in rows] == [
        (segment.name, segment.what) for segment in encoder.segments
    ]


def test_the_worked_example_runs_at_a_tiny_size(tmp_path: Path) -> None:
    done = run([sys.executable, str(TRAIN), "--train", "30", "--test", "20"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert TRAIN_LINE.fullmatch(done.stdout.strip()), done.stdout


@pytest.mark.slow
def test_the_worked_example_in_full_prints_what_the_doc_shows(tmp_path: Path) -> None:
    """The doc's figures are this run's (minutes of CPU): all but the CPU seconds."""
    done = run([sys.executable, str(TRAIN), "--train", "20000", "--test", "4000"], tmp_path)
    assert done.returncode == 0, done.stderr
    printed = re.sub(r"; \d+ s CPU$", "", done.stdout.strip())
    assert printed in TEXT


def test_the_table_of_sizes_covers_every_bundled_file() -> None:
    """Each row names a bundled file (and the variants it speaks for) with its seats, card
    kinds, action ids and observation size; every bundled file is in some row."""
    from tablerules.agents.actions import ActionTable
    from tablerules.dsl.loading.bundled import bundled_names

    rows = re.findall(
        r"^\| `([a-z0-9-]+)`([^|]*)\| (\d) \| (\d+) \| ([\d,]+) \| (\d+) \|$", TEXT, flags=re.M
    )
    covered = set()
    for name, aside, seats, kinds, ids, size in rows:
        names = [name] + [
            f"{name.split('-')[0]}-{variant}" for variant in re.findall(r"`([a-z0-9-]+)`", aside)
        ]
        if "its variants" in aside:  # every variant of the file
            names = [name] + [each for each in bundled_names() if each.startswith(f"{name}-")]
        for each in names:
            game = load_game(each)
            encoder = ObservationEncoder(game)
            hand = next(segment for segment in encoder.segments if segment.name == "hand")
            expected = int(seats), int(kinds), int(ids.replace(",", "")), int(size)
            if each.endswith("zimo-only"):  # the row's own aside gives its observation
                expected = (*expected[:3], 423)
            assert (encoder.seats, hand.size, ActionTable(game).size, encoder.size) == expected
            covered.add(each)
    assert covered == set(bundled_names())
