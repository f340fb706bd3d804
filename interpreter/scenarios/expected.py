"""The expected events of a scenario file: their values checked, and matched exactly.

An expected event is an object of fields whose values a file may write freely, so each is
checked before it is compared: a whole number within bounds, a text, true or false, null,
or lists and objects of those (`value_problem`). Once the hand is played, each field must
be one the events of that type have, holding a value of the kind they hold there
(`shape_problem`): `"seat": "1"` or `"seat": true` where the events hold numbers, or a
misspelt field, is refused rather than silently never matching (which would make an
`absent` expectation pass whatever happened). Matching is exact: true is not 1, and a field
an event lacks is not null.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

MAX_DIGITS = 80  # a number in a scenario file: beyond any amount the engine reaches (2^256)
MAX_VALUE = 10**MAX_DIGITS

Event = dict[str, Any]
NULLABLE = frozenset({"a text", "a number"})  # kinds of values that are null at times


def kind_of(value: Any) -> str:
    """A JSON value's kind, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def value_problem(value: Any) -> tuple[str, str] | None:
    """What is wrong with a value a scenario file writes (its path inside the value, and
    why), or None: floats and numbers past `MAX_DIGITS` digits are refused."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return None
    if isinstance(value, int):
        return None if -MAX_VALUE < value < MAX_VALUE else ("", f"too large ({number(value)})")
    if isinstance(value, float):
        return "", "not a whole number"
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        problem = value_problem(item)
        if problem is not None:
            return _joined(key, problem[0]), problem[1]
    return None


def number(value: int) -> str:
    """A number as a message shows it: in full when short, else by its count of digits."""
    digits = len(str(abs(value))) if abs(value) < 10**200 else 200
    if digits <= 20:
        return str(value)
    return f"a number of {digits}{'+' if digits == 200 else ''} digits"


def event_problems(where: str, events: list[Event]) -> Iterator[tuple[str, str]]:
    """(path, why) for each expected event of `events` (at `where`) that is malformed."""
    for index, event in enumerate(events):
        if "type" in event and not isinstance(event["type"], str):
            found = kind_of(event["type"])
            yield f"{where}/{index}/type", f"an event type is a text, not {found}"
            continue
        problem = value_problem(event)
        if problem is not None:
            yield f"{where}/{index}/{problem[0]}", problem[1]


def shape_problem(wanted: Event, events: list[Event]) -> tuple[str, str] | None:
    """How an expected event does not fit the events of its type that happened (a field
    they lack, or a value of another kind than theirs), as (path, why); None if it fits or
    no event of its type happened (nothing to compare with)."""
    kind = wanted.get("type")
    same = [e for e in events if e.get("type") == kind] if kind is not None else events
    if not same:
        return None
    named = f"{kind} event" if kind is not None else "event"
    for key, value in wanted.items():
        held = [e[key] for e in same if key in e]
        if not held:
            fields = sorted({k for e in same for k in e if k not in ("seq", "type")})
            return key, f"no {named} has a field {key!r} (they have: {', '.join(fields)})"
        problem = _unlike(value, held)
        if problem is not None:
            return _joined(key, problem[0]), problem[1].replace("{events}", f"the {named}s")
    return None


def _unlike(value: Any, held: list[Any]) -> tuple[str, str] | None:
    """Where `value` is of another kind than every one of `held` at the same place, and why
    (with `{events}` standing for the events compared with)."""
    kinds = {kind_of(h) for h in held}
    mine = kind_of(value)
    if not _fits(mine, kinds):
        return "", f"{mine}; {{events}} hold {' or '.join(sorted(kinds))} there"
    if isinstance(value, list):
        items = [item for h in held if isinstance(h, list) for item in h]
        for index, item in enumerate(value if items else []):
            problem = _unlike(item, items)
            if problem is not None:
                return _joined(index, problem[0]), problem[1]
    if isinstance(value, dict):
        for key, item in value.items():
            inside = [h[key] for h in held if isinstance(h, dict) and key in h]
            if not inside:
                return str(key), f"{{events}} have no field {key!r} there"
            problem = _unlike(item, inside)
            if problem is not None:
                return _joined(key, problem[0]), problem[1]
    return None


def _fits(mine: str, kinds: set[str]) -> bool:
    """Whether a value of kind `mine` may stand where the events hold `kinds`: the same
    kind, or null for a text or a number (a card or a payee is null at times) and back."""
    if mine in kinds:
        return True
    if mine == "null":
        return not kinds.isdisjoint(NULLABLE)
    return mine in NULLABLE and kinds == {"null"}


def same(actual: Any, wanted: Any) -> bool:
    """Equal, with kinds kept apart: true is not 1, 1 is not "1"."""
    if isinstance(wanted, bool) or isinstance(actual, bool):
        return type(wanted) is type(actual) and wanted == actual
    if isinstance(wanted, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(wanted)
            and all(same(a, w) for a, w in zip(actual, wanted, strict=True))
        )
    if isinstance(wanted, dict):
        return (
            isinstance(actual, dict)
            and actual.keys() == wanted.keys()
            and all(same(actual[k], w) for k, w in wanted.items())
        )
    return type(wanted) is type(actual) and wanted == actual


def matches(event: Event, wanted: Event) -> bool:
    """Whether `event` has every field `wanted` gives, each holding that value."""
    return all(key in event and same(event[key], value) for key, value in wanted.items())


def _joined(key: int | str, rest: str) -> str:
    return f"{key}/{rest}" if rest else str(key)
