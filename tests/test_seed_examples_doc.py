"""docs/seed-examples.md names, for each example of the source documents, the golden
scenarios that play it: every scenario it names exists, is run by `tests/test_scenarios.py`
(every golden scenario passes) and plays that document's game or one of its variants."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "seed-examples.md"
GOLDEN = ROOT / "tests" / "golden" / "scenarios"
NAMED = re.compile(r"`((?:variants/)?[a-z0-9_]+\.json)`")


def _sections() -> dict[str, list[str]]:
    """The scenarios named under each `## ` heading, by the heading's folder word."""
    sections: dict[str, list[str]] = {}
    folder = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## .*\(folder `([a-z]+)/`", line)
        if heading:
            folder = heading.group(1)
            sections[folder] = []
        elif folder:
            sections[folder].extend(NAMED.findall(line))
    return sections


def test_every_named_scenario_exists_and_plays_its_documents_game() -> None:
    sections = _sections()
    assert set(sections) == {"paomazai", "paohuzi"}
    for folder, names in sections.items():
        assert len(names) >= 20, (folder, names)
        for name in names:
            path = GOLDEN / name if name.startswith("variants/") else GOLDEN / folder / name
            assert path.is_file(), f"{DOC.name} names {name}, not under {path.parent}"
            rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
            assert Path(rules).name.startswith(folder), (name, rules)
