"""Editing the rules in the playground (AppTest): a broken edit located while the last version
that checked runs on, and the rules in effect read as rules."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest
from tablerules.playground.files.drafts import RuleDraft
from tablerules.playground.files.expanded import expanded_rules

from .page import EDIT, TWO_HORSES, click, counter, editor_data, open_tab, run


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


def test_the_rules_in_effect_read_as_rules() -> None:
    draft = RuleDraft.open(TWO_HORSES)
    assert draft.last_good is not None
    text = expanded_rules(draft.last_good.loaded)
    assert text.startswith("# ── from rules/variants/paomazai-two-horses.rules ──\n")
    assert "# ── from rules/paomazai.rules ──" in text and "set horses = 2" in text
    assert "# horses = 2" in text and "{'" not in text
    for clause in ("deck [PMZ-1] {", "settle win [PMZ-16, PMZ-17, PMZ-21] {", "ties [PMZ-5] {"):
        assert clause in text


def test_an_edit_another_tab_kept_is_told_offered_and_forgotten_when_asked(app: AppTest) -> None:
    """What the editor sends when it kept another tab's edit as a copy: the tab says so,
    offers it to download, and asks the editor to drop it (as it was) when told."""
    draft = app.session_state["draft"]
    mine, theirs = draft.text.replace(*EDIT), draft.text.replace("= 10", "= 20", 1)
    copy = {"key": "tablerules-draft:rules/paomazai.rules~t1", "at": 5, "text": theirs}
    app.session_state["editor_paomazai_rules"] = {"text": mine, "copies": [copy]}
    run(app)
    warnings = [w.value for w in app.warning if w.value.startswith("Another tab")]
    assert warnings == [
        "Another tab of this browser kept its own edit of rules/paomazai.rules while this one "
        "was open (1 kept). Neither is lost: the other tab's edit is kept in this browser as a "
        "copy — download it to compare or to keep it."
    ], [w.value for w in app.warning]
    (button,) = [b for b in app.get("download_button") if b.key == "other_tab_1"]
    assert button.label == "Download the other tab's edit 1 (2 line(s) differ from this one)"
    assert editor_data(app)["forget"] == []
    click(app, "other_tabs_forget")
    assert editor_data(app)["forget"] == [{"key": copy["key"], "at": 5}]
    assert draft.text == mine  # this tab's edit untouched
