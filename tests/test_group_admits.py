"""A group kind admits the cards its pattern stands for, `where` filters included, and
nothing else, wherever a group is built from cards: a claim of alike cards, a kong on a
discard, a group from the hand, an added kong, a table group given to `evaluate`. One
predicate answers all of them (`CompiledRules.admits`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.players import RandomBot, play_hand
from tablerules.interpreter.engine import Table
from tablerules.interpreter.hand.evaluate import HandError

# three alike and four alike leave the ghost out; two alike take it
GHOSTS = """\
game ghostly "Ghostly" [G-1]
seats 2 [G-1]

attribute colour: red | green | grey [G-1]
attribute number: 1..3 [G-1]
attribute ghost: yes | no [G-1]

deck [G-1] {
  copies 4
  1r  colour=red number=1 ghost=no
  2r  colour=red number=2 ghost=no
  3r  colour=red number=3 ghost=no
  1g  colour=green number=1 ghost=no
  2g  colour=green number=2 ghost=no
  3g  colour=green number=3 ghost=no
  G   colour=grey number=1 ghost=yes
}

zone pile shared hidden [G-1]
zone hand per seat private [G-1]
zone table per seat public [G-1]
zone discards per seat public [G-1]

deal [G-1] {
  4 to each hand
  rest to pile
}

group three "three alike" [G-2] {
  pattern same 3, where ghost no
  in hand, on table
  shown
}

group four "four alike" [G-2] {
  pattern same 4, where ghost no
  on table
  shown
}

group pair "two alike" [G-2] {
  pattern same 2
  in hand
  concealed
}

win [G-2] {
  groups 2
  pairs of pair: 1
}

turn [G-3] {
  dealer begins by drawing
  draw from pile head, kept
  replacement from pile tail
}

action win "win" [G-3] {
  on draw by self
  on replacement by self
  on discard by others
  win
  priority 3
}

action take "a pong" [G-3] {
  on discard by others: the card and 2 alike from hand
  makes three
  priority 2
  then discard
}

action kong "a kong on a discard" [G-3] {
  on discard by others: the card and 3 alike from hand
  makes four
  priority 2
  then replacement
}

action hidden "a concealed kong" [G-3] {
  on turn by self: 4 alike from hand
  makes four concealed
  then replacement
}

ties [G-3] {
  others: nearest
}

end [G-3] {
  drawn hand when pile is empty
}

settle win [G-3] {
  otherwise: discarder pays 1 "discard"
}

next dealer [G-3] {
  after win: winner
  after drawn hand: next of dealer
}
"""


@pytest.fixture(scope="module")
def ghostly(tmp_path_factory: pytest.TempPathFactory) -> Game:
    path: Path = tmp_path_factory.mktemp("rules") / "ghostly.rules"
    path.write_text(GHOSTS, encoding="utf-8")
    return load_game(path)


def _after_discard(game: Game, discarder: str, claimer: str, card: str) -> tuple[Table, set[str]]:
    """The dealer draws 2g and discards `card`; the labels the other seat is offered."""
    hands = [game.parse(discarder), game.parse(claimer)]
    table = Table(game, dealer=0, hands=hands, wall=game.parse("2g 1r 1g 2r 3r 3g"))
    table.apply(f"discard {game.cards.display[game.parse(card)[0]]}", 0)
    return table, {c.label for c in table.legal_actions(1)}


def test_no_pong_of_cards_the_group_kind_leaves_out(ghostly: Game) -> None:
    table, offered = _after_discard(ghostly, "G 1r 2r 3r", "G G 2g 3g", "G")
    assert not any(label.startswith("take") for label in offered)
    assert not [e for e in table.events if e["type"] == "window"]  # nobody was asked


def test_no_kong_on_a_discard_of_cards_the_group_kind_leaves_out(ghostly: Game) -> None:
    _, offered = _after_discard(ghostly, "G 1r 2r 3r", "G G G 3g", "G")
    assert not any(label.startswith(("take", "kong")) for label in offered)


def test_a_pong_and_a_kong_of_cards_the_kind_admits_are_offered(ghostly: Game) -> None:
    _, offered = _after_discard(ghostly, "1g 1r 2r 3r", "1g 1g 1g 3g", "1g")
    assert {"take 1g1g1g", "kong 1g1g1g1g"} <= offered


def test_no_concealed_kong_of_cards_the_kind_leaves_out(ghostly: Game) -> None:
    hands = [ghostly.parse("G G G 1r"), ghostly.parse("1g 2g 3g 2r")]
    table = Table(ghostly, dealer=0, hands=hands, wall=ghostly.parse("G 1r 1g 2r 3r 3g"))
    assert not any(c.action == "hidden" for c in table.legal_actions(0))


def test_the_predicate_is_the_evaluators_check_of_a_table_group(ghostly: Game) -> None:
    compiled = ghostly.compiled
    three = compiled.kind_index["three"]
    assert not compiled.admits(three, ghostly.parse("G G G"))
    assert compiled.admits(three, ghostly.parse("1r 1r 1r"))
    with pytest.raises(HandError):
        ghostly.evaluator.table_group("three", ghostly.parse("G G G"))
    assert ghostly.evaluator.table_group("three", ghostly.parse("1r 1r 1r")).kind == three


def test_every_group_played_onto_the_table_is_one_evaluate_admits(ghostly: Game) -> None:
    kinds = ghostly.compiled.kinds
    laid = 0
    for seed in range(40):
        table = play_hand(ghostly, [RandomBot(seed * 2 + seat) for seat in range(2)], seed)
        for seat in table.state.seats:
            for group in seat.table:
                ghostly.evaluator.table_group(kinds[group.kind].name, group.cards)
                laid += 1
    assert laid > 0


def test_a_group_never_counts_as_a_kind_that_leaves_its_cards_out(tmp_path: Path) -> None:
    """`completed by discard: counts as three` renames a group only where `three` admits
    its cards: three ghosts completed by a discard stay what they were formed as."""
    text = GHOSTS.replace(
        'group pair "two alike" [G-2] {',
        'group any "any three alike" [G-2] {\n  pattern same 3\n  in hand\n  concealed\n'
        "  completed by discard: counts as three\n}\n\n"
        'group pair "two alike" [G-2] {',
    )
    path = tmp_path / "ghostly-any.rules"
    path.write_text(text, encoding="utf-8")
    game = load_game(path)
    ghosts = game.evaluate_text("G G 1r 1r", win_card="G", source="discard")
    assert ghosts.wins and ghosts.best is not None
    held = [g for g in ghosts.best.groups if "G" in g.cards]
    assert [(g.kind, g.formed_as) for g in held] == [("any", "any")]
    plain = game.evaluate_text("1g 1g 1r 1r", win_card="1g", source="discard")
    assert plain.best is not None
    assert [g.kind for g in plain.best.groups if "1g" in g.cards] == ["three"]
