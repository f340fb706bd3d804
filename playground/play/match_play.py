"""A match in the playground: hands of one game played one after another as the rule file
says a game goes on (`interpreter.match`: who deals next, the round, the dealer's streak),
with a running score per seat and, at the end, a summary.

Hand K of a match from seed S is dealt from seed S + K - 1, at the place the hands before
it left the game, and its bots are seeded from its seed: a match the bots play alone is the
one `tablerules play --seed S --hands N` plays. Past the last round of a rule file with
rounds, a match of more hands begins a new game with the next dealer, as that command does.

Seats keep their number across hands (a player sits at one seat); their names in the rule
file say where each sits from the dealer, hand by hand. Free of Streamlit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tablerules.interpreter.api import Game
from tablerules.interpreter.match import Match, Position, next_position, seed_dealer
from tablerules.interpreter.narration.narrate import Narrator, player_name
from tablerules.playground.play.hands import HandSession
from tablerules.playground.words.page_messages import Said

MOST_HANDS = 99  # the longest match the playground plays (a whole game is bounded by its rounds)
WHOLE_GAME_HANDS = 1000  # at most, for a game played to the end of its rounds (as `play --game`)


@dataclass(frozen=True)
class HandRecord:
    """A hand of the match, once it is over."""

    number: int  # from 1
    seed: int
    dealer: int
    round: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    wins: tuple[dict[str, Any], ...]  # its win events, to be told in words when shown


@dataclass(frozen=True)
class Standing:
    """One seat's match so far."""

    seat: int
    money: int  # the hands over, and the one in play as far as it is shown
    won: int  # hands won


@dataclass
class MatchPlay:
    """The hands of a match: those over (`records`) and the one in play (`hand`).

    `length` is the number of hands, or None for a whole game (until the rule file's
    rounds are over)."""

    game: Game
    seed: int
    bots: str = "greedy"
    humans: frozenset[int] = frozenset()
    length: int | None = 1
    source: int = 0  # the rule text it plays (a draft's generation)
    records: list[HandRecord] = field(default_factory=list, init=False)
    hand: HandSession = field(init=False)
    _match: Match = field(init=False)
    _picks: list[list[int]] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        self._match = Match(self.game, seed_dealer(self.seed, self.seats))
        self.hand = self._deal([])

    # ── where the match stands ─────────────────────────────────────
    @staticmethod
    def seats_of(game: Game) -> int:
        """How many seats a game deals to (a match of other rules keeps this number)."""
        return len(game.compiled.dealt_per_seat())

    @property
    def seats(self) -> int:
        return self.seats_of(self.game)

    @property
    def number(self) -> int:
        """The hand in play, from 1."""
        return len(self.records) + 1

    @property
    def whole_game(self) -> bool:
        return self.length is None

    @property
    def position(self) -> Position:
        position = self._match.position
        assert position is not None  # a match past its last round begins a new game
        return position

    def round_name(self) -> str:
        """The round of the hand in play, by the rule file's name for it ('' without rounds)."""
        if self.game.compiled.rounds is None:
            return ""
        return self._match.round_name(self.hand.round)

    def is_last(self) -> bool:
        """Whether the hand in play is the match's last: its number is the length asked, or
        (a whole game) it is over and the rule file's last round is over with it."""
        if self.length is not None:
            return self.number >= self.length
        table = self.hand.end
        if not table.finished:
            return self.number >= WHOLE_GAME_HANDS
        following = next_position(
            self.position, table.state.next_dealer, self.seats, self._match.rounds
        )
        return following is None or self.number >= WHOLE_GAME_HANDS

    @property
    def over(self) -> bool:
        """The last hand is played to its end."""
        return self.hand.end.finished and self.is_last()

    @property
    def can_go_on(self) -> bool:
        """The hand in play is over and another follows."""
        return self.hand.end.finished and not self.is_last()

    # ── playing on ────────────────────────────────────────────────
    def _deal(self, script: list[tuple[int, str]]) -> HandSession:
        position = self.position
        return HandSession(
            self.game,
            self.seed + len(self.records),
            position.dealer,
            self.humans,
            self.bots,
            list(script),
            source=self.source,
            round=position.round,
            streak=position.streak,
            carried=position.carried,
        )

    def next_hand(self) -> None:
        """Record the hand just over and deal the next at the place it leaves the game."""
        table = self.hand.end
        if not table.finished:
            raise ValueError("the hand in play is not over")
        if self.is_last():
            raise ValueError("the match is over")
        wins = tuple(dict(event) for event in table.events if event["type"] == "win")
        self._picks.append(self.hand.picks())
        self.records.append(
            HandRecord(
                number=self.number,
                seed=self.hand.seed,
                dealer=table.state.dealer,
                round=self.hand.round,
                totals=tuple(table.totals()),
                winners=tuple(table.state.winners),
                wins=wins,
            )
        )
        if self._match.advance(table) is None:  # the last round is over: a new game begins
            following = table.state.next_dealer
            dealer = following if following is not None else table.state.dealer
            self._match = Match(self.game, dealer)
        self.hand = self._deal([])

    def replace_hand(self, hand: HandSession) -> None:
        """The hand in play made anew (other rules, another seat played): same deal, same
        place in the game."""
        self.hand = hand

    def follow(self, game: Game, humans: frozenset[int], bots: str) -> Said | None:
        """Play on under other rules, another seat or other bots, keeping the hands over
        and the place in the hand in play: its choices are made again as far as they stay
        legal (a seat change keeps those up to the move shown). What became of them, in
        words (None when they all held)."""
        old = self.hand
        if old.game is game and old.humans == humans and old.bots == bots:
            return None
        script = old.choices[: old.marks[old.cursor]] if old.game is game else old.played()
        self.game, self.humans, self.bots = game, humans, bots
        self._match.game = game
        hand = self._deal(script)
        hand.show_as(old)
        self.hand = hand
        return hand.note

    # ── reading it ────────────────────────────────────────────────
    def standings(self) -> list[Standing]:
        """Each seat's money over the match (the hand in play as far as it is shown) and
        the hands it won, seat 0 first."""
        money = [0] * self.seats
        won = [0] * self.seats
        for record in self.records:
            for seat, amount in enumerate(record.totals):
                money[seat] += amount
            for seat in set(record.winners):
                won[seat] += 1
        table = self.hand.table
        for seat, amount in enumerate(table.totals()):
            money[seat] += amount
        if table.finished:
            for seat in set(table.state.winners):
                won[seat] += 1
        return [Standing(seat, money[seat], won[seat]) for seat in range(self.seats)]

    def finished_records(self) -> list[HandRecord]:
        """Every hand over, the one in play included once it is over at the move shown."""
        records = list(self.records)
        table = self.hand.table
        if table.finished:
            records.append(
                HandRecord(
                    number=self.number,
                    seed=self.hand.seed,
                    dealer=table.state.dealer,
                    round=self.hand.round,
                    totals=tuple(table.totals()),
                    winners=tuple(table.state.winners),
                    wins=tuple(e for e in table.events if e["type"] == "win"),
                )
            )
        return records

    def biggest(self) -> HandRecord | None:
        """The hand over in which a seat won the most money (the first of equals); None
        before any hand is won."""
        best: HandRecord | None = None
        for record in self.finished_records():
            if record.winners and (best is None or max(record.totals) > max(best.totals)):
                best = record
        return best

    def seat_names(self, dealer: int | None = None) -> list[str]:
        """Each seat's name in the hand dealt by `dealer` (the hand in play's by default)."""
        dealer = self.hand.dealer if dealer is None else dealer
        names = self.game.compiled.seat_names
        if not names:
            return [player_name(seat) for seat in range(self.seats)]
        return [names[(seat - (dealer or 0)) % len(names)] for seat in range(self.seats)]

    def win_text(self, record: HandRecord, lang: str = "en") -> str:
        """How the wins of a hand over are told: `NAME wins on own draw CARD = 3 points`."""
        narrator = Narrator(self.game, record.dealer, None, lang=lang)
        return "; ".join(narrator.win_how(e) + narrator.value(e) for e in record.wins)

    # ── a record to play it again ─────────────────────────────────
    def picks(self) -> list[list[int]]:
        """The user's choices in every hand so far (see `HandSession.picks`); the hands
        over are played again for them, so they are kept as they are made."""
        return [*self._picks, self.hand.picks()]

    def restore(self, number: int, picks: list[list[int]]) -> Said | None:
        """Play on to hand `number` with the user's choices `picks`, hand by hand; None when
        it was reached as recorded, else why it stopped where it did."""
        for index in range(max(0, number - 1)):
            mine = picks[index] if index < len(picks) else []
            problem = self.hand.take_picks(mine)
            if problem:
                return Said("place.in_hand", {"hand": self.number, "problem": problem})
            self.hand.to_end()
            if not self.hand.end.finished:
                return Said("place.not_over", {"hand": self.number})
            if not self.can_go_on:
                return Said("place.match_over", {"hand": self.number})
            self.next_hand()
        mine = picks[number - 1] if 0 < number <= len(picks) else []
        problem = self.hand.take_picks(mine)
        return Said("place.in_hand", {"hand": self.number, "problem": problem}) if problem else None
