"""The OpenSpiel game: OpenSpiel's own random simulation test, chance that deals as the
table deals, rewards adding up to the returns, clone and serialize, information states
that hide what a seat cannot see, and the IS-MCTS example (run by `make test-openspiel`)."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from tablerules.agents import openspiel_game  # noqa: E402
from tablerules.interpreter import load_game  # noqa: E402
from tablerules.interpreter.engine import Table  # noqa: E402

pytestmark = pytest.mark.openspiel
ROOT = Path(__file__).resolve().parents[1]


def dealt(game, seed: int):
    """A state past the chance nodes of the deal, chosen by their probabilities."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        assert abs(sum(chances) - 1) < 1e-9
        state.apply_action(int(rng.choice(outcomes, p=chances)))
    return state


def played(game, seed: int, moves: int):
    state = dealt(game, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["paomazai", "paohuzi-3p"])
def test_openspiels_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game("python_tablerules", {"rules": name})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_chance_nodes_deal_as_the_table_deals() -> None:
    game = pyspiel.load_game("python_tablerules", {"rules": "paomazai"})
    state = dealt(game, 3)
    history = state.history()
    dealer, deck = history[0], history[1:]
    assert len(deck) == game.deck_size
    table = Table(load_game("paomazai"), dealer=dealer, wall=deck)
    assert state.hand.table.view() == table.view()


def test_rewards_add_up_to_the_returns() -> None:
    game = pyspiel.load_game("python_tablerules", {"rules": "paomazai"})
    for seed in range(6):
        state = dealt(game, seed)
        rng = random.Random(seed)
        total = np.zeros(game.num_players())
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            total += state.rewards()
        assert list(total) == state.returns()
        assert state.returns() == [float(m) for m in state.hand.table.totals()]


def test_clone_serialize_and_no_pickle() -> None:
    game = pyspiel.load_game("python_tablerules", {"rules": "paohuzi"})
    state = played(game, 5, 12)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.move_number() == state.move_number() + 1
    assert state.hand.table.state != twin.hand.table.state
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    with pytest.raises(ValueError, match="not legal"):
        game.deserialize_state(state.serialize() + ",99999")
    with pytest.raises(TypeError, match="is not pickled"):
        pickle.dumps(state.hand)


def test_information_states_hide_what_a_seat_cannot_see() -> None:
    game = pyspiel.load_game("python_tablerules", {"rules": "paohuzi"})
    checked = 0
    for seed in range(8):
        state = played(game, seed, 3 * seed)
        if state.is_terminal():
            continue
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for _ in range(3):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.legal_actions() == state.legal_actions()
            checked += str(other) != str(state)  # the hidden cards did move
    assert checked > 10


def test_a_resampled_window_keeps_its_seats_with_choices_from_their_new_cards() -> None:
    game = pyspiel.load_game("python_tablerules", {"rules": "hongkong"})
    found = 0
    for seed in range(60):
        state = dealt(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal() and found < 5:
            decision = state.hand.table.state.decision
            if decision.kind == "window" and len(decision.options) > 1:
                seat = state.current_player()
                sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
                other = state.resample_from_infostate(seat, sampler)
                table = other.hand.table
                moved = table.state.decision
                assert list(moved.options) == list(decision.options)
                for asked, choices in moved.options.items():
                    assert all(choice.seat == asked for choice in choices)
                    if asked != seat:
                        legal = table.maker.choices(table.state, asked, moved.offer)
                        assert all(c in legal or c.action == "pass" for c in choices)
                found += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert found == 5


def test_the_ismcts_example_runs() -> None:
    script = ROOT / "docs" / "examples" / "openspiel_ismcts.py"
    argv = [sys.executable, str(script), "--hands", "1", "--simulations", "4"]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "IS-MCTS (4 simulations) vs random, 1 hands:" in done.stdout


def test_options_and_bad_rules_are_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="written name:value"):
        openspiel_game.parse_options("horses=2")
    assert openspiel_game.parse_options("horses:2 unit:5") == {"horses": "2", "unit": "5"}
    game = pyspiel.load_game("python_tablerules", {"rules": "paomazai", "options": "horses:2"})
    assert game.rules_game.compiled.options["horses"] == 2
