"""The golden scenarios that ship with the package, found where they are installed.

In the source tree they are `tests/golden/scenarios/` beside the bundled rule files'
folder `rules/`; an installed wheel keeps the same layout inside the package
(`tablerules/tests/golden/scenarios/` beside `tablerules/rules/`), so each scenario's
`rules`, a path relative to it, names the bundled rule file in both.
"""

from __future__ import annotations

from pathlib import Path

from tablerules.dsl.loading.bundled import bundled_folder


def bundled_scenarios() -> Path:
    """The folder of the bundled golden scenarios (one folder of them per game or set)."""
    return bundled_folder().parent / "tests" / "golden" / "scenarios"
