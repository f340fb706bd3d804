"""Under 名堂 the value bot keeps the cards a 名堂 counts: far from complete it weighs each
choice by the exact chance (`bots/estimate/count_reach.py`) that the hand ends with the card counts
the scoring pays for — 10 or more red cards (紅胡, PHZ-M1), exactly one (點胡) or none
(烏胡) — where the same file with its 名堂 only counted (paid nothing) leaves the choice to
the greedy bot. A slow test asks the bot under both files on the same positions of many
greedy hands and counts where its choice differs, and in which direction; docs/simulate.md
("名堂 paid or only counted: the choice itself") gives the figures of a larger run.
"""

from __future__ import annotations

import random
from math import comb

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.bots.estimate.acceptance import most_accepting
from tablerules.interpreter.bots.estimate.count_reach import CountReach, _hypergeometric
from tablerules.interpreter.bots.estimate.danger import Danger
from tablerules.interpreter.bots.estimate.hand_value import hand_value_for
from tablerules.interpreter.bots.players import GreedyBot, rank_choices
from tablerules.interpreter.bots.value import ValueBot
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.determinise import clone

PAID = "paohuzi-mingtang"
COUNTED = "docs/examples/paohuzi-mingtang-counted.rules"
RED_HAND = 8  # red cards held, hand and table: two from 紅胡
CHOICE_HANDS = 40  # greedy hands whose positions the slow test asks under both files


def red_cards(game: Game) -> set[int]:
    cards = game.compiled.cards
    return {c for c in range(len(cards)) if cards.attributes[c].get("colour") == "red"}


def reds_held(table: Table, seat: int, red: set[int]) -> int:
    holder = table.state.seats[seat]
    in_hand = sum(holder.hand[card] for card in red)
    return in_hand + sum(card in red for group in holder.table for card in group.cards)


def a_red_rich_discard(game: Game, safest_red: bool = False) -> tuple[Table, int, list[Choice]]:
    """The first position, in hands greedy bots play, where a seat alone discards, at least
    3 cards from complete, holding `RED_HAND` red cards or more, and the discards that
    leave it as near to complete as it can be include red and black cards alike; with
    `safest_red`, one where the discard the bot takes with no score to weigh is red, alone:
    of those the most unseen cards improve, the least likely to be won on."""
    red = red_cards(game)
    for seed in range(200):
        table = Table(game, seed=seed, dealer=0)
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        while not table.finished:
            seat = table.waiting_for()[0]
            decision = table.state.decision
            choices = table.legal_actions(seat)
            if (
                decision.kind == "turn"
                and len(decision.options) == 1
                and len(choices) > 1
                and all(c.action == "discard" for c in choices)
                and reds_held(table, seat, red) >= RED_HAND
            ):
                ranked = rank_choices(table, seat, choices)
                best = ranked[0][1]
                nearest = [c for c, distance in ranked if distance == best]
                colours = {c.card in red for c in nearest}
                mixed = best > 2 and colours == {True, False}
                if mixed and (not safest_red or _safest_is_red(table, seat, nearest, red)):
                    return table, seat, nearest
            table.apply(bots[seat].choose(table, seat))
    raise AssertionError("no red-rich discard in 200 hands")


def _safest_is_red(table: Table, seat: int, nearest: list[Choice], red: set[int]) -> bool:
    danger = Danger(table, seat)
    kept = most_accepting(table, seat, nearest)
    dangers = {c.card: danger.of(c.card) for c in kept}  # type: ignore[misc]
    least = min(dangers.values())
    safest = [card for card, value in dangers.items() if value == least]
    return len(safest) == 1 and safest[0] in red


def test_the_hypergeometric_ways_are_exact() -> None:
    ways = dict(_hypergeometric(3, [4, 6]))
    assert sum(ways.values()) == pytest.approx(1.0)
    assert ways[(1, 2)] == pytest.approx(comb(4, 1) * comb(6, 2) / comb(10, 3))
    assert dict(_hypergeometric(0, [2, 2])) == {(0, 0): 1.0}


def test_the_cells_are_the_sets_the_patterns_count() -> None:
    paid = hand_value_for(load_game(PAID))
    assert paid.reach.usable and paid.reach.cells == 2  # red and the rest
    cells = {paid.reach.cell_of[c] for c in red_cards(load_game(PAID))}
    assert len(cells) == 1  # every red card in one cell
    plain = CountReach(load_game("paohuzi").compiled.scoring, 20, paid.conditions)
    assert not plain.usable  # no pattern counts cards: the sampled estimate alone


def test_the_estimate_values_keeping_the_red_card_more() -> None:
    game = load_game(PAID)
    table, seat, nearest = a_red_rich_discard(game)
    red = red_cards(game)
    estimate = hand_value_for(game)
    best = rank_choices(table, seat, nearest)[0][1]
    values = estimate.of_choices(table, seat, nearest, best, 8, random.Random(0))
    kept_red = [v for c, v in zip(nearest, values, strict=True) if c.card not in red]
    gave_red = [v for c, v in zip(nearest, values, strict=True) if c.card in red]
    assert min(kept_red) > max(gave_red)


def test_paid_keeps_the_red_card_where_counted_gives_it_up() -> None:
    """The same position, where the discard the bot takes with no score to weigh is red:
    with the 名堂 paid the bot discards a black card at every seed; with them only counted
    it gives away the safest of the greedy bot's discards the most unseen cards improve
    on, the red."""
    paid, counted = load_game(PAID), load_game(COUNTED)
    red = red_cards(paid)
    table, seat, _ = a_red_rich_discard(paid, safest_red=True)
    twin, twin_seat, _ = a_red_rich_discard(counted, safest_red=True)
    assert twin_seat == seat and twin.state.seats[seat].hand == table.state.seats[seat].hand
    paid_red = [ValueBot(k).choose(clone(table), seat).card in red for k in range(8)]
    counted_red = [ValueBot(k).choose(clone(twin), seat).card in red for k in range(8)]
    assert not any(paid_red)
    assert all(counted_red)


def reds_after(game: Game, table: Table, seat: int, choice: Choice, red: set[int]) -> int:
    """Red cards the seat holds, hand and table, once the choice is made."""
    hand, shown = hand_value_for(game)._after(table, seat, choice)
    return sum(hand[card] + shown[card] for card in red)


def choice_shifts(hands: int) -> dict[str, int]:
    """On the positions of `hands` greedy hands (the same under both files: greedy play
    reads no money), the value bot's choice under each file, the same seed for both:
    how many differ, and whether the paid file's choice keeps more red cards than the
    counted file's, by how many red cards the seat held before it."""
    games = (load_game(PAID), load_game(COUNTED))
    red = red_cards(games[0])
    tally: dict[str, int] = {"positions": 0, "differ": 0}
    for seed in range(hands):
        tables = [Table(game, seed=seed, dealer=seed % 4) for game in games]
        bots = [[GreedyBot(seed * 4 + s) for s in range(4)] for _ in games]
        number = 0
        while not tables[0].finished:
            seat = tables[0].waiting_for()[0]
            choices = tables[0].legal_actions(seat)
            if len(choices) > 1:
                number += 1
                tally["positions"] += 1
                mine = ValueBot(seed * 1000 + number).choose(clone(tables[0]), seat)
                theirs = ValueBot(seed * 1000 + number).choose(clone(tables[1]), seat)
                if mine != theirs:
                    tally["differ"] += 1
                    kept = reds_after(games[0], tables[0], seat, mine, red)
                    other = reds_after(games[1], tables[1], seat, theirs, red)
                    if kept != other:
                        rich = "rich" if reds_held(tables[0], seat, red) >= 7 else "poor"
                        way = "more" if kept > other else "fewer"
                        tally[f"{rich} {way}"] = tally.get(f"{rich} {way}", 0) + 1
            for table, players in zip(tables, bots, strict=True):
                table.apply(players[seat].choose(table, seat))
        assert tables[1].finished
    return tally


def sign_test(more: int, fewer: int) -> float:
    """The two-sided p of a sign test: `more` against `fewer` if each were a fair coin."""
    total = more + fewer
    tail = sum(comb(total, k) for k in range(min(more, fewer) + 1)) / 2**total
    return min(1.0, 2 * tail)


@pytest.mark.slow
def test_paid_mingtang_move_the_choice_toward_the_counts_they_pay() -> None:
    """Where its choice under the two files leaves different red counts, the paid file's
    moves them the way the 名堂 pull: from a hand of 7 red cards or more toward 10 (紅胡),
    from fewer toward one or none (點胡, 烏胡). Over `CHOICE_HANDS` hands: the two
    directions together by a sign test's p < 0.001, and the red-rich hands' own way round
    (too few at this size for a test of their own; docs/simulate.md has 200 hands)."""
    tally = choice_shifts(CHOICE_HANDS)
    print(tally)
    toward = tally.get("rich more", 0) + tally.get("poor fewer", 0)
    away = tally.get("rich fewer", 0) + tally.get("poor more", 0)
    assert toward > away and sign_test(toward, away) < 0.001
    assert tally.get("rich more", 0) > tally.get("rich fewer", 0)
