"""Bots that play any rule file: they see only the legal choices, the compiled rules and
their own cards, so the same bot plays every game of the family.

* `RandomBot` picks uniformly among the legal choices.
* `SamplingBot` (in `sampling.py`) samples the unseen cards and plays each sensible
  choice out with greedy bots: determinised Monte Carlo, with a budget of samples.
* `ValueBot` (in `value.py`) plays for the money of the rule file: roll-outs valued by
  the settlement where its choices may differ in worth, a win against declining it too.
* `GreedyBot` wins whenever it can, takes forced choices as given, claims or declares
  when that does not take its hand further from complete (see `measure/distance.py`; where a
  minimum score refuses most complete shapes, complete within a plan: `measure/plans.py`), and
  otherwise discards the card that leaves the hand closest to complete.

Every bot draws its ties from its own seeded generator, so a seat's bot and the table's
seed together fix the whole hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from tablerules.interpreter import deadline
from tablerules.interpreter.api import Game
from tablerules.interpreter.bots.estimate.in_sight import seen_outside_hand
from tablerules.interpreter.bots.measure.distance import distance_for, shape_distance_for
from tablerules.interpreter.bots.measure.winning_waits import waits_for
from tablerules.interpreter.bots.phase_choice import phase_choice
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.phases.flow import PHASE
from tablerules.interpreter.engine.phases.last_card import LAST_CARD
from tablerules.interpreter.engine.phases.last_card import TAKE as LAST_CARD_TAKE
from tablerules.interpreter.engine.play_rules import ActionRule
from tablerules.interpreter.engine.state import Offer
from tablerules.interpreter.hand.evaluate import TableGroup

PLAIN = ("discard", "pass")  # what a seat does when it neither wins, claims nor declares
OWN_TURN = ("turn start", "turn")  # ways that take no offered card


class Bot(Protocol):
    """Anything that picks one of a seat's legal choices."""

    def choose(self, table: Table, seat: int) -> Choice: ...


class RandomBot:
    """Uniform among the legal choices."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, table: Table, seat: int) -> Choice:
        """`self.rng.choice` of the legal choices, its draws written out (as the deal's
        `shuffle`: below the count by rejection on `getrandbits` of its bit length): the
        same pick for the same seed, without two Python calls and a copy of the list."""
        options = table.offered(seat)
        count = len(options)
        if not count:
            raise IndexError(f"seat {seat} has no choice to make now")
        draw = self.rng.getrandbits
        bits = count.bit_length()
        pick = draw(bits)
        while pick >= count:
            pick = draw(bits)
        return options[pick]


class GreedyBot:
    """Wins when it can; otherwise keeps its hand as close to complete as one step allows.
    `waits=False` skips the live-wait tie-break (`_Waits`): a cheaper bot for roll-outs."""

    def __init__(self, seed: int | None = None, waits: bool = True) -> None:
        self.rng = random.Random(seed)
        self.waits = waits

    def choose(self, table: Table, seat: int) -> Choice:
        return self.pick(self.alike(table, seat))

    def alike(self, table: Table, seat: int) -> list[Choice]:
        """The choices this bot rates alike and best; `choose` draws one of them."""
        choices = table.legal_actions(seat)
        if len(choices) == 1:
            return choices
        decision = table.state.decision
        if decision is not None and decision.kind == PHASE:
            return phase_choice(table, seat, choices)
        if decision is not None and decision.offer.context == LAST_CARD:
            return [_last_card_choice(table, seat, choices)]
        actions = table.play.actions
        wins = [c for c in choices if c.action in actions and actions[c.action].win]
        if wins:
            return wins
        forced = [c for c in choices if c.forced]
        if len(forced) == 1:
            return forced
        scored = _Scorer(table, seat).score(forced or choices)
        plain = [d for c, d in scored if c.action in PLAIN]
        limit = min(plain) if plain else None
        acting = [(c, d) for c, d in scored if c.action not in PLAIN]
        if limit is not None:
            acting = [(c, d) for c, d in acting if d <= limit]
        pool = acting or scored
        best = min(d for _, d in pool)
        nearest = [c for c, d in pool if d == best]
        if (
            best == 1
            and len(nearest) > 1
            and self.waits
            and table.game.compiled.scoring.decides_wins
        ):
            nearest = _Waits(table, seat).most(nearest)
        return nearest

    def pick(self, choices: list[Choice]) -> Choice:
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)


def _last_card_choice(table: Table, seat: int, choices: list[Choice]) -> Choice:
    """The wall's last card offered: taken by a seat a card from a win (it may win on it),
    passed by the others (a card taken and not won on is shown, and may pay a win)."""
    holder = table.state.seats[seat]
    kinds = [group.kind for group in holder.table]
    ready = distance_for(table.game.compiled).distance(list(holder.hand), kinds, holder.table) <= 1
    wanted = LAST_CARD_TAKE if ready else "pass"
    return next((c for c in choices if c.action == wanted), choices[0])


@dataclass(frozen=True)
class _Laid:
    """A table group as a distance reads it: its cards."""

    cards: tuple[int, ...]


class _Scorer:
    """The distance a seat's hand would be at after each choice, before the next card."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.distance = distance_for(table.game.compiled)
        holder = table.state.seats[seat]
        self.hand = list(holder.hand)
        self.kinds = [group.kind for group in holder.table]
        self.laid = list(holder.table)  # unchanged by a pass or a discard
        decision = table.state.decision
        self.offer: Offer | None = decision.offer if decision is not None else None
        self.then = decision.then if decision is not None else ""
        self.seat = seat
        self._discards: dict[int, int] | None = None
        self.plans = getattr(self.distance, "reads_laid_cards", False)
        self._shapes: dict[int, int] | None = None  # shape distances less each card, as asked
        self._seen: list[int] | None = None

    def score(self, choices: Sequence[Choice]) -> list[tuple[Choice, int]]:
        deadline.check()  # each choice's distance checks it again where it may be long
        return [(choice, self._after(choice)) for choice in choices]

    def _after(self, choice: Choice) -> int:
        if choice.action == "pass":
            found = self.distance.distance(self.hand, self.kinds, self.laid)
            return self._waiting(found, None) if self.plans else found
        if choice.action == "discard":
            if self._discards is None:
                self._discards = self.distance.without_each(self.hand, self.kinds, self.laid)
                if self.plans and self._near_a_shape():
                    self._discards = {c: self._waiting(d, c) for c, d in self._discards.items()}
            assert choice.card is not None
            return self._discards[choice.card]
        rule = self.table.play.actions[choice.action]
        hand, kinds = self._result(choice, rule)
        laid = self._laid(choice) if self.plans else None
        if self._then(choice, rule, kinds) == "discard" and any(hand):
            return min(self.distance.without_each(hand, kinds, laid).values())
        return self.distance.distance(hand, kinds, laid)

    def _near_a_shape(self) -> bool:
        """Whether some discard may leave the hand a card from a complete shape: a card
        set aside never brings a hand nearer, so not where the whole hand is 2 or more."""
        shapes = shape_distance_for(self.table.game.compiled)
        return shapes.distance(self.hand, self.kinds, self.laid) <= 1

    def _waiting(self, planned: int, discard: int | None) -> int:
        """A hand measured against plans (`measure/plans.py`) that is a card from a complete shape
        waiting on a live card that wins is a card from a win, whatever the plans say."""
        if planned <= 1:
            return planned
        shapes = shape_distance_for(self.table.game.compiled)
        hand = list(self.hand)
        if discard is None:
            shape = shapes.distance(hand, self.kinds, self.laid)
        else:
            if self._shapes is None:
                self._shapes = shapes.without_each(hand, self.kinds, self.laid)
            shape = self._shapes[discard]
            hand[discard] -= 1
        if shape != 1:
            return planned
        state = self.table.state
        if self._seen is None:
            self._seen = seen_outside_hand(self.table, self.seat)
        groups = [TableGroup(g.kind, tuple(sorted(g.cards)), g.claimed) for g in self.laid]
        seat = (self.seat - state.dealer) % self.table.play.seats
        live = waits_for(self.table.game).live(
            hand, groups, self._seen, seat, state.streak, state.round
        )
        return 1 if live else planned

    def _laid(self, choice: Choice) -> list[_Laid]:
        """The seat's table groups once the choice is carried out, as far as their cards
        go (what a plan reads of them: `measure/plans.py`)."""
        laid = [_Laid(tuple(group.cards)) for group in self.laid]
        for _, cards in choice.extra:  # in the order `_result` lays their kinds
            laid.append(_Laid(tuple(cards)))
        made = tuple(choice.from_hand) + ((choice.card,) if choice.card is not None else ())
        if choice.table_index is not None:
            laid[choice.table_index] = _Laid(laid[choice.table_index].cards + made)
        elif choice.kind is not None:
            laid.append(_Laid(made))
        return laid

    def _result(self, choice: Choice, rule: ActionRule) -> tuple[list[int], list[int]]:
        """The seat's concealed cards and table kinds once the choice is carried out."""
        hand = list(self.hand)
        kinds = list(self.kinds)
        for card in choice.from_hand:
            hand[card] -= 1
        for kind, cards in choice.extra:
            for card in cards:
                hand[card] -= 1
            kinds.append(kind)
        card = choice.card
        takes_offered = card is not None and rule.ways[choice.way].context not in OWN_TURN
        if takes_offered and self._offered_card_in_hand() and hand[card] > 0:
            hand[card] -= 1
        if choice.table_index is not None:
            if choice.kind is not None:
                kinds[choice.table_index] = choice.kind
        elif choice.kind is not None:
            kinds.append(choice.kind)
        return hand, kinds

    def _offered_card_in_hand(self) -> bool:
        """A card the seat received and kept is already in its hand; a shown one is not."""
        offer = self.offer
        if offer is None or offer.owner != self.seat:
            return False
        return self.table.play.in_owner_hand(offer.context)

    def _then(self, choice: Choice, rule: ActionRule, kinds: list[int]) -> str:
        """What follows the choice: a discard, a replacement draw, or the next seat's turn."""
        if rule.ways[choice.way].context == "turn start":
            return self.then or "draw"
        names = self.table.game.compiled.kinds
        plain = "discard"
        for then in rule.then:
            if then.when_count is None:
                plain = then.kind
            elif sum(names[k].name in then.when_kinds for k in kinds) >= then.when_count:
                return then.kind
        return plain


class _Waits:
    """Among discards that leave the hand one card from complete, those that wait on the
    most cards that would make it a winning hand (not only a complete shape): see
    `measure/winning_waits.py`. Only where the win clause may refuse a complete shape."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.waits = waits_for(table.game)

    def most(self, choices: list[Choice]) -> list[Choice]:
        if any(c.action != "discard" for c in choices):
            return choices
        state = self.table.state
        holder = state.seats[self.seat]
        groups = [TableGroup(g.kind, tuple(sorted(g.cards)), g.claimed) for g in holder.table]
        seen = self._seen()
        counts = list(holder.hand)
        live: dict[int, int] = {}
        for choice in choices:
            card = choice.card
            assert card is not None
            if card not in live:
                counts[card] -= 1
                live[card] = self.waits.live(
                    counts,
                    groups,
                    seen,
                    (self.seat - state.dealer) % self.table.play.seats,
                    state.streak,
                    state.round,
                )
                counts[card] += 1
        most = max(live.values())
        return [c for c in choices if live[c.card] == most]  # type: ignore[index]

    def _seen(self) -> list[int]:
        """Copies of each card the seat sees outside its hand (`in_sight`)."""
        return seen_outside_hand(self.table, self.seat)


def rank_choices(table: Table, seat: int, choices: Sequence[Choice]) -> list[tuple[Choice, int]]:
    """The choices with the distance each leaves the hand at, nearest first (stable)."""
    scored = _Scorer(table, seat).score(choices)
    return sorted(scored, key=lambda pair: pair[1])


BOT_NAMES = ("random", "greedy", "sampling", "value")


def make_bot(name: str, seed: int, budget: Mapping[str, int] | None = None) -> Bot:
    """A bot by name, seeded; `budget` bounds the work of bots that search (`samples`)."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "sampling":
        from tablerules.interpreter.bots.sampling import SAMPLES, SamplingBot

        return SamplingBot(seed, samples=(budget or {}).get("samples", SAMPLES))
    if name == "value":
        from tablerules.interpreter.bots import value

        return value.ValueBot(seed, samples=(budget or {}).get("samples", value.SAMPLES))
    raise ValueError(f"no bot named {name!r} (bots: {', '.join(BOT_NAMES)})")


def play_hand(
    game: Game,
    bots: Sequence[Bot],
    seed: int | None,
    dealer: int | None = None,
    round: int = 0,
    streak: int = 0,
    carried: Mapping[str, int] | None = None,
) -> Table:
    """Play one whole hand, one bot per seat, and return the finished table; `dealer`,
    `round`, `streak` and `carried` place it in a game (see `interpreter.match`)."""
    table = Table(game, seed=seed, dealer=dealer, round=round, streak=streak, carried=carried)
    if len(bots) != table.play.seats:
        raise ValueError(f"{len(bots)} bots for {table.play.seats} seats")
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
    return table
