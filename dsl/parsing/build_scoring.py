"""Parse tree to IR for how hands score: lookup tables, hand patterns and scores.

A mixin of the clause builder in `dsl.parsing.build`, which supplies the shared helpers (`split`,
`tokens`, `trees`, `span`, `integer`, `name_and_title`, `error`).
"""

from __future__ import annotations

from lark import Tree
from tablerules.dsl.model import ir, ir_scoring


class ScoringClauses:
    """Lookup tables, hand patterns and the scores they make."""

    def clause_lookup_table(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        table = ir_scoring.LookupTable(name=name, title=title, span=self.span(node), cites=cites)
        seen: set[int] = set()
        for row in self.trees(rest, "table_row"):
            parts, row_cites = self.split(row.children)
            key = self.integer(parts[0], "a table's key")
            value = self.integer(parts[1], "a table's value")
            if key in seen:
                self.error(parts[0], "E102", f"the key {key} is given twice")
            seen.add(key)
            table.rows.append(
                ir_scoring.TableRow(key=key, value=value, span=self.span(row), cites=row_cites)
            )
        return "tables", name, table

    def clause_hand_pattern(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        pattern = ir_scoring.HandPattern(name=name, title=title, span=self.span(node), cites=cites)
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            pattern.note_item(item.data, self.span(item))
            pattern.cites.extend(c for c in item_cites if c not in pattern.cites)
            if item.data == "pattern_when":
                pattern.when.append(self.expr(parts[0]))
            elif item.data == "pattern_counts":
                if pattern.counts is not None:
                    self.error(item, "E102", "'counts' is given twice")
                pattern.counts = self.expr(parts[0])
            elif item.data == "pattern_worth":
                amount_node, *score = parts
                pattern.worth.append(
                    ir_scoring.Worth(
                        op="add" if amount_node.data == "worth_add" else "times",
                        amount=self.value_word(amount_node.children[0]),
                        score=str(score[0]) if score else None,
                        span=self.span(item),
                        cites=item_cites,
                    )
                )
            elif item.data == "pattern_excludes":
                pattern.excludes.extend(str(w) for w in parts)
            else:
                pattern.limit = True
        return "patterns", name, pattern

    def clause_score(self, node: Tree) -> tuple[str, str | None, ir.Clause]:
        rest, cites = self.split(node.children)
        name, title = self.name_and_title(rest)
        score = ir_scoring.Score(name=name, title=title, span=self.span(node), cites=cites)
        seen: set[str] = set()
        for item in self.trees(rest):
            parts, item_cites = self.split(item.children)
            score.note_item(item.data, self.span(item))
            score.cites.extend(c for c in item_cites if c not in score.cites)
            if item.data == "score_best":
                score.decides_best = True
                continue
            if item.data in seen:
                words = "starts at" if item.data == "score_starts" else "at most"
                self.error(item, "E102", f"'{words}' is given twice in this block")
            seen.add(item.data)
            number = self.value_word(parts[0])
            if item.data == "score_starts":
                score.starts_at = number
            else:
                score.at_most = number
        return "scores", name, score
