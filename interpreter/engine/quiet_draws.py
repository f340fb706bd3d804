"""Quiet draws: whether the drawer's own ways can give it nothing for the card it just drew,
so that its choices are its discards alone (`ResponseScreen.quiet_draw`).

Most draws are quiet. The screens of the drawer's own ways (the draw's context's, then the
turn's) are read once per context into a few tests on the hand before the draw
(`QuietDraws`): additions that set a guard bit where a card is held often enough for a
choice, the completing cards when a drawn completing card may win, and the table groups
when a way adds the card onto one. A window's plain screen that answers every card those
tests would take serves too: the drawer's hand before the draw was screened there, on the
card discarded before it, so most draws are cleared by one lookup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.interpreter.engine.state import at_least_mask

if TYPE_CHECKING:
    from tablerules.interpreter.engine.screen import Entry, Screen


class QuietDraws:
    """For draws in one context: the tests on the hand before a draw that say whether the
    drawer's own ways could give it some choice."""

    def __init__(self) -> None:
        # added to the hand before the draw, set a guard bit where a card is held often
        # enough for a choice whatever is drawn (any card), or if drawn (the card drawn)
        self.any_over: int | None = None
        self.alike_over: int | None = None
        self.completing = False  # a completing card drawn may win
        self.onto_table: Screen | None = None  # the draw's screen, when it adds onto groups
        # the answers by hand of a window's plain screen that answers every card these
        # tests take (`ResponseScreen._answers`)
        self.answered: dict[int, int] = {}


UNPLANNED = QuietDraws()  # no plan for the context yet (None: it has none)


def plan_quiet_draws(
    context: str,
    in_hand: bool,
    own: dict[str, tuple[list[Entry], Screen]],
    kinds: int,
    wins_screened: bool,
    answer_caches: dict[tuple[int | None, bool], dict[int, int]],
) -> QuietDraws | None:
    """The tests for a draw in `context` (`in_hand`: the card drawn is in the drawer's
    hand), from the screens of the drawer's own ways (`own`, by context) over `kinds` card
    kinds; None when some screen asks more than counts and completing cards (other ways,
    groups with cards, wins the completing cards do not screen: `wins_screened` False).
    `answer_caches` are the windows' answers by (alike count, win)."""
    if not in_hand:
        return None
    quiet = QuietDraws()
    any_counts: list[int] = []  # a card held this often: a choice whatever is drawn
    alike_counts: list[int] = []  # the drawn card held this often: maybe a choice
    for asked in (context, "turn"):
        ways = own.get(asked)
        if ways is None:
            continue
        screen = ways[1]
        if screen.other:
            return None
        if screen.from_hand is not None:  # asked of the hand with the card drawn
            if screen.from_hand_over is None:
                return None
            any_counts.append(screen.from_hand)  # already held: whatever is drawn
            alike_counts.append(screen.from_hand - 1)  # or the card drawn makes it
        if asked == "turn":
            continue  # the turn offers no card: nothing more to ask
        if screen.with_cards or (screen.win and not wins_screened):
            return None
        if screen.alike_over is not None:  # held alike with the card drawn
            alike_counts.append(screen.alike)
        quiet.completing = quiet.completing or screen.win
        if screen.onto_table:
            quiet.onto_table = screen
    # held so often, held more often too: the fewest copies of each test stand for all
    if any_counts:
        quiet.any_over = at_least_mask(min(any_counts), kinds)
    least = None
    if alike_counts:
        least = min(alike_counts)
        quiet.alike_over = at_least_mask(least, kinds)
    # answers that hold every card held `least` times (or more), and every completing
    # card if a completing card may win: the most alike of them, the fewest cards
    fitting = [
        (alike or 0, answers)
        for (alike, win), answers in answer_caches.items()
        if (least is None or (alike is not None and alike <= least))
        and (win or not quiet.completing)
    ]
    if fitting:
        quiet.answered = max(fitting, key=lambda pair: pair[0])[1]
    return quiet
