"""What the checker knows of each game, written from the rule documents (RULES.md), not
from the engine: the cards, which groups win, what a card forces, how groups lie.

A `Profile` answers the questions the invariants ask (`profile`); a module a family of
games writes each game's profile; `profile_for` picks the profile of a log from its header
(the rule file it was played with, and its table options).
"""

from logcheck.games.by_rule_file import profile_for
from logcheck.games.guangdong import GD_TILES, Guangdong, gd_next_tile, joker_melds
from logcheck.games.hongzhong import HZ_NUMBERS, HZ_TILES, Hongzhong
from logcheck.games.mahjong import (
    CS_NAMES,
    CS_SHOWN_COUNT,
    CS_SHOWN_KONGS,
    MJ_NAMES,
    MJ_SUITS,
    ORPHANS,
    SC_NAMES,
    Changsha,
    Paomazai,
    Sichuan,
    melds_and_a_pair,
    mj_splits,
    seven_pairs,
    suit_of,
)
from logcheck.games.paohuzi import (
    PHZ_HUXI,
    PHZ_NAMES,
    PHZ_TRIGGERS,
    Paohuzi,
    phz_splits,
    phz_value,
)
from logcheck.games.profile import Group, GroupsWith, Profile, splits, with_card
from logcheck.games.taiwan import TW_FLOWERS, TW_NAMES, Taiwan

__all__ = [
    "CS_NAMES",
    "CS_SHOWN_COUNT",
    "CS_SHOWN_KONGS",
    "GD_TILES",
    "HZ_NUMBERS",
    "HZ_TILES",
    "MJ_NAMES",
    "MJ_SUITS",
    "ORPHANS",
    "PHZ_HUXI",
    "PHZ_NAMES",
    "PHZ_TRIGGERS",
    "SC_NAMES",
    "TW_FLOWERS",
    "TW_NAMES",
    "Changsha",
    "Group",
    "GroupsWith",
    "Guangdong",
    "Hongzhong",
    "Paohuzi",
    "Paomazai",
    "Profile",
    "Sichuan",
    "Taiwan",
    "gd_next_tile",
    "joker_melds",
    "melds_and_a_pair",
    "mj_splits",
    "phz_splits",
    "phz_value",
    "profile_for",
    "seven_pairs",
    "splits",
    "suit_of",
    "with_card",
]
