"""The playground's log of a hand: the move shown, an edited rule text and an uploaded file
each replay with `tablerules replay`."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.cli.main import main as cli_main
from tablerules.playground.files.drafts import RuleDraft
from tablerules.playground.play.hands import HandSession

from .page import EDIT, PHZ, PMZ, TWO_HORSES


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
