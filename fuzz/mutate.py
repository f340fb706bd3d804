"""Mutations of real inputs, as an attacker (or a careless editor) would make them.

Each mutation takes a text and a random generator and returns a changed text; `mutate`
applies a few at once. They work on words, lines and characters, and some push the sizes
the limits bound (a block repeated hundreds of times, a number of thousands of digits,
brackets nested deep). `damage_bytes` then works below text: invalid UTF-8, a byte-order
mark, Windows line ends, NUL bytes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from tablerules.dsl.limits import MAX_RULE_BYTES

# Mutations compound (a block repeated thousands of times, then nested deep): a text is cut
# at four times the largest file the tool reads, far past every limit already.
MAX_CHARACTERS = 4 * MAX_RULE_BYTES
Mutation = Callable[[str, random.Random, Sequence[str], Sequence[str]], str]
TOKEN = re.compile(r"[^\s\[\]{}():,|=\"]+")


def _replace_word(text: str, rng: random.Random, words: Sequence[str], _: Sequence[str]) -> str:
    matches = list(TOKEN.finditer(text))
    if not matches:
        return text + rng.choice(words)
    match = rng.choice(matches)
    return text[: match.start()] + rng.choice(words) + text[match.end() :]


def _insert_word(text: str, rng: random.Random, words: Sequence[str], _: Sequence[str]) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + " " + rng.choice(words) + " " + text[at:]


def _delete_span(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    return text[:at] + text[at + rng.randint(1, 40) :]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _drop_line(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def _duplicate_line(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    lines = _lines(text)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
    return "\n".join(lines)


def _swap_lines(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    lines = _lines(text)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def _splice(text: str, rng: random.Random, _: Sequence[str], others: Sequence[str]) -> str:
    """Lines from another seed, put in at a random place."""
    donor = _lines(rng.choice(others)) if others else _lines(text)
    start = rng.randrange(len(donor))
    piece = donor[start : start + rng.randint(1, 12)]
    lines = _lines(text)
    at = rng.randrange(len(lines) + 1)
    return "\n".join(lines[:at] + piece + lines[at:])


def _repeat_block(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    """A few lines repeated many times: decks of thousands of cards, files over the limits."""
    lines = _lines(text)
    start = rng.randrange(len(lines))
    block = lines[start : start + rng.randint(1, 6)]
    times = rng.choice([2, 10, 100, 1000, 5000])
    return "\n".join(lines[:start] + block * times + lines[start:])


def _grow_number(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    numbers = list(re.finditer(r"\b[0-9]+\b", text))
    if not numbers:
        return text
    match = rng.choice(numbers)
    digits = rng.choice(["0", "9", "1"]) * rng.choice([3, 10, 30, 400, 5000])
    return text[: match.end()] + digits + text[match.end() :]


def _tweak_number(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    """A number changed to another small one: a file that often still checks, and plays
    a game nobody wrote (a deal of 5, groups of 2, three copies)."""
    numbers = list(re.finditer(r"\b[0-9]+\b", text))
    if not numbers:
        return text
    match = rng.choice(numbers)
    return text[: match.start()] + str(rng.randint(0, 20)) + text[match.end() :]


def _nest(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    """An expression nested deep, or a long chain of operators, where a number stood."""
    numbers = list(re.finditer(r"\b[0-9]+\b", text))
    if not numbers:
        return text
    match = rng.choice(numbers)
    depth = rng.choice([5, 30, 300, 3000])
    if rng.random() < 0.5:
        new = "(1 + " * depth + match.group() + ")" * depth
    else:
        new = " ^ ".join([match.group()] * depth)
    return text[: match.start()] + new + text[match.end() :]


def _odd_character(text: str, rng: random.Random, words: Sequence[str], _: Sequence[str]) -> str:
    at = rng.randrange(len(text) + 1)
    odd = rng.choice(["\x00", "\x1b", "\u202e", "\ud800", "\ufeff", "\r", "\t", "\u3000", "\x85"])
    return text[:at] + odd + text[at:]


def _truncate(text: str, rng: random.Random, _: Sequence[str], __: Sequence[str]) -> str:
    return text[: rng.randrange(len(text) + 1)]


MUTATIONS: list[Mutation] = [
    _tweak_number,
    _tweak_number,
    _tweak_number,
    _drop_line,
    _replace_word,
    _replace_word,
    _replace_word,
    _insert_word,
    _insert_word,
    _delete_span,
    _drop_line,
    _duplicate_line,
    _swap_lines,
    _splice,
    _splice,
    _repeat_block,
    _grow_number,
    _nest,
    _odd_character,
    _truncate,
]


# Mutations that often leave a valid file: numbers changed, a line dropped or repeated.
GENTLE: list[Mutation] = [_tweak_number, _tweak_number, _drop_line, _duplicate_line, _swap_lines]


def mutate(text: str, rng: random.Random, words: Sequence[str], others: Sequence[str] = ()) -> str:
    """`text` after one to four random mutations."""
    for _ in range(rng.choice([1, 1, 1, 2, 3, 4])):
        text = rng.choice(MUTATIONS)(text, rng, words, others)[:MAX_CHARACTERS]
    return text


def damage_bytes(data: bytes, rng: random.Random) -> bytes:
    """Below the text: a flipped byte, an invalid sequence, a BOM, CRLF, NUL bytes."""
    choice = rng.randrange(6)
    if choice == 0 and data:
        at = rng.randrange(len(data))
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    if choice == 1:
        at = rng.randrange(len(data) + 1)
        return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xe6\x97", b"\xed\xa0\x80"]) + data[at:]
    if choice == 2:
        return b"\xef\xbb\xbf" + data
    if choice == 3:
        return data.replace(b"\n", b"\r\n")
    if choice == 4:
        at = rng.randrange(len(data) + 1)
        return data[:at] + b"\x00" * rng.randint(1, 8) + data[at:]
    return data.replace(b"\n", b"\r")


def random_bytes(rng: random.Random, words: Sequence[str]) -> bytes:
    """Noise: random bytes, or a soup of the language's words."""
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))
    soup = [rng.choice(words) for _ in range(rng.randint(1, 120))]
    return " ".join(soup).encode("utf-8", "surrogatepass")


def mutate_value(value: Any, rng: random.Random, words: list[str]) -> Any:
    """A JSON value changed: another type, a neighbour, a huge number, an item less or more."""
    if isinstance(value, bool) or value is None:
        return rng.choice([True, False, None, 0, 1, "x"])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -1, 0, 99, 2**31, 10**30, -(10**30), "1"])
    if isinstance(value, str):
        return rng.choice([*rng.sample(words, 3), "", value * 2, value[:-1]])
    if isinstance(value, list):
        if value and rng.random() < 0.5:
            return value[:-1]
        return [*value, rng.choice([0, "x", None, [], {}])]
    if isinstance(value, dict):
        if value and rng.random() < 0.5:
            key = rng.choice(list(value))
            return {k: v for k, v in value.items() if k != key}
        return {**value, rng.choice(words): rng.choice([0, "x", None])}
    return value


def mutate_deep(value: Any, rng: random.Random, words: list[str]) -> Any:
    """`value` (parsed JSON) with one value somewhere inside it changed, or made null."""
    if isinstance(value, dict) and value and rng.random() < 0.75:
        key = rng.choice(list(value))
        return {**value, key: mutate_deep(value[key], rng, words)}
    if isinstance(value, list) and value and rng.random() < 0.75:
        at = rng.randrange(len(value))
        return [*value[:at], mutate_deep(value[at], rng, words), *value[at + 1 :]]
    if rng.random() < 0.2:
        return None
    return mutate_value(value, rng, words)
