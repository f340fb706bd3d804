"""The differential test: the engine's wins against `Game.evaluate`.

At every card offered in a hand played by bots (a draw, a replacement, a discard, a shown
card, an added kong), each seat a win way of the rules is open to must be offered a win by
the engine exactly when `Game.evaluate` says its hand wins with that card, in that
situation (how the card came, the seat from the dealer, the table groups, the first draw,
the last card...). `watch` records the moments from a table, `judge` asks `evaluate`,
`generate` writes rule files from templates, `run` plays and plans runs; `python -m
differential` runs any number of hands on every core (`tests/test_differential.py` runs a
sample in `make test`, thousands of hands in `make logcheck`).
"""
