"""Splitting a packed hand into groups, block by block (`searcher`): the reachable
signatures, every split, or the best split per signature, each block's part solved card by
card (`leaf`) or cut in two (`cut`); splits counted or listed one by one; and the quick
tests play asks of a hand (its lonely cards, the 'never split' rule)."""
