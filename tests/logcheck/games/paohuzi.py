"""跑胡子 as the documents state it (PHZ-n): the words, their groups and 胡息, which hands
win, what a card forces and how groups lie."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from logcheck.games.profile import Group, Profile, splits, with_card


def _phz_card(card: str) -> tuple[str, int]:
    """(size, rank) of a 跑胡子 card id: x1…x10 small, d1…d10 big (PHZ-1)."""
    return ("small" if card[0] == "x" else "big"), int(card[1:])


def _phz_id(size: str, rank: int) -> str:
    return f"{'x' if size == 'small' else 'd'}{rank}"


PHZ_HUXI = {  # PHZ-20: small, big
    "碰": (1, 3),
    "坎": (3, 6),
    "偎": (3, 6),
    "臭偎": (3, 6),
    "跑": (6, 9),
    "提": (9, 12),
}
PHZ_TRIGGERS = ("跑", "提")  # one pair iff the hand has one of these (PHZ-12)


def phz_value(kind: str, cards: Sequence[str]) -> int:
    sizes = {_phz_card(c)[0] for c in cards}
    if len(sizes) != 1:
        return 0  # 絞: mixed sizes, worth nothing
    big = sizes.pop() == "big"
    if kind in PHZ_HUXI:
        return PHZ_HUXI[kind][big]
    ranks = sorted(_phz_card(c)[1] for c in cards)
    if kind in ("一句話", "二七十") and ranks in ([1, 2, 3], [2, 7, 10]):
        return 6 if big else 3
    return 0


def _phz_groups_with(card: str, counts: Counter[str]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every in-hand group (kind, cards) that contains `card` and fits in `counts`, when
    `card` is the lowest card left (so its partners are all still in `counts`)."""
    size, rank = _phz_card(card)
    other = _phz_id("big" if size == "small" else "small", rank)
    shapes: list[tuple[str, tuple[str, ...]]] = [
        ("對", (card, card)),
        ("坎", (card, card, card)),
        ("提", (card, card, card, card)),
        ("絞", (card, card, other)),
        ("絞", (card, other, other)),
    ]
    if rank <= 8:
        run = tuple(_phz_id(size, rank + step) for step in range(3))
        shapes.append(("一句話", run))
    if rank == 2:
        shapes.append(("二七十", (card, _phz_id(size, 7), _phz_id(size, 10))))
    for kind, cards in shapes:
        need = Counter(cards)
        if all(counts[c] >= n for c, n in need.items()):
            yield kind, cards


def _phz_order(card: str) -> tuple[int, int]:
    size, rank = _phz_card(card)
    return (0 if size == "small" else 1, rank)


def phz_splits(counts: Counter[str]) -> Iterator[list[Group]]:
    """Every way to split 跑胡子 cards wholly into in-hand groups."""
    return splits(counts, _phz_order, _phz_groups_with)


PHZ_NAMES = {
    **{name: f"x{rank}" for rank, name in enumerate("一二三四五六七八九十", start=1)},
    **{name: f"d{rank}" for rank, name in enumerate("壹貳叁肆伍陸柒捌玖拾", start=1)},
}


@dataclass
class Paohuzi(Profile):
    groups_needed: int = 5
    min_huxi: int = 6

    def kind_of(self, cards: Sequence[str]) -> str:
        """一句話, 二七十 or 絞 (PHZ-4), by the cards."""
        parts = [_phz_card(card) for card in cards]
        if len({size for size, _ in parts}) > 1:
            return "絞"
        ranks = sorted(rank for _, rank in parts)
        return "二七十" if ranks == [2, 7, 10] else "一句話"

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        """PHZ-12, PHZ-20: hand and table make the groups needed, exactly one pair iff a
        跑 or 提 is among them, at least the lowest 胡息; a 坎 held is never split."""
        full = with_card(hand, card)
        locked = {c: n for c, n in hand.items() if n >= 3}
        table_value = sum(phz_value(kind, cards) for kind, cards in table)
        table_triggers = sum(kind in PHZ_TRIGGERS for kind, _ in table)
        for split in phz_splits(full):
            if len(split) + len(table) != self.groups_needed:
                continue
            holders = [i for i, (_, cards) in enumerate(split) if card in cards] or [None]
            for holder in holders:
                if self._valid(split, holder, locked, card, source, table_value, table_triggers):
                    return True
        return False

    def _valid(
        self,
        split: list[Group],
        holder: int | None,
        locked: dict[str, int],
        card: str | None,
        source: str | None,
        table_value: int,
        table_triggers: int,
    ) -> bool:
        for held, count in locked.items():  # every copy held stays in one group
            if not any(
                cards.count(held) - (1 if i == holder and card == held else 0) >= count
                for i, (_, cards) in enumerate(split)
            ):
                return False
        total, pairs, triggers = table_value, 0, table_triggers
        for i, (kind, cards) in enumerate(split):
            if i == holder and source != "self":  # completed by another's card (PHZ-20)
                kind = {"坎": "碰", "提": "跑"}.get(kind, kind)
            elif i == holder:
                kind = {"坎": "偎"}.get(kind, kind)
            total += phz_value(kind, cards)
            pairs += kind == "對"
            triggers += kind in PHZ_TRIGGERS
        return pairs == (1 if triggers else 0) and total >= self.min_huxi

    def forced(
        self, seats: Sequence[Any], context: str, owner: int, card: str
    ) -> tuple[int, str] | None:
        """PHZ-5, PHZ-6, PHZ-7: the 提, 偎 or 跑 a drawn or discarded card forces."""
        if context not in ("draw", "discard"):
            return None
        count = len(seats)
        for step in range(count):
            seat = (owner + step) % count
            held = seats[seat].hand[card]
            on_table = {kind for kind, cards in seats[seat].table if card in cards}
            if seat == owner:
                if context != "draw":
                    continue
                if held == 3 or on_table & {"偎", "臭偎"}:
                    return seat, "提"
                if held == 2:
                    return seat, "偎"
                if "碰" in on_table:
                    return seat, "跑"
                continue
            if held == 3 or on_table & {"偎", "臭偎"}:
                return seat, "跑"
            if context == "draw" and "碰" in on_table:
                return seat, "跑"
        return None

    def forced_outcome(
        self, seat: Any, action: str, card: str
    ) -> tuple[Counter[str] | None, list[Group]]:
        """The seat's concealed cards and table once it makes the forced `action` with
        `card` (None for the hand if the seat cannot)."""
        hand = Counter(seat.hand)
        table = list(seat.table)
        size = 3 if action == "偎" else 4
        for index, (kind, cards) in enumerate(table):
            if card in cards and kind in ("偎", "臭偎", "碰") and size == 4:
                table[index] = (action, (card,) * 4)
                return +hand, table
        need = size - 1
        if hand[card] < need:
            return None, table
        hand[card] -= need
        table.append((action, (card,) * size))
        return +hand, table

    def lies_after(self, action: str, kind: str) -> str:
        """PHZ-4: a 偎 lies face down, a 臭偎 and a 提 show one card, the rest all."""
        return {"偎": "concealed", "臭偎": "partly shown", "提": "partly shown"}.get(kind, "shown")

    def value(self, table: Sequence[Group]) -> int:
        return sum(phz_value(kind, cards) for kind, cards in table)
