"""A group laid on the table and replaced from the wall, under a win clause that counts
every group (`groups N`): the seat holds as many cards after it as before, with one group
more. Where the group's cards less the one replaced make no group a hand can hold (a single
card laid alone: none), a hand that lays one never splits into N groups, and never wins
(W007)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class LaidGroupChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`)."""

    def check_laid_groups(self: Checker) -> None:
        rules = self.rules
        win = rules.win
        if win is None or win.groups is None:
            return
        held = _held_sizes(rules)
        for action in rules.actions.values():
            group = rules.groups.get(action.makes or "")
            if group is None or group.pattern is None or not _replaced(action):
                continue
            size = group.pattern.size
            if group.pattern.longest not in (None, size) or size - 1 in held:
                continue  # its cards but the one replaced make a group a hand holds
            self.report(
                self.at(win, "win_groups"),
                "W007",
                f"'groups {win.groups}' counts every group, and {action.name!r} lays a "
                f"{group.name!r} and draws a replacement, keeping as many cards in hand: "
                f"a hand that lays one never makes {win.groups} groups",
                hint=f"count the groups without it: {_others_counted(rules, win, group.name)}",
                severity="warning",
            )


def _replaced(action: ir.Action) -> bool:
    """Whether the action's maker draws one card kept in hand after it."""
    return any(then.kind == "replacement" and not then.shown for then in action.then)


def _held_sizes(rules: ir.RuleSet) -> set[int]:
    """The numbers of cards a group a hand holds can have."""
    sizes: set[int] = set()
    for group in rules.groups.values():
        if group.in_hand and group.pattern is not None:
            pattern = group.pattern
            sizes.update(range(pattern.size, (pattern.longest or pattern.size) + 1))
    return sizes


def _others_counted(rules: ir.RuleSet, win: ir.WinRule, laid: str) -> str:
    """The win clause's `when` line that counts the other groups, the pair aside."""
    pair = win.pairs.kind if win.pairs is not None else None
    pairs = win.pairs.count if win.pairs is not None else 0
    kinds = [
        name
        for name, group in rules.groups.items()
        if name not in (laid, pair) and group.pattern is not None and group.pattern.size > 1
    ]
    return (
        f"'when groups of {' '.join(kinds)} = {(win.groups or 0) - pairs}' "
        "with the 'pairs of' line, and no 'groups' line"
    )
