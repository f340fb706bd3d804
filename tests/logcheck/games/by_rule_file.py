"""Which profile a log is played under: the game its rule file states, with the log's
table options."""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from logcheck.games.guangdong import Guangdong
from logcheck.games.hongzhong import HZ_TILES, Hongzhong
from logcheck.games.mahjong import CS_NAMES, MJ_NAMES, SC_NAMES, Changsha, Paomazai, Sichuan
from logcheck.games.paohuzi import PHZ_NAMES, Paohuzi
from logcheck.games.profile import Profile
from logcheck.games.taiwan import TW_FLOWERS, TW_NAMES, Taiwan


class NoProfile(ValueError):
    """A rule file the documents do not name, checked with no game to check it as."""


def profile_for(header: dict[str, Any], checked_as: str | None = None) -> Profile:
    """The profile of a log's rule file (by its file name) with the log's table options;
    `checked_as`, a bundled rule file's name, stands for the file's name: a file the
    documents do not name is checked as the game it plays."""
    name = PurePath(str(checked_as or header.get("rules", ""))).name
    if name and not name.endswith(".rules"):  # a bundled name, as `tablerules play` takes
        name += ".rules"
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
            claims=frozenset({"碰"}),
            discard_wins=not zimo,
            options=options,
            names=MJ_NAMES,
            orphans=name == "paomazai-faan.rules",
        )
    if name == "hongkong.rules":  # HK-1…HK-7: chows of the seat before's discard, 十三么
        return Paomazai(
            name=name,
            claims=frozenset({"碰", "上"}),
            options=options,
            names=MJ_NAMES,
            orphans=True,
        )
    if name == "sichuan.rules":  # SC-1…SC-6: pong and kong, no chow, seven pairs
        return Sichuan(name=name, claims=frozenset({"碰"}), options=options, names=SC_NAMES)
    if name == "taiwan.rules":  # TW-1…TW-10: chows of the seat before's discard, flowers
        return Taiwan(
            name=name,
            forced_actions=frozenset({"補花"}),
            claims=frozenset({"碰", "吃"}),
            options=options,
            names=TW_NAMES,
            copies=dict.fromkeys(TW_FLOWERS.values(), 1),
        )
    if name == "hongzhong.rules":  # HZ-1…HZ-10: 紅中 wild, self-draw or a robbed kong only
        return Hongzhong(
            name=name,
            claims=frozenset({"碰", "明槓"}),
            discard_wins=False,
            robs_kongs=True,
            wilds=frozenset({"C"}),
            wild_free=frozenset({"碰", "明槓", "暗槓"}),
            options=options,
            names={name: tile for name, tile in MJ_NAMES.items() if tile in HZ_TILES},
        )
    if name == "changsha.rules":  # CS-1…CS-11: chow from the seat before, 起手胡
        return Changsha(name=name, claims=frozenset({"碰", "吃"}), options=options, names=CS_NAMES)
    if name == "guangdong.rules":  # GD-1…GD-11: 白 ghosts, pong and kong, 七對, 十三么
        return Guangdong(
            name=name,
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
    raise NoProfile(
        f"no profile for rule file {name!r}: the checker knows 跑胡子, 跑馬仔, 香港麻雀, "
        "四川麻將, 紅中癩子, 台灣16張, 長沙麻將 and 廣東推倒胡; check a file of your own as "
        "the bundled game it plays with --as (--as hongkong)"
    )
