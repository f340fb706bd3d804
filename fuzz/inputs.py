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

from tablerules.interpreter.api import load_game

from fuzz.api_target import api_input
from fuzz.corpus import Corpus, corpus
from fuzz.file_inputs import (
    checkpoint_input,
    outputs_input,
    scenario_input,
    scored_rules_input,
)
from fuzz.grammar import RandomChooser, derive
from fuzz.mutate import (
    GENTLE,
    MAX_CHARACTERS,
    damage_bytes,
    mutate,
    mutate_value,
    random_bytes,
)

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
                record[key] = mutate_value(record[key], rng, seeds.words)
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
    "play": scored_rules_input,
    "scenarios": scenario_input,
    "checkpoints": checkpoint_input,
    "outputs": outputs_input,
    "api": api_input,
}
