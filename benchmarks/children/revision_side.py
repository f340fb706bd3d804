"""One side of `bench_revisions.py`: the project's code of one revision, timing the work it
is asked for, one round at a time.

    PYTHONPATH=SHIM python benchmarks/children/revision_side.py TREE

`tablerules` is imported from SHIM (a folder laid out as the installed package, over the
source tree TREE of one revision); the rule files are TREE's own bundled ones. The benchmark
hands come from `bench_hands.py` beside this folder, the same for every revision.

The parent writes one JSON request per line on stdin and reads one JSON answer per line on
stdout: `{"task": NAME, "round": R, "size": N}` → `{"ns": CPU, "calls": N, "answer": X}`,
where `ns` is this process's CPU time for the work alone and `answer` a checksum of what the
work computed (the two revisions did the same work when their answers agree). A first
request `{"hello": true}` answers where `tablerules` was imported from.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from time import process_time_ns
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench_hands

from bench_hands import group_hands, mahjong_hands
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.engine import Table

try:
    from tablerules.interpreter.bots.players import GreedyBot, RandomBot
except ModuleNotFoundError:  # a revision from before the interpreter's subpackages
    from tablerules.interpreter.bots import GreedyBot, RandomBot  # type: ignore[no-redef]

PMZ_SEED = 136  # the seeds of bench_evaluate.py, so the hands are of the same kind
PHZ_SEED = 80
WARMUP_SEED = 50_000
PLAY_SEED = 2_024
BOTS = {"random": RandomBot, "greedy": GreedyBot}

Task = Callable[[int, int], tuple[int, int, int]]  # (round, size) -> (ns, calls, answer)


def consume(evaluation: Any) -> int:
    """Read what a full evaluation promises: every split's groups and total, and the best."""
    seen = 0
    for split in evaluation.decompositions:
        seen += len(split.groups) + split.total
    best = evaluation.best
    return seen + (best.total if best is not None else 0)


def as_cards(counts: list[int]) -> list[int]:
    return [card for card, n in enumerate(counts) for _ in range(n)]


class Side:
    """The games of one revision, compiled once and warmed, and the tasks timed on them."""

    def __init__(self, tree: Path, warmup: int) -> None:
        rules = tree / "rules"
        self.paomazai = load_game(rules / "paomazai.rules")
        self.paohuzi = load_game(rules / "paohuzi.rules")
        for counts in mahjong_hands(WARMUP_SEED, warmup)[0]:  # a game in its steady state
            consume(self.paomazai.evaluate(as_cards(counts)))
        for cards in self.paohuzi_hands(WARMUP_SEED, warmup)[0]:
            self.paohuzi.evaluate(cards)
        self.tasks: dict[str, Task] = {
            "跑馬仔 evaluate": self.paomazai_evaluate,
            "跑馬仔 win test": self.paomazai_win_test,
            "跑胡子 evaluate": self.paohuzi_evaluate,
            "跑馬仔 play random": lambda r, n: self.play(self.paomazai, "random", r, n),
            "跑胡子 play random": lambda r, n: self.play(self.paohuzi, "random", r, n),
            "跑馬仔 play greedy": lambda r, n: self.play(self.paomazai, "greedy", r, n),
            "跑胡子 play greedy": lambda r, n: self.play(self.paohuzi, "greedy", r, n),
        }

    def paohuzi_hands(self, seed: int, count: int) -> tuple[list[list[int]], list[list[int]]]:
        groups = [i.cards for i in self.paohuzi.compiled.instances if len(i.cards) == 3]
        return group_hands(seed, count, groups, len(self.paohuzi.cards), n_groups=5, size=15)

    def paomazai_evaluate(self, index: int, size: int) -> tuple[int, int, int]:
        """Full evaluation of new complete 14-tile hands, every split read."""
        hands = [as_cards(c) for c in mahjong_hands(PMZ_SEED + index, size)[0]]
        evaluate = self.paomazai.evaluate
        answer = 0
        start = process_time_ns()
        for cards in hands:
            answer += consume(evaluate(cards))
        return process_time_ns() - start, len(hands), answer

    def paomazai_win_test(self, index: int, size: int) -> tuple[int, int, int]:
        """The win test of new random 14-tile hands, packed outside the clock."""
        pack = self.paomazai.compiled.pack_counts
        hands = [pack(c) for c in mahjong_hands(PMZ_SEED + index, size)[1]]
        wins = self.paomazai.evaluator.wins_packed
        answer = 0
        start = process_time_ns()
        for packed in hands:
            answer += bool(wins(packed))
        return process_time_ns() - start, len(hands), answer

    def paohuzi_evaluate(self, index: int, size: int) -> tuple[int, int, int]:
        """The best split of new complete 15-card 跑胡子 hands."""
        hands = self.paohuzi_hands(PHZ_SEED + index, size)[0]
        evaluate = self.paohuzi.evaluate
        answer = 0
        start = process_time_ns()
        for cards in hands:
            best = evaluate(cards).best
            if best is not None:
                answer += 1 + best.total + len(best.groups)
        return process_time_ns() - start, len(hands), answer

    @staticmethod
    def play(game: Game, bot: str, index: int, size: int) -> tuple[int, int, int]:
        """Whole hands, a bot at every seat; the answer sums their decisions and money."""
        seeds = random.Random(PLAY_SEED + index * 7_919)
        hand_seeds = [seeds.getrandbits(32) for _ in range(size)]
        seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
        bots = [BOTS[bot](seeds.getrandbits(32)) for _ in range(seats)]
        answer = 0
        start = process_time_ns()
        for hand_seed in hand_seeds:
            table = Table(game, seed=hand_seed)
            while not table.finished:
                seat = table.waiting_for()[0]
                table.apply(bots[seat].choose(table, seat))
                answer += 1
            answer += sum(abs(amount) for amount in table.totals())
        return process_time_ns() - start, len(hand_seeds), answer


def main() -> int:
    tree = Path(sys.argv[1])
    warmup = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000
    side: Side | None = None
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("hello"):  # where each layer came from: the parent checks its tree
            imported = {}
            for layer in ("dsl", "interpreter", "cli"):
                module = importlib.import_module(f"tablerules.{layer}")
                imported[layer] = str(Path(module.__file__ or "").resolve())
            answer: dict[str, Any] = {"imported": imported}
        else:
            if side is None:
                side = Side(tree, warmup)
            ns, calls, checksum = side.tasks[request["task"]](request["round"], request["size"])
            answer = {"ns": ns, "calls": calls, "answer": checksum}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
