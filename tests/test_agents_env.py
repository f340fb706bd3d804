"""The PettingZoo environment: PettingZoo's own API test on every bundled file, rewards that
add up to the table's totals, hands reproduced by their seed, illegal ids refused without
effect, windows answered one seat at a time, snapshot and restore."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test
from tablerules.agents.pettingzoo_env import IllegalActionId, TableEnv
from tablerules.dsl.diagnostics import RuleError
from tablerules.dsl.loading.bundled import bundled_files
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table

import tablerules

FILES = bundled_files()
UNPHASED = FILES  # every bundled file, phases before play included
EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def random_hand(env: TableEnv, seed: int, rng: random.Random) -> tuple[dict[str, int], bool]:
    """Play one hand with random legal ids: each agent's rewards as `last()` gave them, and
    whether money moved before the hand's last step."""
    env.reset(seed=seed)
    collected = dict.fromkeys(env.possible_agents, 0)
    early = False
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        collected[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
        early = early or (any(env.rewards.values()) and not env.table.finished)
    return collected, early


@pytest.mark.parametrize("path", UNPHASED, ids=lambda p: p.stem)
def test_pettingzoo_api_test_passes(path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations, and reset's options
        for seed in (1, 2):
            api_test(tablerules.env(path, seed=seed), num_cycles=1000)


@pytest.mark.parametrize("name", ["paomazai", "paohuzi", "hongkong", "paohuzi-3p"])
def test_rewards_add_up_to_the_totals_and_come_as_the_money_moves(name: str) -> None:
    env = tablerules.env(name)
    rng = random.Random(0)
    early = 0  # hands with money paid before their end (a mid-hand payment)
    for seed in range(40):
        collected, paid_early = random_hand(env, seed, rng)
        assert [collected[a] for a in env.possible_agents] == env.table.totals()
        early += paid_early
    if name == "paomazai":
        assert early > 0  # the test covers money moved mid-hand


def test_each_step_credits_the_payments_it_made() -> None:
    env = tablerules.env("paomazai", seed=3)
    rng = random.Random(3)
    for seed in range(30):
        env.reset(seed=seed)
        while not env.table.finished:
            before = list(env.table.totals())
            legal = env.legal_ids()
            env.step(rng.choice(legal))
            after = env.table.totals()
            step = [env.rewards[a] for a in env.possible_agents]
            assert step == [b - a for a, b in zip(before, after, strict=True)]


def test_a_seed_reproduces_the_hand_and_the_tables() -> None:
    env = tablerules.env("paohuzi")

    def trace(seed: int) -> list[tuple]:
        env.reset(seed=seed)
        rng = random.Random(99)
        seen = []
        for agent in env.agent_iter():
            observation, reward, terminated, _, _ = env.last()
            seen.append((agent, observation["observation"].tobytes(), reward))
            if terminated:
                env.step(None)
                continue
            env.step(rng.choice(env.legal_ids()))
        return seen

    first = trace(11)
    env.reset(seed=5)
    assert trace(11) == first
    env.reset(seed=11)
    table = Table(load_game("paohuzi"), seed=11)
    assert env.table.view() == table.view()  # the same deal as the table's own seed


def test_unseeded_resets_follow_the_environments_seed() -> None:
    def deals(seed: int) -> list[dict]:
        env = tablerules.env("paomazai", seed=seed)
        found = []
        for _ in range(3):
            env.reset()
            found.append(env.table.view())
        return found

    assert deals(4) == deals(4)
    assert deals(4) != deals(5)


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    env = tablerules.env("paomazai", seed=2)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = (env.table.snapshot(), agent, dict(env._cumulative_rewards), env.observe(agent))
    for bad in (illegal, -1, env.actions.size, 2.0, None, True):
        with pytest.raises(IllegalActionId) as refused:
            env.step(bad)
        assert "legal" in str(refused.value) or "action id" in str(refused.value)
    assert env.table.state == before[0]
    assert env.agent_selection == before[1]
    assert env._cumulative_rewards == before[2]
    after = env.observe(agent)
    assert np.array_equal(after["observation"], before[3]["observation"])
    assert np.array_equal(after["action_mask"], before[3]["action_mask"])
    with pytest.raises(IllegalActionId) as refused:
        env.step(illegal)
    message = str(refused.value)
    assert message.startswith(f"action {illegal} (") and "is not legal for seat_" in message


def test_a_file_that_fails_check_is_refused_with_its_diagnostics() -> None:
    with pytest.raises(RuleError) as refused:
        tablerules.env(EXAMPLES / "broken.rules")
    text = str(refused.value)
    assert "broken.rules:" in text and "^" in text


@pytest.mark.parametrize("name", ["hongkong", "paohuzi"])
def test_windows_ask_seats_in_order_from_the_owner_each_unaware_of_the_others(name: str) -> None:
    env = tablerules.env(name)
    seats = len(env.possible_agents)
    rng = random.Random(1)
    checked = 0
    for seed in range(200):
        env.reset(seed=seed)
        while not env.table.finished and checked < 20:
            decision = env.table.state.decision
            waiting = env.table.waiting_for()
            if decision.kind == "window" and len(waiting) > 1 and not decision.chosen:
                owner = decision.offer.owner
                assert waiting == sorted(waiting, key=lambda s: (s - owner) % seats)
                assert env.agent_selection == f"seat_{waiting[0]}"
                second = f"seat_{waiting[1]}"
                kept = env.snapshot()
                answers = {}
                for number in env.legal_ids():
                    env.restore(kept)
                    env.step(number)
                    assert env.agent_selection == second
                    answers[number] = env.observe(second)["observation"].tobytes()
                assert len(set(answers.values())) == 1  # the first seat's answer is unseen
                env.restore(kept)
                checked += 1
            env.step(rng.choice(env.legal_ids()))
    assert checked == 20


def test_snapshot_and_restore_replay_the_same_future() -> None:
    env = tablerules.env("paohuzi", seed=8)
    env.reset(seed=8)
    rng = random.Random(8)
    for _ in range(10):
        env.step(rng.choice(env.legal_ids()))
    kept = env.snapshot()
    picks = [random.Random(i) for i in range(2)]

    def future(pick: random.Random) -> list[tuple]:
        env.restore(kept)
        seen = []
        while not env.table.finished:
            number = pick.choice(env.legal_ids())
            env.step(number)
            seen.append((env.agent_selection, number, dict(env.rewards)))
        return seen

    first = future(random.Random(0))
    future(picks[1])
    assert future(random.Random(0)) == first


def test_importing_the_package_imports_no_rl_library() -> None:
    code = (
        "import sys, tablerules, tablerules.agents; "
        "assert callable(tablerules.env); "
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_seat_that_has_won_and_left_gets_no_turn() -> None:
    """血戰到底 (SC-7): a seat that has won leaves the hand; the environment never selects
    it again, and every agent's rewards still add up to the table's totals."""
    env = tablerules.env("sichuan")
    wins = {env.actions.ids[s] for s in env.actions.signatures if s[0] in env.actions.wins}
    rng = random.Random(3)
    went_on = 0  # hands with a turn taken after a seat left
    for seed in range(30):
        env.reset(seed=seed)
        collected = dict.fromkeys(env.possible_agents, 0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            collected[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            left = env.table.state.left
            assert env.possible_agents.index(agent) not in left
            went_on += bool(left)
            legal = np.flatnonzero(observation["action_mask"])
            winning = [int(i) for i in legal if int(i) in wins]
            env.step(winning[0] if winning else int(rng.choice(legal)))
        assert [collected[a] for a in env.possible_agents] == env.table.totals()
    assert went_on > 0  # play went on after a win


def test_a_hand_won_on_the_deal_is_skipped_and_every_agent_starts_live(tmp_path: Path) -> None:
    """PettingZoo expects live agents after `reset`: a hand won on the deal is passed over
    for the next of the seed's sequence, and named in the agents' infos."""
    rules = tmp_path / "easy.rules"
    rules.write_text(
        'extends "paohuzi"\n'
        'override immediate win 天胡 "one 坎 on the deal" [PHZ-15] {\n'
        "  when 1 of 坎 提\n"
        "}\n",
        encoding="utf-8",
    )
    game = load_game(rules)
    won = next(s for s in range(200) if Table(game, seed=s).finished)
    env = tablerules.env(game)
    env.reset(seed=won)
    assert env.agents == env.possible_agents
    assert not any(env.terminations.values())
    assert not env.table.finished and env.hand_seed != won
    skipped = env.infos[env.possible_agents[0]]["skipped"]
    assert skipped[0] == {"hand_seed": won, "totals": Table(game, seed=won).totals()}
    observation, _, terminated, _, _ = env.last()
    assert not terminated and observation["action_mask"].any()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(tablerules.env(game, seed=won), num_cycles=200)


def test_rules_whose_every_hand_is_won_on_the_deal_are_said_at_reset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """長沙 with 缺一色 (CS-5) held by every hand (fewer than four suits) and ending it: no
    seat ever chooses, and `reset` says so by name instead of dealing for ever."""
    from tablerules.agents import pettingzoo_env

    text = (Path(__file__).resolve().parents[1] / "rules" / "changsha.rules").read_text(
        encoding="utf-8"
    )
    shown = '  when distinct suit < 3\n  play goes on\n  pays: each other pays 2 × 底 "缺一色"\n'
    assert shown in text
    text = text.replace(shown, "  when distinct suit < 4\n")
    (tmp_path / "dealt.rules").write_text(text, encoding="utf-8")
    monkeypatch.setattr(pettingzoo_env, "MAX_SKIPPED", 5)
    env = TableEnv(load_game(tmp_path / "dealt.rules"), seed=1)
    with pytest.raises(pettingzoo_env.HandsWonOnTheDeal, match="5 hands in a row"):
        env.reset(seed=1)
