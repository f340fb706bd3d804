"""What the peer-hand oracle tests share: reading a fixture of other engines' test hands and
judging one row with `Game.evaluate_text` on a bundled rule file.

A fixture (`tests/fixtures/peers/NAME.json`) names the peer it comes from and holds rows:

    {"peer": "owner/repo", "rules": "sichuan", "options": {}, "defaults": {...},
     "hands": [{"case": "the peer's test name", "hand": "...", "table": "...",
                "win": "6m", "from": "discard", "facts": {...},
                "expect": {"wins": true, "score": {"番": 5}, "patterns": {"清一色": 1}},
                "ours": {...}, "differs": "why", "skip": "why"}]}

`expect` is the peer's answer translated into our names. Where the peer plays another rule
than RULES.md, `differs` says which and `ours` holds the answer RULES.md gives (the row is
asserted against it); a row our rule file cannot say at all is `skip`ped with the reason.
`patterns` lists every hand pattern that counts on the best split, with how many times;
`patterns_some` the counts of some of them only; `holds` names some that must count (a
peer that asserts one flag of a hand, not all), `lacks` some that must not;
`split_holds` some that count on at least one complete split and `split_lacks` some that count
on none, whether or not the split wins (a peer that flags a pattern below the least 番 a win
needs); `min_splits`
a least number of winning splits; `splits` every complete split (groups written `234m`,
`EEE`); `complete` whether there is one at all (a hand's shape, whatever it scores);
`waits` the cards the hand before the winning one waited on (where a pattern reads them);
`paid` each payment the win is settled with, `[payer, amount]`; `refused` that the hand is
refused as input. A row's `concealed_table` holds table groups that took no other seat's card
(a concealed kong), `turned` the card turned up at the deal where the table's wild is chosen
so. A row's `options` add to the fixture's table options.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.conditions import win_from
from tablerules.interpreter.hand.evaluation import Evaluation
from tablerules.interpreter.hand.pricing import price

ROOT = Path(__file__).resolve().parent.parent
PEERS = ROOT / "tests" / "fixtures" / "peers"


@dataclass(frozen=True)
class Row:
    """One peer hand: what to evaluate and what must come out."""

    fixture: str
    peer: str
    rules: str
    options: tuple[tuple[str, str], ...]
    case: dict[str, Any]

    @property
    def expected(self) -> dict[str, Any]:
        """The peer's answer, or ours where the rules differ (`differs`)."""
        if "differs" in self.case:
            return {**self.case["expect"], **self.case["ours"]}
        return dict(self.case["expect"])


@cache
def game(rules: str, options: tuple[tuple[str, str], ...] = ()) -> Game:
    """A bundled rule file (`rules/NAME.rules` or `rules/variants/NAME.rules`), compiled once."""
    path = ROOT / "rules" / f"{rules}.rules"
    if not path.exists():
        path = ROOT / "rules" / "variants" / f"{rules}.rules"
    return load_game(path, dict(options))


def rows(name: str) -> Iterator[Any]:
    """The rows of one fixture as pytest parameters: skipped rows carry their reason."""
    data = json.loads((PEERS / f"{name}.json").read_text(encoding="utf-8"))
    for index, case in enumerate(data["hands"]):
        merged = {**data.get("defaults", {}), **case}
        options = tuple(sorted({**data.get("options", {}), **case.get("options", {})}.items()))
        row = Row(name, data["peer"], merged.get("rules", data["rules"]), options, merged)
        marks = [pytest.mark.skip(reason=case["skip"])] if "skip" in case else []
        yield pytest.param(row, id=f"{name}-{index}-{case['case'][:40]}", marks=marks)


def facts_of(row: Row) -> dict[str, Any]:
    """The row's facts of the win other than its cards, as `WinConditions` fields."""
    facts = dict(row.case.get("facts", {}))
    if "declared" in row.case:
        facts["declared"] = tuple(sorted(row.case["declared"].items()))
    return facts


def evaluate(row: Row) -> Evaluation:
    case = row.case
    facts = facts_of(row)
    played = game(row.rules, row.options)
    if "turned" in case:
        (card,) = played.compiled.cards.parse(case["turned"])
        played = played.with_turned(card)
    return played.evaluate_text(
        case["hand"],
        table=case.get("table", ""),
        concealed_table=case.get("concealed_table", ""),
        win_card=case.get("win"),
        source=case.get("from"),
        on_deal=case.get("on_deal", False),
        seat=case.get("seat", 0),
        **facts,
    )


def outcome(evaluation: Evaluation, wanted: dict[str, Any]) -> dict[str, Any]:
    """What the evaluation says, in the terms of `wanted` (only the keys it asks about)."""
    best = evaluation.best if evaluation.wins else None
    judgement = best.judgement if best is not None else None
    found: dict[str, Any] = {}
    if "wins" in wanted:
        found["wins"] = evaluation.wins
    if "total" in wanted:
        found["total"] = best.total if best is not None else None
    if "score" in wanted:
        found["score"] = {
            name: judgement.value(name) if judgement is not None else None
            for name in wanted["score"]
        }
    if "patterns" in wanted:
        held = judgement.patterns if judgement is not None else []
        found["patterns"] = {p.name: p.count for p in held if p.counts}
    if "patterns_some" in wanted:
        held = {p.name: p.count for p in judgement.patterns if p.counts} if judgement else {}
        found["patterns_some"] = {name: held.get(name, 0) for name in wanted["patterns_some"]}
    if "holds" in wanted:
        counted = {p.name for p in judgement.patterns if p.counts} if judgement else set()
        found["holds"] = [name for name in wanted["holds"] if name in counted]
    if "lacks" in wanted:
        counted = {p.name for p in judgement.patterns if p.counts} if judgement else set()
        found["lacks"] = [name for name in wanted["lacks"] if name not in counted]
    if "split_holds" in wanted or "split_lacks" in wanted:
        on_splits = {
            p.name
            for split in evaluation.decompositions
            if split.judgement is not None
            for p in split.judgement.patterns
            if p.counts
        }
        if "split_holds" in wanted:
            found["split_holds"] = [n for n in wanted["split_holds"] if n in on_splits]
        if "split_lacks" in wanted:
            found["split_lacks"] = [n for n in wanted["split_lacks"] if n not in on_splits]
    if "min_splits" in wanted:
        winning = sum(1 for split in evaluation.decompositions if split.wins)
        found["min_splits"] = min(winning, wanted["min_splits"])
    if "waits" in wanted:
        found["waits"] = best.waits if best is not None else None
    if "form" in wanted:
        found["form"] = best.form if best is not None else None
    return found


def compact(cards: tuple[str, ...]) -> str:
    """A group's cards as a peer writes them: `234m` for number cards of one suit, else `EEE`."""
    suffixes = {card[-1] for card in cards}
    if len(suffixes) == 1 and all(len(c) == 2 and c[0].isdigit() for c in cards):
        return "".join(c[0] for c in cards) + cards[0][-1]
    return "".join(cards)


def splits(evaluation: Evaluation) -> list[list[str]]:
    """Every complete split listed (whether or not it scores enough to win), sorted."""
    listed = [sorted(compact(g.cards) for g in split.groups) for split in evaluation.decompositions]
    return sorted(listed)


def paid(row: Row, evaluation: Evaluation) -> list[list[Any]] | None:
    """What the best winning split is paid, as the table would settle the win: each
    payment's payer and amount (`evaluate`'s settlement), sorted; None for no win."""
    if not evaluation.wins or evaluation.best is None:
        return None
    how = row.case.get("from") or ("self" if row.case.get("win") else None)
    conditions = win_from(how or "self", row.case.get("seat", 0), **facts_of(row))[1]
    priced = price(game(row.rules, row.options).compiled, evaluation.best, conditions)
    return sorted([p["payer"], p["amount"]] for p in priced.to_json()["payments"])


def check_row(row: Row) -> None:
    """Evaluate the row and compare with its expected answer, saying where it came from."""
    wanted = row.expected
    if wanted.get("refused"):
        with pytest.raises(ValueError):
            evaluate(row)
        return
    evaluation = evaluate(row)
    found = outcome(evaluation, wanted)
    if "complete" in wanted:
        found["complete"] = bool(evaluation.decompositions)
    if "paid" in wanted:
        found["paid"] = paid(row, evaluation)
    if "splits" in wanted:
        found["splits"] = splits(evaluation)
        wanted = {**wanted, "splits": sorted(sorted(split) for split in wanted["splits"])}
    case = row.case
    where = f"{row.peer}: {case['case']} ({case['hand']} + {case.get('win')})"
    assert found == wanted, f"{where}\n  expected {wanted}\n  found    {found}"
