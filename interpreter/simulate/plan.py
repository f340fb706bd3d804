"""What a simulation is: its sides, its hands, and how they split into shards.

A simulation plays hands 0…N-1. Hand `i` depends only on the simulation's seed and `i`:

* its seed is `hand_seed(seed, i)`, a 64-bit number hashed from both (so runs with nearby
  seeds share no hands);
* its dealer is seat `i mod seats` (every seat deals equally often, whatever N), its round
  the turn of the table it falls in, its dealer's streak 0: the match layer's
  `position_for_index`;
* the bot at seat `s` draws its ties from the seed `hand_seed * seats + s` (as `play` does).

Hands are independent, so the hands can be cut into shards and played in any order, on
any number of processes or machines, and the sums that make the statistics (all integers)
come out identical.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from tablerules.dsl.model import ir
from tablerules.interpreter.api import Game
from tablerules.interpreter.match import Position, position_for_index

SHARDS_TARGET = 400  # about this many shards per run: fine-grained progress and balance
SHARD_MIN = 10
SHARD_MAX = 250
MAX_HANDS = 100_000_000  # 400,000 shards: months of CPU on one core, days on a large cluster


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand `index` (from 0) of a simulation seeded with `seed`."""
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def hand_position(index: int, seats: int, rounds: int | None = None) -> Position:
    """Where hand `index` stands in the game, from the match layer: seat `index mod seats`
    deals (each seat deals N/seats hands), each turn of the table is the next round
    (modulo the rule file's rounds), and no dealer has a streak."""
    return position_for_index(index, seats, rounds)


def hand_dealer(index: int, seats: int) -> int:
    """The dealer of hand `index`."""
    return hand_position(index, seats).dealer


@dataclass(frozen=True)
class Side:
    """One way of playing the hands: a checked rule set, its options and the bots."""

    name: str  # what reports call it (the rule file's path, or a label)
    rules_json: str  # the checked IR: workers need no files, only this text
    options: dict[str, ir.Scalar]
    bots: tuple[str, ...]  # one bot name per seat
    seats: int
    positions: tuple[str, ...] = ()  # the rule file's names of the seats from the dealer on
    value_name: str = ""  # what the rule file calls the value of a hand

    @property
    def key(self) -> str:
        """A fingerprint of what this side plays (used to cache the compiled game)."""
        text = json.dumps([self.rules_json, self.options, self.bots], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Shard:
    index: int
    start: int  # first hand index
    stop: int  # one past the last

    @property
    def hands(self) -> int:
        return self.stop - self.start


class Shards(Sequence[Shard]):
    """A simulation's shards, each made when asked for: a plan of any size costs nothing
    until its shards are played."""

    def __init__(self, hands: int, size: int) -> None:
        self.hands = hands
        self.size = size

    def __len__(self) -> int:
        return -(-self.hands // self.size)

    @overload
    def __getitem__(self, index: int) -> Shard: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Shard]: ...

    def __getitem__(self, index: int | slice) -> Shard | Sequence[Shard]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError(f"shard {index} of {count}")
        start = index * self.size
        return Shard(index, start, min(start + self.size, self.hands))

    def __iter__(self) -> Iterator[Shard]:
        for index in range(len(self)):
            yield self[index]


@dataclass(frozen=True)
class Plan:
    """A whole simulation: one side, or two played on the same hands (common random
    numbers), `hands` hands from `seed`, cut into shards of `shard_size`."""

    sides: tuple[Side, ...]
    seed: int
    hands: int
    shard_size: int = 0
    bot_budget: dict[str, int] = field(default_factory=dict)  # e.g. samples of a sampling bot

    def __post_init__(self) -> None:
        if self.shard_size <= 0:
            object.__setattr__(self, "shard_size", default_shard_size(self.hands))

    def shards(self) -> Shards:
        return Shards(self.hands, self.shard_size)

    def fingerprint(self) -> str:
        """Identifies the simulation: a checkpoint resumes only the same one. The rules
        count by what they say, not by where their files were read from, and the sides'
        names (labels for reports) not at all."""
        data = {
            "sides": [
                [rules_identity(s.rules_json), s.options, list(s.bots), s.seats] for s in self.sides
            ],
            "seed": self.seed,
            "hands": self.hands,
            "shard_size": self.shard_size,
            "bot_budget": self.bot_budget,
        }
        text = json.dumps(data, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()


def rules_identity(rules_json: str) -> str:
    """A hash of a checked rule set without the paths of the files it was read from: the
    rule set names its file and its bases, and every clause's position its file, by the
    path they were read by."""
    rules = json.loads(rules_json)
    rules.pop("file", None)
    rules.pop("extends", None)
    text = json.dumps(_without_paths(rules), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _without_paths(value: Any) -> Any:
    """`value` with each position's file left out (a position: file, line and column)."""
    if isinstance(value, list):
        return [_without_paths(item) for item in value]
    if not isinstance(value, dict):
        return value
    if _is_position(value):
        return {"line": value["line"], "column": value["column"]}
    return {key: _without_paths(item) for key, item in value.items()}


def _is_position(value: dict[str, Any]) -> bool:
    return (
        value.keys() == {"file", "line", "column"}
        and isinstance(value["file"], str)
        and isinstance(value["line"], int)
    )


def default_shard_size(hands: int) -> int:
    """Shard sizes depend on N alone (never on the number of workers)."""
    size = -(-hands // SHARDS_TARGET)
    return max(SHARD_MIN, min(SHARD_MAX, size))


def position_name(side: Side, position: int) -> str:
    """A seat's place relative to the dealer, in the rule file's words when it has them."""
    if position < len(side.positions):
        return side.positions[position]
    return "dealer" if position == 0 else f"dealer+{position}"


def side_for(name: str, game: Game, bots: str | tuple[str, ...]) -> Side:
    """A side playing `game` with one bot name for every seat, or one per seat."""
    rules = game.compiled.rules
    seats = rules.seats.count if rules.seats else 1
    lineup = (bots,) * seats if isinstance(bots, str) else tuple(bots)
    if len(lineup) != seats:
        raise ValueError(f"{len(lineup)} bots named for {seats} seats")
    return Side(
        name,
        rules.model_dump_json(),
        dict(game.compiled.options),
        lineup,
        seats,
        tuple(game.compiled.seat_names),
        game.compiled.value_name or "",
    )
