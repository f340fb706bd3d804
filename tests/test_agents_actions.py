"""The fixed action ids: every legal choice of every bundled file has one, a mask bit stands
for a legal choice, and choices share an id only when they make the same groups."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablerules.agents.actions import PASS_ID, ActionTable, UncoveredChoice
from tablerules.dsl.loading.bundled import bundled_files
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Choice, Table

FILES = bundled_files()
UNPHASED = FILES  # every bundled file, phases before play included


def played_decisions(path: Path, hands: int):
    """(table, seat) at every decision of random-bot hands of a file."""
    game = load_game(path)
    for seed in range(hands):
        table = Table(game, seed=seed)
        rng = random.Random(seed)
        while not table.finished:
            for seat in table.waiting_for():
                yield table, seat
            seat = table.waiting_for()[0]
            table.apply(rng.choice(table.legal_actions(seat)))


def same_move(first: Choice, second: Choice) -> bool:
    """Whether two choices make the same groups of the same cards (the tie rule)."""
    return (
        first.action == second.action
        and first.card == second.card
        and first.kind == second.kind
        and sorted(first.from_hand) == sorted(second.from_hand)
        and sorted(first.extra) == sorted(second.extra)
    )


@pytest.mark.parametrize("path", UNPHASED, ids=lambda p: p.stem)
def test_every_legal_choice_has_an_id_and_every_id_a_choice(path: Path) -> None:
    actions = ActionTable(load_game(path))
    assert actions.signatures[PASS_ID] == ("pass",)
    decisions = 0
    for table, seat in played_decisions(path, 25):
        decisions += 1
        legal = actions.legal(table, seat)
        choices = table.legal_actions(seat)
        assert choices, "a waiting seat has choices"
        for choice in choices:
            number = actions.id_of(table, choice)
            assert number in legal  # reachable: its id is in the mask
            stands_for = legal[number]
            assert stands_for is choice or same_move(stands_for, choice), (choice, stands_for)
            assert actions.signatures[number] == actions.signature(table, choice)
        for number, choice in legal.items():  # each mask bit stands for a legal choice
            assert choice in choices and 0 <= number < actions.size
    assert decisions > 500


def test_a_choice_the_table_does_not_cover_is_refused_loudly() -> None:
    game = load_game("paomazai")
    actions = ActionTable(game)
    table = Table(game, seed=1)
    odd = Choice(seat=0, action="discard", label="discard ?", card=len(game.cards) + 3)
    with pytest.raises(UncoveredChoice, match="has no action id"):
        actions.id_of(table, odd)


def test_ids_are_laid_out_pass_then_discards_in_card_order() -> None:
    game = load_game("paomazai")
    actions = ActionTable(game)
    cards = len(game.cards)
    assert [actions.label(n) for n in (0, 1)] == ["pass", f"discard {game.cards.display[0]}"]
    assert actions.signatures[1 : cards + 1] == [("discard", c) for c in range(cards)]
    assert len(set(actions.signatures)) == actions.size


def test_choices_that_differ_in_groups_get_their_own_ids() -> None:
    """Several ways to take one card with different cards from the hand are several ids."""
    path = next(p for p in FILES if p.stem == "hongkong")
    actions = ActionTable(load_game(path))
    seen = 0
    for table, seat in played_decisions(path, 60):
        choices = table.legal_actions(seat)
        by_card: dict[tuple[str, int | None], list[Choice]] = {}
        for choice in choices:
            if choice.from_hand:
                by_card.setdefault((choice.action, choice.card), []).append(choice)
        for group in by_card.values():
            if len(group) > 1:
                seen += 1
                assert len({actions.id_of(table, c) for c in group}) == len(group)
    assert seen > 0


@pytest.mark.parametrize("name", ["paohuzi", "paomazai"])
def test_ids_stay_right_when_the_remembered_choices_are_let_go(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ids of choices are remembered by object identity and let go when too many are
    kept; the environment's steps look them up there too (`known_id`). With room for a few
    only, every step's ids are still those of the choices' signatures, worked out afresh."""
    pytest.importorskip("pettingzoo")
    from tablerules.agents import actions

    import tablerules

    monkeypatch.setattr(actions, "KNOWN_LIMIT", 64)
    env = tablerules.env(name, seed=2)
    rng = random.Random(name)
    steps = 0
    for hand in range(4):
        env.reset(seed=hand)
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last(observe=False)
            if terminated or truncated:
                env.step(None)
                continue
            table = env.table
            seat = env.possible_agents.index(agent)
            afresh = [
                env.actions.ids[env.actions.signature(table, choice)]
                for choice in table.offered(seat)
            ]
            assert env.legal_ids() == list(dict.fromkeys(afresh))
            env.step(rng.choice(env.legal_ids()))
            steps += 1
    assert steps > 100
    assert len(env.actions._known) <= 64
    # let go by clearing the dict, never by replacing it: `known_id` is still its lookup
    assert env.actions.known_id.__self__ is env.actions._known
