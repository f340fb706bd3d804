"""Readable lines for a played hand: the engine's events and the choices, referee's view.

Cards are written with the deck's display names and seats with the rule file's seat names,
counted from the hand's dealer; without names a seat is `seat N`. Nothing is hidden. In
English, or in the language `--lang` asks for (`messages`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping

from tablerules.dsl.diagnostics import visible
from tablerules.interpreter.api import Game
from tablerules.interpreter.messages import DEFAULT, Messages, messages
from tablerules.interpreter.messages.judgement_text import judgement_text
from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.order import told_after
from tablerules.interpreter.narration.reckoning import Reckoner
from tablerules.interpreter.playlog.writer import Record, dumps

WIN_FIELDS = (
    "seat",
    "context",
    "owner",
    "card",
    "value",
    "split",
    "patterns",
    "scores",
    "explanation",
)
# the events whose lines end with their clause's rule ids (moves of the turn go without)
CITED = frozenset(
    {
        "action",
        "restricted",
        "immediate win",
        "bonus",
        "drawn hand",
        "exchange",
        "declaration",
        "leaves",
        "shown win",
        "turned",
    }
)


def lineup_text(bots: str, say: Messages | None = None) -> str:
    """How a title names the bots of `--bots` (as a log keeps them): `greedy bots at every
    seat`, or the lineup seat by seat."""
    say = say or messages()
    names = [name.strip() for name in bots.split(",")]
    if len(set(names)) == 1:
        return say("transcript.bots_everywhere", bots=visible(names[0]))
    return say("transcript.bots", bots=visible(",".join(names)))


def plural(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def signed(amount: int) -> str:
    return f"{amount:+d}"


def seat_totals(totals: list[int], say: Messages | None = None) -> str:
    say = say or messages()
    return say.join(
        say("transcript.seat_total", n=seat, amount=signed(amount))
        for seat, amount in enumerate(totals)
    )


def width(text: str) -> int:
    """Columns a text takes on a terminal: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cites(event: Record) -> str:
    cites = event.get("cites") or []
    return f" [{', '.join(cites)}]" if cites else ""


class HandTranscript:
    """Turns one hand's records (engine events and choices) into lines of text: the shared
    narration of the interpreter (`Narrator`), with each clause's rule ids, and the few
    lines only a terminal transcript prints (every dealt hand, passes, windows)."""

    def __init__(self, game: Game, dealer: int, lang: str = DEFAULT) -> None:
        self.dealer = dealer
        self.dead_wall = game.compiled.dead_wall  # never drawn: not among the cards to draw
        self.events: list[Record] = []
        self.held: list[Record] = []  # restrictions not told yet (see `lines`)
        self.say = messages(lang)
        self.narrator = Narrator(
            game,
            dealer,
            unnamed=lambda seat: self.say("transcript.seat", n=seat),
            events=self.events,
            lang=lang,
        )
        self.spoken = speaker(game, lang)
        self.names = game.compiled.seat_names
        self.renderers: dict[str, Callable[[Record], list[str]]] = {
            "choice": self._choice,
            "deal": self._deal,
            "window": self._window,
            "win": self._win,
            "end": self._end,
        }

    # ── names ─────────────────────────────────────────────────────
    def seat(self, seat: int | None) -> str:
        return self.narrator.seat(seat)

    def seat_and_number(self, seat: int) -> str:
        if not self.names:
            return self.say("transcript.seat", n=seat)
        return self.say("transcript.seat_and_number", seat=self.seat(seat), n=seat)

    def card(self, card: str | None) -> str:
        return self.narrator.card(card)

    def cards(self, cards: list[str]) -> str:
        return self.narrator.cards(cards)

    # ── lines ─────────────────────────────────────────────────────
    def seating(self) -> list[str]:
        if not self.names:
            return []
        seats = len(self.names)
        order = [(self.dealer + step) % seats for step in range(seats)]
        listed = self.say.join(
            self.say("transcript.seat_item", seat=self.seat(s), n=s) for s in order
        )
        return [self.say("transcript.seats", list=listed)]

    def lines(self, record: Record) -> list[str]:
        """The lines of `record`; a restriction is held until the next event, to be told
        after it when it follows from it (`narration.order`)."""
        if record.get("type") != "choice":
            self.events.append(record)
        if record.get("type") == "restricted":
            self.held.append(record)
            return []
        held, self.held = self.held, []
        after = [h for h in held if told_after(h, record)]
        before = [line for h in held if h not in after for line in self._lines(h)]
        return before + self._lines(record) + [line for h in after for line in self._lines(h)]

    def _lines(self, record: Record) -> list[str]:
        render = self.renderers.get(record.get("type", ""), self._narrated)
        try:
            return render(record)
        except (KeyError, TypeError, ValueError):  # an event of another shape: show its fields
            return [self._other(record)]

    def _narrated(self, event: Record) -> list[str]:
        clause = self.narrator.phrase(event)
        if clause is None:
            return [self._other(event)]
        if event.get("type") == "pay":  # the payment sentence carries its rule ids
            return [self.narrator.reckoner().payment(event)]
        cited = event.get("type") in CITED
        return [f"{clause}{_cites(event) if cited else ''}"]

    def _choice(self, record: Record) -> list[str]:
        # a choice other than a pass shows as the event it causes
        if record["label"] != "pass":
            return []
        return [self.say("narrate.passes", seat=self.seat(record["seat"]))]

    def _deal(self, event: Record) -> list[str]:
        hands = event["hands"]
        order = [(event["dealer"] + step) % len(hands) for step in range(len(hands))]
        wall = event["wall"] - self.dead_wall
        said = self.say("transcript.deal", hands=len(hands), wall=wall)
        lines = [f"{said}{_cites(event)}"]
        widest = max(width(self.seat(s)) for s in order)
        lines += [
            f"  {self.seat(s)}{' ' * (widest - width(self.seat(s)))}  {self.cards(hands[s])}"
            for s in order
        ]
        return lines

    def _window(self, event: Record) -> list[str]:
        if event.get("context") == "last card" and event["taken_by"]:  # a pass says itself
            return [self.narrator.phrase(event) or ""]
        if len(event["offered"]) < 2:
            return []  # one seat alone could respond: the action line says it all
        say = self.say
        chose = say("list.choices").join(
            say("narrate.chose", seat=self.seat(seat), choice=self.narrator.choice(label))
            for seat, label in event["chosen"]
        )
        taken = say.join(self.seat(seat) for seat in event["taken_by"]) or say("transcript.nobody")
        card = self.card(event.get("card"))
        why = self.narrator.why(event["why"])
        return [say("transcript.window", card=card, choices=chose, taken=taken, why=why)]

    def _win(self, event: Record) -> list[str]:
        split = self.narrator.split(event)
        how = self.narrator.win_how(event)
        value = self.narrator.value(event) + self.narrator.wilds_read(event)
        if split:
            lines = [self.say("transcript.win", how=how, split=split, value=value)]
        else:
            lines = [f"{how}{value}"]
        if event.get("explanation"):  # what the hand patterns make, with the arithmetic
            lines.append(f"  {self._explanation(event)}")
        # the settlement's own names worked out (`prize = prizes(points) × unit = 16 × 1 = 16`)
        lines += [f"  {line}" for line in self.narrator.reckoner().lets(event)]
        return lines

    def _explanation(self, event: Record) -> str:
        """What a win's hand patterns make: as the log writes it, or in the language asked."""
        if self.say.lang == DEFAULT:
            return str(event["explanation"])
        return judgement_text(event.get("patterns", []), event.get("scores", {}), self.spoken)

    def _end(self, event: Record) -> list[str]:
        dealer = event.get("next_dealer")
        if dealer is None:
            return []
        return [self.say("narrate.next_dealer", seat=self.seat_and_number(dealer))]

    @staticmethod
    def _other(record: Record) -> str:
        fields = ", ".join(
            f"{k}={v}" for k, v in record.items() if k not in ("seq", "type", "clause", "cites")
        )
        return f"{record.get('type')}: {fields}{_cites(record)}"


def placed(
    game: Game,
    round: int,
    streak: int,
    lang: str = DEFAULT,
    carried: Mapping[str, int] | None = None,
) -> str:
    """` · round 南 · dealer streak 2 · 荒 1`: where a hand stands in its game (its round, how
    many hands in a row the dealer has kept the deal before it, the numbers the game
    carries)."""
    spoken = speaker(game, lang)
    text = ""
    names = spoken.words.round_names
    if game.compiled.rounds is not None:
        name = names[round] if round < len(names) else round + 1
        text += spoken.say("transcript.round", name=name)
    if streak:
        text += spoken.say("transcript.streak", n=streak)
    for name, value in (carried or {}).items():
        text += f" · {name} {value}"
    return text


def result_line(
    index: int,
    seed: int,
    dealer: int,
    result: Record,
    seat_name: Callable[[int], str],
    where: str = "",
    say: Messages | None = None,
) -> str:
    """One line per hand: who dealt, who won (named by `seat_name`), who deals next, and
    the money by seat."""
    say = say or messages()
    winners = result["winners"]
    if not winners:
        outcome = say("transcript.drawn")
    else:
        who = say.join(seat_name(w) for w in winners)
        outcome = say.count("transcript.winners", len(winners), who=who)
    following = result["next_dealer"]
    after = say("transcript.next_dealer", n=following) if following is not None else ""
    head = say("transcript.hand", index=index, seed=seed, dealer=dealer, where=where)
    totals = seat_totals(result["totals"], say)
    return say("transcript.result", hand=head, outcome=outcome, after=after, totals=totals)


# the events a `--json` report keeps: wins for their fields, and what a payment's working
# reads (the deal's streak, the wins' patterns and scores, bonus hits, earlier payments)
JSON_READS = frozenset({"deal", "win", "bonus", "pay"})


def worked_ledger(game: Game, result: Record, events: list[Record]) -> list[Record]:
    """The result's ledger, each payment with its `working` when it can be told again from
    the hand's events (`2 × unit × 番 = 2 × 10 × 4 = 80`)."""
    reckoner = Reckoner(game, events, str)
    ledger = []
    for line in result["ledger"]:
        worked = reckoner.worked_amount(line)
        ledger.append({**line, "working": worked} if worked != str(line["amount"]) else line)
    return ledger


def hand_json(index: int, seed: int, dealer: int, result: Record, wins: list[Record]) -> Record:
    """The `--json` object of one hand."""
    return {
        "index": index,
        "seed": seed,
        "dealer": dealer,
        "winners": result["winners"],
        "wins": [{k: v for k, v in event.items() if k in WIN_FIELDS} for event in wins],
        "next_dealer": result["next_dealer"],
        "totals": result["totals"],
        "ledger": result["ledger"],
    }


class Report:
    """Prints hands as they are played or replayed: in full, one line each, or as JSON."""

    def __init__(
        self, game: Game, mode: str, out: Callable[[str], None] = print, lang: str = DEFAULT
    ) -> None:
        self.game = game
        self.mode = mode  # "text", "quiet" or "json"
        self.lang = lang
        self.say = messages(lang)
        self.out = out
        self.hand: HandTranscript | None = None
        self.current: tuple[int, int, int] = (0, 0, 0)
        self.wins: list[Record] = []
        self.kept: list[Record] = []  # --json: the events a payment's working reads
        self.where = ""  # the hand's place in its game: its round, the dealer's streak
        self.totals: list[int] = []
        self.played = 0

    def transcript_word(self, name: str) -> str:
        """A name of the rule file in the report's language."""
        return speaker(self.game, self.lang).word(name)

    def title(self, text: str) -> None:
        if self.mode == "text":
            self.out(text)

    def begin_hand(
        self,
        index: int,
        seed: int,
        dealer: int,
        round: int = 0,
        streak: int = 0,
        carried: Mapping[str, int] | None = None,
    ) -> None:
        self.hand = None  # made when first needed: a line per hand needs it only for a win
        self.current = (index, seed, dealer)
        self.where = placed(self.game, round, streak, self.lang, carried)
        self.wins = []
        self.kept = []
        if self.mode == "text":
            where = self.where
            self.out(
                self.say("transcript.hand", index=index, seed=seed, dealer=dealer, where=where)
            )
            for line in self.transcript().seating():
                self.out(f"  {line}")

    def _seat_name(self, seat: int) -> str:
        return self.transcript().seat_and_number(seat)

    def transcript(self) -> HandTranscript:
        """The transcript of the hand begun last."""
        if self.hand is None:
            self.hand = HandTranscript(self.game, self.current[2], self.lang)
        return self.hand

    def reads(self, kind: str) -> bool:
        """Whether `record` needs records of this type: every one for the full transcript,
        only the wins for a line per hand."""
        if self.mode == "json":
            return kind in JSON_READS
        return self.mode == "text" or kind == "win"

    def read_kinds(self) -> frozenset[str] | None:
        """The record types `reads` accepts, all at once (None: every type)."""
        if self.mode == "json":
            return JSON_READS
        return None if self.mode == "text" else frozenset({"win"})

    def reads_choices(self) -> bool:
        """Whether `record` does anything with a choice applied (a line per hand does not)."""
        return self.mode != "quiet"

    def record(self, record: Record) -> None:
        if record.get("type") == "win":
            self.wins.append(record)
        if self.mode == "json":
            self.kept.append(record)
        elif self.mode == "text":
            for line in self.transcript().lines(record):
                self.out(f"  {line}")

    def end_hand(self, result: Record) -> None:
        index, seed, dealer = self.current
        totals = result["totals"]
        self.totals = [a + b for a, b in zip(self.totals or [0] * len(totals), totals, strict=True)]
        self.played += 1
        if self.mode == "json":
            worked = {**result, "ledger": worked_ledger(self.game, result, self.kept)}
            self.out(dumps(hand_json(index, seed, dealer, worked, self.wins)))
        else:
            self.out(
                result_line(index, seed, dealer, result, self._seat_name, self.where, self.say)
            )

    def finish(self) -> None:
        if self.mode != "json" and self.played:
            hands = self.say.count("transcript.hands", self.played)
            totals = seat_totals(self.totals, self.say)
            self.out(self.say("transcript.after", hands=hands, totals=totals))
