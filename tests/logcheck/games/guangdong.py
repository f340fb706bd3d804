"""廣東推倒胡 鬼牌 as the documents state it (GD-n): 白 ghosts for any tile, or the tile after
one turned up at the deal (翻鬼)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from logcheck.games.mahjong import MJ_NAMES, MJ_SUITS, ORPHANS, Paomazai, mj_order
from logcheck.games.profile import Group, with_card

GD_TILES = tuple(sorted(MJ_NAMES.values(), key=mj_order))  # GD-1: the 34 tiles of PMZ-1


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
        full = with_card(hand, card)
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
