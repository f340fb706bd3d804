"""A hand told in sentences: seats by the rule file's names, cards by their display names.

`Narrator.phrase` turns one engine event into a clause (`Bea discards 9 cups`); `sentence`
joins the clauses of one move (`Bea discards 9 cups — Cy draws`). Told for a seat
(`viewer`), each event is first cut down to what that seat may see (`views.seat_event`),
so the same sentences serve the referee, a seat's view and the command line's transcript.
Payments are told with their arithmetic (`reckoning.Reckoner`). The sentences are those of
the message catalogue of `lang` (`messages`), the game's words its spellings in that
language (`messages.game_words`); English by default.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablerules.interpreter.engine.views import HIDDEN
from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.reckoning import Reckoner, group_counts

if TYPE_CHECKING:
    from tablerules.interpreter.api import Game
    from tablerules.interpreter.engine.game import Table

Record = dict[str, Any]
# how the engine writes why a claim window went as it did (`windows.window_reason`)
PRIORITY = re.compile(r"^priority (-?\d+)$")
# a group's value after its cards in a win event's split: `three[1r1r1r](0)`
VALUE_AFTER_GROUP = re.compile(r"\]\(-?\d+\)")
# a group in a win event's split: its kind and its cards, `three[1r1r1r]`
GROUP_IN_SPLIT = re.compile(r"(\S+?)\[([^\]]*)\]")


def _same_payment(one: Record, other: Record) -> bool:
    return all(one[key] == other[key] for key in ("payee", "amount", "label"))


def player_name(seat: int) -> str:
    """How an unnamed seat is called on a page: `player 1` for seat 0."""
    return f"player {seat + 1}"


class Narrator:
    """Sentences for one hand dealt by `dealer`, told for `viewer` (None: the referee), in
    language `lang`."""

    def __init__(
        self,
        game: Game,
        dealer: int,
        viewer: int | None = None,
        unnamed: Callable[[int], str] = player_name,
        table: Table | None = None,
        events: list[Record] | None = None,
        lang: str = DEFAULT,
    ) -> None:
        """`table` (the hand as it stands) lets payments count groups and lets a seat's
        view be cut from the events; without it, `events` (the hand's events so far, kept
        up to date by the caller) is what payments are worked out from."""
        compiled = game.compiled
        self.game = game
        self.dealer = dealer
        self.viewer = viewer
        self.table = table
        self.events = events if events is not None else []
        self._reckoner: Reckoner | None = None
        self.speaker = speaker(game, lang)
        self.say = self.speaker.say
        self.words = self.speaker.words
        self.names = self.words.seat_names
        self.seats = len(compiled.dealt_per_seat())
        # no card shown on the deal: a `deal card` is the dealer's last dealt card, unseen
        self._dealt_offered = not any(line.shown for line in compiled.deal_plan())
        self.unnamed = unnamed
        self.display = self.words.by_id
        self.value_name = compiled.value_name
        self.draws_shown = bool(compiled.rules.turn and compiled.rules.turn.draws_shown)
        say = self.say
        self.phrases: dict[str, Callable[[Record], str]] = {
            "deal": self._deal,
            "shown": lambda e: say(
                "narrate.shown", seat=self.seat(e["seat"]), card=self.card(e["card"])
            ),
            "turned": lambda e: say(
                "narrate.turned", card=self.card(e["card"]), wild=self.card(e["wild"])
            ),
            "draw": self._draw,
            "replacement": self._draw,
            "discard": lambda e: say(
                "narrate.discard", seat=self.seat(e["seat"]), card=self.card(e["card"])
            ),
            "untaken": self._untaken,
            "turn passes": self._turn_passes,
            "action": self._action,
            "outranked": lambda e: say(
                "narrate.outranked", seat=self.seat(e["seat"]), choice=self.choice(e["label"])
            ),
            "window": self._window,
            "restricted": self._restricted,
            "immediate win": self._immediate,
            "shown win": self._shown_win,
            "exchange": self._exchange,
            "declaration": self._declaration,
            "win": self._win,
            "pay": self._pay,
            "bonus": self._bonus,
            "drawn hand": self._drawn_hand,
            "leaves": self._leaves,
            "replacement shown": lambda e: say(
                f"narrate.replacement_shown_{e['end']}",
                seat=self.seat(e["seat"]),
                cards=self.cards(e["cards"]),
            ),
            "shown discarded": lambda e: say(
                "narrate.shown_discarded", seat=self.seat(e["seat"]), cards=self.cards(e["cards"])
            ),
            "locked": lambda e: say(
                "narrate.locked", seat=self.seat(e["seat"]), action=self.word(e["action"])
            ),
            "drawn settle": self._drawn_settle,
            "end": self._end,
        }

    # ── names ─────────────────────────────────────────────────────
    def seat(self, seat: int | None) -> str:
        if seat is None:
            return self.say("narrate.house")
        if not self.names:
            return self.unnamed(seat)
        return self.names[(seat - self.dealer) % len(self.names)]

    def card(self, card: str | None) -> str:
        if card is None:
            return ""
        if card == HIDDEN:
            return self.say("narrate.hidden_card")
        return self.display.get(card, card)

    def cards(self, cards: list[str]) -> str:
        return " ".join(self.card(c) for c in cards)

    def word(self, name: str) -> str:
        """A name of the rule file (a group, a zone, a label…) in the narrator's language."""
        return self.words.name(name)

    def choice(self, label: str) -> str:
        """A choice's label (`take 9c9c9c`, `discard 5c`, `pass`) in words."""
        return self.speaker.choice(label)

    def context(self, context: str | None) -> str:
        """Where a card comes from (`draw`, `discard`, …) in the narrator's language."""
        return self.speaker.context(context)

    def why(self, why: str) -> str:
        """Why a claim window went as it did, as the engine writes it, in words."""
        say = self.say
        if why == "nobody took it":
            return say("why.nobody")
        if why == "the only taker":
            return say("why.only")
        found = PRIORITY.match(why)
        if found:
            return say("why.priority", n=found[1])
        if why.startswith("ties: "):
            rule = why.removeprefix("ties: ")
            key = f"why.{rule}"
            return say("why.ties", rule=say(key) if say.has(key) else rule)
        return why

    # ── what a viewer may read ────────────────────────────────────
    def visible(self, event: Record) -> Record | None:
        """The event as the viewer may read it (None: nothing of it)."""
        if self.viewer is None or self.table is None:
            return event
        from tablerules.interpreter.engine.views import seat_event

        return seat_event(self.table, event, self.viewer)

    # ── phrases of the phases before play ────────────────────────
    def _exchange(self, event: Record) -> str:
        """`phase NAME (next): SEAT passes CARDS to SEAT; ...`."""
        moves = [
            f"{self.seat(seat)} passes {self.cards(cards)} to {self.seat(target)}"
            for seat, (cards, target) in enumerate(zip(event["passed"], event["to"], strict=True))
        ]
        return f"{event.get('clause', 'phase')} ({event['direction']}): " + "; ".join(moves)

    def _declaration(self, event: Record) -> str:
        said = [
            f"{self.seat(seat)} {'declares a' if value == HIDDEN else 'declares'} "
            f"{event['attribute'] if value == HIDDEN else value}"
            for seat, value in enumerate(event["values"])
        ]
        return f"{event.get('clause', 'phase')}: " + "; ".join(said)

    # ── phrases and sentences ─────────────────────────────────────
    def phrase(self, event: Record) -> str | None:
        """One event as a clause, or None when it adds nothing a reader needs here."""
        shown = self.visible(event)
        if shown is None:
            return None
        render = self.phrases.get(shown.get("type", ""))
        if render is None:
            return None
        try:
            return render(shown) or None
        except (KeyError, TypeError, ValueError):
            return None

    def sentence(self, events: list[Record], money: bool = False) -> str:
        """One move: the clauses of its events in order. Payments are left to the
        settlement unless `money`; then the payments of one label to one seat are told as
        one clause (`Bea, Cy pay Al 20 each · a self-draw`)."""
        clauses: list[str] = []
        payments: list[Record] = []
        for event in [*events, {"type": "end of move"}]:
            if event["type"] == "pay":
                if payments and not _same_payment(payments[-1], event):
                    clauses.append(self._payments(payments))
                    payments = []
                payments.append(event)
                continue
            if payments:
                if money:
                    clauses.append(self._payments(payments))
                payments = []
            clause = self.phrase(event)
            if clause:
                clauses.append(clause)
        return self.say("list.clauses").join(clauses)

    def _payments(self, payments: list[Record]) -> str:
        first = payments[0]
        payee = self.seat(first["payee"])
        label = self.speaker.label(first)
        if len(payments) == 1:
            return self.say(
                "narrate.pays",
                payer=self.seat(first["payer"]),
                payee=payee,
                amount=first["amount"],
                label=label,
            )
        payers = self.say.join(self.seat(e["payer"]) for e in payments)
        return self.say(
            "narrate.pay_each", payers=payers, payee=payee, amount=first["amount"], label=label
        )

    def reckoner(self) -> Reckoner:
        if self._reckoner is None:
            table = self.table
            if table is None:
                self._reckoner = Reckoner(self.game, self.events, self.seat, lang=self.say.lang)
            else:
                self._reckoner = Reckoner(
                    self.game,
                    table.events,
                    self.seat,
                    lambda seat: group_counts(table, seat),
                    lang=self.say.lang,
                )
        return self._reckoner

    # ── one clause per kind of event ──────────────────────────────
    def _deal(self, event: Record) -> str:
        hands = event["hands"]
        sizes = {len(hand) for hand in hands}
        say = self.say
        if len(sizes) == 1:
            each = say("narrate.deal_each", n=sizes.pop())
        else:
            order = [(event["dealer"] + step) % len(hands) for step in range(len(hands))]
            listed = say.join(
                say("narrate.deal_seat", seat=self.seat(s), n=len(hands[s])) for s in order
            )
            each = say("narrate.deal_listed", list=listed)
        wall = event["wall"] - self.game.compiled.dead_wall  # a dead wall is never drawn
        return say("narrate.deal", dealer=self.seat(event["dealer"]), each=each, wall=wall)

    def _draw(self, event: Record) -> str:
        seat = self.seat(event["seat"])
        card = event.get("card")
        replacement = event["type"] == "replacement"
        say = self.say
        if card == HIDDEN:
            return say(
                "narrate.replacement_hidden" if replacement else "narrate.draw_hidden", seat=seat
            )
        named = self.card(card)
        if replacement:
            key = "narrate.replacement"
        elif event.get("shown"):
            key = "narrate.draw_shown"
        elif self.draws_shown:  # a draw taken straight into a group the others do not see
            key = "narrate.draw_unseen"
        else:
            key = "narrate.draw"
        return say(key, seat=seat, card=named)

    def _turn_passes(self, event: Record) -> str:
        seat = self.seat(event["seat"])
        if event.get("why") == "nothing to discard":
            return self.say("narrate.nothing_to_discard", seat=seat)
        return self.say("narrate.turn_ends", seat=seat)

    def _untaken(self, event: Record) -> str:
        card, seat = self.card(event["card"]), self.seat(event["seat"])
        return self.say("narrate.untaken", card=card, seat=seat, zone=self.word(event["to"]))

    def _action(self, event: Record) -> str:
        owner = event.get("owner")
        seat, choice = self.seat(event["seat"]), self.choice(event["label"])
        if owner is not None and owner != event["seat"]:
            return self.say("narrate.action_from", seat=seat, choice=choice, owner=self.seat(owner))
        return self.say("narrate.action", seat=seat, choice=choice)

    def _window(self, event: Record) -> str:
        offered = event["offered"]
        if not offered:
            return ""
        if event.get("context") == "last card":  # the wall's last card offered in turn
            seat = self.seat(offered[0][0])
            key = "narrate.last_card_taken" if event["taken_by"] else "narrate.last_card_passed"
            return self.say(key, seat=seat)
        if len(offered) == 1 and event["taken_by"]:
            return ""  # one seat alone could respond and did: its action says it all
        say = self.say
        card = self.card(event.get("card"))
        chose = say("list.choices").join(
            say("narrate.passes", seat=self.seat(seat))
            if label == "pass"
            else say("narrate.chose", seat=self.seat(seat), choice=self.choice(label))
            for seat, label in event["chosen"]
        )
        if not event["taken_by"]:
            return say("narrate.window_untaken", choices=chose, card=card) if chose else ""
        taken = say.join(self.seat(seat) for seat in event["taken_by"])
        return say(
            "narrate.window_taken",
            card=card,
            choices=chose,
            taken=taken,
            why=self.why(event["why"]),
        )

    def _restricted(self, event: Record) -> str:
        seat = self.seat(event["seat"])
        restriction = self.word(event["restriction"])
        if event.get("card"):
            return self.say(
                "narrate.restricted_card",
                seat=seat,
                restriction=restriction,
                card=self.card(event["card"]),
            )
        return self.say("narrate.restricted", seat=seat, restriction=restriction)

    def _immediate(self, event: Record) -> str:
        name = str(event.get("clause", "")).removeprefix("immediate win ")
        return self.say("narrate.immediate", seat=self.seat(event["seat"]), name=self.word(name))

    def _shown_win(self, event: Record) -> str:
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

    def win_how(self, event: Record) -> str:
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

    def split(self, event: Record) -> str:
        """The winning split as the win event writes it, `three[1r1r1r](1)  …`, its groups'
        and cards' names in the narrator's language; without a value table the groups'
        values (all 0) are left out."""
        text = str(event.get("split") or "")
        if self.words.spelled:
            text = GROUP_IN_SPLIT.sub(self._spelled_group, text)
        return text if self.value_name else VALUE_AFTER_GROUP.sub("]", text)

    def _spelled_group(self, found: re.Match[str]) -> str:
        kind, cards = found[1], found[2]
        return f"{self.word(kind)}[{self.words.cards_text(cards)}]"

    def value(self, event: Record) -> str:
        """` = 16 points` for a game with a value table, else nothing (no `value 0`)."""
        if not self.value_name:
            return ""
        return self.say("narrate.value", value=event["value"], name=self.word(self.value_name))

    def wilds_read(self, event: Record) -> str:
        """` (wilds: W as 5 cups, …)`: what each wild of the win stood for, or nothing."""
        read = ", ".join(
            f"{self.card(wild)} as {self.card(card)}" for wild, card in event.get("wilds") or ()
        )
        return f" (wilds: {read})" if read else ""

    def _win(self, event: Record) -> str:
        return self.win_how(event) + self.value(event) + self.wilds_read(event) + self.waits(event)

    def waits(self, event: Record) -> str:
        """` (waits before the winning card: 2)`: the waits a pattern read, or nothing."""
        if event.get("waits") is None:
            return ""
        return self.say("narrate.waits", n=event["waits"])

    def _pay(self, event: Record) -> str:
        return self.reckoner().payment(event, cites=False)

    def _bonus(self, event: Record) -> str:
        say = self.say
        name = str(event.get("clause", "bonus")).removeprefix("bonus ")
        drawn = [
            self._bonus_card(event, index, card, hit)
            for index, (card, hit) in enumerate(zip(event["cards"], event["hit"], strict=True))
        ]
        missing = say("narrate.bonus_missing", n=event["missing"]) if event.get("missing") else ""
        if event.get("read"):  # the winning card read in place of the missing card
            missing += say("narrate.bonus_read", card=self.card(event["read"]))
        return say(
            "narrate.bonus",
            seat=self.seat(event["seat"]),
            count=event["count"],
            name=self.word(name),
            drawn=say.join(drawn) or say("narrate.bonus_none"),
            missing=missing,
            hits=say.count("narrate.hits", event["hits"]),
        )

    def _drawn_hand(self, event: Record) -> str:
        """A drawn hand: nobody won, or, in a hand that went on after wins, the seats still
        playing when the wall ran out (the event names them)."""
        playing = event.get("playing")
        if playing is None:
            return self.say("narrate.drawn_hand")
        seats = self.say.join(self.seat(s) for s in playing)
        return self.say("narrate.drawn_hand_rest", seats=seats)

    def _leaves(self, event: Record) -> str:
        """Winners leaving the hand; the seats that play on, if it goes on."""
        seats = self.say.join(self.seat(s) for s in event["seats"])
        playing = event.get("playing") or []
        if len(playing) < 2:
            return self.say("narrate.leaves_last", seats=seats)
        others = self.say.join(self.seat(s) for s in playing)
        return self.say("narrate.leaves", seats=seats, playing=others)

    def _drawn_settle(self, event: Record) -> str:
        """`NAME: A pay B, C — B waits on 5m 8m; A has no card to complete`: the seats an
        `at drawn hand` line chose, and what their hands were found to be."""
        say = self.say
        name = str(event.get("clause", "settle")).removeprefix("settle ")
        nobody = say("narrate.drawn_nobody")
        said = say(
            "narrate.drawn_settle",
            name=self.word(name),
            payers=say.join([self.seat(s) for s in event["payers"]]) or nobody,
            payees=say.join([self.seat(s) for s in event["payees"]]) or nobody,
        )
        facts = []
        for seat in event["seats"]:
            who = self.seat(seat["seat"])
            if "waits" in seat:
                waits = self.cards(seat["waits"])
                key = "narrate.drawn_waits" if waits else "narrate.drawn_no_wait"
                facts.append(say(key, seat=who, cards=waits))
            for attribute, count in seat.get("holds", {}).items():
                facts.append(
                    say("narrate.drawn_holds", seat=who, n=count, attribute=self.word(attribute))
                )
        return said + (" — " + "; ".join(facts) if facts else "")

    def _bonus_card(self, event: Record, index: int, card: str, hit: bool) -> str:
        """A bonus card as told: its copies in the winning hand, a hit, or the seat it
        points at (seats counted), else the card alone."""
        say = self.say
        copies = event.get("copies")
        if copies is not None:
            return say("narrate.bonus_copies", card=self.card(card), n=copies[index])
        if hit:
            return say("narrate.bonus_hit", card=self.card(card))
        at = event.get("at")
        if at is not None and at[index] is not None:
            return say("narrate.bonus_points", card=self.card(card), seat=self.seat(at[index]))
        return self.card(card)

    def _end(self, event: Record) -> str:
        dealer = event.get("next_dealer")
        return self.say("narrate.next_dealer", seat=self.seat(dealer)) if dealer is not None else ""
