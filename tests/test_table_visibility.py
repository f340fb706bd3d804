"""What the other seats see of 跑胡子's hidden groups and unseen draws (PHZ-4, PHZ-5, PHZ-9):
a 偎 lies face down, a 提 shows one card, a draw taken straight into either is not shown.
The seat views, each seat's copy of the event log, the narration and the transcript agree."""

from __future__ import annotations

import json
from pathlib import Path

from tablerules.cli.transcript import HandTranscript
from tablerules.interpreter.api import load_game
from tablerules.interpreter.engine import Table
from tablerules.interpreter.engine.views import HIDDEN, seat_events
from tablerules.interpreter.narration.narrate import Narrator

SCENARIOS = Path(__file__).parent / "golden" / "scenarios" / "paohuzi"


def played(name: str, actions: int | None = None) -> Table:
    """The table of a golden scenario after its first `actions` scripted choices."""
    path = SCENARIOS / f"{name}.json"
    scenario = json.loads(path.read_text(encoding="utf-8"))
    game = load_game((path.parent / scenario["rules"]).resolve())
    table = Table(
        game,
        dealer=scenario["dealer"],
        hands=[game.parse(hand) for hand in scenario["hands"]],
        wall=game.parse(scenario["wall"]),
        shown=game.parse(scenario["shown"])[0],
    )
    for line in scenario["actions"][:actions]:
        seat, _, label = line.partition(":")
        table.apply(label.strip(), seat=int(seat))
    return table


def draw_of(events: list[dict], seat: int) -> dict:
    """The first draw of `seat` in these events."""
    return next(e for e in events if e["type"] == "draw" and e["seat"] == seat)


def test_a_wei_lies_face_down_and_its_draw_is_not_shown_to_the_others() -> None:
    table = played("wei_from_pair_and_own_draw")
    mine, theirs = table.view(1)["seats"][1]["table"][0], table.view(2)["seats"][1]["table"][0]
    assert mine["cards"] == ["x5", "x5", "x5"]
    assert theirs["cards"] == [HIDDEN] * 3 and theirs["lies"] == "concealed"
    assert draw_of(table.events, 1)["shown"] is False
    others = seat_events(table, 2)
    assert draw_of(others, 1)["card"] == HIDDEN
    wei = next(e for e in others if e["type"] == "action" and e["seat"] == 1)
    assert wei["cards"] == [HIDDEN] * 3 and "五" not in wei["label"]
    assert draw_of(seat_events(table, 1), 1)["card"] == "x5"


def test_a_ti_shows_one_card_to_the_others() -> None:
    table = played("ti_from_kan_and_own_draw")
    theirs = table.view(3)["seats"][1]["table"][0]
    assert theirs["kind"] == "提" and theirs["lies"] == "partly shown"
    assert theirs["cards"] == ["x5", HIDDEN, HIDDEN, HIDDEN]
    ti = next(e for e in seat_events(table, 3) if e["type"] == "action" and e["seat"] == 1)
    assert ti["cards"] == ["x5", HIDDEN, HIDDEN, HIDDEN]
    assert draw_of(seat_events(table, 3), 1)["card"] == HIDDEN


def test_a_ti_laid_on_the_deal_shows_one_card() -> None:
    table = played("ti_dealt_laid_down_on_the_deal_before_the_first_discard", 0)
    assert table.view(0)["seats"][1]["table"][0]["cards"] == ["x5", HIDDEN, HIDDEN, HIDDEN]


def test_a_wei_grown_into_a_pao_by_anothers_card_lies_open() -> None:
    table = played("pao_hu_onto_own_table_wei_by_others_draw", 2)
    table.apply("跑 五五五五", seat=1)
    theirs = table.view(2)["seats"][1]["table"][0]
    assert theirs["kind"] == "跑" and theirs["cards"] == ["x5"] * 4 and theirs["lies"] == "shown"


def test_narration_and_transcript_say_the_draw_was_not_shown() -> None:
    table = played("wei_from_pair_and_own_draw")
    table.apply("discard 二", seat=1)
    draw = draw_of(table.events, 1)
    referee = Narrator(table.game, table.state.dealer, table=table)
    assert referee.phrase(draw) == "下家 draws 五, not shown"
    seat = Narrator(table.game, table.state.dealer, viewer=2, table=table)
    assert seat.phrase(draw) == "下家 draws"
    transcript = HandTranscript(table.game, table.state.dealer)
    assert "下家 draws 五, not shown" in transcript.lines(draw)
    shown = draw_of(table.events, 2)  # the next draw goes to everyone
    assert shown["shown"] is True
    assert transcript.lines(shown) == [f"對家 draws {shown['name']}, shown"]
