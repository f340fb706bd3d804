"""Every split of a hand is listed in one order, however its blocks' splits are joined.

A hand's splits are listed as a search that places the lowest card first, the smallest
instance first, would find them (PMZ-4: any complete hand of four melds and a pair wins, and
a hand may make one more than one way; every way is listed). The searcher joins each block's
splits as the blocks list them, without sorting the joined list
(`interpreter/search/searcher.py`): these hands have several splits in more than one block,
so the join must multiply them in that order.
"""

from __future__ import annotations

import itertools
import random

from tablerules.interpreter import Game


def listed_order(ranks: list[int], split: tuple[int, ...]) -> list[int]:
    """The order key of a split: its instances' ranks (lowest card first), sorted."""
    return sorted(ranks[ident] for ident in split)


def test_splits_of_several_blocks_come_in_search_order(pmz: Game) -> None:
    game = pmz
    search = game.evaluator.search
    ranks = search.rank
    rng = random.Random(23)
    several_blocks = 0
    for _ in range(150):
        counts = [0] * len(game.cards)
        # runs of three alike in two or three suits: each suit's part splits several ways
        for suit in rng.sample([0, 9, 18], rng.choice([2, 3])):
            start = suit + rng.randrange(7)
            for card in range(start, start + 3):
                counts[card] += 3
        if rng.random() < 0.5:
            counts[27] += 2  # a pair of an honour: a block with one split among them
        packed = game.compiled.pack_counts(counts)
        fragments = search.fragments(packed)
        splits = [fragment[0] for fragment in fragments]
        assert all(split == tuple(sorted(split)) for split in splits)
        keys = [listed_order(ranks, split) for split in splits]
        assert keys == sorted(keys)
        # the same splits as every block's splits multiplied out
        per_block = []
        for node, shift, mask in search.blocks:
            part = (packed >> shift) & mask
            if part:
                per_block.append([f[0] for f in node.splits(part)])
        several_blocks += sum(len(block) > 1 for block in per_block) > 1
        product = {tuple(sorted(itertools.chain(*ways))) for ways in itertools.product(*per_block)}
        assert set(splits) == product and len(splits) == len(product)
        # and each split's sums are its groups' sums
        for ids, total, pairs, triggers in fragments:
            facts = [search.facts[ident] for ident in ids]
            assert (total, pairs, triggers) == tuple(map(sum, zip(*facts, strict=True)))
    assert several_blocks > 75
