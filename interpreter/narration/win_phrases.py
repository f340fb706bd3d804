"""The clauses of wins: an immediate win, a win shown on the deal, a win told with how it
came, its split, value, wilds and waits; and winners leaving a hand that goes on."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablerules.interpreter.narration.narrate import Narrator, Record

# a group's value after its cards in a win event's split: `three[1r1r1r](0)`
VALUE_AFTER_GROUP = re.compile(r"\]\(-?\d+\)")
# a group in a win event's split: its kind and its cards, `three[1r1r1r]`
GROUP_IN_SPLIT = re.compile(r"(\S+?)\[([^\]]*)\]")


class WinPhrases:
    """A mixin of `narrate.Narrator` (which supplies `say`, `seat`, `card`, `cards` and
    `word`)."""

    def _immediate(self: Narrator, event: Record) -> str:
        name = str(event.get("clause", "")).removeprefix("immediate win ")
        return self.say("narrate.immediate", seat=self.seat(event["seat"]), name=self.word(name))

    def _shown_win(self: Narrator, event: Record) -> str:
        """`Al shows 四喜 (1 of 2): 1m 1m 1m 1m ...; play goes on`."""
        times = event.get("times", 1)
        return self.say(
            "narrate.shown_win" if times == 1 else "narrate.shown_win_nth",
            seat=self.seat(event["seat"]),
            name=self.word(str(event["win"])),
            nth=event.get("nth", 1),
            times=times,
            cards=self.cards(event.get("hand", [])),
        )

    def _win(self: Narrator, event: Record) -> str:
        return self.win_how(event) + self.value(event) + self.wilds_read(event) + self.waits(event)

    def win_how(self: Narrator, event: Record) -> str:
        """`Al wins on Bea's discard 9 cups` (or `on own draw …`, `on the deal`)."""
        seat, owner, card = event["seat"], event.get("owner"), event.get("card")
        if event.get("context") == "deal":  # a win declared on the deal
            return self.say("narrate.win_deal", seat=self.seat(seat))
        if event.get("context") == "deal card" and owner == seat and self._dealt_offered:
            return self.say("narrate.win_dealt", seat=self.seat(seat), card=self.card(card))
        key = "narrate.win_own" if owner == seat else "narrate.win_other"
        context = self.context(event.get("context"))
        said = self.say(
            key, seat=self.seat(seat), owner=self.seat(owner), context=context, card=self.card(card)
        )
        return said.rstrip()

    def split(self: Narrator, event: Record) -> str:
        """The winning split as the win event writes it, `three[1r1r1r](1)  …`, its groups'
        and cards' names in the narrator's language; without a value table the groups'
        values (all 0) are left out."""
        text = str(event.get("split") or "")
        if self.words.spelled:
            text = GROUP_IN_SPLIT.sub(self._spelled_group, text)
        return text if self.value_name else VALUE_AFTER_GROUP.sub("]", text)

    def _spelled_group(self: Narrator, found: re.Match[str]) -> str:
        kind, cards = found[1], found[2]
        return f"{self.word(kind)}[{self.words.cards_text(cards)}]"

    def value(self: Narrator, event: Record) -> str:
        """` = 16 points` for a game with a value table, else nothing (no `value 0`)."""
        if not self.value_name:
            return ""
        return self.say("narrate.value", value=event["value"], name=self.word(self.value_name))

    def wilds_read(self: Narrator, event: Record) -> str:
        """` (wilds: W as 5 cups, …)`: what each wild of the win stood for, or nothing."""
        read = self.say.join(
            self.say("narrate.wild_as", wild=self.card(wild), card=self.card(card))
            for wild, card in event.get("wilds") or ()
        )
        return self.say("narrate.wilds_read", read=read) if read else ""

    def waits(self: Narrator, event: Record) -> str:
        """` (waits before the winning card: 2)`: the waits a pattern read, or nothing."""
        if event.get("waits") is None:
            return ""
        return self.say("narrate.waits", n=event["waits"])

    def _leaves(self: Narrator, event: Record) -> str:
        """Winners leaving the hand; the seats that play on, if it goes on."""
        seats = self.say.join(self.seat(s) for s in event["seats"])
        playing = event.get("playing") or []
        if len(playing) < 2:
            return self.say("narrate.leaves_last", seats=seats)
        others = self.say.join(self.seat(s) for s in playing)
        return self.say("narrate.leaves", seats=seats, playing=others)
