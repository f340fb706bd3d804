"""Inputs of the newer targets, each made from the campaign's seed and its number alone:

- `play` and `outputs`: rule files from `fuzz.scoring`, now and then gently mutated (a
  number changed, a line dropped or repeated) or damaged below the text;
- `scenarios`: the golden scenario files (their rule files named as bundled), a value
  anywhere inside changed or made null, another scenario's parts spliced in, their text
  mutated, or their bytes damaged;
- `checkpoints`: a real checkpoint of a small simulation (`fuzz.checkpoints`), altered as
  a careless hand or a forger would: a value changed anywhere, shards dropped, repeated,
  out of range or not numbers, sums swollen, the digest made again over the change, the
  text cut or mutated.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

from tablerules.dsl.loading.bundled import bundled_folder

from fuzz.checkpoints import CONFIGS, forged, genuine
from fuzz.corpus import corpus
from fuzz.mutate import GENTLE, MAX_CHARACTERS, damage_bytes, mutate, mutate_deep
from fuzz.rigs import SCENARIOS
from fuzz.scoring import scoring_file


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def scored_rules_input(index: int, seed: int, target: str = "play") -> bytes:
    rng = random.Random(f"{target}:{seed}:{index}")
    text = scoring_file(rng)
    words = corpus().words
    if rng.random() < 0.25:
        text = rng.choice(GENTLE)(text, rng, words, [])[:MAX_CHARACTERS]
    data = _encode(text)
    return damage_bytes(data, rng) if rng.random() < 0.05 else data


def outputs_input(index: int, seed: int) -> bytes:
    return scored_rules_input(index, seed, "outputs")


@cache
def scenario_seeds() -> list[dict[str, Any]]:
    """The golden scenarios, each naming its rule file as a bundled name."""
    seeds = []
    for path in sorted(SCENARIOS.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        rules = (path.parent / data["rules"]).resolve()
        if rules.is_relative_to(bundled_folder()):
            data["rules"] = rules.stem
        seeds.append(data)
    return seeds


def scenario_input(index: int, seed: int) -> bytes:
    rng = random.Random(f"scenarios:{seed}:{index}")
    seeds = scenario_seeds()
    data = json.loads(json.dumps(rng.choice(seeds)))
    words = [*corpus().words[-60:], "0: discard 東", "1: pass", "action", "seat", "card"]
    roll = rng.random()
    if roll < 0.3:
        _odd_expectation(data, rng)
    elif roll < 0.55:
        for _ in range(rng.randint(1, 3)):
            data = mutate_deep(data, rng, words)
    elif roll < 0.7 and isinstance(data, dict):
        other = rng.choice(seeds)
        key = rng.choice(list(other))
        data[key] = other[key]
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 2]))
    if roll >= 0.85:
        text = mutate(text, rng, words)
    data_bytes = _encode(text)
    return damage_bytes(data_bytes, rng) if rng.random() < 0.1 else data_bytes


ODD_VALUES: list[Any] = [None, None, None, [], {}, 0, -1, "x", "", [None], True, 1.5, {"x": None}]


@cache
def event_fields() -> list[str]:
    """Every field an expected event of a golden scenario names."""
    fields: set[str] = set()
    for seed in scenario_seeds():
        expect = seed["expect"]
        events = [*expect.get("events", []), *expect.get("absent", [])]
        events += [event for seen in expect.get("seen", {}).values() for event in seen]
        fields.update(key for event in events for key in event)
    return sorted(fields)


def _odd_expectation(data: dict[str, Any], rng: random.Random) -> None:
    """One field of an expected event (or one expectation) of another type, or null."""
    expect = data["expect"]
    events = [*expect.get("events", []), *expect.get("absent", [])]
    events += [event for seen in expect.get("seen", {}).values() for event in seen]
    if events and rng.random() < 0.8:
        for event in rng.sample(events, min(len(events), rng.randint(1, 3))):
            field = rng.choice([*event, *event_fields()])  # its own, or any event's
            event[field] = rng.choice(ODD_VALUES)
    else:
        field = rng.choice(["winners", "totals", "next_dealer", "finished", "legal", "illegal"])
        expect[field] = rng.choice(ODD_VALUES)


def _forge_structure(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A change a validating reader must catch by itself, the digest made again."""
    done = list(data.get("done", []))
    choice = rng.randrange(7)
    if choice == 0 and done:
        done.pop(rng.randrange(len(done)))
    elif choice == 1:
        done.append(rng.choice([*done, 0]) if done else 0)
    elif choice == 2:
        done.append(rng.choice([99, -1, 2**40]))
    elif choice == 3:
        done = [True] * (len(done) or 1)
    elif choice == 4:
        done = [float(i) for i in done] or ["0"]
    elif choice == 5:
        return {**data, "tally": _swollen(data.get("tally"), rng)}
    else:
        return {**data, "hands": rng.choice([1, data.get("hands", 0) * 2, 10**400])}
    return {**data, "done": done}


def _swollen(value: Any, rng: random.Random) -> Any:
    """Every number of the sums multiplied, or one of them made huge."""
    factor = rng.choice([2, -1, 10**400])
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value * factor
    if isinstance(value, list):
        return [_swollen(item, rng) for item in value]
    if isinstance(value, dict):
        return {key: _swollen(item, rng) for key, item in value.items()}
    return value


def checkpoint_input(index: int, seed: int) -> bytes:
    rng = random.Random(f"checkpoints:{seed}:{index}")
    config = index % len(CONFIGS)  # the target resumes the same simulation
    texts = genuine(config)
    text = rng.choice(texts)
    roll = rng.random()
    if roll < 0.05:
        return _encode(text)
    if roll < 0.1:  # another simulation's progress
        other = genuine((config + 1) % len(CONFIGS))
        return _encode(rng.choice(other))
    if roll < 0.75:
        data = json.loads(text)
        if roll < 0.4:
            data = _forge_structure(data, rng)
        else:
            data = mutate_deep(data, rng, ["x", "", "0", "done", "tally", "hands"])
        if rng.random() < 0.6:
            data = forged(data)
        return _encode(json.dumps(data, ensure_ascii=False))
    if roll < 0.9:
        return _encode(mutate(text, rng, corpus().words[-60:]))
    if roll < 0.95:
        return _encode(text[: rng.randrange(len(text))])
    return damage_bytes(_encode(text), rng)
