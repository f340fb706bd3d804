"""The playground tries rule text it has not seen in a worker process, under a CPU and a
memory budget, before the server checks or plays it; `extends` reaches only bundled files."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tablerules.dsl.loading.bundled import bundled_folder
from tablerules.playground.files import budget
from tablerules.playground.files.drafts import RuleDraft, upload_name

ROOT = Path(__file__).resolve().parent.parent
PMZ = bundled_folder() / "paomazai.rules"
PMZ_TEXT = PMZ.read_text(encoding="utf-8")


def heavy_rules() -> str:
    """Rules within every limit whose greedy hand takes minutes: 16 seats, 256 card kinds."""
    import sys

    sys.path.insert(0, str(ROOT))
    from fuzz.adversarial import _big_deck

    return _big_deck(play=True).replace("  40 to each hand", "  30 to each hand")


@pytest.fixture
def quick_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "CPU_SECONDS", 1)
    monkeypatch.setattr(budget, "_verdicts", budget.OrderedDict())


def test_an_edited_file_is_tried_then_runs(quick_budget: None) -> None:
    draft = RuleDraft.open(PMZ)
    draft.update(PMZ_TEXT.replace("= 10   [PMZ-16]", "= 20   [PMZ-16]", 1) + "\n# edited\n")
    assert not draft.broken and draft.game is not None


def test_rules_over_budget_are_stopped_without_freezing_other_users(
    quick_budget: None,
) -> None:
    """While one session waits for a heavy trial, the server's other threads keep going;
    the heavy rules are refused and the last version that worked keeps running."""
    draft = RuleDraft.open(PMZ)
    good = draft.game
    alone = _ticks_a_second(lambda: True, 1.0)  # what this machine gives right now
    trial = threading.Thread(target=draft.update, args=(heavy_rules(),))
    trial.start()
    beside = _ticks_a_second(trial.is_alive, 60.0)
    trial.join()
    assert draft.broken and draft.game is good
    (diagnostic,) = draft.diagnostics
    assert diagnostic.code == "E111" and "the playground stopped these rules" in diagnostic.message
    # The other thread ran all along, at least half as often as it does alone (a trial run in
    # the server's own process would hold the interpreter and starve it).
    assert beside >= alone / 2, (beside, alone)


def _ticks_a_second(going: Callable[[], bool], longest: float) -> float:
    """How often a thread that sleeps 10 ms at a time wakes, while `going()` holds."""
    ticks = 0
    started = time.monotonic()
    while going() and time.monotonic() - started < longest:
        time.sleep(0.01)
        ticks += 1
    return ticks / max(time.monotonic() - started, 1e-9)


@pytest.fixture
def own_workers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Workers started for this test alone (a worker keeps the budget it was started with),
    stopped after it."""
    pool = budget._Pool()
    monkeypatch.setattr(budget, "_pool", pool)
    monkeypatch.setattr(budget, "_verdicts", budget.OrderedDict())
    yield
    for worker in pool.idle:
        worker.stop()


def test_rules_over_the_memory_budget_are_refused_in_words(
    monkeypatch: pytest.MonkeyPatch, own_workers: None
) -> None:
    monkeypatch.setattr(budget, "MEMORY_MB", 48)  # a worker's imports take about 40 MB
    draft = RuleDraft.open(PMZ)
    good = draft.game
    draft.update(heavy_rules())
    assert draft.broken and draft.game is good
    (diagnostic,) = draft.diagnostics
    assert diagnostic.code == "E111"
    assert diagnostic.message.endswith("needs more than 48 MB of memory"), diagnostic.message


def test_rules_past_the_deadline_are_refused_as_too_slow(
    monkeypatch: pytest.MonkeyPatch, own_workers: None
) -> None:
    """A worker still busy at the wall-clock deadline is stopped, and the message says the
    deadline, not the CPU budget it never reached."""
    monkeypatch.setattr(budget, "CPU_SECONDS", 600)
    monkeypatch.setattr(budget, "WALL_SECONDS", 1)
    monkeypatch.setattr(budget, "STARTUP_SECONDS", 3)
    draft = RuleDraft.open(PMZ)
    draft.update(heavy_rules())
    (diagnostic,) = draft.diagnostics
    assert diagnostic.message.endswith("took longer than 1 s"), diagnostic.message
    assert not budget._pool.idle  # the busy worker was stopped, not kept


def test_extends_in_the_playground_reaches_only_bundled_files(tmp_path: Path) -> None:
    draft = RuleDraft(path=bundled_folder() / "mine.rules", text="")
    for written in ("/etc/passwd", "../../../../../etc/passwd", str(PMZ)):
        draft.update(f'extends "{written}"\n')
        assert draft.broken
        assert "root:" not in "\n".join(d.render() for d in draft.diagnostics)
    draft.update('extends "paomazai"\nset horses = 2 [PMZ-9]\n')
    assert not draft.broken


def test_a_copy_of_a_bundled_variant_builds_on_the_bundled_base() -> None:
    """The bundled variants name their base `../NAME.rules`: uploaded as they are, they
    build on the installed file, as a short name would."""
    variants = sorted((bundled_folder() / "variants").glob("*.rules"))
    assert sum('extends "../' in v.read_text(encoding="utf-8") for v in variants) >= 5
    for variant in variants:
        text = variant.read_text(encoding="utf-8")
        draft = RuleDraft(path=bundled_folder() / "mine.rules", text="")
        draft.update(text)
        assert not draft.broken, (variant.name, [d.render() for d in draft.diagnostics])


def test_extends_in_the_playground_reads_no_python_file_of_the_bundled_folder() -> None:
    """The bundled folder is a Python package: the editor's `extends` may not read its
    `__init__.py` and quote it back; only `*.rules` files are bases."""
    draft = RuleDraft(path=bundled_folder() / "mine.rules", text="")
    for written in ("__init__.py", "variants/../__init__.py"):
        draft.update(f'extends "{written}"\n')
        assert draft.broken
        assert [d.code for d in draft.diagnostics] == ["E107"]
        rendered = "\n".join(d.render() for d in draft.diagnostics)
        assert "package only marks" not in rendered and "__init__.py:" not in rendered


def test_an_uploaded_name_is_only_a_name() -> None:
    assert upload_name("../../etc/x.rules") == "x.rules"
    assert upload_name("..") == "uploaded.rules"
    assert "\x1b" not in upload_name("\x1b[2Jevil.rules")


def test_a_hand_whose_bots_think_too_long_stops_with_a_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text that passed its trial may still make other hands slow: the server's bots get
    a CPU budget per hand, and the hand stops with a message when it is used up."""
    from tablerules.interpreter.api import check
    from tablerules.playground.play.hands import HandSession

    monkeypatch.setattr(budget, "HAND_CPU_SECONDS", 0.3)
    checked = check(PMZ.with_name("heavy.rules"), text=heavy_rules())
    assert checked.ok and checked.game is not None
    started = time.process_time()
    session = HandSession(checked.game, seed=1)  # the bots play ahead as far as they may
    session.to_end()
    assert time.process_time() - started < 15
    assert not session.end.finished
    assert "more than the playground allows" in str(session.error)
    # told in the language of the page that shows it
    from tablerules.playground.words.page_messages import told_all

    chinese = told_all([session.error], "zh-Hans")
    assert "超出了游乐场允许的时间" in chinese and "0.3 秒" in chinese, chinese
    assert session.clock.spent > 0.3
    assert not session.forward()  # and it stays stopped


def test_the_hand_budget_leaves_ordinary_hands_alone() -> None:
    from tablerules.interpreter.api import check
    from tablerules.playground.play.hands import HandSession

    session = HandSession(check(PMZ).game, seed=3)
    session.to_end()
    assert session.table.finished and not session.error
    assert session.clock.spent < budget.HAND_CPU_SECONDS / 4


def slow_to_judge() -> str:
    """Rules whose hands have thousands of splits, every one judged at every draw and none
    winning (the clause asks for a discard, the action takes only draws, and its other
    way, reading the hand, never holds: the splits are judged): seconds of the
    engine's work per hand, while a random bot's choices take microseconds."""
    cards = "\n".join(f"  {rank} rank={rank}" for rank in range(1, 10))
    groups = "".join(
        f'group {name} "{title}" [S-1] {{\n  pattern {pattern}\n  in hand\n}}\n'
        for name, title, pattern in [
            ("one", "one card", "same 1"),
            ("run", "a run", "run 3 of rank"),
            ("three", "three alike", "same 3"),
            ("pair", "two alike", "same 2"),
        ]
    )
    return f"""game slow "every split judged at every draw" [S-1]
seats 2 [S-1]
attribute rank: 1..9 [S-1]
deck [S-1] {{
  copies 8
{cards}
}}
zone hand per seat private [S-1]
zone wall shared hidden [S-1]
deal [S-1] {{
  25 to each hand
  rest to wall
}}
{groups}win [S-1] {{
  groups 13
  pairs of pair: 1
  when won on discard or distinct rank > 9
}}
turn [S-2] {{
  dealer begins by drawing
  draw from wall head, kept
}}
action win "win" [S-2] {{
  on draw by self
  win
}}
end [S-2] {{
  drawn hand when wall is empty
}}
settle money [S-2] {{
  on draw: each other pays 1
}}
"""


def test_the_hand_budget_counts_the_engines_work_not_only_the_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random bots choose in microseconds, but the engine judges thousands of splits at
    every draw: the hand's budget counts that work too, and stops the hand with a message
    (the hand played so far can still be stepped through)."""
    from tablerules.interpreter.api import check
    from tablerules.interpreter.engine import Table
    from tablerules.playground.play.hands import HandSession

    checked = check(PMZ.with_name("slow.rules"), text=slow_to_judge())
    assert checked.ok and checked.game is not None, checked.diagnostics
    deal = float("inf")
    for _ in range(3):  # the least of three: the first also warms the tables the hand reads
        started = time.thread_time()
        Table(checked.game, seed=1)  # the deal and the first draw: a tenth of the hand or less
        deal = min(deal, time.thread_time() - started)
    monkeypatch.setattr(budget, "HAND_CPU_SECONDS", 2 * deal)
    session = HandSession(checked.game, seed=1, bots="random")
    assert not session.end.finished
    assert "more than the playground allows" in str(session.error), session.error
    assert "engine" in str(session.error)
    session.to_end()
    assert not session.forward()  # it stays stopped
    assert session.table is session.end and session.end.waiting_for()
    # the engine was stopped inside a move: what is shown is the hand after the last
    # whole move (here every move is one choice), not a draw left half judged
    assert len(session.end.events) == session.events_at[-1]
    session.reset()  # the moves played are replayed on a clock of their own
    assert session.cursor == 0 and session.error == session.stopped


def test_a_hand_whose_deal_alone_is_over_budget_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The deal (and the dealer's first draw, judged) is work of the hand too."""
    from tablerules.interpreter.api import check
    from tablerules.playground.play.hands import HandSession

    game = check(PMZ.with_name("slow.rules"), text=slow_to_judge()).game
    assert game is not None
    monkeypatch.setattr(budget, "HAND_CPU_SECONDS", 0.0)
    with pytest.raises(budget.OverBudget, match="more than the playground allows"):
        HandSession(game, seed=1, bots="random")


def test_an_evaluation_checks_the_deadline_of_its_thread() -> None:
    """Evaluating a hand checks the thread's deadline itself, whoever asked for it (a bot,
    a draw, a page): a clock already past it stops the evaluation."""
    from tablerules.dsl.loading.loader import load
    from tablerules.interpreter.api import Game
    from tablerules.interpreter.deadline import Deadline, OutOfTime, within

    loaded = load(PMZ.with_name("slow.rules"), text=slow_to_judge())
    game = Game(loaded.rules, loaded.options)
    hand = "1 1 1 2 2 2 3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9"
    ticks = iter(range(1_000_000))  # one second more at every reading
    with (
        within(Deadline(0.5, clock=lambda: float(next(ticks)))),
        pytest.raises(OutOfTime, match=r"past the deadline of 0\.5 s"),
    ):
        game.evaluate_text(hand, win_card="9", source="self")
    assert next(ticks) == 2  # stopped at its first check
    assert not game.evaluate_text(hand, win_card="9", source="self").wins  # none: whole


def test_the_dealer_shown_in_the_sidebar_is_known_without_dealing() -> None:
    """The sidebar names the seats from the dealer of the seed before any hand is played:
    that dealer is drawn apart from the shuffle, so it is found without a deal (whose first
    draw, judged, may be slow) — even on a thread whose deadline has passed."""
    from tablerules.interpreter.api import check
    from tablerules.interpreter.deadline import Deadline, within
    from tablerules.interpreter.engine import Table
    from tablerules.playground.play.seats import dealer_of

    game = check(PMZ.with_name("slow.rules"), text=slow_to_judge()).game
    assert game is not None
    dealers = {seed: Table(game, seed=seed).state.dealer for seed in range(6)}
    assert len(set(dealers.values())) > 1  # the seeds give both seats
    ticks = iter(range(1_000_000))  # one second more at every reading
    with within(Deadline(0.5, clock=lambda: float(next(ticks)))):
        assert {seed: dealer_of(game, seed) for seed in range(6)} == dealers


def test_golden_scenarios_run_on_a_hands_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Scenarios tab plays each golden scenario on the server against the text being
    edited: each runs on a hand's budget, and one past it fails with a message instead of
    holding the server's thread."""
    from tablerules.playground.experiments.golden import run_scenarios, scenarios_for

    monkeypatch.setattr(budget, "HAND_CPU_SECONDS", -1.0)  # spent before it starts
    draft = RuleDraft.open(PMZ)
    draft.update(PMZ_TEXT + "\n# edited: run again\n")
    (path, *_) = [s.path for s in scenarios_for(PMZ)]
    (result,) = run_scenarios([path], draft)
    assert not result.passed and result.scenario is not None  # named, not a path
    assert result.summary().startswith(f"FAIL {result.scenario.name}")
    (failure,) = result.failures
    assert "more than the playground allows" in failure, failure


def test_a_worker_that_dies_of_memory_is_told_as_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker whose memory ran out where not even its verdict could be written exits with
    `OUT_OF_MEMORY`; its output closes before the exit status can be read, which was once
    told as a trial past its deadline. The status is waited for and told as memory."""
    worker = budget._Worker.__new__(budget._Worker)
    worker.process = subprocess.Popen(
        [sys.executable, "-c", f"import os; os._exit({budget.OUT_OF_MEMORY})"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    worker.fresh = True
    assert worker.ask({"path": "x"}, 5) is None
    ended = budget._ended(worker)
    assert ended == budget.OUT_OF_MEMORY
    assert budget._why_stopped(ended) == f"needs more than {budget.MEMORY_MB} MB of memory"
