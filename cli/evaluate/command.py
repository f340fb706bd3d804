"""`tablerules evaluate` run: the flags checked against one another and the rule file, then
one hand judged and reported as text or JSON, or a hands file handed to `hands_file`."""

from __future__ import annotations

import argparse
import json
import sys

from tablerules.cli.common import load_or_report, policy_of
from tablerules.cli.evaluate.flags import (
    carried_numbers,
    declared_values,
    own_turn_conditions,
    round_number,
    seat_number,
    single_spec,
    turned_game,
    win_conditions,
)
from tablerules.cli.evaluate.hands_file import run_file
from tablerules.cli.evaluate.records import hand_record, result_record
from tablerules.cli.evaluate.text_report import render_text
from tablerules.cli.failures import failed
from tablerules.dsl.diagnostics import visible
from tablerules.dsl.limits import MAX_HANDS_LINE_CHARS
from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.hand.evaluate import HandError
from tablerules.interpreter.hand.forced_wins import with_forced_groups
from tablerules.interpreter.hand.notation import seated
from tablerules.interpreter.hand.win_ways import refused, win_refusal


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
    if args.streak < 0:  # it would take money from the winner where a payment reads it
        return f"--streak {args.streak}: hands the dealer has kept the deal, 0 or more"
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
    """Judge the hand or the hands file; 0 when every hand was read, 1 when the file or a
    hand was not, 2 for flags that do not fit together or name what the file lacks."""
    conflict = _conflicts(args)
    if conflict:
        return failed(args.json, conflict, 2)
    game = _load_game(args)
    if game is None:
        return 1
    try:
        game = turned_game(game, args.turned)
        seat = seat_number(game, args.seat)
        args.round_index = round_number(game, args.round)
        args.carried_values = carried_numbers(game, args.carried)
        args.declared_values = declared_values(game, args.declared)
    except HandError as error:
        return failed(args.json, str(error), 2)
    if args.hands_file:
        return run_file(game, args, seat)
    try:
        spec = seated(single_spec(game, args), seat)
        conditions = win_conditions(spec, args, seat)
        result = game.evaluator.evaluate(
            spec.hand, spec.table, spec.win_card, spec.source, args.on_deal, conditions
        )
        on_turn = own_turn_conditions(game, result.immediate, conditions)
        if on_turn is not conditions:  # a win at once on the seat's own turn: judged so
            conditions = on_turn
            result = game.evaluator.evaluate(
                spec.hand, spec.table, spec.win_card, spec.source, args.on_deal, conditions
            )
        result = with_forced_groups(
            game.evaluator, result, spec.hand, spec.table, spec.win_card, conditions
        )
        reason = None
        if result.immediate is None:  # an immediate win is taken by no action
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
        record = {
            **hand_record(game, spec),
            **result_record(game, result, conditions, args.detail, args.lang),
        }
        print(json.dumps(record, ensure_ascii=False))
    else:
        print(render_text(game, spec, result, conditions, args.detail, args.lang))
    return 0
