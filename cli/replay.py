"""`tablerules replay LOG`: play a logged game again and check it comes out the same."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tablerules.cli.commands import summary
from tablerules.cli.common import (
    add_extends_flag,
    add_lang_flag,
    add_output_flags,
    policy_of,
    rules_file,
)
from tablerules.cli.transcript import Report, lineup_text, plural
from tablerules.dsl.diagnostics import shorten, visible
from tablerules.dsl.limits import MAX_RULE_BYTES
from tablerules.dsl.loading.bases import ExtendsPolicy, real_path
from tablerules.dsl.loading.bundled import bundled_folder
from tablerules.dsl.reading import ReadError, is_file, read_text
from tablerules.interpreter.api import Game, check
from tablerules.interpreter.engine import IllegalAction, Table
from tablerules.interpreter.messages import Messages
from tablerules.interpreter.playlog.reader import (
    ChoiceLine,
    HeaderLine,
    LogError,
    LoggedHand,
    PlayLog,
    Record,
    as_logged,
    choice_record,
    files_sha256,
    first_difference,
    read_log,
    result_record,
    text_sha256,
)


class Divergence(ValueError):
    """The replay does not match the log; the message names the log line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "replay",
        help=summary("replay"),
        description="Re-create each hand of a log written by `tablerules play --log` from "
        "its rules, options, seed and dealer, apply the logged choices and check that "
        "every event comes out as logged. Exit 0 when the log reproduces exactly.",
        epilog="examples:\n"
        "  tablerules replay hand.jsonl\n"
        "  tablerules replay games.jsonl --hand 3 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("log", metavar="LOG", help="the log file")
    parser.add_argument("--hand", type=int, metavar="K", help="replay only hand K (from 1)")
    parser.add_argument(
        "--rules", metavar="FILE", help="use FILE instead of the rule file the log names"
    )
    parser.add_argument(
        "--force", action="store_true", help="replay even if the rule file has changed"
    )
    add_output_flags(parser)
    add_extends_flag(parser)
    add_lang_flag(parser)
    parser.set_defaults(run=run)


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _error(message: str) -> None:
    """An error on stderr; what the log wrote is shown with its control characters visible."""
    print(f"error: {visible(message)}", file=sys.stderr)


def _logged_rules(name: str, log_name: str) -> tuple[Path, str] | None:
    """The rule file a log's header names, if it lies where a log may point: under the
    current folder, beside the log, or among the bundled files. A log is input from anyone:
    its rule file's lines may be quoted back, and its folder is where the `extends` of the
    rule text it carries may look."""
    path, shown = rules_file(name)
    allowed = [real_path(Path.cwd()), real_path(Path(log_name).parent), bundled_folder()]
    target = real_path(path)
    if any(target == root or target.is_relative_to(root) for root in allowed):
        return path, shown
    return None


def _disk_text(path: Path) -> str | None:
    """The text of a rule file on disk, or None when it cannot be read."""
    try:
        return read_text(path, MAX_RULE_BYTES)
    except ReadError:
        return None


def _load(
    header: HeaderLine, log_name: str, rules: str | None, force: bool, policy: ExtendsPolicy
) -> Game | None:
    """The logged game, after checking the rule text is there and unchanged. A log that
    carries its own rule text (an edit made in the playground) replays that text, unless
    `--rules` names a file to use instead."""
    if rules is None:
        found = _logged_rules(header.rules, log_name)
        if found is None:
            _error(
                f"{log_name} names its rule file {shorten(header.rules, 80)!r}, outside the "
                "current folder and the log's folder: give the file with --rules FILE"
            )
            return None
        path, shown = found
    else:
        path, shown = rules_file(rules)
    options = {name: _option_text(value) for name, value in header.options.items()}
    carried = header.rules_text if rules is None else None
    if carried is None and not is_file(path):
        _error(f"{log_name} was played with {shorten(shown, 80)}, which is missing")
        return None
    checked = check(path, text=carried, options=options, policy=policy, display=shown)
    if checked.errors or checked.game is None or checked.loaded.rules is None:
        for diagnostic in checked.errors or checked.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        return None
    extends = checked.loaded.rules.extends
    try:
        if carried is not None:
            digest = text_sha256(carried, extends)
            _note_edited_copy(log_name, path, carried)
        else:
            digest = files_sha256(checked.loaded.files)
    except ReadError as error:
        _error(f"{shown}: {error}")
        return None
    if digest == header.rules_sha256:
        return checked.game
    hashes = f"sha256 {header.rules_sha256[:12]}… in the log, {digest[:12]}… now"
    if carried is not None:
        bases = ", ".join(extends)
        what = f"a file that {shown} extends ({bases}) has changed since {log_name} was written"
    else:
        what = f"{shown} (or a file it extends) has changed since {log_name} was written"
        if header.rules_text is not None:  # --rules FILE against the text the log carries
            what = f"{shown} differs from the rules {log_name} was played with"
            found = first_difference(header.rules_text, _disk_text(path) or "")
            if found is not None:
                what += ": " + _line_difference(found, "the log's copy", shown)
    if not force:
        _error(f"{what} ({hashes}); --force replays it anyway")
        return None
    print(f"warning: {visible(what)} ({hashes}); replaying anyway", file=sys.stderr)
    return checked.game


def _note_edited_copy(log_name: str, path: Path, carried: str) -> None:
    """Say so when the rule text a log carries is not the file of the same name on disk."""
    on_disk = _disk_text(path) if is_file(path) else None
    if on_disk == carried:
        return
    if on_disk is None:
        where = f"{path} is not on disk"
    else:
        found = first_difference(carried, on_disk)
        assert found is not None
        where = "it differs from the file on disk " + _line_difference(
            found, "the log's copy", path
        )
    print(
        f"note: {log_name} carries the rule text it was played with (edited or uploaded); "
        f"replaying that text — {where}",
        file=sys.stderr,
    )


def _line_difference(found: tuple[int, str, str], ours: str, path: str) -> str:
    number, mine, theirs = found
    return f"at line {number}: {ours} reads {_quoted(mine)}, {path} reads {_quoted(theirs)}"


def _quoted(line: str) -> str:
    return repr(line.strip()) if line.strip() else "nothing"


def run(args: argparse.Namespace) -> int:
    try:
        log = read_log(args.log)
    except LogError as error:
        _error(f"{args.log}: {error}")
        return 1
    hands = log.hands
    if args.hand is not None:
        if not 1 <= args.hand <= len(hands):
            held = plural(len(hands), "hand")
            _error(f"--hand {args.hand}: {args.log} holds {held}")
            return 1
        hands = [hands[args.hand - 1]]
    game = _load(log.header, args.log, args.rules, args.force, policy_of(args))
    if game is None:
        return 1
    mode = "json" if args.json else "quiet" if args.quiet else "text"
    report = Report(game, mode, lang=args.lang)
    header = log.header
    say = report.say
    report.title(
        say(
            "transcript.title_log",
            game=report.transcript_word(game.compiled.name),
            log=args.log,
            hands=say.count("transcript.hands", header.hands),
            seed=header.seed,
            bots=lineup_text(header.bots, say),
        )
    )
    try:
        for logged in hands:
            replay_hand(game, logged, report)
    except Divergence as error:
        sys.stdout.flush()
        _error(f"{args.log}: {error}")
        return 1
    report.finish()
    _verdict(log, hands, mode, say)
    return 0


def _verdict(log: PlayLog, hands: list[LoggedHand], mode: str, say: Messages) -> None:
    unfinished = [h for h in hands if h.result is None]
    if unfinished:
        print(
            f"note: the log ends inside hand {unfinished[0].hand.index} (play was stopped); "
            "replayed up to its last line",
            file=sys.stderr,
        )
    elif len(hands) == len(log.hands) < log.header.hands:
        print(
            f"note: the log holds {len(log.hands)} of the {log.header.hands} hands announced",
            file=sys.stderr,
        )
    if mode != "json":
        choices = sum(isinstance(item, ChoiceLine) for h in hands for _, item in h.items)
        events = sum(len(h.items) for h in hands) - choices
        count = say.count("transcript.hands", len(hands) - len(unfinished))
        unfinished_one = say("transcript.unfinished") if unfinished else ""
        print(
            say(
                "transcript.reproduced",
                hands=count,
                unfinished=unfinished_one,
                events=events,
                choices=choices,
            )
        )


def replay_hand(game: Game, logged: LoggedHand, report: Report) -> Table:
    """Re-create one hand and check each logged line against it; raises `Divergence`."""
    hand = logged.hand
    seats = game.compiled.rules.seats.count if game.compiled.rules.seats else 1
    if hand.dealer >= seats:
        raise Divergence(
            logged.line, f"dealer: seat {hand.dealer}, but the game has seats 0 to {seats - 1}"
        )
    rounds = game.compiled.rounds  # without a rounds clause a hand's round counts on
    if rounds is not None and hand.round >= rounds:
        known = f"rounds 0 to {rounds - 1}"
        raise Divergence(logged.line, f"round: {hand.round}, but the game has {known}")
    carries = {rule.name for rule in game.compiled.carries}
    for name in hand.carried:
        if name not in carries:
            raise Divergence(
                logged.line, f"carried: the rule file carries no number named {name!r}"
            )
    table = Table(
        game,
        seed=hand.seed,
        dealer=hand.dealer,
        round=hand.round,
        streak=hand.streak,
        carried=hand.carried,
    )
    report.begin_hand(hand.index, hand.seed, hand.dealer, hand.round, hand.streak, hand.carried)
    matched = 0
    for number, item in logged.items:
        if isinstance(item, ChoiceLine):
            _no_more_events(table, matched, number, "choice")
            try:
                table.apply(item.label, item.seat)
            except IllegalAction:
                raise Divergence(number, _refusal(table, item)) from None
            report.record(choice_record(item.seat, item.label))
            continue
        if matched >= len(table.events):
            raise Divergence(
                number,
                f"event seq {item['seq']} ({item['type']}) is logged, but the replay has no "
                "event here: it waits for a choice",
            )
        event = table.events[matched]
        if event != item:  # equal as they are: equal as logged too (the common case, cheap)
            replayed = as_logged(event)
            if replayed != item:
                raise Divergence(number, _difference(item, replayed))
        report.record(item)
        matched += 1
    if logged.result is None:
        return table
    _no_more_events(table, matched, logged.result_line, "result")
    if not table.finished:
        waiting = ", ".join(f"seat {s}" for s in table.waiting_for())
        raise Divergence(
            logged.result_line, f"the logged choices do not finish the hand (waiting for {waiting})"
        )
    result = result_record(table)
    logged_result = logged.result.model_dump()
    for key, value in result.items():
        if logged_result.get(key) != value:
            raise Divergence(
                logged.result_line,
                f"{key}: {_show(logged_result.get(key))} in the log, {_show(value)} in the replay",
            )
    report.end_hand(result)
    return table


def _refusal(table: Table, choice: ChoiceLine) -> str:
    waiting = table.waiting_for()
    if choice.seat not in waiting:
        asked = ", ".join(f"seat {s}" for s in waiting) or "nobody: the hand is over"
        return f"seat {choice.seat} is not asked to choose here (waiting for {asked})"
    legal = ", ".join(c.label for c in table.legal_actions(choice.seat))
    return f"{choice.label!r} is not among seat {choice.seat}'s choices here: {legal}"


def _no_more_events(table: Table, matched: int, number: int, kind: str) -> None:
    if matched < len(table.events):
        event = table.events[matched]
        raise Divergence(
            number,
            f"the replay has event seq {event['seq']} ({event['type']}) before this {kind}, "
            "but the log does not",
        )


def _difference(logged: Record, replayed: Record) -> str:
    """The first field in which two events differ, named with the logged event's seq."""
    seq = logged.get("seq")
    for key in [*logged, *(k for k in replayed if k not in logged)]:
        if logged.get(key, _ABSENT) != replayed.get(key, _ABSENT):
            mine, theirs = _show(logged.get(key, _ABSENT)), _show(replayed.get(key, _ABSENT))
            return f"event seq {seq} differs: {key} is {mine} in the log, {theirs} in the replay"
    return f"event seq {seq} differs"


_ABSENT = object()


def _show(value: Any) -> str:
    return "absent" if value is _ABSENT else json.dumps(value, ensure_ascii=False)
