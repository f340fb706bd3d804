"""Readable lines for a played hand: the engine's events and the choices, referee's view.

Cards are written with the deck's display names and seats with the rule file's seat names,
counted from the hand's dealer; without names a seat is `seat N`. Nothing is hidden.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from tablerules.dsl.diagnostics import visible
from tablerules.interpreter.api import Game
from tablerules.interpreter.engine.logwriter import Record, dumps
from tablerules.interpreter.engine.narrate import Narrator
from tablerules.interpreter.engine.reckoning import Reckoner

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
CITED = frozenset({"action", "restricted", "immediate win", "bonus", "drawn hand"})


def lineup_text(bots: str) -> str:
    """How a title names the bots of `--bots` (as a log keeps them): `greedy bots at every
    seat`, or the lineup seat by seat."""
    names = [name.strip() for name in bots.split(",")]
    if len(set(names)) == 1:
        return f"{visible(names[0])} bots at every seat"
    return f"bots {visible(','.join(names))}"


def plural(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def signed(amount: int) -> str:
    return f"{amount:+d}"


def seat_totals(totals: list[int]) -> str:
    return ", ".join(f"seat {seat} {signed(amount)}" for seat, amount in enumerate(totals))


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

    def __init__(self, game: Game, dealer: int) -> None:
        self.dealer = dealer
        self.events: list[Record] = []
        self.narrator = Narrator(
            game, dealer, unnamed=lambda seat: f"seat {seat}", events=self.events
        )
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
        return f"{self.seat(seat)} (seat {seat})" if self.names else f"seat {seat}"

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
        return ["seats: " + ", ".join(f"{self.seat(s)} seat {s}" for s in order)]

    def lines(self, record: Record) -> list[str]:
        if record.get("type") != "choice":
            self.events.append(record)
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
        return [f"{self.seat(record['seat'])} passes"] if record["label"] == "pass" else []

    def _deal(self, event: Record) -> list[str]:
        hands = event["hands"]
        order = [(event["dealer"] + step) % len(hands) for step in range(len(hands))]
        lines = [f"deal: {len(hands)} hands, {event['wall']} cards left to draw{_cites(event)}"]
        widest = max(width(self.seat(s)) for s in order)
        lines += [
            f"  {self.seat(s)}{' ' * (widest - width(self.seat(s)))}  {self.cards(hands[s])}"
            for s in order
        ]
        return lines

    def _window(self, event: Record) -> list[str]:
        if len(event["offered"]) < 2:
            return []  # one seat alone could respond: the action line says it all
        chose = "; ".join(f"{self.seat(seat)} {label}" for seat, label in event["chosen"])
        taken = ", ".join(self.seat(seat) for seat in event["taken_by"]) or "nobody"
        return [f"window on {self.card(event.get('card'))}: {chose} → {taken} ({event['why']})"]

    def _win(self, event: Record) -> list[str]:
        split = self.narrator.split(event)
        split = f": {split}" if split else ""
        lines = [f"{self.narrator.win_how(event)}{split}{self.narrator.value(event)}"]
        if event.get("explanation"):  # what the hand patterns make, with the arithmetic
            lines.append(f"  {event['explanation']}")
        # the settlement's own names worked out (`prize = prizes(points) × unit = 16 × 1 = 16`)
        lines += [f"  {line}" for line in self.narrator.reckoner().lets(event)]
        return lines

    def _end(self, event: Record) -> list[str]:
        dealer = event.get("next_dealer")
        return [f"next dealer: {self.seat_and_number(dealer)}"] if dealer is not None else []

    @staticmethod
    def _other(record: Record) -> str:
        fields = ", ".join(
            f"{k}={v}" for k, v in record.items() if k not in ("seq", "type", "clause", "cites")
        )
        return f"{record.get('type')}: {fields}{_cites(record)}"


def placed(game: Game, round: int, streak: int) -> str:
    """` · round 南 · dealer streak 2`: where a hand stands in its game (its round, and how
    many hands in a row the dealer has kept the deal before it)."""
    text = ""
    names = game.compiled.round_names
    if game.compiled.rounds is not None:
        text += f" · round {names[round] if round < len(names) else round + 1}"
    if streak:
        text += f" · dealer streak {streak}"
    return text


def result_line(
    index: int,
    seed: int,
    dealer: int,
    result: Record,
    seat_name: Callable[[int], str],
    where: str = "",
) -> str:
    """One line per hand: who dealt, who won (named by `seat_name`), who deals next, and
    the money by seat."""
    winners = result["winners"]
    if not winners:
        outcome = "drawn hand"
    else:
        who = ", ".join(seat_name(w) for w in winners)
        outcome = f"{who} win{'s' if len(winners) == 1 else ''}"
    following = result["next_dealer"]
    after = f" · next dealer seat {following}" if following is not None else ""
    return (
        f"hand {index} · seed {seed} · dealer seat {dealer}{where} · {outcome}{after} · "
        f"{seat_totals(result['totals'])}"
    )


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

    def __init__(self, game: Game, mode: str, out: Callable[[str], None] = print) -> None:
        self.game = game
        self.mode = mode  # "text", "quiet" or "json"
        self.out = out
        self.hand: HandTranscript | None = None
        self.current: tuple[int, int, int] = (0, 0, 0)
        self.wins: list[Record] = []
        self.kept: list[Record] = []  # --json: the events a payment's working reads
        self.where = ""  # the hand's place in its game: its round, the dealer's streak
        self.totals: list[int] = []
        self.played = 0

    def title(self, text: str) -> None:
        if self.mode == "text":
            self.out(text)

    def begin_hand(
        self, index: int, seed: int, dealer: int, round: int = 0, streak: int = 0
    ) -> None:
        self.hand = None  # made when first needed: a line per hand needs it only for a win
        self.current = (index, seed, dealer)
        self.where = placed(self.game, round, streak)
        self.wins = []
        self.kept = []
        if self.mode == "text":
            where = self.where
            self.out(f"hand {index} · seed {seed} · dealer seat {dealer}{where}")
            for line in self.transcript().seating():
                self.out(f"  {line}")

    def _seat_name(self, seat: int) -> str:
        return self.transcript().seat_and_number(seat)

    def transcript(self) -> HandTranscript:
        """The transcript of the hand begun last."""
        if self.hand is None:
            self.hand = HandTranscript(self.game, self.current[2])
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
            self.out(result_line(index, seed, dealer, result, self._seat_name, self.where))

    def finish(self) -> None:
        if self.mode != "json" and self.played:
            self.out(f"after {plural(self.played, 'hand')}: {seat_totals(self.totals)}")
