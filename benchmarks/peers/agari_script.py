"""The peer of `tablerules evaluate --hands-file`: a plain script over the `mahjong` library.

It reads the same file of 跑馬仔 hands, one per line in the rule file's compact notation
(`123m456p789s11m EES`, honours by their ids E S W N C F P), parses each line with one
regular expression, asks `Agari.is_agari` and prints one JSON object per line:
`{"line": N, "wins": true}`. That is what a user would write by hand for a bulk check, and
what the benchmark measures the command against.

    python benchmarks/peers/agari_script.py hands.txt
"""

from __future__ import annotations

import json
import re
import sys

from mahjong.agari import Agari

SUITS = {"m": 0, "p": 9, "s": 18}
HONOURS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}  # mahjong's order
TOKEN = re.compile(r"(\d+)([mps])|([ESWNCFP])")


def main(path: str) -> int:
    out = sys.stdout
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            counts = [0] * 34
            for digits, suit, honour in TOKEN.findall(line):
                if honour:
                    counts[HONOURS[honour]] += 1
                else:
                    base = SUITS[suit]
                    for digit in digits:
                        counts[base + int(digit) - 1] += 1
            out.write(json.dumps({"line": number, "wins": Agari.is_agari(counts)}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
