"""What every tab of the playground is given: the rule draft in use and the sidebar's
choices. A tab is a module with a `TITLE` and a `render(context)`; the app lists them."""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.playground.session import RuleDraft


@dataclass
class Context:
    draft: RuleDraft
    label: str  # how the rule file is named on the page (a bundled path, or an upload)
    seed: int
    bots: str
    options: dict[str, str]
