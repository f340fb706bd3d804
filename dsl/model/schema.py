"""The JSON Schema of the IR, and the IR of a rule set as plain JSON data."""

from __future__ import annotations

from typing import Any

from tablerules.dsl.model.ir import RuleSet

SCHEMA_ID = "https://tablerules.invalid/schema/ruleset.json"


def ir_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) describing `RuleSet`, as pydantic generates it."""
    schema = RuleSet.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    return schema


def ir_json(rules: RuleSet) -> dict[str, Any]:
    """The IR as JSON-ready data (what the schema describes)."""
    return rules.model_dump(mode="json")
