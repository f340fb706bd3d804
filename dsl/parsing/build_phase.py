"""Parse tree to IR for the phases before play (an exchange of cards, a declaration) and
for the discard clause (the cards that must go first).

A mixin of the clause builder in `dsl.parsing.build`, which supplies the shared helpers
(`split`, `tokens`, `trees`, `span`, `integer`, `name_and_title`).
"""

from __future__ import annotations

from typing import ClassVar

from lark import Tree
from tablerules.dsl.model import ir


class PhaseClauses:
    """`phase NAME { each seat passes N cards of one ATTR to DIRECTION ... }`."""

    DIRECTIONS: ClassVar[dict[str, ir.Direction]] = {
        "to_next": "next",
        "to_previous": "previous",
        "to_across": "across",
    }

    def clause_phase(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        phase = ir.Phase(name=name, title=title, span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, _ = self.split(item.children)
            phase.note_item(item.data, self.span(item))
            words = self.tokens(parts)
            directions = [
                self.DIRECTIONS[p.data] for p in self.trees(parts) if p.data in self.DIRECTIONS
            ]
            kind = {"phase_passes": "exchange", "phase_declares": "declaration"}.get(item.data)
            if kind is not None and phase.kind is not None:
                self.error(
                    item,
                    "E110",
                    f"phase {name!r} already does one thing ({phase.kind})",
                    "a phase does one thing: write two phases, one after the other",
                )
                continue
            if item.data == "phase_passes":
                phase.kind = "exchange"
                phase.passes = self.integer(words[0], "the number of cards passed")
                phase.attribute = str(words[1])
                phase.direction = directions[0]
            elif item.data == "phase_drawn":
                if str(words[1]) != "a":
                    self.error(words[1], "E104", f"write 'to a direction drawn', not {words[1]!r}")
                phase.drawn_if = str(words[0])
                phase.drawn_from = directions
            else:
                phase.kind = "declaration"
                phase.attribute = str(words[0])
                phase.shown = any(
                    isinstance(p, Tree) and p.data == "shown_declaration" for p in parts
                )
        return "phases", name, phase
