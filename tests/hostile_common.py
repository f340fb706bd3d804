"""What the tests of untrusted input share: the bundled files they start from, the
checker's error codes of a text, and the command line run with no internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.api import check

ROOT = Path(__file__).resolve().parent.parent
PMZ = ROOT / "rules" / "paomazai.rules"
PMZ_TEXT = PMZ.read_text(encoding="utf-8")
MINIMAL = ROOT / "docs" / "examples" / "minimal.rules"
HAND_LOG = ROOT / "docs" / "examples" / "hand.jsonl"


def codes(path: Path, text: str) -> list[str]:
    checked = check(path, text=text)
    for diagnostic in checked.diagnostics:
        assert diagnostic.line >= 1 and diagnostic.column >= 1, diagnostic
        diagnostic.render()
    return [d.code for d in checked.diagnostics if d.is_error]


def variant(*lines: str) -> str:
    return 'extends "minimal.rules"\n' + "\n".join(lines) + "\n"


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err
    return status, out + err


def deck_of(kinds: int, copies: int = 1) -> str:
    cards = "\n".join(f"  c{i} n={i}" for i in range(kinds))
    return f"""game big [B-1]
seats 2 [B-1]
attribute n: 0..{kinds} [B-1]
deck [B-1] {{
  copies {copies}
{cards}
}}
zone hand per seat private [B-1]
zone stock shared hidden [B-1]
deal [B-1] {{
  3 to each hand
  rest to stock
}}
group one [B-1] {{
  pattern same 1
  in hand
}}
"""
