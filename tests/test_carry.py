"""Numbers carried from hand to hand (`carry NAME { … }`): the checker's located errors,
the value each hand of a match is dealt with, settlement reading it, scenarios setting it,
and the play log's hand line that lets replay deal the hand again."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import Game, load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.match import Match, Position, carried_on, next_position

DOUBLING = """extends "hongkong.rules"
carry 荒 "drawn hands in a row" [X-1] {
  starts at 1
  after drawn hand: 荒 × 2
  after win: 1
}
override settle win [HK-6, X-1] {
  let 錢 = 番錢(番) × unit × 荒
  on draw by self: each other pays 錢 "自摸"
  on replacement by self: each other pays 錢 "槓上自摸"
  on discard: discarder pays 2 × 錢 "出銃"
  on added card: robbed pays 2 × 錢 "搶槓"
}
"""
WIN = ["111m 222m 333m EEE 9m", "2p4p6p8p 1s3s5s7s 2m4m6m8m N"]
OTHERS = ["1p3p5p7p9p 2s4s6s 3m5m7m9m", "1m1p2p3s6s8s9s WSNCFP"]


def write(tmp_path: Path, text: str, name: str = "v.rules") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture()
def doubling(tmp_path: Path) -> Game:
    return load_game(write(tmp_path, DOUBLING))


def codes(tmp_path: Path, text: str) -> list[tuple[str, int, str]]:
    result = load(write(tmp_path, text))
    return [(d.code, d.line, d.message) for d in result.diagnostics if d.severity == "error"]


def test_a_carried_name_is_its_own(tmp_path: Path) -> None:
    found = codes(tmp_path, 'extends "hongkong.rules"\ncarry unit [X-1] {\n  starts at 0\n}\n')
    assert [(c, line) for c, line, _ in found] == [("E102", 2)]
    assert "name of a option" not in found[0][2] and "option" in found[0][2]


def test_an_update_reads_no_winning_hand(tmp_path: Path) -> None:
    text = 'extends "hongkong.rules"\ncarry n [X-1] {\n  after win: n + value\n}\n'
    found = codes(tmp_path, text)
    assert [(c, line) for c, line, _ in found] == [("E110", 3)]


def test_a_line_given_twice_is_refused(tmp_path: Path) -> None:
    text = 'extends "hongkong.rules"\ncarry n [X-1] {\n  after win: 0\n  after win: 1\n}\n'
    assert [(c, line) for c, line, _ in codes(tmp_path, text)] == [("E102", 4)]


def test_an_unknown_name_in_an_update_is_located(tmp_path: Path) -> None:
    text = 'extends "hongkong.rules"\ncarry n [X-1] {\n  after drawn hand: m + 1\n}\n'
    found = codes(tmp_path, text)
    assert [(c, line) for c, line, _ in found] == [("E101", 3)]


def test_every_expression_may_read_a_carried_number(doubling: Game) -> None:
    assert [rule.name for rule in doubling.compiled.carries] == ["荒"]


def play_out(table: Table) -> None:
    while not table.finished:
        seat = table.waiting_for()[0]
        table.apply(table.legal_actions(seat)[-1])


def test_the_settlement_reads_the_number_the_hand_was_dealt_with(doubling: Game) -> None:
    """HK-6 over a doubled stake: 9 番 pays 番錢(9) × unit each; dealt with 荒 = 4, each of
    the three others pays four times that."""
    plain = load_game(Path(__file__).resolve().parents[1] / "rules" / "hongkong.rules")
    amounts = []
    for game, carried in ((plain, None), (doubling, {"荒": 4})):
        table = Table(
            game,
            dealer=0,
            hands=[game.parse(h) for h in [*WIN, *OTHERS]],
            wall=game.parse("9m 5p"),
            carried=carried,
        )
        table.apply("胡", seat=0)
        amounts.append([line.amount for line in table.state.ledger])
    assert len(amounts[0]) == 3 and amounts[1] == [4 * a for a in amounts[0]]


def test_a_match_doubles_after_each_drawn_hand_and_starts_again_after_a_win(
    doubling: Game,
) -> None:
    match = Match(doubling, dealer=0)
    drawn = match.table(hands=[doubling.parse(h) for h in [*WIN[1:], *OTHERS, "7m 8m"]], wall=[])
    assert drawn.finished and drawn.state.winners == []
    assert drawn.state.carried == {"荒": 1}
    position = match.advance(drawn)
    assert position is not None and dict(position.carried) == {"荒": 2}
    second = match.table(hands=[doubling.parse(h) for h in [*WIN[1:], *OTHERS, "7m 8m"]], wall=[])
    assert second.state.carried == {"荒": 2}
    match.advance(second)
    won = match.table(hands=[doubling.parse(h) for h in [*WIN, *OTHERS]], wall=doubling.parse("9m"))
    assert next(e for e in won.events if e["type"] == "deal")["carried"] == {"荒": 4}
    won.apply("胡", seat=0)
    assert carried_on(doubling, won) == (("荒", 1),)


def test_a_new_game_and_a_passed_deal_keep_or_start_the_numbers() -> None:
    held = Position(dealer=0, carried=(("荒", 3),))
    passed = next_position(held, 1, seats=4, rounds=None)
    assert passed is not None and passed.carried == (("荒", 3),)


def test_the_table_refuses_a_number_the_file_does_not_carry(doubling: Game) -> None:
    with pytest.raises(ValueError, match="carries no number named 'x'"):
        Table(doubling, seed=1, carried={"x": 1})


@pytest.mark.parametrize(
    ("carried", "message"),
    [
        ({"荒": "2"}, "carried 荒 is '2', not a whole number"),
        ({"荒": 1.5}, "carried 荒 is 1.5, not a whole number"),
        ({"荒": float("nan")}, "carried 荒 is nan, not a whole number"),
        ({"荒": None}, "carried 荒 is None, not a whole number"),
        ({"荒": True}, "carried 荒 is True, not a whole number"),
        ("荒=2", "carried is str, not a mapping of names to whole numbers"),
    ],
)
def test_the_table_refuses_a_carried_number_that_is_no_whole_number(
    doubling: Game, carried: object, message: str
) -> None:
    """Text was taken, then failed inside the hand's first payment; 1.5 or NaN was paid as
    money (a payment of 4.33 on a 1.5)."""
    with pytest.raises(ValueError, match=message):
        Table(doubling, seed=1, carried=carried)  # type: ignore[arg-type]


def test_a_whole_number_of_another_type_is_carried_as_an_int(doubling: Game) -> None:
    class Count:  # as a NumPy integer: a whole number by `__index__`
        def __index__(self) -> int:
            return 3

    table = Table(doubling, seed=1, carried={"荒": Count()})  # type: ignore[dict-item]
    assert table.state.carried == {"荒": 3} and type(table.state.carried["荒"]) is int


def test_a_scenario_sets_the_number_and_names_an_unknown_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, DOUBLING)
    scenario = {
        "name": "a doubled win",
        "rules": "v.rules",
        "rule_ids": ["X-1"],
        "carried": {"荒": 2},
        "hands": [*WIN, *OTHERS],
        "wall": "9m 5p",
        "actions": ["0: 胡"],
        "expect": {"winners": [0]},
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    assert main(["test", str(path)]) == 0
    scenario["carried"] = {"荒x": 2}
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    assert main(["test", str(path)]) != 0
    assert "at carried/荒x: the rule file carries no such number" in capsys.readouterr().out


def test_a_logged_game_replays_with_its_carried_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = write(tmp_path, DOUBLING)
    log = tmp_path / "game.jsonl"
    command = ["play", str(rules), "--hands", "6", "--seed", "3", "--game", "--log", str(log)]
    assert main(command) == 0
    hands = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    carried = [line["carried"]["荒"] for line in hands if line["type"] == "hand"]
    assert carried[0] == 1 and len(carried) == 6
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0


def test_evaluate_takes_the_carried_number_and_shows_its_arithmetic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = str(write(tmp_path, DOUBLING))
    hand = ["--hand", "111m 222m 333m EEE 9m", "--win-card", "9m"]
    assert main(["evaluate", rules, *hand, "--carried", "荒=4"]) == 0
    assert "錢 = 番錢(番) × unit × 荒 = 96 × 1 × 4 = 384" in capsys.readouterr().out
    assert main(["evaluate", rules, *hand]) == 0  # its start, 1
    assert "96 × 1 × 1 = 96" in capsys.readouterr().out
    assert main(["evaluate", rules, *hand, "--carried", "x=1"]) == 2
    assert "carries no number 'x' (it carries: 荒)" in capsys.readouterr().err


def test_the_transcript_says_the_carried_numbers_of_each_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = str(write(tmp_path, DOUBLING))
    assert main(["play", rules, "--hands", "2", "--seed", "3", "--game"]) == 0
    out = capsys.readouterr().out
    assert "hand 1 · seed 3 · dealer seat 3 · round 東 · 荒 1" in out
    assert "hand 2 · seed 4 · dealer seat 3 · round 東 · dealer streak 1 · 荒 2" in out


def test_the_playground_s_match_deals_each_hand_with_the_numbers_left(doubling: Game) -> None:
    """The hands `tablerules play --seed 3 --game` plays (drawn, drawn, drawn, won): the
    playground's match deals them with 荒 1, 2, 4, 8 and says so in its heading."""
    from tablerules.playground.play.match_play import MatchPlay
    from tablerules.playground.play.match_view import heading

    match = MatchPlay(doubling, 3, bots="random", length=4)
    seen = []
    while True:
        seen.append(dict(match.hand.carried).get("荒", 1))
        assert f"荒 {seen[-1]}" in heading(match) or not match.hand.carried
        match.hand.to_end()
        if not match.can_go_on:
            break
        match.next_hand()
    assert seen[0] == 1 and max(seen) > 1
    assert all(b in (1, 2 * a) for a, b in pairwise(seen))


CHANGDE = Path(__file__).resolve().parents[1] / "rules" / "variants" / "paohuzi-changde.rules"
HEAVENLY = [
    "壹貳叁 貳柒拾 一二三 四五六 七八九 肆伍陸 柒捌玖",
    "x1 x2 x3 x4 x5 x5 x6 x7 x7 x8 x10 x10 d2 d2 d3 d4 d5 d5 d7 d10",
    "x1 x1 x4 x4 x5 x6 x6 x8 x9 x10 d1 d1 d3 d4 d6 d8 d8 d9 d9 d10",
]


def test_changde_doubles_a_win_after_a_drawn_hand() -> None:
    """CD-6 and CD-7 over two hands of one game: a drawn hand keeps the dealer and leaves
    荒 = 1, so the dealer's 天胡 that follows (1 囤 × 4 名堂) is paid 1 × 4 × 2 = 8 by each
    of the two others (4 without the drawn hand before it). The stock is empty, so the
    winning card 一 is the 醒 (跟醒, CD-4): one copy in the winner's groups, 1 囤 more, paid
    as the 天胡 is, 8 by each. After the win 荒 is 0 again."""
    game = load_game(CHANGDE)
    match = Match(game, dealer=0)
    drawn = match.table(hands=[game.parse(h) for h in ["x1 x3 x1", "x5 x8", "d4 d9"]], wall=[])
    drawn.apply("discard 三", seat=0)
    assert drawn.finished and drawn.state.winners == [] and drawn.state.next_dealer == 0
    position = match.advance(drawn)
    assert position is not None and position.dealer == 0 and dict(position.carried) == {"荒": 1}
    won = match.table(hands=[game.parse(h) for h in HEAVENLY], wall=[], shown=game.parse("一")[0])
    won.apply("胡", seat=0)
    paid = [(line.amount, line.label) for line in won.state.ledger]
    assert [amount for amount, _ in paid] == [8, 8, 8, 8]
    assert [label for _, label in paid][2:] == ["醒", "醒"]
    after = match.advance(won)
    assert after is not None and dict(after.carried) == {"荒": 0}
