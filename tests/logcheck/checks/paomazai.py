"""Invariants of 跑馬仔 and its family (PMZ-n, HK-n): 過水 after a declined win."""

from __future__ import annotations

from logcheck.games import Changsha, Paomazai, Profile
from logcheck.invariants import Invariant, chosen_by_seat, invariant, offered_by_seat
from logcheck.logfile import Record
from logcheck.tracker import Tracker


@invariant
class GuoShui(Invariant):
    name = "guo-shui-after-a-declined-win"
    summary = (
        "a seat that could win on a discard and did not (a pass, a pong, a kong) may not win "
        "on a discard until its own next draw (過水, PMZ-23)"
    )
    games = (Paomazai,)
    restriction = "過水"

    @classmethod
    def applies_to(cls, profile: Profile) -> bool:
        """Not to 長沙麻將: its rules (CS-n) know no 過水."""
        return super().applies_to(profile) and not isinstance(profile, Changsha)

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.pending: list[tuple[int, int]] = []
        self.under: set[int] = set()

    def after_restricted(self, event: Record, tracker: Tracker, line: int) -> None:
        if event["restriction"] == self.restriction:
            self.pending.append((event["seat"], line))

    def after_draw(self, event: Record, tracker: Tracker, line: int) -> None:
        self.under.discard(event["seat"])

    def after_replacement(self, event: Record, tracker: Tracker, line: int) -> None:
        self.under.discard(event["seat"])

    def after_window(self, event: Record, tracker: Tracker, line: int) -> None:
        win = self.profile.win_action
        offered, chosen = offered_by_seat(event), chosen_by_seat(event)
        if event["context"] == "discard":
            for seat, labels in offered.items():
                if win in labels and seat in self.under:
                    self.fail(f"seat {seat} under 過水 is offered {win} on a discard", line)
        restricted = {seat for seat, _ in self.pending}
        for seat, at in self.pending:
            if win not in offered.get(seat, []) or chosen.get(seat) == win:
                self.fail(f"過水 for seat {seat}, who chose {chosen.get(seat)!r}", at)
        if event["context"] == "discard":
            for seat, labels in offered.items():
                if win in labels and chosen.get(seat) != win and seat not in restricted:
                    self.fail(
                        f"seat {seat} chose {chosen.get(seat)!r} over {win} on a discard: no 過水",
                        line,
                    )
        self.under |= restricted
        self.pending = []
