"""What the checker knows of each game, written from the rule documents (RULES.md), not
from the engine: the cards, which groups win, what a card forces, how groups lie.

A `Profile` answers the questions the invariants ask; `profile_for` picks the profile of a
log from its header (the rule file it was played with, and its table options).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

Group = tuple[str, tuple[str, ...]]  # (kind, cards)


@dataclass
class Profile:
    """One game as the documents state it. Subclasses say how hands win."""

    name: str
    draws_shown: bool  # drawn cards are shown and offered (PHZ-9), or kept (mahjong)
    win_action: str
    forced_actions: frozenset[str] = frozenset()
    claims: frozenset[str] = frozenset()  # taken on others' cards, then a discard
    locked_size: int = 0  # cards held this many times are a group never split (0: none)
    discard_wins: bool = True
    robs_kongs: bool = False  # a win on an added card stands even where discards do not win
    wilds: frozenset[str] = frozenset()  # cards that stand for others in a win
    wild_free: frozenset[str] = frozenset()  # actions never taken with a wild card
    also_wins: frozenset[str] = frozenset()  # win actions beside `win_action` (a self-draw)
    discards_wilds: bool = False  # a wild may be discarded (GD-5), or never (HZ-2)
    options: dict[str, Any] = field(default_factory=dict)
    # card id -> its copies, for a card the documents give other than four (TW-1's flowers)
    copies: dict[str, int] = field(default_factory=dict)

    names: dict[str, str] = field(default_factory=dict)  # display name -> card id
    # cards out of play in the hand being checked: a card turned up at the deal (GD-4)
    out_of_play: Counter[str] = field(default_factory=Counter)

    def next_card(self, card: str) -> str | None:
        """The wild a card turned up at the deal makes, where the documents turn one (None:
        they turn none)."""
        return None

    def turn_up(self, card: str) -> str | None:
        """A card turned up at the deal: out of play, and the hand's wild is the card after
        it; that wild, or None where the documents turn no card."""
        wild = self.next_card(card)
        if wild is not None:
            self.wilds = frozenset({wild})
            self.out_of_play = Counter({card: 1})
        return wild

    def copies_of(self, card: str) -> int:
        """How many of `card` the documents' deck holds: four unless they say otherwise."""
        return self.copies.get(card, 4)

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        raise NotImplementedError

    def parse_names(self, text: str) -> list[str]:
        """Card ids from display names written one after another (as in action labels)."""
        found: list[str] = []
        position = 0
        longest = max(len(name) for name in self.names)
        while position < len(text):
            for size in range(longest, 0, -1):
                card = self.names.get(text[position : position + size])
                if card is not None:
                    found.append(card)
                    position += size
                    break
            else:
                raise ValueError(f"no card named {text[position:]!r}")
        return found

    def kind_of(self, cards: Sequence[str]) -> str:
        """The kind of a group of cards laid down beside another (a 比 group)."""
        return "group"

    def forced(
        self, seats: Sequence[Any], context: str, owner: int, card: str
    ) -> tuple[int, str] | None:
        """(seat, action) of the move a card forces, if any."""
        return None

    def lies_after(self, action: str, kind: str) -> str:
        """How a group an action lays down lies for the other seats."""
        return "shown"

    def value(self, table: Sequence[Group]) -> int:
        """The value the seat's table groups are worth (0 where the game counts none)."""
        return 0


# ── 跑胡子 ────────────────────────────────────────────────────────────


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


GroupsWith = Callable[[str, Counter[str]], Iterator[Group]]


def splits(
    counts: Counter[str], order: Callable[[str], Any], groups: GroupsWith
) -> Iterator[list[Group]]:
    """Every way to split the cards wholly into groups: `groups(card, counts)` gives the
    groups holding `card` when it is the lowest card left by `order`."""
    left = +counts
    if not left:
        yield []
        return
    lowest = min(left, key=order)
    for kind, cards in groups(lowest, left):
        for split in splits(left - Counter(cards), order, groups):
            yield [(kind, cards), *split]


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
        full = Counter(hand)
        if card is not None:
            full[card] += 1
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


# ── 跑馬仔 ────────────────────────────────────────────────────────────

MJ_SUITS = ("m", "p", "s")
MJ_NAMES = {
    **{
        f"{digit}{suit}": f"{rank}{code}"
        for suit, code in (("萬", "m"), ("筒", "p"), ("索", "s"))
        for rank, digit in enumerate("一二三四五六七八九", start=1)
    },
    **dict(zip("東南西北中發白", "ESWNCFP", strict=True)),
}


def _mj_melds_with(card: str, counts: Counter[str]) -> Iterator[tuple[str, tuple[str, ...]]]:
    shapes: list[tuple[str, tuple[str, ...]]] = [("對", (card, card)), ("刻", (card,) * 3)]
    if card[-1] in MJ_SUITS and int(card[0]) <= 7:
        rank, suit = int(card[0]), card[1]
        shapes.append(("順", tuple(f"{rank + step}{suit}" for step in range(3))))
    for kind, cards in shapes:
        need = Counter(cards)
        if all(counts[c] >= n for c, n in need.items()):
            yield kind, cards


def _mj_order(card: str) -> tuple[int, int]:
    if card[-1] in MJ_SUITS and len(card) == 2:
        return MJ_SUITS.index(card[1]), int(card[0])
    return 3, "ESWNCFP".index(card)


def mj_splits(counts: Counter[str]) -> Iterator[list[Group]]:
    """Every way to split mahjong tiles wholly into melds and pairs formed in the hand."""
    return splits(counts, _mj_order, _mj_melds_with)


ORPHANS = frozenset({"1m", "9m", "1p", "9p", "1s", "9s", *"ESWNCFP"})


@dataclass
class Paomazai(Profile):
    """跑馬仔 and the Hong Kong games of its family: four melds and a pair win."""

    orphans: bool = False  # 十三么 wins too (PMZ-F5, HK-4)

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        """PMZ-4, HK-4: four melds (pongs, kongs, runs) and one pair; with `orphans`, also
        one of each terminal and honour and one of them again. (Where a minimum of 番 must
        be met too, only the shape is checked here.)"""
        full = Counter(hand)
        if card is not None:
            full[card] += 1
        if self.orphans and not table and sum(full.values()) == 14 and set(full) == ORPHANS:
            return True
        for split in mj_splits(full):
            pairs = sum(kind == "對" for kind, _ in split)
            if pairs == 1 and len(split) + len(table) == 5:
                return True
        return False

    def lies_after(self, action: str, kind: str) -> str:
        """A concealed kong lies face down (PMZ-8); every other group is shown."""
        return "concealed" if action == "暗槓" else "shown"


@dataclass
class Sichuan(Paomazai):
    """四川麻將 (SC-n): three suits, four melds and a pair or seven pairs (four alike are
    two pairs), never holding a tile of the declared suit (SC-4, checked by the Sichuan
    invariants, which know each seat's declaration)."""

    passes: int = 3  # SC-2: tiles each seat passes in the exchange
    leave_until: int = 3  # SC-7: a winner leaves, the others play on until three have won

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        full = Counter(hand)
        if card is not None:
            full[card] += 1
        if not table and sum(full.values()) == 14 and all(n % 2 == 0 for n in full.values()):
            return True  # 七對 (SC-6)
        return super().wins(hand, table, card, source)


SC_NAMES = {name: card for name, card in MJ_NAMES.items() if card[-1] in MJ_SUITS}  # SC-1


class Changsha(Paomazai):
    """長沙麻將 (CS-n): three suits, four melds and a pair, or seven pairs (four alike are two
    pairs). Only the shape is checked here: the 2-5-8 pair a 小胡 needs unless a 大胡 holds
    (CS-3, CS-4) is checked by the Changsha invariants, which see how the card came."""

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        full = Counter(hand)
        if card is not None:
            full[card] += 1
        if not table and sum(full.values()) == 14 and all(n % 2 == 0 for n in full.values()):
            return True  # 七小對, 豪華七小對 (CS-4)
        return super().wins(hand, table, card, source)

    def lies_after(self, action: str, kind: str) -> str:
        """A concealed kong lies face down, 開槓 of four in hand too (CS-7)."""
        return "concealed" if action in ("暗槓", "暗開槓") else "shown"


# CS-7: 開槓 takes the wall's last two tiles and shows them; its owner is locked after it
CS_SHOWN_KONGS = frozenset({"開槓", "暗開槓"})
CS_SHOWN_COUNT = 2


CS_NAMES = SC_NAMES  # CS-1: the same 108 tiles


def suit_of(card: str) -> str:
    """A mahjong tile's suit letter (its id's last character)."""
    return card[-1]


# ── 紅中癩子 ──────────────────────────────────────────────────────────

HZ_NUMBERS = tuple(f"{rank}{suit}" for suit in MJ_SUITS for rank in range(1, 10))
HZ_TILES = frozenset({*HZ_NUMBERS, "C"})  # HZ-1: 112 tiles, four of each


def _readings(counts: Counter[str], wilds: int, start: int = 0) -> Iterator[tuple[str, ...]]:
    """Every way to read `wilds` wild tiles as number tiles (HZ-2, P2-1), as the tiles
    they stand for: never a fifth copy (`counts`: every tile seen), each multiset once."""
    if wilds == 0:
        yield ()
        return
    for index in range(start, len(HZ_NUMBERS)):
        tile = HZ_NUMBERS[index]
        if counts[tile] >= 4:
            continue
        counts[tile] += 1
        for rest in _readings(counts, wilds - 1, index):
            yield (tile, *rest)
        counts[tile] -= 1


@dataclass
class Hongzhong(Paomazai):
    """紅中癩子 (HZ-1…HZ-10): 紅中 wild for any number tile; 4 melds and a pair, or 七對."""

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        """HZ-2, HZ-3, P2-1: some reading of the 紅中 held (the winning tile's included)
        as number tiles, table groups counted against a fifth copy, is 4 melds and a pair
        or seven pairs."""
        full = Counter(hand)
        if card is not None:
            full[card] += 1
        wilds = full.pop("C", 0)
        around = Counter(full)
        for _, cards in table:
            around.update(cards)
        for reading in _readings(around, wilds):
            read = Counter(full)
            read.update(reading)
            if not table and sum(read.values()) == 14 and all(n % 2 == 0 for n in read.values()):
                return True
            if super().wins(read, table, None, source):
                return True
        return False


# ── 台灣16張 ──────────────────────────────────────────────────────────

TW_FLOWERS = dict(zip("春夏秋冬梅蘭竹菊", (f"f{n}" for n in range(1, 9)), strict=True))  # TW-1
TW_NAMES = {  # TW-1: the tiles as the Taiwanese file writes them, 條 for the third suit
    **{
        f"{digit}{suit}": f"{rank}{code}"
        for suit, code in (("萬", "m"), ("筒", "p"), ("條", "s"))
        for rank, digit in enumerate("一二三四五六七八九", start=1)
    },
    **dict(zip("東南西北中發白", "ESWNCFP", strict=True)),
    **TW_FLOWERS,
}


@dataclass
class Taiwan(Paomazai):
    """台灣16張 (TW-1…TW-10): 16 tiles, five melds and a pair; flowers are laid face up
    and replaced, never kept (TW-2), and are no meld; the last 16 tiles are never drawn
    (TW-5); only the nearest winner from the discarder wins (TW-4)."""

    dead_wall: int = 16  # TW-5
    flowers: frozenset[str] = frozenset(TW_FLOWERS.values())
    lay_flower: str = "補花"

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        """TW-3: five melds (chows, pongs, kongs) and one pair, the flowers laid apart."""
        full = Counter(hand)
        if card is not None:
            full[card] += 1
        if any(full[flower] for flower in self.flowers):
            return False  # a flower is never kept (TW-2), so never in a winning hand
        melds = [group for group in table if group[1][0] not in self.flowers]
        for split in mj_splits(full):
            pairs = sum(kind == "對" for kind, _ in split)
            if pairs == 1 and len(split) + len(melds) == 6:
                return True
        return False

    def lies_after(self, action: str, kind: str) -> str:
        """A concealed kong lies face down (TW-3); every other group, flowers included, is
        shown."""
        return "concealed" if action == "暗槓" else "shown"


# ── 廣東推倒胡 鬼牌 ────────────────────────────────────────────────────

GD_TILES = tuple(sorted(MJ_NAMES.values(), key=_mj_order))  # GD-1: the 34 tiles of PMZ-1


def _next_in_suit(card: str, step: int) -> str | None:
    """The number tile `step` ranks above `card` in its suit, None past 9 or below 1."""
    if card[-1] not in MJ_SUITS or len(card) != 2:
        return None
    rank = int(card[0]) + step
    return f"{rank}{card[1]}" if 1 <= rank <= 9 else None


def joker_melds(
    counts: Counter[str], jokers: int, melds: int, pairs: int, room: Counter[str]
) -> bool:
    """Whether `counts` with `jokers` wild tiles make exactly `melds` melds (pongs, runs)
    and `pairs` pairs, each wild read as a tile with `room` copies left for it (P2-1: never
    a fifth copy). The lowest tile left is placed in each group that can hold it."""
    tile = next((t for t in GD_TILES if counts[t] > 0), None)
    if tile is None:
        return jokers == 3 * melds + 2 * pairs  # the wilds left make groups of their own
    shapes: list[tuple[list[str], int, int]] = []
    if pairs:
        shapes.append(([tile, tile], 0, 1))
    if melds:
        shapes.append(([tile, tile, tile], 1, 0))
        for low in (0, -1, -2):  # runs holding the tile as their first, middle or last
            run = [_next_in_suit(tile, low + k) for k in range(3)]
            if all(r is not None for r in run):
                shapes.append(([r for r in run if r is not None], 1, 0))
    for shape, meld, pair in shapes:
        need = Counter(shape)
        used: list[str] = []
        wild: Counter[str] = Counter()
        for card, n in need.items():  # a tile below `tile` is held no more: a wild reads it
            have = min(n, counts[card])
            used += [card] * have
            wild[card] = n - have
        spent = sum(wild.values())
        if spent > jokers or any(room[c] < n for c, n in wild.items()):
            continue
        counts.subtract(used)
        room.subtract(wild)
        found = joker_melds(counts, jokers - spent, melds - meld, pairs - pair, room)
        counts.update(used)
        room.update(wild)
        if found:
            return True
    return False


def gd_next_tile(tile: str) -> str:
    """GD-4's order: the tile after `tile`, 1→2…9→1 within a suit, 東→南→西→北→東,
    中→發→白→中."""
    for ring in ("ESWN", "CFP"):
        if tile in ring:
            return ring[(ring.index(tile) + 1) % len(ring)]
    rank, suit = int(tile[0]), tile[1]
    return f"{rank % 9 + 1}{suit}"


@dataclass
class Guangdong(Paomazai):
    """廣東推倒胡 鬼牌 (GD-1…GD-11): 白 ghosts for any tile; 4 melds and a pair, 七對 or
    十三么 (GD-3, GD-5, P2-1, P2-6)."""

    def next_card(self, card: str) -> str | None:
        return gd_next_tile(card) if self.options.get("翻鬼") in (True, "true") else None

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        full = Counter(hand)
        if card is not None:
            full[card] += 1
        jokers = sum(full.pop(w, 0) for w in self.wilds)
        full = +full
        room = Counter({tile: 4 for tile in GD_TILES})
        room.subtract(self.out_of_play)  # 翻鬼's turned tile (GD-4)
        room.subtract(full)
        for _, cards in table:
            room.subtract(cards)
        if not table and sum(full.values()) + jokers == 14:
            odd = sum(n % 2 for n in full.values())
            if odd <= jokers:
                return True  # 七對 (four alike are two pairs): a wild pairs each single tile
            if set(full) <= ORPHANS and all(n <= 2 for n in full.values()):
                doubled = sum(n == 2 for n in full.values())
                if doubled <= 1:
                    return True  # 十三么: the wilds stand for the orphans missing
        melds = 4 - len(table)
        return joker_melds(Counter(full), jokers, melds, 1, room)


# ── which profile a log is played under ───────────────────────────────


def profile_for(header: dict[str, Any]) -> Profile:
    """The profile of a log's rule file (by its file name) with the log's table options."""
    name = PurePath(str(header.get("rules", ""))).name
    options = dict(header.get("options") or {})
    if name.startswith("paohuzi"):
        # the three-player file, its 名堂 preset and 常德跑胡子 (CD-1) over them
        three = name.startswith(("paohuzi-3p", "paohuzi-changde"))
        default_min = 15 if three else 6
        return Paohuzi(
            name=name,
            draws_shown=True,
            win_action="胡",
            forced_actions=frozenset({"提", "跑", "偎"}),
            claims=frozenset({"吃", "碰"}),
            locked_size=3,
            options=options,
            names=PHZ_NAMES,
            groups_needed=7 if three else 5,
            min_huxi=int(options.get("min_huxi", default_min)),
        )
    if name.startswith("paomazai"):
        zimo = name == "paomazai-zimo-only.rules" or options.get("self_draw_only") in (
            True,
            "true",
        )
        return Paomazai(
            name=name,
            draws_shown=False,
            win_action="胡",
            claims=frozenset({"碰"}),
            discard_wins=not zimo,
            options=options,
            names=MJ_NAMES,
            orphans=name == "paomazai-faan.rules",
        )
    if name == "hongkong.rules":  # HK-1…HK-7: chows of the seat before's discard, 十三么
        return Paomazai(
            name=name,
            draws_shown=False,
            win_action="胡",
            claims=frozenset({"碰", "上"}),
            options=options,
            names=MJ_NAMES,
            orphans=True,
        )
    if name in ("sichuan", "sichuan.rules"):  # SC-1…SC-6: pong and kong, no chow, seven pairs
        return Sichuan(
            name=name,
            draws_shown=False,
            win_action="胡",
            claims=frozenset({"碰"}),
            options=options,
            names=SC_NAMES,
        )
    if name == "taiwan.rules":  # TW-1…TW-10: chows of the seat before's discard, flowers
        return Taiwan(
            name=name,
            draws_shown=False,
            win_action="胡",
            forced_actions=frozenset({"補花"}),
            claims=frozenset({"碰", "吃"}),
            options=options,
            names=TW_NAMES,
            copies=dict.fromkeys(TW_FLOWERS.values(), 1),
        )
    if name == "hongzhong.rules":  # HZ-1…HZ-10: 紅中 wild, self-draw or a robbed kong only
        return Hongzhong(
            name=name,
            draws_shown=False,
            win_action="胡",
            claims=frozenset({"碰", "明槓"}),
            discard_wins=False,
            robs_kongs=True,
            wilds=frozenset({"C"}),
            wild_free=frozenset({"碰", "明槓", "暗槓"}),
            options=options,
            names={name: tile for name, tile in MJ_NAMES.items() if tile in HZ_TILES},
        )
    if name == "changsha.rules":  # CS-1…CS-11: chow from the seat before, 起手胡
        return Changsha(
            name=name,
            draws_shown=False,
            win_action="胡",
            claims=frozenset({"碰", "吃"}),
            options=options,
            names=CS_NAMES,
        )
    if name == "guangdong.rules":  # GD-1…GD-11: 白 ghosts, pong and kong, 七對, 十三么
        return Guangdong(
            name=name,
            draws_shown=False,
            win_action="食胡",  # a win on a discard or a robbed kong (過水 watches it)
            also_wins=frozenset({"胡"}),  # the self-draw
            claims=frozenset({"碰", "明槓"}),
            robs_kongs=True,
            # 翻鬼 (GD-4): no ghost until the hand's tile is turned (the tracker sets it)
            wilds=frozenset() if options.get("翻鬼") in (True, "true") else frozenset({"P"}),
            wild_free=frozenset({"碰", "明槓", "暗槓", "食胡"}),
            discards_wilds=True,
            options=options,
            names=MJ_NAMES,
            orphans=True,
        )
    raise ValueError(
        f"no profile for rule file {name!r}: the checker knows 跑胡子, 跑馬仔, 香港麻雀, "
        "四川麻將, 紅中癩子, 台灣16張, 長沙麻將 and 廣東推倒胡"
    )
