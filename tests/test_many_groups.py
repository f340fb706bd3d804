"""A win of 16 groups or more, or of 16 pairs: the engine offers it whenever `evaluate`
says the hand wins. The win test packs a split's groups, pairs and trigger groups into one
signature; each field is as wide as the rules' hands need (`compiling/signature_layout.py`),
and a hand too large for the fields is judged split by split."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.signature_layout import SIGNED_CARDS
from tablerules.interpreter.engine import Table

DECK = """\
attribute colour: red | green | blue | grey [T-1]
attribute number: 1..9 [T-1]

deck [T-1] {{
  copies 4
{cards}
}}

zone pile shared hidden [T-1]
zone hand per seat private [T-1]
zone discards per seat public [T-1]
"""

PLAY = """\
turn [T-3] {
  dealer begins by drawing
  draw from pile head, kept
}

action win "win" [T-3] {
  on draw by self
  on discard by others
  win
  priority 2
}

end [T-3] {
  drawn hand when pile is empty
}

settle win [T-3] {
  otherwise: discarder pays 1 "discard"
}

next dealer [T-3] {
  after win: winner
  after drawn hand: next of dealer
}
"""


def _cards() -> str:
    letters = {"red": "r", "green": "g", "blue": "b", "grey": "y"}
    return "\n".join(
        f"  {n}{letter} colour={colour} number={n}"
        for colour, letter in letters.items()
        for n in range(1, 10)
    )


def _game(tmp_path: Path, dealt: int, groups: str, win: str) -> Game:
    text = (
        'game many "Many groups" [T-1]\nseats 2 [T-1]\n\n'
        + DECK.format(cards=_cards())
        + f"\ndeal [T-1] {{\n  {dealt} to each hand\n  rest to pile\n}}\n\n"
        + groups
        + win
        + PLAY
    )
    path = tmp_path / "many.rules"
    path.write_text(text, encoding="utf-8")
    return load_game(path)


SINGLES = """\
group single "one card" [T-2] {
  pattern same 1
  in hand
  concealed
}

"""

PAIRS = """\
group pair "two alike" [T-2] {
  pattern same 2
  in hand
  concealed
}

"""


def _first_draw(game: Game, hand: str, drawn: str) -> tuple[bool, bool]:
    """(the engine offers the dealer a win on its first draw, evaluate says it wins)."""
    other = "9y " * 3 + "8y " * 3
    hands = [game.parse(hand), game.parse(other)]
    table = Table(game, dealer=0, hands=hands, wall=game.parse(drawn + " 7y 7y"))
    offered = any(c.action == "win" for c in table.legal_actions(0))
    evaluation = game.evaluate(game.parse(hand), win_card=game.parse(drawn)[0], source="self")
    return offered, evaluation.wins


@pytest.mark.parametrize("groups", [16, 17, 20])
def test_a_win_of_16_groups_and_more_is_offered(tmp_path: Path, groups: int) -> None:
    game = _game(tmp_path, groups - 1, SINGLES, f"win [T-2] {{\n  groups {groups}\n}}\n\n")
    cards = [f"{n}{c}" for c in "rgb" for n in range(1, 10)][:groups]
    offered, wins = _first_draw(game, " ".join(cards[:-1]), cards[-1])
    assert wins
    assert offered


def test_a_win_of_16_pairs_is_offered(tmp_path: Path) -> None:
    win = "win [T-2] {\n  groups 16\n  pairs of pair: 16\n}\n\n"
    game = _game(tmp_path, 31, PAIRS, win)
    cards = [f"{n}{c}" for c in "rg" for n in range(1, 9)]
    hand = " ".join(cards * 2)
    offered, wins = _first_draw(game, hand.rsplit(" ", 1)[0], cards[-1])
    assert wins
    assert offered


def test_a_hand_one_group_short_of_the_win_is_not_offered(tmp_path: Path) -> None:
    game = _game(tmp_path, 15, SINGLES + PAIRS, "win [T-2] {\n  groups 17\n}\n\n")
    cards = [f"{n}{c}" for c in "rg" for n in range(1, 9)]
    offered, wins = _first_draw(game, " ".join(cards[:-1]), cards[-1])
    assert (offered, wins) == (False, False)


def test_a_hand_larger_than_the_signatures_count_is_judged_split_by_split(
    tmp_path: Path,
) -> None:
    # 33 pairs: in a field of pairs as wide as the largest hand the signatures count, the
    # 33rd would carry into the groups and the win would pass for another signature
    game = _game(tmp_path, 30, PAIRS, "win [T-2] {\n  groups 33\n  pairs of pair: 33\n}\n\n")
    kinds = [f"{n}{c}" for c in "rgby" for n in range(1, 10)][:33]
    hand = game.parse(" ".join(kinds * 2))
    assert len(hand) > SIGNED_CARDS  # the most a signature counts
    assert game.evaluate(hand).wins
    assert game.evaluator.wins(hand)
    short = game.parse(" ".join(kinds * 2 + ["9y"]))
    assert not game.evaluate(short).wins
    assert not game.evaluator.wins(short)
