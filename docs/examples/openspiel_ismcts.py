"""OpenSpiel's own IS-MCTS bot, valued by random roll-outs, against random bots at 跑馬仔.

    python docs/examples/openspiel_ismcts.py --hands 20 --simulations 100

Seat 0 searches (OpenSpiel's `ISMCTSBot`, each leaf valued by `RandomRolloutEvaluator`: the
hand played out at random); the other seats play uniformly at random. Prints the search
seat's money per hand against the mean of the random seats, with a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
import tablerules.agents.openspiel_game  # noqa: F401  (registers python_tablerules)
from open_spiel.python.algorithms import ismcts, mcts


def play_hand(game: pyspiel.Game, bots: list, rng: np.random.RandomState) -> list[float]:
    """One hand: chance by its own probabilities, each seat by its bot; the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=chances)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="paomazai")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("python_tablerules", {"rules": args.rules})
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=rng,
        allow_inconsistent_action_sets=True,  # other seats' choices differ between deals
    )
    # the search's worlds are dealt from the same seeded source, so a run can be repeated
    # (OpenSpiel's default sampler is seeded anew in every process)
    search.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    seats = game.num_players()
    bots = [search] + [pyspiel.make_uniform_random_bot(s, args.seed + s) for s in range(1, seats)]
    edges = []
    start = time.process_time()
    for _ in range(args.hands):
        returns = play_hand(game, bots, rng)
        edges.append(returns[0] - sum(returns[1:]) / (seats - 1))
    mean = float(np.mean(edges))
    half = 1.96 * float(np.std(edges, ddof=1)) / math.sqrt(len(edges)) if len(edges) > 1 else 0.0
    print(
        f"{args.rules}: IS-MCTS ({args.simulations} simulations) vs random, {args.hands} hands: "
        f"{mean:+.2f} ± {half:.2f} a hand over a random seat "
        f"({time.process_time() - start:.1f} s CPU)"
    )


if __name__ == "__main__":
    main()
