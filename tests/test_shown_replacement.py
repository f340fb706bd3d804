"""開槓 as the language says it (CS-7): a replacement of two cards taken from the wall's
tail and shown (`then replacement 2 from wall tail, shown`), offered only to a ready hand
(`when ready`), and a hand locked after it (`locks the hand`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablerules.dsl.loading.loader import load
from tablerules.interpreter import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.narration.narrate import Narrator
from tablerules.interpreter.scenarios import run_scenario

ROOT = Path(__file__).resolve().parents[1]
CHANGSHA = ROOT / "rules" / "changsha.rules"
TEXT = CHANGSHA.read_text(encoding="utf-8")
SCENARIOS = ROOT / "tests" / "golden" / "scenarios" / "changsha"
OWNER_WINS = SCENARIOS / "kaigang_owner_wins_on_the_second_shown_tile.json"
MAKER_PAYS = SCENARIOS / "kaigang_shown_tiles_discarded_its_maker_pays.json"
SHOWN_LINE = (
    "  then replacement 2 from wall tail, shown            # 槓上開花 on either, else 槓上炮\n"
)


def errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "changsha.rules"
    path.write_text(text, encoding="utf-8")
    found = load(path).diagnostics
    return [f"{d.line}:{d.code} {d.message}" for d in found if d.severity == "error"]


def cards(game: object, text: str) -> list[int]:
    ids = game.compiled.cards.ids  # type: ignore[attr-defined]
    return [ids.index(word) for word in text.split()]


def test_the_bundled_file_checks(tmp_path: Path) -> None:
    assert SHOWN_LINE in TEXT
    assert errors(tmp_path, TEXT) == []


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("  then replacement 0 from wall tail, shown\n", "E104 a shown replacement takes at"),
        ("  then replacement 9 from wall tail, shown\n", "E111 a shown replacement takes at"),
        ("  then replacement 2 from hand tail, shown\n", "E110 the turn draws from 'wall'"),
        ("  then replacement 2 from stack tail, shown\n", "E101"),
        ("  then replacement two from wall tail, shown\n", "E103"),
    ],
)
def test_a_shown_replacement_it_cannot_take_is_refused(
    tmp_path: Path, line: str, expected: str
) -> None:
    found = errors(tmp_path, TEXT.replace(SHOWN_LINE, line))
    assert any(expected in f for f in found), found


def test_a_win_is_never_ready_nor_locked(tmp_path: Path) -> None:
    text = TEXT.replace(
        "  win\n  priority 3\n", "  win\n  priority 3\n  when ready\n  locks the hand\n"
    )
    found = errors(tmp_path, text)
    assert sum("E110 action '胡' is a win" in f for f in found) == 2, found


def test_two_continuations_beside_a_shown_one_are_refused(tmp_path: Path) -> None:
    found = errors(tmp_path, TEXT.replace(SHOWN_LINE, SHOWN_LINE + "  then discard\n"))
    assert any("has a shown replacement and another 'then' line" in f for f in found), found


def test_play_after_a_win_with_a_shown_replacement_is_refused(tmp_path: Path) -> None:
    end = "  drawn hand when wall is empty\n"
    text = TEXT.replace(end, end + "  a winner leaves the hand, until 3 have won\n")
    found = errors(tmp_path, text)
    assert any("E110 a shown replacement in a hand played on" in f for f in found), found


def test_the_owner_wins_on_a_shown_tile_as_on_its_replacement() -> None:
    result = run_scenario(OWNER_WINS)
    assert result.passed, result.failures
    assert result.table is not None
    win = next(e for e in result.table.events if e["type"] == "win")
    assert (win["context"], win["card"]) == ("replacement", "5s")
    assert [p["name"] for p in win["patterns"]] == ["槓上開花"]


def test_a_win_on_a_discarded_shown_tile_is_paid_by_the_kong_maker() -> None:
    result = run_scenario(MAKER_PAYS)
    assert result.passed, result.failures
    assert result.table is not None
    events = result.table.events
    win = next(e for e in events if e["type"] == "win")
    assert [p["name"] for p in win["patterns"]] == ["槓上炮"]  # no 地胡: not the first discard
    pays = [(e["payer"], e["payee"]) for e in events if e["type"] == "pay"]
    assert set(pays) == {(1, 2)}


def rigged(game: object) -> Table:
    """Seat 1 may 開槓 the dealer's 五筒; the wall's tail is 九筒 then 八萬."""
    hands = [
        "1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p 3s 5s 9m",
        "5p 5p 5p 1m 2m 3m 4m 5m 6m 8s 8s 6s 7s",
        "2m 3m 4m 6p 7p 8p 6s 7s 8s 9m 9m 1p 3p",
        "3m 4m 5m 2s 3s 4s 1s 1s 5s 6s 7s 2p 9p",
    ]
    wall = "1m 1s 9s 7m 7m 7m 8m 9p"
    return Table(
        game,
        dealer=0,
        hands=[cards(game, hand) for hand in hands],
        wall=cards(game, wall),
    )


def test_kaigang_is_offered_only_to_a_ready_hand() -> None:
    game = load_game(CHANGSHA)
    table = rigged(game)
    table.apply("discard 五筒", 0)
    assert "開槓 五筒五筒五筒五筒" in [c.label for c in table.offered(1)]
    unready = rigged(game)
    unready.state.seats[1].lose(cards(game, "6s")[0])  # 88s 7s 9m: waits on nothing alone
    unready.state.seats[1].gain(cards(game, "9m")[0])
    unready.apply("discard 五筒", 0)
    labels = [c.label for c in unready.offered(1)]
    assert "明槓 五筒五筒五筒五筒" in labels and not any(x.startswith("開槓") for x in labels)


def test_after_kaigang_the_hand_is_locked() -> None:
    game = load_game(CHANGSHA)
    table = rigged(game)
    table.apply("discard 五筒", 0)
    table.apply("開槓 五筒五筒五筒五筒", 1)
    kinds = [e["type"] for e in table.events]
    assert kinds[-4:-2] == ["locked", "replacement shown"] or "shown discarded" in kinds
    shown = next(e for e in table.events if e["type"] == "replacement shown")
    assert (shown["cards"], shown["end"], shown["left"]) == (["9p", "8m"], "tail", 6)
    assert table.state.seats[1].discards[-2:] == cards(game, "9p 8m")
    # round the table to seat 1's next draw: only the drawn tile may be discarded
    while table.waiting_for() != [1] or table.state.decision.kind != "turn":
        seat = table.waiting_for()[0]
        table.apply(table.offered(seat)[-1], seat)
    labels = [c.label for c in table.offered(1)]
    drawn = next(e for e in reversed(table.events) if e["type"] == "draw")
    assert drawn["seat"] == 1
    assert [x for x in labels if x.startswith("discard")] == [f"discard {drawn['name']}"]
    assert all(x.startswith(("discard", "胡")) for x in labels), labels


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_new_events_are_narrated(lang: str) -> None:
    table = run_scenario(MAKER_PAYS).table
    assert table is not None
    narrator = Narrator(table.game, table.state.dealer, lang=lang)
    kinds = ("locked", "replacement shown", "shown discarded")
    events = [json.loads(json.dumps(e)) for e in table.events if e["type"] in kinds]
    lines = [narrator.phrase(e) for e in events]
    assert len(lines) == 3 and all(lines), lines
    assert all("{" not in line for line in lines if line), lines


def scenario_log(tmp_path: Path, records: list[dict]) -> Path:
    header = {"type": "header", "rules": str(CHANGSHA), "options": {}}
    lines = [header, {"type": "hand", "index": 1, "seed": 0, "dealer": 0}, *records]
    log = tmp_path / "scenario.jsonl"
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    log.write_text(text + "\n", encoding="utf-8")
    return log


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("replacement shown", {"end": "head"}),
        ("replacement shown", {"cards": ["9p", "5s", "1m"], "left": 0}),
        ("shown discarded", {"cards": ["9p", "9p"]}),
        ("locked", {"seat": 2}),
    ],
)
def test_the_log_checker_catches_a_kaigang_broken_on_purpose(
    tmp_path: Path, where: str, change: dict
) -> None:
    from logcheck import check_log

    table = run_scenario(MAKER_PAYS).table
    assert table is not None
    records = json.loads(json.dumps(table.events))
    name = "kaigang-shown-and-locked"
    assert check_log(str(scenario_log(tmp_path, records)), [name]).ok
    next(r for r in records if r["type"] == where).update(change)
    report = check_log(str(scenario_log(tmp_path, records)), [name])
    assert report.counts()[name] == 1, report.summary()


def test_the_log_checker_catches_a_locked_hand_discarding_another_tile(tmp_path: Path) -> None:
    from logcheck import check_log

    table = rigged(load_game(CHANGSHA))
    table.apply("discard 五筒", 0)
    table.apply("開槓 五筒五筒五筒五筒", 1)
    while not (table.waiting_for() == [1] and table.state.decision.kind == "turn"):
        seat = table.waiting_for()[0]
        table.apply(table.offered(seat)[-1], seat)
    table.apply(table.offered(1)[-1], 1)
    records = json.loads(json.dumps(table.events))
    name = "kaigang-shown-and-locked"
    assert check_log(str(scenario_log(tmp_path, records)), [name]).ok
    discard = [r for r in records if r["type"] == "discard" and r["seat"] == 1][-1]
    discard["card"] = "1m"
    report = check_log(str(scenario_log(tmp_path, records)), [name])
    assert report.counts()[name] == 1, report.summary()


def test_every_seat_sees_the_shown_tile_its_owner_decides_on() -> None:
    game = load_game(CHANGSHA)
    table = rigged(game)
    table.state.wall[-2] = cards(game, "5s")[0]  # the tail: 九筒, then 五索 (seat 1 wins on it)
    table.apply("discard 五筒", 0)
    table.apply("開槓 五筒五筒五筒五筒", 1)
    decision = table.state.decision
    assert decision is not None and decision.offer.context == "replacement"
    assert table.card_id(decision.offer.card) == "5s"
    for seat in range(4):
        pending = table.view(seat)["pending"]
        assert pending["card"] == "5s", (seat, pending)
    table.apply("胡", 1)
    win = next(e for e in table.events if e["type"] == "win")
    assert (win["seat"], win["context"], win["card"]) == (1, "replacement", "5s")


def test_a_concealed_kaigang_on_ones_turn_shows_its_tiles_too() -> None:
    """暗開槓: four alike in hand, on one's turn after the draw, the hand it leaves ready."""
    game = load_game(CHANGSHA)
    hands = [
        "1m 2m 3m 4p 6p 7p 7s 8s 9s 2p 2p 3s 4s 9m",
        "5p 5p 5p 5p 1m 2m 3m 4m 5m 6m 8s 8s 6s",
        "2m 3m 4m 6p 7p 8p 6s 7s 8s 9m 9m 1p 3p",
        "3m 4m 5m 2s 3s 4s 1s 1s 5s 6s 8m 2p 9p",
    ]
    wall = cards(game, "7s 1s 5s 9p")  # seat 1 draws 七索; the tail: 九筒, then 五索
    table = Table(game, dealer=0, hands=[cards(game, h) for h in hands], wall=wall)
    table.apply("discard 九萬", 0)
    while table.waiting_for() != [1] or table.state.decision.kind != "turn":
        seat = table.waiting_for()[0]
        table.apply(table.offered(seat)[-1], seat)
    assert "暗開槓 五筒五筒五筒五筒" in [c.label for c in table.offered(1)]
    table.apply("暗開槓 五筒五筒五筒五筒", 1)
    table.apply("胡", 1)
    shown = next(e for e in table.events if e["type"] == "replacement shown")
    win = next(e for e in table.events if e["type"] == "win")
    assert (shown["cards"], win["seat"], win["card"]) == (["9p", "5s"], 1, "5s")
    # 四喜 shown on the deal (2 each), 槓上開花 (6 each), the bird 一索 at the winner (6 each)
    assert table.totals() == [-14, 42, -14, -14]


LAST_TWO = "kaigang_of_the_last_two_tiles_"


@pytest.mark.parametrize(
    "name", ["is_haidi_laoyue", "haidi_pao", "its_maker_deals"], ids=lambda n: n
)
def test_a_kaigang_of_the_walls_last_two_tiles_takes_the_last_tile(name: str) -> None:
    """開槓 of the wall's last two tiles takes the 海底 (CS-7, CS-8): its owner's win on the
    last of them is 海底撈月, another's on its discarded tiles 海底炮, and after a drawn
    hand its maker deals (CS-11), as for a 補張 whose replacement is the last tile."""
    result = run_scenario(SCENARIOS / f"{LAST_TWO}{name}.json")
    assert result.passed, result.failures


def test_the_log_checker_reads_a_kaigang_of_the_last_tile_as_taking_it() -> None:
    """The 海底 check takes a 開槓 that empties the wall for the last tile's taker."""
    from logcheck.checks.changsha import LastTileOfferedInTurn
    from logcheck.games import profile_for
    from logcheck.tracker import Tracker

    profile = profile_for({"rules": str(CHANGSHA), "options": {}})
    check = LastTileOfferedInTurn(profile)  # type: ignore[arg-type]
    table = run_scenario(SCENARIOS / f"{LAST_TWO}its_maker_deals.json").table
    assert table is not None
    tracker = Tracker(profile)
    for line, event in enumerate(table.events, start=1):
        handler = getattr(check, "before_" + event["type"].replace(" ", "_"), None)
        if handler is not None:
            handler(event, tracker, line)
        if event["type"] == "end":
            check.end(event, tracker, line)
    assert check.failures == []
