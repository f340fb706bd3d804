"""Rule files built to cost the most within the limits: the densest text a file may hold,
the largest deck, the most group combinations, the deepest expressions, a full `extends`
chain. `benchmarks/bench_limits.py` measures checking each (CPU time and peak memory, each
in a fresh process); the fuzz campaign mixes them in; the tests check what each gives.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tablerules.dsl.limits import (
    MAX_CARD_KINDS,
    MAX_COMPOSED_BYTES,
    MAX_COPIES,
    MAX_DEALT,
    MAX_EXPRESSION_DEPTH,
    MAX_EXTENDS_DEPTH,
    MAX_GROUP_SIZE,
    MAX_RULE_BYTES,
    MAX_RULE_LINES,
    MAX_SEATS,
)

MARGIN = 64  # bytes left under the size limit, for the head and tail of a file
FILLER = "seats 2 named a b c d e f g h i j k l m n o p q r s t u v w x y z [A-1]\n"


def _fill(unit: str, head: str = "", tail: str = "", limit: int = MAX_RULE_BYTES) -> str:
    """`head`, then `unit` as many times as the size limit allows, then `tail`."""
    room = limit - len((head + tail).encode()) - MARGIN
    return head + unit * max(room // len(unit.encode()), 0) + tail


def _big_deck(play: bool) -> str:
    """256 card kinds × 16 copies over 16 suits, groups standing for the most combinations
    the limit lets them, 16 seats dealt 40 cards each; with `play`, claims and settlement."""
    suits = [f"s{i}" for i in range(16)]
    cards = "\n".join(
        f"  c{i} suit={suits[i % 16]} rank={i // 16 + 1} colour={'red' if i % 2 else 'black'}"
        for i in range(MAX_CARD_KINDS)
    )
    text = f"""game big "every limit at once" [B-1]
seats {MAX_SEATS} [B-1]
attribute suit: {" | ".join(suits)} [B-1]
attribute rank: 1..16 [B-1]
attribute colour: red | black [B-1]
deck [B-1] {{
  copies {MAX_COPIES}
{cards}
}}
zone hand per seat private [B-1]
zone melds per seat public [B-1]
zone discards per seat public [B-1]
zone wall shared hidden [B-1]
deal [B-1] {{
  {MAX_DEALT} to each hand
  rest to wall
}}
group alike "{MAX_GROUP_SIZE} alike" [B-1] {{
  pattern same {MAX_GROUP_SIZE}
  in hand, on table
}}
group three "three alike" [B-1] {{
  pattern same 3
  in hand, on table
}}
group row "a run in a suit" [B-1] {{
  pattern run {MAX_GROUP_SIZE} of rank, same suit
  in hand
}}
group short "a run of three" [B-1] {{
  pattern run 3 of rank, same suit
  in hand
}}
group twins "two and two" [B-1] {{
  pattern same rank, split colour 2 + 2
  in hand
}}
group pair [B-1] {{
  pattern same 2
  in hand
}}
win [B-1] {{
  groups 5
  pairs of pair: 1
}}
"""
    if not play:
        return text
    return (
        text
        + """turn [B-2] {
  dealer begins by drawing
  draw from wall head, kept
}
action win "win" [B-2] {
  on draw by self
  on discard by others
  win
  priority 3
}
action claim "three alike" [B-2] {
  on discard by others: 2 alike from hand
  makes three
  then discard
  priority 2
}
end [B-2] {
  drawn hand when wall is empty
}
settle money [B-2] {
  on discard: discarder pays 2
  on draw: each other pays 1
}
"""
    )


def _deep_expressions() -> str:
    depth = MAX_EXPRESSION_DEPTH - 1
    expression = "(unit + " * depth + "1" + ")" * depth
    line = f"  let x = {expression}\n"
    return _fill(line, "settle many [B-2] {\n", "}\n")


def _most_lines() -> str:
    """As many one-clause lines as the line and size limits allow."""
    lines: list[str] = []
    size = 0
    while len(lines) < MAX_RULE_LINES - 1:
        line = f"set o{len(lines)} = 1\n"
        if size + len(line) > MAX_RULE_BYTES - MARGIN:
            break
        lines.append(line)
        size += len(line)
    return "".join(lines)


def _extends_chain(count: int) -> dict[str, str]:
    """A chain of `count` files, each as large as the composed limit lets it be."""
    share = min(MAX_RULE_BYTES, MAX_COMPOSED_BYTES // count)
    files = {"f0.rules": _fill(FILLER, "", "", share)}
    for index in range(1, count):
        files[f"f{index}.rules"] = _fill(FILLER, f'extends "f{index - 1}.rules"\n', "", share)
    return files


EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
POINTS_HEAD = 'extends "pebbles-play.rules"\nscore points "p" [PEB-8] {\n  at most 5\n}\n'
POINTS_WIN = (
    "override win [PEB-3] {\n  groups 2\n  pairs of pair: 1\n  score points at least 1\n}\n"
)


def _pebbles() -> dict[str, str]:
    """The small game of the documentation, as the base of the scoring files."""
    return {
        name: (EXAMPLES / name).read_text(encoding="utf-8")
        for name in ("minimal.rules", "pebbles-play.rules")
    }


def _pattern_chain(circle: bool) -> str:
    """As many patterns as the file holds, each reading the next (the last reads the first
    when `circle`): the longest chain the patterns' order and circle check must follow."""
    room = MAX_RULE_BYTES - len(POINTS_HEAD) - len(POINTS_WIN) - MARGIN
    lines = MAX_RULE_LINES - POINTS_HEAD.count("\n") - POINTS_WIN.count("\n") - 1
    count = min(room // len(_chained(99_999, 99_999)), lines // 4)
    patterns = [
        _chained(i, (i + 1) % count if circle or i < count - 1 else None) for i in range(count)
    ]
    return POINTS_HEAD + "".join(patterns) + POINTS_WIN


def _chained(index: int, reads: int | None) -> str:
    condition = f"p{reads}" if reads is not None else "1"
    return f"pattern p{index} [PEB-8] {{\n  when {condition}\n  worth 1\n}}\n"


def _scoring_on_the_big_deck() -> str:
    """The largest deck with forms and a score, and as many patterns reading the hand (card
    filters, distinct values, groups with cards) as the file holds."""
    text = _big_deck(play=True) + (
        'form everything "each card once" [B-1] {\n'
        "  each of (suit s0 s1 s2 s3 s4 s5 s6 s7) once, and 40 more\n  wins\n}\n"
        'form many "eight of anything" [B-1] {\n'
        "  8 of alike three row short twins pair\n  wins\n}\n"
        'score pts "points" [B-1] {\n  at most 1000\n  decides the best split\n}\n'
    )
    index = 0
    while True:
        pattern = (
            f"pattern p{index} [B-1] {{\n"
            f"  when distinct suit in (rank {index % 16 + 1}) < 16 and cards (colour red) > "
            f"{index % 5}\n"
            f"  counts groups of alike three row short with (suit s{index % 16}) "
            "+ claimed groups + count pair\n"
            f"  worth {index + 1}\n}}\n"
        )
        if len((text + pattern).encode()) > MAX_RULE_BYTES - MARGIN:
            return text
        text += pattern
        index += 1


# Files of ADVERSARIAL that are valid games (the others must give errors).
VALID = {
    "every deck and group limit at once",
    "every limit at once, with play clauses",
    "hand patterns: a chain filling the file, each reading the next",
    "hand patterns reading the hand, forms and a score, on the largest deck",
}

# name -> the file's text (what to check), the files it extends beside it
ADVERSARIAL: dict[str, Callable[[], tuple[str, dict[str, str]]]] = {
    "densest tokens: one line of seat names": lambda: (
        _fill(" s", "game g [A-1]\nseats 2 named", "\n"),
        {},
    ),
    "densest tokens: one card of 16,000 attributes": lambda: (
        _fill(" a=1", "deck [A-1] {\n c0", "\n}\n"),
        {},
    ),
    "an operator chain filling the file": lambda: (
        _fill(" + 1", "settle s [A-1] {\n let x = 1", "\n}\n"),
        {},
    ),
    "deepest expressions filling the file": lambda: (_deep_expressions(), {}),
    "the most lines, each a clause": lambda: (_most_lines(), {}),
    "ten syntax errors at the end of a full file": lambda: (
        _fill('option o "t": int 1..3 = 1 [X-1]\n', "", "option q int = 1\n" * 10),
        {},
    ),
    "ten syntax errors, each after a long run of letters": lambda: (
        ("set " + "a" * (MAX_RULE_BYTES // 11) + " = = 1\n") * 10,
        {},
    ),
    "a diagnostic on every line": lambda: (
        _fill("set nothing = 1 [A-1]\n"),
        {},
    ),
    "every deck and group limit at once": lambda: (_big_deck(play=False), {}),
    "every limit at once, with play clauses": lambda: (_big_deck(play=True), {}),
    "an extends chain at the depth limit": lambda: (
        f'extends "f{MAX_EXTENDS_DEPTH - 2}.rules"\n',
        _extends_chain(MAX_EXTENDS_DEPTH - 1),
    ),
    "two files filling the composed limit": lambda: (
        _fill(FILLER, 'extends "f0.rules"\n', "", MAX_COMPOSED_BYTES // 2),
        {"f0.rules": _fill(FILLER, "", "", MAX_COMPOSED_BYTES // 2)},
    ),
    "hand patterns: a chain filling the file, each reading the next": lambda: (
        _pattern_chain(circle=False),
        _pebbles(),
    ),
    "hand patterns: a circle filling the file": lambda: (_pattern_chain(circle=True), _pebbles()),
    "hand patterns reading the hand, forms and a score, on the largest deck": lambda: (
        _scoring_on_the_big_deck(),
        {},
    ),
}
