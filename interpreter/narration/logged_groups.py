"""A seat's table groups told from a hand's log alone, for a working written without the
table at hand (a transcript of logged events): each `action` event lays a group of its
kind, or grows the group at `onto` into its kind, and lays its `extra` groups."""

from __future__ import annotations

from typing import Any

Record = dict[str, Any]


def logged_group_counts(events: list[Record], seat: int) -> dict[str, int]:
    """How many groups of each kind `seat` has laid on the table in `events`."""
    kinds: list[str | None] = []
    for event in events:
        if event.get("type") != "action" or event.get("seat") != seat:
            continue
        onto = event.get("onto")
        if onto is not None and 0 <= onto < len(kinds):
            kinds[onto] = event.get("group") or kinds[onto]
        else:
            kinds.append(event.get("group"))
        kinds += [kind for kind, _ in event.get("extra") or []]
    counts: dict[str, int] = {}
    for kind in kinds:
        if kind is not None:
            counts[kind] = counts.get(kind, 0) + 1
    return counts
