"""Warnings of what an author leaves out when writing a base's clause anew: a claim with
no `priority` behind one that has one (W008), a way to win that no settle line pays
(W009), and an option that no clause reads any more (W010). Each checks clean and plays
on, wrongly, where nothing else would show it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.model import ir
from tablerules.dsl.model.records import Record

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class OmissionChecks:
    """A mixin of `Checker`: W008, W009 and W010."""

    def check_unread_options(self: Checker) -> None:
        """W010: an option a base declares that no clause reads. A variant that writes a
        base's clause anew without the line that read an option (a phase's `or, if
        OPTION, …`, a wild's `if OPTION`) leaves the option declared and settable,
        `--option` included, while setting it changes nothing. An option the file declares
        itself is left alone: a draft may declare one before the clause that reads it."""
        if any(found.severity == "error" for found in self.found):
            return  # a clause dropped for its errors may be the one that read it
        read: set[str] = set()
        for field in _CLAUSE_FIELDS:
            _words(getattr(self.rules, field), read)
        own = self.rules.file
        for option in self.rules.options.values():
            if option.name in read or option.span is None or option.span.file == own:
                continue  # an option of the file's own may be a draft's, read later
            self.report(
                option,
                "W010",
                f"option {option.name!r} is read by no clause: setting it changes nothing",
                f"read it where it applies, or drop it with 'remove option {option.name}'",
                severity="warning",
            )

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


# The sections of a rule set whose clauses may read an option: all but the options, their
# settings, the game's name, its sources and the names in other languages.
_CLAUSE_FIELDS = tuple(
    spec.name
    for spec in ir.RuleSet._fields
    if spec.name not in {"file", "extends", "game", "sources", "options", "settings", "names"}
)

# Fields that hold prose or a place, never a name a clause reads.
_PROSE = frozenset({"title", "label", "span", "cites", "citations"})


def _words(value: object, found: set[str]) -> None:
    """Add to `found` every word held in `value`, records, lists and dict values walked,
    but for prose and the names clauses are known by."""
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, Record):
        # a clause's own name names it (a bonus 鳥 beside an option 鳥), it reads nothing
        skip = _PROSE | {"name"} if isinstance(value, ir.Clause) else _PROSE
        for spec in type(value)._fields:
            if spec.name not in skip:
                _words(getattr(value, spec.name), found)
    elif isinstance(value, dict):
        for item in value.values():
            _words(item, found)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _words(item, found)
