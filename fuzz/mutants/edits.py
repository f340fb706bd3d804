"""Edits an author could make to a rule file, line by line and word by word: a number
changed, a keyword or a kindred word swapped, a line dropped or repeated, a clause of
another source spliced in. Each takes the file's lines and a seeded generator, changes the
lines in place and says what it did."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SOURCES = (
    sorted((ROOT / "rules").glob("*.rules"))
    + sorted((ROOT / "rules" / "variants").glob("*.rules"))
    + sorted((ROOT / "tests" / "fixtures" / "authored").glob("*.rules"))
    + sorted(EXAMPLES.glob("pebbles*.rules"))
)
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
WORD = re.compile(r"\b[a-z]+\b")
NUMBERS = ["0", "1", "2", "3", "17", "40", "100", "-1", "1000000000"]
# Words that stand in each other's place: a swap keeps the file likely to check, so that
# its play is fuzzed rather than its refusal.
KINDRED = [
    ["next", "previous", "across"],
    ["head", "tail"],
    ["self", "others", "anyone"],
    ["draw", "discard", "replacement", "turn"],
    ["shown", "concealed", "hidden"],
    ["dealer", "winner", "discarder", "payer", "payee"],
    ["win", "drawn"],
    ["kept", "shown"],
    ["all", "nearest"],
    ["most", "least"],
    ["each", "every"],
    ["private", "public"],
    ["hand", "table"],
]


def flat(text: str) -> str:
    """A file's text as it reads from one folder holding every source side by side."""
    return text.replace('extends "../', 'extends "')


@cache
def texts() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): flat(p.read_text(encoding="utf-8")) for p in SOURCES}


@cache
def keywords() -> list[str]:
    grammar = (ROOT / "dsl" / "parsing" / "rules.lark").read_text(encoding="utf-8")
    return sorted(set(re.findall(r'"([a-z]+)"', grammar)))


def code_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.strip() and line.lstrip()[0] != "#"]


def _number(lines: list[str], rng: random.Random) -> str:
    candidates = [i for i in code_lines(lines) if NUMBER.search(lines[i].split("[")[0])]
    if not candidates:
        return "no number to change"
    at = rng.choice(candidates)
    match = rng.choice(list(NUMBER.finditer(lines[at])))
    value = rng.choice([n for n in NUMBERS if n != match.group()])
    lines[at] = lines[at][: match.start()] + value + lines[at][match.end() :]
    return f"line {at + 1}: {match.group()} -> {value}"


def _swap_word(lines: list[str], rng: random.Random, choices: Callable[[str], list[str]]) -> str:
    candidates = [
        i for i in code_lines(lines) if any(choices(m.group()) for m in WORD.finditer(lines[i]))
    ]
    if not candidates:
        return "no word to swap"
    at = rng.choice(candidates)
    match = rng.choice([m for m in WORD.finditer(lines[at]) if choices(m.group())])
    value = rng.choice(choices(match.group()))
    lines[at] = lines[at][: match.start()] + value + lines[at][match.end() :]
    return f"line {at + 1}: {match.group()} -> {value}"


def _word(lines: list[str], rng: random.Random) -> str:
    known = keywords()
    return _swap_word(lines, rng, lambda word: known if word in known else [])


def _kindred(lines: list[str], rng: random.Random) -> str:
    groups = {word: group for group in KINDRED for word in group}
    return _swap_word(lines, rng, lambda word: [w for w in groups.get(word, []) if w != word])


def _drop(lines: list[str], rng: random.Random) -> str:
    at = rng.choice(code_lines(lines))
    removed = lines.pop(at)
    return f"line {at + 1} dropped: {removed.strip()[:60]}"


def _repeat(lines: list[str], rng: random.Random) -> str:
    at = rng.choice(code_lines(lines))
    lines.insert(at, lines[at])
    return f"line {at + 1} repeated: {lines[at].strip()[:60]}"


def _clause_ends(lines: list[str]) -> list[int]:
    """Lines after which a clause may begin: a block's closing brace, a one-line clause."""
    return [
        i
        for i, line in enumerate(lines)
        if line.startswith("}")
        or (line.strip() and line[0] not in " \t#" and not line.rstrip().endswith("{"))
    ]


def _splice(lines: list[str], rng: random.Random) -> str:
    """A whole clause of another source (a block to its closing brace, or one line), put in
    after a clause of this one, half the time as an `override`."""
    name, other = rng.choice(list(texts().items()))
    donor = other.split("\n")
    starts = [i for i in code_lines(donor) if donor[i][0] not in " \t}"]
    start = end = rng.choice(starts)
    if donor[start].rstrip().endswith("{"):
        while end + 1 < len(donor) and not donor[end].startswith("}"):
            end += 1
    piece = donor[start : end + 1]
    if rng.random() < 0.5 and not piece[0].startswith("override"):
        piece = ["override " + piece[0], *piece[1:]]
    ends = _clause_ends(lines)
    at = rng.choice(ends) + 1 if ends else len(lines)
    lines[at:at] = piece
    return f"line {at + 1}: {name}'s line {start + 1} spliced in: {piece[0].strip()[:60]}"


LINE_EDITS = [_number] * 3 + [_word] + [_kindred] * 3 + [_drop] * 2 + [_repeat] + [_splice] * 2
