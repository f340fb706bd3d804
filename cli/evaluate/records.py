"""The JSON records of `tablerules evaluate`: the hand as given, and its result at the level
of detail asked for (every split, the best one, or the verdict alone)."""

from __future__ import annotations

from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.compiling.conditions import WinConditions
from tablerules.interpreter.hand.evaluate import Evaluation
from tablerules.interpreter.hand.evaluation import Decomposition
from tablerules.interpreter.hand.notation import HandSpec
from tablerules.interpreter.hand.pricing import price
from tablerules.interpreter.hand.wild_readings import reading_json
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.judgement_text import absence_json
from tablerules.interpreter.messages.speaker import speaker

DETAILS = ("full", "best", "wins")


def turned_record(game: Game) -> dict[str, Any]:
    """The card turned at the deal and the wild it chose, as a record gives them (none
    turned: nothing)."""
    compiled = game.compiled
    if compiled.turning is None or compiled.turned is None:
        return {}
    ids = compiled.cards.ids
    return {"turned": ids[compiled.turned], "wild": ids[compiled.turning.wild_of(compiled.turned)]}


def hand_record(game: Game, spec: HandSpec) -> dict[str, Any]:
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


def result_record(
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
    spoken = speaker(game, lang)
    absent = game.compiled.scoring.absent(split.judgement, spoken.told)
    data["not_held"] = [absence_json(absence, spoken) for absence in absent]


def _settlement(game: Game, result: Evaluation, conditions: WinConditions) -> dict[str, Any] | None:
    """What the best winning split would be paid, or None for a hand that does not win."""
    if not result.wins or result.best is None:
        return None
    return price(game.compiled, result.best, conditions).to_json()
