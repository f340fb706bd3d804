"""What the flags of `tablerules evaluate` say, read against the rule file: the hand of
`--hand` and `--table`, the card `--turned`, the seat, round, carried numbers and declared
values, and from them the conditions of the win. A flag that names nothing the file knows
is refused with the names it does know."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from tablerules.dsl.diagnostics import visible
from tablerules.dsl.numbers import signed_number
from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.compiling.conditions import (
    RELATIONS,
    WIN_FROM,
    WinConditions,
    win_from,
)
from tablerules.interpreter.hand.evaluate import HandError
from tablerules.interpreter.hand.notation import (
    HandSpec,
    parse_table,
    parse_win_card,
    within_limits,
)

T = TypeVar("T")


def single_spec(game: Game, args: argparse.Namespace) -> HandSpec:
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


def turned_game(game: Game, text: str | None) -> Game:
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


def seat_number(game: Game, text: str | None) -> int:
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


def carried_numbers(game: Game, texts: list[str]) -> tuple[tuple[str, int], ...]:
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


def round_number(game: Game, text: str | None) -> int:
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


def declared_values(game: Game, given: list[str]) -> tuple[tuple[str, str], ...]:
    """`--declared ATTR=VALUE` pairs, each an attribute some phase declares and one of its
    values; every attribute a phase declares must be given (a declaration is never
    guessed: judged with none, a hand could win that no declaration lets win)."""
    phases = list(game.compiled.rules.phases.values())
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
    named = {name for name, _ in found}
    for phase in phases:
        if phase.kind == "declaration" and phase.attribute not in named:
            raise HandError(
                f"the seats of this game declare {phase.attribute} before play (phase "
                f"{phase.name}): say what the winner declared with --declared "
                f"{phase.attribute}=VALUE"
            )
    return tuple(found)


def win_conditions(spec: HandSpec, args: argparse.Namespace, seat: int) -> WinConditions:
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


def own_turn_conditions(
    game: Game, immediate: str | None, conditions: WinConditions
) -> WinConditions:
    """The conditions of an immediate win found on the dealt hand, or with the card the seat
    drew, that the file looks for on the seat's own turn (`on own turn`): play settles it as
    a win on its turn, by itself, so `won on turn` holds and a settlement's `on turn by
    self` line pays it."""
    if immediate is None or conditions.context not in ("deal", "draw", "replacement"):
        return conditions
    info = next((i for i in game.compiled.immediate if i.name == immediate), None)
    if info is None or not info.own_turn:
        return conditions
    return replace(conditions, context="turn", relation=RELATIONS["self"])


def _labelled(flag: str, parse: Callable[[], T]) -> T:
    """Run a parse; a notation error names the flag whose text is wrong."""
    try:
        return parse()
    except NotationError as error:
        raise NotationError(
            error.text, error.position, error.length, f"{flag}: {error.message}"
        ) from None
