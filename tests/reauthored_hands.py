"""What the tests of the independent writings share (`tests/fixtures/reauthored/`): seeded
random hands of a mahjong game or of 跑胡子, each judged by two rule files of one game,
and the bundled golden scenarios of a game run against the other writing.

A hand is judged as `tablerules evaluate` judges it: whether it wins, and each payment
the best split is settled with (payer and amount); for 跑胡子 also its 胡息. Hand
patterns are compared through the money they make, for two writings may name them
differently (烏胡 or 黑胡) or list them in another order.
"""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from tablerules.interpreter import Game, load_game
from tablerules.interpreter.compiling.conditions import WinConditions, win_from
from tablerules.interpreter.hand.pricing import price
from tablerules.interpreter.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parent.parent
REAUTHORED = ROOT / "tests" / "fixtures" / "reauthored"
GOLDEN = ROOT / "tests" / "golden" / "scenarios"

NUMBERS = tuple(f"{rank}{suit}" for suit in "mps" for rank in range(1, 10))
HONOURS = tuple("ESWNCFP")
ORPHANS = ("1m", "9m", "1p", "9p", "1s", "9s", *HONOURS)
SMALL = "一二三四五六七八九十"
BIG = "壹貳叁肆伍陸柒捌玖拾"


@dataclass(frozen=True)
class Hand:
    """One hand to judge: the concealed cards, the table groups, the winning card (None
    for a win on the deal), how it came, the winner's seat and the other facts."""

    hand: str
    table: str = ""
    win: str | None = None
    how: str | None = None
    seat: int = 0
    facts: dict[str, bool] = field(default_factory=dict)

    @property
    def on_deal(self) -> bool:
        return self.win is None


@cache
def game(path: str) -> Game:
    """A rule file (a path under the repository, or a bundled name), compiled once."""
    where = ROOT / path
    return load_game(where if where.exists() else path)


def judged(rules: Game, hand: Hand) -> tuple[Any, ...]:
    """Whether the hand wins, its best split's value total and what it is paid."""
    result = rules.evaluate_text(
        hand.hand,
        table=hand.table,
        win_card=hand.win,
        source=hand.how,
        on_deal=hand.on_deal,
        seat=hand.seat,
        **hand.facts,
    )
    if not result.wins or result.best is None:
        return (False,)
    if hand.on_deal:
        conditions = WinConditions(context="deal", seat=hand.seat)
    else:
        conditions = win_from(hand.how or "self", hand.seat, **hand.facts)[1]
    payments = price(rules.compiled, result.best, conditions).payments
    return (True, result.best.total, sorted((p.payer, p.amount) for p in payments))


def differences(
    ours: str, theirs: str, hands: list[Hand], ignore: Callable[[Hand], bool] | None = None
) -> list[str]:
    """Each hand the two rule files judge differently, said in a line (a hand `ignore`
    picks out is left out: a reading where the rule book leaves a choice)."""
    first, second = game(ours), game(theirs)
    found = []
    for hand in hands:
        if ignore is not None and ignore(hand):
            continue
        a, b = judged(first, hand), judged(second, hand)
        if a != b:
            found.append(f"{hand}: {ours} {a} / {theirs} {b}")
    return found


def _fits(counts: Counter[str], cards: list[str]) -> bool:
    more = counts.copy()
    more.update(cards)
    return all(n <= 4 for n in more.values())


def mahjong_hands(
    count: int, seed: int, honours: bool, wild: str | None, orphans: bool
) -> list[Hand]:
    """Seeded mahjong hands of 14 cards: four melds (some pongs and kongs on the table) and
    a pair, seven pairs or thirteen orphans, some with wild cards, some with one card
    changed (mostly no win); won from every context, some on the wall's last tile."""
    rng = random.Random(seed)
    tiles = NUMBERS + (HONOURS if honours else ())
    hands: list[Hand] = []
    while len(hands) < count:
        hand = _mahjong_hand(rng, tiles, wild, orphans)
        if hand is not None:
            hands.append(hand)
    return hands


def _mahjong_hand(
    rng: random.Random, tiles: tuple[str, ...], wild: str | None, orphans: bool
) -> Hand | None:
    counts: Counter[str] = Counter()
    concealed: list[str] = []
    table: list[str] = []
    laid: list[str] = []  # the table groups' cards
    shape = rng.random()
    if shape < 0.12:  # seven pairs, four alike allowed
        while len(concealed) < 14:
            tile = rng.choice(tiles)
            if _fits(counts, [tile, tile]):
                counts.update([tile, tile])
                concealed += [tile, tile]
    elif shape < 0.18 and orphans:
        concealed = [*ORPHANS, rng.choice(ORPHANS)]
    else:
        melds = 0
        while melds < 4:
            if rng.random() < 0.5:
                suit, rank = rng.choice("mps"), rng.randint(1, 7)
                meld = [f"{rank + step}{suit}" for step in range(3)]
            else:
                meld = [rng.choice(tiles)] * 3
            if not _fits(counts, meld):
                continue
            counts.update(meld)
            melds += 1
            if meld[0] == meld[1] and meld[0] != wild and rng.random() < 0.3:
                if rng.random() < 0.4 and _fits(counts, meld[:1]):
                    counts.update(meld[:1])
                    meld = [*meld, meld[0]]
                table.append(("刻:" if len(meld) == 3 else "槓:") + "".join(meld))
                laid += meld
            else:
                concealed += meld
        while True:
            tile = rng.choice(tiles)
            if _fits(counts, [tile, tile]):
                concealed += [tile, tile]
                break
    if wild is not None and rng.random() < 0.5:
        for _ in range(rng.choice((1, 1, 2, 2, 3, 4))):
            if concealed.count(wild) + laid.count(wild) >= 4:
                break
            concealed[rng.randrange(len(concealed))] = wild
    if rng.random() < 0.3:  # one card changed: mostly a hand that does not win
        concealed[rng.randrange(len(concealed))] = rng.choice(tiles)
        if any(n > 4 for n in Counter(concealed + laid).values()):
            return None
    rng.shuffle(concealed)
    win = concealed.pop()
    how = rng.choice(("self", "self", "discard", "discard", "replacement", "robbed"))
    facts = {"last_card": rng.random() < 0.15}
    return Hand(" ".join(concealed), " ".join(table), win, how, rng.randrange(4), facts)


def paohuzi_hands(count: int, seed: int, groups: int, dealt: float = 0.1) -> list[Hand]:
    """Seeded 跑胡子 hands of `groups` groups (5 for four players, 7 for three), their
    groups of every kind, some on the table, a pair when a 提 or 跑 is held, some with a
    card changed; won on one's own draw, another's draw, a discard or the dealer's shown
    card, some on the last card or the first discard; a share `dealt` are dealt hands of
    the dealer holding several 提 and 坎 (a 天胡 on the deal)."""
    rng = random.Random(seed)
    seats = 4 if groups == 5 else 3
    hands: list[Hand] = []
    while len(hands) < count:
        if rng.random() < dealt:
            hands.append(_dealt(rng, 15 if seats == 4 else 21))
            continue
        hand = _paohuzi_hand(rng, groups, seats)
        if hand is not None:
            hands.append(hand)
    return hands


def _card(rng: random.Random, big: int | None = None, rank: int | None = None) -> str:
    size = rng.randrange(2) if big is None else big
    return (BIG if size else SMALL)[(rank or rng.randint(1, 10)) - 1]


def _dealt(rng: random.Random, size: int) -> Hand:
    counts: Counter[str] = Counter()
    cards: list[str] = []
    sets = rng.choice((2, 3, 4, 4, 5))
    while len(cards) < size:
        alike = 4 if rng.random() < 0.4 else 3
        if sets == 0 or size - len(cards) < alike:
            sets, alike = 0, 1
        card = _card(rng)
        if _fits(counts, [card] * alike):
            counts.update([card] * alike)
            cards += [card] * alike
            sets -= alike > 1
    return Hand(" ".join(cards))


def _paohuzi_hand(rng: random.Random, groups: int, seats: int) -> Hand | None:
    counts: Counter[str] = Counter()
    paired = rng.random() < 0.4
    kinds = ["run", "run", "2710", "mixed", "three", "three"] + ["four"] * paired
    made: list[tuple[str, list[str]]] = []
    while len(made) < groups - paired:
        kind, size = rng.choice(kinds), rng.randrange(2)
        if kind == "run":
            rank = rng.randint(1, 8)
            cards = [_card(rng, size, rank + step) for step in range(3)]
        elif kind == "2710":
            cards = [_card(rng, size, rank) for rank in (2, 7, 10)]
        elif kind == "mixed":
            rank = rng.randint(1, 10)
            cards = [_card(rng, size, rank)] * 2 + [_card(rng, 1 - size, rank)]
        else:
            cards = [_card(rng)] * (3 if kind == "three" else 4)
        if _fits(counts, cards):
            counts.update(cards)
            made.append((kind, cards))
    concealed: list[str] = []
    if paired:
        if all(kind != "four" for kind, _ in made):
            return None  # a pair only beside a 提 or 跑 (PHZ-12)
        pair = [_card(rng)] * 2
        if not _fits(counts, pair):
            return None
        concealed += pair
    table = []
    names = {"run": "一句話", "2710": "二七十", "mixed": "絞"}
    for kind, cards in made:
        roll = rng.random()
        if kind == "four" and roll < 0.8:
            table.append(("提" if roll < 0.4 else "跑") + ":" + "".join(cards))
        elif kind == "three" and roll < 0.5:
            table.append(("碰" if roll < 0.3 else "偎") + ":" + "".join(cards))
        elif kind in names and roll < 0.3:
            table.append(names[kind] + ":" + "".join(cards))
        else:
            concealed += cards
    if rng.random() < 0.25 and concealed:
        concealed[rng.randrange(len(concealed))] = _card(rng)
        whole = Counter(concealed)
        for group in table:
            whole.update(group.split(":")[1])
        if any(n > 4 for n in whole.values()):
            return None
    if not concealed:
        return None
    rng.shuffle(concealed)
    win = concealed.pop()
    how = rng.choice(("self", "draw", "discard", "discard", "shown"))
    seat = rng.randrange(seats)
    facts = {
        "last_card": how in ("self", "draw") and rng.random() < 0.15,
        # the hand's first discard is the dealer's: another seat wins on it
        "first_discard": how == "discard" and seat != 0 and rng.random() < 0.2,
    }
    return Hand(" ".join(concealed), " ".join(table), win, how, seat, facts)


def golden_against(
    folder: str,
    rules: str,
    ours: str,
    tmp_path: Path,
    renamed: dict[str, str] | None = None,
) -> list[str]:
    """Run the golden scenarios of `folder` written for the bundled `rules` (a file name)
    against the rule file `ours`: each is copied beside a copy of it, its actions renamed
    as `renamed` says (`胡` is `自摸` there) and its expected explanations left out (each
    writing names and orders its patterns its own way; the money stays expected). The
    failures, one line each."""
    shutil.copy(ROOT / ours, tmp_path / "ours.rules")
    failures = []
    for path in sorted((GOLDEN / folder).glob("*.json")):
        text = path.read_text(encoding="utf-8")
        scenario = json.loads(text)
        if Path(scenario["rules"]).name != rules:
            continue
        for old, new in (renamed or {}).items():
            text = text.replace(f': {old}"', f': {new}"').replace(
                f'"action": "{old}"', f'"action": "{new}"'
            )
        scenario = json.loads(text)
        scenario["rules"] = "ours.rules"
        scenario.pop("rules_text", None)
        for event in scenario.get("expect", {}).get("events", []):
            event.pop("explanation", None)
        copy = tmp_path / path.name
        copy.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
        result = run_scenario(copy)
        if not result.passed:
            failures.append(f"{path.name}: {result.failures}")
    return failures
