"""What the mutation mode of the fuzzer (`fuzz.mutants.play`) found in files that check:
each finding's minimal file, refused where it once played wrong or broke."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablerules.interpreter.api import check


def _errors(tmp_path: Path, text: str) -> list[tuple[str, int, str]]:
    checked = check(tmp_path / "mutant.rules", text=text)
    return [(d.code, d.line, d.message) for d in checked.diagnostics if d.is_error]


# A value table's row repeated with other amounts (跑胡子's 碰 row): the first line that
# matches decides, so the second was never read and the file checked.
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("碰:  small 1, big 3", "碰:  small 5, big 5"),
        ("碰 坎:  small 1, big 3", "坎:  small 5, big 5"),
        ("碰:  2", "碰:  small 5, big 5"),
        ("一句話:  small 1, big 2", "一句話 with rank 1 2 3:  small 3, big 6"),
        ("else:  0", "碰:  small 1, big 3"),
    ],
)
def test_a_value_line_an_earlier_one_always_matches_is_refused(
    tmp_path: Path, first: str, second: str
) -> None:
    text = f"""extends "paohuzi"
override value 胡息 by size [PHZ-20] {{
  {first}
  {second}
  else: 0
}}
"""
    errors = _errors(tmp_path, text)
    assert ("E110", 4) in [(code, line) for code, line, _ in errors], errors
    assert "never read: line 3" in errors[0][2]


def test_a_narrower_value_line_first_still_checks(tmp_path: Path) -> None:
    text = """extends "paohuzi"
override value 胡息 by size [PHZ-20] {
  一句話 with rank 1 2 3:  small 3, big 6
  一句話:  small 5
  一句話 碰:  small 1, big 3
  else: 0
}
"""
    assert _errors(tmp_path, text) == []


# A repeated settle line: the first line that fits is paid, so the second never was, and the
# file checked and played as if it were not there.
REPEATED_SETTLE_LINE = """extends "paomazai"
override settle win [PMZ-16] {
  on discard: discarder pays 2 × unit "食糊"
  on draw: each other pays 2 × unit "自摸"
  on draw: each other pays 5 × unit "自摸 again"
}
"""


def test_a_settle_line_an_earlier_one_always_pays_is_refused(tmp_path: Path) -> None:
    errors = _errors(tmp_path, REPEATED_SETTLE_LINE)
    assert [(code, line) for code, line, _ in errors] == [("E110", 5)]
    assert "line 4, 'on draw'" in errors[0][2]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("on discard", "on discard by next"),
        ("on discard by anyone", "on discard by others"),
        ("on discard by others", "on discard by next"),
        ("on draw by self", "on draw by self"),
    ],
)
def test_a_narrower_line_after_a_wider_one_is_refused(
    tmp_path: Path, first: str, second: str
) -> None:
    text = f"""extends "paomazai"
override settle win [PMZ-16] {{
  {first}: discarder pays 2 × unit "a"
  {second}: discarder pays 3 × unit "b"
}}
"""
    assert [(code, line) for code, line, _ in _errors(tmp_path, text)] == [("E110", 4)]


@pytest.mark.parametrize(
    ("first", "second"),
    [("on discard by next", "on discard"), ("on discard by next", "on discard by others")],
)
def test_a_wider_line_after_a_narrower_one_still_checks(
    tmp_path: Path, first: str, second: str
) -> None:
    text = f"""extends "paomazai"
override settle win [PMZ-16] {{
  {first}: discarder pays 2 × unit "a"
  {second}: discarder pays 3 × unit "b"
}}
"""
    assert _errors(tmp_path, text) == []


def test_two_otherwise_lines_are_refused(tmp_path: Path) -> None:
    """Only the last `otherwise` line was paid, the first silently never."""
    text = """extends "paomazai"
override settle win [PMZ-16] {
  otherwise: each other pays 1 × unit "a"
  on discard: discarder pays 2 × unit "b"
  otherwise: each other pays 3 × unit "c"
}
"""
    assert [(code, line) for code, line, _ in _errors(tmp_path, text)] == [("E102", 5)]


def test_a_next_dealer_line_after_one_without_a_condition_is_refused(tmp_path: Path) -> None:
    """Hong Kong's 連莊 lines swapped: the dealer never kept the deal, and the file checked."""
    text = """extends "hongkong"
override next dealer [HK-7] {
  after win: next of dealer
  after win if dealer wins: dealer
  after drawn hand: dealer
}
"""
    errors = _errors(tmp_path, text)
    assert [(code, line) for code, line, _ in errors] == [("E110", 4)]
    assert "line 3 has no condition" in errors[0][2]


# A line that sets one thing of its block, repeated with another value: the second silently
# replaced the first (a bonus paid only its second 'pays', an action made its second group
# kind), and the file checked. Each is the bundled clause with one line written twice.
GIVEN_TWICE = {
    "makes": """extends "paomazai"
override action 碰 "pong" [PMZ-3] {
  on discard by others: the card and 2 alike from hand
  makes 刻
  makes 槓
  priority 2
  then discard
}
""",
    "priority": """extends "paomazai"
override action 碰 "pong" [PMZ-3] {
  on discard by others: the card and 2 alike from hand
  makes 刻
  priority 2
  priority 4
  then discard
}
""",
    "draw from": """extends "paomazai"
override turn [PMZ-2] {
  dealer begins by drawing
  draw from wall head, kept
  draw from wall tail, kept
}
""",
    "pays": """extends "guangdong"
override bonus 馬 "buying horses" [GD-10] {
  after win on draw, replacement, discard, added card, turn
  count 買馬
  drawn from wall head
  hit when in seat cards 馬位 counted from winner
  pays: each payer pays settled per hit "中馬"
  pays: each payer pays 1 per hit "中馬"
}
""",
    "after passing": """extends "hongkong"
override restriction 碰過水 "a passed pong" [HK-3] {
  after passing 碰
  after passing 上
  forbids 碰
  until own draw
}
""",
    "胡:": """extends "sichuan"
override ties [SC-6] {
  胡: all
  胡: nearest
}
""",
    "at most": """extends "guangdong"
override score 番 "doublings of a win" [GD-7] {
  at most 4
  at most 9
  decides the best split
}
""",
}


@pytest.mark.parametrize("words", sorted(GIVEN_TWICE))
def test_a_line_given_twice_in_its_block_is_refused(tmp_path: Path, words: str) -> None:
    text = GIVEN_TWICE[words]
    second = [
        number
        for number, line in enumerate(text.split("\n"), start=1)
        if line.strip().startswith(words.split()[0])
    ][1]
    errors = _errors(tmp_path, text)
    assert [(code, line) for code, line, _ in errors] == [("E102", second)], errors
    assert f"'{words}" in errors[0][2]


# A deck line repeated (四川麻將's 九索, mutant 289 of seed 3): the deck checked as 28 kinds,
# two of them one card, and play dealt 112 tiles that its log and replay could not agree on.
def test_a_card_listed_twice_in_a_deck_is_refused() -> None:
    text = """extends "minimal.rules"
override deck [PEB-1] {
  copies 3
  1r  colour=red number=1
  2r  colour=red number=2
  2r  colour=red number=2
  3r  colour=red number=3
}
"""
    examples = Path(__file__).resolve().parent.parent / "docs" / "examples"
    errors = _errors(examples, text)
    assert [(code, line) for code, line, _ in errors] == [("E102", 6)], errors
    assert "card '2r' is listed twice in the deck" in errors[0][2]


# 四川麻將 at a table of two, 換三張 to `across` (the brief's two-seat table with an exchange
# across): `across` was two seats on, so each seat passed its three tiles to itself.
TWO_SEATS_ACROSS = """extends "sichuan"
override seats 2 named 東 西 [SC-1]
override phase 換三張 "pass three tiles of one suit" [SC-2] {
  each seat passes 3 cards of one suit to across
}
override end [SC-7] {
  drawn hand when wall is empty
}
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_across_at_a_table_of_two_is_the_other_seat(tmp_path: Path, seed: int) -> None:
    from tablerules.interpreter.bots.players import RandomBot, play_hand

    game = check(tmp_path / "two.rules", text=TWO_SEATS_ACROSS).game
    assert game is not None
    table = play_hand(game, [RandomBot(seed), RandomBot(seed + 1)], seed)
    event = next(e for e in table.events if e["type"] == "exchange")
    assert event["direction"] == "across" and event["to"] == [1, 0]


# 四川麻將 with its draws shown (`kept` swapped for `shown`, mutant 2105 of seed 4): a shown
# draw nobody took left play unrecorded, and the log checker counted a card lost per draw.
def test_shown_draws_need_a_place_for_the_untaken(tmp_path: Path) -> None:
    text = """extends "sichuan"
override turn [SC-1] {
  dealer begins by drawing
  draw from wall head, shown
}
"""
    errors = _errors(tmp_path, text)
    assert [(code, line) for code, line, _ in errors] == [("E109", 4)], errors
    assert "nowhere to go" in errors[0][2]


# 跑胡子 with its untaken draws sent `to hand`: the log and the narration said the card went
# to the drawer's hand while the engine laid it on the discard pile, where every other
# untaken draw goes. A zone that cannot be a discard pile is refused.
@pytest.mark.parametrize(
    ("zone", "why"),
    [
        ("hand", "it is private"),
        ("stock", "it is shared"),
    ],
)
def test_untaken_draws_go_to_a_discard_pile(tmp_path: Path, zone: str, why: str) -> None:
    text = f"""extends "paohuzi"
override turn [PHZ-2, PHZ-9] {{
  dealer begins by discarding
  draw from stock head, shown
  untaken draw goes to {zone}
}}
"""
    errors = _errors(tmp_path, text)
    assert [(code, line) for code, line, _ in errors] == [("E110", 5)], errors
    assert why in errors[0][2]


def test_a_public_pile_per_seat_is_a_discard_pile(tmp_path: Path) -> None:
    text = """extends "paohuzi"
zone 廢牌 "棄牌" per seat public [PHZ-9]
override turn [PHZ-2, PHZ-9] {
  dealer begins by discarding
  draw from stock head, shown
  untaken draw goes to 廢牌
}
"""
    assert _errors(tmp_path, text) == []


# ── the mutation mode itself: a seeded sample, short plays ─────────────────────────────────

# The first five mutants of seed 1 that check, whatever the sources are today (a new rule
# file changes which mutants those are; `make fuzz` plays more): each plays, replays and
# passes the log checker's invariants.
SAMPLED = 5
LOOKED_AT = 80  # about one mutant in three checks


def test_the_first_mutants_that_check_play_clean(tmp_path: Path) -> None:
    from fuzz.mutants.play import prepare, try_mutant

    prepare(tmp_path)
    played: list[int] = []
    for index in range(LOOKED_AT):
        plays = (("random", 3), ("greedy", 2), ("value", 1))
        outcome = try_mutant(index, 1, tmp_path, plays, steps=False)
        assert outcome.verdict in ("played", "refused"), outcome
        if outcome.verdict == "played":
            played.append(index)
        if len(played) == SAMPLED:
            break
    assert len(played) == SAMPLED, played


def test_the_prepared_folder_holds_each_source_as_it_is(tmp_path: Path) -> None:
    """An example named as a source (docs/examples' paohuzi-3p.rules and the variant) never
    takes its place: every mutant of a file built on that variant was refused for it."""
    from tablerules.interpreter.api import check

    from fuzz.mutants.play import SOURCES, flat, prepare

    prepare(tmp_path)
    for source in SOURCES:
        kept = tmp_path / source.name
        assert kept.read_text(encoding="utf-8") == flat(source.read_text(encoding="utf-8"))
    assert check(tmp_path / "paohuzi-3p-mingtang.rules").ok


# What else a mutant that checks is put through (`fuzz.mutants.steps`), on files with the
# newest constructs: a wild turned under an option, phases and play after a win, a carry.
@pytest.mark.parametrize("name", ["guangdong", "sichuan", "paohuzi-changde"])
def test_the_steps_besides_play_pass_on_the_bundled_files(tmp_path: Path, name: str) -> None:
    from fuzz.mutants.steps import env_steps, options_played, other_values, told

    path = tmp_path / f"{name}.rules"
    path.write_text(f'extends "{name}"\n', encoding="utf-8")
    checked = check(path)
    assert checked.ok and checked.game is not None
    assert env_steps(checked.game, 1) == []
    options = checked.loaded.rules.options
    assert options and all(other_values(option) for option in options.values())
    assert options_played(path, options, 1) == []
    if name == "guangdong":
        assert told(path, 1) == []
