"""The observation encoder keeps counts between calls (`agents/running_counts.py`); these
tests hold it to a plain encoder that counts everything afresh on every call, bit for bit,
over every state of random hands of every bundled file, for every seat, and across the
changes its counts must notice (a claim taking the last discard, a restored snapshot, a
state changed by hand); and the environment's kept observations
(`agents/kept_observations.py`) the same way, through resets, restores, unknown events
and skipped observations."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy")

from tablerules.agents.kept_observations import KeptObservations
from tablerules.agents.observation import HIDDEN_DRAWS, ObservationEncoder
from tablerules.dsl.loading.bundled import bundled_files
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.state import Payment

FILES = bundled_files()


class PlainEncoder(ObservationEncoder):
    """The encoder as it was before it kept counts: the reference the kept counts must
    reproduce exactly."""

    def encode(self, table: Table, viewer: int) -> np.ndarray:
        """The observation of `viewer`, counted from the start on every call."""
        state = table.state
        at = self._at
        cards, seats, kinds = self.cards, self.seats, self.kinds
        buf = bytearray(self._bytes)
        everyone = state.seats
        own = everyone[viewer]
        buf[0:cards] = bytes(own.hand)
        lies = self._lies
        discards_at, table_at, groups_at, hidden_at = self._blocks
        for step in range(seats):
            index = viewer + step
            if index >= seats:
                index -= seats
            seat = everyone[index]
            base = discards_at + step * cards
            for card in seat.discards:
                buf[base + card] += 1
            hidden = sum(seat.hand) if step else 0
            if seat.table:
                base = table_at + step * cards
                kind_base = groups_at + step * kinds
                for group in seat.table:
                    buf[kind_base + group.kind] += 1
                    seen = group.cards
                    if step:
                        how = 0 if group.concealed else lies[group.kind]
                        if how < 2:
                            hidden += len(seen) - how
                            seen = seen[:how]
                    for card in seen:
                        buf[base + card] += 1
            buf[hidden_at + step] = hidden if hidden < 256 else 255
        for event in state.events[1 : 1 + seats]:  # the cards shown follow the deal
            if event["type"] == "shown":
                buf[at["shown on deal"] + table.game.compiled.cards.index[event["card"]]] += 1
        decision = state.decision
        if decision is not None and not state.finished:
            offer = decision.offer
            card = offer.card
            if card is not None:
                context = offer.context
                if (
                    context in HIDDEN_DRAWS
                    and viewer != offer.owner
                    and (decision.hidden or not (context == "draw" and self._draws_shown))
                ):
                    buf[at["offer hidden"]] = 1
                else:
                    buf[at["offer card"] + card] = 1
            number = self.contexts.get(offer.context)
            if number is not None:
                buf[at["offer context"] + number] = 1
            buf[at["offer owner"] + (offer.owner - viewer) % seats] = 1
            buf[at["decision"] + (decision.kind == "window")] = 1
            if viewer in decision.options and viewer not in decision.chosen:
                buf[at["asked"]] = 1
        buf[at["turn"] + (state.turn - viewer) % seats] = 1
        buf[at["dealer"] + (state.dealer - viewer) % seats] = 1
        if own.restrictions:
            for active in own.restrictions:
                number = self.restrictions.get(active.name)
                if number is not None:
                    buf[at["restrictions"] + number] += 1
        totals = [0] * seats
        for line in state.ledger:
            if line.payer is not None:
                totals[line.payer] -= line.amount
            if line.payee is not None:
                totals[line.payee] += line.amount
        buf.extend(bytes(self.size - self._bytes))  # room for the wall and the money
        out = np.frombuffer(buf, np.uint8).astype(np.float32)
        tail = self._bytes
        out[tail] = state.tail - state.head
        for step in range(seats):
            money = totals[(viewer + step) % seats]
            if money:
                out[tail + 1 + step] = money
        return out


def same(encoder: ObservationEncoder, plain: PlainEncoder, table: Table, viewer: int) -> None:
    kept = encoder.encode(table, viewer)
    afresh = plain.encode(table, viewer)
    assert kept.dtype == afresh.dtype == np.float32
    assert kept.tobytes() == afresh.tobytes(), f"seat {viewer} sees another observation"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_kept_counts_equal_a_fresh_count_on_every_state_and_seat(path: Path) -> None:
    """One encoder (its counts kept across hands) against the plain one: every state of
    random hands, every seat, asked in a random order (the acting seat first or not)."""
    game = load_game(path)
    encoder, plain = ObservationEncoder(game), PlainEncoder(game)
    seats = encoder.seats
    rng = random.Random(path.stem)
    states = claims = 0
    for seed in range(4):
        table = Table(game, seed=seed)
        while True:
            viewers = list(range(seats))
            rng.shuffle(viewers)
            for viewer in viewers[: rng.randint(1, seats)]:
                same(encoder, plain, table, viewer)
            states += 1
            if table.finished:
                break
            seat = table.waiting_for()[0]
            before = sum(len(s.discards) for s in table.state.seats)
            table.apply(rng.choice(table.legal_actions(seat)))
            claims += sum(len(s.discards) for s in table.state.seats) < before
    assert states > 100
    assert claims > 0  # discards were taken back off a pile on the way


def test_a_claimed_discard_replaced_by_another_card_is_counted_afresh() -> None:
    """The change a count kept by length alone would miss: the last discard taken away and
    another card discarded, the pile as long as before."""
    game = load_game("paomazai")
    encoder, plain = ObservationEncoder(game), PlainEncoder(game)
    table = Table(game, seed=3)
    rng = random.Random(3)
    while sum(len(seat.discards) for seat in table.state.seats) < 8:
        table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
    pile = next(seat.discards for seat in table.state.seats if seat.discards)
    same(encoder, plain, table, 0)
    last = pile.pop()
    pile.append((last + 1) % encoder.cards)
    same(encoder, plain, table, 0)
    pile[0] = (pile[0] + 2) % encoder.cards  # a change inside the pile, not at its end
    same(encoder, plain, table, 1)
    pile.clear()
    same(encoder, plain, table, 2)


def test_the_ledger_is_read_again_when_it_is_not_the_one_read() -> None:
    game = load_game("paomazai")
    encoder, plain = ObservationEncoder(game), PlainEncoder(game)
    table = Table(game, seed=5)
    state = table.state
    state.ledger.append(Payment(0, 1, 8, "test", "", ()))
    same(encoder, plain, table, 0)
    state.ledger.append(Payment(2, 1, 4, "test", "", ()))  # grown: read on from the last
    same(encoder, plain, table, 1)
    state.ledger[-1] = Payment(3, 0, 2, "test", "", ())  # the last line replaced
    same(encoder, plain, table, 2)
    state.ledger.pop()  # shorter
    same(encoder, plain, table, 3)
    state.ledger = [Payment(1, 2, 16, "test", "", ())]  # another list, as long
    same(encoder, plain, table, 0)
    state.ledger = []
    same(encoder, plain, table, 0)


@pytest.mark.parametrize("name", ["paomazai", "paohuzi", "hongkong"])
def test_a_restored_earlier_state_is_observed_as_it_was(name: str) -> None:
    """Counts kept from a later state never survive a restore: the table put back to an
    earlier moment (fewer discards, another ledger, its own copies) reads as it did."""
    game = load_game(name)
    encoder, plain = ObservationEncoder(game), PlainEncoder(game)
    seats = encoder.seats
    rng = random.Random(name)
    for seed in range(2):
        table = Table(game, seed=seed)
        kept = []
        while not table.finished:
            kept.append((table.snapshot(), [encoder.encode(table, v) for v in range(seats)]))
            table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
        for viewer in range(seats):
            encoder.encode(table, viewer)  # the counts are now the hand's last
        for snapshot, seen in rng.sample(kept, min(len(kept), 12)):
            table.restore(snapshot)
            for viewer in rng.sample(range(seats), seats):
                again = encoder.encode(table, viewer)
                assert again.tobytes() == seen[viewer].tobytes()
                assert again.tobytes() == plain.encode(table, viewer).tobytes()


def test_the_environment_observes_a_restored_state_as_a_fresh_encoder_does() -> None:
    pytest.importorskip("pettingzoo")
    import tablerules

    env = tablerules.env("paohuzi", seed=4)
    env.reset(seed=4)
    rng = random.Random(4)
    snapshots = []
    while not env.table.finished:
        snapshots.append(env.snapshot())
        observation = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    plain = PlainEncoder(env.game)
    for snapshot in [snapshots[len(snapshots) // 2], snapshots[1], snapshots[-1]]:
        env.restore(snapshot)
        for agent in env.possible_agents:
            seat = env.possible_agents.index(agent)
            observed = env.observe(agent)["observation"]
            assert observed.tobytes() == plain.encode(env.table, seat).tobytes()


def test_a_copied_state_with_other_cards_is_counted_afresh() -> None:
    """A deep copy shares nothing with the state counted last: same lengths, other cards."""
    game = load_game("paomazai")
    encoder, plain = ObservationEncoder(game), PlainEncoder(game)
    table = Table(game, seed=9)
    rng = random.Random(9)
    for _ in range(40):
        if table.finished:
            break
        table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
    same(encoder, plain, table, 0)
    twin = copy.deepcopy(table)
    for seat in twin.state.seats:
        seat.discards[:] = [(card + 1) % encoder.cards for card in seat.discards]
    for viewer in range(encoder.seats):
        same(encoder, plain, twin, viewer)
        same(encoder, plain, table, viewer)
    assert HIDDEN_DRAWS  # the plain encoder reads the same visibility rules


def test_a_pile_grown_by_one_card_after_a_change_inside_is_counted_afresh() -> None:
    """The one-card-more shortcut checks the whole pile, not only its length."""
    game = load_game("paomazai")
    encoder, plain = ObservationEncoder(game), PlainEncoder(game)
    table = Table(game, seed=11)
    rng = random.Random(11)
    while sum(len(seat.discards) for seat in table.state.seats) < 8:
        table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
    pile = next(seat.discards for seat in table.state.seats if len(seat.discards) > 1)
    same(encoder, plain, table, 0)
    pile[0] = (pile[0] + 1) % encoder.cards
    pile.append(pile[-1])
    same(encoder, plain, table, 0)


def test_the_plain_sums_and_a_wall_past_a_byte_read_as_the_plain_encoder() -> None:
    """The paths a deck of 255 cards or more takes: each hand summed over its list, not
    read from its packed form, and a wall count stored as a float past the bytes."""
    game = load_game("paomazai")
    encoder, plain = ObservationEncoder(game), PlainEncoder(game)
    encoder._sum_by_modulo = False
    table = Table(game, seed=12)
    rng = random.Random(12)
    for _ in range(30):
        table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
    table.state.tail = table.state.head + 300
    for viewer in range(encoder.seats):
        same(encoder, plain, table, viewer)
    assert encoder.encode(table, 0)[encoder._at["wall"]] == 300


# ── the observations the environment keeps (`agents/kept_observations.py`) ──────────
def kept_same(kept: KeptObservations, plain: PlainEncoder, table: Table, viewer: int) -> None:
    mine = kept.observe(table, viewer)
    afresh = plain.encode(table, viewer)
    assert mine.dtype == afresh.dtype == np.float32
    assert mine.tobytes() == afresh.tobytes(), f"seat {viewer} sees another observation"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_kept_observations_equal_the_plain_encoder_on_every_state(path: Path) -> None:
    """The kept bytes, brought up to date from the log, against a fresh count: every state
    of random hands (one keeper across them), seats observed in a random order, some
    skipped, several steps sometimes going by unobserved."""
    game = load_game(path)
    encoder = ObservationEncoder(game)
    kept, plain = KeptObservations(encoder), PlainEncoder(game)
    seats = encoder.seats
    rng = random.Random(f"kept {path.stem}")
    states = 0
    for seed in range(4):
        table = Table(game, seed=seed)
        while True:
            viewers = list(range(seats))
            rng.shuffle(viewers)
            for viewer in viewers[: rng.randint(0, seats)]:
                kept_same(kept, plain, table, viewer)
            states += 1
            if table.finished:
                break
            table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
        for viewer in range(seats):
            kept_same(kept, plain, table, viewer)
    assert states > 100


@pytest.mark.parametrize("name", ["paomazai", "paohuzi", "sichuan", "hongzhong"])
def test_the_environment_observes_as_the_plain_encoder_through_resets_and_restores(
    name: str,
) -> None:
    """Through the environment: seeded and unseeded resets, snapshots restored backwards
    and forwards, agents observed in any order or not at all."""
    pytest.importorskip("pettingzoo")
    import tablerules

    env = tablerules.env(name, seed=7)
    plain = PlainEncoder(env.game)
    rng = random.Random(name)
    seats = len(env.possible_agents)

    def check(agents: list[str]) -> None:
        for agent in agents:
            seat = env.possible_agents.index(agent)
            observed = env.observe(agent)["observation"]
            assert observed.tobytes() == plain.encode(env.table, seat).tobytes(), agent

    for hand in range(3):
        env.reset(seed=hand if hand != 1 else None)
        snapshots = []
        for _ in env.agent_iter():
            if rng.random() < 0.2:
                snapshots.append(env.snapshot())
            agents = rng.sample(env.possible_agents, rng.randint(0, seats))
            check(agents)
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        check(env.possible_agents)
        for snapshot in rng.sample(snapshots, min(len(snapshots), 6)):
            env.restore(snapshot)
            check(rng.sample(env.possible_agents, seats))
            if not env.table.finished:  # a step from the restored state, observed
                agent = env.agent_selection
                env.step(env.legal_ids(agent)[0])
                check(env.possible_agents)


def test_kept_observations_count_everything_again_after_an_unknown_event() -> None:
    """An event of a type it does not know moves cards it cannot tell: every seat is
    counted again (here the cards were moved by hand, under such an event)."""
    game = load_game("paomazai")
    encoder = ObservationEncoder(game)
    kept, plain = KeptObservations(encoder), PlainEncoder(game)
    table = Table(game, seed=13)
    rng = random.Random(13)
    for _ in range(30):
        table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
    for viewer in range(encoder.seats):
        kept_same(kept, plain, table, viewer)
    seats = table.state.seats
    card = next(c for c, n in enumerate(seats[1].hand) if n)
    seats[1].lose(card)
    seats[2].discards.append(card)
    table.log("probe", seat=1)
    for viewer in range(encoder.seats):
        kept_same(kept, plain, table, viewer)


def test_kept_observations_on_the_plain_sums_a_wide_wall_and_few_kept_situations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A deck of 255 cards or more (each hand summed over its list), a wall count past a
    byte (a float), and the kept offer-and-turn blocks let go when too many are kept."""
    from tablerules.agents import kept_observations

    monkeypatch.setattr(kept_observations, "MAX_KEPT_HEADERS", 2)
    game = load_game("paomazai")
    encoder = ObservationEncoder(game)
    encoder._sum_by_modulo = False
    kept, plain = KeptObservations(encoder), PlainEncoder(game)
    table = Table(game, seed=14)
    rng = random.Random(14)
    for _ in range(30):
        for viewer in range(encoder.seats):
            kept_same(kept, plain, table, viewer)
        table.apply(rng.choice(table.legal_actions(table.waiting_for()[0])))
    assert all(len(headers) <= 2 for headers in kept._headers)
    table.state.tail = table.state.head + 300
    for viewer in range(encoder.seats):
        kept_same(kept, plain, table, viewer)
    assert kept.observe(table, 0)[encoder._at["wall"]] == 300
    table.state.tail = table.state.head + 3  # back under a byte: the byte is written again
    for viewer in range(encoder.seats):
        kept_same(kept, plain, table, viewer)


@pytest.mark.parametrize("name", ["paomazai", "paohuzi"])
def test_last_hands_out_the_plain_encoders_observation_for_the_caller_to_keep(name: str) -> None:
    """`last()` writes `observe` out for the acting agent: its observation and mask are the
    plain encoder's and `legal_ids()`'s, and the caller may change both without changing
    what the environment gives next (for this agent or for any other)."""
    pytest.importorskip("pettingzoo")
    import tablerules

    env = tablerules.env(name, seed=5)
    plain = PlainEncoder(env.game)
    rng = random.Random(name)
    steps = 0
    for hand in range(2):
        env.reset(seed=hand)
        for agent in env.agent_iter():
            seat = env.possible_agents.index(agent)
            observation, _, terminated, truncated, _ = env.last()
            expected = plain.encode(env.table, seat).tobytes()
            assert observation["observation"].tobytes() == expected
            mask = observation["action_mask"]
            assert sorted(np.flatnonzero(mask)) == sorted(env.legal_ids())
            observation["observation"][:] = 99  # the caller's own arrays
            mask[:] = 1
            again = env.observe(agent)
            assert again["observation"].tobytes() == expected
            assert sorted(np.flatnonzero(again["action_mask"])) == sorted(env.legal_ids())
            assert env.last()[0]["observation"].tobytes() == expected
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(env.legal_ids()))
            steps += 1
    assert steps > 50


def test_last_asks_a_subclass_for_its_own_observation() -> None:
    """A subclass that observes in its own way gets its `observe` called by `last()`."""
    pytest.importorskip("pettingzoo")
    from tablerules.agents.loading import game_of
    from tablerules.agents.pettingzoo_env import TableEnv

    class Marked(TableEnv):
        def observe(self, agent: str) -> dict[str, np.ndarray]:
            seen = super().observe(agent)
            seen["marked"] = np.ones(1)
            return seen

    env = Marked(game_of("paomazai", None))
    env.reset(seed=1)
    assert "marked" in env.last()[0]
