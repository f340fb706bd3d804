"""Edits aimed at the rule language's newest constructs: wild cards (fixed and turned),
phases before play, play after a win, payer expressions, carries, `N cards of` forms,
names blocks and options. A line of one of them is changed (a number, a word, dropped or
repeated), a card's name swapped for another, an option given an odd value, a file made to
extend another, two lines or two blocks of a kind swapped, a block repeated, the seats
changed, a `names` line spoiled. Each edit works as those of `fuzz.mutants.edits`."""

from __future__ import annotations

import random
import re
from pathlib import Path

from fuzz.mutants.edits import KINDRED, NUMBER, NUMBERS, WORD, code_lines, keywords, texts

NEWEST = re.compile(
    r"\b(wild|wilds|turned|phase|passes|declares?|declared|after win|payer|carry|cards of"
    r"|option|set|never of|names|on deal card|next by|leaves)\b"
)
CARD_LIKE = re.compile(r"[\u4e00-\u9fff]+|\b\d[a-z]\b")
ODD_VALUES = ["0", "-1", "1000000000", "true", "false", "99", "1.5", '"x"', "", "0 | 0"]
NAME_VALUES = ["", "x", "{}", "%s", "{0}", "a" * 70, "東"]


def _newest_line(lines: list[str], rng: random.Random) -> int | None:
    found = [i for i in code_lines(lines) if NEWEST.search(lines[i].split("#")[0])]
    return rng.choice(found) if found else None


def newest_number(lines: list[str], rng: random.Random) -> str:
    at = _newest_line(lines, rng)
    head = "" if at is None else lines[at].split("[")[0]
    if at is None or not NUMBER.search(head):
        return "no number in a line of the newest constructs"
    match = rng.choice(list(NUMBER.finditer(head)))
    value = rng.choice([n for n in [*NUMBERS, "2", "4", "8", "16", "41"] if n != match.group()])
    lines[at] = lines[at][: match.start()] + value + lines[at][match.end() :]
    return f"line {at + 1}: {match.group()} -> {value}"


def newest_word(lines: list[str], rng: random.Random) -> str:
    at = _newest_line(lines, rng)
    words = [] if at is None else list(WORD.finditer(lines[at].split("#")[0]))
    if at is None or not words:
        return "no word in a line of the newest constructs"
    match = rng.choice(words)
    groups = {word: group for group in KINDRED for word in group}
    value = rng.choice(
        [w for w in groups.get(match.group(), []) if w != match.group()] or keywords()
    )
    lines[at] = lines[at][: match.start()] + value + lines[at][match.end() :]
    return f"line {at + 1}: {match.group()} -> {value}"


def newest_drop_or_repeat(lines: list[str], rng: random.Random) -> str:
    at = _newest_line(lines, rng)
    if at is None:
        return "no line of the newest constructs"
    if rng.random() < 0.6:
        return f"line {at + 1} dropped: {lines.pop(at).strip()[:60]}"
    lines.insert(at, lines[at])
    return f"line {at + 1} repeated: {lines[at].strip()[:60]}"


def card_name(lines: list[str], rng: random.Random) -> str:
    """A card's name (a word of CJK characters or a digit and a letter) swapped for another
    name the file uses, or one it may not know."""
    names = sorted(set(CARD_LIKE.findall("\n".join(lines))))
    found = [
        i
        for i in code_lines(lines)
        if CARD_LIKE.search(lines[i].split("#")[0].split("[")[0])
        and not lines[i].startswith(("game", "names"))
    ]
    if not found:
        return "no card name"
    at = rng.choice(found)
    match = rng.choice(list(CARD_LIKE.finditer(lines[at].split("#")[0].split("[")[0])))
    value = rng.choice([*names, "x", "9z", "一", "中"])
    lines[at] = lines[at][: match.start()] + value + lines[at][match.end() :]
    return f"line {at + 1}: {match.group()} -> {value}"


def option_value(lines: list[str], rng: random.Random) -> str:
    """An option's default, or a `set` of one, given an odd value."""
    found = [
        i for i, line in enumerate(lines) if line.startswith(("option", "set ")) and "=" in line
    ]
    if not found:
        return "no option"
    at = rng.choice(found)
    before, after = lines[at].split("=", 1)
    value = after.split("[")[0].split("#")[0]
    odd = rng.choice(ODD_VALUES)
    lines[at] = f"{before}= {odd}   {after[len(value) :]}"
    return f"line {at + 1}: option value {value.strip()} -> {odd}"


def extends_another(lines: list[str], rng: random.Random) -> str:
    name = rng.choice([Path(source).name for source in texts()])
    bases = [i for i, line in enumerate(lines) if line.startswith("extends")]
    if bases and rng.random() < 0.5:
        lines[bases[0]] = f'extends "{name}"'
        return f"line {bases[0] + 1}: extends {name} instead"
    lines.insert(0, f'extends "{name}"')
    return f"extends {name} added"


def swap_lines(lines: list[str], rng: random.Random) -> str:
    """Two neighbouring lines at one depth swapped (two seats' rows, two steps of a phase)."""
    found = [
        i
        for i in code_lines(lines)
        if i + 1 < len(lines) and lines[i + 1].strip() and lines[i][:1] == lines[i + 1][:1]
    ]
    if not found:
        return "no lines to swap"
    at = rng.choice(found)
    lines[at], lines[at + 1] = lines[at + 1], lines[at]
    return f"lines {at + 1} and {at + 2} swapped"


def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) line of each top-level block."""
    found, at = [], 0
    while at < len(lines):
        if lines[at].rstrip().endswith("{") and lines[at][:1] not in " \t#":
            end = at
            while end + 1 < len(lines) and not lines[end].startswith("}"):
                end += 1
            found.append((at, end))
            at = end
        at += 1
    return found


def repeat_block(lines: list[str], rng: random.Random) -> str:
    blocks = _blocks(lines)
    if not blocks:
        return "no block"
    start, end = rng.choice(blocks)
    lines[end + 1 : end + 1] = lines[start : end + 1]
    return f"block at line {start + 1} repeated"


def swap_blocks(lines: list[str], rng: random.Random) -> str:
    """Two blocks of one kind (two phases, two actions, two bonuses) swapped in place."""
    kinds: dict[str, list[tuple[int, int]]] = {}
    for start, end in _blocks(lines):
        kinds.setdefault(lines[start].split()[0], []).append((start, end))
    pairs = [found for found in kinds.values() if len(found) > 1]
    if not pairs:
        return "no two blocks of a kind"
    (a, a_end), (b, b_end) = sorted(rng.sample(rng.choice(pairs), 2))
    first, second = lines[a : a_end + 1], lines[b : b_end + 1]
    lines[b : b_end + 1] = first
    lines[a : a_end + 1] = second
    return f"blocks at lines {a + 1} and {b + 1} swapped"


def seats(lines: list[str], rng: random.Random) -> str:
    for at, line in enumerate(lines):
        match = re.match(r"(override )?seats (\d+)", line)
        if match:
            value = str(rng.choice([1, 2, 3, 5, 16]))
            lines[at] = line[: match.start(2)] + value + line[match.end(2) :]
            return f"line {at + 1}: seats {match.group(2)} -> {value}"
    return "no seats"


def names_line(lines: list[str], rng: random.Random) -> str:
    """A line of a `names` block dropped, repeated, given an odd name or another's key."""
    inside, found = False, []
    for at, line in enumerate(lines):
        if line.startswith("names") and line.rstrip().endswith("{"):
            inside = True
        elif line.startswith("}"):
            inside = False
        elif inside and line.strip() and not line.lstrip().startswith("#"):
            found.append(at)
    if not found:
        return "no names block"
    at = rng.choice(found)
    line, choice = lines[at], rng.randrange(4)
    if choice == 0:
        return f"names line {at + 1} dropped: {lines.pop(at).strip()[:60]}"
    if choice == 1 or ":" not in line:
        lines.insert(at, line)
        return f"names line {at + 1} repeated"
    key, value = line.split(":", 1)
    if choice == 2:
        lines[at] = f"{key}: {rng.choice([*NAME_VALUES, value.strip() * 2])}"
        return f"names line {at + 1}: another name"
    lines[at] = f"{lines[rng.choice(found)].split(':')[0]}:{value}"
    return f"names line {at + 1}: another key"


CONSTRUCT_EDITS = (
    [newest_number] * 4
    + [newest_word] * 3
    + [newest_drop_or_repeat] * 3
    + [card_name] * 3
    + [option_value] * 2
    + [extends_another, repeat_block, seats]
    + [swap_lines, swap_blocks] * 2
    + [names_line] * 2
)
