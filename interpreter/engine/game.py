"""A hand in play, driven by the rule file's play clauses.

`Table` deals, then runs the flow the rules describe until some seat must choose: its
turn (declare, win, discard) or a window on a card (claim, win, pass). `legal_actions`
lists the choices, `apply` takes one (an illegal one is refused with its reason and changes
nothing), and the flow runs on. Every step is logged as an event naming its clause.

The flow lives in mixins by job: `turns` (the turn flow), `windows` (claim windows and the
restrictions they leave), `actions` (carrying out an action), `ending` (wins, drawn hands,
the next dealer); `deal` builds the state, `settle` pays, `views` redacts.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter, index
from pathlib import Path
from typing import Any, NamedTuple

from tablerules.dsl.model import ir
from tablerules.interpreter import deadline
from tablerules.interpreter.api import Game, load_game
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.compiling.carried import starting
from tablerules.interpreter.compiling.compiled import DealLine
from tablerules.interpreter.engine.actions import ActionSteps
from tablerules.interpreter.engine.choices import ChoiceMaker
from tablerules.interpreter.engine.dealing.deal import deal_hand
from tablerules.interpreter.engine.dealing.rigged import carried_problem, deal_problem, seat_problem
from tablerules.interpreter.engine.dealing.shuffle import shuffle
from tablerules.interpreter.engine.ending import HandEnd
from tablerules.interpreter.engine.explain import explain, locked_discard
from tablerules.interpreter.engine.phases.dealt_card import (
    DealtCardFlow,
    last_dealt_card,
    offers_dealt_card,
)
from tablerules.interpreter.engine.phases.flow import PHASE, PhaseFlow
from tablerules.interpreter.engine.phases.last_card import LastCard
from tablerules.interpreter.engine.phases.shown_cards import ShownReplacement
from tablerules.interpreter.engine.phases.shown_wins import ShownWins
from tablerules.interpreter.engine.phases.turned_wild import TurnedWildFlow
from tablerules.interpreter.engine.play_rules import PlayRules
from tablerules.interpreter.engine.settle import Settlement
from tablerules.interpreter.engine.state import Choice, HandState
from tablerules.interpreter.engine.turns import TurnFlow, TurnForms, turn_forms
from tablerules.interpreter.engine.views import referee_view, seat_view
from tablerules.interpreter.engine.windows import ClaimWindows
from tablerules.interpreter.playlog.event_kinds import (
    DEAL,
    DEAL_CARRIED,
    EventKind,
    undeclared,
)
from tablerules.interpreter.playlog.event_lines import HandLines, Waiting, event_lines
from tablerules.interpreter.playlog.line_forms import Form
from tablerules.interpreter.playlog.writer import line_bytes


class PlayParts(NamedTuple):
    """What every table of a game shares, built once per game (`play_parts`): the compiled
    play rules, the choice maker and the settlement with their caches, and the answers a
    table would otherwise work out again on each deal."""

    play: PlayRules
    maker: ChoiceMaker
    settlement: Settlement
    deal_plan: tuple[DealLine, ...]
    turn_start_ways: bool  # some way is offered at the start of a turn
    any_forced: bool  # some action is forced
    restricting_contexts: frozenset[str]  # see `PlayRules.restricting_contexts`
    discarding_restrictions: tuple[ir.Restriction, ...]  # those that follow a discard
    turn_forms: TurnForms  # the log forms of the events of a turn
    offers_dealt_card: bool = False  # the dealer is offered its last dealt card (`dealt_card`)


def play_parts(game: Game) -> PlayParts:
    """The shared play parts of a game, built on its first table and kept."""
    parts = game.shared.get("play")
    if parts is None:
        play = PlayRules(game.compiled)
        maker = ChoiceMaker(play, game.evaluator)
        parts = game.shared["play"] = PlayParts(
            play=play,
            maker=maker,
            settlement=Settlement(play, game.evaluator, maker),
            deal_plan=tuple(game.compiled.deal_plan()),
            turn_start_ways="turn start" in play.ways_by_context,
            any_forced=any(a.forced for a in play.actions.values()),
            restricting_contexts=frozenset(play.restricting_contexts()),
            discarding_restrictions=tuple(
                rule for rule in play.restrictions.values() if rule.after_discarding
            ),
            turn_forms=turn_forms(event_lines(game.shared), play.turn.cites),
            offers_dealt_card=offers_dealt_card(play, game.compiled.deal_plan()),
        )
    return parts


class IllegalAction(ValueError):
    """An action that cannot be taken now; the message says why. The state is unchanged."""


class Table(
    TurnFlow,
    PhaseFlow,
    ShownWins,
    LastCard,
    ShownReplacement,
    TurnedWildFlow,
    DealtCardFlow,
    ClaimWindows,
    ActionSteps,
    HandEnd,
):
    """One hand of a game, from the deal to the settlement."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        dealer: int | None = None,
        wall: Sequence[int] | None = None,
        hands: Sequence[Sequence[int]] | None = None,
        shown: int | None = None,
        round: int = 0,
        streak: int = 0,
        carried: Mapping[str, int] | None = None,
    ) -> None:
        """A seeded hand, or a rigged one: `hands` per seat (absolute seat order) and the
        `wall` in draw order; `shown` is the dealer's card shown on the deal, if the deal
        shows one. `round` (from 0) and `streak` (hands the dealer has kept the deal before
        this one) place the hand in a game (see `interpreter.match`), with `carried`, the
        numbers the game carries from hand to hand (by name; those not given start)."""
        parts = self._bind_game(game)
        self._log_waiting: list[Waiting] | None = None  # see `keep_log_lines`
        self.seed = seed
        self.rng = random.Random(seed)
        placed_at = {"round": round, "streak": streak}
        seats, rigged = self.play.seats, (wall, hands, shown)
        carries = (rule.name for rule in game.compiled.carries)
        problem = deal_problem(game.compiled, seats, dealer or 0, *rigged, placed_at)
        if problem := problem or carried_problem(carried, carries):
            raise ValueError(problem)  # a seat, a card, a count or a number out of range
        if wall is None and hands is None:
            deck = list(self.play.deck)
            shuffle(deck, self.rng)  # as `self.rng.shuffle(deck)` (see `shuffle`)
            wall = deck
        if dealer is None:  # drawn apart from the shuffle: naming it does not change the deal
            dealer = random.Random(f"dealer:{seed}").randrange(self.play.seats)
        self.state, self._shown_on_deal = deal_hand(
            game.compiled, self.play.seats, dealer, wall, hands, shown, parts.deal_plan
        )
        if parts.offers_dealt_card:  # rigged: `shown` names the dealer's last dealt card
            self.state.dealt_card = (
                shown if hands is not None else last_dealt_card(parts.deal_plan, wall or ())
            )
            self._shown_on_deal = []
        self.state.round, self.state.streak = round, streak
        self.state.reserve = self.play.reserve
        self.state.carried = starting(game.compiled.carries)
        for name, value in (carried or {}).items():
            self.state.carried[name] = index(value)  # a NumPy integer as an int
        deal = game.compiled.rules.deal
        placed: dict[str, object] = {"round": round, "streak": streak} if round or streak else {}
        if self.state.carried:
            placed = {"round": round, "streak": streak, "carried": dict(self.state.carried)}
        self.log(
            DEAL_CARRIED if self.state.carried else DEAL,
            clause="deal",
            cites=deal.cites if deal else (),
            dealer=dealer,
            hands=[self._ids(seat.hand) for seat in self.state.seats],
            wall=len(self.state.wall),
            **placed,
        )
        if game.turns_wild:  # the wild chosen by a card turned up now (`phases.turned_wild`)
            self._turn_wild()
        self._start()

    def _bind_game(self, game: Game) -> PlayParts:
        """Play by `game`'s compiled rules and shared parts (again after a card turned at
        the deal chose the hand's wild cards)."""
        self.game = game
        parts = play_parts(game)
        self.play, self.maker, self.settlement = parts.play, parts.maker, parts.settlement
        self._turn_start_ways = parts.turn_start_ways
        self._offer_last = self.play.end.last_card_offered  # see `phases.last_card`
        self._any_forced = parts.any_forced
        # immediate wins looked for on each own turn (`on own turn`), not only on the deal
        self._own_turn_wins = any(w.own_turn for w in game.compiled.immediate)
        self._restricting_contexts = parts.restricting_contexts
        self._discarding_restrictions = parts.discarding_restrictions
        # the turn's log forms, each an attribute: read on every draw and discard
        self._draw_form, self._replacement_form, self._discard_form = parts.turn_forms
        return parts

    @classmethod
    def from_file(
        cls, path: str | Path, options: dict[str, str] | None = None, **kwargs: Any
    ) -> Table:
        return cls(load_game(path, options), **kwargs)

    # ── public API ─────────────────────────────────────────────
    # read after every step: a getter made in C, not a Python call
    finished = property(attrgetter("state.finished"), doc="Whether the hand is over.")

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.state.events

    def waiting_for(self) -> list[int]:
        """Seats that must choose now (empty when the hand is over)."""
        decision = self.state.decision
        if decision is None or self.state.finished:
            return []
        if not decision.chosen:  # `decision.waiting`, asked after every step
            return list(decision.options)
        return decision.waiting

    def legal_actions(self, seat: int) -> list[Choice]:
        """The seat's legal choices now (empty when it is not asked); a seat that is none
        of the game's is refused with the seats there are."""
        if problem := seat_problem(seat, self.play.seats):
            raise ValueError(problem)
        return list(self.offered(seat))

    def offered(self, seat: int) -> Sequence[Choice]:
        """`legal_actions` as the table holds them, not copied: for a caller that only
        reads them (a bot picking one), never to be changed."""
        decision = self.state.decision
        if self.state.finished or decision is None or seat in decision.chosen:
            return ()
        return decision.options.get(seat, ())

    def explain(
        self,
        seat: int,
        action: str,
        lang: str = "en",
        seat_name: Callable[[int], str] | None = None,
    ) -> str:
        """Why `action` (an action name, `discard` or `pass`) is or is not legal for `seat`,
        in language `lang` (`messages`); `seat_name` names seats (by default `seat N (NAME)`)."""
        if problem := seat_problem(seat, self.play.seats):
            raise ValueError(problem)
        return explain(self, seat, action, lang, seat_name)

    def apply(self, choice: Choice | str, seat: int | None = None) -> None:
        """Take a choice (a `Choice`, or its label for `seat`); refuse it with the reason."""
        deadline.check()  # a caller's bound on the hand's work (see `deadline`)
        if isinstance(choice, str):
            if seat is None:
                raise IllegalAction("say which seat takes the action")
            if problem := seat_problem(seat, self.play.seats):
                raise IllegalAction(problem)
            match = next((c for c in self.legal_actions(seat) if c.label == choice), None)
            if match is None:
                raise IllegalAction(self._refusal(seat, choice))
            choice = match
        elif not isinstance(choice, Choice):
            raise IllegalAction(f"{choice!r:.40} is no choice: one of `legal_actions`, or a label")
        decision = self.state.decision
        seat = choice.seat
        if decision is None or self.state.finished:
            raise IllegalAction(self._refusal(seat, choice.label))
        chosen = decision.chosen
        if seat in chosen:
            raise IllegalAction(self._refusal(seat, choice.label))
        # a choice as offered is found by identity first: `in` compares each choice before
        # it field by field, in Python, and a plain loop costs less than a C iterator chain
        for offered in decision.options.get(seat, ()):  # as `legal_actions`, without a copy
            if offered is choice:
                break
        else:
            if choice not in decision.options.get(seat, ()):
                raise IllegalAction(self._refusal(seat, choice.label))
        chosen[seat] = choice
        if decision.kind == "turn":  # its one seat has chosen
            self._resolve_turn(decision, choice)
        elif len(chosen) == len(decision.options):
            if decision.kind == PHASE:
                self._resolve_phase(decision)
            else:
                self._resolve_window(decision)

    def snapshot(self) -> HandState:
        return copy.deepcopy(self.state)

    def restore(self, snapshot: HandState) -> None:
        self.state = copy.deepcopy(snapshot)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What a seat sees (others' hands and hidden cards redacted), or the referee's view."""
        if seat is not None and (problem := seat_problem(seat, self.play.seats)):
            raise ValueError(problem)
        return referee_view(self) if seat is None else seat_view(self, seat)

    def totals(self) -> list[int]:
        """Net money per seat from the ledger."""
        totals = [0] * self.play.seats
        for line in self.state.ledger:
            if line.payer is not None:
                totals[line.payer] -= line.amount
            if line.payee is not None:
                totals[line.payee] += line.amount
        return totals

    # ── helpers ────────────────────────────────────────────────
    def name(self, card: int | None) -> str | None:
        return None if card is None else self.game.compiled.cards.display[card]

    def card_id(self, card: int | None) -> str | None:
        return None if card is None else self.game.compiled.cards.ids[card]

    def next_seat(self, seat: int) -> int:
        """The seat after `seat` in turn order, passing over seats that have left the hand."""
        following = (seat + 1) % self.play.seats
        left = self.state.left
        while left and following in left:
            following = (following + 1) % self.play.seats
        return following

    def keep_log_lines(self, lines: HandLines | None) -> None:
        """From now on keep each event logged, with its form, among `lines` (None: stop),
        which make their play-log lines when asked (`HandLines.take`); the events logged
        so far go in at once, made whole. A log writer's way to encode a hand's events
        together, each from its compiled form (see `playlog.event_lines`), rather than one by
        one as they are logged: an event must therefore not change once it is logged."""
        if lines is None:
            self._log_waiting = None
            return
        for event in self.state.events:
            lines.add(line_bytes(event))
        self._log_waiting, self._log_encoder = lines.waiting, lines.encoder

    def log(
        self, kind: EventKind | str, clause: str = "", cites: Sequence[str] = (), **data: Any
    ) -> None:
        """Log an event of this kind (`playlog.event_kinds`; a plain type: fields undeclared),
        logged by `clause` implementing the rule ids `cites`, with these fields."""
        if isinstance(kind, str):
            kind = undeclared(kind)
        events = self.state.events
        seq = len(events)
        event: dict[str, Any] = {"seq": seq, "type": kind.type, **data}
        if clause:
            event["clause"] = clause
        if cites:
            event["cites"] = list(cites)
        events.append(event)
        waiting = self._log_waiting
        if waiting is not None:
            encoder = self._log_encoder
            if kind.fields is None:  # shaped by its values: its line made now, from them
                waiting.append((None, encoder.line(seq, kind.type, clause, cites, data, event)))
                return
            form = encoder.fitted_form(kind, clause, cites, data)
            # not given as its kind declares (no form): encoded whole
            waiting.append((form, event) if form is not None else (None, line_bytes(event)))

    def _log_made(self, form: Form | None, event: dict[str, Any]) -> None:
        """Log an event its caller made whole, as `log(kind, clause, cites, **fields)`
        makes it (`seq`, the next number, `type`, the kind's fields in order, `clause`,
        and a copy of the cites when there are any), `form` being that of the kind, clause
        and cites (`PlayParts.turn_forms`). Events logged on every step are made this way:
        a dict literal costs 40% of passing the fields by name."""
        self.state.events.append(event)
        waiting = self._log_waiting
        if waiting is not None:
            waiting.append((form, event) if form is not None else (None, line_bytes(event)))

    def seat_name(self, seat: int) -> str:
        names = self.game.compiled.seat_names
        position = (seat - self.state.dealer) % self.play.seats
        return f"seat {seat} ({names[position]})" if names else f"seat {seat}"

    def _refusal(self, seat: int, label: str) -> str:
        if self.state.finished:
            return "the hand is over"
        waiting = self.waiting_for()
        if seat not in waiting:
            names = ", ".join(self.seat_name(s) for s in waiting) or "nobody"
            return f"{self.seat_name(seat)} is not asked to act now (waiting for {names})"
        action = label.split(" ", 1)[0]
        legal = self.legal_actions(seat)
        same = [c.label for c in legal if c.action == action]
        locked = locked_discard(self, seat, label) if action == "discard" else None
        unknown = self._unknown_card(label) if action == "discard" else ""
        if locked is not None:
            reason = locked
        elif unknown:
            reason = unknown
        elif same:
            reason = f"no {action} like that now; the {action} choices are: {', '.join(same)}"
        else:
            reason = self.explain(seat, action)
        offered = ", ".join(c.label for c in legal)
        return f"{label!r} is not legal now: {reason} (legal: {offered})"

    def _unknown_card(self, label: str) -> str:
        """Why the cards of a label name no card of the rules ('' when they do)."""
        cards = label.partition(" ")[2]
        try:
            self.game.parse(cards)
        except (NotationError, ValueError) as error:
            return f"{cards!r} names no card of these rules: {error}"
        return ""

    def _ids(self, counts: list[int]) -> list[str]:
        """The ids of the cards of a hand given by its counts, in card order."""
        ids: list[str] = []
        for card_id, count in zip(self.game.compiled.cards.ids, counts, strict=True):
            if count:
                ids.extend([card_id] * count)
        return ids
