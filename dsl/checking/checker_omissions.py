"""Warnings of what an author leaves out when writing a base's clause anew: a claim with
no `priority` behind one that has one (W008), and a way to win that no settle line pays
(W009). Both check clean and play on, wrongly, where nothing else would show it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class OmissionChecks:
    """A mixin of `Checker`: W008 and W009."""

    def check_unranked_claims(self: Checker) -> None:
        """W008: an action taking another seat's card that writes no `priority` (so 0)
        where another action on such a card writes one above it: copying a base's action
        into an override without its `priority` line lets every other claim go first,
        those the base ranked below it too, which nothing else would show."""
        ranked: dict[str, list[str]] = {}
        for action in self.rules.actions.values():
            if action.wrote("action_priority") and action.priority > 0:
                for context in _claimed_contexts(action):
                    ranked.setdefault(context, []).append(action.name)
        for action in self.rules.actions.values():
            if action.wrote("action_priority") or action.forced:
                continue
            names = {n for context in _claimed_contexts(action) for n in ranked.get(context, ())}
            if not names:
                continue
            actions = self.rules.actions
            above = sorted(names, key=lambda name: (actions[name].priority, name))
            first = ", ".join(f"{name!r} (priority {actions[name].priority})" for name in above)
            self.report(
                action,
                "W008",
                f"action {action.name!r} writes no 'priority', so 0: where another seat's card "
                f"is wanted for it and for {first}, the other goes first",
                "give it its 'priority' line (an override copies none from the base), "
                "or write 'priority 0' if it is meant to come last",
                severity="warning",
            )

    def check_unpaid_wins(self: Checker) -> None:
        """W009: a way to win that no line of any settle block pays (no line of its context,
        no `otherwise`), in a file whose settlement pays some wins: a settlement written
        anew in a variant that leaves out the base's `on replacement` line makes a win on a
        replacement pay nothing, with money still summing to zero."""
        paying = [settle for settle in self.rules.settles.values() if settle.lines]
        lines = [line for settle in paying for line in settle.lines]
        if not lines or any(line.context is None for line in lines):
            return
        ways: list[tuple[ir.Clause, str, str, str]] = []
        for action in self.rules.actions.values():
            if action.win:
                ways += [(way, way.context, way.who, action.name) for way in action.ways]
        for name, immediate in self.rules.immediate_wins.items():
            if not immediate.goes_on:
                ways.append((immediate, "turn" if immediate.own_turn else "deal", "self", name))
        told: set[tuple[str, str]] = set()
        for where, context, who, name in ways:
            if (context, who) in told or any(_pays(line, context, who) for line in lines):
                continue
            told.add((context, who))
            span = where.span
            place = f", {span.file}:{span.line}" if span else ""
            self.report(
                paying[0],
                "W009",
                f"a win on {context} by {who} ({name!r}{place}) is paid by no line of a "
                "settle block: such a win pays nothing",
                f"add 'on {context}: …' to this block, or an 'otherwise: …' line",
                severity="warning",
            )


def _claimed_contexts(action: ir.Action) -> set[str]:
    """The moments at which an action takes a card another seat offers."""
    return {way.context for way in action.ways if way.who != "self"}


def _pays(line: ir.SettleLine, context: str, who: str) -> bool:
    """Whether a settle line may pay a win of that context, the winner being `who` to the
    card's owner (`next` is one of the `others`)."""
    if line.context != context:
        return False
    near = {"next", "others"}
    return (
        line.who is None
        or "anyone" in (line.who, who)
        or line.who == who
        or (line.who in near and who in near)
    )
