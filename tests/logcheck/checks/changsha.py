"""Invariants of 長沙麻將 (CS-n): the 2-5-8 pair of a 小胡, and the 起手胡 shown on the deal."""

from __future__ import annotations

from collections import Counter

from logcheck.games import Changsha, mj_splits, suit_of
from logcheck.invariants import Invariant, invariant
from logcheck.logfile import Record
from logcheck.tracker import Tracker

JIANG = frozenset({"2", "5", "8"})  # CS-3: the ranks of a 小胡's pair
SHOWN_EACH_PAYS = 2  # CS-5: each 起手胡 is paid as a 小胡 self-draw, 2 底 from each other


def rank_of(card: str) -> str:
    return card[0]


def shown_on_deal(hand: Counter[str]) -> dict[str, int]:
    """The 起手胡 a dealt hand holds, each with how many times (CS-5, P2-9): 四喜 once per
    four alike, 板板胡 with no 2, 5 or 8, 缺一色 with a suit missing, 六六順 once per two
    sets of three alike (four alike count as three)."""
    held = {card: n for card, n in hand.items() if n > 0}
    found: dict[str, int] = {}
    fours = sum(1 for n in held.values() if n >= 4)
    if fours:
        found["四喜"] = fours
    if not any(rank_of(card) in JIANG for card in held):
        found["板板胡"] = 1
    if len({suit_of(card) for card in held}) < 3:
        found["缺一色"] = 1
    threes = sum(1 for n in held.values() if n >= 3)
    if threes >= 2:
        found["六六順"] = threes // 2
    return found


@invariant
class ShownWinsOnTheDeal(Invariant):
    name = "shown-wins-on-the-deal"
    summary = (
        "before the first discard every seat shows each 起手胡 its dealt hand holds, as many "
        "times as it holds it, and nothing else; each showing is paid 2 底 by each other seat, "
        "turns no bird, and the hand goes on (CS-5, P2-9)"
    )
    games = (Changsha,)

    def __init__(self, profile: Changsha) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.expected: dict[int, dict[str, int]] = {}
        self.shown: dict[int, Counter[str]] = {}
        self.paid: Counter[tuple[int, int, str]] = Counter()
        self.stake = int(profile.options.get("底", 1))
        self.dealt_win = False  # a 天胡: won before the first discard, its bird turned then

    def before_win(self, event: Record, tracker: Tracker, line: int) -> None:
        self.dealt_win = self.dealt_win or event["context"] == "deal card"

    def after_deal(self, event: Record, tracker: Tracker, line: int) -> None:
        self.expected = {seat: shown_on_deal(s.hand) for seat, s in enumerate(tracker.seats)}

    def before_shown_win(self, event: Record, tracker: Tracker, line: int) -> None:
        if tracker.discarded:
            self.fail(f"seat {event['seat']} shows {event['win']} after the first discard", line)
        self.shown.setdefault(event["seat"], Counter())[event["win"]] += 1

    def before_pay(self, event: Record, tracker: Tracker, line: int) -> None:
        clause = str(event.get("clause", ""))
        if not clause.startswith("immediate win "):
            return
        if event["amount"] != SHOWN_EACH_PAYS * self.stake:
            self.fail(f"a 起手胡 paid {event['amount']}, not {SHOWN_EACH_PAYS} 底", line)
        self.paid[(event["payer"], event["payee"], clause.removeprefix("immediate win "))] += 1

    def before_bonus(self, event: Record, tracker: Tracker, line: int) -> None:
        if not tracker.discarded and not self.dealt_win:
            self.fail("a bird turned on the deal", line)

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if result is None:
            return
        seats = len(tracker.seats)
        for seat in range(seats):
            shown = dict(self.shown.get(seat, Counter()))
            if shown != self.expected.get(seat, {}):
                self.fail(f"seat {seat} shows {shown}, its deal holds {self.expected[seat]}", line)
            for name, times in shown.items():
                for payer in range(seats):
                    if payer != seat and self.paid[(payer, seat, name)] != times:
                        self.fail(
                            f"seat {payer} pays seat {seat}'s {name} "
                            f"{self.paid[(payer, seat, name)]} times, not {times}",
                            line,
                        )


@invariant
class SmallWinsHaveAJiangPair(Invariant):
    name = "small-win-has-a-2-5-8-pair"
    summary = (
        "a win offered with no 大胡 is four melds and a pair of 2, 5 or 8 (小胡, CS-3); a "
        "大胡 needs no such pair (CS-4)"
    )
    games = (Changsha,)

    def __init__(self, profile: Changsha) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.left = 55  # tiles left to draw; the deal leaves 55 (CS-1)
        self.discards = 0
        self.kong_shown = False  # the tiles a 開槓 showed, discarded: a win on them is 槓上炮
        self.replaced = False  # a replacement drawn: its taker's next discard is 槓上炮's
        self.after_kong = False  # the latest discard came right after a replacement

    def before_shown_discarded(self, event: Record, tracker: Tracker, line: int) -> None:
        self.kong_shown = True

    def before_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self.left = event["left"]
        self.kong_shown = False
        self.replaced = False

    def before_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        self.left = event["left"]
        self.replaced = True

    def after_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        self.discards += 1
        self.after_kong = self.replaced
        self.replaced = False

    def before_window(self, event: Record, tracker: Tracker, line: int) -> None:
        card, context, owner = event.get("card"), event["context"], event["owner"]
        situational = (
            context in ("replacement", "added card", "deal card")  # 槓上開花, 搶槓胡, 天胡
            or self.left == 0  # 海底撈月, 海底炮
            or (context == "discard" and self.discards == 1)  # 地胡
            or (context == "discard" and self.kong_shown)  # 槓上炮 on a 開槓's tiles (CS-7)
            or (context == "discard" and self.after_kong)  # 槓上炮 after a 補張 (CS-4)
        )
        if situational:
            return
        for seat, labels in event["offered"]:
            if self.profile.win_action not in labels:
                continue
            hand = tracker.hand_for_win(seat, context, owner, card)
            table = tracker.seats[seat].table
            if not self._small_or_big(hand, table, card, won_on_discard=seat != owner):
                self.fail(
                    f"seat {seat} offered a win on {context} {card} with "
                    f"{''.join(sorted(hand.elements()))} + table {table}: no 2-5-8 pair, no 大胡",
                    line,
                )

    @staticmethod
    def _small_or_big(
        hand: Counter[str], table: list, card: str | None, won_on_discard: bool
    ) -> bool:
        full = Counter(hand)
        if card is not None:
            full[card] += 1
        every = [*full.elements(), *(c for _, cards in table for c in cards)]
        if not table and sum(full.values()) == 14 and all(n % 2 == 0 for n in full.values()):
            return True  # 七小對 (CS-4)
        if all(rank_of(c) in JIANG for c in every) or len({suit_of(c) for c in every}) == 1:
            return True  # 將將胡, 清一色 (CS-4, P2-9)
        if len(table) == 4 and won_on_discard:
            return True  # 全求人 (CS-4)
        for split in mj_splits(full):
            pairs = [cards for kind, cards in split if kind == "對"]
            if len(pairs) != 1 or len(split) + len(table) != 5:
                continue
            if rank_of(pairs[0][0]) in JIANG:
                return True  # 小胡 (CS-3)
            runs = [kind for kind, _ in [*split, *table] if kind == "順"]
            if not runs:
                return True  # 碰碰胡 (CS-4)
        return False


@invariant
class WinOnTheDealtHand(Invariant):
    name = "tian-hu-on-the-dealt-hand"
    summary = (
        "a win on the dealt hand (天胡) is offered to the dealer alone, unseen by the others, "
        "on a tile it holds, before any draw or discard; 天胡 counts on exactly those wins "
        "(CS-4)"
    )
    games = (Changsha,)

    def __init__(self, profile: Changsha) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.moved = False  # a tile has been drawn or discarded in the hand

    def before_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self.moved = True

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        self.moved = True

    def before_window(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["context"] != "deal card":
            return
        owner, card = event["owner"], event.get("card")
        if owner != tracker.dealer or self.moved:
            self.fail(f"seat {owner} is offered a dealt tile after play began", line)
        if any(seat != owner for seat, _ in event["offered"]) or not event.get("hidden"):
            self.fail("the dealer's dealt tile is offered to, or seen by, another seat", line)
        if card is None or tracker.seats[owner].hand[card] < 1:
            self.fail(f"the dealer is offered {card}, a tile it does not hold", line)

    def before_win(self, event: Record, tracker: Tracker, line: int) -> None:
        dealt = event["context"] == "deal card"
        counted = any(
            p["name"] == "天胡" and not p.get("excluded_by") for p in event.get("patterns", [])
        )
        if dealt and (event["seat"] != tracker.dealer or self.moved):
            self.fail(f"seat {event['seat']} wins on a dealt tile after play began", line)
        if counted != dealt:
            said = "counted" if counted else "not counted"
            self.fail(f"seat {event['seat']}'s win on {event['context']}: 天胡 {said}", line)


@invariant
class LastTileOfferedInTurn(Invariant):
    name = "haidi-offered-in-turn"
    summary = (
        "the wall's last tile is offered in turn from the seat due to draw; only a seat that "
        "took it draws it (or a seat whose kong's replacement it is, or whose 開槓 shows it), "
        "and if it does not win on it, it discards that very tile; nobody taking it ends the "
        "hand drawn; after a drawn hand the taker deals next, else the dealer (海底, CS-8, "
        "CS-11)"
    )
    games = (Changsha,)

    def __init__(self, profile: Changsha) -> None:  # type: ignore[override]
        super().__init__(profile)
        self.asked: list[int] = []
        self.taker: int | None = None
        self.shown: str | None = None  # the last tile, while its taker must show it
        self.dealer = 0

    def after_deal(self, event: Record, tracker: Tracker, line: int) -> None:
        self.dealer = event["dealer"]

    def before_window(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["context"] != "last card":
            return
        seat = event["owner"]
        seats = len(tracker.seats)
        if self.asked and seat != (self.asked[-1] + 1) % seats:
            self.fail(f"the last tile offered to seat {seat} after seat {self.asked[-1]}", line)
        if self.taker is not None or len(self.asked) >= seats:
            self.fail(f"the last tile offered to seat {seat} once taken or passed by all", line)
        self.asked.append(seat)
        if event["taken_by"]:
            self.taker = seat

    def before_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["left"] != 0:
            return
        if event["seat"] != self.taker:
            self.fail(f"seat {event['seat']} draws the last tile without taking it in turn", line)
        self.shown = event["card"]

    def before_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["left"] == 0 and self.taker is None:  # the last tile, as a kong's replacement
            self.taker = event["seat"]
            self.shown = event["card"]

    def before_replacement_shown(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["left"] == 0 and self.taker is None:  # a 開槓 took the last tile (CS-7)
            self.taker = event["seat"]  # its tiles are shown and discarded together

    def before_discard(self, event: Record, tracker: Tracker, line: int) -> None:
        if self.shown is not None and event["seat"] == self.taker:
            if event["card"] != self.shown:
                self.fail(f"the taker discards {event['card']}, not the last tile", line)
            self.shown = None

    def end(self, result: Record | None, tracker: Tracker, line: int) -> None:
        if result is None or result.get("winners"):
            return
        expected = self.taker if self.taker is not None else self.dealer
        if result.get("next_dealer") != expected:
            self.fail(
                f"after a drawn hand seat {result.get('next_dealer')} deals, not {expected}", line
            )
