"""Cards as HTML, drawn from what the rule file declares (styled by `static/playground.css`).

The shape comes from the rule file's `look` clause (a `tile`, or a long `strip`), the ink
from its `ink ... when ATTRIBUTE VALUE` lines, the face from the card's display name,
written top to bottom. No picture comes from elsewhere; a hidden card shows its back.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.compiled import CompiledRules

INK = {
    "black": "#1f1f1f",
    "red": "#c0392b",
    "green": "#1e8449",
    "blue": "#1f4e9c",
    "grey": "#6b6b6b",
    "purple": "#6c3483",
    "brown": "#7b4a12",
}
HIDDEN = "?"


def ink_of(rules: CompiledRules, card: int) -> str:
    look = rules.rules.look
    attributes = rules.cards.attributes[card]
    for ink in look.inks if look else []:
        value = attributes.get(ink.attribute)
        if value in ink.values or str(value) in map(str, ink.values):
            return INK.get(ink.colour, INK["black"])
    return INK["black"]


def shape_of(rules: CompiledRules) -> str:
    look: ir.Look | None = rules.rules.look
    return look.shape if look else "tile"


def card_html(
    rules: CompiledRules,
    card_id: str,
    mark: bool = False,
    choice: str | None = None,
    faces: Mapping[str, str] | None = None,
) -> str:
    """One card (`?` draws a hidden card's back); `mark` rings it; `choice` makes it a
    button that picks that choice (a discard) when clicked. `faces` gives the name on the
    face by card id (the reader's language's, see `names` blocks), else the display name;
    its `?` entry is the hidden card's tooltip."""
    classes = ["tr-card", f"tr-{shape_of(rules)}"]
    if mark:
        classes.append("tr-mark")
    if card_id == HIDDEN:
        classes.append("tr-back")
        hidden = (faces or {}).get(HIDDEN, "a hidden card")
        return f'<span class="{" ".join(classes)}" title="{escape(hidden)}"></span>'
    index = rules.cards.index[card_id]
    name = faces[card_id] if faces and card_id in faces else rules.cards.display[index]
    extra = ""
    if choice is not None:
        classes.append("tr-pick")
        extra = f' data-choice="{escape(choice)}" role="button" tabindex="0"'
    style = f"color:{ink_of(rules, index)}"
    return (
        f'<span class="{" ".join(classes)}" style="{style}" title="{escape(name)}"{extra}>'
        f"{escape(name)}</span>"
    )


def row_html(
    rules: CompiledRules,
    card_ids: list[str],
    marked: set[int] | None = None,
    choices: dict[int, str] | None = None,
    faces: Mapping[str, str] | None = None,
) -> str:
    """A row of cards; the positions in `marked` get a ring, those in `choices` are
    buttons for the choice given; `faces` as `card_html` reads it."""
    marked = marked or set()
    choices = choices or {}
    cards = [
        card_html(rules, card, i in marked, choices.get(i), faces)
        for i, card in enumerate(card_ids)
    ]
    return '<span class="tr-row">' + "".join(cards) + "</span>"
