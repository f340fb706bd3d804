"""An oracle for scores, from their documented rules alone (docs/language.md, "How patterns
count"), read against what `evaluate --json` reports of each split:

- if `limit` patterns hold, the score is the largest a single one of them gives the hand
  (its start, with that pattern's points added and factors multiplied, then capped);
- otherwise the patterns that hold and are not excluded count: the start plus their
  points, times their factors, then capped by `at most`.

A pattern that holds N times adds N times its points and multiplies by its factor N
times. The engine's and the evaluator's scores come from the same code, so comparing
them cannot catch a wrong rule (a ×20 limit taken over a 10 one when the score starts at
0, giving 0); this can.
"""

from __future__ import annotations

from typing import Any

from fuzz.harness import Finding

LARGE = 1 << 200  # past this, saturation at 2^256 may differ step by step: not compared


def _worth(score: str, patterns: list[dict[str, Any]]) -> tuple[int, int]:
    """The points added and the factor multiplied, for `score`, by these patterns."""
    added, factor = 0, 1
    for pattern in patterns:
        count = pattern["count"]
        for worth in pattern["worth"]:
            if worth["score"] != score:
                continue
            if worth["op"] == "add":
                added += worth["amount"] * count
            elif abs(worth["amount"]) > 1 and count > 1024:
                raise OverflowError  # past any cap: not compared
            else:
                factor *= worth["amount"] ** count
    return added, factor


def _value(score: dict[str, Any], patterns: list[dict[str, Any]]) -> int:
    added, factor = _worth(score["name"], patterns)
    raw = (score["start"] + added) * factor
    cap = score.get("cap")
    return raw if cap is None else min(raw, cap)


def expected_score(score: dict[str, Any], patterns: list[dict[str, Any]]) -> int:
    """What a score should be, from the patterns that hold on a split."""
    holding = [p for p in patterns if p["count"] > 0]
    limits = [p for p in holding if p["limit"]]
    if limits:
        return max(_value(score, [limit]) for limit in limits)
    return _value(score, [p for p in holding if not p.get("excluded_by")])


def check_scores(record: dict[str, Any]) -> None:
    """Every split's every score is what its patterns make."""
    for number, split in enumerate(record.get("decompositions") or [], start=1):
        patterns = split.get("patterns") or []
        for score in (split.get("scores") or {}).values():
            try:
                expected = expected_score(score, patterns)
            except OverflowError:
                continue
            if max(abs(expected), abs(score["value"])) > LARGE:
                continue
            if score["value"] != expected:
                raise Finding(
                    f"split {number}: {score['name']} is {score['value']}, its patterns make "
                    f"{expected} ({score.get('arithmetic', '')})"
                )
