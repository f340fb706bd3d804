"""Cards as pictures, drawn here as SVG from what the rule file declares.

The shape comes from the rule file's `look` clause (a `tile`, or a long `strip` with the
name written top to bottom), the ink from its `ink ... when ATTRIBUTE VALUE` lines, and the
face from the card's display name. No picture comes from elsewhere.
"""

from __future__ import annotations

import base64
from functools import lru_cache
from html import escape

from tablerules.dsl import ir
from tablerules.interpreter.compiled import CompiledRules

INK = {
    "black": "#1f1f1f",
    "red": "#c0392b",
    "green": "#1e8449",
    "blue": "#1f4e9c",
    "grey": "#6b6b6b",
    "purple": "#6c3483",
    "brown": "#7b4a12",
}
FONT = "'Noto Sans CJK SC','Noto Sans CJK TC','Noto Serif CJK SC',serif"
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


def card_svg(name: str, ink: str, shape: str, hidden: bool = False, mark: bool = False) -> str:
    """One card: a rounded face with its name; a back when hidden; a ring when marked."""
    if shape == "strip":
        width, height = 30, 86
    else:
        width, height = 40, 54
    stroke = "#d4a017" if mark else "#7a7a7a"
    stroke_width = 3 if mark else 1.2
    face = "#2e6b4f" if hidden else "#fbf8ef"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect x="1.5" y="1.5" width="{width - 3}" height="{height - 3}" rx="5" '
        f'fill="{face}" stroke="{stroke}" stroke-width="{stroke_width}"/>',
    ]
    if not hidden:
        characters = list(name)
        if shape == "strip" or len(characters) > 2:
            size = 20 if len(characters) == 1 else max(10, int((height - 14) / len(characters)))
            top = (height - size * len(characters)) / 2 + size * 0.85
            for index, char in enumerate(characters):
                parts.append(
                    f'<text x="{width / 2}" y="{top + index * size:.1f}" font-size="{size}" '
                    f'text-anchor="middle" fill="{ink}" font-family="{FONT}">{escape(char)}</text>'
                )
        else:
            size = 24 if len(characters) == 1 else 17
            for index, char in enumerate(characters):
                y = height / 2 + size * 0.35 + (index - (len(characters) - 1) / 2) * (size + 2)
                parts.append(
                    f'<text x="{width / 2}" y="{y:.1f}" font-size="{size}" text-anchor="middle" '
                    f'fill="{ink}" font-family="{FONT}">{escape(char)}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)


@lru_cache(maxsize=4096)
def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def card_img(rules: CompiledRules, card_id: str, mark: bool = False) -> str:
    """An <img> of the card with this id ('?' draws a hidden card's back)."""
    shape = shape_of(rules)
    if card_id == HIDDEN:
        svg = card_svg("", INK["black"], shape, hidden=True)
        title = "hidden"
    else:
        index = rules.cards.index[card_id]
        name = rules.cards.display[index]
        svg = card_svg(name, ink_of(rules, index), shape, mark=mark)
        title = name
    return (
        f'<img src="{_data_uri(svg)}" alt="{escape(title)}" title="{escape(title)}" '
        'style="margin:1px"/>'
    )


def row_html(rules: CompiledRules, card_ids: list[str], marked: set[int] | None = None) -> str:
    """A row of cards; the positions in `marked` get a ring."""
    marked = marked or set()
    images = [card_img(rules, cid, i in marked) for i, cid in enumerate(card_ids)]
    style = "display:flex;flex-wrap:wrap;align-items:flex-end"
    return f'<div style="{style}">' + "".join(images) + "</div>"
