"""The arguments of `tablerules evaluate`: the hand or hands file, the table around the win,
the output's form and detail; its help and examples."""

from __future__ import annotations

import argparse

from tablerules.cli.commands import summary
from tablerules.cli.common import add_extends_flag, add_lang_flag, add_option_flag
from tablerules.cli.evaluate.command import run
from tablerules.cli.evaluate.records import DETAILS
from tablerules.interpreter.compiling.conditions import WIN_FROM


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
