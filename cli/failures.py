"""How a command that can answer in JSON says it failed: with `--json`, one JSON object on
standard output (`{"error": ..., ...}`) so that a program reading it never meets text;
otherwise `error: ...` on standard error. Either way the command exits non-zero."""

from __future__ import annotations

import json
import sys
from typing import Any

from tablerules.dsl.diagnostics import visible


def failed(as_json: bool, message: str, status: int, **fields: Any) -> int:
    """Say `message` (and, in JSON, `fields`) the way the output is read; return `status`."""
    if as_json:
        print(json.dumps({"error": message, **fields}, ensure_ascii=False))
    else:
        print(f"error: {visible(message)}", file=sys.stderr)
    return status
