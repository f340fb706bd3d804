"""The fuzz runner keeps what it finds: each finding is written the moment it is found, a
stopped campaign still writes the summary of what it ran, and a campaign given a state
file resumes where it stopped. Tiny campaigns over a stand-in target."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fuzz.keeping import Progress  # noqa: E402
from fuzz.run import Settings, campaign  # noqa: E402
from fuzz.targets import TARGETS  # noqa: E402


def test_a_finding_is_saved_before_the_campaign_ends(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "findings"

    def target(data: bytes, index: int) -> str:
        if index == 3:
            raise RuntimeError("found")
        if index > 3 and not list(folder.glob("hands-3-*.input")):
            raise RuntimeError("input 3 is not saved yet")
        return "ok"

    monkeypatch.setitem(TARGETS, "hands", target)
    settings = Settings(5, 2.0, 30, 2048, folder)
    summary = campaign(40, seed=5, targets=["hands"], settings=settings)
    assert summary["complete"] and summary["inputs"] == 40
    assert [f["index"] for f in summary["finding_details"]] == [3]
    saved = list(folder.glob("hands-3-*"))
    assert sorted(path.suffix for path in saved) == [".input", ".txt"]
    assert "RuntimeError: found" in next(folder.glob("*.txt")).read_text(encoding="utf-8")


STOPPED = """
import signal, sys, time
from fuzz import run
from fuzz.targets import TARGETS

# a test runner's worker may ignore Ctrl-C, and a child inherits that: take it as a user's
# terminal gives it
signal.signal(signal.SIGINT, signal.default_int_handler)

def slow(data, index):
    time.sleep(0.04)
    return "ok"

TARGETS["hands"] = slow
sys.exit(run.main(sys.argv[1:]))
"""


def test_a_stopped_campaign_reports_and_resumes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    state, summary = tmp_path / "state.jsonl", tmp_path / "summary.json"
    # 80 s of inputs: the campaign cannot end on its own before it is stopped, however
    # slowly this test's polling runs on a loaded machine
    argv = ["--inputs", "2000", "--target", "hands", "--jobs", "1", "--seed", "3"]
    argv += ["--state", str(state), "--json", str(summary)]
    argv += ["--findings", str(tmp_path / "findings")]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", STOPPED, *argv], cwd=ROOT, env=env, stderr=subprocess.PIPE
    )
    waited = time.monotonic()
    while not state.exists() or len(state.read_text(encoding="utf-8").splitlines()) < 3:
        assert process.poll() is None and time.monotonic() - waited < 120
        time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    stopped = json.loads(summary.read_text(encoding="utf-8"))
    assert stopped["complete"] is False and stopped["planned_inputs"] == 2000
    assert 50 <= stopped["inputs"] < 2000
    kept = len(state.read_text(encoding="utf-8").splitlines()) - 1

    monkeypatch.setitem(TARGETS, "hands", lambda data, index: "ok")
    settings = Settings(3, 2.0, 30, 2048)
    resumed = campaign(2000, seed=3, targets=["hands"], settings=settings, state=state)
    assert resumed["complete"] and resumed["inputs"] == 2000
    chunks = [json.loads(line) for line in state.read_text(encoding="utf-8").splitlines()[1:]]
    # the chunks kept were not run again: each chunk once, the kept ones first
    assert sorted(chunk["first"] for chunk in chunks) == list(range(0, 2000, 25))
    assert kept >= 2


def test_a_state_file_of_another_campaign_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "state.jsonl"
    state.write_text('{"campaign": {"seed": 9}}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="another campaign"):
        campaign(50, seed=3, targets=["hands"], state=state)


def test_the_progress_line_says_how_far_and_how_long(capsys: pytest.CaptureFixture) -> None:
    progress = Progress(total=1_000, resumed=100, every=0.0)
    assert progress.due()
    progress.show(done=400, findings=2)
    line = capsys.readouterr().err
    for part in ("400/1,000 inputs", "/s", "2 findings", "elapsed", "left"):
        assert part in line
