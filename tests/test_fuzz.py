"""The short fuzzing budget of the suite: Hypothesis writes rule files from the grammar and
mutates real rule files, hands and logs; a small campaign of the fuzz runner goes through all
four targets; and each adversarial file at the limits gives what it should. `make fuzz` runs
the long campaign (docs/reliability.md has its last result)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tablerules.interpreter.api import check  # noqa: E402

from fuzz.adversarial import ADVERSARIAL, VALID  # noqa: E402
from fuzz.corpus import corpus  # noqa: E402
from fuzz.grammar import derive  # noqa: E402
from fuzz.inputs import INPUTS  # noqa: E402
from fuzz.mutate import damage_bytes, mutate  # noqa: E402
from fuzz.run import campaign  # noqa: E402
from fuzz.targets import TARGETS  # noqa: E402

FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
OUTCOMES = {"ok", "refused", "limit"}


class DrawnChooser:
    """Grammar choices drawn from Hypothesis, which can then shrink a failing file."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choose(self, count: int) -> int:
        return self.data.draw(st.integers(0, count - 1)) if count > 1 else 0


@FUZZ
@given(st.data())
def test_rule_files_written_from_the_grammar(data: st.DataObject) -> None:
    seeds = corpus()
    text = derive(DrawnChooser(data), seeds.words, ['"a title"', '"名"'], depth=10)
    assert TARGETS["rules"](text.encode("utf-8", "surrogatepass"), 1) in OUTCOMES


@FUZZ
@given(st.sampled_from(sorted(corpus().rules)), st.randoms(use_true_random=False), st.booleans())
def test_mutated_rule_files(name: str, rng: random.Random, damaged: bool) -> None:
    seeds = corpus()
    data = mutate(seeds.rules[name], rng, seeds.words, list(seeds.rules.values())).encode(
        "utf-8", "surrogatepass"
    )
    if damaged:
        data = damage_bytes(data, rng)
    assert TARGETS["rules"](data, rng.randrange(1000)) in OUTCOMES


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["notation", "hands", "replay"]), st.integers(0, 10**9))
def test_mutated_cards_hands_and_logs(target: str, index: int) -> None:
    data = INPUTS[target](index, 7)
    assert TARGETS[target](data, index) in OUTCOMES


def test_a_short_campaign_finds_nothing() -> None:
    summary = campaign(120, seed=11, jobs=1)
    assert summary["inputs"] == 120
    assert summary["findings"] == 0, summary["finding_details"]
    assert summary["over_time_limit"] == 0
    assert all(row["inputs"] for row in summary["targets"].values())


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_files_at_the_limits(name: str, tmp_path: Path) -> None:
    text, bases = ADVERSARIAL[name]()
    for base, base_text in bases.items():
        (tmp_path / base).write_text(base_text, encoding="utf-8")
    checked = check(tmp_path / "top.rules", text=text)
    for diagnostic in checked.diagnostics:
        assert diagnostic.line >= 1 and diagnostic.column >= 1
    if name in VALID:  # the limits reached, yet a valid game
        assert checked.ok, [d.render() for d in checked.errors]
    else:
        assert checked.errors
