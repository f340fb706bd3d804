"""The invariants, one module to a family of rules: those of every game (`every_game`,
`flow`), of a mechanic (kongs added, bonus cards, drawn hands, cards shown, turned cards,
wild cards) and of one game's documents; `reproduce` replays and replays from seeds. Each
registers its invariants with `@invariant` when imported (`logcheck/__init__.py`)."""
