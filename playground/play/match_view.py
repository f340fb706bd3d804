"""A match as the Hand tab tells it: where it stands (hand K of N, the round), the running
score of each seat named by player and by its seat this hand, and at the end a summary —
money per seat, hands won, the biggest hand. Plain text, built without Streamlit.

Money is public at the table, so a seat's view shows every seat's score as the referee's
does; the hand in play counts as far as the move shown. Told in the language chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablerules.interpreter.messages.speaker import speaker
from tablerules.interpreter.narration.narrate import player_name
from tablerules.playground.play.match_play import MatchPlay
from tablerules.playground.words.page_messages import page_messages
from tablerules.playground.words.page_views import sign


@dataclass
class SummaryRow:
    player: str  # `player 2 · NAME` (the seat's name in the last hand)
    money: str
    won: int


@dataclass
class MatchView:
    heading: str  # `hand 2 of 4 · round NAME`
    scores: list[str]  # `player 2 · NAME +20`, seat 0 first
    over: bool = False
    rows: list[SummaryRow] | None = None  # the summary, once the last hand is over
    biggest: str = ""
    command: str = ""  # the command that plays the same hands, when bots played them all

    def texts(self) -> list[str]:
        """Every text of the view (for tests that read it all)."""
        found = [self.heading, *self.scores, self.biggest, self.command]
        for row in self.rows or []:
            found += [row.player, row.money, str(row.won)]
        return found


def who(match: MatchPlay, seat: int, names: list[str], you: frozenset[int], lang: str) -> str:
    """A seat by its player and its seat's name this hand: `player 2 · NAME (you)`."""
    say = page_messages(lang)
    player = say("seats.player", n=seat + 1)
    name = speaker(match.game, lang).word(names[seat])
    unnamed = names[seat] == player_name(seat)  # a file without seat names: the player's
    said = player if unnamed else say("match.seat", player=player, name=name)
    return say("match.you", seat=said) if seat in you else said


def heading(match: MatchPlay, lang: str = "en") -> str:
    """Where the match stands: `hand 2 of 4 · round NAME`, or in a whole game
    `hand 5 · round NAME of 4`."""
    say = page_messages(lang)
    round_name = speaker(match.game, lang).word(match.round_name()) if match.round_name() else ""
    if match.length is None:
        rounds = match.game.compiled.rounds or 0
        said = say("match.hand_of_game", n=match.number, round=round_name, rounds=rounds)
    else:
        said = say("match.hand_of", n=match.number, total=match.length)
        if round_name:
            said += say("match.round", round=round_name)
    if match.hand.streak:
        said += say("match.streak", count=ordinal(match.hand.streak + 1, lang))
    for name, value in match.hand.carried:
        said += f" · {speaker(match.game, lang).word(name)} {value}"
    return said


def ordinal(number: int, lang: str = "en") -> str:
    """`1st`, `2nd`, `11th` (`第 11` in Chinese)."""
    if lang != "en":
        return page_messages(lang)("match.ordinal", n=number)
    suffix = "th"
    if not 10 <= number % 100 <= 20:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def match_view(
    match: MatchPlay, you: frozenset[int], rules: str = "", lang: str = "en"
) -> MatchView:
    """The match at the move shown; `you`: the seats the user plays or sits at; `rules`:
    the rule file as a command names it ('' when the text in play is not a file's)."""
    names = match.seat_names()
    standings = match.standings()
    scores = [f"{who(match, s.seat, names, you, lang)} {sign(s.money)}" for s in standings]
    view = MatchView(heading(match, lang), scores)
    if not (match.over and match.hand.cursor == match.hand.last and match.hand.partial is None):
        return view
    view.over = True
    view.rows = [
        SummaryRow(who(match, s.seat, names, you, lang), sign(s.money), s.won) for s in standings
    ]
    best = match.biggest()
    if best is not None:
        gain = max(best.totals)
        say = page_messages(lang)
        winner = say(
            "seats.player", n=best.totals.index(gain) + 1
        )  # the seat's name then was another
        won = match.win_text(best, lang)
        view.biggest = say("match.biggest", n=best.number, winner=winner, gain=sign(gain), won=won)
    if rules and not match.humans:
        hands = "--game" if match.length is None else f"--hands {match.length}"
        view.command = f"tablerules play {rules} --seed {match.seed} {hands} --bots {match.bots}"
    return view
