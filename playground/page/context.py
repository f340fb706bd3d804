"""What every tab of the playground is given: the rule draft in use and the sidebar's
choices. A tab is a module with a `TITLE` and a `render(context)`; the app lists them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tablerules.playground.files.drafts import RuleDraft
from tablerules.playground.play.seats import Seating


@dataclass
class Context:
    draft: RuleDraft
    label: str  # how the rule file is named on the page (a bundled path, or an upload)
    seed: int
    bots: str
    options: dict[str, str]
    seating: Seating = field(default_factory=Seating)  # where the user sits at the table
    hands: int | None = 1  # the hands of a match (None: a whole game, by the file's rounds)
    lang: str = "en"  # the language the page is told in (`playground.words.language`)

    @property
    def viewer(self) -> int | None:
        return self.seating.viewer

    @property
    def humans(self) -> frozenset[int]:
        return self.seating.humans

    @property
    def speed(self) -> float | None:
        return self.seating.speed


def widget_key(label: str) -> str:
    """A widget key for things named after a rule file: its file name, in characters that
    are safe in a CSS class (Streamlit makes one of each key)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", Path(label.split(" ")[0]).name)
