"""Text to IR: the grammar (`rules.lark`), the parser with its cached LALR tables, and the
IR clauses built from the parse tree."""
