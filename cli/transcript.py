"""Readable lines for a played hand: the engine's events and the choices, referee's view.

Cards are written with the deck's display names and seats with the rule file's seat names,
counted from the hand's dealer; without names a seat is `seat N`. Nothing is hidden.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from tablerules.interpreter.api import Game
from tablerules.interpreter.engine.playlog import Record, dumps

WIN_FIELDS = ("seat", "context", "owner", "card", "value", "split")


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
    """Turns one hand's records (engine events and choices) into lines of text."""

    def __init__(self, game: Game, dealer: int) -> None:
        compiled = game.compiled
        self.dealer = dealer
        self.names = compiled.seat_names
        self.display = dict(zip(compiled.cards.ids, compiled.cards.display, strict=True))
        self.value_name = compiled.value_name
        self.renderers: dict[str, Callable[[Record], list[str]]] = {
            "choice": self._choice,
            "deal": self._deal,
            "shown": lambda e: [f"{self.seat(e['seat'])} shows {e['name']}"],
            "draw": self._draw,
            "replacement": self._draw,
            "discard": lambda e: [f"{self.seat(e['seat'])} discards {e['name']}"],
            "untaken": self._untaken,
            "turn passes": lambda e: [f"{self.seat(e['seat'])} ends the turn without a discard"],
            "action": self._action,
            "outranked": lambda e: [f"{self.seat(e['seat'])} {e['label']} is outranked"],
            "window": self._window,
            "restricted": self._restricted,
            "immediate win": self._immediate,
            "win": self._win,
            "pay": self._pay,
            "bonus": self._bonus,
            "drawn hand": lambda e: [f"drawn hand: nobody wins{_cites(e)}"],
            "end": self._end,
        }

    # ── names ─────────────────────────────────────────────────────
    def seat(self, seat: int | None) -> str:
        if seat is None:
            return "the house"
        if not self.names:
            return f"seat {seat}"
        return self.names[(seat - self.dealer) % len(self.names)]

    def seat_and_number(self, seat: int) -> str:
        return f"{self.seat(seat)} (seat {seat})" if self.names else f"seat {seat}"

    def card(self, card: str | None) -> str:
        return "" if card is None else self.display.get(card, card)

    def cards(self, cards: list[str]) -> str:
        return " ".join(self.card(c) for c in cards)

    # ── lines ─────────────────────────────────────────────────────
    def seating(self) -> list[str]:
        if not self.names:
            return []
        seats = len(self.names)
        order = [(self.dealer + step) % seats for step in range(seats)]
        return ["seats: " + ", ".join(f"{self.seat(s)} seat {s}" for s in order)]

    def lines(self, record: Record) -> list[str]:
        render = self.renderers.get(record.get("type", ""), lambda r: [self._other(r)])
        try:
            return render(record)
        except (KeyError, TypeError, ValueError):  # an event of another shape: show its fields
            return [self._other(record)]

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

    def _draw(self, event: Record) -> list[str]:
        how = " as a replacement" if event["type"] == "replacement" else ""
        shown = ", shown" if event.get("shown") else ""
        return [f"{self.seat(event['seat'])} draws {event['name']}{how}{shown}"]

    def _untaken(self, event: Record) -> list[str]:
        return [f"{event['name']} is not taken: to {self.seat(event['seat'])}'s {event['to']}"]

    def _action(self, event: Record) -> list[str]:
        owner = event.get("owner")
        taken = f" from {self.seat(owner)}" if owner is not None and owner != event["seat"] else ""
        return [f"{self.seat(event['seat'])} {event['label']}{taken}{_cites(event)}"]

    def _window(self, event: Record) -> list[str]:
        if len(event["offered"]) < 2:
            return []  # one seat alone could respond: the action line says it all
        chose = "; ".join(f"{self.seat(seat)} {label}" for seat, label in event["chosen"])
        taken = ", ".join(self.seat(seat) for seat in event["taken_by"]) or "nobody"
        return [f"window on {self.card(event.get('card'))}: {chose} → {taken} ({event['why']})"]

    def _restricted(self, event: Record) -> list[str]:
        card = f" on {self.card(event['card'])}" if event.get("card") else ""
        return [f"{self.seat(event['seat'])} is under {event['restriction']}{card}{_cites(event)}"]

    def _immediate(self, event: Record) -> list[str]:
        name = str(event.get("clause", "")).removeprefix("immediate win ")
        return [f"{self.seat(event['seat'])} wins at once: {name}{_cites(event)}"]

    def _win(self, event: Record) -> list[str]:
        seat, owner, card = event["seat"], event.get("owner"), event.get("card")
        if event.get("context") == "deal card" and card is None:
            how = "on the deal"
        else:
            whose = "own" if owner == seat else f"{self.seat(owner)}'s"
            how = f"on {whose} {event.get('context')} {self.card(card)}".rstrip()
        value = f" = {event['value']} {self.value_name}" if self.value_name else ""
        split = f": {event['split']}" if event.get("split") else ""
        return [f"{self.seat(seat)} wins {how}{split}{value}"]

    def _pay(self, event: Record) -> list[str]:
        payer, payee = self.seat(event["payer"]), self.seat(event["payee"])
        return [f"{payer} pays {payee} {event['amount']}: {event['label']}{_cites(event)}"]

    def _bonus(self, event: Record) -> list[str]:
        name = str(event.get("clause", "bonus")).removeprefix("bonus ")
        drawn = [
            f"{self.card(card)}{' (hit)' if hit else ''}"
            for card, hit in zip(event["cards"], event["hit"], strict=True)
        ]
        missing = f", {event['missing']} missing" if event.get("missing") else ""
        return [
            f"{self.seat(event['seat'])} draws {event['count']} {name}: "
            f"{', '.join(drawn) or 'none left'}{missing} — {plural(event['hits'], 'hit')}"
            f"{_cites(event)}"
        ]

    def _end(self, event: Record) -> list[str]:
        dealer = event.get("next_dealer")
        return [f"next dealer: {self.seat_and_number(dealer)}"] if dealer is not None else []

    @staticmethod
    def _other(record: Record) -> str:
        fields = ", ".join(
            f"{k}={v}" for k, v in record.items() if k not in ("seq", "type", "clause", "cites")
        )
        return f"{record.get('type')}: {fields}{_cites(record)}"


def result_line(
    index: int, seed: int, dealer: int, result: Record, transcript: HandTranscript
) -> str:
    """One line per hand: who dealt, who won, who deals next, and the money by seat."""
    winners = result["winners"]
    if not winners:
        outcome = "drawn hand"
    else:
        who = ", ".join(transcript.seat_and_number(w) for w in winners)
        outcome = f"{who} win{'s' if len(winners) == 1 else ''}"
    following = result["next_dealer"]
    after = f" · next dealer seat {following}" if following is not None else ""
    return (
        f"hand {index} · seed {seed} · dealer seat {dealer} · {outcome}{after} · "
        f"{seat_totals(result['totals'])}"
    )


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
        self.totals: list[int] = []
        self.played = 0

    def title(self, text: str) -> None:
        if self.mode == "text":
            self.out(text)

    def begin_hand(self, index: int, seed: int, dealer: int) -> None:
        self.hand = HandTranscript(self.game, dealer)
        self.current = (index, seed, dealer)
        self.wins = []
        if self.mode == "text":
            self.out(f"hand {index} · seed {seed} · dealer seat {dealer}")
            for line in self.hand.seating():
                self.out(f"  {line}")

    def record(self, record: Record) -> None:
        assert self.hand is not None
        if record.get("type") == "win":
            self.wins.append(record)
        if self.mode == "text":
            for line in self.hand.lines(record):
                self.out(f"  {line}")

    def end_hand(self, result: Record) -> None:
        assert self.hand is not None
        index, seed, dealer = self.current
        totals = result["totals"]
        self.totals = [a + b for a, b in zip(self.totals or [0] * len(totals), totals, strict=True)]
        self.played += 1
        if self.mode == "json":
            self.out(dumps(hand_json(index, seed, dealer, result, self.wins)))
        else:
            self.out(result_line(index, seed, dealer, result, self.hand))

    def finish(self) -> None:
        if self.mode != "json" and self.played:
            self.out(f"after {plural(self.played, 'hand')}: {seat_totals(self.totals)}")
