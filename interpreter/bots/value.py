"""A bot that plays for the money of this rule file: determinised roll-outs valued by the
settlement, at the decisions where its choices may differ in what they are worth.

`ValueBot` plays as the greedy bot does wherever one choice is sensible (a single legal
choice, a forced one, a phase before play) and where the engine asks a question of its own
rather than offering the file's actions (whether to take the wall's last card). Elsewhere
it imagines the cards it cannot see dealt again at random (`determinise`), plays each
candidate choice on that imagined table, lets greedy bots finish the hand, and reads its
own money at the end, as the rule file pays it: bonuses, hand patterns, multipliers, fees.
The same imagined deals serve every candidate, so they are compared on equal luck. An
imagined deal gives no other seat the cards its discards showed it holds none of (the
cards of its declared value it must discard first: `estimate/seen_absent.py`), and each other
seat's imagined hand keeps the best of as many fresh draws as it has drawn (`kept_hands.py`):
a hand dealt at random is far further from a win than a played one.

* **A win it could decline.** A win and a way to decline it (a pass, a claim instead)
  are both played out on the same imagined deals, in batches of `win_samples`, until the
  mean difference is `CLEAR` standard errors from 0 or `win_limit` deals are played; it
  takes the one worth more on average. So where a seat's own draw pays more than another
  seat's card (a larger bonus, say), it waits for it more often. It weighs the win also in a
  window other seats are asked in: each imagined deal asks them again, as it holds them
  (`ask_again`), and their bots answer there.
* **A hand near complete** (at most `close` cards from it, on its own turn or in a window
  on a card): the choices the greedy bot rates as near as the best (at most `width`, the
  greedy bot's own pick first: of the discards it rates alike, among those that keep the
  hand open to the most unseen cards (`estimate/acceptance.py`), the one least likely to be won on,
  `estimate/danger.py`) are played out on the same `samples` imagined deals, and another choice
  replaces the greedy bot's pick only where its money beats it by `CLEAR` standard errors
  of the paired differences (`clearly_better`): which card to keep, which claim to make,
  whether to claim at all. The largest total of a few deals would pick luck (one large win
  in five deals), not the better choice. Where the deals end with the same money for every
  choice (often none of them won), the scoring's estimate breaks the tie; otherwise, and
  where that tells them apart in nothing, the greedy bot's pick stands.
* **A hand far from complete**: roll-outs rarely reach a win from there, so among the
  choices as near to complete as the best it takes the one the compiled scoring values
  most, of those it values alike the most open and the safest (`estimate/hand_value.py`: the scores
  the settlement pays by, judged on the cards the choice leaves, some dealt again; the
  chance of a card count a pattern reads worked out exactly, `estimate/count_reach.py`); where that
  tells them apart in nothing, the greedy bot's choice, or of the discards it rates alike
  the most open (`estimate/acceptance.py`) and of those the least likely to be won on
  (`estimate/danger.py`).
* **A window other seats are asked in too**, no win among the choices: the same estimate
  among the choices as near as the best (it reads only the seat's cards and what it has
  seen, so no roll-out is needed); it also breaks the ties of roll-outs near complete
  that end with the same money for every choice.

Other choices it searches only when no other seat has a choice pending in the same window
(the others' choices were offered for their real cards, which it must not see); in every
roll-out of a window the other seats are asked again as the imagined deal holds them. It
knows no game: only the legal choices, the engine, what its seat can see, and the money
the engine pays. Its budget is counted in samples, not time, so a simulation with it stays
reproducible. A seeded bot draws its imagined deals from its seed and the point the hand
has reached (the events so far), not from what it searched before: two runs of the same
deal under files that pay differently imagine the same deals wherever they have played
alike, so a comparison measures the files, not two draws of the bot's luck.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from tablerules.interpreter.bots.estimate.acceptance import most_accepting
from tablerules.interpreter.bots.estimate.danger import Danger
from tablerules.interpreter.bots.estimate.hand_value import hand_value_for
from tablerules.interpreter.bots.estimate.seen_absent import cards_not_held
from tablerules.interpreter.bots.kept_hands import keep_best
from tablerules.interpreter.bots.players import PLAIN, GreedyBot, rank_choices
from tablerules.interpreter.engine import Choice, Table
from tablerules.interpreter.engine.determinise import ask_again, clone, determinise
from tablerules.interpreter.engine.phases.flow import PHASE

SAMPLES = 5  # imagined deals per candidate at a decision near complete
WIN_SAMPLES = 12  # imagined deals for a win against declining it, a batch
WIN_LIMIT = 48  # at most this many while the two stay within CLEAR standard errors
CLEAR = 2.0  # a difference this many standard errors from 0 needs no more deals
WIDTH = 3  # candidates at most
CLOSE = 2  # search when the best choice leaves the hand at most this far from complete
MARGIN = 0  # candidates: as near to complete as the best, or this much further
ESTIMATE_SAMPLES = 48  # imagined ends for the scoring's estimate far from complete, shared out


class ValueBot:
    """Chooses by the money its choices end with in determinised roll-outs."""

    def __init__(
        self,
        seed: int | None = None,
        samples: int = SAMPLES,
        win_samples: int = WIN_SAMPLES,
        win_limit: int | None = None,
        width: int = WIDTH,
        close: int = CLOSE,
        estimate_samples: int = ESTIMATE_SAMPLES,
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)
        self.samples = samples
        self.win_samples = win_samples
        if win_limit is None:  # the default's share of batches
            win_limit = WIN_LIMIT * win_samples // WIN_SAMPLES
        self.win_limit = max(win_limit, win_samples)
        self.width = width
        self.close = close
        self.estimate_samples = estimate_samples

    def choose(self, table: Table, seat: int) -> Choice:
        if self.seed is not None:  # the same imagined deals at the same point of a hand
            self.rng = random.Random(f"{self.seed}:{len(table.state.events)}")
        choices = table.legal_actions(seat)
        decision = table.state.decision
        if len(choices) == 1 or decision is None or decision.kind == PHASE:
            return self.greedy.choose(table, seat)
        if any(c.forced for c in choices):
            return self.greedy.choose(table, seat)
        actions = table.play.actions
        if any(c.action not in actions and c.action not in PLAIN for c in choices):
            return self.greedy.choose(table, seat)  # a question of the engine's own
        wins = [c for c in choices if c.action in actions and actions[c.action].win]
        if wins and askable(table, seat):
            return self._win_or_wait(table, seat, choices, wins)
        if len(decision.options) != 1:
            if wins:
                return self.greedy.choose(table, seat)
            return self._shared_window(table, seat, choices)
        if wins:
            return self._win_or_wait(table, seat, choices, wins)
        ranked = rank_choices(table, seat, choices)
        best = ranked[0][1]
        candidates = [choice for choice, distance in ranked if distance <= best + MARGIN]
        if best > self.close:
            return self._by_estimate(table, seat, candidates, best)
        # the greedy bot's pick first, the choice to beat; its tie drawn from this point's
        # generator, so the pick too depends on the point of the hand only
        bot = GreedyBot(self.rng.randrange(1 << 62))
        greedy = best_of_alike(table, seat, bot.alike(table, seat), bot.pick)
        if greedy in candidates:
            candidates.remove(greedy)
            candidates.insert(0, greedy)
        candidates = candidates[: self.width]
        if len(candidates) == 1:
            return candidates[0]
        money = self._play_outs(table, seat, candidates, self.samples)
        picked = pick_near_complete(money)
        if picked is not None:
            return candidates[picked]
        return self._estimate_best(table, seat, candidates, best) or candidates[0]

    def _win_or_wait(
        self, table: Table, seat: int, choices: list[Choice], wins: list[Choice]
    ) -> Choice:
        """The greedy bot's win, unless declining it is worth more on the imagined deals:
        batches of `win_samples` (the same deals for both) until the difference is CLEAR
        standard errors from 0 or `win_limit` deals are played, then the larger mean."""
        win = self.greedy.choose(table, seat)
        if win not in wins:
            win = wins[0]
        others = [c for c in choices if c not in wins]
        if not others or self.win_samples <= 1:
            return win
        wait = rank_choices(table, seat, others)[0][0]
        gains: list[int] = []
        while len(gains) < self.win_limit:
            money = self._play_outs(table, seat, [win, wait], self.win_samples)
            gains += [waited - won for won, waited in zip(money[0], money[1], strict=True)]
            mean, error = mean_and_error(gains)
            if abs(mean) > CLEAR * error or error == 0:
                break
        return wait if mean > 0 else win

    def _by_estimate(
        self, table: Table, seat: int, candidates: list[Choice], lacking: int
    ) -> Choice:
        """Far from complete: among the choices as near as the best, the one the compiled
        scoring's estimate values most (`estimate/hand_value.py`); the greedy bot's choice when the
        estimate tells them apart in nothing."""
        estimate = hand_value_for(table.game)
        if len(candidates) < 2 or not estimate.active or self.estimate_samples < 1:
            return self._safe_greedy(table, seat)
        samples = max(self.estimate_samples // len(candidates), 2)  # per candidate
        values = estimate.of_choices(table, seat, candidates, lacking, samples, self.rng)
        top = max(values)
        if min(values) == top:
            return self._safe_greedy(table, seat)
        best = [c for c, value in zip(candidates, values, strict=True) if value == top]
        return best_of_alike(table, seat, best, lambda kept: kept[0])

    def _safe_greedy(self, table: Table, seat: int) -> Choice:
        """The greedy bot's choice, or, where it is a discard, the best of the discards it
        rates alike (`best_of_alike`)."""
        return best_of_alike(table, seat, self.greedy.alike(table, seat), self.greedy.pick)

    def _shared_window(self, table: Table, seat: int, choices: list[Choice]) -> Choice:
        """A window other seats are asked in too, a win not among the choices: no roll-out
        (their real choices are unseen), but the scoring's estimate reads only the seat's
        cards and what it has seen, so among the choices as near to complete as the best it
        takes the one the estimate values most; the greedy bot's choice when none is."""
        if not hand_value_for(table.game).active:
            return self.greedy.choose(table, seat)
        ranked = rank_choices(table, seat, choices)
        nearest = ranked[0][1]
        candidates = [choice for choice, distance in ranked if distance <= nearest + MARGIN]
        found = self._estimate_best(table, seat, candidates, nearest)
        return found or self.greedy.choose(table, seat)

    def _estimate_best(
        self, table: Table, seat: int, candidates: list[Choice], lacking: int
    ) -> Choice | None:
        """The candidate the compiled scoring's estimate (`estimate/hand_value.py`) values
        most, with `lacking` cards to come; None where it has nothing to weigh or tells them
        apart in nothing. It breaks the ties of roll-outs that end with the same money: a hand near
        complete often wins in none of its few imagined deals, and then its scores, which
        a multiplier pays by, still differ."""
        estimate = hand_value_for(table.game)
        if len(candidates) < 2 or not estimate.active or self.estimate_samples < 1:
            return None
        samples = max(self.estimate_samples // len(candidates), 2)
        values = estimate.of_choices(table, seat, candidates, lacking, samples, self.rng)
        top = max(values)
        if min(values) == top:
            return None
        return candidates[values.index(top)]

    def _play_outs(
        self, table: Table, seat: int, candidates: list[Choice], samples: int
    ) -> list[list[int]]:
        """The seat's money after each candidate, on `samples` imagined deals (the same
        deals for every candidate): one row per candidate."""
        money: list[list[int]] = [[] for _ in candidates]
        without = cards_not_held(table, seat)  # what the others' discards told
        for _ in range(samples):
            world_seed = self.rng.randrange(1 << 62)
            imagined = random.Random(world_seed)
            world = determinise(table, seat, imagined, without)
            keep_best(world, seat, imagined)  # the others kept the best of their draws
            ask_again(world, seat)
            for index, choice in enumerate(candidates):
                money[index].append(play_out(clone(world), choice, seat, world_seed))
        return money


def best_of_alike(
    table: Table, seat: int, alike: list[Choice], pick: Callable[[list[Choice]], Choice]
) -> Choice:
    """Of choices rated alike, where they are discards: those that keep the hand open to
    the most unseen cards (`estimate/acceptance.py`), then the least likely of them to be won on
    (`estimate/danger.py`); `pick` draws among what is left alike."""
    kept = most_accepting(table, seat, alike)
    return Danger(table, seat).safest(kept, pick(kept))


def play_out(table: Table, choice: Choice, seat: int, seed: int) -> int:
    """The seat's money once `choice` is taken and greedy bots finish the hand (without
    their live-wait tie-break, which costs a win test per card at every close discard)."""
    seats = table.play.seats
    bots = [GreedyBot(seed * seats + s, waits=False) for s in range(seats)]
    table.apply(choice)
    while not table.finished:
        waiting = table.waiting_for()[0]
        table.apply(bots[waiting].choose(table, waiting))
    return table.totals()[seat]


def askable(table: Table, seat: int) -> bool:
    """Whether the seat's choice in this decision may be played out: it alone is asked, or
    the others asked with it can be asked again as each imagined deal holds them."""
    decision = table.state.decision
    if decision is None or len(decision.options) == 1:
        return True
    owner = decision.offer.owner
    return decision.kind == "window" and (owner == seat or owner not in decision.options)


def pick_near_complete(money: list[list[int]]) -> int | None:
    """The row to take near complete, the greedy bot's pick first: a row clearly better
    than it, else the greedy pick where the deals tell the rows apart at all; None where
    every row ends with the same money, for the scoring's estimate to decide (a hand whose
    few deals all end the same, often without a win, may still differ in what it scores).
    The estimate is asked only then: it costs as much as the roll-outs themselves."""
    clear = clearly_better(money)
    if clear is not None:
        return clear
    for row in money:
        if row != money[0]:
            return 0
    return None


def clearly_better(money: list[list[int]]) -> int | None:
    """The row whose money beats the first row's by the most, on the same deals, where that
    gain is CLEAR standard errors above 0; None where no row does.

    A few deals decide little: one win the scoring pays six times over in five deals lifts
    a choice's total far above the others', and the largest of a few noisy totals picks
    such luck, not the better choice (the bot so passed claims the greedy bot makes, which
    the same choices played on more deals valued higher)."""
    first = money[0]
    best: int | None = None
    top = 0.0
    for index in range(1, len(money)):
        gains = [other - own for own, other in zip(first, money[index], strict=True)]
        mean, error = mean_and_error(gains)
        if mean > CLEAR * error and mean > top:
            best, top = index, mean
    return best


def mean_and_error(gains: list[int]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (infinite for one)."""
    mean = sum(gains) / len(gains)
    if len(gains) < 2:
        return mean, math.inf
    spread = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
    return mean, math.sqrt(spread / len(gains))
