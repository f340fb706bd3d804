"""A seat that is none of the game's, given to `Table.apply` with a label or to
`Table.legal_actions`, is refused with the seats there are: not read as another seat
(seat 9 of four was named as seat 1's wind), not an empty list, not a TypeError."""

from __future__ import annotations

import pytest
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import IllegalAction, Table


@pytest.mark.parametrize("seat", [9, -1, "x", 4])
def test_a_seat_outside_the_game_is_refused(seat: object) -> None:
    table = Table(load_game("paomazai"), seed=1)
    with pytest.raises(IllegalAction, match=r"not a seat of the game \(0 to 3\)"):
        table.apply("discard 一萬", seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"not a seat of the game \(0 to 3\)"):
        table.legal_actions(seat)  # type: ignore[arg-type]


def test_a_seat_of_the_game_not_asked_still_has_no_choices() -> None:
    table = Table(load_game("paomazai"), seed=1)
    others = [seat for seat in range(4) if seat not in table.waiting_for()]
    assert others and all(table.legal_actions(seat) == [] for seat in others)
