"""Ways to break a hand of a play log on purpose, each the mistake one invariant of the
independent log checker (tests/logcheck) is about: the checker must catch it.

A mutation takes the log's header and a hand's records and breaks the records in place; it
returns False when the hand has nothing of the kind to break.
"""

from __future__ import annotations

from collections.abc import Callable

from logcheck.games import profile_for
from logcheck.tracker import Tracker

Records = list[dict]
Mutation = Callable[[dict, Records], bool]
Wanted = Callable[[dict], bool]


def index_of(records: Records, wanted: Wanted, start: int = 0) -> int | None:
    """The index of the first record from `start` that `wanted` picks (None: none)."""
    return next((i for i in range(start, len(records)) if wanted(records[i])), None)


def tracker_at(header: dict, records: Records, stop: int) -> Tracker:
    """The logcheck tracker after the records before `stop`."""
    tracker = Tracker(profile_for(header))
    for record in records[:stop]:
        tracker.apply(record)
    return tracker


def on_first(wanted: Wanted) -> Callable[[Callable[[dict], None]], Mutation]:
    """A mutation that changes, as the decorated function does, the first record `wanted`
    picks."""

    def mutation(change: Callable[[dict], None]) -> Mutation:
        def mutate(header: dict, records: Records) -> bool:
            at = index_of(records, wanted)
            if at is None:
                return False
            change(records[at])
            return True

        mutate.__doc__ = change.__doc__
        return mutate

    return mutation


def drop_first(wanted: Wanted) -> Mutation:
    """A mutation that takes out the first record `wanted` picks."""

    def mutate(header: dict, records: Records) -> bool:
        at = index_of(records, wanted)
        if at is None:
            return False
        del records[at]
        return True

    return mutate


# ── each game ────────────────────────────────────────────────────────


@on_first(lambda r: r["type"] == "pay")
def pay_more(record: dict) -> None:
    record["amount"] += 1


def discard_unheld(header: dict, records: Records) -> bool:
    at = index_of(records, lambda r: r["type"] == "discard")
    if at is None:
        return False
    held = tracker_at(header, records, at).seats[records[at]["seat"]].hand
    missing = next(card for card in sorted(_all_cards(records)) if held[card] == 0)
    records[at]["card"] = missing
    return True


def _all_cards(records: Records) -> set[str]:
    return {card for hand in records[0]["hands"] for card in hand}


def drop_discard_after_claim(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "action" and record["action"] in ("吃", "碰"):
            following = index_of(records, lambda r: r["type"] == "discard", at)
            if following is not None:
                del records[following]
                return True
    return False


def offer_a_win(header: dict, records: Records) -> bool:
    for record in records:
        if record["type"] == "window" and record.get("card"):
            for entry in record["offered"]:
                if "胡" not in entry[1]:
                    entry[1].insert(0, "胡")
                    return True
    return False


@on_first(lambda r: r["type"] == "draw" and not r.get("shown"))
def show_unseen_draw(record: dict) -> None:
    record["shown"] = True


def drop_restriction(restriction: str) -> Mutation:
    return drop_first(lambda r: r["type"] == "restricted" and r["restriction"] == restriction)


# ── 跑胡子 ────────────────────────────────────────────────────────────


def discard_from_kan(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "discard":
            held = tracker_at(header, records, at).seats[record["seat"]].hand
            kan = [card for card, count in held.items() if count == 3]
            if kan:
                record["card"] = kan[0]
                return True
    return False


drop_forced = drop_first(lambda r: r["type"] == "action" and r.get("forced") and r.get("card"))
keep_dealt_ti = drop_first(
    lambda r: r["type"] == "action" and r["action"] == "提" and not r.get("card")
)


@on_first(lambda r: r["type"] == "bonus")
def count_another_xing(record: dict) -> None:
    """A 醒 counted once more than the winner's groups hold."""
    record["hits"] += 1


# ── 四川麻將 ──────────────────────────────────────────────────────────


@on_first(lambda r: r["type"] == "exchange")
def pass_two(record: dict) -> None:
    card = record["passed"][0].pop()
    record["passed"][1].append(card)  # seat 0 passes two, seat 1 four


def discard_out_of_order(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] != "discard":
            continue
        seat = tracker_at(header, records, at).seats[record["seat"]]
        void = seat.declared.get("suit")
        if record["card"][-1] != void:
            continue
        others = sorted(c for c, n in seat.hand.items() if n and c[-1] != void)
        if others:
            record["card"] = others[0]
            return True
    return False


def draw_after_leaving(header: dict, records: Records) -> bool:
    """A seat that has won and left draws again (SC-7)."""
    at = index_of(records, lambda r: r["type"] == "leaves")
    if at is None:
        return False
    following = index_of(records, lambda r: r["type"] == "draw", at)
    if following is None:
        return False
    records[following]["seat"] = records[at]["seats"][0]
    return True


def drop_leaving(header: dict, records: Records) -> bool:
    """A winner that never leaves: the hand plays on with it (SC-7)."""
    at = index_of(records, lambda r: r["type"] == "leaves")
    if at is None or index_of(records, lambda r: r["type"] == "draw", at) is None:
        return False
    del records[at]
    return True


def pay_at_drawn_hand(label: str) -> Mutation:
    """A payment of `label` at a drawn hand that no rule makes: 東 pays 南 3."""

    def mutate(header: dict, records: Records) -> bool:
        at = index_of(records, lambda r: r["type"] == "drawn hand")
        if at is None:
            return False
        made = {"type": "pay", "payer": 0, "payee": 1, "amount": 3, "label": label}
        records.insert(at + 1, {**made, "clause": "settle x", "cites": []})
        return True

    return mutate


# ── 紅中癩子 ──────────────────────────────────────────────────────────


def discard_a_wild(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "discard":
            held = tracker_at(header, records, at).seats[record["seat"]].hand
            if held["C"]:
                record["card"] = "C"
                return True
    return False


def pong_the_declared_suit(header: dict, records: Records) -> bool:
    """A seat that pongs a tile of the suit it declared void: the declaration said so."""
    at = index_of(records, lambda r: r["type"] == "action" and r["action"] == "碰")
    declared = index_of(records, lambda r: r["type"] == "declaration")
    if at is None or declared is None:
        return False
    seat, suit = records[at]["seat"], records[at]["card"][-1]
    records[declared]["values"][seat] = suit
    return True


@on_first(lambda r: r["type"] == "action" and r["action"] == "碰")
def pong_a_wild(record: dict) -> None:
    record["cards"] = ["C", "C", "C"]


# ── 台灣16張 ──────────────────────────────────────────────────────────

# the flower stays in hand, its replacement comes from nowhere
keep_a_flower = drop_first(lambda r: r["type"] == "action" and r["action"] == "補花")


@on_first(lambda r: r["type"] == "draw")
def draw_the_dead_wall(record: dict) -> None:
    record["left"] = 15


def a_farther_winner(header: dict, records: Records) -> bool:
    for record in records:
        chosen = record.get("chosen") or []
        if record["type"] == "window" and record["context"] == "discard" and len(chosen) >= 2:
            owner = record["owner"]
            seats = sorted((seat for seat, _ in chosen), key=lambda seat: (seat - owner) % 4)
            record["chosen"] = [[seat, "胡"] for seat in seats]
            record["taken_by"] = [seats[-1]]  # the farther seat takes it
            return True
    return False


# ── 長沙麻將 ──────────────────────────────────────────────────────────


@on_first(lambda r: r["type"] == "shown win")
def show_another_win(record: dict) -> None:
    record["win"] = "六六順" if record["win"] != "六六順" else "四喜"


def offer_a_win_late(header: dict, records: Records) -> bool:
    """胡 offered on a discard past the first, where the hand does not win at all."""
    discards = 0
    for record in records:
        discards += record["type"] == "discard"
        if record["type"] == "window" and record["context"] == "discard" and discards > 1:
            for entry in record["offered"]:
                if "胡" not in entry[1]:
                    entry[1].insert(0, "胡")
                    return True
    return False


@on_first(lambda r: r["type"] == "window" and r["context"] == "last card" and r["taken_by"])
def draw_the_last_tile_untaken(record: dict) -> None:
    record["taken_by"] = []


# ── 廣東推倒胡 and the mahjong games with added kongs ──────────────────


@on_first(lambda r: r["type"] == "bonus" and r["cards"] and r["cards"][0] != "1m")
def turn_another_horse(record: dict) -> None:
    """A horse turned as 一萬 (at the winner) where the log turned another tile."""
    record["cards"][0] = "1m"


@on_first(lambda r: r["type"] == "turned")
def make_another_ghost(record: dict) -> None:
    """The tile turned up at the deal said to make a ghost other than the one after it."""
    record["wild"] = "P" if record["wild"] != "P" else "C"


def add_a_tile_not_just_drawn(header: dict, records: Records) -> bool:
    """An added kong whose tile was not the one just drawn: the draw said another tile."""
    at = index_of(records, lambda r: r["type"] == "action" and r.get("onto") is not None)
    if at is None:
        return False
    seat = records[at]["seat"]
    drew = next(
        (
            i
            for i in range(at - 1, -1, -1)
            if records[i]["type"] in ("draw", "replacement") and records[i]["seat"] == seat
        ),
        None,
    )
    if drew is None or records[drew]["card"] != records[at]["card"]:
        return False
    records[drew]["card"] = "9m" if records[at]["card"] != "9m" else "1m"
    return True
