"""A choice option's value must be one of its choices, of the choice's own kind: `false` is
not the choice 0, nor `true` the choice 1. Such a default once checked clean (Python holds
False == 0), play wrote `false` into its log's options, and replay then refused the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
BASE = 'extends "pebbles-play.rules"\n\n'


def _errors(text: str) -> list[tuple[str, int, str]]:
    loaded = load(str(EXAMPLES / "snippet.rules"), text=BASE + text)
    return [(d.code, d.line, d.message) for d in loaded.errors]


@pytest.mark.parametrize("value", ["false", "true"])
def test_a_truth_value_is_no_choice_of_numbers(value: str) -> None:
    errors = _errors(f'option birds "birds turned": 0 | 1 | 2 = {value} [PEB-6]\n')
    assert [(code, line) for code, line, _ in errors] == [("E104", 3)], errors
    assert "must be one of 0 | 1 | 2" in errors[0][2]


@pytest.mark.parametrize("value", ["false", "true"])
def test_a_truth_value_set_for_a_choice_of_numbers_is_refused(value: str) -> None:
    text = f'option birds "birds turned": 0 | 1 | 2 = 1 [PEB-6]\nset birds = {value} [PEB-6]\n'
    errors = _errors(text)
    assert [(code, line) for code, line, _ in errors] == [("E104", 4)], errors


@pytest.mark.parametrize("value", ["0", "2"])
def test_a_choice_of_numbers_loads_clean(value: str) -> None:
    text = f'option birds "birds turned": 0 | 1 | 2 = {value} [PEB-6]\nset birds = 1 [PEB-6]\n'
    assert _errors(text) == []


def test_a_value_that_does_not_fit_is_pointed_at() -> None:
    """The caret stands under the value, where the mistake is, not at the clause's start."""
    text = 'option birds "birds turned": 0 | 1 | 2 = 5 [PEB-6]\nset birds = 7 [PEB-6]\n'
    loaded = load(str(EXAMPLES / "snippet.rules"), text=BASE + text)
    found = [(d.line, d.column) for d in loaded.errors]
    default_at = text.index("= 5") + 3  # 1-based column of `5` on its line
    set_line = text.split("\n")[1]
    assert found == [(3, default_at), (4, set_line.index("7") + 1)]


def test_a_choice_of_truth_values_is_listed_as_the_file_writes_them() -> None:
    errors = _errors('option lucky "x": true | 3 = 4 [PEB-6]\n')
    assert "must be one of true | 3" in errors[0][2], errors
