"""What the fuzzers start from: the bundled rule files, the documentation's examples, the
golden negative snippets, hands and logs of real play, and a vocabulary of words that have
broken parsers before (other scripts' digits, huge numbers, control characters...)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tablerules.dsl.loading.bundled import bundled_files, bundled_folder
from tablerules.interpreter.api import load_game
from tablerules.interpreter.bots.players import RandomBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.playlog.reader import (
    as_logged,
    choice_record,
    files_sha256,
    header_record,
    result_record,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
NEGATIVE = ROOT / "tests" / "golden" / "negative"

# Words that are not what they look like, or are larger than anything sensible.
ODD_WORDS = [
    "¹",
    "²",
    "③",
    "፩",
    "٣",
    "１２",
    "Ⅻ",
    "0",
    "00",
    "-1",
    "1e9",
    "0x10",
    "9" * 12,
    "9" * 400,
    "9" * 5000,
    "1" + "0" * 9,
    "4294967296",
    "x" * 300,
    "長" * 70,
    "_",
    "-",
    "a-b",
    "nan",
    "true",
    "false",
    "None",
    "\x00",
    "\x1b[2J",
    "\u202e",
    "\ud800",
    "\ufeff",
    "\r",
    "\t",
    "\x0c",
    "\u2028",
    "：",
    "，",
    "、",
    "（",
    "）",
    "【",
    "】",
    "“",
    "”",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ":",
    "|",
    "=",
    ",",
    "+",
    "*",
    "×",
    "/",
    "^",
    "..",
    '"',
    "#",
    "\n",
    "\n\n",
    "}\n",
    "{\n",
]


@dataclass(frozen=True)
class Corpus:
    """Seeds for each target, and the words mutations draw from."""

    rules: dict[str, str]  # a seed's name -> its text
    hands: dict[str, list[str]]  # a bundled rule file -> hands-file lines that fit it
    logs: dict[str, str]  # a seed's name -> a play log's text
    words: list[str] = field(default_factory=list)


def _doc_rule_blocks() -> list[str]:
    """The ```rules blocks of the language reference: small files, each a lesson."""
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    return re.findall(r"```rules[^\n]*\n(.*?)```", text, flags=re.S)


def _hands_for(path: Path) -> list[str]:
    """Lines of a hands file for a bundled game: dealt hands of real play and some wins."""
    game = load_game(path)
    lines = []
    for seed in range(4):
        table = Table(game, seed=seed)
        for seat in table.state.seats:
            lines.append(" ".join(game.cards.ids[c] for c in seat.hand))
    ids = game.cards.ids
    lines.append(" ".join(ids[: min(len(ids), 14)]))
    return lines


def play_log(path: Path, seed: int, hands: int = 2, bots: str = "random") -> str:
    """A play log of `hands` hands of a bundled file, as `tablerules play --log` writes it."""
    game = load_game(path)
    name = path.stem
    lines = [header_record(name, files_sha256([path]), game.compiled.options, seed, hands, bots)]
    dealer = None
    for index in range(1, hands + 1):
        table = Table(game, seed=seed + index - 1, dealer=dealer)
        bot_list = [
            RandomBot((seed + index - 1) * table.play.seats + s) for s in range(table.play.seats)
        ]
        lines.append(
            {"type": "hand", "index": index, "seed": seed + index - 1, "dealer": table.state.dealer}
        )
        logged = 0
        steps = 0
        while not table.finished and steps < 5000:
            seat = table.waiting_for()[0]
            choice = bot_list[seat].choose(table, seat)
            for event in table.events[logged:]:
                lines.append(as_logged(event))
            logged = len(table.events)
            lines.append(choice_record(choice.seat, choice.label))
            table.apply(choice)
            steps += 1
        for event in table.events[logged:]:
            lines.append(as_logged(event))
        lines.append(result_record(table))
        following = table.state.next_dealer
        dealer = following if following is not None else table.state.dealer
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def _by_bundled_name(path: Path, text: str) -> str:
    """A seed's `extends` of a bundled file rewritten to its short name, so that the seed
    works from wherever the fuzzed copy is checked."""

    def replace(match: re.Match[str]) -> str:
        base = (path.parent / match.group(1)).resolve()
        if base.is_file() and base.is_relative_to(bundled_folder()):
            return f'extends "{base.stem}"'
        return match.group(0)

    return re.sub(r'extends "([^"\n]*)"', replace, text)


@cache
def corpus() -> Corpus:
    rules: dict[str, str] = {}
    for path in [
        *bundled_files(),
        *sorted(EXAMPLES.glob("*.rules")),
        *sorted(NEGATIVE.glob("*.rules")),
    ]:
        text = path.read_text(encoding="utf-8")
        rules[str(path.relative_to(ROOT))] = _by_bundled_name(path, text)
    for index, block in enumerate(_doc_rule_blocks()):
        rules[f"docs/language.md#{index}"] = block
    bundled = [p for p in bundled_files() if p.parent.name != "variants"]
    hands = {p.stem: _hands_for(p) for p in bundled}
    hands["paomazai"] = hands.get("paomazai", []) + [
        line
        for line in (EXAMPLES / "hands.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    logs = {f"{p.stem}-{seed}": play_log(p, seed) for p in bundled for seed in (1, 2)}
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        logs[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    words: set[str] = set()
    for text in rules.values():
        words.update(re.findall(r"[^\s\[\]{}():,|=\"]+", text))
    return Corpus(rules, hands, logs, sorted(words) + ODD_WORDS)
