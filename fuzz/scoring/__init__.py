"""Rule files that reach scoring at play time: a real game extended with random scoring.

Each file `extends` a base (`fuzz.bases`) and adds what regional rules add: a score with a
start, a cap and `decides the best split`; hand patterns with `when` conditions, `counts`,
`worth N` and `worth ×N`, `excludes` and `limit` (several limits at once among them); a
table; group kinds with `where` filters and `never split`, new or overriding the base's;
a `win` with more lines (`score … at least`, `when`, many groups); a settlement whose
amounts use `max`/`min` (one argument too), tables, huge numbers, labels a spreadsheet
would read as formulas; the base's bonus draw paid `per hit`; a number carried from hand to
hand (`carry`) that a settlement pays; money at a drawn hand between seats chosen by their
hands, refunds and transfers of the actions' payments; play after a win (`a winner leaves
the hand`); phases before play (an exchange, a declaration read by `declared ATTR`, the
declared cards discarded first, a claim never taken with them); a win on the dealer's
last dealt card (`on deal card by self`); and wins shown on the deal while play goes on
(`immediate win … play goes on` with its `pays:`). Most of them check, so the engine plays
them and the evaluator settles them. A `Pebbles` game scaled up (more copies, a deal of up
to 40 cards, up to 18 groups) reaches the win signature's counts.

`files` draws a file; `writer` writes one over a base, its clauses from `expressions`,
`hand_clauses`, `money_clauses` and `play_clauses`, their words from `words`.
"""

from fuzz.scoring.files import scaled_pebbles, scoring_file
from fuzz.scoring.writer import Writer

__all__ = ["Writer", "scaled_pebbles", "scoring_file"]
