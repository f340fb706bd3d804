"""What every benchmark report shares: progress lines and the machine it ran on."""

from __future__ import annotations

import os
import platform
import sys
from typing import Any


def progress(message: str) -> None:
    """A progress line on stderr, after flushing what the report has printed so far."""
    sys.stdout.flush()
    print(f"  … {message}", file=sys.stderr, flush=True)


def machine() -> dict[str, Any]:
    """Python version and machine, for the report and the JSON."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": cpu,
        "cpu_count": os.cpu_count(),
    }
