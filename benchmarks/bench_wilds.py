"""Benchmark wild cards: the win test and the best split of hands holding 1–4 wilds against
the same hands without them, and the greedy bot's decision on a file with wild cards
against the same file without its wild clause.

(w1) Win test (`Evaluator.wins`) and best split (`Game.evaluate(...).best`) of complete
     紅中癩子 hands (rules/hongzhong.rules: four melds and a pair of number tiles, drawn at
     random from the deck, a new set each round): the plain hands against the same hands
     with k of their tiles (k = 1…4, chosen at random) replaced by the wild 紅中. Target:
     the wild side at most 3× the plain side's CPU per call. The win test is also timed
     on hands that do not win (`losing_hands`: two tiles of each complete hand changed,
     those whose wild side does not win kept), the usual answer in play.
     With --win-card, one card of each hand (at random: the wild or a plain card alike)
     is its winning card, self-drawn: what play and `tablerules evaluate --win-card` ask.
(w2) Greedy self-play on rules/hongzhong.rules against the same file with its wild
     clause, its discard rule and its `never of wild` lines taken out (紅中 a plain tile),
     the same seeds on both: CPU per bot decision. Target: at most 2×.

Sides interleave over rounds (`bench_timing.interleave`), CPU time, min and median.
Run with --help for the options; --json prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from pathlib import Path
from time import process_time_ns

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_timing import Ratio, interleave
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import make_bot
from tablerules.interpreter.engine import Table

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "hongzhong.rules"


def complete_hands(game, count: int, seed: int) -> list[list[int]]:
    """`count` random complete hands: four runs or pongs and a pair of number tiles."""
    rng = random.Random(seed)
    ids = game.cards.ids
    numbers = [i for i, card in enumerate(ids) if card != "C"]
    hands = []
    while len(hands) < count:
        held = [0] * len(ids)
        hand: list[int] = []
        for _ in range(4):
            card = rng.choice(numbers)
            rank = int(ids[card][0])
            run = rng.random() < 0.6 and rank <= 7
            hand += [card, card + 1, card + 2] if run else [card] * 3
        hand += [rng.choice(numbers)] * 2
        for card in hand:
            held[card] += 1
        if max(held) <= 4:
            hands.append(sorted(hand))
    return hands


def with_wilds(hands: list[list[int]], wilds: int, wild: int, seed: int) -> list[list[int]]:
    """The same hands with `wilds` tiles of each replaced by the wild card."""
    rng = random.Random(seed)
    changed = []
    for hand in hands:
        hand = list(hand)
        for index in rng.sample(range(len(hand)), wilds):
            hand[index] = wild
        changed.append(sorted(hand))
    return changed


def losing_hands(game, count: int, wilds: int, seed: int) -> tuple[list, list]:
    """`count` pairs of hands (plain, with `wilds` wilds) that do not win with their wilds:
    complete hands with two tiles changed to other number tiles, judged on a game of their
    own (so the measured game's tables stay as cold as the other rows')."""
    judge = load_game(RULES).evaluator.wins
    rng = random.Random(seed)
    wild = game.cards.ids.index("C")
    numbers = [i for i, card in enumerate(game.cards.ids) if card != "C"]
    plain_hands: list[list[int]] = []
    wild_hands: list[list[int]] = []
    batch = 0
    while len(plain_hands) < count:
        batch += 1
        for hand in complete_hands(game, count, seed * 100 + batch):
            for index in rng.sample(range(len(hand)), 2):
                hand[index] = rng.choice(numbers)
            if max(hand.count(card) for card in hand) > 4:
                continue
            hand.sort()
            changed = with_wilds([hand], wilds, wild, rng.getrandbits(32))[0]
            if not judge(changed) and len(plain_hands) < count:
                plain_hands.append(hand)
                wild_hands.append(changed)
    return plain_hands, wild_hands


def with_win_cards(hands: list[list[int]], seed: int) -> list[tuple[list[int], int]]:
    """Each hand with one of its cards, chosen at random, taken out as its winning card."""
    rng = random.Random(seed)
    split = []
    for hand in hands:
        rest = list(hand)
        win = rest.pop(rng.randrange(len(rest)))
        split.append((rest, win))
    return split


def _row(figures: dict, ratio: Ratio) -> dict[str, object]:
    """Both sides' per-call CPU (min, median, µs) and the wild side's share of the plain's."""
    plain, wild = figures["plain"], figures["wild"]
    return {
        "plain_us": [round(plain.min_us, 1), round(plain.median_us, 1)],
        "wild_us": [round(wild.min_us, 1), round(wild.median_us, 1)],
        "wild_over_plain": ratio.to_json(),
    }


def hand_figures(rounds: int, per_round: int, win_card: bool = False) -> dict[str, object]:
    game = load_game(RULES)
    wild = game.cards.ids.index("C")
    wins, evaluate = game.evaluator.wins, game.evaluate
    results: dict[str, object] = {}
    for wilds in range(1, 5):
        sets = {}
        losing = {}
        for at in range(rounds):
            plain = complete_hands(game, per_round, 1000 * wilds + at)
            sets[at] = (plain, with_wilds(plain, wilds, wild, at))
            if not win_card:
                losing[at] = losing_hands(game, per_round, wilds, 1000 * wilds + at)
        won = {
            at: (with_win_cards(plain, at), with_win_cards(wild_side, at))
            for at, (plain, wild_side) in sets.items()
        }

        def side(which: int, best: bool, sets: dict = sets, won: dict = won):
            def share(index: int) -> tuple[int, int]:
                if win_card:
                    return won_share(won[index][which], best)
                hands = sets[index][which]
                start = process_time_ns()
                if best:
                    for hand in hands:
                        _ = evaluate(hand).best
                else:
                    for hand in hands:
                        wins(hand)
                return process_time_ns() - start, len(hands)

            return share

        def won_share(hands: list[tuple[list[int], int]], best: bool) -> tuple[int, int]:
            start = process_time_ns()
            if best:
                for hand, card in hands:
                    _ = evaluate(hand, None, card, "self").best
            else:
                for hand, card in hands:
                    wins(hand, (), card, "self")
            return process_time_ns() - start, len(hands)

        rows = [("win test", False, sets), ("best split", True, sets)]
        if not win_card:  # hands that do not win: concealed cards alone
            rows.insert(1, ("win test, no win", False, losing))
        for label, best, hands in rows:
            figures = interleave(
                rounds, {"plain": side(0, best, hands), "wild": side(1, best, hands)}
            )
            ratio = Ratio.of(figures["plain"], figures["wild"])  # wild time / plain time
            label = f"{label} with a winning card" if win_card else label
            results[f"{label}, {wilds} wild"] = {
                "plain_us": [
                    round(figures["plain"].min_us, 1),
                    round(figures["plain"].median_us, 1),
                ],
                "wild_us": [round(figures["wild"].min_us, 1), round(figures["wild"].median_us, 1)],
                "wild_over_plain": ratio.to_json(),
            }
    return results


def plain_copy(folder: Path) -> Path:
    """rules/hongzhong.rules with 紅中 a plain tile: no wild clause, discard rule, never of;
    the four 紅中 that win at once named as cards rather than as the wild cards."""
    text = RULES.read_text(encoding="utf-8")
    text = re.sub(r"\nwild [^\n]*\{.*?\n\}\n", "\n", text, flags=re.S)
    text = re.sub(r"\ndiscard \[[^\n]*\{.*?\n\}\n", "\n", text, flags=re.S)
    text = re.sub(r"\n *never of wild[^\n]*", "", text)
    text = text.replace("if wilds = 0 then 4 × 底 else 2 × 底", "2 × 底")
    text = text.replace("when holding 4 of wild", "when holding 4 of C")  # four 紅中 still win
    path = folder / "hongzhong-plain.rules"
    path.write_text(text, encoding="utf-8")
    return path


def greedy_figures(rounds: int, hands: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        games = {"wild": load_game(RULES), "plain": load_game(plain_copy(Path(folder)))}

        def side(name: str):
            game = games[name]

            def share(index: int) -> tuple[int, int]:
                seeds = random.Random(index)
                bots = [make_bot("greedy", seeds.getrandbits(32)) for _ in range(4)]
                steps = 0
                start = process_time_ns()
                for hand in range(hands):
                    table = Table(game, seed=index * 1000 + hand)
                    while not table.state.finished:
                        seat = table.waiting_for()[0]
                        table.apply(bots[seat].choose(table, seat))
                        steps += 1
                return process_time_ns() - start, steps

            return share

        figures = interleave(rounds, {"plain": side("plain"), "wild": side("wild")})
    ratio = Ratio.of(figures["plain"], figures["wild"])
    return {"greedy decision": _row(figures, ratio)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds")
    parser.add_argument("--hands", type=int, default=300, help="hands per round (w1)")
    parser.add_argument("--games", type=int, default=10, help="greedy hands per round (w2)")
    parser.add_argument(
        "--win-card", action="store_true", help="hands with a winning card (w1 alone)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.win_card:
        figures = hand_figures(args.rounds, args.hands, win_card=True)
    else:
        figures = {
            **hand_figures(args.rounds, args.hands),
            **greedy_figures(args.rounds, args.games),
        }
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return
    for name, row in figures.items():
        ratio = row["wild_over_plain"]  # type: ignore[index]
        print(
            f"{name}: plain {row['plain_us'][0]} µs ({row['plain_us'][1]} median), "  # type: ignore[index]
            f"wild {row['wild_us'][0]} µs ({row['wild_us'][1]}), "  # type: ignore[index]
            f"wild/plain {ratio['at_min']:.2f}× at min, {ratio['at_median']:.2f}× at median"
        )


if __name__ == "__main__":
    main()
