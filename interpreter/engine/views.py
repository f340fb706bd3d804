"""What each seat may see, and what the referee sees: hidden cards are redacted here only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablerules.interpreter.engine.game import Table

HIDDEN = "?"


def _cards(table: Table, counts: list[int]) -> list[str]:
    ids = table.game.compiled.cards.ids
    return [ids[c] for c, n in enumerate(counts) for _ in range(n)]


def lies(visibility: str, concealed: bool) -> str:
    """How a table group lies for the other seats: `concealed` (no card seen), `partly
    shown` (one card seen) or `shown`. An action that lays its group concealed hides it
    whatever its kind says."""
    return "concealed" if concealed else visibility


def seen_cards(cards: list[str], how: str) -> list[str]:
    """The cards of a table group as another seat sees them."""
    if how == "concealed":
        return [HIDDEN] * len(cards)
    if how == "partly shown":
        return cards[:1] + [HIDDEN] * (len(cards) - 1)
    return cards


def _group(table: Table, group: Any, visible: bool) -> dict[str, Any]:
    compiled = table.game.compiled
    kind = compiled.kinds[group.kind]
    ids = compiled.cards.ids
    how = lies(kind.visibility, group.concealed)
    cards = [ids[c] for c in group.cards]
    shown = cards if visible else seen_cards(cards, how)
    taken = ids[group.taken] if group.taken is not None and HIDDEN not in shown else None
    return {
        "kind": kind.name,
        "cards": shown,
        "concealed": how == "concealed",
        "lies": how,
        "by": group.made_by,
        "from": group.taken_from,  # whose card it took (None: its own cards)
        "taken": taken,  # that card, when it can be seen
    }


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
        "waiting": _waiting(decision, seat),
    }
    seats = decision.options if seat is None else {seat: decision.options.get(seat, [])}
    data["options"] = {s: [c.label for c in choices] for s, choices in seats.items()}
    kept = not (offer.context == "draw" and table.play.turn.draws_shown)
    if (
        seat is not None
        and offer.context in ("draw", "replacement")
        and seat != offer.owner
        and (kept or decision.hidden)
        and table.state.shown is None  # a shown replacement's cards are seen by all
    ):
        data["card"] = HIDDEN
    dealt = offer.context == "deal card" and decision.hidden  # offered to the dealer alone
    if seat is not None and seat != offer.owner and dealt:
        data["card"] = HIDDEN
    return data


def _waiting(decision: Any, seat: int | None) -> list[int]:
    """The seats the decision still waits for, as `seat` may know them: a window asks each
    seat that can do something with the card, which tells what its hand holds, so a seat
    sees only whether it is asked itself (a turn or a phase is no secret)."""
    if seat is None or decision.kind != "window":
        return list(decision.waiting)
    return [seat] if seat in decision.waiting else []


def referee_view(table: Table) -> dict[str, Any]:
    state = table.state
    return {
        "dealer": state.dealer,
        "turn": state.turn,
        "finished": state.finished,
        "winners": state.winners,
        "left": list(state.left),
        "wall": [table.card_id(c) for c in state.wall[state.head : state.tail]],
        "seats": [
            {
                "hand": _cards(table, seat.hand),
                "table": [_group(table, g, True) for g in seat.table],
                "discards": [table.card_id(c) for c in seat.discards],
                "restrictions": [r.name for r in seat.restrictions],
                "declared": dict(seat.declared),
            }
            for seat in state.seats
        ],
        "pending": _pending(table, None),
        "totals": table.totals(),
        **_turned(table),
    }


def seat_view(table: Table, viewer: int) -> dict[str, Any]:
    state = table.state
    seats = []
    for index, seat in enumerate(state.seats):
        own = index == viewer
        seats.append(
            {
                # a seat that has won and left the hand has laid its hand down
                "hand": _cards(table, seat.hand)
                if own or index in state.left
                else [HIDDEN] * sum(seat.hand),
                "table": [_group(table, g, own) for g in seat.table],
                "discards": [table.card_id(c) for c in seat.discards],
                "restrictions": [r.name for r in seat.restrictions] if own else [],
                "declared": _declared(table, seat.declared, own),
            }
        )
    return {
        "seat": viewer,
        "dealer": state.dealer,
        "turn": state.turn,
        "finished": state.finished,
        "winners": state.winners,
        "left": list(state.left),
        "wall": state.wall_left,
        "seats": seats,
        "pending": _pending(table, viewer),
        "totals": table.totals(),
        **_turned(table),
    }


def _turned(table: Table) -> dict[str, Any]:
    """The card turned up at the deal and the wild it chose, seen by all (none turned:
    nothing)."""
    turned = table.state.turned
    turning = table.game.compiled.turning
    if turned is None or turning is None:
        return {}
    return {"turned": table.card_id(turned), "wild": table.card_id(turning.wild_of(turned))}


def _declared(table: Table, declared: dict[str, str], own: bool) -> dict[str, str]:
    """A seat's declarations as another sees them: those of phases played `shown`, and
    every one once the hand is over."""
    if own or table.finished:
        return dict(declared)
    shown = {p.attribute for p in table.game.compiled.rules.phases.values() if p.shown}
    return {name: value if name in shown else HIDDEN for name, value in declared.items()}


def seat_event(table: Table, event: dict[str, Any], viewer: int) -> dict[str, Any] | None:
    """One event as `viewer` may read it (None: nothing of it is theirs to see). Others'
    hands, the cards they draw unseen (kept, or taken straight into a group not shown in
    full) and the hidden cards of their groups are hidden; of a claim window a seat sees its
    own options and choice, and who took the card (a window nobody took, which offered it
    nothing, not at all); others' restrictions are their own affair.
    """
    kind = event["type"]
    if kind == "deal":
        return {
            **event,
            "hands": [
                hand if index == viewer else [HIDDEN] * len(hand)
                for index, hand in enumerate(event["hands"])
            ],
        }
    if kind == "window":
        if not event.get("taken_by") and all(entry[0] != viewer for entry in event["offered"]):
            # a window nobody took, in which the viewer was offered nothing: that it was
            # open at all says another seat could have taken the card, which only that
            # seat knows
            return None
        window = {
            **event,
            "offered": [entry for entry in event["offered"] if entry[0] == viewer],
            "chosen": [entry for entry in event["chosen"] if entry[0] == viewer],
        }
        if event.get("hidden") and event.get("owner") != viewer:
            window["card"] = HIDDEN
        return window
    if kind == "exchange":  # a seat sees the cards it passed and those it received
        return {
            **event,
            "passed": [
                cards if seat == viewer or target == viewer else [HIDDEN] * len(cards)
                for seat, (cards, target) in enumerate(
                    zip(event["passed"], event["to"], strict=True)
                )
            ],
        }
    if kind == "declaration" and not event.get("shown"):
        return {
            **event,
            "values": [v if s == viewer else HIDDEN for s, v in enumerate(event["values"])],
        }
    if event.get("seat") == viewer:
        return event
    if kind in ("draw", "replacement"):
        return event if event.get("shown") else {**event, "card": HIDDEN, "name": HIDDEN}
    if kind == "restricted":
        return None
    if kind == "outranked":
        return {**event, "label": event["action"]}
    if kind == "action" and event.get("lies", "shown") != "shown":
        return _seen_action(table, event)
    return event


def _seen_action(table: Table, event: dict[str, Any]) -> dict[str, Any]:
    """Another seat's group laid down not shown in full: its cards as they lie."""
    cards = table.game.compiled.cards
    seen = seen_cards(list(event.get("cards") or []), event["lies"])
    action: dict[str, Any] = {**event, "cards": seen, "taken": [HIDDEN] * len(event["taken"])}
    if event.get("card") is not None and event.get("owner") == event.get("seat"):
        action["card"] = seen[0] if seen else HIDDEN  # its own card, drawn unseen
    names = [HIDDEN if card == HIDDEN else cards.display[cards.index[card]] for card in seen]
    action["label"] = f"{event['action']} {''.join(names)}".rstrip()
    return action


def seat_events(table: Table, viewer: int) -> list[dict[str, Any]]:
    """The event log as one seat may read it (see `seat_event`)."""
    shown = (seat_event(table, event, viewer) for event in table.events)
    return [event for event in shown if event is not None]
