"""`tablerules evaluate --hands-file`: one hand per line, one JSON record per line.

A line of concealed cards alone, under `--detail wins`, is judged straight from its packed
counts and its verdicts are written together; any other line is read in full. A line that
cannot be read gets a record with its error, and the command exits non-zero at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from tablerules.cli.common import read_input
from tablerules.cli.evaluate.flags import own_turn_conditions, win_conditions
from tablerules.cli.evaluate.records import hand_record, result_record
from tablerules.cli.failures import failed
from tablerules.dsl.diagnostics import visible
from tablerules.dsl.limits import MAX_HANDS_FILE_BYTES, MAX_HANDS_LINE_CHARS
from tablerules.dsl.reading import ReadError
from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.compiling.signature_layout import SignatureLayout
from tablerules.interpreter.hand.evaluate import Evaluator, HandError
from tablerules.interpreter.hand.evaluation import Reason
from tablerules.interpreter.hand.forced_wins import forced_outcomes, with_forced_groups
from tablerules.interpreter.hand.notation import HandSpec, parse_line, seated
from tablerules.interpreter.hand.win_ways import refused, win_refusal

PROGRESS_EVERY = 10_000
WRITE_EVERY = 512  # verdicts of --detail wins written together


def run_file(game: Game, args: argparse.Namespace, seat: int) -> int:
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
            spec = seated(parse_line(evaluator, line), seat)
            conditions = known.get(spec.how)  # they depend on how it is won, not the cards
            if conditions is None:
                conditions = known[spec.how] = win_conditions(spec, args, seat)
            key = (spec.how, spec.win_card)
            if key not in refusals:
                refusals[key] = win_refusal(game.compiled, conditions, spec.win_card)
            reason = refusals[key]
            if quick:
                wins = reason is None and (
                    evaluator.wins(spec.hand, spec.table, spec.win_card, spec.source, conditions)
                    or _wins_with_forced(evaluator, spec, conditions)
                )
                if not wins and spec.win_card is not None and spec.source == "self":
                    # as `evaluate` judges it: a win play takes at once on the card drawn
                    wins = (
                        evaluator.drawn_immediate(spec.hand, spec.table, spec.win_card) is not None
                    )
                out.write(f'{{"line": {number}, "wins": {"true" if wins else "false"}}}\n')
                continue
            result = evaluator.evaluate(
                spec.hand, spec.table, spec.win_card, spec.source, args.on_deal, conditions
            )
            on_turn = own_turn_conditions(game, result.immediate, conditions)
            if on_turn is not conditions:  # a win at once on the seat's own turn: judged so
                conditions = on_turn
                result = evaluator.evaluate(
                    spec.hand, spec.table, spec.win_card, spec.source, args.on_deal, conditions
                )
            result = with_forced_groups(
                evaluator, result, spec.hand, spec.table, spec.win_card, conditions
            )
            if reason is not None and result.immediate is None:  # no action takes one
                result = refused(result, reason)
            record = {"line": number}
            if args.detail == "full":
                record.update(hand_record(game, spec))
            record.update(result_record(game, result, conditions, args.detail, args.lang))
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


def _wins_with_forced(evaluator: Evaluator, spec: HandSpec, conditions: WinConditions) -> bool:
    """Whether the hand wins once a forced action lays its winning card down (a win that
    counts forced groups, as play offers it)."""
    if spec.win_card is None:
        return False
    return any(
        evaluator.wins(cards, table, conditions=conditions)
        for cards, table in forced_outcomes(
            evaluator.rules, spec.hand, spec.table, spec.win_card, conditions
        )
    )


def _quick_verdicts(
    evaluator: Evaluator, args: argparse.Namespace, seat: int
) -> Callable[[str], bool | None]:
    """Whether a line of concealed cards alone wins, the cards read straight into packed
    counts: the usual line of a bulk check. None leaves a line to the full reading (which
    also says what is wrong with it)."""
    pack = evaluator.rules.cards.packer(evaluator.ones)
    conditions = win_conditions(HandSpec([], [], None, None), args, seat)
    test = evaluator.concealed_test(conditions)

    def verdict(line: str) -> bool | None:
        packed = pack(line)
        if packed is None or not SignatureLayout.fits(packed[1]):
            return None
        return test(*packed)

    return verdict
