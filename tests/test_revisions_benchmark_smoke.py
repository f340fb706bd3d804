"""Smoke test of the benchmark of two revisions: each side runs its own revision's code, the
sides' figures and answers are written in the shape the docs describe. No timing assertions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "bench_revisions.py"


def test_two_revisions_side_by_side(tmp_path: Path) -> None:
    out = tmp_path / "revisions.json"
    command = [sys.executable, str(SCRIPT), "--quick", "--skip-cold", "--only", "跑馬仔"]
    done = subprocess.run(
        [*command, "--before", "HEAD", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert figures["revisions"] == {"before (HEAD)": head, "after (.)": "the checkout"}
    assert set(figures["tasks"]) == {
        "跑馬仔 evaluate",
        "跑馬仔 win test",
        "跑馬仔 play random",
        "跑馬仔 play greedy",
    }
    for task in figures["tasks"].values():
        assert set(task["sides"]) == {"before (HEAD)", "after (.)"}
        for side in task["sides"].values():
            assert side["rounds"] == figures["plan"]["rounds"]
            assert 0 < side["min_us"] <= side["median_us"]
        assert task["after_speed_vs_before"]["at_median"] > 0
        assert isinstance(task["same_work"], bool)
    assert "Target ≥ 0.9×" in done.stdout

    refused = subprocess.run(
        [*command, "--before", "no-such-revision"], capture_output=True, text=True, check=False
    )
    assert refused.returncode != 0 and "not a commit" in refused.stderr
