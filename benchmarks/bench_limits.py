"""What the worst rule files within the limits cost to check: CPU time and peak memory.

Each adversarial file of `fuzz/adversarial.py` is written to a folder and checked in a fresh
process (`tablerules check` does the same work), the files interleaved over rounds; the
report gives, per file, the minimum and median CPU seconds of the check itself (the parser's
tables already built, as in a serving playground), the CPU seconds of the whole process
from start to exit, and the process's peak memory. The bundled 跑馬仔 is measured beside
them for scale. The target: every file under 2 s and 300 MB.

    python benchmarks/bench_limits.py [--rounds 5] [--json FILE] [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_report import machine, progress  # noqa: E402

from fuzz.adversarial import ADVERSARIAL  # noqa: E402

TARGET_SECONDS = 2.0
TARGET_MB = 300

# Run in a fresh process: check one file, report the check's CPU time and peak memory.
CHILD = """
import json, resource, sys, time
start = time.process_time()
from tablerules.dsl.parsing.parser import parser
from tablerules.interpreter.api import check
parser()
before = time.process_time()
checked = check(sys.argv[1])
after = time.process_time()
print(json.dumps({
    "check_s": after - before,
    "process_s": time.process_time() - start,
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "codes": sorted({d.code for d in checked.errors}),
}))
"""


def write_cases(folder: Path, quick: bool) -> dict[str, Path]:
    """Each adversarial file (and the files it extends) in a folder of its own."""
    cases = {"the bundled 跑馬仔 (for scale)": ROOT / "rules" / "paomazai.rules"}
    for index, (name, make) in enumerate(ADVERSARIAL.items()):
        if quick and index % 4:
            continue
        text, bases = make()
        case = folder / f"case{index}"
        case.mkdir()
        for base, base_text in bases.items():
            (case / base).write_text(base_text, encoding="utf-8")
        (case / "top.rules").write_text(text, encoding="utf-8")
        cases[name] = case / "top.rules"
    return cases


def measure(path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="a few files, two rounds")
    args = parser.parse_args(argv)
    rounds = 2 if args.quick else args.rounds
    with tempfile.TemporaryDirectory() as scratch:
        cases = write_cases(Path(scratch), args.quick)
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in cases}
        for number in range(rounds):
            progress(f"round {number + 1} of {rounds}")
            for name, path in cases.items():  # interleaved: each round checks every file
                runs[name].append(measure(path))
    rows = {}
    for name, results in runs.items():
        checks = [r["check_s"] for r in results]
        rows[name] = {
            "check_min_s": round(min(checks), 3),
            "check_median_s": round(statistics.median(checks), 3),
            "process_median_s": round(statistics.median(r["process_s"] for r in results), 3),
            "peak_mb": round(max(r["peak_mb"] for r in results), 1),
            "codes": results[0]["codes"],
        }
    worst_check = max(r["check_median_s"] for r in rows.values())
    worst_process = max(r["process_median_s"] for r in rows.values())
    worst_memory = max(r["peak_mb"] for r in rows.values())
    figures = {
        "machine": machine(),
        "rounds": rounds,
        "files": rows,
        "worst_check_median_s": worst_check,
        "worst_process_median_s": worst_process,
        "worst_peak_mb": worst_memory,
        "within_targets": worst_process < TARGET_SECONDS and worst_memory < TARGET_MB,
    }
    print("| file | check (min / median) | whole process | peak memory | outcome |")
    print("|---|---:|---:|---:|---|")
    for name, row in rows.items():
        outcome = ", ".join(row["codes"]) or "ok"
        print(
            f"| {name} | {row['check_min_s']:.2f} / {row['check_median_s']:.2f} s | "
            f"{row['process_median_s']:.2f} s | {row['peak_mb']:.0f} MB | {outcome} |"
        )
    print(
        f"\nworst: check {worst_check:.2f} s, whole process {worst_process:.2f} s, "
        f"{worst_memory:.0f} MB (targets: {TARGET_SECONDS:.0f} s, {TARGET_MB} MB)"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
    return 0 if figures["within_targets"] else 1


if __name__ == "__main__":
    sys.exit(main())
