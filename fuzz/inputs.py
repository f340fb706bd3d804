"""Input number N of a campaign, for each target, made afresh from the seed and N alone (a
finding is reproduced from its number; workers need no inputs shipped to them).

The mix: mutations of real inputs (most), files written from the grammar (rule files),
JSON-aware changes to logs, damaged bytes, and noise.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from typing import Any

from tablerules.interpreter.api import load_game

from fuzz.corpus import Corpus, corpus
from fuzz.grammar import RandomChooser, derive
from fuzz.mutate import GENTLE, MAX_CHARACTERS, damage_bytes, mutate, random_bytes

MAX_HANDS_FILE_LINES = 1_000


@cache
def _strings() -> list[str]:
    texts = " ".join(corpus().rules.values())
    return sorted(set(re.findall(r'"[^"\n]*"', texts)))


@cache
def _card_words(game: str) -> list[str]:
    """Every name a bundled game's cards answer to, its group kinds, and odd words."""
    loaded = load_game(game)
    names = list(loaded.cards.index)
    kinds = [f"{kind}:" for kind in loaded.compiled.kind_index]
    return names + kinds + ["|", "table:", "win:", "self", "discard", "draw", "，", "、", "："]


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _maybe_damaged(data: bytes, rng: random.Random) -> bytes:
    return damage_bytes(data, rng) if rng.random() < 0.15 else data


def rules_input(index: int, seed: int) -> bytes:
    rng = random.Random(f"rules:{seed}:{index}")
    seeds: Corpus = corpus()
    texts = list(seeds.rules.values())
    roll = rng.random()
    if roll < 0.25:  # gentle: often still a valid file, so compiling and play are fuzzed
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            text = rng.choice(GENTLE)(text, rng, seeds.words, texts)[:MAX_CHARACTERS]
    elif roll < 0.6:
        text = mutate(rng.choice(texts), rng, seeds.words, texts)
    elif roll < 0.85:
        text = derive(RandomChooser(rng), seeds.words, _strings())
        if rng.random() < 0.3:
            text = mutate(text, rng, seeds.words, texts)
    else:
        return random_bytes(rng, seeds.words)
    return _maybe_damaged(_encode(text), rng)


def notation_input(index: int, seed: int) -> bytes:
    rng = random.Random(f"notation:{seed}:{index}")
    game = ("paomazai", "paohuzi")[index % 2]  # the target picks the game the same way
    words = _card_words(game) + corpus().words[-60:]
    lines = corpus().hands[game]
    if rng.random() < 0.7:
        text = mutate(rng.choice(lines), rng, words)
        if rng.random() < 0.4:
            text += "|" + " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))
        if rng.random() < 0.3:
            text += "|" + rng.choice(words)
    else:
        text = "".join(rng.choice(words) for _ in range(rng.randint(0, 60)))
    return _maybe_damaged(_encode(text), rng)


def hands_input(index: int, seed: int) -> bytes:
    rng = random.Random(f"hands:{seed}:{index}")
    game = ("paomazai", "paohuzi")[index % 2]
    words = _card_words(game) + corpus().words[-60:]
    lines = corpus().hands[game]
    chosen = [rng.choice(lines) for _ in range(rng.randint(1, 8))]
    text = mutate("\n".join(chosen), rng, words, lines)
    # A file of many lines takes as long as its hands (that is the point of a hands file):
    # the lines a campaign tries are kept to a thousand, the time limit being per input.
    text = "\n".join(text.split("\n")[:MAX_HANDS_FILE_LINES])
    return _maybe_damaged(_encode(text), rng)


def _mutate_value(value: Any, rng: random.Random, words: list[str]) -> Any:
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


def replay_input(index: int, seed: int) -> bytes:
    """A play log with a field changed, lines dropped, moved or repeated, or its text mutated."""
    rng = random.Random(f"replay:{seed}:{index}")
    seeds = corpus()
    text = rng.choice(list(seeds.logs.values()))
    lines = text.rstrip("\n").split("\n")
    roll = rng.random()
    if roll < 0.6:
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(lines))
            try:
                record = json.loads(lines[at])
            except ValueError:
                continue
            if isinstance(record, dict) and record:
                key = rng.choice(list(record))
                record[key] = _mutate_value(record[key], rng, seeds.words)
            lines[at] = json.dumps(record, ensure_ascii=rng.random() < 0.5)
        text = "\n".join(lines) + "\n"
    elif roll < 0.85:
        text = mutate(text, rng, seeds.words, list(seeds.logs.values()))
    else:
        text = "\n".join(lines[: rng.randrange(len(lines) + 1)]) + "\n"
    return _maybe_damaged(_encode(text), rng)


INPUTS = {
    "rules": rules_input,
    "notation": notation_input,
    "hands": hands_input,
    "replay": replay_input,
}
