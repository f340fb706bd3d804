"""`cards in hand` (CD-3's 耍猴, 單釣): the cards the winner held concealed before the winning
card — not its table groups, not the winning card. Counted from the hand and table groups by
`evaluate`, supplied by play (a 坎 held counts, whatever a forced group later takes of it),
said in the "not held" sentence in three languages, kept out of an action's payment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.api import check
from tablerules.interpreter.bots.players import GreedyBot, RandomBot, play_hand
from tablerules.interpreter.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
CHANGDE = ROOT / "rules/variants/paohuzi-changde.rules"
SCENARIOS = Path(__file__).parent / "golden/scenarios/changde"
TABLE = ["提:壹壹壹壹", "碰:拾拾拾", "碰:玖玖玖", "碰:捌捌捌", "一句話:一二三"]


def _evaluate(capsys: pytest.CaptureFixture[str], hand: str, table: list[str], *more: str) -> dict:
    args = ["evaluate", str(CHANGDE), "--hand", hand, "--win-card", "七", "--from", "discard"]
    for group in table:
        args += ["--table", group]
    main([*args, "--seat", "1", "--json", *more])
    return json.loads(capsys.readouterr().out)


def _best(result: dict) -> dict:
    return result["decompositions"][result["best"]]


def _named(result: dict) -> dict[str, int]:
    return {p["name"]: p["count"] for p in _best(result)["patterns"] if not p["excluded_by"]}


def _absent(result: dict) -> dict[str, str]:
    return {a["pattern"]: a["text"] for a in _best(result)["not_held"]}


def test_shuahou_is_one_card_held_paired_by_the_winning_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    held_one = _evaluate(capsys, "七", [*TABLE, "一句話:四五六"])
    assert held_one["wins"] and _named(held_one).get("耍猴") == 1
    # a 坎 stays in hand: four cards held before the winning card, no 耍猴
    with_kan = _evaluate(capsys, "三三三 七", [*TABLE[:4], "一句話:四五六"])
    assert with_kan["wins"] and "耍猴" not in _named(with_kan)
    assert _absent(with_kan)["耍猴"] == (
        "耍猴: exactly 1 card in hand before the winning card needed, 4 held [CD-3, P2-10]"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh-Hant", "耍猴：要正好 1 張贏牌之前手上的牌，這手有 4 張"),
        ("zh-Hans", "耍猴：要正好 1 张赢牌之前手上的牌，这手有 4 张"),
    ],
)
def test_the_not_held_sentence_in_chinese(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    result = _evaluate(capsys, "三三三 七", [*TABLE[:4], "一句話:四五六"], "--lang", lang)
    assert _absent(result)["耍猴"].startswith(said)


def test_the_engine_offers_and_pays_a_shuahou_win() -> None:
    result = run_scenario(SCENARIOS / "shuahou_single_card_paired.json")
    assert result.passed, result.failures
    assert result.table is not None
    win = next(e for e in result.table.events if e["type"] == "win")
    assert "耍猴" in [p["name"] for p in win["patterns"]]
    near = run_scenario(SCENARIOS / "kan_in_hand_is_no_shuahou.json")
    assert near.passed, near.failures


COUNTED = """extends "paomazai"

score 張 "cards in hand before the winning card" [PMZ-16] {
  starts at 0
}

pattern 手牌 "each card held before the winning card" [PMZ-16] {
  counts cards in hand
  worth 1
}
"""


def test_play_says_the_cards_held_before_a_discard_or_an_own_draw(tmp_path: Path) -> None:
    """跑馬仔 holds 13 cards before the winning card, less 3 for each meld on the table
    (a kong's fourth card is made up by its replacement): a self-draw's card, already in
    the hand, is not counted, nor is a discard's."""
    path = tmp_path / "counted.rules"
    path.write_text(COUNTED, encoding="utf-8")
    checked = check(path)
    assert checked.ok and checked.game is not None, [d.render() for d in checked.errors]
    game = checked.game
    contexts = set()
    for seed in range(16):
        bots = [GreedyBot(seed * 4 + s) for s in range(4)]
        table = play_hand(game, bots, seed)
        for event in table.events:
            if event["type"] != "win":
                continue
            melds = len(table.state.seats[event["seat"]].table)
            assert event["scores"]["張"]["value"] == 13 - 3 * melds, (seed, event)
            contexts.add(event["context"])
    assert {"draw", "discard"} <= contexts


def test_evaluate_counts_a_whole_hand_given_without_its_winning_card(tmp_path: Path) -> None:
    """A hand given whole, won on one's own draw: one of its cards is the winning card;
    with the winning card given apart, every card of the hand counts."""
    path = tmp_path / "counted.rules"
    path.write_text(COUNTED, encoding="utf-8")
    game = load_game(path)
    whole = game.evaluate_text("111222333m 444m 55m")  # 14 cards, a self-draw
    apart = game.evaluate_text("111222333m 444m 5m", win_card="5m", source="discard")
    kong = game.evaluate_text("111222333m 5m", table="槓:4444m", win_card="5m", source="self")
    for result, held in ((whole, 13), (apart, 13), (kong, 10)):
        assert result.best is not None and result.best.judgement is not None
        assert result.best.judgement.value("張") == held


def test_cards_in_hand_is_not_read_in_an_action_payment(tmp_path: Path) -> None:
    path = tmp_path / "paid.rules"
    path.write_text(
        'extends "paohuzi-changde"\n\noverride action 提 "four alike" [PHZ-6] {\n'
        "  on deal by self: 4 alike from hand\n  makes 提\n  forced\n"
        '  pays: each other pays cards in hand "提"\n}\n',
        encoding="utf-8",
    )
    errors = [d for d in load(path).diagnostics if d.severity == "error"]
    assert [(d.code, d.line, d.column) for d in errors] == [("E110", 7, 25)]
    assert "'cards in hand' reads the winning hand" in errors[0].message


def test_a_name_held_is_still_a_name(tmp_path: Path) -> None:
    """`cards in hand` takes no word of its own: a `let` named `held` or `hand` stays one."""
    path = tmp_path / "names.rules"
    path.write_text(
        'extends "paomazai"\n\nsettle counted [PMZ-16] {\n  let held = cards\n'
        "  let hand = cards in hand\n"
        '  on discard: discarder pays held - hand "by cards"\n}\n',
        encoding="utf-8",
    )
    assert not [d for d in load(path).diagnostics if d.severity == "error"]


def test_random_bots_play_the_changde_file_to_the_end() -> None:
    game = load_game(str(CHANGDE))
    for seed in range(6):
        table = play_hand(game, [RandomBot(seed * 3 + s) for s in range(3)], seed)
        assert sum(table.totals()) == 0


CONCEALED_WIN = """extends "paomazai"

override win [PMZ-4] {
  groups 5
  pairs of 對: 1
  when cards in hand >= 7         # at most two melds on the table
}
"""


def test_a_win_clause_reading_the_cards_held_decides_the_wins_play_offers(
    tmp_path: Path,
) -> None:
    """The win test in play judges `cards in hand` as the settlement does: no seat wins
    with three melds or more on its table, and some win with fewer."""
    path = tmp_path / "concealed.rules"
    path.write_text(CONCEALED_WIN, encoding="utf-8")
    game = load_game(path)
    melds = []
    for seed in range(16):
        table = play_hand(game, [GreedyBot(seed * 4 + s) for s in range(4)], seed)
        melds += [len(table.state.seats[w].table) for w in table.state.winners]
    assert melds and max(melds) <= 2, melds
