"""Smoke test of the bots' benchmark: both bots run on a rule file and the figures have the
shape docs/benchmarks.md describes. No timing assertions: speed is for the benchmark."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_quick_bots_benchmark_writes_figures_for_both_bots(tmp_path: Path) -> None:
    out = tmp_path / "bots.json"
    done = subprocess.run(
        [
            sys.executable,
            "benchmarks/bench_bots.py",
            "--quick",
            "--files",
            "paomazai",
            "--json",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))
    sides = figures["figures"]["paomazai"]
    assert set(sides) == {"value", "greedy"}
    for side in sides.values():
        assert side["rounds"] == 2 and 0 < side["min_us"] <= side["median_us"]
    assert "value bot" in done.stdout and "ms per decision" in done.stdout
