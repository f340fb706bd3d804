"""Small rule files made from templates, each from a seed: what the differential test plays
besides the bundled files.

A file is an invented game of coloured, numbered cards (and, in some files, a ghost card)
with claims, kongs and a win clause, varied where the engine and the evaluator may part
ways: many groups (16 and more, of single cards), `where` filters on group kinds (a claim
must never build a group its kind forbids), a trigger group in the pair rule, scores with
`limit` patterns (added and multiplied), and `when` conditions on the win that read how it
was won. The same seed always gives the same text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

COLOURS = ("red", "green", "blue", "grey")
CARD_LETTER = {"red": "r", "green": "g", "blue": "b", "grey": "y"}
GHOST = "G"

# conditions a `when` line of the win may ask (every one reads how the hand was won)
WIN_CONDITIONS = (
    "won on draw by self or points >= 2",
    "won on discard by next or points >= 1",
    "not first discard",
    "first draw or points >= 1",
    "not last card or dealer wins",
    "claimed groups = 0 or won on discard",
)


@dataclass(frozen=True)
class Generated:
    """A generated rule file: its name (a file stem) and its text."""

    name: str
    text: str


def _choose(rng: random.Random, *options: str) -> str:
    return options[rng.randrange(len(options))]


class _Template:
    """The choices of one file, drawn from one seed, and the text they give."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(f"differential:{seed}")
        self.seed = seed
        self.many = rng.random() < 0.4  # a win of 16 groups or more
        self.seats = rng.choice((2, 3, 4))
        self.colours = COLOURS[: rng.choice((2, 3, 4))]
        self.numbers = rng.choice((5, 7, 9))
        if self.many:  # a deck that deals every seat 16 cards and more
            self.colours, self.numbers = COLOURS, 9
        self.copies = rng.choice((3, 4))
        self.ghost = rng.random() < 0.5  # a ghost card, which some groups leave out
        cards = len(self.colours) * self.numbers * self.copies + self.copies * self.ghost
        if self.many:
            merged = rng.choice((0, 1, 2))  # pairs or threes the win asks besides singles
            self.dealt = min(15 + merged + rng.choice((0, 1, 3)), cards // (self.seats + 2))
            self.groups = max(self.dealt + 1 - merged, 1)
            self.pairs = rng.choice((0, 1)) if merged else 0
        else:
            self.dealt = min(rng.choice((4, 7, 10, 13)), cards // (self.seats + 2))
            self.groups = (self.dealt + 1) // 3 + (1 if (self.dealt + 1) % 3 else 0)
            self.pairs = 1 if (self.dealt + 1) % 3 == 2 else 0
        self.trigger = not self.many and self.pairs == 1 and rng.random() < 0.3
        self.three_where = self._filter(rng)
        self.pair_where = self._filter(rng) if rng.random() < 0.3 else ""
        self.single_where = _choose(rng, "", ", where colour red", ", where ghost no")
        self.kongs = self.copies == 4 and rng.random() < 0.7  # four alike needs four copies
        self.scored = rng.random() < 0.6
        self.limits = self.scored and rng.random() < 0.6
        self.minimum = rng.choice((0, 1)) if self.scored else 0
        self.cap = rng.choice(("", "  at most 40\n")) if self.scored else ""
        self.condition = rng.choice(WIN_CONDITIONS) if self.scored and rng.random() < 0.6 else ""

    def _filter(self, rng: random.Random) -> str:
        """A `where` on a group kind, or none."""
        if self.ghost and rng.random() < 0.6:
            return ", where ghost no"
        if rng.random() < 0.3:
            return f", where colour {' '.join(self.colours[:-1])}"
        return ""

    # ── the text ───────────────────────────────────────────────
    def text(self) -> str:
        parts = [
            self._head(),
            self._deck(),
            self._groups(),
            self._win(),
            self._play(),
            self._scoring(),
            self._money(),
        ]
        return "\n".join(part for part in parts if part)

    def _head(self) -> str:
        return (
            f'game gen{self.seed} "Generated game {self.seed}" [GEN-1]\n'
            f"seats {self.seats} [GEN-1]\n\n"
            f"attribute colour: {' | '.join(self.colours)} [GEN-1]\n"
            f"attribute number: 1..{self.numbers} [GEN-1]\n"
            "attribute ghost: yes | no [GEN-1]\n"
        )

    def _deck(self) -> str:
        lines = [f"deck [GEN-1] {{\n  copies {self.copies}"]
        for colour in self.colours:
            for number in range(1, self.numbers + 1):
                card = f"{number}{CARD_LETTER[colour]}"
                lines.append(f"  {card} colour={colour} number={number} ghost=no")
        if self.ghost:
            lines.append(f"  {GHOST} colour={self.colours[0]} number=1 ghost=yes")
        lines.append("}\n")
        lines.append("zone pile shared hidden [GEN-1]")
        lines.append("zone hand per seat private [GEN-1]")
        lines.append("zone table per seat public [GEN-1]")
        lines.append("zone discards per seat public [GEN-1]\n")
        lines.append(f"deal [GEN-1] {{\n  {self.dealt} to each hand\n  rest to pile\n}}\n")
        return "\n".join(lines)

    def _groups(self) -> str:
        groups = [
            _group("three", "three alike", f"same 3{self.three_where}", "in hand, on table"),
            _group("row", "three in a row", "run 3 of number, same colour", "in hand"),
            _group("pair", "two alike", f"same 2{self.pair_where}", "in hand"),
        ]
        if self.kongs:
            groups.append(_group("four", "four alike", f"same 4{self.three_where}", "on table"))
        if self.many:
            groups.append(_group("single", "one card", f"same 1{self.single_where}", "in hand"))
        return "\n".join(groups)

    def _win(self) -> str:
        lines = ["win [GEN-2] {", f"  groups {self.groups}"]
        if self.trigger:
            lines.append("  pairs of pair: 1 if any three, else 0")
        else:
            lines.append(f"  pairs of pair: {self.pairs}")
        if self.scored:
            lines.append(f"  score points at least {self.minimum}")
        if self.condition:
            lines.append(f"  when {self.condition}")
        lines.append("}\n")
        return "\n".join(lines)

    def _play(self) -> str:
        lines = [
            "turn [GEN-3] {",
            "  dealer begins by drawing",
            "  draw from pile head, kept",
            "  replacement from pile tail",
            "}\n",
            'action win "win" [GEN-3] {',
            "  on draw by self",
            "  on replacement by self",
            "  on discard by others",
        ]
        if self.kongs:
            lines.append("  on added card by others")
        lines += [
            "  win",
            "  priority 3",
            "}\n",
            'action take "a pong" [GEN-3] {',
            "  on discard by others: the card and 2 alike from hand",
            "  makes three",
            "  priority 2",
            "  then discard",
            "}\n",
        ]
        if self.kongs:
            lines += [
                'action kong "a kong on a discard" [GEN-3] {',
                "  on discard by others: the card and 3 alike from hand",
                "  makes four",
                "  priority 2",
                "  then replacement",
                "}\n",
                'action added "an added kong" [GEN-3] {',
                "  on draw by self: the card onto table three",
                "  makes four",
                "  robbable",
                "  then replacement",
                "}\n",
                'action hidden "a concealed kong" [GEN-3] {',
                "  on turn by self: 4 alike from hand",
                "  makes four concealed",
                "  then replacement",
                "}\n",
            ]
        lines += [
            "ties [GEN-3] {",
            "  win: all",
            "  others: nearest",
            "}\n",
            "end [GEN-3] {",
            "  drawn hand when pile is empty",
            "}\n",
        ]
        return "\n".join(lines)

    def _scoring(self) -> str:
        if not self.scored:
            return ""
        parts = [
            f'score points "points of a winning hand" [GEN-4] {{\n{self.cap}}}\n',
            _pattern("threes", "counts groups of three", "worth 1"),
            _pattern("own_draw", "when won on draw by self", "worth 1"),
            _pattern("pair_points", "counts groups of pair", "worth 2"),
        ]
        if self.limits:
            parts += [
                _pattern("one_colour", "when distinct colour = 1", "worth 10", "limit"),
                _pattern("all_threes", "when groups of three >= 2", "worth 1", "worth ×9", "limit"),
                _pattern("first_draw_limit", "when first draw", "worth 8", "limit"),
            ]
        return "\n".join(parts)

    def _money(self) -> str:
        amount = "points + 1" if self.scored else "1"
        return (
            "settle win [GEN-5] {\n"
            f'  on draw: each other pays {amount} "own draw"\n'
            f'  otherwise: discarder pays {amount} "discard"\n'
            "}\n\n"
            "next dealer [GEN-5] {\n"
            "  after win: winner\n"
            "  after several winners: discarder\n"
            "  after drawn hand: next of dealer\n"
            "}\n"
        )


def _group(name: str, title: str, pattern: str, places: str) -> str:
    return f'group {name} "{title}" [GEN-2] {{\n  pattern {pattern}\n  {places}\n  concealed\n}}\n'


def _pattern(name: str, *lines: str) -> str:
    body = "".join(f"  {line}\n" for line in lines)
    return f"pattern {name} [GEN-4] {{\n{body}}}\n"


def generated(seed: int) -> Generated:
    """The rule file of one seed."""
    return Generated(f"gen{seed}", _Template(seed).text())


def many_groups(seed: int) -> bool:
    """Whether the file of a seed asks for 16 groups or more."""
    template = _Template(seed)
    return template.many and template.groups >= 16
