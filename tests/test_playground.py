"""The Streamlit playground: the app driven through AppTest, and its Streamlit-free parts
(`playground.session`, `playground.cards`, `playground.editor`) tested directly."""

from __future__ import annotations

import base64
import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.cli.main import main as cli_main
from tablerules.interpreter import Game, load_game
from tablerules.playground import session as session_module
from tablerules.playground.cards import HIDDEN, INK, card_img, row_html
from tablerules.playground.editor import annotations, markers
from tablerules.playground.session import (
    HandSession,
    RuleDraft,
    UploadError,
    bundled_rule_files,
    compare_variants,
    decode_upload,
    display_path,
    run_scenarios,
    scenarios_for,
)
from tablerules.playground.views import group_caption

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"
PMZ = ROOT / "rules" / "paomazai.rules"
PHZ = ROOT / "rules" / "paohuzi.rules"
TWO_HORSES = ROOT / "rules" / "variants" / "paomazai-two-horses.rules"
RON_SCENARIO = ROOT / "tests" / "golden" / "scenarios" / "paomazai" / "ron_discarder_pays.json"
STEP = re.compile(r"step (\d+) · (\d+) events")
DATA_URI = re.compile(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')


# ── helpers ───────────────────────────────────────────────────────────


@pytest.fixture
def app() -> Iterator[AppTest]:
    """The playground after its first run (the first bundled file loaded)."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception
    yield at


def load(at: AppTest, path: Path) -> None:
    """Choose a bundled rule file in the sidebar."""
    at.selectbox(key="rule_file").set_value(display_path(path)).run()
    assert not at.exception, at.exception


def position(at: AppTest) -> tuple[int, int]:
    """(step, number of events) from the Hand tab's caption."""
    for caption in at.caption:
        found = STEP.search(caption.value)
        if found:
            return int(found[1]), int(found[2])
    raise AssertionError("no 'step N · M events' caption rendered")


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def choice_buttons(at: AppTest) -> list[Any]:
    return [b for b in at.button if b.key and b.key.startswith("choose_")]


def svg_of(img: str) -> str:
    """The SVG inside the first data-URI <img> of `img`."""
    found = DATA_URI.search(img)
    assert found, img
    return base64.b64decode(found[1]).decode("utf-8")


def first_seed_where_totals_differ(left: Game, right: Game) -> int:
    for seed in range(200):
        result = compare_variants(left, right, seed, None, [])
        if result.left_totals != result.right_totals:
            return seed
    raise AssertionError("no seed in 0..199 where the two files pay differently")


@pytest.fixture(scope="module")
def two_horses() -> Game:
    return load_game(TWO_HORSES)


# ── 1. every bundled file loads and checks clean ─────────────────────


def test_every_bundled_rule_file_loads_clean(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the app does not depend on the current directory
    names = app.selectbox(key="rule_file").options
    assert names == [display_path(p) for p in bundled_rule_files()]
    assert len(names) >= 8
    for name in names:
        app.selectbox(key="rule_file").set_value(name).run()
        assert not app.exception, (name, app.exception)
        assert [s.value for s in app.success] == ["the rules check clean"], name
        assert not app.error, name
        assert position(app) == (0, len(app.session_state["hand"].table.events)), name
        assert app.session_state["draft"].path.name == Path(name).name


# ── 2. a broken edit is located; the last good version keeps running ──


def test_broken_edit_is_located_and_last_good_version_keeps_running(app: AppTest) -> None:
    load(app, PMZ)
    draft = app.session_state["draft"]
    good_game = draft.game
    original = draft.text
    broken = original.replace("unless self_draw_only ", "unless self_drawonly ", 1)
    assert broken != original
    line_number = next(
        n for n, line in enumerate(broken.splitlines(), 1) if "self_drawonly" in line
    )
    line = broken.splitlines()[line_number - 1]
    column = len(line) - len(line.lstrip()) + 1

    app.session_state[f"editor_{PMZ.stem}_rules"] = broken
    app.run()
    assert not app.exception
    codes = [c.value for c in app.code if "error[" in c.value]
    assert len(codes) == 1
    # FILE as the CLI prints it: relative to the project, not this machine's full path
    assert codes[0].startswith(f"rules/paomazai.rules:{line_number}:{column}: error[E101]:")
    assert "self_drawonly" in codes[0]
    # the editor drawn in this same run already marks that line (not one edit later)
    (editor,) = app.get("component_instance")
    notes = json.loads(editor.proto.json_args)["annotations"]
    assert [(n["row"], n["type"]) for n in notes] == [(line_number - 1, "error")]
    assert [e.value for e in app.error] == [
        "1 error(s) — the last version that checked is still running"
    ]
    assert not app.success
    assert app.session_state["draft"].game is good_game

    # the Hand tab still plays the last good version
    assert app.session_state["hand"].game is good_game
    assert not app.warning
    step, events = position(app)
    click(app, "next")
    assert position(app)[0] == step + 1
    assert position(app)[1] > events
    assert app.session_state["hand"].game is good_game

    # fixing the text checks clean again
    app.session_state[f"editor_{PMZ.stem}_rules"] = original
    app.run()
    assert [s.value for s in app.success] == ["the rules check clean"]
    assert not [c for c in app.code if "error[" in c.value]


def test_editor_markers_sit_at_the_diagnostic() -> None:
    draft = RuleDraft.open(PMZ)
    assert not draft.broken and annotations(draft) == [] and markers(draft) == []
    draft.update(draft.text.replace("unless self_draw_only ", "unless self_drawonly ", 1))
    (diagnostic,) = draft.diagnostics
    (note,) = annotations(draft)
    assert (note["row"], note["column"]) == (diagnostic.line - 1, diagnostic.column - 1)
    assert note["type"] == "error" and "E101" in str(note["text"])
    (marker,) = markers(draft)
    assert marker["startRow"] == diagnostic.line - 1
    assert marker["startCol"] == diagnostic.column - 1
    assert marker["endCol"] > marker["startCol"]


def test_a_draft_broken_from_the_start_runs_nothing() -> None:
    draft = RuleDraft(path=PMZ, text="this is not a rule file\n")
    draft.update(draft.text)
    assert draft.broken and draft.game is None and draft.last_good is None
    assert any(d.is_error for d in draft.diagnostics)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"game x\x00\x01\x02", "NUL bytes"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "NUL bytes"),
        (b"game \xff\xfe ok", "not UTF-8 text (byte 5"),
        (b"#" * (session_module.MAX_RULE_BYTES + 1), "at most 64 KB"),
    ],
)
def test_upload_that_is_not_a_rule_file_is_refused_clearly(data: bytes, reason: str) -> None:
    with pytest.raises(UploadError, match=re.escape(reason)):
        decode_upload(data)


def test_upload_of_text_is_decoded() -> None:
    text = PMZ.read_text(encoding="utf-8")
    assert decode_upload(text.encode("utf-8")) == text
    assert decode_upload(b"\xef\xbb\xbf" + text.encode("utf-8")) == text  # a BOM is dropped


def upload(at: AppTest, name: str, data: bytes) -> None:
    at.file_uploader(key="upload").set_value((name, data, "text/plain")).run()
    assert not at.exception, at.exception


def test_an_uploaded_file_is_played_in_every_tab(app: AppTest) -> None:
    """The box names the upload; every tab works with it, nothing fails on the page."""
    text = TWO_HORSES.read_text(encoding="utf-8").replace('extends "../', 'extends "')
    upload(app, "mine.rules", text.encode("utf-8"))
    assert app.selectbox(key="rule_file").value == "mine.rules (uploaded)"
    assert app.session_state["draft"].text == text
    assert [s.value for s in app.success] == ["the rules check clean"]
    click(app, "to_end")
    assert app.session_state["hand"].table.finished
    assert app.session_state["hand"].game.compiled.options["horses"] == 2
    app.selectbox(key="compare_with").set_value(display_path(PMZ)).run()
    click(app, "compare_run")
    assert "comparison" in app.session_state
    assert any("No golden scenario uses mine.rules" in m.value for m in app.markdown)
    assert not app.error and not app.exception
    # back to a bundled file and to the upload again: each keeps its own draft
    load(app, PMZ)
    assert app.session_state["draft"].path == PMZ
    app.selectbox(key="rule_file").set_value("mine.rules (uploaded)").run()
    assert app.session_state["draft"].text == text


def test_an_upload_that_is_not_a_rule_file_is_refused_in_words(app: AppTest) -> None:
    upload(app, "picture.rules", b"\x89PNG\r\n\x1a\n\x00\x00")
    assert [e.value for e in app.error] == [
        "picture.rules: the file is not text (it contains NUL bytes): upload a .rules file"
    ]
    assert app.selectbox(key="rule_file").value != "picture.rules (uploaded)"


# ── 3. stepping forward and back ─────────────────────────────────────


def test_stepping_forward_back_reset_end_and_jump(app: AppTest) -> None:
    load(app, PMZ)
    assert position(app) == (0, 2)
    seen: list[tuple[tuple[int, int], list[dict[str, Any]]]] = []
    for step in range(1, 6):
        seen.append((position(app), copy.deepcopy(app.session_state["hand"].table.events)))
        click(app, "next")
        assert position(app)[0] == step
        assert position(app)[1] > seen[-1][0][1]
    for earlier, events in reversed(seen):
        click(app, "back")
        assert position(app) == earlier
        assert app.session_state["hand"].table.events == events
    click(app, "back")  # at the start: stays there
    assert position(app) == (0, 2)

    for _ in range(3):
        click(app, "next")
    click(app, "reset")
    assert position(app) == (0, 2)

    click(app, "to_end")
    hand = app.session_state["hand"]
    assert hand.table.finished
    assert position(app) == (hand.cursor, len(hand.table.events))
    assert "Totals:" in " ".join(m.value for m in app.markdown)
    end = position(app)
    click(app, "next")  # nothing after the end
    assert position(app) == end

    app.number_input(key="jump_to").set_value(20).run()
    click(app, "jump")
    step, events = position(app)
    assert events > 20 and 0 < step < end[0]
    click(app, "back")
    assert position(app)[1] <= 20  # the jump stopped at the first position past event 20


def test_seat_views_hide_other_hands(app: AppTest) -> None:
    load(app, PMZ)
    shown = " ".join(m.value for m in app.markdown)
    assert 'alt="hidden"' not in shown  # the referee sees every hand
    app.selectbox(key="view_seat").set_value("seat 0").run()
    assert not app.exception
    shown = " ".join(m.value for m in app.markdown)
    view = app.session_state["hand"].table.view(0)
    own, *others = (s["hand"] for s in view["seats"])
    assert HIDDEN not in own and all(set(hand) == {HIDDEN} for hand in others)
    on_offer = 1 if view["pending"] and view["pending"]["card"] == HIDDEN else 0
    assert shown.count('alt="hidden"') == sum(map(len, others)) + on_offer


def _hidden_group(seed: int) -> tuple[int, dict[str, Any]] | None:
    """(seat, group) of a table group not shown in full at the end of a seeded hand."""
    session = HandSession(load_game(PHZ), seed=seed)
    session.to_end()
    for seat, data in enumerate(session.table.view(None)["seats"]):
        for group in data["table"]:
            if group["lies"] != "shown":
                return seat, group
    return None


def test_a_seat_view_shows_hidden_groups_as_they_lie(app: AppTest) -> None:
    """PHZ-4: another seat's 偎 lies face down, its 提 with one card shown: a seat's view
    draws their hidden cards as backs and says how they lie; the referee sees them whole."""
    seed, (owner, group) = next((s, found) for s in range(60) if (found := _hidden_group(s)))
    load(app, PHZ)
    app.number_input(key="seed").set_value(seed).run()
    click(app, "to_end")
    caption = group_caption(group)
    assert caption.endswith(("· face down", "· one card shown"))
    assert caption in [c.value for c in app.caption]
    assert 'alt="hidden"' not in " ".join(m.value for m in app.markdown)
    viewer = (owner + 1) % 4
    app.selectbox(key="view_seat").set_value(f"seat {viewer}").run()
    assert not app.exception
    assert caption in [c.value for c in app.caption]
    view = app.session_state["hand"].table.view(viewer)
    hidden = sum(
        card == HIDDEN
        for seat, data in enumerate(view["seats"])
        if seat != viewer
        for cards in [data["hand"], *(g["cards"] for g in data["table"])]
        for card in cards
    )
    seen = view["seats"][owner]["table"]
    assert any(g["cards"].count(HIDDEN) >= len(g["cards"]) - 1 for g in seen)
    shown = " ".join(m.value for m in app.markdown)
    assert shown.count('alt="hidden"') == hidden


def test_a_seat_view_explains_and_logs_only_that_seat(app: AppTest) -> None:
    """Another seat's choices would read out its hand: a seat's view offers no 'why (not)'
    for it, and its event log hides others' draws."""
    load(app, PMZ)
    app.selectbox(key="view_seat").set_value("seat 0").run()
    for _ in range(12):
        click(app, "next")
        table = app.session_state["hand"].table
        asked = 0 in table.waiting_for()
        assert any(box.key == "why_action" for box in app.selectbox) == asked
        (log,) = [d for d in app.dataframe]
        rows = log.value.to_dict("records")
        others = [r for r in rows if r["type"] == "draw" and r["seat"] != 0]
        assert others and all(r["name"] == HIDDEN for r in others)


# ── 4. playing a seat ────────────────────────────────────────────────


def test_playing_a_seat_records_the_choice_and_explains_actions(app: AppTest) -> None:
    load(app, PMZ)
    dealer = app.session_state["hand"].dealer
    seat = (dealer + 1) % 4  # not the dealer: bots act first
    app.selectbox(key="human_seat").set_value(f"seat {seat}").run()
    assert not app.exception
    assert app.session_state["hand"].humans == frozenset({seat})
    for _ in range(60):
        if choice_buttons(app):
            break
        click(app, "next")
    buttons = choice_buttons(app)
    assert buttons, "the seat was never asked to act"
    hand = app.session_state["hand"]
    assert hand.waiting_human() == seat and hand.cursor > 0
    before = position(app)
    click(app, "next")  # the app waits for the user
    assert position(app) == before
    assert "Your move, seat" in " ".join(m.value for m in app.markdown)

    label = buttons[0].label
    click(app, buttons[0].key)
    hand = app.session_state["hand"]
    assert hand.choices[-1] == (seat, label)
    assert hand.cursor == len(hand.choices) == before[0] + 1
    assert position(app)[0] == before[0] + 1
    assert position(app)[1] > before[1]

    why = app.selectbox(key="why_action")
    explanations = set()
    for action in why.options[:3]:
        app.selectbox(key="why_action").set_value(action).run()
        assert not app.exception
        assert app.info and app.info[-1].value
        explanations.add(app.info[-1].value)
    assert len(explanations) > 1


def test_an_illegal_choice_is_refused_without_losing_the_hand(pmz: Game) -> None:
    hand = HandSession(pmz, seed=3, humans=frozenset({0, 1, 2, 3}))
    events = copy.deepcopy(hand.table.events)
    hand.choose(hand.dealer or 0, "no such action")
    assert hand.error and hand.choices == [] and hand.cursor == 0
    assert hand.table.events == events


# ── 5. comparing two files ───────────────────────────────────────────


def test_compare_variants_in_the_app(app: AppTest, pmz: Game, two_horses: Game) -> None:
    seed = first_seed_where_totals_differ(pmz, two_horses)
    expected = compare_variants(pmz, two_horses, seed, None, [])
    load(app, PMZ)
    app.number_input(key="seed").set_value(seed).run()
    app.selectbox(key="compare_with").set_value(display_path(TWO_HORSES)).run()
    click(app, "compare_run")
    result = app.session_state["comparison"]
    assert result.left_totals == expected.left_totals
    assert result.right_totals == expected.right_totals
    assert result.left_totals != result.right_totals
    assert any(result.delta)
    assert f"First difference at event {expected.first_difference}:" in [
        m.value for m in app.markdown
    ]
    table = app.table[-1].value
    assert list(table.columns) == [
        "seat",
        display_path(PMZ),
        display_path(TWO_HORSES),
        "difference",
    ]
    assert list(table["difference"]) == result.delta

    app.selectbox(key="compare_with").set_value(display_path(PMZ)).run()
    click(app, "compare_run")
    assert "The two files play this hand identically." in [s.value for s in app.success]


def test_compare_finds_a_different_bonus_draw_even_when_totals_agree(
    pmz: Game, two_horses: Game
) -> None:
    """A self-draw where the extra bonus card misses: same money, different events."""
    for seed in range(200):
        hand = HandSession(pmz, seed)
        hand.to_end()
        if not any(e["type"] == "bonus" for e in hand.table.events):
            continue
        result = compare_variants(pmz, two_horses, seed, None, [])
        if result.left_totals == result.right_totals:
            break
    else:
        pytest.skip("no self-draw with equal money in seeds 0..199")
    assert result.first_difference is not None
    assert result.left_event and result.right_event
    assert result.left_event["type"] == result.right_event["type"] == "bonus"
    assert result.left_event["count"] != result.right_event["count"]


def test_compare_carries_the_users_choices(pmz: Game) -> None:
    hand = HandSession(pmz, seed=11)
    for _ in range(6):
        hand.forward()
    same = compare_variants(pmz, pmz, 11, hand.dealer, hand.choices)
    assert same.first_difference is None and same.note == ""
    refused = compare_variants(pmz, pmz, 11, hand.dealer, [(hand.dealer or 0, "no such")])
    assert "not legal" in refused.note


# ── 6. golden scenarios ──────────────────────────────────────────────


def test_golden_scenarios_run_in_the_app(app: AppTest) -> None:
    load(app, PMZ)
    count = len(scenarios_for(PMZ))
    assert count > 0
    click(app, "run_scenarios")
    assert f"{count} passed, 0 failed" in [m.value for m in app.markdown]


def failing_scenario(directory: Path) -> Path:
    """A copy of a passing scenario whose expected totals are wrong."""
    data = json.loads(RON_SCENARIO.read_text(encoding="utf-8"))
    data["rules"] = PMZ.name  # the bundled file, by name
    data["name"] = "deliberately wrong totals"
    data["expect"]["totals"] = [-30, 30, 0, 0]
    path = directory / "wrong_totals.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_failing_scenario_shows_expected_and_actual(tmp_path: Path) -> None:
    (result,) = run_scenarios([failing_scenario(tmp_path)])
    assert not result.passed
    assert result.summary().startswith("FAIL deliberately wrong totals")
    assert any(
        "totals: expected [-30, 30, 0, 0], got [-20, 20, 0, 0]" in f for f in result.failures
    )


def test_a_failing_scenario_in_the_app(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing_scenario(tmp_path)
    monkeypatch.setattr(session_module, "SCENARIOS", tmp_path)
    load(app, PMZ)
    click(app, "run_scenarios")
    assert "0 passed, 1 failed" in [m.value for m in app.markdown]
    assert any("totals: expected [-30, 30, 0, 0], got [-20, 20, 0, 0]" in c.value for c in app.code)


def test_scenarios_for_finds_only_that_files_scenarios() -> None:
    pmz = scenarios_for(PMZ)
    phz = scenarios_for(PHZ)
    assert pmz and phz and not set(pmz) & set(phz)
    for path in pmz:
        rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
        assert (path.parent / rules).resolve() == PMZ


# ── 7. options ───────────────────────────────────────────────────────


def test_option_widgets_change_the_game(app: AppTest) -> None:
    load(app, PMZ)
    key = f"opt_{PMZ.stem}_rules_"
    assert app.session_state["draft"].game.compiled.options["horses"] == 1
    app.selectbox(key=key + "horses").set_value("2").run()
    assert not app.exception
    assert app.session_state["draft"].game.compiled.options["horses"] == 2
    assert app.session_state["hand"].game.compiled.options["horses"] == 2  # a new hand
    app.number_input(key=key + "unit").set_value(20).run()
    app.checkbox(key=key + "self_draw_only").check().run()
    options = app.session_state["draft"].game.compiled.options
    assert (options["horses"], options["unit"], options["self_draw_only"]) == (2, 20, True)
    assert [s.value for s in app.success] == ["the rules check clean"]


# ── 8. cards ─────────────────────────────────────────────────────────


def test_a_card_is_an_svg_image(pmz: Game) -> None:
    img = card_img(pmz.compiled, "1m")
    assert img.startswith('<img src="data:image/svg+xml;base64,')
    assert 'alt="一萬"' in img
    svg = svg_of(img)
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert 'width="40" height="54"' in svg  # a tile
    assert f'fill="{INK["red"]}"' in svg and "一" in svg and "萬" in svg


def test_word_cards_are_strips_with_red_ink_for_red_cards(phz: Game) -> None:
    red = svg_of(card_img(phz.compiled, "x2"))
    assert 'width="30" height="86"' in red
    assert f'fill="{INK["red"]}"' in red and ">二<" in red
    black = svg_of(card_img(phz.compiled, "x1"))
    assert f'fill="{INK["black"]}"' in black and INK["red"] not in black


def test_hidden_cards_show_a_back_and_marks_a_ring(phz: Game) -> None:
    back = svg_of(card_img(phz.compiled, HIDDEN))
    assert "<text" not in back and 'fill="#2e6b4f"' in back
    assert 'alt="hidden"' in card_img(phz.compiled, HIDDEN)
    row = row_html(phz.compiled, ["x2", HIDDEN, "d2"], {2})
    images = DATA_URI.findall(row)
    assert len(images) == 3
    ringed = [base64.b64decode(i).decode() for i in images]
    assert ['stroke="#d4a017"' in svg for svg in ringed] == [False, False, True]


# ── 9. the hand session ──────────────────────────────────────────────


def test_hand_session_is_deterministic(pmz: Game) -> None:
    first, second = HandSession(pmz, seed=9), HandSession(pmz, seed=9)
    first.to_end()
    second.to_end()
    assert first.table.finished
    assert first.table.events == second.table.events and first.choices == second.choices
    other = HandSession(pmz, seed=10)
    other.to_end()
    assert other.table.events != first.table.events

    first.jump(30)
    middle = copy.deepcopy(first.table.events)
    first.to_end()
    first.jump(30)
    assert first.table.events == middle


def write_log(path: Path, draft: RuleDraft, hand: HandSession, name: str) -> Path:
    lines = hand.log_lines(draft.log_header(name, hand.seed, hand.bots))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_log_lines_replay_cleanly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pmz, phz = RuleDraft.open(PMZ), RuleDraft.open(PHZ)
    assert pmz.game is not None and phz.game is not None
    finished = HandSession(pmz.game, seed=5)
    finished.to_end()
    unfinished = HandSession(phz.game, seed=5, humans=frozenset({0}))
    for _ in range(7):
        unfinished.forward()
    for index, (hand, draft) in enumerate([(finished, pmz), (unfinished, phz)]):
        log = write_log(tmp_path / f"hand{index}.jsonl", draft, hand, str(draft.path))
        assert cli_main(["replay", str(log), "--quiet"]) == 0, capsys.readouterr()
        # unedited: the text the log carries is the file's, so replay says nothing of it
        assert "carries the rule text" not in capsys.readouterr().err
    assert finished.table.finished


def test_log_names_the_file_relative_to_the_project_from_any_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    draft = RuleDraft.open(PMZ)
    assert draft.game is not None
    hand = HandSession(draft.game, seed=2)
    hand.to_end()
    log = write_log(tmp_path / "hand.jsonl", draft, hand, display_path(PMZ))
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["rules"] == "rules/paomazai.rules"
    assert cli_main(["replay", str(log), "--rules", str(PMZ), "--quiet"]) == 0


EDIT = ('on discard: discarder pays 2 × unit "食糊"', 'on discard: discarder pays 3 × unit "食糊"')


def first_seed_won_on_a_discard(game: Game) -> int:
    for seed in range(300):
        hand = HandSession(game, seed=seed)
        hand.to_end()
        if any(e["type"] == "win" and e["context"] == "discard" for e in hand.table.events):
            return seed
    raise AssertionError("no hand won on a discard in seeds 0..299")


def test_a_log_played_after_an_edit_replays_the_edited_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The log carries the text that was played: `replay` plays it, and says how it differs
    from the file on disk; with `--rules` naming the file, it refuses, naming the line."""
    draft = RuleDraft.open(PMZ)
    draft.update(draft.text.replace(*EDIT))
    assert not draft.broken and draft.game is not None
    seed = first_seed_won_on_a_discard(draft.game)
    hand = HandSession(draft.game, seed=seed)
    hand.to_end()
    assert 30 in [line.amount for line in hand.table.state.ledger]  # the edit was played
    log = write_log(tmp_path / "edited.jsonl", draft, hand, str(PMZ))
    assert cli_main(["replay", str(log), "--quiet"]) == 0
    err = capsys.readouterr().err
    line = next(n for n, text in enumerate(draft.text.splitlines(), 1) if EDIT[1] in text)
    assert f"differs from the file on disk at line {line}" in err, err
    assert "3 × unit" in err and "2 × unit" in err

    assert cli_main(["replay", str(log), "--rules", str(PMZ), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "differs from the rules" in err and f"at line {line}" in err, err


def test_a_log_of_an_uploaded_file_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An uploaded file is on no disk: the log carries it, and `extends` still resolves."""
    text = TWO_HORSES.read_text(encoding="utf-8").replace('extends "../', 'extends "')
    draft = RuleDraft(path=PMZ.parent / "mine.rules", text=text)
    draft.update(text)
    assert not draft.broken and draft.game is not None, draft.diagnostics
    hand = HandSession(draft.game, seed=4)
    hand.to_end()
    log = write_log(tmp_path / "uploaded.jsonl", draft, hand, str(draft.path))
    assert cli_main(["replay", str(log), "--quiet"]) == 0, capsys.readouterr()
    assert "is not on disk" in capsys.readouterr().err


# ── the walkthrough a new user follows ───────────────────────────────


def test_a_seeded_self_draw_with_two_horses_is_explained_as_180(app: AppTest) -> None:
    """PMZ-9, PMZ-16, PMZ-17: 跑馬仔 with 2 horses, seed 117: a self-draw, both horses hit,
    and the winner collects 60 + 2 × 60 = 180, each payment shown with its rule ids."""
    load(app, PMZ)
    app.selectbox(key=f"opt_{PMZ.stem}_rules_horses").set_value("2").run()
    app.number_input(key="seed").set_value(117).run()
    click(app, "to_end")
    text = "\n".join(m.value for m in app.markdown)
    assert "wins** on draw" in text
    assert "2 hit(s)" in text
    ledger = next(t for t in app.table if "label" in str(t.value.columns.tolist()))
    labels = ledger.value["label"].tolist()
    assert labels.count("自摸") == 3 and labels.count("中馬") == 3
    assert set(ledger.value["amount"].tolist()) == {20, 40}
    assert "PMZ-17" in " ".join(ledger.value["rule ids"].tolist())
    assert "180" in next(m.value for m in app.markdown if m.value.startswith("Totals:"))


def test_a_word_card_win_shows_its_huxi_breakdown(app: AppTest) -> None:
    """PHZ-20: the winning split of a 跑胡子 hand lists every group with its 胡息."""
    load(app, PHZ)
    seed = next(s for s in range(300) if _wins(HandSession(load_game(PHZ), seed=s)))
    app.number_input(key="seed").set_value(seed).run()
    click(app, "to_end")
    splits = [c.value for c in app.code if re.search(r"\]\(\d+\)", c.value)]
    assert splits, [c.value for c in app.code]
    assert re.search(r"value \d+", "\n".join(m.value for m in app.markdown))


def _wins(session: HandSession) -> bool:
    session.to_end()
    return any(e["type"] == "win" and e.get("split") for e in session.table.events)


def test_scenarios_run_against_the_edited_text() -> None:
    """A change in the editor that breaks a rule makes its scenarios fail before saving."""
    draft = RuleDraft.open(PMZ)
    paths = [p for p in scenarios_for(PMZ) if "self_draw_two_horses" in p.name]
    assert run_scenarios(paths, draft)[0].passed
    draft.update(
        draft.text.replace(
            "pays: each other pays 2 × unit per hit", "pays: each other pays 3 × unit per hit"
        )
    )
    failed = run_scenarios(paths, draft)[0]
    assert not failed.passed
    assert any("totals" in f for f in failed.failures)
    assert run_scenarios(paths)[0].passed  # the file on disk is untouched
