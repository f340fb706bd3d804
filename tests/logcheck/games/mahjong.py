"""跑馬仔 and the mahjong games that win as it does, four melds and a pair, as the documents
state them: 香港麻雀 (HK-n), 四川麻將 (SC-n) and 長沙麻將 (CS-n); the tiles and how they
split into melds, for these and the mahjong games written on them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from logcheck.games.profile import Group, Profile, splits, with_card

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


def mj_order(card: str) -> tuple[int, int]:
    if card[-1] in MJ_SUITS and len(card) == 2:
        return MJ_SUITS.index(card[1]), int(card[0])
    return 3, "ESWNCFP".index(card)


def mj_splits(counts: Counter[str]) -> Iterator[list[Group]]:
    """Every way to split mahjong tiles wholly into melds and pairs formed in the hand."""
    return splits(counts, mj_order, _mj_melds_with)


ORPHANS = frozenset({"1m", "9m", "1p", "9p", "1s", "9s", *"ESWNCFP"})


def melds_and_a_pair(full: Counter[str], melds: int) -> bool:
    """Whether the tiles split wholly into `melds` melds and one pair formed in the hand."""
    for split in mj_splits(full):
        pairs = sum(kind == "對" for kind, _ in split)
        if pairs == 1 and len(split) == melds + 1:
            return True
    return False


def seven_pairs(full: Counter[str]) -> bool:
    """Whether 14 tiles held make seven pairs, four alike counted as two (SC-6, CS-4)."""
    return sum(full.values()) == 14 and all(n % 2 == 0 for n in full.values())


@dataclass
class Paomazai(Profile):
    """跑馬仔 and the Hong Kong games of its family: four melds and a pair win. Every mahjong
    game keeps its drawn tiles unseen and wins with 胡 unless its profile says otherwise."""

    draws_shown: bool = False
    win_action: str = "胡"
    orphans: bool = False  # 十三么 wins too (PMZ-F5, HK-4)
    pairs_win: ClassVar[bool] = False  # seven pairs win too (four alike are two pairs)

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        """PMZ-4, HK-4: four melds (pongs, kongs, runs) and one pair; with `orphans`, also
        one of each terminal and honour and one of them again. (Where a minimum of 番 must
        be met too, only the shape is checked here.)"""
        full = with_card(hand, card)
        if self.pairs_win and not table and seven_pairs(full):
            return True
        if self.orphans and not table and sum(full.values()) == 14 and set(full) == ORPHANS:
            return True
        return melds_and_a_pair(full, 4 - len(table))

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
    # SC-3: actions never taken with a tile of the declared suit
    void_free: frozenset[str] = frozenset({"碰", "直槓", "補槓", "暗槓"})
    pairs_win: ClassVar[bool] = True  # 七對 (SC-6)


SC_NAMES = {name: card for name, card in MJ_NAMES.items() if card[-1] in MJ_SUITS}  # SC-1


class Changsha(Paomazai):
    """長沙麻將 (CS-n): three suits, four melds and a pair, or seven pairs (four alike are two
    pairs). Only the shape is checked here: the 2-5-8 pair a 小胡 needs unless a 大胡 holds
    (CS-3, CS-4) is checked by the Changsha invariants, which see how the card came."""

    pairs_win: ClassVar[bool] = True  # 七小對, 豪華七小對 (CS-4)

    def wins(
        self, hand: Counter[str], table: Sequence[Group], card: str | None, source: str | None
    ) -> bool:
        """Four melds and a pair or seven pairs, and 將將胡 in any shape: every tile a 2, 5
        or 8, the table's melds included (CS-4, P2-9)."""
        every = [*with_card(hand, card).elements(), *(c for _, cards in table for c in cards)]
        if all(tile[0] in "258" for tile in every):
            return True
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
