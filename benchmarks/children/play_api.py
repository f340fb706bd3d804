"""Play the hands `tablerules play` would play, through the API alone: no transcript, no log.

    python benchmarks/children/play_api.py RULES --seed S --hands N [--bots random|greedy]

Hand K is dealt with seed S+K-1 where the hand before left the game (its next dealer, the
round, the dealer's streak and the numbers a file carries, through `Match`), and seat i's
bot of hand K is seeded (S+K-1) × seats + i: exactly what the command does. It prints the final
totals in the command's `--quiet` words, so a benchmark can check both played alike.
"""

from __future__ import annotations

import argparse
import sys

from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import Bot, GreedyBot, RandomBot
from tablerules.interpreter.match import Match, seed_dealer

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--bots", choices=tuple(BOTS), default="greedy")
    args = parser.parse_args(argv)
    game = load_game(args.rules)
    make = BOTS[args.bots]
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    match = Match(game, seed_dealer(args.seed, seats))
    totals: list[int] = []
    for index in range(1, args.hands + 1):
        seed = args.seed + index - 1
        table = match.table(seed=seed)
        bots: list[Bot] = [make(seed * seats + seat) for seat in range(seats)]
        while not table.finished:
            seat = table.waiting_for()[0]
            table.apply(bots[seat].choose(table, seat))
        hand_totals = table.totals()
        totals = (
            [a + b for a, b in zip(totals, hand_totals, strict=True)] if totals else hand_totals
        )
        if match.advance(table) is None:  # the last round is over: a new game
            following = table.state.next_dealer
            match = Match(game, following if following is not None else table.state.dealer)
    shown = ", ".join(f"seat {seat} {amount:+d}" for seat, amount in enumerate(totals))
    print(f"after {args.hands} hands: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
