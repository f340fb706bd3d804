"""What rule files written by players of the regional games brought out: a wild hand that a
`when` line refuses says so, flowers laid from one's own hand are no claim in `evaluate`, a
bonus's payment may read who pays, and a win at once on one's own turn is priced as play
settles it. Each test failed before its fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.interpreter.api import check
from tablerules.interpreter.bots.players import RandomBot, play_hand
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.narration.reckoning import Reckoner
from tablerules.interpreter.scenarios import run_scenario

AUTHORED = Path(__file__).parent / "fixtures" / "authored"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_a_wild_hand_refused_by_a_condition_says_the_condition(capsys) -> None:
    # 有紅中不接炮: the hand is complete with 中 as 一筒, but a discard is won only without 中
    out = run(
        capsys, "evaluate", str(AUTHORED / "zhuanzhuan.rules"), "--hand", "123m456m789m11p2pC",
        "--win-card", "3p", "--from", "discard", "--seat", "南",
    )  # fmt: skip
    assert "does not win" in out
    assert "because: a win needs not won on discard or wilds = 0" in out
    assert "cannot all be split" not in out
    assert "順[一筒二筒三筒]" in out  # the reading shown is the one the condition refused


def test_seven_pairs_with_a_wild_refused_by_a_condition_says_the_condition(capsys) -> None:
    out = run(
        capsys, "evaluate", str(AUTHORED / "zhuanzhuan.rules"), "--hand", "11m22m33m44p55p66sC",
        "--win-card", "7s", "--from", "discard", "--seat", "南",
    )  # fmt: skip
    # no reading wins: the one the reasons speak of is named as such, not as the hand's
    assert "no reading of the wilds wins; the reasons below read them as: 中→七索" in out
    assert "wilds read as" not in out
    assert "because: 七對 (seven pairs): a win needs not won on discard or wilds = 0" in out


def test_a_hand_no_reading_wins_does_not_show_a_reading_as_its_own(capsys) -> None:
    out = run(capsys, "evaluate", "guangdong", "--hand", "PPP139m258p147s")
    assert "does not win" in out
    assert "wilds read as" not in out
    assert "no reading of the wilds wins; the reasons below read them as: 白→" in out
    out = run(capsys, "evaluate", "guangdong", "--hand", "PPP139m258p147s", "--lang", "zh-Hant")
    assert "萬用牌怎樣當作都不能贏；以下原因按此當作：白當" in out


def test_a_flower_laid_from_the_hand_is_no_claimed_group(capsys) -> None:
    # only `1 alike from hand` makes a 花: it took no other seat's card, so 門清 holds
    out = run(
        capsys, "evaluate", str(AUTHORED / "shanghai.rules"), "--hand", "111m 456m 789m 345m 2m",
        "--win-card", "2m", "--from", "discard", "--seat", "南", "--table", "花:梅",
        "--detail", "best",
    )  # fmt: skip
    assert "花牌 1 + 門清 1 = 2 花" in out
    assert "(2 + 2) × 4 = 16" in out


def test_a_pong_given_on_the_table_is_still_claimed(capsys) -> None:
    out = run(
        capsys, "evaluate", str(AUTHORED / "shanghai.rules"), "--hand", "456m 789m 345m 2m",
        "--win-card", "2m", "--from", "discard", "--seat", "南", "--table", "刻:111m",
        "--detail", "best",
    )  # fmt: skip
    assert "門清: no claimed groups needed, 1 held" in out


BONUS_BY_PAYER = """extends "guangdong"

override bonus 馬 "a horse: the dealer pays, or is paid, double" [GD-10] {
  after win on draw, replacement, discard, added card
  count 2
  drawn from wall head
  hit when in seat cards 馬位 counted from winner
  pays: each payer pays 底 × (if payer is dealer or winner is dealer then 2 else 1) per hit "中馬"
}
"""


def test_a_bonus_payment_reads_who_pays(tmp_path: Path) -> None:
    path = tmp_path / "horses.rules"
    path.write_text(BONUS_BY_PAYER, encoding="utf-8")
    checked = check(path)
    assert checked.ok and checked.game is not None, [d.render() for d in checked.errors]
    game = checked.game
    seen = 0
    for seed in range(60):
        table = play_hand(game, [RandomBot(seed * 4 + s) for s in range(4)], seed)
        dealer = next(e["dealer"] for e in table.events if e["type"] == "deal")
        bonus = next((e for e in table.events if e["type"] == "bonus"), None)
        reckoner = Reckoner(game, table.events, lambda seat: str(seat))
        for event in table.events:
            if event["type"] != "pay" or event.get("clause") != "bonus 馬":
                continue
            assert bonus is not None
            between = dealer in (event["payer"], event["payee"])
            assert event["amount"] == (2 if between else 1) * bonus["hits"], event
            worked = reckoner.worked_amount(event)
            assert worked.endswith(f"= {event['amount']}"), worked
            assert f"if {int(event['payer'] == dealer)} or" in worked, worked
            seen += 1
    assert seen, "no horse hit in the seeds"


def test_a_bonus_let_line_still_refuses_who_pays(tmp_path: Path) -> None:
    path = tmp_path / "horses.rules"
    path.write_text(
        BONUS_BY_PAYER.replace(
            "  after win on", "  let 莊 = if payer is dealer then 2 else 1\n  after win on"
        ),
        encoding="utf-8",
    )
    errors = [d for d in check(path).errors]
    assert [d.code for d in errors] == ["E110"]
    assert "or in a bonus's payment" in errors[0].message


def test_a_win_at_once_on_ones_own_turn_is_priced_as_play_settles_it(capsys) -> None:
    # 四鬼胡 is `on own turn`: play settles it `on turn by self`, 2 底 from each other seat
    out = run(
        capsys, "evaluate", "guangdong", "--hand", "123m456m789mPPPP", "--on-deal",
        "--seat", "南",
    )  # fmt: skip
    assert "WINS at once: 四鬼胡" in out
    assert "each other pays 2 × 底 = 2 × 1 = 2 · 四鬼胡" in out
    assert "wilds read as" not in out  # a win on the cards held: the wilds stood for none


def _errors(tmp_path: Path, text: str) -> list[tuple[str, str, str]]:
    path = tmp_path / "mistake.rules"
    path.write_text(text, encoding="utf-8")
    return [(d.code, d.message, d.hint or "") for d in check(path).errors]


def test_a_number_times_a_name_written_with_x_is_hinted(tmp_path: Path) -> None:
    text = (AUTHORED / "wuhan.rules").read_text(encoding="utf-8")
    text = text.replace('2 × 底 × 倍 × 口 "自摸"', '2x底 × 倍 × 口 "自摸"')
    ((code, message, hint),) = _errors(tmp_path, text)
    assert (code, message) == ("E101", "unknown name '2x底'")
    assert hint == "to multiply, write 2 × 底 or 2 * 底 (`2x底` reads as one name)"


def test_an_order_with_ties_is_hinted_to_run_within_an_attribute(tmp_path: Path) -> None:
    text = (AUTHORED / "wuhan.rules").read_text(encoding="utf-8")
    ((code, message, hint),) = _errors(
        tmp_path, text.replace("next by rank, same suit", "next by rank")
    )
    assert code == "E110" and "the order cannot tell them apart" in message
    assert hint == "run the order among the cards of one suit: `next by rank, same suit`"


def test_the_variants_summary_lists_everything_remove_takes() -> None:
    root = Path(__file__).resolve().parent.parent
    grammar = (root / "dsl" / "parsing" / "rules.lark").read_text(encoding="utf-8")
    taken = re.findall(r"-> remove_(\w+)", grammar)
    docs = (root / "docs" / "language.md").read_text(encoding="utf-8")
    variants = docs[docs.index("## Variants") :]
    summary = variants[: variants.index("set NAME = VALUE")]
    words = {"every": "scoring", "immediate_win": "immediate win", "seat_cards": "seat cards"}
    words |= {"round_cards": "round cards"}
    missing = [k for k in taken if not re.search(rf"\b{words.get(k, k)}\b", summary)]
    assert not missing, missing


VOID_WITH_A_WILD = """extends "hongzhong"

phase 定缺 "declare the void suit" [HZ-1] {
  each seat declares one suit, shown
}

override discard [HZ-2] {
  never wild
  first declared suit
}
"""


def test_a_wild_of_the_declared_value_is_never_discarded_first(tmp_path: Path) -> None:
    # 紅中 is wild and never discarded; a seat declaring its suit (dragon) is not made to
    # discard it first: `never` wins over `first`
    (tmp_path / "void.rules").write_text(VOID_WITH_A_WILD, encoding="utf-8")
    scenario = {
        "name": "a wild of the declared suit stays in the hand",
        "rules": "void.rules",
        "rule_ids": ["HZ-2"],
        "hands": [
            "123m 456m 789m 11p 2p 5s C",
            "2m3m4m 5p6p7p 1s2s3s 4s5s6s 7s",
            "2m3m4m 5p6p7p 1s2s3s 4s5s6s 8s",
            "5m6m7m 3p4p8p 1s2s3s 4s5s6s 9s",
        ],
        "wall": "9p 9m 9s",
        "actions": ["0: 定缺 dragon", "1: 定缺 s", "2: 定缺 s", "3: 定缺 s"],
        "expect": {
            "finished": False,
            "legal": {"0": ["discard 五索", "discard 九筒"]},
            "illegal": {"0": ["discard 中"]},
        },
        "dealer": 0,
    }
    path = tmp_path / "void.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    outcome = run_scenario(path)
    assert outcome.passed, outcome.failures


def test_four_wilds_dealt_win_at_once_in_evaluate_as_in_play(capsys) -> None:
    # 四紅中 (`when holding 4 of wild`): 紅中 stands only for number tiles, so no reading
    # of the wilds keeps four 紅中; the dealt cards are read as dealt
    out = run(capsys, "evaluate", "hongzhong", "--hand", "123m456m789mCCCC", "--on-deal")
    assert "WINS at once: 四紅中" in out
    assert "each other pays 2 × 底 = 2 × 1 = 2 · 四紅中" in out
    assert "if 4 = 0 then" in out  # the wilds held count


SHOWN_WILDS = """extends "hongzhong"

immediate win 雙紅中 "two 紅中 dealt: shown and paid, play goes on" [HZ-5] {
  when holding 2 of wild
  play goes on
  pays: each other pays 底 "雙紅中"
}

immediate win 全紅 "all four 紅中 and the 一萬 dealt" [HZ-5] {
  when all of C 1m
  play goes on
  pays: each other pays 3 × 底 "全紅"
}
"""


def test_wins_shown_on_the_deal_read_held_cards_and_every_copy(tmp_path: Path) -> None:
    path = tmp_path / "shown.rules"
    path.write_text(SHOWN_WILDS, encoding="utf-8")
    checked = check(path)
    assert checked.ok and checked.game is not None
    game = checked.game
    result = game.evaluate_text("123m456m789m1pCC", on_deal=True)
    assert [(s["win"], s["times"]) for s in result.shown] == [("雙紅中", 1)]
    result = game.evaluate_text("1111mCCCC456m78m", on_deal=True)
    assert [(s["win"], s["times"]) for s in result.shown] == [("雙紅中", 1), ("全紅", 1)]
    seen = 0
    for seed in range(30):
        table = play_hand(game, [RandomBot(seed * 4 + s) for s in range(4)], seed)
        deal = next(e for e in table.events if e["type"] == "deal")
        shown = [e["seat"] for e in table.events if e["type"] == "shown win"]
        holders = [s for s, cards in enumerate(deal["hands"]) if cards.count("C") >= 2]
        assert sorted(shown) == sorted(holders), (seed, shown, holders)
        seen += len(shown)
    assert seen, "no seat was dealt two 紅中 in the seeds"


def test_a_shown_win_looked_for_on_a_turn_is_refused(tmp_path: Path) -> None:
    text = SHOWN_WILDS.replace(
        "  when holding 2 of wild\n", "  when holding 2 of wild\n  on own turn\n"
    )
    errors = _errors(tmp_path, text)
    assert [code for code, _, _ in errors] == ["E110"]
    assert "shown on the deal: it is not looked for on a turn" in errors[0][1]


@pytest.mark.parametrize(
    ("lang", "exchange", "declaration"),
    [
        ("en", "phase 換三張 (across): ", "phase 定缺: "),
        ("zh-Hant", "換三張（傳給對家）：", "定缺："),
        ("zh-Hans", "换三张（传给对家）：", "定缺："),
    ],
)
def test_phases_are_told_in_the_transcripts_language(
    lang: str, exchange: str, declaration: str
) -> None:
    outcome = run_scenario(AUTHORED / "xuezhan_across_exchange_then_self_draw.json")
    table = outcome.table
    assert table is not None
    narrator = Narrator(table.game, table.state.dealer, table=table, lang=lang)
    told = {e["type"]: narrator.phrases[e["type"]](e) for e in table.events}
    assert told["exchange"].startswith(exchange), told["exchange"]
    assert told["declaration"].startswith(declaration), told["declaration"]
    if lang != "en":
        assert "passes" not in told["exchange"] and "declares" not in told["declaration"]
        assert "宣告索" in told["declaration"]  # the declared value by the file's name for it


def _located(tmp_path: Path, text: str) -> list[tuple[int | None, str, str]]:
    path = tmp_path / "mistake.rules"
    path.write_text(text, encoding="utf-8")
    return [(d.line, d.code, d.hint or "") for d in check(path).errors]


def test_an_exchange_across_an_odd_table_is_located_at_its_line(tmp_path: Path) -> None:
    text = (
        'extends "paohuzi-3p"\nphase 換 "x" [PHZ-1] {\n'
        "  each seat passes 2 cards of one size to across\n}\n"
    )
    assert _located(tmp_path, text) == [
        (3, "E110", "with an odd number of seats, pass to 'next' or 'previous'")
    ]


def test_unknown_seat_cards_counted_from_the_winner_are_located_at_the_hit_line(
    tmp_path: Path,
) -> None:
    text = (AUTHORED / "zhuanzhuan.rules").read_text(encoding="utf-8")
    text = text.replace("in seat cards 鳥位 counted", "in seat cards 鳥 counted")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "seat cards 鳥 counted" in row)
    ((at, code, hint),) = _located(tmp_path, text)
    assert (at, code) == (line, "E101") and "鳥位" in hint


def test_the_new_messages_and_hints_are_told_in_every_language() -> None:
    from tablerules.interpreter.messages.diagnostic_text import HINT, identify

    hints = [
        "run the order among the cards of one suit: `next by rank, same suit`",
        "to multiply, write 2 × 底 or 2 * 底 (`2x底` reads as one name)",
        "with an odd number of seats, pass to 'next' or 'previous'",
        "drop 'on own turn', or drop 'play goes on' and 'pays:' for a win that ends the hand on"
        " one's turn",
    ]
    messages = [
        "a win where play goes on is shown on the deal: it is not looked for on a turn",
        "'payer is dealer' reads who pays a win: write it in a settle block's lines or its `let`"
        " lines, or in a bonus's payment, not in a hand pattern",
    ]
    assert all(identify(hint, HINT) is not None for hint in hints), hints
    assert all(identify(message) is not None for message in messages), messages
