"""Play after a win (`a winner leaves the hand, until N have won`, 血戰到底 SC-7): checked,
carried out (winners leave, the turn passes over them, `each other` is the seats still
playing, the first win chooses the next dealer), shown to each seat, told and played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.bots.players import GreedyBot
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import HIDDEN
from tablerules.interpreter.narration.narrate import Narrator

RULES = Path(__file__).resolve().parents[1] / "rules"
SICHUAN_TEXT = (RULES / "sichuan.rules").read_text(encoding="utf-8")
LEAVE_LINE = "  a winner leaves the hand, until 3 have won        [SC-7]\n"


def sichuan_with(tmp_path: Path, line: str) -> Path:
    """sichuan.rules with its leaving line replaced by `line` (empty: none)."""
    assert LEAVE_LINE in SICHUAN_TEXT
    path = tmp_path / "sichuan.rules"
    path.write_text(SICHUAN_TEXT.replace(LEAVE_LINE, line), encoding="utf-8")
    return path


def errors(path: Path) -> list[str]:
    loaded = load(path)
    return [f"{d.line}:{d.code} {d.message}" for d in loaded.diagnostics if d.severity == "error"]


def with_leaving(tmp_path: Path, name: str, until: int = 3) -> Path:
    """A bundled file whose end clause also says a winner leaves the hand."""
    text = (RULES / name).read_text(encoding="utf-8")
    text = re.sub(
        r"^(end [^\n]*\{\n)",
        rf"\1  a winner leaves the hand, until {until} have won\n",
        text,
        count=1,
        flags=re.M,
    )
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("  a winner leaves the hand, until 4 have won\n", "E104 'until 4 have won' with 4"),
        ("  a winner leaves the hand, until 0 have won\n", "E104 'until 0 have won' with 4"),
        ("  the winner leaves the hand, until 3 have won\n", "E104 write 'a winner leaves'"),
        ("  a winner leaves the hand, until three have won\n", "E103 the number of seats"),
    ],
)
def test_a_count_the_hand_cannot_reach_is_refused(tmp_path: Path, line: str, expected: str) -> None:
    found = errors(sichuan_with(tmp_path, line))
    assert len(found) == 1 and expected in found[0], found


def test_what_cannot_go_on_after_a_win_is_refused(tmp_path: Path) -> None:
    """A bonus draw reads the wall the others play on; a chow `by next` asks a seat that may
    have left; an immediate win would leave at the deal."""
    found = errors(with_leaving(tmp_path, "paomazai.rules"))
    assert any("E110 bonus '馬' draws from the wall after a win" in f for f in found), found
    found = errors(with_leaving(tmp_path, "hongkong.rules"))
    assert any("E110 action '上' is taken 'by next'" in f for f in found), found
    found = errors(with_leaving(tmp_path, "paohuzi.rules", until=2))
    assert any("E110 immediate win" in f for f in found), found


def test_the_bundled_sichuan_checks(tmp_path: Path) -> None:
    assert errors(RULES / "sichuan.rules") == []
    assert errors(sichuan_with(tmp_path, "")) == []  # without it: the hand ends at a win


def greedy_hands(path: Path, seeds: range) -> list[Table]:
    game = load_game(path)
    tables = []
    for seed in seeds:
        table = Table(game, seed=seed)
        bots = [GreedyBot(seed * 4 + seat) for seat in range(4)]
        while not table.finished:
            for seat in table.waiting_for():
                assert table.state.playing(seat)  # a seat that has left is never asked
                table.apply(bots[seat].choose(table, seat))
        tables.append(table)
    return tables


def test_winners_leave_and_the_others_play_on_to_three_wins() -> None:
    tables = greedy_hands(RULES / "sichuan.rules", range(12))
    assert any(len(t.state.winners) == 3 for t in tables)
    for table in tables:
        state = table.state
        assert state.left == state.winners  # every winner left, in the order they won
        assert sum(table.totals()) == 0
        kinds = [e["type"] for e in table.events]
        if len(state.winners) < 3:
            assert "drawn hand" in kinds  # the wall ran out on those still playing
        for event in table.events:
            if event["type"] in ("draw", "discard", "action"):
                gone = state.left[: _left_before(table.events, event["seq"])]
                assert event["seat"] not in gone


def _left_before(events: list[dict], seq: int) -> int:
    """How many seats had left before event `seq`."""
    return sum(len(e["seats"]) for e in events[:seq] if e["type"] == "leaves")


def test_until_one_ends_the_hand_at_its_first_win(tmp_path: Path) -> None:
    path = sichuan_with(tmp_path, "  a winner leaves the hand, until 1 have won\n")
    for table in greedy_hands(path, range(6)):
        wins = [e for e in table.events if e["type"] == "win"]
        if wins:
            owners = {(e["owner"], e["context"]) for e in wins}
            assert len(owners) == 1  # one winning card
            assert table.events[-1]["type"] == "end"


def test_a_seat_that_left_is_seen_laid_down_and_told() -> None:
    """Others see a winner's hand once it has left; the narration says who left."""
    table = next(t for t in greedy_hands(RULES / "sichuan.rules", range(8)) if t.state.left)
    gone = table.state.left[0]
    viewer = (gone + 1) % 4
    seen = table.view(viewer)["seats"][gone]["hand"]
    assert seen and HIDDEN not in seen
    assert table.view(viewer)["left"] == table.state.left
    narrator = Narrator(table.game, table.state.dealer, None, table=table)
    leaves = next(e for e in table.events if e["type"] == "leaves")
    assert "out, hand laid down" in narrator.sentence([leaves])


def test_simulate_counts_the_winners_of_a_hand_and_their_order() -> None:
    from tablerules.interpreter.simulate.observe import observe

    table = next(
        t for t in greedy_hands(RULES / "sichuan.rules", range(8)) if len(t.state.winners) == 3
    )
    seen = observe(table.events, 4)
    dealer = table.state.dealer
    assert seen.values[("leaving", "winners", 3)] == 1
    for order, seat in enumerate(table.state.winners, start=1):
        assert seen.values[("leaving", "order", order, (seat - dealer) % 4)] == 1
    plain = load_game(RULES / "hongkong.rules")
    hand = Table(plain, seed=1)
    bots = [GreedyBot(seat) for seat in range(4)]
    while not hand.finished:
        for seat in hand.waiting_for():
            hand.apply(bots[seat].choose(hand, seat))
    assert not any(key[0] == "leaving" for key in observe(hand.events, 4).values)


def test_the_playground_shows_who_has_left_while_the_others_play_on() -> None:
    from tablerules.playground.play.hand_page import build_page
    from tablerules.playground.play.hands import HandSession

    session = HandSession(load_game(RULES / "sichuan.rules"), 3)
    session.to_end()
    assert len(session.end.state.left) >= 2
    for move in range(session.last):
        session.goto(move)
        state = session.table.state
        if state.left and not state.finished:
            break
    else:
        raise AssertionError("no move after a win with the others playing on")
    page = build_page(session, None)
    assert any("won and left" in text for text in page.texts())
    page = build_page(session, None, lang="zh-Hant")
    assert any("已贏離場" in text for text in page.texts())


def test_evaluate_says_each_other_seat_still_playing_pays(capsys: pytest.CaptureFixture) -> None:
    import json

    from tablerules.cli.main import main

    argv = ["evaluate", str(RULES / "sichuan.rules"), "--hand", "111p 234p 567p 123s 9p"]
    argv += ["--win-card", "9p", "--from", "self", "--declared", "suit=m"]
    assert main([*argv, "--json"]) == 0
    (payment,) = json.loads(capsys.readouterr().out)["settlement"]["payments"]
    assert payment["payer"] == "each other still playing"
    assert main([*argv, "--lang", "zh-Hans"]) == 0
    assert "仍在打的其他每家付" in capsys.readouterr().out
    hongkong = ["evaluate", str(RULES / "hongkong.rules"), "--hand", "123m 456m 789m 123p 5p"]
    assert main([*hongkong, "--win-card", "5p", "--from", "self", "--json"]) == 0
    assert "still playing" not in capsys.readouterr().out


def test_a_copy_for_a_sampling_bot_leaves_the_hand_alone_and_keeps_laid_down_hands() -> None:
    """A clone plays on without changing the hand it was copied from; a determinised copy
    deals again only the hands still hidden (a seat that has left has laid its hand down)."""
    import random

    from tablerules.interpreter.engine.determinise import clone, determinise

    game = load_game(RULES / "sichuan.rules")
    table = Table(game, seed=3)
    bots = [GreedyBot(seat) for seat in range(4)]
    while not table.state.left:
        for seat in table.waiting_for():
            table.apply(bots[seat].choose(table, seat))
    left = list(table.state.left)
    twin = clone(table)
    while not twin.finished:
        for seat in twin.waiting_for():
            twin.apply(bots[seat].choose(twin, seat))
    assert table.state.left == left and len(twin.state.left) > len(left)
    viewer = next(s for s in range(4) if table.state.playing(s))
    dealt = determinise(table, viewer, random.Random(1))
    for seat in left:
        assert dealt.state.seats[seat].hand == table.state.seats[seat].hand
