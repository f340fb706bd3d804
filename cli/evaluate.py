"""`tablerules evaluate RULES --hand ...`: does a hand win, how, and for how much.

The command's arguments, one hand or a `--hands-file` of them, and the JSON records;
the readable report of one hand is written by `evaluation_text`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from tablerules.cli.commands import summary
from tablerules.cli.common import (
    add_extends_flag,
    add_lang_flag,
    add_option_flag,
    load_or_report,
    policy_of,
    read_input,
)
from tablerules.cli.evaluation_text import render_text
from tablerules.cli.failures import failed
from tablerules.dsl.diagnostics import visible
from tablerules.dsl.limits import MAX_HANDS_FILE_BYTES, MAX_HANDS_LINE_CHARS
from tablerules.dsl.numbers import signed_number
from tablerules.dsl.reading import ReadError
from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.compiling.conditions import WIN_FROM, WinConditions, win_from
from tablerules.interpreter.compiling.signature_layout import SignatureLayout
from tablerules.interpreter.hand.evaluate import Evaluation, Evaluator, HandError
from tablerules.interpreter.hand.evaluation import Decomposition, Reason
from tablerules.interpreter.hand.notation import (
    HandSpec,
    parse_line,
    parse_table,
    parse_win_card,
    within_limits,
)
from tablerules.interpreter.hand.pricing import price
from tablerules.interpreter.hand.wild_readings import reading_json
from tablerules.interpreter.hand.win_ways import refused, win_refusal
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.judgement_text import absence_json
from tablerules.interpreter.messages.speaker import speaker

PROGRESS_EVERY = 10_000
WRITE_EVERY = 512  # verdicts of --detail wins written together
DETAILS = ("full", "best", "wins")
T = TypeVar("T")


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "evaluate",
        help=summary("evaluate"),
        description="Evaluate a hand: does it win, every way to split it into groups with "
        "per-group values, the best split, and why it does not win. Cards are written with "
        "the names and aliases the rule file declares.",
        epilog="examples:\n"
        "  tablerules evaluate paomazai --hand 111222333444m55m\n"
        "  tablerules evaluate paomazai --hand 1112345678999m --win-card 5m "
        "--from discard\n"
        "  tablerules evaluate paohuzi --hand 一二三壹貳叁二七十四四四五五 "
        "--win-card 五 --from discard --json\n"
        "  tablerules evaluate paomazai --hands-file hands.txt --detail wins\n"
        "  tablerules evaluate paomazai-faan --hand 1112223334445m "
        "--win-card 5m --from replacement --last-card\n"
        "\nhands file lines: HAND [| table: KIND:CARDS ...] [| concealed: KIND:CARDS ...]"
        " [| win: CARD FROM]",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "rules", metavar="RULES", help="the rule file (a path, or a bundled name: paomazai)"
    )
    hands = parser.add_mutually_exclusive_group(required=True)
    hands.add_argument("--hand", help="the concealed cards, e.g. 111222333444m55m")
    hands.add_argument(
        "--hands-file",
        metavar="F",
        help="one hand per line (- reads standard input); prints one JSON object per line",
    )
    parser.add_argument(
        "--table",
        action="append",
        default=[],
        help="groups on the table, e.g. 'pong:EEE kong:1111m' (repeat it to add more groups)",
    )
    parser.add_argument(
        "--concealed-table",
        action="append",
        default=[],
        metavar="GROUPS",
        help="groups on the table that took no other seat's card, e.g. a concealed kong "
        "(repeat it to add more)",
    )
    parser.add_argument("--win-card", metavar="C", help="the winning card, not included in --hand")
    parser.add_argument(
        "--from",
        dest="source",
        choices=tuple(WIN_FROM),
        help="where the winning card came from: own draw (self), own replacement after a "
        "kong (replacement), another's discard (discard), a card added to another's table "
        "group (robbed), another's shown draw (draw), the dealer's card shown on the deal "
        "(shown), the dealer's own last dealt card, no card shown (dealt); default self",
    )
    parser.add_argument(
        "--on-deal", action="store_true", help="the hand was just dealt: check immediate wins"
    )
    table = parser.add_argument_group("the table, for hand patterns")
    table.add_argument(
        "--seat",
        metavar="SEAT",
        help="the winner's seat, by its name in the rule file's seats clause or its number "
        "counted from the dealer (default: the dealer)",
    )
    table.add_argument(
        "--round",
        metavar="ROUND",
        help="the round, by its name in the rule file's rounds clause or its number from 0",
    )
    table.add_argument(
        "--streak",
        type=int,
        default=0,
        metavar="N",
        help="hands the dealer has kept the deal before this one (default 0)",
    )
    table.add_argument(
        "--carried",
        action="append",
        default=[],
        metavar="NAME=N",
        help="a number the game carries from hand to hand, as this hand was dealt with it"
        " (repeatable; default: its start)",
    )
    table.add_argument(
        "--last-card", action="store_true", help="the winning card is the wall's last card"
    )
    table.add_argument(
        "--first-discard", action="store_true", help="the winning card is the hand's first discard"
    )
    table.add_argument(
        "--first-draw", action="store_true", help="the winning card is the winner's first draw"
    )
    table.add_argument(
        "--replacement-shown",
        action="store_true",
        help="the winning card is one a shown replacement showed ('replacement shown')",
    )
    table.add_argument(
        "--no-claim-yet",
        action="store_true",
        help="no seat has claimed another's card in the hand before the win",
    )
    table.add_argument(
        "--after-replacement",
        action="store_true",
        help="the winning card is a discard made right after its owner's replacement draw",
    )
    table.add_argument(
        "--after-last-card",
        action="store_true",
        help="the winning card is the discard made after its owner drew the wall's last card",
    )
    table.add_argument(
        "--declared",
        action="append",
        default=[],
        metavar="ATTR=VALUE",
        help="a value the winner declared in a phase before play, e.g. suit=m (repeatable); "
        "read by 'declared ATTR'",
    )
    parser.add_argument(
        "--turned",
        metavar="CARD",
        help="the card turned up at the deal, for a file whose wild is chosen so "
        "(its wild the card after it)",
    )
    add_option_flag(parser)
    add_extends_flag(parser)
    add_lang_flag(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="print JSON, errors too: an object with 'error' on stdout (see docs/cli.md)",
    )
    parser.add_argument(
        "--detail",
        choices=DETAILS,
        default="full",
        help="how much to report per hand: every split and the reasons (full, the default), "
        "the best split only (best), or whether it wins (wins)",
    )
    parser.set_defaults(run=run)


def _load_game(args: argparse.Namespace) -> Game | None:
    checked = load_or_report(args.rules, args.option, policy_of(args), as_json=args.json)
    return checked.game if checked else None


def _conflicts(args: argparse.Namespace) -> str:
    """Flag combinations that would otherwise be silently ignored."""
    if args.hands_file and (args.table or args.concealed_table or args.win_card or args.source):
        return (
            "--table, --concealed-table, --win-card and --from apply to --hand; in a hands file"
            " write them on the line"
        )
    if args.source and not args.win_card:
        return "--from says where the winning card came from: give it with --win-card"
    after = args.after_replacement or args.after_last_card
    if after and not args.hands_file and args.source != "discard":
        return (
            "--after-replacement and --after-last-card say which discard was won on: give"
            " --win-card CARD --from discard"
        )
    return ""


def run(args: argparse.Namespace) -> int:
    conflict = _conflicts(args)
    if conflict:
        return failed(args.json, conflict, 2)
    game = _load_game(args)
    if game is None:
        return 1
    try:
        game = _turned(game, args.turned)
        seat = _seat(game, args.seat)
        args.round_index = _round(game, args.round)
        args.carried_values = _carried(game, args.carried)
        args.declared_values = _declared(game, args.declared)
    except HandError as error:
        return failed(args.json, str(error), 2)
    if args.hands_file:
        return _run_file(game, args, seat)
    try:
        spec = _single_spec(game, args)
        conditions = _conditions(spec, args, seat)
        result = game.evaluator.evaluate(
            spec.hand, spec.table, spec.win_card, spec.source, args.on_deal, conditions
        )
        reason = win_refusal(game.compiled, conditions, spec.win_card)
        if reason is not None:  # the cards may split, but no action wins on that card
            result = refused(result, reason)
    except NotationError as error:
        if args.json:
            text = visible(error.text[:MAX_HANDS_LINE_CHARS])
            return failed(True, error.message, 1, column=error.position + 1, text=text)
        print(f"error: {error.render()}", file=sys.stderr)
        return 1
    except HandError as error:
        return failed(args.json, str(error), 1)
    if args.json:
        record = {**_echo(game, spec), **_record(game, result, conditions, args.detail, args.lang)}
        print(json.dumps(record, ensure_ascii=False))
    else:
        print(render_text(game, spec, result, conditions, args.detail, args.lang))
    return 0


def _single_spec(game: Game, args: argparse.Namespace) -> HandSpec:
    hand = _labelled("--hand", lambda: game.parse(args.hand))
    table = []
    for text in args.table:  # each --table adds its groups
        table += _labelled("--table", lambda text=text: parse_table(game.evaluator, text))
    for text in args.concealed_table:
        table += _labelled(
            "--concealed-table",
            lambda text=text: parse_table(game.evaluator, text, claimed=False),
        )
    if not hand and not table:
        raise HandError("--hand: no cards (write the concealed cards in card notation)")
    win_card = (
        _labelled("--win-card", lambda: parse_win_card(game.evaluator, args.win_card))
        if args.win_card
        else None
    )
    how = args.source or ("self" if win_card is not None else None)
    source = WIN_FROM[how][2] if how is not None else None
    return within_limits(HandSpec(hand, table, win_card, source, how))


def _turned(game: Game, text: str | None) -> Game:
    """The game for a hand whose deal turned up the card `--turned` names; refused where
    the file turns no card, or turns one and it is not given (no wild is guessed)."""
    turning = game.compiled.turning
    if turning is None:
        if text is not None:
            raise HandError(
                "--turned: the rule file turns no card at the deal (not with these options)"
            )
        return game
    if text is None:
        raise HandError(
            f"the wild of this game is chosen by a card turned at the deal (wild "
            f"{turning.name}): say which with --turned CARD"
        )
    try:
        cards = game.compiled.cards.parse(text)
    except NotationError as error:
        raise HandError(f"--turned {visible(text)}: {error.message}") from None
    if len(cards) != 1:
        raise HandError(f"--turned {visible(text)}: name one card")
    return game.with_turned(cards[0])


def turned_record(game: Game) -> dict[str, Any]:
    """The card turned at the deal and the wild it chose, as a record gives them (none
    turned: nothing)."""
    compiled = game.compiled
    if compiled.turning is None or compiled.turned is None:
        return {}
    ids = compiled.cards.ids
    return {"turned": ids[compiled.turned], "wild": ids[compiled.turning.wild_of(compiled.turned)]}


def _seat(game: Game, text: str | None) -> int:
    """The winner's seat counted from the dealer, from a seat name or number."""
    if text is None:
        return 0
    names = game.compiled.seat_names
    seats = len(game.compiled.dealt_per_seat())
    if text in names:
        return names.index(text)
    if text.isascii() and text.isdigit() and int(text) < seats:
        return int(text)
    numbers = f"a number from 0 to {seats - 1}"
    known = f"{', '.join(names)}, or {numbers}" if names else numbers
    raise HandError(f"--seat {visible(text)}: no such seat (seats: {known})")


def _carried(game: Game, texts: list[str]) -> tuple[tuple[str, int], ...]:
    """`--carried NAME=N` flags: the carried numbers this hand was dealt with."""
    names = [rule.name for rule in game.compiled.carries]
    given: dict[str, int] = {}
    for text in texts:
        name, _, number = text.partition("=")
        if name not in names:
            known = ", ".join(names) if names else "none"
            raise HandError(
                f"--carried {visible(text)}: the rule file carries no number {visible(name)!r}"
                f" (it carries: {known})"
            )
        value = signed_number(number)
        if value is None:
            raise HandError(f"--carried {visible(text)}: write NAME=N, N a whole number")
        given[name] = value
    return tuple(given.items())


def _round(game: Game, text: str | None) -> int:
    """The round from its name or number (0: the first)."""
    if text is None:
        return 0
    names = game.compiled.round_names
    rounds = game.compiled.rounds
    if text in names:
        return names.index(text)
    if text.isascii() and text.isdigit() and rounds is not None and int(text) < rounds:
        return int(text)
    if rounds is None:
        known = "none: the rule file has no rounds clause"
    else:
        numbers = f"a number from 0 to {rounds - 1}"
        known = f"{', '.join(names)}, or {numbers}" if names else numbers
    raise HandError(f"--round {visible(text)}: no such round (rounds: {known})")


def _declared(game: Game, given: list[str]) -> tuple[tuple[str, str], ...]:
    """`--declared ATTR=VALUE` pairs, each an attribute some phase declares and one of its
    values."""
    phases = game.compiled.rules.phases.values()
    declaring = {p.attribute for p in phases if p.kind == "declaration"}
    found: list[tuple[str, str]] = []
    for text in given:
        name, equals, value = text.partition("=")
        if not equals or name not in declaring:
            known = ", ".join(sorted(declaring)) or "none: no phase declares a value"
            raise HandError(
                f"--declared {visible(text)}: write ATTR=VALUE, ATTR one a phase declares ({known})"
            )
        values = {str(v) for card in game.compiled.cards.attributes for v in [card.get(name)]}
        if value not in values:
            raise HandError(
                f"--declared {visible(text)}: no card has {name} {visible(value)} "
                f"(values: {', '.join(sorted(values - {'None'}))})"
            )
        found.append((name, value))
    return tuple(found)


def _conditions(spec: HandSpec, args: argparse.Namespace, seat: int) -> WinConditions:
    facts = {
        "last_card": args.last_card,
        "first_discard": args.first_discard,
        "first_draw": args.first_draw,
        "no_claim": args.no_claim_yet,
        "replacement_shown": args.replacement_shown,
        # a discard's: in a hands file, the lines won on a discard
        "after_replacement": args.after_replacement and spec.how == "discard",
        "after_last_card": args.after_last_card and spec.how == "discard",
        "round": args.round_index,
        "streak": args.streak,
        "carried": args.carried_values,
        "declared": args.declared_values,
    }
    if spec.how is None:
        context = "deal" if args.on_deal else "draw"
        return WinConditions(context=context, seat=seat, **facts)
    return win_from(spec.how, seat, **facts)[1]


def _labelled(flag: str, parse: Callable[[], T]) -> T:
    """Run a parse; a notation error names the flag whose text is wrong."""
    try:
        return parse()
    except NotationError as error:
        raise NotationError(
            error.text, error.position, error.length, f"{flag}: {error.message}"
        ) from None


def _run_file(game: Game, args: argparse.Namespace, seat: int) -> int:
    try:
        text = read_input(args.hands_file, MAX_HANDS_FILE_BYTES)
    except ReadError as error:
        if args.json:
            place = {"line": error.line, "column": error.column} if error.line else {}
            return failed(True, visible(str(error)), 1, **place)
        where = f" (line {error.line}, column {error.column})" if error.line else ""
        print(f"error: {visible(str(error))}{where}", file=sys.stderr)
        return 1
    failures = 0
    show_progress = sys.stderr.isatty()
    out = sys.stdout
    evaluator = game.evaluator
    quick = args.detail == "wins" and not args.on_deal  # whether it wins, and nothing else
    known: dict[str | None, WinConditions] = {}
    refusals: dict[tuple[str | None, int | None], Reason | None] = {}
    verdict = _quick_verdicts(evaluator, args, seat) if quick else None
    said = ('"wins": false}\n', '"wins": true}\n')
    waiting: list[str] = []  # verdicts not yet written, written together
    for number, raw in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        if verdict is not None and "|" not in line:
            wins = verdict(line)
            if wins is not None:
                waiting.append(f'{{"line": {number}, {said[wins]}')
                if len(waiting) >= WRITE_EVERY:
                    out.write("".join(waiting))
                    waiting.clear()
                continue
        if waiting:
            out.write("".join(waiting))
            waiting.clear()
        try:
            spec = parse_line(evaluator, line)
            conditions = known.get(spec.how)  # they depend on how it is won, not the cards
            if conditions is None:
                conditions = known[spec.how] = _conditions(spec, args, seat)
            key = (spec.how, spec.win_card)
            if key not in refusals:
                refusals[key] = win_refusal(game.compiled, conditions, spec.win_card)
            reason = refusals[key]
            if quick:
                wins = reason is None and evaluator.wins(
                    spec.hand, spec.table, spec.win_card, spec.source, conditions
                )
                out.write(f'{{"line": {number}, "wins": {"true" if wins else "false"}}}\n')
                continue
            result = evaluator.evaluate(
                spec.hand, spec.table, spec.win_card, spec.source, args.on_deal, conditions
            )
            if reason is not None:
                result = refused(result, reason)
            record = {"line": number}
            if args.detail == "full":
                record.update(_echo(game, spec))
            record.update(_record(game, result, conditions, args.detail, args.lang))
        except NotationError as error:
            failures += 1
            record = {
                "line": number,
                "error": error.message,
                "column": error.position + 1,
                "text": visible(line[:MAX_HANDS_LINE_CHARS]),
            }
        except HandError as error:
            failures += 1
            shown = visible(line[:MAX_HANDS_LINE_CHARS])
            record = {"line": number, "error": str(error), "text": shown}
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        if show_progress and number % PROGRESS_EVERY == 0:
            print(f"... {number} lines", file=sys.stderr)
    out.write("".join(waiting))
    return 1 if failures else 0


def _quick_verdicts(
    evaluator: Evaluator, args: argparse.Namespace, seat: int
) -> Callable[[str], bool | None]:
    """Whether a line of concealed cards alone wins, the cards read straight into packed
    counts: the usual line of a bulk check. None leaves a line to the full reading (which
    also says what is wrong with it)."""
    pack = evaluator.rules.cards.packer(evaluator.ones)
    conditions = _conditions(HandSpec([], [], None, None), args, seat)
    test = evaluator.concealed_test(conditions)

    def verdict(line: str) -> bool | None:
        packed = pack(line)
        if packed is None or not SignatureLayout.fits(packed[1]):
            return None
        return test(*packed)

    return verdict


def _echo(game: Game, spec: HandSpec) -> dict[str, Any]:
    """The hand as given, in card ids: what a full record repeats before its result."""
    ids = game.cards.ids
    return {
        "rules": game.compiled.name,
        "hand": [ids[c] for c in spec.hand],
        "table": [
            {
                "kind": game.compiled.kinds[g.kind].name,
                "cards": [ids[c] for c in g.cards],
                "claimed": g.claimed,
            }
            for g in spec.table
        ],
        "win_card": ids[spec.win_card] if spec.win_card is not None else None,
        "from": spec.how,
        "source": spec.source,
        **turned_record(game),
    }


def _record(
    game: Game, result: Evaluation, conditions: WinConditions, detail: str, lang: str = DEFAULT
) -> dict[str, Any]:
    """The result's fields for a level of detail (see `--detail`); with the splits, what the
    best winning one would be paid (`settlement`), and under each winning split the file's
    hand patterns it does not hold (`not_held`)."""
    wilds = reading_json(game.compiled, result.wild_readings)
    if detail == "full":
        full = {**result.to_json(), "settlement": _settlement(game, result, conditions)}
        for split, data in zip(result.decompositions, full["decompositions"], strict=True):
            _add_not_held(game, split, data, lang)
        return {**full, "wilds": wilds} if wilds else full
    record: dict[str, Any] = {"wins": result.wins}
    if result.immediate:
        record["immediate"] = result.immediate
    if result.shown:
        record["shown_on_deal"] = result.shown
    if wilds:
        record["wilds"] = wilds
    if detail == "best":
        best = result.best
        record["best_total"] = best.total if best is not None else None
        record["best"] = best.to_json() if best is not None else None
        if best is not None:
            _add_not_held(game, best, record["best"], lang)
        record["settlement"] = _settlement(game, result, conditions)
    return record


def _add_not_held(game: Game, split: Decomposition, data: dict[str, Any], lang: str) -> None:
    """`not_held` on a winning split's record: each hand pattern of the file it does not hold,
    with what it needed and what the hand had (what the text report lists)."""
    if not split.wins or split.judgement is None:
        return
    absent = game.compiled.scoring.absent(split.judgement)
    spoken = speaker(game, lang)
    data["not_held"] = [absence_json(absence, spoken) for absence in absent]


def _settlement(game: Game, result: Evaluation, conditions: WinConditions) -> dict[str, Any] | None:
    """What the best winning split would be paid, or None for a hand that does not win."""
    if not result.wins or result.best is None:
        return None
    return price(game.compiled, result.best, conditions).to_json()
