"""台灣16張 as the documents state it (TW-n): 16 tiles, five melds and a pair, flowers laid
apart."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from logcheck.games.mahjong import Paomazai, melds_and_a_pair
from logcheck.games.profile import Group, with_card

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
        full = with_card(hand, card)
        if any(full[flower] for flower in self.flowers):
            return False  # a flower is never kept (TW-2), so never in a winning hand
        melds = [group for group in table if group[1][0] not in self.flowers]
        return melds_and_a_pair(full, 5 - len(melds))

    def lies_after(self, action: str, kind: str) -> str:
        """A concealed kong lies face down (TW-3); every other group, flowers included, is
        shown."""
        return "concealed" if action == "暗槓" else "shown"
