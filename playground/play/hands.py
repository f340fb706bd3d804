"""A hand in the playground: a timeline of moves, stepped through with one counter.

A move is one decision of the hand settled: a seat's turn (a discard, a declaration, a
win) or a claim window (every seat asked has answered). The hand is played ahead by bots
as far as it can go — to its end, or to the next decision of a seat the user plays — and
the page shows it at the move of the cursor. Any position is rebuilt by replaying the
seed, the dealer and the choices, so going back is exact; a hand can begin by replaying a
script of choices (the same choices under edited rules), as far as the rules allow them.
All the work of playing the hand runs on its `HandClock` (the deal included: a hand whose
deal alone runs out of it is not made, `OverBudget` says why); a replay of moves already
played (going back, the log) runs on a clock of its own, twice as long, so a hand that
stopped can still be stepped through. Free of Streamlit, so it can be tested alone.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.bots.players import GreedyBot, RandomBot
from tablerules.interpreter.engine import IllegalAction, Table
from tablerules.interpreter.engine.explain import explain
from tablerules.interpreter.messages import DEFAULT, LANGUAGES
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.playlog.reader import choice_record, dumps, result_record
from tablerules.playground.files.budget import HandClock, OverBudget
from tablerules.playground.words.page_messages import Said, Written

Choice = tuple[int, str]
LIMIT = 5_000  # moves a hand may take: far more than any rule file's hand needs
REPLAY_FACTOR = 2  # a replay of moves played may take this many times the hand's time


@dataclass(frozen=True)
class Rigged:
    """A deal given card by card (a golden scenario's) instead of shuffled from a seed."""

    hands: tuple[tuple[int, ...], ...]  # each seat's cards, seat 0 first
    wall: tuple[int, ...]  # the undealt cards in draw order
    shown: int | None = None  # the dealer's card shown on the deal
    name: str = ""  # where it comes from (a scenario's name)


def make_bot(kind: str, seed: int, seat: int, seats: int) -> GreedyBot | RandomBot:
    """The bot at `seat` for a hand dealt with `seed`, seeded as `tablerules play` does."""
    bot_class = GreedyBot if kind == "greedy" else RandomBot
    return bot_class(seed * seats + seat)


@dataclass
class HandSession:
    """A hand as a timeline of moves, and the move the page shows (`cursor`)."""

    game: Game
    seed: int
    dealer: int | None = None
    humans: frozenset[int] = frozenset()
    bots: str = "greedy"
    script: list[Choice] = field(default_factory=list)
    rigged: Rigged | None = None
    source: int = 0  # which rule text it plays (a draft's generation): a place is kept per text
    round: int = 0  # where the hand stands in its game (see `interpreter.match`): the round,
    streak: int = 0  # and the hands the dealer has kept the deal before this one
    carried: tuple[tuple[str, int], ...] = ()  # the numbers the game carries (none: starts)
    choices: list[Choice] = field(default_factory=list, init=False)
    marks: list[int] = field(default_factory=list, init=False)  # choices made by move k
    events_at: list[int] = field(default_factory=list, init=False)  # events by move k
    cursor: int = field(default=0, init=False)
    # the events shown of the cursor's move, when a step shows only part of it (`steps`)
    partial: int | None = field(default=None, init=False)
    table: Table = field(init=False)  # the hand at the cursor (at the end of its move)
    end: Table = field(init=False)  # the hand as far as it has been played
    error: str | Said | Written = field(default="", init=False)  # a refusal, a stop
    stopped: Said | str = field(default="", init=False)  # why the hand stopped early (its budget)
    clock: HandClock = field(default_factory=HandClock, init=False)  # the hand's budget
    note: Said | None = field(default=None, init=False)  # how a script fared
    _bots: dict[int, GreedyBot | RandomBot] = field(default_factory=dict, init=False)
    _picks_of: tuple[tuple[Choice, ...], list[int]] = field(
        default=((), []), init=False, repr=False
    )  # the user's picks, and the choices they were read from
    # what the page worked out from the timeline, with what it was made from (`steps`)
    memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        with self.clock.running():  # OverBudget: the deal alone is too much
            self.end = self._fresh()
        self.dealer = self.end.state.dealer
        self.marks = [0]
        self.events_at = [len(self.end.events)]
        self.table = self.end
        self._on_clock(self._begin)
        self.goto(0)

    def _begin(self) -> None:
        self._replay_script()
        self._play_ahead()

    # ── the budget ────────────────────────────────────────────────
    def _on_clock(self, play: Callable[[], None]) -> None:
        """Play on the hand's clock. Past it the hand stops where it is, for good, and says
        why; the engine, stopped inside a move, is replayed to the last choice taken."""
        try:
            with self.clock.running():
                play()
        except OverBudget as stopped:
            self.stopped = self.error = stopped.said
            try:
                with self._replaying():
                    self.end = self._replayed(len(self.choices))
            except OverBudget:
                pass  # the replay ran out too: the table is shown as the engine left it

    def replay_clock(self) -> AbstractContextManager[None]:
        """The clock a replay of moves already played runs on (see `_replaying`)."""
        return self._replaying()

    def _replaying(self) -> AbstractContextManager[None]:
        """A clock for replaying moves already played: twice the hand's time. Playing them
        cost at most the hand's time (the engine stops within a few steps past it), and
        replaying them costs no more, so the replay does not run out where the play did."""
        return HandClock(REPLAY_FACTOR * self.clock.seconds, self.clock.clock).running()

    # ── the timeline ──────────────────────────────────────────────
    @property
    def seats(self) -> int:
        return self.end.play.seats

    @property
    def last(self) -> int:
        """The number of moves played so far (the cursor's greatest value)."""
        return len(self.marks) - 1

    def _fresh(self) -> Table:
        return self.fresh(Table)

    def fresh(self, table: type[Table], **extra: Any) -> Table:
        """The hand dealt afresh, as a `table` (a `Table` or a class made from one, given
        `extra`)."""
        rigged = self.rigged
        place: dict[str, Any] = {
            "round": self.round,
            "streak": self.streak,
            "carried": dict(self.carried),
            **extra,
        }
        if rigged is None:
            return table(self.game, seed=self.seed, dealer=self.dealer, **place)
        return table(
            self.game,
            dealer=self.dealer,
            hands=rigged.hands,
            wall=rigged.wall,
            shown=rigged.shown,
            **place,
        )

    def _apply(self, seat: int, label: str) -> None:
        """One choice on the timeline's end; a settled decision closes a move."""
        before = self.end.state.decision
        self.end.apply(label, seat=seat)
        self.choices.append((seat, label))
        if self.end.finished or self.end.state.decision is not before:
            self.marks.append(len(self.choices))
            self.events_at.append(len(self.end.events))

    def _replay_script(self) -> None:
        for number, (seat, label) in enumerate(self.script):
            if self.end.finished:
                break
            self._teach(seat)
            try:
                self._apply(seat, label)
            except IllegalAction as refused:
                worded = Written(
                    {lang: speaker(self.game, lang).choice(label) for lang in LANGUAGES}
                )
                said = {"n": number + 1, "label": worded, "refused": refused, "move": self.last}
                self.note = Said("replay.not_legal", said)
                return

    def _teach(self, seat: int) -> None:
        """Ask the bot of `seat` the choice it is about to see replayed: a bot's choices
        draw on its own random numbers, so a replayed hand goes on as the played one did."""
        if seat not in self.humans and self.end.legal_actions(seat):
            self._bot(seat).choose(self.end, seat)

    def _bot(self, seat: int) -> GreedyBot | RandomBot:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.bots, self.seed, seat, self.seats)
        return bot

    def _think(self, seat: int) -> str:
        """The choice of the bot at `seat` at the timeline's end."""
        return str(self._bot(seat).choose(self.end, seat).label)

    def _bots_answer(self) -> bool:
        """Bots answer the open decision, each in turn; False when only a user's seat is
        left to answer it (or the hand is over)."""
        decision = self.end.state.decision
        while not self.end.finished and self.end.state.decision is decision:
            waiting = [s for s in self.end.waiting_for() if s not in self.humans]
            if not waiting:
                return False
            seat = waiting[0]
            self._apply(seat, self._think(seat))
        return not self.end.finished

    def _play_ahead(self) -> None:
        """Bots play on until the hand ends or a seat the user plays must choose."""
        while not self.end.finished and self.last < LIMIT and self._bots_answer():
            pass

    def _replayed(self, count: int) -> Table:
        """The hand after its first `count` choices."""
        table = self._fresh()
        for seat, label in self.choices[:count]:
            table.apply(label, seat=seat)
        return table

    def _position(self, move: int) -> Table:
        return self.end if move == self.last else self._replayed(self.marks[move])

    # ── moving the cursor ─────────────────────────────────────────
    def goto(self, move: int) -> None:
        """Show move `move`; a replay to it that runs out of time leaves the move shown."""
        self.error = self.stopped
        move = max(0, min(move, self.last))
        try:
            with self._replaying():
                table = self._position(move)
        except OverBudget as stopped:
            self.error = stopped.said
            return
        self.cursor, self.table, self.partial = move, table, None

    def show_as(self, other: HandSession) -> None:
        """Show the place `other` shows (the same hand replayed under other rules or for
        another seat): its move, and as many of that move's events as it shows."""
        self.goto(other.cursor)
        start = self.events_at[self.cursor - 1] if self.cursor else 0
        partial = other.partial
        same_move = self.cursor == other.cursor and partial is not None
        if same_move and start < partial < self.events_at[self.cursor]:
            self.partial = partial

    def forward(self) -> bool:
        """One move on; False at the end of what is played."""
        if self.cursor >= self.last:
            return False
        self.goto(self.cursor + 1)
        return True

    def back(self) -> None:
        self.goto(self.cursor - 1)

    def reset(self) -> None:
        self.goto(0)

    def to_end(self) -> None:
        self.goto(self.last)

    # ── the user's seat ───────────────────────────────────────────
    def waiting_human(self) -> int | None:
        """The seat the user plays, if the hand at the cursor waits for it."""
        if self.table.finished:
            return None
        waiting = [s for s in self.table.waiting_for() if s in self.humans]
        return waiting[0] if waiting else None

    def choose(self, seat: int, label: str) -> None:
        """The user's choice for `seat` at the cursor: what was played after it is dropped,
        bots answer the same decision, then play on to the user's next one."""
        self.error = self.stopped
        if self.stopped:
            return
        self._on_clock(lambda: self._take(seat, label))
        if self.stopped:  # on the way: show the move the user made
            self.goto(min(self.cursor + 1, self.last))

    def _take(self, seat: int, label: str) -> None:
        if self.cursor < self.last:
            self._cut(self.cursor)
        if not any(c.label == label for c in self.end.legal_actions(seat)):
            try:
                self.end.apply(label, seat=seat)  # refused: the message says why
            except IllegalAction as refused:
                self.error = self._refusal(seat, label, str(refused))
            return
        self._bots_first(seat)
        self._apply(seat, label)
        self._play_ahead()
        self.goto(min(self.cursor + 1, self.last))

    def _refusal(self, seat: int, label: str, english: str) -> Written:
        """Why the choice `label` is refused: the engine's own words in English, its
        answer to why the action is not legal in each other language."""
        action = label.split(" ", 1)[0]
        texts = {DEFAULT: english}
        for lang in LANGUAGES:
            if lang != DEFAULT:
                why = explain(self.end, seat, action, lang)
                texts[lang] = Said("hand.refused", {"label": label, "why": why}).told(lang)
        return Written(texts)

    def _bots_first(self, seat: int) -> None:
        """Before the user's answer to a window, the bots asked with it answer."""
        for other in list(self.end.waiting_for()):
            if other != seat and other not in self.humans:
                self._apply(other, self._think(other))

    def _cut(self, move: int) -> None:
        """Forget what was played after `move` (the bots, too, are back where they were)."""
        kept = self.choices[: self.marks[move]]
        del self.choices[self.marks[move] :]
        del self.marks[move + 1 :]
        del self.events_at[move + 1 :]
        self._bots = {}
        self.end = self._fresh()
        for seat, label in kept:
            self._teach(seat)
            self.end.apply(label, seat=seat)

    # ── reading the timeline ──────────────────────────────────────
    def move_events(self, move: int) -> list[dict[str, Any]]:
        """The events of move `move` (move 0: the deal and what follows it at once)."""
        start = self.events_at[move - 1] if move else 0
        return self.end.events[start : self.events_at[move]]

    def move_choices(self, move: int) -> list[Choice]:
        start = self.marks[move - 1] if move else 0
        return self.choices[start : self.marks[move]]

    def played(self) -> list[Choice]:
        """The choices of every whole move played (a script for another hand)."""
        return self.choices[: self.marks[-1]]

    def picks(self) -> list[int]:
        """The user's choices in the moves played, each as its place among the choices its
        seat was offered: a short and exact record of them (`take_picks` plays them again,
        the bots answering as they did, for they are seeded and taught the same way)."""
        if not self.humans:
            return []
        played = tuple(self.played())
        if self._picks_of[0] == played:  # asked after every step: replayed once per choice
            return list(self._picks_of[1])
        found = []
        with self._replaying():  # OverBudget: the caller says why there is no record
            table = self._fresh()
            for seat, label in played:
                if seat in self.humans:
                    offered = [choice.label for choice in table.offered(seat)]
                    found.append(offered.index(label))
                table.apply(label, seat=seat)
        self._picks_of = (played, found)
        return list(found)

    def take_picks(self, picks: list[int]) -> Said | None:
        """Make the user's choices given by `picks` (see `picks`), the bots playing on
        between them; None when all were made, else why the rest could not be."""
        for number, index in enumerate(picks, start=1):
            self.to_end()
            seat = self.waiting_human()
            if seat is None:
                return Said("place.after_end", {"n": number, "count": len(picks)})
            offered = self.table.legal_actions(seat)
            if not 0 <= index < len(offered):
                return Said(
                    "place.not_offered", {"n": number, "count": len(picks), "offered": len(offered)}
                )
            self.choose(seat, offered[index].label)
            if self.error:
                return Said(
                    "place.refused", {"n": number, "count": len(picks), "error": self.error}
                )
        return None

    def log_lines(self, header: dict[str, Any]) -> list[str]:
        """The hand up to the cursor as a play log that `tablerules replay` reads."""
        with self._replaying():  # OverBudget: the page says why there is no log
            return self._log_lines(header)

    def _log_lines(self, header: dict[str, Any]) -> list[str]:
        hand: dict[str, Any] = {"type": "hand", "index": 1, "seed": self.seed}
        hand["dealer"] = self.dealer
        if self.round:  # a hand later in a game: where it stands, as `tablerules play` logs it
            hand["round"] = self.round
        if self.streak:
            hand["streak"] = self.streak
        if self.carried:
            hand["carried"] = dict(self.carried)
        lines = [dumps(header), dumps(hand)]
        replayed = self._fresh()
        written = 0
        for seat, label in self.choices[: self.marks[self.cursor]]:
            for event in replayed.events[written:]:
                lines.append(dumps(event))
            written = len(replayed.events)
            lines.append(dumps(choice_record(seat, label)))
            replayed.apply(label, seat=seat)
        for event in replayed.events[written:]:
            lines.append(dumps(event))
        if replayed.finished:
            lines.append(dumps(result_record(replayed)))
        return lines
