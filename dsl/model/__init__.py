"""The rule language's typed IR: a rule file's clauses as plain records, the JSON Schema of
them, and the attribute values an attribute's block gives to cards."""
