"""The Streamlit playground driven through AppTest: the first screen, every bundled file,
editing, stepping, keeping one's place, playing a seat by clicking cards, uploads,
comparing variants and golden scenarios. (The page's content is tested without Streamlit
in test_hand_page.py; the real browser in tests/e2e/.)"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.cli.main import main as cli_main
from tablerules.interpreter import Game, load_game
from tablerules.playground.experiments import golden
from tablerules.playground.experiments.comparison import compare_variants, incomparable
from tablerules.playground.experiments.golden import hand_as_scenario, run_scenarios, scenarios_for
from tablerules.playground.files.drafts import (
    MAX_RULE_BYTES,
    RuleDraft,
    UploadError,
    bundled_rule_files,
    decode_upload,
    display_path,
)
from tablerules.playground.files.expanded import expanded_rules
from tablerules.playground.play.hand_page import page_steps
from tablerules.playground.play.hands import HandSession

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "playground" / "app.py"
PMZ = ROOT / "rules" / "paomazai.rules"
PHZ = ROOT / "rules" / "paohuzi.rules"
TWO_HORSES = ROOT / "rules" / "variants" / "paomazai-two-horses.rules"
RON_SCENARIO = ROOT / "tests" / "golden" / "scenarios" / "paomazai" / "ron_discarder_pays.json"
COUNTER = re.compile(r"\*\*move (\d+)(?: of (\d+)\+?)?\*\*")
CHOICE = re.compile(r'data-choice="([^"]+)"')


# ── helpers ───────────────────────────────────────────────────────────


@pytest.fixture(scope="module", autouse=True)
def scan_installed_components_once() -> Iterator[None]:
    """Each AppTest looks through every installed package for Streamlit components (about
    a second); the answer does not change between tests, so it is looked up once."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    found = scan()
    manifest_scanner.scan_component_manifests = lambda *args, **kwargs: list(found)
    yield
    manifest_scanner.scan_component_manifests = scan


@pytest.fixture
def app() -> Iterator[AppTest]:
    """The playground after its first run."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    yield at


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, at.exception


def load(at: AppTest, path: Path) -> None:
    """Choose a bundled rule file in the sidebar."""
    at.selectbox(key="rule_file").set_value(display_path(path))
    run(at)


def open_tab(at: AppTest, title: str) -> None:
    """Every tab is drawn on every run (the browser switches between them): check that
    `title` is one of them."""
    assert title in [tab.label for tab in at.tabs], title


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click()
    run(at)


def counter(at: AppTest) -> tuple[int, int]:
    """(move shown, moves played) from the Hand tab's one counter; a seat's view says no
    more than the move shown (-1 for the moves played)."""
    for markdown in at.markdown:
        found = COUNTER.search(markdown.value)
        if found:
            return int(found[1]), int(found[2]) if found[2] else -1
    raise AssertionError("no 'move K of N' counter on the page")


def compare_box(at: AppTest) -> Any:
    """The Compare tab's "Compare with" box (its key names the file and its state)."""
    found = [b for b in at.selectbox if b.key and b.key.startswith("compare_with_")]
    assert len(found) == 1, [b.key for b in at.selectbox]
    return found[0]


def component_data(at: AppTest, key: str) -> dict[str, Any]:
    """The data a component of the page was given."""
    for element in at.get("bidi_component"):
        if element.key == key:
            return json.loads(element.proto.json)
    raise AssertionError(f"no component {key!r} on the page")


def component(at: AppTest, key: str) -> str:
    """The HTML a component of the page was given."""
    return component_data(at, key)["html"]


def click_component(at: AppTest, key: str, value: Any) -> None:
    """What a click in the browser does: the component reports it as its state."""
    at.session_state[key] = {"click": {"value": value, "n": time.monotonic_ns()}}
    run(at)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [s.value for s in at.success]
    return "\n".join(parts)


# ── the first screen ─────────────────────────────────────────────────


def test_the_first_screen_is_a_hand_ready_to_step(app: AppTest) -> None:
    said = texts(app)
    assert "tablerules playground · 跑馬仔" in said
    assert "Step through the hand below with **→** and **←**" in said
    assert app.tabs[0].label == "Hand"  # the tab shown first
    moves = component_data(app, "keys")["last"]  # a step each event (draw, discard, …)
    assert counter(app) == (0, moves) and moves > app.session_state["hand"].last > 10
    table = component(app, "table")
    for name in ("東", "南", "西", "北"):
        assert f"<b>{name}</b>" in table
    assert table.count('class="tr-card tr-tile') >= 52
    rows = component(app, "moves")
    assert rows.count('data-move="') == moves + 1
    assert "deals 13 cards each" in rows
    # the arrow keys are the page's, wherever the focus is (not a button's shortcut)
    assert component_data(app, "keys") == {"current": 0, "last": moves, "applied": 0}
    shortcuts = {b.key: b.proto.shortcut for b in app.button if b.key in ("back", "next")}
    assert shortcuts == {"back": "", "next": ""}
    # the other tabs are drawn too, ready: Compare offers a variant of the same game first
    assert compare_box(app).value.startswith("rules/variants/paomazai-")
    assert not app.warning and not app.error


def test_every_bundled_rule_file_checks_clean_and_deals_a_hand(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the app does not depend on the current directory
    names = app.selectbox(key="rule_file").options
    assert names == [display_path(p) for p in bundled_rule_files()]
    for name in names:
        app.selectbox(key="rule_file").set_value(name)
        run(app)
        assert not app.error, name
        assert counter(app)[0] == 0 and counter(app)[1] > 0, name
    open_tab(app, "Rules")
    for name in names:
        app.selectbox(key="rule_file").set_value(name)
        run(app)
        assert [s.value for s in app.success] == ["the rules check clean"], name


def test_no_error_details_reach_the_page_wherever_it_is_served_from(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The project's .streamlit/config.toml hides error details, but only when the server
    starts in the project's folder: the app itself says so too."""
    from streamlit import config

    monkeypatch.chdir(tmp_path)
    config.set_option("client.showErrorDetails", "full")
    run(app)
    assert config.get_option("client.showErrorDetails") == "none"


# ── editing ──────────────────────────────────────────────────────────


def editor_data(at: AppTest) -> dict[str, Any]:
    for element in at.get("bidi_component"):
        if element.key and element.key.startswith("editor_"):
            return json.loads(element.proto.json)
    raise AssertionError("no rule editor on the page")


def test_a_broken_edit_is_located_and_the_hand_names_the_version_it_runs(app: AppTest) -> None:
    click(app, "next")
    click(app, "next")
    draft = app.session_state["draft"]
    good, original = draft.game, draft.text
    open_tab(app, "Rules")
    data = editor_data(app)
    assert data["text"] == draft.text and data["diagnostics"] == []
    assert {"group", "action", "settle", "pays"} <= set(data["keywords"])
    assert {"一萬", "1m", "東"} <= set(data["cards"]) and {"刻", "胡", "horses"} <= set(
        data["names"]
    )
    broken = draft.text.replace("unless self_draw_only ", "unless self_drawonly ", 1)
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "self_drawonly" in text)
    app.session_state["editor_paomazai_rules"] = {"text": broken}
    run(app)
    (found,) = editor_data(app)["diagnostics"]
    assert found["where"].startswith(f"rules/paomazai.rules:{line}:") and found["line"] == line
    assert found["code"] == "E101" and "self_drawonly" in found["message"]
    assert found["hint"].startswith("did you mean 'self_draw_only'?")
    assert [e.value for e in app.error] == [
        "1 error(s) — version 1, the last that checked, is still running"
    ]
    assert app.session_state["draft"].game is good
    open_tab(app, "Hand")
    (warning,) = [w.value for w in app.warning]
    assert "Your last edit (version 2) has 1 error(s)" in warning
    assert "this hand runs version 1, the last that checked" in warning
    assert counter(app)[0] == 2  # still where it was
    assert app.session_state["hand"].game is good
    open_tab(app, "Rules")
    app.session_state["editor_paomazai_rules"] = {"text": original.replace(*EDIT)}
    run(app)
    assert [s.value for s in app.success] == [
        "the rules check clean (edited: the file on disk is unchanged)"
    ]
    open_tab(app, "Hand")
    hand = app.session_state["hand"]
    assert hand.game is not good and counter(app)[0] == 2  # the edit replayed, the place kept


# ── stepping ─────────────────────────────────────────────────────────


def test_one_counter_steps_back_and_forth_and_jumps_to_a_clicked_move(app: AppTest) -> None:
    _, moves = counter(app)
    for step in range(1, 4):
        click(app, "next")
        assert counter(app) == (step, moves)
    click(app, "back")
    assert counter(app) == (2, moves)
    click(app, "to_end")
    assert counter(app) == (moves, moves)
    assert app.session_state["hand"].table.finished
    click(app, "next")  # nothing after the end
    assert counter(app) == (moves, moves)
    click_component(app, "moves", 7)
    assert counter(app) == (7, moves) and component_data(app, "moves")["current"] == 7
    click(app, "reset")
    assert counter(app) == (0, moves)


def test_the_arrow_keys_step_and_no_press_is_lost(app: AppTest) -> None:
    """The keys component reports the step asked for last, numbered: presses sent while
    the app was still running (5, then 6, …) land on the last one, each acted on once."""
    _, moves = counter(app)
    app.session_state["keys"] = {"key": {"value": 5, "n": 1}}
    run(app)
    assert counter(app) == (5, moves)
    assert component_data(app, "keys")["applied"] == 1
    app.session_state["keys"] = {"key": {"value": 9, "n": 5}}  # four presses in one run
    run(app)
    assert counter(app) == (9, moves)
    run(app)  # the same press is not acted on twice
    assert counter(app) == (9, moves) and component_data(app, "keys")["current"] == 9


def test_an_option_change_keeps_the_place_and_the_choices(app: AppTest) -> None:
    click_component(app, "moves", 10)
    before = app.session_state["hand"]
    app.number_input(key="opt_paomazai_rules_unit").set_value(20)
    run(app)
    after = app.session_state["hand"]
    assert after is not before and after.game.compiled.options["unit"] == 20
    assert counter(app)[0] == 10
    made = before.marks[before.cursor]
    assert after.played()[:made] == before.played()[:made]


def test_a_seat_change_keeps_the_place_and_shows_that_seat_only(app: AppTest) -> None:
    steps, _ = page_steps(app.session_state["hand"], None)
    # a step that ends its move: a seat's decision, where the seat played waits
    place = next(s.number for s in steps if s.number >= 6 and s.number + 1 < len(steps)
                 and steps[s.number + 1].move != s.move)  # fmt: skip
    click_component(app, "moves", place)
    hand = app.session_state["hand"]
    seat = hand.table.waiting_for()[0]
    app.selectbox(key="sit_at").set_value(seat)
    run(app)
    app.toggle(key="play_seat").set_value(False)
    run(app)
    assert counter(app)[0] == place
    table = component(app, "table")
    assert table.count("tr-back") == sum(
        sum(s.hand) for i, s in enumerate(hand.table.state.seats) if i != seat
    )
    rows = component(app, "moves")
    assert rows.count('data-move="') == place + 1  # no moves ahead of the one shown


# ── playing a seat ───────────────────────────────────────────────────


def test_a_seat_is_played_to_the_end_by_clicking_cards_and_claim_buttons(app: AppTest) -> None:
    hand = app.session_state["hand"]
    me = (hand.dealer + 1) % 4
    names = hand.game.compiled.seat_names
    app.selectbox(key="sit_at").set_value(me)
    run(app)
    app.select_slider(key="speed_play").set_value("instant")
    run(app)
    clicked_cards = 0
    for _ in range(80):
        hand = app.session_state["hand"]
        if hand.end.finished and hand.cursor == hand.last:
            break
        assert hand.humans == frozenset({me}) and hand.waiting_human() == me, texts(app)
        choices = CHOICE.findall(component(app, "table"))
        claims = [b for b in app.button if b.key and b.key.startswith("choose_")]
        if choices:
            assert any(i.value.startswith(f"Your turn, {names[1]}") for i in app.info)
            click_component(app, "table", choices[-1])
            clicked_cards += 1
        else:
            assert claims, texts(app)
            claims[0].click()
            run(app)
    hand = app.session_state["hand"]
    assert hand.end.finished and clicked_cards > 3
    mine = [label for seat, label in hand.choices if seat == me]
    assert sum(label.startswith("discard ") for label in mine) >= clicked_cards
    verdict = [s.value for s in app.success]
    assert verdict and re.match(
        rf"(You win, {names[1]}|You dealt in|Drawn hand|.* won; {names[1]})", verdict[0]
    )


# ── uploads ──────────────────────────────────────────────────────────


def upload(at: AppTest, name: str, data: bytes) -> None:
    at.file_uploader(key="upload").set_value((name, data, "text/plain"))
    run(at)


def test_an_uploaded_file_is_played_in_every_tab(app: AppTest) -> None:
    """The box names the upload; every tab works with it, nothing fails on the page."""
    text = TWO_HORSES.read_text(encoding="utf-8").replace('extends "../', 'extends "')
    upload(app, "mine.rules", text.encode("utf-8"))
    assert app.selectbox(key="rule_file").value == "mine.rules (uploaded)"
    label = app.file_uploader(key="upload").label
    assert label == "Your own rule file: upload a .rules file (at most 64 KB)"
    assert app.session_state["draft"].text == text
    click(app, "to_end")
    assert app.session_state["hand"].game.compiled.options["horses"] == 2
    for tab in ("Rules", "Compare variants", "Golden scenarios"):
        open_tab(app, tab)
        assert not app.error, (tab, [e.value for e in app.error])
    assert any("No golden scenario uses mine.rules" in m.value for m in app.markdown)
    open_tab(app, "Compare variants")
    compare_box(app).set_value(display_path(PMZ))
    run(app)
    click(app, "compare_run")
    assert "Money by seat" in texts(app)
    load(app, PMZ)  # back to a bundled file and to the upload: each keeps its own draft
    app.selectbox(key="rule_file").set_value("mine.rules (uploaded)")
    run(app)
    assert app.session_state["draft"].text == text


def test_an_upload_that_is_not_a_rule_file_is_refused_in_words(app: AppTest) -> None:
    upload(app, "picture.rules", b"\x89PNG\r\n\x1a\n\x00\x00")
    assert [e.value for e in app.error] == [
        "picture.rules: the file is not text (it contains NUL bytes): upload a .rules file"
    ]
    assert app.selectbox(key="rule_file").value != "picture.rules (uploaded)"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"game x\x00\x01\x02", "NUL bytes"),
        (b"game \xff\xfe ok", "not UTF-8 text (byte 5"),
        (b"#" * (MAX_RULE_BYTES + 1), "at most 64 KB"),
    ],
)
def test_upload_that_is_not_a_rule_file_is_refused_clearly(data: bytes, reason: str) -> None:
    with pytest.raises(UploadError, match=re.escape(reason)):
        decode_upload(data)


# ── comparing variants ───────────────────────────────────────────────


def test_compare_tells_both_hands_from_where_they_part(app: AppTest) -> None:
    app.text_input(key="seed").set_value("117")
    run(app)
    open_tab(app, "Compare variants")
    compare_box(app).set_value(display_path(TWO_HORSES))
    run(app)
    click(app, "compare_run")
    said = texts(app)
    result = app.session_state["comparison"]
    start = min(result.parting_move(result.left), result.parting_move(result.right))
    assert f"**The hands part at move {start}.**" in said
    assert re.search(rf"^{start}\. .+ draws 1 馬", said, re.M)
    assert re.search(rf"^{start}\. .+ draws 2 馬", said, re.M)
    assert "| 東 | +120 | +180 | +60 |" in said
    # only files of the same game are offered: another game's is not, nor the file itself
    offered = compare_box(app).options
    assert display_path(PHZ) not in offered and display_path(PMZ) not in offered


def test_an_edit_compared_with_the_file_as_saved_names_both_columns(app: AppTest) -> None:
    draft = app.session_state["draft"]
    edited = draft.text.replace(
        'on discard: discarder pays 2 × unit "食糊"', 'on discard: discarder pays 3 × unit "食糊"'
    )
    assert edited != draft.text
    app.session_state["editor_paomazai_rules"] = {"text": edited}
    run(app)
    click(app, "to_end")
    open_tab(app, "Compare variants")
    assert compare_box(app).value == "rules/paomazai.rules (as saved)"
    click(app, "compare_run")
    said = texts(app)
    assert "**rules/paomazai.rules (edited)**" in said
    assert "**rules/paomazai.rules (as saved)**" in said
    assert "| seat | rules/paomazai.rules (edited) | rules/paomazai.rules (as saved) |" in said


def test_variants_that_deal_differently_are_not_compared(pmz: Game, phz: Game) -> None:
    three = load_game(ROOT / "rules" / "variants" / "paohuzi-3p.rules")
    assert "seat 4 and 3 players" in incomparable(phz, three)
    assert incomparable(pmz, load_game(TWO_HORSES)) == ""
    same = compare_variants(pmz, pmz, 11, None, HandSession(pmz, 11).played())
    assert same.first_difference is None and same.note == ""


def test_a_hand_played_to_its_end_is_compared_as_it_is(pmz: Game) -> None:
    """The Hand tab's hand, played by bots to its end, is the left hand of a comparison as
    it stands (not played again), and keeps its place."""
    two = load_game(TWO_HORSES)
    hand = HandSession(pmz, 117)
    hand.goto(5)
    again = compare_variants(pmz, two, 117, hand.dealer, hand.played())
    reused = compare_variants(pmz, two, 117, hand.dealer, hand.played(), played=hand)
    assert reused.left is hand and hand.cursor == 5
    assert reused.left.end.events == again.left.end.events
    assert reused.right.end.events == again.right.end.events
    assert reused.first_difference == again.first_difference is not None


def test_a_renamed_variant_compares_and_another_game_is_refused_in_a_sentence(
    pmz: Game,
) -> None:
    """跑馬仔番 extends 跑馬仔 under a name of its own: one lineage, so one game. 香港麻雀
    deals the same 136 tiles to four seats, yet is another game."""
    faan = load_game(ROOT / "rules" / "variants" / "paomazai-faan.rules")
    assert faan.compiled.name != pmz.compiled.name and incomparable(pmz, faan) == ""
    hong_kong = load_game(ROOT / "rules" / "hongkong.rules")
    assert hong_kong.compiled.cards.ids == pmz.compiled.cards.ids
    assert incomparable(pmz, hong_kong).startswith(
        "these are two different games, 跑馬仔 and 香港麻雀: "
    )


# ── golden scenarios ─────────────────────────────────────────────────


def failing_scenario(directory: Path) -> Path:
    """A copy of a passing scenario whose expected money is wrong."""
    data = json.loads(RON_SCENARIO.read_text(encoding="utf-8"))
    data["rules"] = PMZ.name  # the bundled file, by name
    data["name"] = "deliberately wrong money"
    data["expect"]["totals"] = [-30, 30, 0, 0]
    path = directory / "wrong_money.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_scenarios_run_failures_first_in_words_and_open_as_a_hand(
    app: AppTest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil_copy(RON_SCENARIO, tmp_path / "a_ron.json")
    failing_scenario(tmp_path)
    monkeypatch.setattr(golden, "SCENARIOS", tmp_path)
    open_tab(app, "Golden scenarios")
    click(app, "run_scenarios")
    assert "**1 passed, 1 failed**" in texts(app)
    said = texts(app)
    assert said.index("FAIL deliberately wrong money") < said.index("PASS ")  # failures first
    assert (
        "money: expected 東 (seat 0) -30, 南 (seat 1) +30, 西 (seat 2) +0, 北 (seat 3) +0; "
        "got 東 (seat 0) -20, 南 (seat 1) +20, 西 (seat 2) +0, 北 (seat 3) +0 "
        "(東 pays 南 2 × unit = 2 × 10 = 20 · 食糊)"
    ) in said
    click(app, "open_0")
    assert component_data(app, "show_tab")["label"] == "Hand"  # the browser shows that tab
    hand = app.session_state["hand"]
    assert hand.rigged is not None and hand.rigged.name == "deliberately wrong money"
    assert hand.end.finished and counter(app)[0] == component_data(app, "keys")["last"]
    assert "Scenario: deliberately wrong money." in texts(app)
    run(app)  # the next run asks for no tab, but draws the component in the same place
    assert component_data(app, "show_tab") == {}


def shutil_copy(source: Path, target: Path) -> None:
    data = json.loads(source.read_text(encoding="utf-8"))
    data["rules"] = PMZ.name
    target.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_hand_saved_as_a_scenario_passes_tablerules_test(
    app: AppTest, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    click(app, "to_end")
    draft, hand = app.session_state["draft"], app.session_state["hand"]
    assert any(b.key == "download_scenario" for b in app.get("download_button"))
    data = hand_as_scenario(hand, draft, "checked by eye")
    assert data["rules"] == "paomazai"  # the bundled file by name: it runs wherever it is saved
    (tmp_path / "by_eye.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert cli_main(["test", str(tmp_path / "by_eye.json")]) == 0
    assert "PASS checked by eye" in capsys.readouterr().out


def test_scenarios_run_against_the_edited_text() -> None:
    """A change in the editor that breaks a rule makes its scenarios fail before saving."""
    draft = RuleDraft.open(PMZ)
    paths = [s.path for s in scenarios_for(PMZ) if "self_draw_two_horses" in s.path.name]
    assert run_scenarios(paths, draft)[0].passed
    draft.update(
        draft.text.replace(
            "pays: each other pays 2 × unit per hit", "pays: each other pays 3 × unit per hit"
        )
    )
    failed = run_scenarios(paths, draft)[0]
    assert not failed.passed and any("money: expected" in f for f in failed.failures)
    assert run_scenarios(paths)[0].passed  # the file on disk is untouched


# ── the editor and the log ───────────────────────────────────────────


def test_the_rules_in_effect_read_as_rules() -> None:
    draft = RuleDraft.open(TWO_HORSES)
    assert draft.last_good is not None
    text = expanded_rules(draft.last_good.loaded)
    assert text.startswith("# ── from rules/variants/paomazai-two-horses.rules ──\n")
    assert "# ── from rules/paomazai.rules ──" in text and "set horses = 2" in text
    assert "# horses = 2" in text and "{'" not in text
    for clause in ("deck [PMZ-1] {", "settle win [PMZ-16, PMZ-17, PMZ-21] {", "ties [PMZ-5] {"):
        assert clause in text


def write_log(path: Path, draft: RuleDraft, hand: HandSession, name: str) -> Path:
    lines = hand.log_lines(draft.log_header(name, hand.seed, hand.bots))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_log_of_the_move_shown_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for rules in (PMZ, PHZ):
        draft = RuleDraft.open(rules)
        assert draft.game is not None
        hand = HandSession(draft.game, seed=5)
        for move in (hand.last, hand.last // 2):
            hand.goto(move)
            log = write_log(tmp_path / f"{rules.stem}{move}.jsonl", draft, hand, str(rules))
            assert cli_main(["replay", str(log), "--quiet"]) == 0, capsys.readouterr()
            assert "carries the rule text" not in capsys.readouterr().err


EDIT = ('on discard: discarder pays 2 × unit "食糊"', 'on discard: discarder pays 3 × unit "食糊"')


def test_a_log_played_after_an_edit_replays_the_edited_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The log carries the text that was played: `replay` plays it, and says how it differs
    from the file on disk; with `--rules` naming the file, it refuses, naming the line."""
    draft = RuleDraft.open(PMZ)
    draft.update(draft.text.replace(*EDIT))
    assert not draft.broken and draft.game is not None and draft.edited
    seed = next(
        s
        for s in range(300)
        if any(
            e["type"] == "win" and e["context"] == "discard"
            for e in HandSession(draft.game, seed=s).end.events
        )
    )
    hand = HandSession(draft.game, seed=seed)
    hand.to_end()
    assert 30 in [line.amount for line in hand.table.state.ledger]  # the edit was played
    log = write_log(tmp_path / "edited.jsonl", draft, hand, str(PMZ))
    assert cli_main(["replay", str(log), "--quiet"]) == 0
    err = capsys.readouterr().err
    line = next(n for n, text in enumerate(draft.text.splitlines(), 1) if EDIT[1] in text)
    assert f"differs from the file on disk at line {line}" in err, err
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


def test_a_failure_inside_the_hand_is_told_in_words(
    app: AppTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No traceback reaches the page: a part that fails says which part, and why."""
    from tablerules.playground.tabs import hand

    def broken(*args: object) -> None:
        raise RuntimeError("the page could not be built")

    monkeypatch.setattr(hand, "build_page", broken)
    click(app, "next")
    assert [e.value for e in app.error] == [
        "The table could not be drawn: the page could not be built. The other tabs still "
        "work; changing the rule file, the seed or the options starts this part afresh."
    ]
    assert not app.exception
    monkeypatch.undo()
    run(app)  # the next run draws the hand again, where it is
    assert not app.error and counter(app)[0] == 1
