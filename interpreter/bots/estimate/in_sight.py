"""The cards a seat has in sight, as every bot reads them: what it holds, every discard,
every table group shown (its own whole, concealed or not), and the card turned up at the
deal for a wild (out of play). What is not in sight may still come: the bots' estimates of
live cards, imagined deals and dangers read the rest."""

from __future__ import annotations

from tablerules.interpreter.engine import Table


def seen_outside_hand(table: Table, seat: int) -> list[int]:
    """Copies of each card `seat` sees outside its hand."""
    state = table.state
    seen = [0] * len(table.game.compiled.cards)
    if state.turned is not None:
        seen[state.turned] += 1
    for index, other in enumerate(state.seats):
        for card in other.discards:
            seen[card] += 1
        for group in other.table:
            if index == seat or not group.concealed:
                for card in group.cards:
                    seen[card] += 1
    return seen


def unseen(table: Table, seat: int) -> list[int]:
    """Copies of each card not in `seat`'s sight (never fewer than none)."""
    copies = table.game.compiled.cards.copies_of
    held = table.state.seats[seat].hand
    seen = seen_outside_hand(table, seat)
    return [max(total - own - out, 0) for total, own, out in zip(copies, held, seen, strict=True)]
