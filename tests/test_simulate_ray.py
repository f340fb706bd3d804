"""Simulation shards as Ray tasks on a local 2-CPU Ray runtime give the statistics of one
process, and the CLI's --ray does the same (`make test-ray`; needs the `ray` extra)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tablerules.interpreter import Game
from tablerules.interpreter.simulate import Plan, Simulation, Where, side_for

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.ray

ROOT = Path(__file__).resolve().parent.parent
PMZ = str(ROOT / "rules" / "paomazai.rules")
TWO_HORSES = str(ROOT / "rules" / "variants" / "paomazai-two-horses.rules")


def test_ray_tasks_give_the_statistics_of_one_process(pmz: Game) -> None:
    plan = Plan((side_for("pmz", pmz, "greedy"),), 11, 60, 10)
    alone = Simulation(plan).run(Where(jobs=1))
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = Simulation(plan).run(Where(ray=True))
    finally:
        ray.shutdown()
    assert on_ray.to_json() == alone.to_json()


def test_cli_ray_compare_matches_jobs_one(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "tablerules",
        "simulate",
        PMZ,
        "--compare",
        TWO_HORSES,
        "--hands",
        "40",
        "--seed",
        "8",
    ]
    results = []
    for extra in (["--ray", "--jobs", "2"], ["--jobs", "1"]):
        out = tmp_path / f"{extra[-1]}.json"
        done = subprocess.run(
            [*command, *extra, "--json", str(out)],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        results.append(json.loads(out.read_text(encoding="utf-8"))["rows"])
    assert results[0] == results[1]
