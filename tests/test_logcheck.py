"""The independent log checker (tests/logcheck) over thousands of seeded hands of every
bundled rule file and variant, with both bots: every invariant holds. And each invariant
catches the mistake it is about, shown on a log broken on purpose.

`make logcheck` plays 2,000 hands of each rule file with each kind of bot (`-m slow`);
`make test` plays a sample of each, to keep the suite's time (greedy bots weigh the whole
hand at every choice: up to 130 ms a hand of 跑胡子 for three). The runs are parametrized
per rule file and bot so that pytest-xdist spreads them over the cores.
`python -m logcheck --play RULES --hands N --bots KIND` runs the same outside pytest.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from logcheck import INVARIANTS, Plan, check_hands, check_log, check_plan, play_hands, play_log
from logcheck.__main__ import main as logcheck_main
from logcheck.logfile import read_log
from logcheck.run import stretches
from tablerules.cli.main import main
from tablerules.interpreter.match import seed_dealer

ROOT = Path(__file__).resolve().parent.parent
RULE_FILES = [  # every bundled rule file and variant (the checker must know its game)
    *sorted((ROOT / "rules").glob("*.rules")),
    *sorted((ROOT / "rules" / "variants").glob("*.rules")),
]
IDS = [path.stem for path in RULE_FILES]
BOTS = ("random", "greedy")
HANDS = 2000  # make logcheck
SAMPLE = {"random": 300, "greedy": 60}  # make test
SLOW_GREEDY = {"paohuzi-3p": 20}  # its greedy hands cost 130 ms each
SEED = 7_000


def _holds(rules: Path, bots: str, hands: int) -> None:
    report = check_plan(Plan(str(rules), hands, bots, SEED))
    assert report.hands == hands
    assert report.ok, report.summary(examples=5)


@pytest.mark.slow
@pytest.mark.parametrize("bots", BOTS)
@pytest.mark.parametrize("rules", RULE_FILES, ids=IDS)
def test_every_invariant_holds_over_2000_hands(rules: Path, bots: str) -> None:
    _holds(rules, bots, HANDS)


@pytest.mark.parametrize("bots", BOTS)
@pytest.mark.parametrize("rules", RULE_FILES, ids=IDS)
def test_every_invariant_holds_over_a_sample_of_hands(rules: Path, bots: str) -> None:
    hands = SAMPLE[bots] if bots == "random" else SLOW_GREEDY.get(rules.stem, SAMPLE[bots])
    _holds(rules, bots, hands)


@pytest.mark.parametrize("rules", RULE_FILES[:3], ids=IDS[:3])
def test_the_checked_logs_are_the_logs_tablerules_play_writes(
    rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "play.jsonl"
    play_log(rules, ours, 6, "greedy", seed=SEED)
    argv = ["play", str(rules), "--seed", str(SEED), "--hands", "6", "--bots", "greedy"]
    assert main([*argv, "--quiet", "--log", str(theirs)]) == 0
    capsys.readouterr()
    written = theirs.read_text(encoding="utf-8")
    assert ours.read_text(encoding="utf-8") == written
    header, hands = play_hands(Plan(str(rules), 6, "greedy", SEED))
    in_memory = [json.dumps(header, ensure_ascii=False)]
    for hand in hands:
        in_memory += hand.lines
    lines = written.splitlines()
    assert json.loads(in_memory[0]) == json.loads(lines[0])
    assert in_memory[1:] == lines[1:]
    _, read = read_log(theirs)
    _, played = play_hands(Plan(str(rules), 6, "greedy", SEED))
    assert [(h.line, h.records) for h in read] == [(h.line, h.records) for h in played]


def test_a_plan_is_cut_into_the_same_stretches_whatever_the_processes() -> None:
    """A stretch from hand K plays what `tablerules play --seed SEED+K-1` plays: the same
    seeds and first dealer; one process or two give the same report."""
    plan = Plan(str(ROOT / "rules" / "paohuzi.rules"), 25, "random", SEED)
    parts = stretches(plan, 10)
    assert [(p.first, p.hands) for p in parts] == [(1, 10), (11, 10), (21, 5)]
    _, hands = play_hands(parts[1])
    hands = list(hands)
    assert [h.index for h in hands] == list(range(11, 21))
    assert [h.seed for h in hands] == list(range(SEED + 10, SEED + 20))
    assert hands[0].dealer == seed_dealer(SEED + 10, 4)
    one = check_plan(plan, size=10)
    two = check_plan(plan, jobs=2, size=10)
    assert one.hands == two.hands == 25
    assert one.counts() == two.counts() and one.ok


def test_a_failing_hand_is_written_as_a_log_replay_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A payment changed in a log: money-sums-to-zero fails in that hand only; the hand is
    written out as a log of its own, and `tablerules replay` reads it and finds the change."""
    log, failing = tmp_path / "play.jsonl", tmp_path / "failing"
    play_log(ROOT / "rules" / "paomazai.rules", log, 30, "random", seed=SEED)
    lines = log.read_text(encoding="utf-8").splitlines()
    pay = next(i for i, line in enumerate(lines) if '"type": "pay"' in line)
    start = max(i for i in range(pay) if lines[i].startswith('{"type": "hand"'))
    end = next(i for i in range(pay, len(lines)) if lines[i].startswith('{"type": "result"'))
    record = json.loads(lines[pay])
    record["amount"] += 1
    lines[pay] = json.dumps(record, ensure_ascii=False)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert logcheck_main([str(log), "--failing", str(failing)]) == 1
    assert "money-sums-to-zero: FAILED in 1 of 30 hands" in capsys.readouterr().out
    hand = json.loads(lines[start])
    (written,) = failing.iterdir()
    assert written.name == f"hand-{hand['index']}.jsonl"
    header, first, *rest = written.read_text(encoding="utf-8").splitlines()
    assert json.loads(header)["seed"] == hand["seed"] and json.loads(header)["hands"] == 1
    assert json.loads(first) == {**hand, "index": 1}
    assert rest == lines[start + 1 : end + 1]
    assert main(["replay", str(written), "--quiet"]) == 1
    assert f"amount is {record['amount']} in the log" in capsys.readouterr().err


# ── each invariant catches its mistake ─────────────────────────────────
Records = list[dict]
Mutation = Callable[[Records], bool]  # breaks a hand's records in place; False: nothing to break


def _hands_of(path: Path) -> tuple[dict, list]:
    header, hands = read_log(path)
    return header, list(hands)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, list]]:
    """Short logs of both games, random bots (they pass, decline and claim the most)."""
    folder = tmp_path_factory.mktemp("logs")
    found = {}
    games = (
        ("paohuzi", 60),
        ("paomazai", 200),
        ("variants/paohuzi-changde", 60),
        ("sichuan", 40),
        ("hongzhong", 30),
        ("taiwan", 30),
        ("changsha", 60),
        ("guangdong", 40),
    )
    for name, hands in games:
        log = folder / f"{name.replace('/', '-')}.jsonl"
        play_log(ROOT / "rules" / f"{name}.rules", log, hands, "random", seed=11)
        found[name] = _hands_of(log)
    # 翻鬼 (GD-4): a ghost chosen by a tile turned up at the deal
    log = folder / "guangdong-turned.jsonl"
    play_log(
        ROOT / "rules" / "guangdong.rules", log, 20, "random", seed=11, options={"翻鬼": "true"}
    )
    found["guangdong 翻鬼"] = _hands_of(log)
    # greedy bots win where random ones seldom do: hands that go on after a win (SC-7)
    log = folder / "sichuan-greedy.jsonl"
    play_log(ROOT / "rules" / "sichuan.rules", log, 10, "greedy", seed=11)
    found["sichuan greedy"] = _hands_of(log)
    return found


def _records(hand) -> Records:
    return [record for _, record in hand.records]


def _index(records: Records, wanted: Callable[[dict], bool], start: int = 0) -> int | None:
    return next((i for i in range(start, len(records)) if wanted(records[i])), None)


def _tracker_at(header: dict, records: Records, stop: int):
    """The logcheck tracker after the records before `stop`."""
    from logcheck.games import profile_for
    from logcheck.tracker import Tracker

    tracker = Tracker(profile_for(header))
    for record in records[:stop]:
        tracker.apply(record)
    return tracker


def _broken(header: dict, hands: list, name: str, mutate: Callable) -> int:
    """Violations of invariant `name` once `mutate` has broken every hand it can."""
    changed = []
    for hand in hands:
        hand = copy.deepcopy(hand)
        records = _records(hand)
        if mutate(header, records):
            hand.records = list(enumerate(records, start=hand.line + 1))
            changed.append(hand)
    assert changed, f"no hand to break for {name}"
    return check_hands(header, changed, [name]).counts()[name]


def _pay_more(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "pay")
    if at is None:
        return False
    records[at]["amount"] += 1
    return True


def _discard_unheld(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "discard")
    if at is None:
        return False
    held = _tracker_at(header, records, at).seats[records[at]["seat"]].hand
    missing = next(card for card in sorted(_all_cards(records)) if held[card] == 0)
    records[at]["card"] = missing
    return True


def _all_cards(records: Records) -> set[str]:
    return {card for hand in records[0]["hands"] for card in hand}


def _drop_discard_after_claim(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "action" and record["action"] in ("吃", "碰"):
            following = _index(records, lambda r: r["type"] == "discard", at)
            if following is not None:
                del records[following]
                return True
    return False


def _offer_a_win(header: dict, records: Records) -> bool:
    for record in records:
        if record["type"] == "window" and record.get("card"):
            for entry in record["offered"]:
                if "胡" not in entry[1]:
                    entry[1].insert(0, "胡")
                    return True
    return False


def _discard_from_kan(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "discard":
            held = _tracker_at(header, records, at).seats[record["seat"]].hand
            kan = [card for card, count in held.items() if count == 3]
            if kan:
                record["card"] = kan[0]
                return True
    return False


def _drop_forced(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "action" and r.get("forced") and r.get("card"))
    if at is None:
        return False
    del records[at]
    return True


def _keep_dealt_ti(header: dict, records: Records) -> bool:
    at = _index(
        records, lambda r: r["type"] == "action" and r["action"] == "提" and not r.get("card")
    )
    if at is None:
        return False
    del records[at]
    return True


def _drop_restriction(restriction: str) -> Callable:
    def mutate(header: dict, records: Records) -> bool:
        at = _index(
            records, lambda r: r["type"] == "restricted" and r["restriction"] == restriction
        )
        if at is None:
            return False
        del records[at]
        return True

    return mutate


def _show_unseen_draw(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "draw" and not r.get("shown"))
    if at is None:
        return False
    records[at]["shown"] = True
    return True


def _pass_two(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "exchange")
    if at is None:
        return False
    card = records[at]["passed"][0].pop()
    records[at]["passed"][1].append(card)  # seat 0 passes two, seat 1 four
    return True


def _discard_out_of_order(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] != "discard":
            continue
        seat = _tracker_at(header, records, at).seats[record["seat"]]
        void = seat.declared.get("suit")
        if record["card"][-1] != void:
            continue
        others = sorted(c for c, n in seat.hand.items() if n and c[-1] != void)
        if others:
            record["card"] = others[0]
            return True
    return False


def _discard_a_wild(header: dict, records: Records) -> bool:
    for at, record in enumerate(records):
        if record["type"] == "discard":
            held = _tracker_at(header, records, at).seats[record["seat"]].hand
            if held["C"]:
                record["card"] = "C"
                return True
    return False


def _pong_a_wild(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "action" and r["action"] == "碰")
    if at is None:
        return False
    records[at]["cards"] = ["C", "C", "C"]
    return True


def _draw_after_leaving(header: dict, records: Records) -> bool:
    """A seat that has won and left draws again (SC-7)."""
    at = _index(records, lambda r: r["type"] == "leaves")
    if at is None:
        return False
    following = _index(records, lambda r: r["type"] == "draw", at)
    if following is None:
        return False
    records[following]["seat"] = records[at]["seats"][0]
    return True


def _drop_leaving(header: dict, records: Records) -> bool:
    """A winner that never leaves: the hand plays on with it (SC-7)."""
    at = _index(records, lambda r: r["type"] == "leaves")
    if at is None or _index(records, lambda r: r["type"] == "draw", at) is None:
        return False
    del records[at]
    return True


def _pay_at_drawn_hand(label: str) -> Callable:
    """A payment of `label` at a drawn hand that no rule makes: 東 pays 南 3."""

    def mutate(header: dict, records: Records) -> bool:
        at = _index(records, lambda r: r["type"] == "drawn hand")
        if at is None:
            return False
        made = {"type": "pay", "payer": 0, "payee": 1, "amount": 3, "label": label}
        records.insert(at + 1, {**made, "clause": "settle x", "cites": []})
        return True

    return mutate


def _keep_a_flower(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "action" and r["action"] == "補花")
    if at is None:
        return False
    del records[at]  # the flower stays in hand, its replacement comes from nowhere
    return True


def _draw_the_dead_wall(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "draw")
    if at is None:
        return False
    records[at]["left"] = 15
    return True


def _a_farther_winner(header: dict, records: Records) -> bool:
    for record in records:
        chosen = record.get("chosen") or []
        if record["type"] == "window" and record["context"] == "discard" and len(chosen) >= 2:
            owner = record["owner"]
            seats = sorted((seat for seat, _ in chosen), key=lambda seat: (seat - owner) % 4)
            record["chosen"] = [[seat, "胡"] for seat in seats]
            record["taken_by"] = [seats[-1]]  # the farther seat takes it
            return True
    return False


def _show_another_win(header: dict, records: Records) -> bool:
    at = _index(records, lambda r: r["type"] == "shown win")
    if at is None:
        return False
    records[at]["win"] = "六六順" if records[at]["win"] != "六六順" else "四喜"
    return True


def _offer_a_win_late(header: dict, records: Records) -> bool:
    """胡 offered on a discard past the first, where the hand does not win at all."""
    discards = 0
    for record in records:
        discards += record["type"] == "discard"
        if record["type"] == "window" and record["context"] == "discard" and discards > 1:
            for entry in record["offered"]:
                if "胡" not in entry[1]:
                    entry[1].insert(0, "胡")
                    return True
    return False


def _draw_the_last_tile_untaken(header: dict, records: Records) -> bool:
    at = _index(
        records,
        lambda r: r["type"] == "window" and r["context"] == "last card" and r["taken_by"],
    )
    if at is None:
        return False
    records[at]["taken_by"] = []
    return True


def _turn_another_horse(header: dict, records: Records) -> bool:
    """A horse turned as 一萬 (at the winner) where the log turned another tile."""
    at = _index(records, lambda r: r["type"] == "bonus" and r["cards"] and r["cards"][0] != "1m")
    if at is None:
        return False
    records[at]["cards"][0] = "1m"
    return True


def _add_a_tile_not_just_drawn(header: dict, records: Records) -> bool:
    """An added kong whose tile was not the one just drawn: the draw said another tile."""
    at = _index(records, lambda r: r["type"] == "action" and r.get("onto") is not None)
    if at is None:
        return False
    seat = records[at]["seat"]
    drew = next(
        (
            i
            for i in range(at - 1, -1, -1)
            if records[i]["type"] in ("draw", "replacement") and records[i]["seat"] == seat
        ),
        None,
    )
    if drew is None or records[drew]["card"] != records[at]["card"]:
        return False
    records[drew]["card"] = "9m" if records[at]["card"] != "9m" else "1m"
    return True


def _make_another_ghost(header: dict, records: Records) -> bool:
    """The tile turned up at the deal said to make a ghost other than the one after it."""
    at = _index(records, lambda r: r["type"] == "turned")
    if at is None:
        return False
    records[at]["wild"] = "P" if records[at]["wild"] != "P" else "C"
    return True


def _count_another_xing(header: dict, records: Records) -> bool:
    """A 醒 counted once more than the winner's groups hold."""
    at = _index(records, lambda r: r["type"] == "bonus")
    if at is None:
        return False
    records[at]["hits"] += 1
    return True


MUTATIONS: dict[str, tuple[str, Callable]] = {
    "a-winner-takes-no-further-part": ("sichuan greedy", _draw_after_leaving),
    "play-goes-on-after-a-win": ("sichuan greedy", _drop_leaving),
    "drawn-hand-payments-follow-their-rules": ("sichuan", _pay_at_drawn_hand("查大叫")),
    "drawn-hand-kong-money-back": ("hongzhong", _pay_at_drawn_hand("黃莊黃槓")),
    "exchange-passes-n-of-one-suit": ("sichuan", _pass_two),
    "declared-suit-discarded-first": ("sichuan", _discard_out_of_order),
    "money-sums-to-zero": ("paomazai", _pay_more),
    "discards-are-held": ("paomazai", _discard_unheld),
    "claims-leave-a-discard": ("paohuzi", _drop_discard_after_claim),
    "offered-wins-are-wins": ("paomazai", _offer_a_win),
    "kan-is-locked": ("paohuzi", _discard_from_kan),
    "forced-moves-happen": ("paohuzi", _drop_forced),
    "dealt-ti-before-first-discard": ("paohuzi", _keep_dealt_ti),
    "chou-pai-after-a-real-pass": ("paohuzi", _drop_restriction("臭牌")),
    "visibility": ("paohuzi", _show_unseen_draw),
    "guo-shui-after-a-declined-win": ("paomazai", _drop_restriction("過水")),
    "huang-fan-pays": ("variants/paohuzi-changde", _pay_more),
    "wilds-never-discarded": ("hongzhong", _discard_a_wild),
    "wilds-never-claimed": ("hongzhong", _pong_a_wild),
    "flowers-are-never-kept": ("taiwan", _keep_a_flower),
    "dead-wall-is-never-drawn": ("taiwan", _draw_the_dead_wall),
    "only-the-nearest-winner": ("taiwan", _a_farther_winner),
    "shown-wins-on-the-deal": ("changsha", _show_another_win),
    "small-win-has-a-2-5-8-pair": ("changsha", _offer_a_win_late),
    "haidi-offered-in-turn": ("changsha", _draw_the_last_tile_untaken),
    "bonus-read-against-the-winner": ("guangdong", _turn_another_horse),
    "turned-ghost-follows-the-order": ("guangdong 翻鬼", _make_another_ghost),
    "added-kongs-add-a-held-tile": ("paomazai", _add_a_tile_not_just_drawn),
    "xing-counts-copies": ("variants/paohuzi-changde", _count_another_xing),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_an_invariant_catches_a_log_broken_on_purpose(logs: dict, name: str) -> None:
    game, mutate = MUTATIONS[name]
    header, hands = logs[game]
    assert check_hands(header, hands, [name]).ok  # the log as played passes
    assert _broken(header, hands, name, mutate) > 0


def test_a_win_paid_without_the_doubling_of_drawn_hands_is_caught(logs: dict) -> None:
    """CD-6: a hand whose line says it was dealt after a drawn hand (荒 1) must be paid
    twice what the same win is worth after a win."""
    header, hands = logs["variants/paohuzi-changde"]
    won = [h for h in hands if any(r["type"] == "pay" for r in _records(h))]
    assert won and check_hands(header, won, ["huang-fan-pays"]).ok
    doubled = []
    for hand in won:
        hand = copy.deepcopy(hand)
        first = json.loads(hand.lines[0])
        first["carried"] = {"荒": first["carried"]["荒"] + 1}
        hand.lines[0] = json.dumps(first, ensure_ascii=False)
        doubled.append(hand)
    found = check_hands(header, doubled, ["huang-fan-pays"]).counts()["huang-fan-pays"]
    deal_wins = sum(
        1 for h in won if any(r["type"] == "win" and r["context"] == "deal" for r in _records(h))
    )
    assert found == len(won) - deal_wins > 0


# Shown to catch what they are about in tests/test_invariants_at_scale.py.
FLOW_AND_REPRODUCTION = {
    "cards-are-conserved",
    "no-stuck-decision",
    "replay-reproduces",
    "same-seed-same-log",
}


def test_every_invariant_is_shown_to_catch_something() -> None:
    shown_elsewhere = {
        "forced-group-wins-offered",
        "kaigang-shown-and-locked",
        "ping-hu-has-several-waits",
        "gang-shang-pao-and-hai-di-pao",
    }
    assert set(INVARIANTS) == {*MUTATIONS, *shown_elsewhere, *FLOW_AND_REPRODUCTION}


def test_a_win_not_offered_on_a_forced_pao_is_caught(tmp_path: Path) -> None:
    """破跑胡 (PHZ-17) from a golden scenario's hand: with the win taken out of the window
    that offered it, the checker sees a forced 跑 complete a hand that was not offered 胡."""
    from tablerules.interpreter.scenarios import run_scenario

    scenario = (
        ROOT / "tests/golden/scenarios/paohuzi/pao_hu_declined_for_the_forced_pao_is_chou_hu.json"
    )
    table = run_scenario(scenario).table
    assert table is not None
    header = {"type": "header", "rules": "rules/paohuzi.rules", "options": {}}
    records = json.loads(json.dumps(table.events))
    lines = [json.dumps(header), json.dumps({"type": "hand", "index": 1, "seed": 0, "dealer": 0})]
    lines += [json.dumps(record) for record in records]
    log = tmp_path / "scenario.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    name = "forced-group-wins-offered"
    assert check_log(str(log), [name]).ok
    window = next(r for r in records if r["type"] == "window" and "胡" in r["offered"][0][1])
    window["offered"][0][1].remove("胡")
    lines[2:] = [json.dumps(record) for record in records]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = check_log(str(log), [name])
    assert report.counts()[name] == 1, report.summary()


def test_a_win_with_miscounted_waits_is_caught(tmp_path: Path) -> None:
    """TW-6's 平胡 from a golden scenario: a 嵌張 win on one wait passes as logged; with its
    waits counted once more, the checker counts them again and finds the difference."""
    from tablerules.interpreter.scenarios import run_scenario

    scenario = ROOT / "tests/golden/scenarios/taiwan/ping_hu_not_on_a_single_wait.json"
    table = run_scenario(scenario).table
    assert table is not None
    header = {"type": "header", "rules": "rules/taiwan.rules", "options": {}}
    records = json.loads(json.dumps(table.events))
    lines = [json.dumps(header), json.dumps({"type": "hand", "index": 1, "seed": 0, "dealer": 0})]
    lines += [json.dumps(record) for record in records]
    log = tmp_path / "scenario.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    name = "ping-hu-has-several-waits"
    assert check_log(str(log), [name]).ok
    win = next(r for r in records if r["type"] == "win")
    assert win["waits"] == 1
    win["waits"] = 2
    lines[2:] = [json.dumps(record) for record in records]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = check_log(str(log), [name])
    assert report.counts()[name] == 1, report.summary()


@pytest.mark.parametrize(
    ("scenario", "pattern"),
    [
        ("changsha/gang_shang_pao_the_kongs_maker_pays.json", "槓上炮"),
        ("changsha/haidi_shown_and_won_on_its_taker_pays.json", "海底炮"),
        ("sichuan/win_on_a_discard_the_discarder_pays_the_worth.json", "海底炮"),
    ],
)
def test_a_win_on_the_discard_after_a_kong_or_the_last_tile_is_checked(
    tmp_path: Path, scenario: str, pattern: str
) -> None:
    """槓上炮 and 海底炮 (SC-9, CS-4, CS-8) from golden scenarios: the logged wins pass;
    with the pattern taken out of the win, the checker sees the discard it was made on."""
    from tablerules.interpreter.scenarios import run_scenario

    table = run_scenario(ROOT / "tests/golden/scenarios" / scenario).table
    assert table is not None
    game = scenario.split("/")[0]
    header = {"type": "header", "rules": f"rules/{game}.rules", "options": {}}
    records = json.loads(json.dumps(table.events))
    lines = [json.dumps(header), json.dumps({"type": "hand", "index": 1, "seed": 0, "dealer": 0})]
    lines += [json.dumps(record) for record in records]
    log = tmp_path / "scenario.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    name = "gang-shang-pao-and-hai-di-pao"
    assert check_log(str(log), [name]).ok
    win = next(r for r in records if r["type"] == "win")
    assert pattern in [p["name"] for p in win["patterns"]]
    win["patterns"] = [p for p in win["patterns"] if p["name"] != pattern]
    lines[2:] = [json.dumps(record) for record in records]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = check_log(str(log), [name])
    assert report.counts()[name] == 1, report.summary()


def test_a_turn_passed_after_a_draw_onto_locked_cards_is_no_violation(logs: dict) -> None:
    """A seat whose cards are all locked in groups that are never split passes its turn
    after its own draw (docs/language.md, "Never split"); after a move it chose, never."""
    from logcheck.every_game import ClaimsLeaveADiscard
    from logcheck.games import profile_for

    header, _ = logs["paomazai"]
    check = ClaimsLeaveADiscard(profile_for(header))
    passes = {"type": "turn passes", "seat": 0, "why": "nothing to discard"}
    check.before_watched({"type": "draw", "seat": 0, "card": "E"}, None, 1)  # type: ignore[arg-type]
    check.before_turn_passes(passes, None, 2)  # type: ignore[arg-type]
    assert check.failures == []
    check.before_turn_passes({**passes, "seat": 1}, None, 3)  # type: ignore[arg-type]
    assert [line for line, _ in check.failures] == [3]
