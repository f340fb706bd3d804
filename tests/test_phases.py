"""Phases before play (an exchange of cards, a declaration), `declared ATTR` in card lists,
and the discard clause's `first` cards: checked, carried out, shown to each seat, played
by the bots."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot, play_hand
from tablerules.interpreter.engine import IllegalAction, Table
from tablerules.interpreter.engine.views import HIDDEN, seat_events
from tablerules.interpreter.narration.narrate import Narrator

SICHUAN = Path(__file__).resolve().parents[1] / "rules" / "sichuan.rules"

# four hands of 13, absolute seat order (a rigged deal: the dealer's 14th is left out here)
HANDS = [
    "123m 456m 789m 11p 23p",
    "111s 222s 333s 444s 5s",
    "123p 456p 789p 99s 12m",
    "555m 666m 777p 888p 9s",
]


@pytest.fixture(scope="module")
def sichuan() -> Game:
    return load_game(SICHUAN)


def rigged(game: Game, wall: str = "9m 5p 6p 7p 8p 9p 1s 2s 3s 4s", dealer: int = 0) -> Table:
    hands = [game.parse(h) for h in HANDS]
    return Table(game, dealer=dealer, hands=hands, wall=game.parse(wall))


def choose(table: Table, seat: int, label: str) -> None:
    table.apply(label, seat=seat)


def exchange_all(table: Table, labels: list[str]) -> None:
    for seat, label in enumerate(labels):
        choose(table, seat, label)


PASSES = ["換三張 1m 2m 3m", "換三張 1s 1s 1s", "換三張 9s 9s 1m", "換三張 9s 5m 5m"]


def test_every_seat_chooses_before_any_card_moves(sichuan: Game) -> None:
    table = rigged(sichuan)
    assert table.waiting_for() == [0, 1, 2, 3]
    before = [list(s.hand) for s in table.state.seats]
    choose(table, 0, "換三張 1m 2m 3m")
    assert [list(s.hand) for s in table.state.seats] == before  # nothing moves yet
    assert table.waiting_for() == [1, 2, 3]
    with pytest.raises(IllegalAction, match="not asked to act now"):
        choose(table, 0, "換三張 4m 5m 6m")


def test_an_exchange_passes_each_seats_cards_to_the_next(sichuan: Game) -> None:
    table = rigged(sichuan)
    exchange_all(
        table, ["換三張 1m 2m 3m", "換三張 1s 1s 1s", "換三張 1p 2p 3p", "換三張 5m 5m 5m"]
    )
    event = next(e for e in table.events if e["type"] == "exchange")
    assert event["direction"] == "next"
    assert event["to"] == [1, 2, 3, 0]
    assert event["passed"][1] == ["1s", "1s", "1s"]
    assert event["cites"] == ["SC-2"]
    hand = sichuan.parse
    seat1 = table.state.seats[1].hand
    assert seat1[hand("1m")[0]] == 1 and seat1[hand("1s")[0]] == 0  # got 1m 2m 3m, gave 1s ×3
    seat0 = table.state.seats[0].hand
    assert seat0[hand("5m")[0]] == 4  # its own 5m and seat 3's three
    assert all(sum(s.hand) == 13 for s in table.state.seats)


def test_a_seat_may_pass_only_cards_of_one_value(sichuan: Game) -> None:
    table = rigged(sichuan)
    labels = {c.label for c in table.legal_actions(2)}
    assert "換三張 9s 9s 1m" not in labels  # two suits
    assert "換三張 1m 2m 9s" not in labels
    assert "換三張 1p 2p 3p" in labels
    assert "換三張 9s 9s" not in labels


def test_a_declaration_is_kept_and_logged(sichuan: Game) -> None:
    table = rigged(sichuan)
    exchange_all(
        table, ["換三張 1m 2m 3m", "換三張 1s 1s 1s", "換三張 1p 2p 3p", "換三張 5m 5m 5m"]
    )
    assert table.waiting_for() == [0, 1, 2, 3]
    assert {c.label for c in table.legal_actions(0)} == {"定缺 m", "定缺 p", "定缺 s"}
    for seat, value in enumerate("smpp"):
        choose(table, seat, f"定缺 {value}")
    event = table.events[-1] if table.events[-1]["type"] == "declaration" else None
    declared = next(e for e in table.events if e["type"] == "declaration")
    assert declared["values"] == ["s", "m", "p", "p"] and declared["shown"] is True
    assert event is None or event is declared
    assert [s.declared for s in table.state.seats] == [{"suit": v} for v in "smpp"]
    assert table.view(1)["seats"][0]["declared"] == {"suit": "s"}  # shown: others see it


def test_the_declared_suit_goes_first_and_a_hand_holding_it_cannot_win(sichuan: Game) -> None:
    table = rigged(sichuan)
    exchange_all(
        table, ["換三張 1m 2m 3m", "換三張 1s 1s 1s", "換三張 1p 2p 3p", "換三張 5m 5m 5m"]
    )
    for seat, value in enumerate("pmps"):
        choose(table, seat, f"定缺 {value}")
    # the dealer holds 1p 1p 2p 3p (seat 2's passed p cards went to seat 3)
    labels = [c.label for c in table.legal_actions(0) if c.action == "discard"]
    assert labels and all(label.endswith("筒") for label in labels)
    with pytest.raises(IllegalAction, match="only those may be discarded"):
        choose(table, 0, "discard 四萬")


def test_drawn_direction_comes_from_the_seed_under_its_option() -> None:
    game = load_game(SICHUAN, {"drawn_direction": "true"})
    directions = set()
    for seed in range(12):
        table = play_hand(game, [RandomBot(seed + s) for s in range(4)], seed)
        event = next(e for e in table.events if e["type"] == "exchange")
        step = {"next": 1, "previous": 3, "across": 2}[event["direction"]]
        assert event["to"] == [(s + step) % 4 for s in range(4)]
        directions.add(event["direction"])
        again = play_hand(game, [RandomBot(seed + s) for s in range(4)], seed)
        assert next(e for e in again.events if e["type"] == "exchange") == event
    assert directions == {"next", "previous", "across"}


def test_a_seat_sees_the_cards_it_passed_and_received_only(sichuan: Game) -> None:
    table = rigged(sichuan)
    exchange_all(
        table, ["換三張 1m 2m 3m", "換三張 1s 1s 1s", "換三張 1p 2p 3p", "換三張 5m 5m 5m"]
    )
    seen = next(e for e in seat_events(table, 1) if e["type"] == "exchange")
    assert seen["passed"][0] == ["1m", "2m", "3m"]  # received
    assert seen["passed"][1] == ["1s", "1s", "1s"]  # passed
    assert seen["passed"][2] == [HIDDEN] * 3 and seen["passed"][3] == [HIDDEN] * 3


def test_the_greedy_bot_passes_its_shortest_suit_and_declares_its_fewest(sichuan: Game) -> None:
    table = rigged(sichuan)
    bot = GreedyBot(1)
    pick = bot.choose(table, 2)  # 123p 456p 789p 99s 12m: m and s held twice each (< 3)
    assert pick.label.split()[1].endswith("p")
    exchange_all(table, [bot.choose(table, s).label for s in range(4)])
    for seat in range(4):
        pick = bot.choose(table, seat)
        hand = table.state.seats[seat].hand
        held = {
            v: sum(
                hand[c]
                for c in range(len(hand))
                if sichuan.compiled.cards.attributes[c]["suit"] == v
            )
            for v in "mps"
        }
        assert held[pick.label.split()[1]] == min(held.values())
        choose(table, seat, pick.label)


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_played_hands_keep_the_declared_suit_rules(sichuan: Game, bots: str) -> None:
    """SC-3, SC-4: no discard of another suit while holding the declared one, and no win
    holding it, over whole hands."""
    suit = {
        c: a["suit"]
        for c, a in zip(sichuan.compiled.cards.ids, sichuan.compiled.cards.attributes, strict=True)
    }
    for seed in range(6 if bots == "greedy" else 12):
        maker = RandomBot if bots == "random" else GreedyBot
        table = Table(sichuan, seed=seed)
        players = [maker(seed * 4 + s) for s in range(4)]
        while not table.finished:
            seat = table.waiting_for()[0]
            choice = players[seat].choose(table, seat)
            holder = table.state.seats[seat]
            if choice.action == "discard" and holder.declared:
                void = holder.declared["suit"]
                holds_void = any(
                    n and suit[sichuan.compiled.cards.ids[c]] == void
                    for c, n in enumerate(holder.hand)
                )
                assert not holds_void or suit[sichuan.compiled.cards.ids[choice.card]] == void
            table.apply(choice)
        for winner in table.state.winners:
            holder = table.state.seats[winner]
            void = holder.declared["suit"]
            cards = [c for c, n in enumerate(holder.hand) if n] + [
                c for g in holder.table for c in g.cards
            ]
            assert all(suit[sichuan.compiled.cards.ids[c]] != void for c in cards)


PHASED = """game g
seats 3
attribute suit: a | b
deck {
  copies 4
  1a suit=a
  2a suit=a
  3a suit=a
  1b suit=b
  2b suit=b
  3b suit=b
}
zone hand "h" per seat private
zone wall "w" shared hidden
deal {
  5 to each hand
  rest to wall
}
group 刻 "t" {
  pattern same 3
  in hand
}
win {
  groups 1
}
"""


def diagnostics(tmp_path: Path, extra: str) -> list[str]:
    path = tmp_path / "p.rules"
    path.write_text(PHASED + extra, encoding="utf-8")
    loaded = load(path)
    return [
        f"{d.line}:{d.code} {d.message} | {d.hint}"
        for d in loaded.diagnostics
        if d.severity == "error"
    ]


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (
            "phase x {\n  each seat passes 2 cards of one colour to next\n}\n",
            "E101 unknown attribute 'colour'",
        ),
        (
            "phase x {\n  each seat passes 2 cards of one suit to across\n}\n",
            "'across' needs an even number of seats",
        ),
        (
            "phase x {\n  each seat passes 4 cards of one suit to next\n}\n",
            "may hold fewer than 4 of every suit",
        ),
        ("phase x {\n}\n", "E109 phase 'x' neither passes cards nor declares"),
        (
            "phase x {\n  each seat declares one suit\n"
            "  each seat passes 1 cards of one suit to next\n}\n",
            "already does one thing",
        ),
        ("pattern p {\n  when cards declared suit = 0\n  worth 1\n}\n", "no phase declares a suit"),
        (
            "phase x {\n  each seat passes 2 cards of one suit to next\n"
            "  or, if nothing, to a direction drawn from next previous\n}\n",
            "unknown option 'nothing'",
        ),
        ("discard {\n  first declared suit\n}\n", "no phase declares a suit"),
    ],
)
def test_phase_mistakes_are_located(tmp_path: Path, extra: str, expected: str) -> None:
    found = diagnostics(tmp_path, extra)
    assert any(expected in line for line in found), found
    first_line = PHASED.count("\n") + 1
    assert all(int(line.split(":")[0]) >= first_line for line in found if expected in line)


def test_a_declared_value_is_no_card_list_of_a_seat_card_set(tmp_path: Path) -> None:
    extra = (
        "phase x {\n  each seat declares one suit, shown\n}\n"
        "seat cards s {\n  1: declared suit\n}\n"
    )
    found = diagnostics(tmp_path, extra)
    assert any("read in expressions, 'first' and 'never of' only" in line for line in found), found


def test_a_small_phased_file_checks_and_plays(tmp_path: Path) -> None:
    path = tmp_path / "p.rules"
    path.write_text(
        PHASED
        + "phase x {\n  each seat passes 2 cards of one suit to previous\n}\n"
        + "phase y {\n  each seat declares one suit\n}\n"
        + "turn {\n  dealer begins by drawing\n  draw from wall head, kept\n}\n"
        + "action win {\n  on draw by self\n  win\n}\n"
        + "end {\n  drawn hand when wall is empty\n}\n"
        + "settle win {\n  on draw: each other pays 1\n}\n",
        encoding="utf-8",
    )
    game = load_game(path)
    table = play_hand(game, [RandomBot(s) for s in range(3)], 4)
    exchange = next(e for e in table.events if e["type"] == "exchange")
    assert exchange["to"] == [2, 0, 1]
    declared = next(e for e in table.events if e["type"] == "declaration")
    assert declared["shown"] is False
    assert table.finished
    rng = random.Random(0)
    assert rng  # the hand is reproducible from its seed
    again = play_hand(game, [RandomBot(s) for s in range(3)], 4)
    assert again.events == table.events


def test_the_playground_asks_a_seat_for_its_phase_and_makes_a_legal_label(sichuan: Game) -> None:
    from tablerules.playground.tabs.hand_phase import chosen_label, phase_ask

    table = rigged(sichuan)
    ask = phase_ask(table, 2)
    assert ask is not None and ask.phase.kind == "exchange" and len(ask.held) == 13
    positions = [i for i, (_, name) in enumerate(ask.held) if name in ("一筒", "二筒", "三筒")]
    label = chosen_label(ask, table, positions)
    assert label == "換三張 1p 2p 3p"
    assert label in {c.label for c in table.legal_actions(2)}
    exchange_all(table, ["換三張 1m 2m 3m", "換三張 1s 1s 1s", label, "換三張 5m 5m 5m"])
    ask = phase_ask(table, 0)
    assert ask is not None and ask.phase.kind == "declaration"
    assert dict(ask.values) == {"m": 9, "p": 4, "s": 0}
    choose(table, 0, "定缺 s")
    assert phase_ask(table, 0) is None  # it has chosen; the others have not


FLOWERS = """game f
seats 2
attribute kind: plain | flower
deck {
  copies 4
  1a kind=plain
  2a kind=plain
  3a kind=plain
  1f kind=flower
}
zone hand "h" per seat private
zone table "t" per seat public
zone wall "w" shared hidden
deal {
  3 to each hand
  rest to wall
}
group 刻 "three alike" {
  pattern same 3
  in hand
}
group flower "a flower laid down" {
  pattern same 1, where kind flower
  on table
  shown
}
win {
  groups 1
}
turn {
  dealer begins by drawing
  draw from wall head, kept
  replacement from wall tail
}
action lay "a flower is laid and replaced" {
  on deal by self: 1 alike from hand
  makes flower
  forced
  then replacement
}
action win {
  on draw by self
  win
  priority 1
}
end {
  drawn hand when wall is empty
}
settle win {
  on draw: each other pays 1
}
"""


def test_flowers_dealt_are_laid_and_replaced_dealer_first_until_none_is_held(
    tmp_path: Path,
) -> None:
    """`then replacement` on an `on deal` way: each card laid is replaced from the wall's
    tail at once, the seat goes on until it holds none, then the next seat (TW-2)."""
    path = tmp_path / "flowers.rules"
    path.write_text(FLOWERS, encoding="utf-8")
    game = load_game(path)
    hands = [game.parse("1f 1f 1a"), game.parse("1f 2a 2a")]
    # the tail gives 1f (a flower again, for seat 1), then 3a, then 2a
    table = Table(game, dealer=1, hands=hands, wall=game.parse("3a 3a 1a 2a 3a 1f"))
    laid = ("action", "replacement")
    moves = [(e["type"], e["seat"], e.get("card")) for e in table.events if e["type"] in laid]
    assert moves == [
        ("action", 1, None),
        ("replacement", 1, "1f"),  # a flower again: laid and replaced in its turn
        ("action", 1, None),
        ("replacement", 1, "3a"),
        ("action", 0, None),
        ("replacement", 0, "2a"),
        ("action", 0, None),
        ("replacement", 0, "1a"),
    ]
    assert all(s.hand[game.parse("1f")[0]] == 0 for s in table.state.seats)
    assert [len(s.table) for s in table.state.seats] == [2, 2]
    assert table.events[-1]["type"] == "draw"  # then the dealer's first turn
    assert table.waiting_for() == [1]  # the dealer's first turn


PASS_THREE = """extends "paomazai"

phase swap [T-1] {
  each seat passes 3 cards of one suit to next
}
"""


def test_a_rigged_seat_with_too_few_cards_of_every_value_passes_nothing(tmp_path: Path) -> None:
    """A deal of thirteen always holds three of one suit (the checker sees to it), but a
    rigged deal may give a seat fewer cards. That seat used to be asked all the same, with
    no choice to make: the hand could never go on (a bot failed on the empty list)."""
    path = tmp_path / "pass-three.rules"
    path.write_text(PASS_THREE, encoding="utf-8")
    game = load_game(path)
    hands = ["1112223334445m", "1p 1s", "5556667778889p", "5556667778889s"]
    table = Table(game, dealer=0, hands=[game.parse(h) for h in hands], wall=game.parse("9s 9p"))
    assert table.waiting_for() == [0, 2, 3]
    for seat in (0, 2, 3):
        table.apply(table.legal_actions(seat)[0])
    exchange = next(e for e in table.events if e["type"] == "exchange")
    assert exchange["passed"][1] == [] and len(exchange["passed"][0]) == 3
    assert sum(table.state.seats[1].hand) == 2 + 3  # kept its own, received seat 0's
    bots = [RandomBot(seat) for seat in range(4)]
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))


@pytest.mark.parametrize(
    ("lang", "told"), [("en", "passes 3 cards to"), ("zh-Hant", "把3張牌傳給")]
)
def test_cards_a_seat_may_not_see_are_counted_in_the_narration(
    sichuan: Game, lang: str, told: str
) -> None:
    """Seat 1 does not see what seats 2 and 3 pass: "3 cards", not "a card a card a card"."""
    table = rigged(sichuan)
    exchange_all(
        table, ["換三張 1m 2m 3m", "換三張 1s 1s 1s", "換三張 1p 2p 3p", "換三張 5m 5m 5m"]
    )
    event = next(e for e in table.events if e["type"] == "exchange")
    line = Narrator(sichuan, table.state.dealer, 1, table=table, lang=lang).phrase(event)
    assert line is not None and line.count(told) == 2, line
    assert "a card a card" not in line and "一張牌 一張牌" not in line
