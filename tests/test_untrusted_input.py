"""A rule file is untrusted input: whatever the text, loading returns diagnostics, never raises."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablerules.dsl.loader import load
from tablerules.interpreter.api import Game

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    (ROOT / "rules" / name).read_text(encoding="utf-8")
    for name in ("paomazai.rules", "paohuzi.rules")
]
ALPHABET = st.sampled_from([*'{}[]:|=,+()".\n #-_ab1290碰胡跑', "group", "same", "win"])


def _use(text: str) -> None:
    loaded = load(ROOT / "rules" / "fuzzed.rules", text=text)
    for diagnostic in loaded.diagnostics:
        assert diagnostic.line >= 0 and diagnostic.column >= 0
        diagnostic.render()
    if loaded.ok:
        Game(loaded.rules, loaded.options)  # a file that checks must also compile


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ALPHABET, max_size=60).map("".join))
def test_random_text_gives_diagnostics_not_exceptions(text: str) -> None:
    _use(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    source=st.sampled_from(SOURCES),
    cut=st.integers(min_value=0, max_value=10_000),
    length=st.integers(min_value=0, max_value=40),
    insert=st.lists(ALPHABET, max_size=6).map("".join),
)
def test_damaged_rule_files_give_diagnostics_not_exceptions(
    source: str, cut: int, length: int, insert: str
) -> None:
    position = cut % (len(source) + 1)
    _use(source[:position] + insert + source[position + length :])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SOURCES), st.integers(min_value=0, max_value=400))
def test_a_dropped_line_never_crashes(source: str, index: int) -> None:
    lines = source.splitlines()
    del lines[index % len(lines)]
    _use("\n".join(lines))
