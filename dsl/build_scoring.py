"""Parse tree to IR for how hands score: lookup tables.

A mixin of the clause builder in `dsl.build`, which supplies the shared helpers (`split`,
`tokens`, `trees`, `span`, `integer`, `name_and_title`, `error`).
"""

from __future__ import annotations

from lark import Tree
from tablerules.dsl import ir, ir_scoring


class ScoringClauses:
    """Lookup tables: a number in, a number out."""

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
