"""What each seat may see, and what the referee sees: hidden cards are redacted here only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table

HIDDEN = "?"


def _cards(table: Table, counts: list[int]) -> list[str]:
    ids = table.game.compiled.cards.ids
    return [ids[c] for c, n in enumerate(counts) for _ in range(n)]


def _group(table: Table, group: Any, visible: bool) -> dict[str, Any]:
    compiled = table.game.compiled
    kind = compiled.kinds[group.kind]
    ids = compiled.cards.ids
    cards = [ids[c] for c in group.cards]
    if not visible and group.concealed:
        cards = [HIDDEN] * len(cards)
    elif not visible and kind.visibility == "partly shown":
        cards = [cards[0]] + [HIDDEN] * (len(cards) - 1)
    return {"kind": kind.name, "cards": cards, "concealed": group.concealed, "by": group.made_by}


def _pending(table: Table, seat: int | None) -> dict[str, Any] | None:
    decision = table.state.decision
    if decision is None or table.finished:
        return None
    offer = decision.offer
    data: dict[str, Any] = {
        "kind": decision.kind,
        "context": offer.context,
        "owner": offer.owner,
        "card": table.card_id(offer.card),
        "waiting": decision.waiting,
    }
    seats = decision.options if seat is None else {seat: decision.options.get(seat, [])}
    data["options"] = {s: [c.label for c in choices] for s, choices in seats.items()}
    kept = not (offer.context == "draw" and table.play.turn.draws_shown)
    if (
        seat is not None
        and offer.context in ("draw", "replacement")
        and seat != offer.owner
        and kept
    ):
        data["card"] = HIDDEN
    return data


def referee_view(table: Table) -> dict[str, Any]:
    state = table.state
    return {
        "dealer": state.dealer,
        "turn": state.turn,
        "finished": state.finished,
        "winners": state.winners,
        "wall": [table.card_id(c) for c in state.wall[state.head : state.tail]],
        "seats": [
            {
                "hand": _cards(table, seat.hand),
                "table": [_group(table, g, True) for g in seat.table],
                "discards": [table.card_id(c) for c in seat.discards],
                "restrictions": [r.name for r in seat.restrictions],
            }
            for seat in state.seats
        ],
        "pending": _pending(table, None),
        "totals": table.totals(),
    }


def seat_view(table: Table, viewer: int) -> dict[str, Any]:
    state = table.state
    seats = []
    for index, seat in enumerate(state.seats):
        own = index == viewer
        seats.append(
            {
                "hand": _cards(table, seat.hand) if own else [HIDDEN] * sum(seat.hand),
                "table": [_group(table, g, own) for g in seat.table],
                "discards": [table.card_id(c) for c in seat.discards],
                "restrictions": [r.name for r in seat.restrictions] if own else [],
            }
        )
    return {
        "seat": viewer,
        "dealer": state.dealer,
        "turn": state.turn,
        "finished": state.finished,
        "winners": state.winners,
        "wall": state.wall_left,
        "seats": seats,
        "pending": _pending(table, viewer),
        "totals": table.totals(),
    }


def concealed_action(table: Table, event: dict[str, Any]) -> bool:
    """Whether an `action` event made a group other seats do not see (a concealed group, or
    the concealed form an action makes), so its cards are not theirs to read."""
    compiled = table.game.compiled
    group = event.get("group")
    kind = compiled.kind_index.get(group) if group is not None else None
    if kind is not None and compiled.kinds[kind].visibility == "concealed":
        return True
    rule = table.play.actions.get(event.get("action", ""))
    return bool(rule and rule.concealed and kind is not None and kind == rule.makes)


def seat_event(table: Table, event: dict[str, Any], viewer: int) -> dict[str, Any] | None:
    """One event as `viewer` may read it (None: nothing of it is theirs to see). Others'
    kept draws, hands and concealed groups are hidden; of a claim window a seat sees its own
    options and choice, and who took the card; others' restrictions are their own affair."""
    kind = event["type"]
    if kind == "deal":
        return {
            **event,
            "hands": [
                hand if index == viewer else [HIDDEN] * len(hand)
                for index, hand in enumerate(event["hands"])
            ],
        }
    seat = event.get("seat")
    if seat == viewer:
        return event
    if kind in ("draw", "replacement"):
        if kind == "draw" and table.play.turn.draws_shown and event.get("shown", True):
            return event
        return {**event, "card": HIDDEN, "name": HIDDEN}
    if kind == "window":
        return {
            **event,
            "offered": [entry for entry in event["offered"] if entry[0] == viewer],
            "chosen": [entry for entry in event["chosen"] if entry[0] == viewer],
        }
    if kind == "restricted":
        return None
    if kind == "outranked":
        return {**event, "label": event["action"]}
    if kind == "action" and concealed_action(table, event):
        return {**event, "label": event["action"], "card": HIDDEN}
    return event


def seat_events(table: Table, viewer: int) -> list[dict[str, Any]]:
    """The event log as one seat may read it (see `seat_event`)."""
    shown = (seat_event(table, event, viewer) for event in table.events)
    return [event for event in shown if event is not None]
