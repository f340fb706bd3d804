"""A hand with a combinatorial number of splits is counted, not listed: its evaluation lists
at most `LISTED_SPLITS` splits and the best of each signature, says how many it left out,
and stays within bounded time and memory (docs/reliability.md, "Limits")."""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.search import searcher as search_module
from tablerules.interpreter.search.leaf import Leaf
from tablerules.interpreter.search.split_count import LISTED_SPLITS, surely_listed

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

# any two or three pebbles of one colour make a group: a hand of forty splits in some 10^10 ways
MANY_SPLITS = """extends "minimal.rules"

group duo "two of one colour" [PEB-3] {
  pattern 2 alike in colour
  in hand
  concealed
}

group trio "three of one colour" [PEB-3] {
  pattern 3 alike in colour
  in hand
  concealed
}

override win [PEB-3] {
  groups GROUPS
}
"""
FORTY = "111222333444555r 111222333444555g 1112223334b"


def many_splits(folder: Path, groups: int) -> Path:
    """The rule file above, in `folder`, winning with `groups` groups."""
    (folder / "minimal.rules").write_text(
        (EXAMPLES / "minimal.rules").read_text(encoding="utf-8"), encoding="utf-8"
    )
    path = folder / "many.rules"
    path.write_text(MANY_SPLITS.replace("GROUPS", str(groups)), encoding="utf-8")
    return path


@pytest.fixture
def rules_file(tmp_path: Path) -> Path:
    return many_splits(tmp_path, 6)


def packed(game: Game, text: str) -> int:
    return sum(1 << (card * 8) for card in game.parse(text))


def test_the_count_is_the_number_of_splits_the_search_lists(
    rules_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_module, "LISTED_SPLITS", 10**9)  # list every split
    game = load_game(rules_file)
    search = game.evaluator.search
    for hand in ("1r1r2r2r3r", "112233r 1122g 4b4b", "111222333r 111222g 1b2b3b"):
        hand_packed = packed(game, hand)
        listed = search.fragments(hand_packed)
        assert len(listed) > 1
        assert search.count(hand_packed) == len(listed)
        assert len(set(f[0] for f in listed)) == len(listed)


def test_a_hand_with_more_splits_lists_some_and_counts_the_rest(
    rules_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_module, "LISTED_SPLITS", 10**9)
    hand = "111222333r 111222g 1b2b3b"  # 18 cards, some splits in 6 groups
    whole = load_game(rules_file)
    everything = whole.evaluate_text(hand)
    every_split = len(whole.evaluator.search.fragments(packed(whole, hand)))
    # read while every split is listed (the splits left out are counted when first read)
    assert everything.left_out == 0 and "splits_not_listed" not in everything.to_json()
    monkeypatch.setattr(search_module, "LISTED_SPLITS", 50)
    game = load_game(rules_file)
    capped = game.evaluate_text(hand)
    listed = len(game.evaluator.search.fragments(packed(game, hand)))
    assert 50 <= listed < every_split
    assert capped.left_out == every_split - listed
    assert len(capped.candidates) < len(everything.candidates)
    assert capped.wins and everything.wins
    assert everything.best is not None and capped.best is not None
    assert capped.best.total == everything.best.total
    assert capped.to_json()["splits_not_listed"] == capped.left_out


def _limit_memory() -> None:
    limit = 1 << 30  # 1 GB: listing every split of the hand needs several
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def test_evaluate_of_forty_cards_with_billions_of_splits_is_bounded(tmp_path: Path) -> None:
    rules_file = many_splits(tmp_path, 16)
    command = [sys.executable, "-m", "tablerules", "evaluate", str(rules_file), "--hand", FORTY]
    done = subprocess.run(
        [*command, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["wins"] is True
    left_out = record["splits_not_listed"]
    assert left_out > 10**9
    assert len(record["decompositions"]) <= LISTED_SPLITS
    text = subprocess.run(
        command, capture_output=True, text=True, timeout=120, preexec_fn=_limit_memory, check=False
    )
    assert text.returncode == 0, text.stderr
    assert f"… {left_out:,} more splits not listed" in text.stdout


@pytest.mark.parametrize("name", ["hongzhong", "hongkong", "many"])
def test_a_part_of_few_cards_has_few_splits(name: str, rules_file: Path) -> None:
    """`SplitCounter.few_cards`: a leaf's part of at most `surely_listed` cards, listed
    without a count first, never has more than `LISTED_SPLITS` splits, on random parts of
    every leaf holding exactly that many cards or fewer (the file above, where any two or
    three of a colour make a group, has parts of a dozen cards with thousands)."""
    path = rules_file if name == "many" else ROOT / "rules" / f"{name}.rules"
    search = load_game(path).evaluator.search
    rng = random.Random(7)
    checked = 0
    for node in search.nodes:
        if not isinstance(node, Leaf):
            continue
        size = (node.mask.bit_length() + 7) // 8
        most = surely_listed(node)
        for _ in range(150):
            counts = [0] * size
            for _ in range(rng.choice((most, most, rng.randint(0, most)))):
                counts[rng.randrange(size)] += 1
            part = int.from_bytes(bytes(min(count, 3) for count in counts), "little")
            assert search.counter.few_cards(node, part)
            assert search.counter.count(node, part) <= LISTED_SPLITS
            checked += 1
    assert checked >= 300
