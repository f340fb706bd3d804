"""One generated rule file: scaled Pebbles now and then (more copies, a deal of up to 40
cards, up to 18 groups: past what fits in the win signature's four bits), else a base
extended with scoring by a `Writer`."""

from __future__ import annotations

import random
import re

from fuzz.bases import all_bases, base
from fuzz.corpus import EXAMPLES
from fuzz.scoring.writer import Writer


def scaled_pebbles(rng: random.Random) -> str:
    """Pebbles in one file with more copies and a larger deal, won with many groups (pairs
    among them) — up to 18 groups, past what fits in four bits."""
    groups = rng.randint(2, 18)
    pairs = rng.randint(1, groups)
    dealt = 3 * (groups - pairs) + 2 * pairs - 1
    if dealt > 40:
        pairs = groups
        dealt = 2 * groups - 1
    copies = max(3, min(16, -(-(2 * dealt + 6) // 15) + rng.randint(0, 3)))
    minimal = (EXAMPLES / "minimal.rules").read_text(encoding="utf-8")
    play = (EXAMPLES / "pebbles-play.rules").read_text(encoding="utf-8")
    play = re.sub(r'(?m)^extends "minimal.rules"\n', "", play)
    play = re.sub(r"(?ms)^override group three.*?^}\n", "", play)
    minimal = minimal.replace("copies 3", f"copies {copies}")
    minimal = minimal.replace("4 to each hand", f"{dealt} to each hand")
    minimal = minimal.replace("  in hand\n  concealed\n}", "  in hand, on table\n  concealed\n}", 1)
    minimal = minimal.replace("groups 2", f"groups {groups}")
    minimal = minimal.replace("pairs of pair: 1", f"pairs of pair: {pairs}")
    return minimal + "\n" + play


def scoring_file(rng: random.Random) -> str:
    """One generated rule file: scaled Pebbles now and then, else a base with scoring."""
    if rng.random() < 0.15:
        text = scaled_pebbles(rng)
        if rng.random() < 0.5:  # scoring over it too, written in the same file
            writer = Writer(rng, base("pebbles-play.rules"))
            text += "\n" + writer.file(extending=False)
        return text
    return Writer(rng, rng.choice(all_bases())).file()
