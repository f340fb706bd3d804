"""Any rule file as an OpenSpiel game, registered as `python_tablerules`.

    import pyspiel
    import tablerules.agents.openspiel_game                  # registers the game
    game = pyspiel.load_game("python_tablerules", {"rules": "rules/mygame.rules"})

Chance: the deal is the shuffle itself, as chance nodes. The first picks the dealer
(uniform over the seats), then one chance node per card of the deck, in the order the deck
is dealt and drawn: each outcome is a card kind, with the probability of drawing it from
the cards still undealt (its copies left over the cards left). The hands, the shown cards
and every later draw come from that order, exactly as `Table` deals a shuffled deck; a draw
is decided by chance before play, not when it is drawn, which is the same distribution.

Players act with the action ids of `actions.ActionTable` (the PettingZoo environment's);
several seats answering one window act one after another in seat order from the card's
owner, none seeing the others' answers. Rewards are the money of each step's payments; the
returns are `Table.totals()`.

The information state string of a seat is its own copy of the hand's event log
(`engine.views.seat_events`, each event as JSON) and its pending choices: perfect recall,
nothing hidden from the seat. The observation string is the seat's view without who else
is asked. Both tensors are the PettingZoo observation (`observation.ObservationEncoder`):
the information state tensor is not of perfect recall (it counts discards, it does not list
their order). `clone` copies the table's state and shares the compiled rules;
`state.serialize()` is the list of chance outcomes and actions, which
`game.deserialize_state` replays. Pickling a state is refused: OpenSpiel's own
`serialize_game_and_state` would pickle it, so use `serialize` and `deserialize_state`.
`resample_from_infostate` deals the cards hidden from the seat again (see `Resampler`).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
from tablerules.agents.actions import ActionTable
from tablerules.agents.loading import game_of
from tablerules.agents.observation import ObservationEncoder
from tablerules.agents.payments import PaymentReader
from tablerules.dsl.loading.bundled import bundled_names
from tablerules.interpreter import Game
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.determinise import clone
from tablerules.interpreter.engine.views import seat_events, seat_view

SHORT_NAME = "python_tablerules"
MONEY_BOUND = float(2**256)  # every amount is held within the engine's cap (see settle)
SERIAL_PREFIX = "tablerules:"

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="A tablerules rule file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,  # a fee to the house leaves the table
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": bundled_names()[0], "options": ""},
)


def parse_options(text: str) -> dict[str, str]:
    """`name:value name:value` (the game parameter `options`) as a dict."""
    options: dict[str, str] = {}
    for item in text.split():
        name, colon, value = item.partition(":")
        if not colon or not name:
            raise ValueError(f"options are written name:value, not {item!r}")
        options[name] = value
    return options


class TableGame(pyspiel.Game):
    """A rule file as an OpenSpiel game (see the module)."""

    def __init__(self, params: dict[str, Any] | None = None, game: Game | None = None):
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        self.rules_game = game or game_of(params["rules"], parse_options(params["options"]))
        self.actions = ActionTable(self.rules_game)
        self.encoder = ObservationEncoder(self.rules_game)
        seats = self.encoder.seats
        deck = len(Table(self.rules_game, seed=0).play.deck)
        self.deck_size = deck
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=max(self.encoder.cards, seats),
            num_players=seats,
            min_utility=-MONEY_BOUND,
            max_utility=MONEY_BOUND,
            utility_sum=None,
            # every card drawn opens at most one turn and one window for every seat, and a
            # turn's declarations are bounded by the cards held (a generous bound)
            max_game_length=4 * deck * (seats + 1),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> TableState:
        return TableState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> TableObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params!r}")
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TableObserver(self, perfect_recall=perfect)

    def deserialize_state(self, text: str) -> TableState:
        """The state `TableState.serialize` wrote: its chance outcomes and actions replayed
        (each checked as it is applied)."""
        if not text.startswith(SERIAL_PREFIX):
            raise ValueError(f"not a serialized {SHORT_NAME} state: {text[:40]!r}")
        state = self.new_initial_state()
        body = text[len(SERIAL_PREFIX) :].strip()
        for item in body.split(",") if body else []:
            try:
                action = int(item)
            except ValueError:
                raise ValueError(f"a serialized state lists action ids, not {item!r}") from None
            if action not in state.legal_actions():
                raise ValueError(f"action {action} is not legal at move {state.move_number()}")
            state.apply_action(action)
        return state


class Hand:
    """The engine behind a state: the chance outcomes so far, then the table. Copied cheaply
    (the compiled rules shared); never pickled."""

    def __init__(self, game: TableGame) -> None:
        self.game = game
        self.dealer: int | None = None
        self.deck: list[int] = []
        # undealt copies of each card
        self.left = list(game.rules_game.compiled.cards.copies_of)
        self.table: Table | None = None
        self.paid = 0  # ledger lines credited as rewards
        self.rewards = [0.0] * game.encoder.seats
        self.legal: dict[int, Choice] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        twin = Hand.__new__(Hand)
        twin.game = self.game
        twin.dealer = self.dealer
        twin.deck = list(self.deck)
        twin.left = list(self.left)
        twin.table = clone(self.table) if self.table is not None else None
        twin.paid = self.paid
        twin.rewards = list(self.rewards)
        twin.legal = dict(self.legal)
        return twin

    def __reduce__(self) -> Any:
        raise TypeError(
            f"a {SHORT_NAME} state is not pickled: use state.serialize() and "
            "game.deserialize_state()"
        )

    def start(self) -> None:
        """Deal the shuffled deck the chance nodes chose."""
        self.table = Table(self.game.rules_game, dealer=self.dealer, wall=self.deck)
        self.collect()
        self.refresh()

    def refresh(self) -> None:
        table = self.table
        if table is None or table.finished:
            self.legal = {}
            return
        self.legal = self.game.actions.legal(table, table.waiting_for()[0])

    def collect(self) -> None:
        """The money paid since the last step, as this step's rewards."""
        assert self.table is not None
        reader = PaymentReader(self.table)
        reader.read = self.paid
        self.rewards = [float(money) for money in reader.new_money()]
        self.paid = reader.read


class TableState(pyspiel.State):
    """A hand in play (see the module)."""

    def __init__(self, game: TableGame) -> None:
        super().__init__(game)
        self.hand = Hand(game)

    # ── whose move ─────────────────────────────────────────────
    def current_player(self) -> int:
        table = self.hand.table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if table.finished:
            return int(pyspiel.PlayerId.TERMINAL)
        return table.waiting_for()[0]

    def is_terminal(self) -> bool:
        return self.hand.table is not None and self.hand.table.finished

    def chance_outcomes(self) -> list[tuple[int, float]]:
        hand = self.hand
        if hand.dealer is None:
            seats = hand.game.encoder.seats
            return [(seat, 1.0 / seats) for seat in range(seats)]
        total = sum(hand.left)
        return [(card, count / total) for card, count in enumerate(hand.left) if count]

    def _legal_actions(self, player: int) -> list[int]:
        if self.hand.table is None or player != self.current_player():
            return []
        return sorted(self.hand.legal)

    def _apply_action(self, action: int) -> None:
        hand = self.hand
        if hand.table is None:
            if hand.dealer is None:
                hand.dealer = action
                return
            if not hand.left[action]:
                raise ValueError(f"no copy of card {action} is left to deal")
            hand.left[action] -= 1
            hand.deck.append(action)
            if len(hand.deck) == hand.game.deck_size:
                hand.start()
            return
        choice = hand.legal.get(action)
        if choice is None:
            raise ValueError(f"action {action} is not legal now")
        hand.table.apply(choice)
        hand.collect()
        hand.refresh()

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.hand.game
        if player == pyspiel.PlayerId.CHANCE:
            if self.hand.dealer is None:
                return f"dealer seat {action}"
            return f"deal {game.rules_game.cards.display[action]}"
        return game.actions.label(action)

    # ── money ──────────────────────────────────────────────────
    def returns(self) -> list[float]:
        table = self.hand.table
        if table is None:
            return [0.0] * self.hand.game.encoder.seats
        return [float(money) for money in table.totals()]

    def rewards(self) -> list[float]:
        return list(self.hand.rewards)

    # ── text ───────────────────────────────────────────────────
    def serialize(self) -> str:
        """The chance outcomes and actions so far (`TableGame.deserialize_state` replays
        them)."""
        return SERIAL_PREFIX + ",".join(str(action) for action in self.history())

    def __str__(self) -> str:
        table = self.hand.table
        if table is None:
            return f"dealing: {len(self.hand.deck)} of {self.hand.game.deck_size} cards"
        view = table.view()
        hands = " | ".join(" ".join(seat["hand"]) for seat in view["seats"])
        return f"turn {view['turn']}, wall {len(view['wall'])}: {hands}"

    # ── determinisation ────────────────────────────────────────
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TableState:
        """A copy with the cards hidden from `player_id` dealt again (see `Resampler`)."""
        from tablerules.agents.resample import Resampler

        seed = int(probability_sampler() * 2**53)
        twin = self.clone()
        if twin.hand.table is not None and not twin.hand.table.finished:
            Resampler(twin.hand.table, player_id, random.Random(seed)).resample()
            twin.hand.refresh()
        return twin


class TableObserver:
    """Observations and information states of a seat (see the module)."""

    def __init__(self, game: TableGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TableState, player: int) -> None:
        table = state.hand.table
        if table is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.game.encoder.encode(table, player)

    def string_from(self, state: TableState, player: int) -> str:
        table = state.hand.table
        if table is None:
            return f"seat {player}: dealing"
        if self.perfect_recall:
            events = [
                json.dumps({k: v for k, v in event.items() if k != "seq"}, ensure_ascii=False)
                for event in seat_events(table, player)
            ]
            choices = [choice.label for choice in table.offered(player)]
            return "\n".join([f"seat {player}", *events, f"choices: {choices}"])
        view = seat_view(table, player)
        if view["pending"] is not None:
            view["pending"].pop("waiting", None)  # who else is asked is not the seat's to see
        return json.dumps(view, ensure_ascii=False, sort_keys=True)


pyspiel.register_game(GAME_TYPE, TableGame)
