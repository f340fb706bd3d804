"""What the scoring generator builds on: real games, read for their vocabulary.

A `Base` is a rule file a generated file `extends`, with what a new clause may name — its
group kinds, attributes and their values, number options, scores, patterns, forms, seat
cards, tables — read from the checked rule set, and the text of its blocks (`win`, each
`group`, `bonus`), so that a generated file can override one with a line changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tablerules.dsl.loading.bundled import bundled_files
from tablerules.interpreter.api import load_game

from fuzz.corpus import EXAMPLES

# Bundled files by name, and the documentation's small game (found beside a fuzzed file).
BASE_NAMES = ("paomazai", "hongkong", "paohuzi", "paomazai-faan", "paohuzi-mingtang")
EXAMPLE_BASE = "pebbles-play.rules"
HEAD = re.compile(r"^(?:override )?(group|win|bonus|settle|score|action)\b ?([^\s\"\[{]*)")
EXTENDS = re.compile(r'^extends "([^"]+)"', re.M)


@dataclass(frozen=True)
class Base:
    """A game to extend, and the words a clause added to it may use."""

    extends: str  # what the `extends` line names
    kinds: tuple[str, ...]
    attributes: dict[str, tuple[str, ...]]  # name -> its values as written
    numbers: tuple[str, ...]  # options holding a number
    scores: tuple[str, ...]
    patterns: tuple[str, ...]
    forms: tuple[str, ...]
    seat_cards: tuple[str, ...]
    tables: tuple[str, ...]
    draw_zone: str  # the shared hidden zone bonus cards may come from
    cards: tuple[str, ...]  # the deck's card ids
    copies: int  # copies of each card
    blocks: dict[tuple[str, str], str]  # (clause, name) -> its text, as last written


def _file_of(name: str) -> Path:
    for path in bundled_files():
        if path.stem == name:
            return path
    return EXAMPLES / name


def _chain(path: Path) -> list[Path]:
    """The file and those it extends, innermost first."""
    text = path.read_text(encoding="utf-8")
    found = [path]
    for written in EXTENDS.findall(text):
        base = (path.parent / written).resolve()
        found = [*_chain(base if base.is_file() else _file_of(written)), *found]
    return found


def blocks_of(text: str) -> dict[tuple[str, str], str]:
    """Each top-level block of a rule file (a head at the line's start, up to its `}`)."""
    found: dict[tuple[str, str], str] = {}
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        head = HEAD.match(lines[index])
        if head and lines[index].rstrip().endswith("{"):
            end = index
            while end < len(lines) and not lines[end].startswith("}"):
                end += 1
            name = "" if head.group(1) == "win" else head.group(2)
            body = "\n".join(lines[index : end + 1])
            found[(head.group(1), name)] = re.sub(r"^override ", "", body)
            index = end
        index += 1
    return found


@cache
def base(name: str) -> Base:
    path = _file_of(name)
    rules = load_game(path).compiled.rules
    blocks: dict[tuple[str, str], str] = {}
    for file in _chain(path):
        blocks.update(blocks_of(file.read_text(encoding="utf-8")))
    attributes = {
        a.name: tuple(a.values)
        if a.values
        else tuple(str(v) for v in range(a.minimum or 0, (a.maximum or 0) + 1))
        for a in rules.attributes.values()
    }
    numbers = tuple(n for n, o in rules.options.items() if o.type == "int")
    hidden = [z.name for z in rules.zones.values() if z.scope == "shared"]
    return Base(
        extends=name,
        kinds=tuple(rules.groups),
        attributes=attributes,
        numbers=numbers,
        scores=tuple(rules.scores),
        patterns=tuple(rules.patterns),
        forms=tuple(rules.forms),
        seat_cards=tuple(rules.seat_cards),
        tables=tuple(rules.tables),
        draw_zone=hidden[0] if hidden else "",
        cards=tuple(card.id for card in rules.deck.cards) if rules.deck else (),
        copies=rules.deck.copies if rules.deck else 0,
        blocks=blocks,
    )


def all_bases() -> list[Base]:
    return [base(name) for name in (*BASE_NAMES, EXAMPLE_BASE)]
