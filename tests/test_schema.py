"""The IR's JSON Schema is real: both bundled rule files' IR validate against it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from tablerules.cli.main import main
from tablerules.dsl.loading.loader import load
from tablerules.dsl.model.schema import ir_json, ir_schema

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "name",
    [
        "paomazai.rules",
        "paohuzi.rules",
        "hongkong.rules",  # rounds, round and seat cards, patterns, scores, a table
        "variants/paomazai-faan.rules",  # an attribute block, a form of cards, a limit
        "variants/paohuzi-3p-mingtang.rules",  # two bases
    ],
)
def test_bundled_rule_files_validate_against_the_schema(name: str) -> None:
    loaded = load(ROOT / "rules" / name)
    assert loaded.ok
    jsonschema.Draft202012Validator(ir_schema()).validate(ir_json(loaded.rules))


def test_the_schema_rejects_a_malformed_ir() -> None:
    loaded = load(ROOT / "rules" / "paohuzi.rules")
    data = ir_json(loaded.rules)
    data["groups"]["碰"]["pattern"]["head"] = "zigzag"
    data["seats"]["count"] = "four"
    validator = jsonschema.Draft202012Validator(ir_schema())
    paths = sorted("/".join(map(str, e.absolute_path)) for e in validator.iter_errors(data))
    # Optional fields are `anyOf` a model or null, so errors name the field that holds them.
    assert any(path.startswith("groups/碰/pattern") for path in paths)
    assert any(path.startswith("seats") for path in paths)
    assert len(paths) == 2


def test_schema_command_writes_the_same_schema(tmp_path: Path, capsys) -> None:
    target = tmp_path / "ir.schema.json"
    assert main(["schema", "-o", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == ir_schema()
    jsonschema.Draft202012Validator.check_schema(ir_schema())


def test_show_prints_the_expanded_rules_that_validate(capsys) -> None:
    variant = ROOT / "docs" / "examples" / "variant.rules"
    assert main(["show", str(variant)]) == 0
    document = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(ir_schema()).validate(document["rules"])
    assert document["rules"]["extends"] and document["option_values"]
    assert main(["show", str(ROOT / "tests" / "golden" / "negative" / "unknown_group.rules")]) == 1
