"""Clauses of money: settlements with `let` lines, a number carried from hand to hand, the
base's bonus draw and actions paid otherwise, a bonus read against the winner, and money
at a drawn hand between seats chosen by their hands."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fuzz.scoring.words import CITE, COMPARE, HUGE, LABELS, NUMBERS

if TYPE_CHECKING:
    from fuzz.scoring.writer import Writer


class MoneyClauses:
    """A mixin of `fuzz.scoring.writer.Writer` (which supplies `rng`, `base` and `pick`)."""

    def settle_clause(self: Writer) -> str:
        self.paying = True  # `payer is dealer`, `payer seat`...: a settle block's own words
        try:
            return self._settle_lines()
        finally:
            self.paying = False

    def _settle_lines(self: Writer) -> str:
        lines = []
        for index in range(self.rng.randint(0, 2)):
            lines.append(f"  let l{index} = {self.expression(settling=True)}")
        for _ in range(self.rng.randint(1, 3)):
            context = self.pick(["draw", "discard", "replacement", "added card", "deal card"])
            payer = self.pick(["each other", "discarder", "robbed"])
            amount = self.expression(settling=True)
            label = self.pick(LABELS)
            line = f'  on {context}: {payer} pays {amount} "{label}"'
            if not any(written.startswith(f"  on {context}:") for written in lines):
                lines.append(line)  # a context paid twice is refused: its second line is dead
        if self.rng.random() < 0.5:
            lines.append(f'  otherwise: each other pays {self.expression(settling=True)} "x"')
        return f"settle fz {CITE} {{\n" + "\n".join(lines) + "\n}\n"

    def carry_clause(self: Writer) -> str:
        """A number carried from hand to hand, its updates reading itself and the streak,
        and a settlement line that pays it."""
        lines = []
        if self.rng.random() < 0.7:
            lines.append(f"  starts at {self.pick(NUMBERS[:8])}")
        updates = {
            "after win": ["0", "fzc + 1", "fzc × 2", "streak", *HUGE],
            "after drawn hand": ["fzc + 1", "fzc × 2", "max(fzc - 1, 0)", "2 ^ fzc", *HUGE],
        }
        for case, choices in updates.items():
            if self.rng.random() < 0.8:
                lines.append(f"  {case}: {self.pick(choices)}")
        amount = self.pick(["fzc", "2 ^ min(fzc, 8)", f"fzc × {self.pick(NUMBERS[:6])}"])
        carry = f'carry fzc "a fuzzed carried number" {CITE} {{\n' + "\n".join(lines) + "\n}\n"
        return carry + f'settle fzk {CITE} {{\n  otherwise: each other pays {amount} "k"\n}}\n'

    def bonus_override(self: Writer) -> str:
        name = self.pick([k for (c, k) in self.base.blocks if c == "bonus"])
        text = self.base.blocks[("bonus", name)]
        choices = ["settled", "hits", self.expression(settling=True), "2 × unit", *HUGE]
        amount = self.pick(choices)
        per_hit = self.pick([" per hit", " per hit", ""])
        line = f'  pays: each other pays {amount}{per_hit} "{self.pick(LABELS)}"'
        text = re.sub(r"(?m)^  pays:.*$", line, text, count=1)
        if self.rng.random() < 0.4:
            text = re.sub(r"(?m)^  count .*$", f"  count {self.pick(NUMBERS[:7])}", text, count=1)
        return "override " + text + "\n"

    def bonus_reading(self: Writer) -> str:
        """A second bonus read against the winner, beside the base's: seats counted from
        the winner with `payer hit`, a card filter, or copies in the winning hand; paid by
        `each payer`."""
        name = self.pick([k for (c, k) in self.base.blocks if c == "bonus"])
        text = self.base.blocks[("bonus", name)]
        zone = re.search(r"(?m)^  drawn from (\S+) (head|tail)", text)
        seats = re.search(r"(?m)^  hit when in seat cards (\S+)", text)
        drawn = f"{zone.group(1)} {zone.group(2)}" if zone else "wall head"
        hits = [f"hit when {self.items()}", "hit per copy in winning hand"]
        if seats:
            hits.append(f"hit when in seat cards {seats.group(1)} counted from winner")
        hit = self.pick(hits)
        amount = self.pick(["settled", "hits", "2 × hits", *HUGE])
        if hit.startswith("hit when in seat"):
            amount = self.pick(["settled × (hits + payer hit)", "payer hit", amount])
        reads_win = "copy" in hit and self.rng.random() < 0.5
        missing = "  missing reads winning card\n" if reads_win else ""
        return (
            f'bonus FZB "a fuzzed bonus read against the winner" {CITE} {{\n'
            f"  after win on draw, discard\n  count {self.pick(NUMBERS[:4])}\n"
            f"  drawn from {drawn}\n  {hit}\n{missing}"
            f'  pays: each payer pays {amount} "{self.pick(LABELS)}"\n}}\n'
        )

    def action_override(self: Writer) -> str:
        """An action's own payment (a kong's) with another amount and label: paid in play
        without a win, so its label reaches the statistics of short simulations."""
        paying = [
            k for (c, k), text in self.base.blocks.items() if c == "action" and "pays:" in text
        ]
        text = self.base.blocks[("action", self.pick(paying))]
        amount = self.pick([self.pick(NUMBERS), *self.base.numbers])
        line = f'  pays: each other pays {amount} "{self.pick(LABELS)}"'
        return "override " + re.sub(r"(?m)^  pays:.*$", line, text, count=1) + "\n"

    def drawn_clauses(self: Writer) -> str:
        """Money at a drawn hand between seats chosen by their hands (`ready`, `playing`,
        `holds distinct ATTR`, `best win of payee`), the payments of the base's paying
        actions handed back, and a transfer of them at a win."""
        attribute = self.pick(list(self.base.attributes))
        conditions = [
            "ready",
            "not ready",
            "playing and ready",
            f"holds distinct {attribute} {self.pick(COMPARE)} {self.pick(NUMBERS[:4])}",
            f"playing and holds distinct {attribute} > 1 and not ready",
        ]
        amounts = ["best win of payee", "best win of payer", "min(best win of payee, 8)", "2"]
        amount = self.pick([*amounts, *HUGE])
        payers, payees = self.pick(conditions), self.pick(conditions)
        lines = [
            f"  at drawn hand: each seat where {payers} pays {amount} to each seat where"
            f' {payees} "dr"'
        ]
        paying = [
            k for (c, k), text in self.base.blocks.items() if c == "action" and "pays:" in text
        ]
        transfer = ""
        if paying:
            actions = " ".join(self.rng.sample(paying, self.rng.randint(1, len(paying))))
            if self.rng.random() < 0.5:
                lines.append(f'  at drawn hand: payments of {actions} go back "rf"')
            else:
                lines.append(
                    f"  at drawn hand: each seat paying at fzd hands back payments of {actions}"
                )
            if self.rng.random() < 0.5:
                transfer = (
                    f"settle fzt {CITE} {{\n  on win on discard after replacement: payments of"
                    f' {actions} go to winner "tr"\n}}\n'
                )
        return f"settle fzd {CITE} {{\n" + "\n".join(lines) + "\n}\n" + transfer
