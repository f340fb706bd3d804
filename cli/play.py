"""`tablerules play RULES`: bots at every seat play seeded hands; a transcript and a log."""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from tablerules.cli.commands import summary
from tablerules.cli.common import (
    add_extends_flag,
    add_lang_flag,
    add_option_flag,
    add_output_flags,
    load_or_report,
    output_problem,
    policy_of,
)
from tablerules.cli.transcript import Report, lineup_text, plural
from tablerules.dsl.diagnostics import visible
from tablerules.dsl.reading import describe_os_error
from tablerules.interpreter.api import Game
from tablerules.interpreter.bots.players import BOT_NAMES, Bot, make_bot
from tablerules.interpreter.engine import IllegalAction, Table
from tablerules.interpreter.match import Match, seed_dealer
from tablerules.interpreter.playlog.event_lines import HandLines, Waiting, event_lines
from tablerules.interpreter.playlog.writer import (
    LogWriter,
    Record,
    as_logged,
    choice_record,
    files_sha256,
    header_record,
    line_bytes,
    result_record,
)

GAME_HANDS = 1000  # with --game, the most hands played unless --hands says
PROGRESS_SECONDS = 1.0
TYPE = itemgetter("type")


class PlayError(RuntimeError):
    """Play cannot go on: the message says why."""


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "play",
        help=summary("play"),
        description="Bots at every seat play hands under a rule file. Hand K (from 1) is "
        "dealt with seed SEED+K-1 by the previous hand's next dealer; the first dealer comes "
        "from the seed. The transcript shows everything, every seat's cards included.",
        epilog="examples:\n"
        "  tablerules play paomazai --seed 7\n"
        "  tablerules play paohuzi --seed 1 --hands 100 --quiet --log games.jsonl\n"
        "  tablerules play hongkong --game --bots sampling,greedy,greedy,greedy --quiet\n"
        "  tablerules replay games.jsonl --hand 3",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "rules", metavar="RULES", help="the rule file (a path, or a bundled name: paomazai)"
    )
    parser.add_argument("--seed", type=int, help="seed of the first hand (default: a random one)")
    add_option_flag(parser)
    add_extends_flag(parser)
    parser.add_argument(
        "--hands",
        type=_positive,
        metavar="N",
        help="hands to play (default 1; with --game, the most to play, default 1000)",
    )
    parser.add_argument(
        "--game",
        action="store_true",
        help="play one whole game: hands until the rule file's rounds are over",
    )
    parser.add_argument("--log", metavar="FILE", help="write the play log (JSON Lines) to FILE")
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="BOT[,BOT…]",
        help=f"the bot at every seat, or one per seat ({', '.join(BOT_NAMES)}; default greedy)",
    )
    parser.add_argument(
        "--samples",
        type=_positive,
        metavar="K",
        help="deals a sampling or value bot tries per choice (its budget)",
    )
    add_output_flags(parser)
    add_lang_flag(parser)
    parser.set_defaults(run=run)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


MakeBot = Callable[[int, int], Bot]  # (seat, seed) -> the seat's bot for a hand


def bot_maker(bots: str, seats: int, samples: int | None) -> MakeBot:
    """The bots of `--bots`: one name for every seat or one per seat; raises ValueError
    saying which names and how many are accepted."""
    names = [name.strip() for name in bots.split(",")]
    unknown = [name for name in names if name not in BOT_NAMES]
    if unknown:
        raise ValueError(f"no bot named {unknown[0]!r} (bots: {', '.join(BOT_NAMES)})")
    if len(names) != 1 and len(names) != seats:
        raise ValueError(f"{len(names)} bots named for {seats} seats (give 1 or {seats})")
    lineup = names * seats if len(names) == 1 else names
    budget = {"samples": samples} if samples is not None else None
    return lambda seat, seed: make_bot(lineup[seat], seed, budget)


# ── stopping cleanly on Ctrl-C ─────────────────────────────────────────


@dataclass
class StopFlag:
    requested: bool = False


@contextmanager
def stop_on_interrupt(flag: StopFlag) -> Iterator[None]:
    """The first Ctrl-C raises `flag` (play stops after the current step); a second one
    interrupts at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(_signum: int, _frame: Any) -> None:
        if flag.requested:
            raise KeyboardInterrupt
        flag.requested = True

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class Progress:
    """'… K of N hands' on stderr, once a second, when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.shown = sys.stderr.isatty() and total > 1
        self.last = time.monotonic()

    def update(self, done: int) -> None:
        if self.shown and time.monotonic() - self.last >= PROGRESS_SECONDS:
            self.last = time.monotonic()
            print(f"… {done} of {self.total} hands", file=sys.stderr, flush=True)


# ── playing ───────────────────────────────────────────────────────────


class LogFailed(Exception):
    """The log cannot be written any more: a full disk, a device that refuses writes."""


class CheckedLog(LogWriter):
    """The play log, whose write failures end the command with a one-line error naming
    the file (`LogFailed`), not with an internal error."""

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as error:
            reason = describe_os_error(error)
            raise LogFailed(f"cannot write {visible(self.path)}: {reason}") from None


class Session:
    """Plays the hands, sending every line both to the log (if any) and to the report.

    With a log, a hand's lines wait in order in one `HandLines`: the table keeps each event
    it logs there (`Table.keep_log_lines`), the session each choice's line before applying
    it; the lines are made and go to the writer at the end of the hand (or when many wait).
    """

    def __init__(self, game: Game, report: Report, log: LogWriter | None) -> None:
        self.game = game
        self.report = report
        self.log = log
        self.stop = StopFlag()
        self.finished = 0  # hands played to their end
        self._read_kinds = report.read_kinds()
        # a report that reads choices reads every step in order; one that does not is
        # handed the events it reads at the end of the hand
        self._reads_steps = report.reads_choices()
        # a choice's waiting log line by seat and label: a game has few, a hand applies ~100
        self._choice_lines: defaultdict[int, dict[str, Waiting]] = defaultdict(dict)
        self._encoder = event_lines(game.shared)

    def choice_line(self, seat: int, label: str) -> Waiting:
        """A choice's log line as it waits among a hand's lines (made once per seat and
        label)."""
        line = self._choice_lines[seat].get(label)
        if line is None:
            made = line_bytes(choice_record(seat, label))
            line = self._choice_lines[seat][label] = (None, made)
        return line

    def play_hand(self, index: int, seed: int, match: Match, make: MakeBot) -> Table | None:
        """Play the game's next hand to its end; None if stopped first (the log then ends
        mid-hand)."""
        table = match.table(seed=seed)
        seats = table.play.seats
        bots = [make(seat, seed * seats + seat) for seat in range(seats)]
        state = table.state
        self.report.begin_hand(index, seed, state.dealer, state.round, state.streak, state.carried)
        lines: HandLines | None = None
        if self.log is not None:
            lines = HandLines(self._encoder)
            lines.add(line_bytes(hand_record(index, seed, table)))
            table.keep_log_lines(lines)
        try:
            played = self._play_out(table, index, bots, lines)
        finally:
            if lines:  # what was played, written even when play stops or fails
                self._write(lines)
        if played is not None and self.log is not None:
            self.log.flush()  # one write per hand
        return played

    def _play_out(
        self, table: Table, index: int, bots: list[Bot], lines: HandLines | None
    ) -> Table | None:
        reads_steps = self._reads_steps
        logged = self._report_events(table, 0, lines) if reads_steps else 0
        gather = LogWriter.GATHER
        choice_lines = self._choice_lines
        waiting = lines.waiting if lines is not None else None
        while not table.finished:
            if self.stop.requested:
                return None
            seats = table.waiting_for()
            if not seats:
                raise PlayError(f"hand {index}: the hand is not over, yet no seat is asked to act")
            seat = seats[0]
            choice = bots[seat].choose(table, seat)
            if waiting is not None:
                line = choice_lines[choice.seat].get(choice.label)
                waiting.append(line or self.choice_line(choice.seat, choice.label))
            if reads_steps:
                self.report.record(choice_record(choice.seat, choice.label))
            try:
                table.apply(choice)
            except IllegalAction as error:
                raise PlayError(f"hand {index}: seat {seat}'s bot chose badly: {error}") from None
            if reads_steps:
                logged = self._report_events(table, logged, lines)
            elif lines is not None and len(lines) >= gather:
                self._write(lines)
        if not reads_steps:
            self._report_events(table, 0, None)
        result = result_record(table)
        if lines is not None:
            lines.add(line_bytes(result))
        self.report.end_hand(result)
        self.finished += 1
        return table

    def _write(self, lines: HandLines) -> None:
        """The lines waiting so far, made and handed to the writer (written out at the end
        of the hand); the table goes on keeping its events among `lines`."""
        assert self.log is not None
        self.log.write_lines(lines.take())

    def _report_events(self, table: Table, logged: int, lines: HandLines | None) -> int:
        """The events from number `logged` on that the report reads, as they read back
        from the log (decoded from their lines, which go to the writer, when there are
        lines); returns how many events there are now."""
        events = table.events
        kinds = self._read_kinds
        new = events[logged:]
        if lines is not None:
            assert self.log is not None
            made = lines.take()  # the choice's line, then the new events'
            self.log.write_lines(made)
            texts = made[len(made) - len(new) :] if new else []
            for event, text in zip(new, texts, strict=True):
                if kinds is None or event["type"] in kinds:
                    self.report.record(json.loads(text))
        elif kinds is None or not kinds.isdisjoint(map(TYPE, new)):  # most hands: none read
            for event in new:
                if kinds is None or event["type"] in kinds:
                    self.report.record(as_logged(event))
        return len(events)


def run(args: argparse.Namespace) -> int:
    checked = load_or_report(args.rules, args.option, policy_of(args))
    if checked is None or checked.game is None or checked.loaded.rules is None:
        return 1
    game = checked.game
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    try:
        make = bot_maker(args.bots, seats, args.samples)
    except ValueError as error:
        print(f"error: --bots {visible(args.bots)}: {error}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    problem = output_problem(args.log) if args.log else None
    try:
        log = CheckedLog(args.log) if args.log and problem is None else None
    except OSError as error:
        problem = error.strerror or str(error)
    if problem is not None:
        print(f"error: cannot write {visible(args.log)}: {problem}", file=sys.stderr)
        return 1
    if args.game and game.compiled.rounds is None:
        print(
            f"error: --game plays until the rounds are over, and {args.rules} has no "
            "'rounds' clause (play --hands N instead)",
            file=sys.stderr,
        )
        return 2
    if args.hands is None:
        args.hands = GAME_HANDS if args.game else 1
    mode = "json" if args.json else "quiet" if args.quiet else "text"
    report = Report(game, mode, lang=args.lang)
    say = report.say
    report.title(
        say(
            "transcript.title",
            game=report.transcript_word(game.compiled.name),
            hands=say.count("transcript.hands", args.hands),
            seed=seed,
            bots=lineup_text(args.bots, say),
        )
    )
    if log is not None:
        log.write(
            header_record(
                args.rules,
                files_sha256(checked.loaded.files),
                checked.loaded.options,
                seed,
                args.hands,
                args.bots,
            )
        )
    session = Session(game, report, log)
    try:
        try:
            with stop_on_interrupt(session.stop):
                return _play(args, seed, make, session)
        except KeyboardInterrupt:
            return _interrupted(session)
        finally:
            if log is not None:
                log.close()
    except LogFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


def _play(args: argparse.Namespace, seed: int, make: MakeBot, session: Session) -> int:
    progress = Progress(args.hands)
    game = session.game
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    match = Match(game, seed_dealer(seed, seats))
    for index in range(1, args.hands + 1):
        try:
            table = session.play_hand(index, seed + index - 1, match, make)
        except PlayError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        if table is None:
            return _interrupted(session)
        progress.update(index)
        if match.advance(table) is None:  # the last round is over
            if args.game:
                break
            following = table.state.next_dealer
            match = Match(game, following if following is not None else table.state.dealer)
    session.report.finish()
    return 0


def hand_record(index: int, seed: int, table: Table) -> Record:
    """The log's line opening a hand: its number, seed, dealer and, in a game that has
    begun, its round and the dealer's streak; the carried numbers of a file that has them."""
    record: Record = {"type": "hand", "index": index, "seed": seed, "dealer": table.state.dealer}
    if table.state.round:
        record["round"] = table.state.round
    if table.state.streak:
        record["streak"] = table.state.streak
    if table.state.carried:
        record["carried"] = dict(table.state.carried)
    return record


def _interrupted(session: Session) -> int:
    sys.stdout.flush()
    log = session.log
    kept = ""
    if log is not None:
        done = session.finished
        kept = (
            f"; {log.path} holds {plural(done, 'whole hand')}"
            f" and hand {done + 1} up to there ({log.lines} lines)"
        )
    print(f"interrupted{kept}", file=sys.stderr)
    return 130
