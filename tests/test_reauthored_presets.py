"""The presets 跑馬仔 番 (PMZ-F) and 跑胡子 名堂 (PHZ-M), and 常德跑胡子 (CD), written twice:
the bundled variants and independent writings of RULES.md's sections over the same bundled
bases (tests/fixtures/reauthored/) judge the same hands alike — wins, 胡息 and the money of
every 名堂 or 番 — and the bundled golden scenarios pass on both (their explanations left
out: the writings name 烏胡/黑胡 and order the 名堂 each their own way)."""

from __future__ import annotations

from pathlib import Path

import pytest
from reauthored_hands import differences, golden_against, mahjong_hands, paohuzi_hands

REAUTHORED = "tests/fixtures/reauthored"


def test_paomazai_faan_judges_and_pays_every_hand_alike() -> None:
    hands = mahjong_hands(300, seed=13, honours=True, wild=None, orphans=True)
    ours = f"{REAUTHORED}/paomazai-faan.rules"
    assert differences(ours, "rules/variants/paomazai-faan.rules", hands) == []


def test_paohuzi_mingtang_judges_and_pays_every_hand_alike() -> None:
    hands = paohuzi_hands(300, seed=14, groups=5, dealt=0.15)
    ours = f"{REAUTHORED}/paohuzi-mingtang.rules"
    assert differences(ours, "rules/variants/paohuzi-mingtang.rules", hands) == []


def test_changde_judges_and_pays_every_hand_alike() -> None:
    hands = paohuzi_hands(300, seed=15, groups=7, dealt=0.15)
    ours = f"{REAUTHORED}/paohuzi-changde.rules"
    assert differences(ours, "rules/variants/paohuzi-changde.rules", hands) == []


@pytest.mark.parametrize(
    ("folder", "rules", "ours"),
    [
        ("presets", "paomazai-faan.rules", "paomazai-faan.rules"),
        ("presets", "paohuzi-mingtang.rules", "paohuzi-mingtang.rules"),
        ("changde", "paohuzi-changde.rules", "paohuzi-changde.rules"),
    ],
)
def test_the_bundled_golden_scenarios_pass_on_the_independent_writing(
    folder: str, rules: str, ours: str, tmp_path: Path
) -> None:
    assert golden_against(folder, rules, f"{REAUTHORED}/{ours}", tmp_path) == []
