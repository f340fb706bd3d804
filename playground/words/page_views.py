"""The Hand tab's page as plain data: the move list's rows, the settlement and each win
explained, and the page that holds them (built by `hand_page`, drawn by `tabs/hand.py`).

Every field is text or escaped HTML, so a test can read a whole page with `HandPage.texts`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablerules.interpreter.engine.state import Choice


@dataclass
class MoveRow:
    """One step of the move list (`steps`)."""

    number: int
    text: str
    cites: str
    later: bool  # after the cursor (only the referee sees moves ahead)
    turn: int = 0  # the turn it belongs to: the list groups a turn's steps
    seat: str = ""  # whose turn, by name


@dataclass
class ResultView:
    """The end of a hand explained in names and arithmetic."""

    headline: str
    for_viewer: str  # what it means for the seat the user plays or views
    wins: list[WinView] = field(default_factory=list)
    bonuses: list[str] = field(default_factory=list)
    payments: list[str] = field(default_factory=list)
    money: str = ""
    next_dealer: str = ""


@dataclass
class WinView:
    how: str
    split_html: str
    sum: str
    floor: str
    patterns: list[str]  # the named hand patterns that held, each with what it is worth
    score: str  # the scores they make, with the arithmetic
    lets: list[str]
    absent: list[str] = field(default_factory=list)  # the patterns that did not hold

    def lines(self) -> list[str]:
        """The explanation under the winning hand, in reading order."""
        found = [self.sum, self.floor, *self.patterns, self.score, *self.lets]
        return [line for line in found if line]


@dataclass
class HandPage:
    counter: str  # the one counter: "move 12 of 40"
    status: str
    table_html: str
    moves: list[MoveRow]
    current: int
    last: int = 0  # the last step played (the referee sees the steps up to it)
    seat_names: list[str] = field(default_factory=list)  # each seat's name, by seat
    prompt: str = ""
    claims: list[Choice] = field(default_factory=list)  # the user's choices not on a tile
    claim_names: list[str] = field(default_factory=list)  # each claim in words
    asker: int | None = None  # the seat whose choices "why (not)" explains
    result: ResultView | None = None
    windows: list[str] = field(default_factory=list)

    def texts(self) -> list[str]:
        """Every piece of text and HTML on the page (for tests that read it all)."""
        found = [self.counter, self.status, self.table_html, self.prompt]
        found += [f"{row.text} {row.cites}" for row in self.moves]
        found += [choice.label for choice in self.claims] + self.claim_names
        found += self.windows
        if self.result is not None:
            result = self.result
            found += [result.headline, result.for_viewer, result.money, result.next_dealer]
            found += result.bonuses + result.payments
            for win in result.wins:
                found += [win.how, win.split_html, *win.lines(), *win.absent]
        return found


def sign(amount: int) -> str:
    return f"+{amount}" if amount > 0 else ("−" + str(-amount) if amount < 0 else "0")
