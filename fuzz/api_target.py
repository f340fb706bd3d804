"""The `api` target: the library as embedders call it, with arguments of every wrong kind.

An input is a JSON call: a bundled game, a method (`evaluate`, `evaluate_text`, `Table`,
`view`, `explain`, `apply`) and its arguments, made from a real deal with one argument
spoilt — a card index out of range (negative ones too: Python reads them from the end of a
list), a float, text where an index goes, a container of the wrong kind, a seat the game
lacks, a negative count. The answer must be a result or a refusal (`HandError`,
`NotationError`, `ValueError`, `IllegalAction`); any other exception is a finding, and so
is an answer given where an argument was out of range (another card's or seat's answer).
"""

from __future__ import annotations

import json
import random
from typing import Any

from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.engine import IllegalAction, Table

from fuzz.harness import Finding

GAMES = ("paomazai", "paohuzi", "hongkong", "sichuan", "hongzhong")
METHODS = ("evaluate", "evaluate_text", "Table", "view", "explain", "apply")
ODD = [-1, -2, -29, 10**6, 10**30, 1.5, 0.0, "1m", None, True, [], {}]
_games: dict[str, Game] = {}


def _game(name: str) -> Game:
    if name not in _games:
        _games[name] = load_game(name)
    return _games[name]


def _spoil(values: list[Any], rng: random.Random) -> Any:
    """The list with one value replaced by an odd one, or the list made another thing."""
    roll = rng.random()
    if roll < 0.6 and values:
        spoilt = list(values)
        spoilt[rng.randrange(len(spoilt))] = rng.choice(ODD)
        return spoilt
    if roll < 0.8:
        return rng.choice(["1m2m3m", None, 7, {"0": 1}, [values], list(reversed(values))])
    return values


def api_input(index: int, seed: int) -> bytes:
    """Input N: a call made from the seed and N alone."""
    rng = random.Random(f"api:{seed}:{index}")
    name = rng.choice(GAMES)
    game = _game(name)
    table = Table(game, seed=rng.randrange(1000))
    hand = [card for card, held in enumerate(table.state.seats[0].hand) for _ in range(held)]
    seats = table.play.seats
    method = rng.choice(METHODS)
    call: dict[str, Any] = {"game": name, "method": method, "seed": rng.randrange(1000)}
    seat: Any = rng.choice([0, seats - 1, -1, seats, 99, "0", None, 1.0])
    if method == "evaluate":
        call["hand"] = _spoil(hand, rng)
        if rng.random() < 0.3:
            call["win_card"] = rng.choice([hand[0], *ODD])
        if rng.random() < 0.2:
            call["source"] = rng.choice(["self", "discard", "draw", "stolen", 3])
    elif method == "evaluate_text":
        call["hand"] = rng.choice([" ".join(game.cards.names(hand)), 5, None, hand])
        call["seat"] = seat if rng.random() < 0.5 else 0
        call["streak"] = rng.choice([0, 2, -1, -100, "1", 1.5])
    elif method == "Table":
        call["dealer"] = seat
        call["round"] = rng.choice([0, 1, -1])
        call["streak"] = rng.choice([0, 3, -2])
        if rng.random() < 0.5:
            deck = list(table.play.deck)
            call["wall"] = _spoil(deck, rng) if rng.random() < 0.7 else deck[: rng.randrange(40)]
    else:
        call["seat"] = seat
    return json.dumps(call).encode()


def _in_range(value: Any, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def api(data: bytes, seed: int) -> str:
    """Make the call; a result or a refusal, and no answer to an argument out of range."""
    call = json.loads(data)
    game = _game(call["game"])
    kinds = len(game.cards)
    method = call["method"]
    try:
        if method == "evaluate":
            game.evaluate(call["hand"], win_card=call.get("win_card"), source=call.get("source"))
            cards = [*call["hand"], *([call["win_card"]] if call.get("win_card") else [])]
            if not all(_in_range(card, kinds) or isinstance(card, bool) for card in cards):
                raise Finding(f"evaluate answered for cards out of range: {cards}")
        elif method == "evaluate_text":
            seat, streak = call["seat"], call["streak"]
            game.evaluate_text(call["hand"], seat=seat, streak=streak)
            if not _in_range(seat, len(game.compiled.dealt_per_seat())) or streak < 0:
                raise Finding(f"evaluate_text answered for seat {seat!r}, streak {streak!r}")
        elif method == "Table":
            arguments = {k: call[k] for k in ("dealer", "round", "streak", "wall") if k in call}
            table = Table(game, seed=call["seed"], **arguments)
            dealer = call["dealer"]
            if dealer is not None and not _in_range(dealer, table.play.seats):
                raise Finding(f"a table dealt from {arguments}")
            if call["round"] < 0 or call["streak"] < 0:
                raise Finding(f"a table dealt from {arguments}")
        else:
            table = Table(game, seed=call["seed"])
            seat = call["seat"]
            if method == "view":
                table.view(seat)
            elif method == "explain":
                table.explain(seat, "discard")
            else:
                table.apply(seat)  # no choice (a seat's number is none): always refused
                raise Finding(f"apply took {seat!r} for a choice")
            if not _in_range(seat, table.play.seats) and not (method == "view" and seat is None):
                raise Finding(f"{method} answered for seat {seat!r}")
    except (ValueError, IllegalAction):  # HandError and NotationError are ValueErrors
        return "refused"
    return "ok"
