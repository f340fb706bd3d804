"""The Hand tab's page, built without Streamlit (`playground.play.hand_page`), and the hand it
shows (`playground.play.hands`): what a seat's view shows, how it reads, how it is stepped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablerules.interpreter import Game, load_game
from tablerules.playground.play.hand_page import PageBuilder, build_page
from tablerules.playground.play.hands import HandSession
from tablerules.playground.play.steps import show_step
from visibility import seen, token_game, tokens

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "paomazai": ROOT / "rules" / "paomazai.rules",
    "paohuzi": ROOT / "rules" / "paohuzi.rules",
    "paohuzi-3p": ROOT / "rules" / "variants" / "paohuzi-3p.rules",
}
# every bundled rule file and variant: each reads as words on the page
BUNDLED = {
    path.stem: path
    for path in sorted(
        [*(ROOT / "rules").glob("*.rules"), *(ROOT / "rules" / "variants").glob("*.rules")]
    )
}
# what Python data looks like when it leaks onto a page instead of words
PYTHON = re.compile(r"\bNone\b|\{'|\['|\[\d|': |\bTrue\b|\bFalse\b")


@pytest.fixture(scope="module", params=sorted(GAMES))
def tokened(request: pytest.FixtureRequest) -> Game:
    return token_game(GAMES[request.param])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seats_page_names_no_card_it_cannot_see(tokened: Game, seed: int) -> None:
    """At every step of a hand (each event, part way through a move too), for every seat:
    the table, the move list, the prompt, the choices, the claim windows, the "why (not)"
    answers and the settlement name only cards that seat has seen by then."""
    session = HandSession(tokened, seed)
    checked = 0
    for viewer in range(session.seats):
        for step in PageBuilder(session, viewer).steps:
            show_step(session, step)
            builder = PageBuilder(session, viewer)
            allowed = seen(builder.table, viewer)
            page = builder.build()
            said = page.texts()
            if page.asker is not None:  # the "why (not)" box, for each action it offers
                table = session.table
                actions = ["discard", "pass", *table.play.actions]
                said += [table.explain(page.asker, action) for action in actions]
            for text in said:
                leaked = tokens(text) - allowed
                assert not leaked, (seed, step, viewer, leaked, text)
                checked += 1
    assert checked > 200


def test_the_check_above_can_fail(tokened: Game) -> None:
    """The referee's page shown to a seat names cards that seat has not seen."""
    session = HandSession(tokened, 1)
    session.goto(3)
    referee = " ".join(build_page(session, None).texts())
    assert tokens(referee) - seen(session.table, 0)


def test_a_seat_played_by_the_user_sees_its_own_choices_only(tokened: Game) -> None:
    seat = 1
    session = HandSession(tokened, 3, humans=frozenset({seat}))
    for _ in range(40):
        page = build_page(session, seat)
        allowed = seen(session.table, seat)
        for text in page.texts():
            assert not tokens(text) - allowed, text
        if session.end.finished:
            break
        waiting = session.waiting_human()
        if waiting is None:
            session.to_end()
            continue
        me = build_page(session, seat)
        assert me.prompt.split(",")[0] in ("Your turn", me_name(session, seat)), me.prompt
        session.choose(seat, session.table.legal_actions(seat)[0].label)
        session.to_end()


def me_name(session: HandSession, seat: int) -> str:
    names = session.game.compiled.seat_names
    return names[(seat - session.table.state.dealer) % len(names)]


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_the_page_reads_as_words_not_python_data(name: str) -> None:
    """No lists, dicts, None, booleans or card ids: names and sentences only, in every
    bundled file (the scoring presets' named patterns and worked-out names too)."""
    game = load_game(BUNDLED[name])
    ids = [i for i in game.compiled.cards.ids if len(i) > 1]
    card_id = re.compile(r"(?<![\w«])(" + "|".join(map(re.escape, ids)) + r")(?![\w»])")
    session = next(  # a hand someone wins, so that the settlement is read too
        s for seed in range(5, 45) if (s := HandSession(game, seed)).end.state.winners
    )
    for move in (0, session.last // 2, session.last):
        session.goto(move)
        for viewer in (None, 0):
            page = build_page(session, viewer)
            for text in page.texts():
                plain = re.sub(r"<[^>]+>", " ", text)  # the words, not the markup
                assert not PYTHON.search(plain), plain
                assert not card_id.search(plain), plain
            if viewer is None and session.table.finished:
                assert page.result is not None
                assert page.result.payments or not page.result.wins


def test_no_value_is_shown_for_a_game_without_values(pmz: Game) -> None:
    session = HandSession(pmz, 7)
    session.to_end()
    page = build_page(session, None)
    assert page.result is not None and page.result.wins
    said = " ".join(page.texts())
    assert "value" not in said and "(0)" not in said


def test_one_counter_step_k_of_n(pmz: Game) -> None:
    """The counter and the move list go one event at a time (`steps`); a seat sees the
    steps up to the one shown, and no count of those to come."""
    session = HandSession(pmz, 7)
    steps = PageBuilder(session, None).steps
    show_step(session, steps[0])
    assert build_page(session, None).counter == f"move 0 of {len(steps) - 1}"
    show_step(session, steps[5])
    page = build_page(session, None)
    assert page.counter == f"move 5 of {len(steps) - 1}" and page.current == 5
    assert [row.number for row in page.moves] == list(range(len(steps)))
    assert [row.later for row in page.moves].index(True) == 6
    mine = build_page(session, 0)
    assert [row.number for row in mine.moves] == list(range(6))  # a seat sees no moves ahead
    assert mine.counter == "move 5"


def test_each_step_is_one_event_in_a_sentence(pmz: Game) -> None:
    session = HandSession(pmz, 7)
    names = pmz.compiled.seat_names
    rows = build_page(session, None).moves
    assert rows[0].text == f"{names[0]} deals 13 cards each; 84 left to draw"
    assert all(" — " not in row.text for row in rows), [r.text for r in rows if " — " in r.text]
    seat = "|".join(names)
    assert sum(bool(re.fullmatch(rf"({seat}) discards \S+", row.text)) for row in rows) > 10
    assert sum(bool(re.fullmatch(rf"({seat}) draws \S+", row.text)) for row in rows) > 10
    claimed = [row for row in rows if " from " in row.text]
    assert claimed and all(row.cites.startswith("[PMZ-") for row in claimed)


def test_the_settlement_is_explained_in_names_and_arithmetic(pmz: Game) -> None:
    """PMZ-17: with two horses, seed 117 is a self-draw hitting both: 60 + 2 × 60 = 180."""
    game = load_game(GAMES["paomazai"], {"horses": "2"})
    session = HandSession(game, 117)
    session.to_end()
    result = build_page(session, None).result
    assert result is not None
    winner = result.headline.split(" ")[0]
    assert result.headline == f"{winner} wins on own draw " + result.headline.split()[-1]
    assert sum(f"pays {winner} 2 × unit = 2 × 10 = 20 · 自摸" in p for p in result.payments) == 3
    horses = f"pays {winner} (2 × unit = 2 × 10) × 2 hits = 40 · 中馬"
    assert sum(horses in p for p in result.payments) == 3
    assert result.money.startswith(f"{winner} +180 · ")
    assert result.bonuses and "2 hits" in result.bonuses[0]


def test_a_win_with_values_shows_their_sum_the_floor_and_the_formula(phz: Game) -> None:
    for seed in range(100):
        session = HandSession(phz, seed)
        session.to_end()
        if session.table.state.winners:
            break
    result = build_page(session, None).result
    assert result is not None
    (win,) = result.wins
    assert re.fullmatch(r"(\d+ \+ )+\d+ = \d+ 胡息", win.sum)
    assert re.fullmatch(r"胡息 \d+ ≥ min_huxi 6", win.floor)
    assert win.lets and win.lets[0].startswith("囤 = (胡息 - 6) / 3 + 1 = (")


def test_a_win_names_its_hand_patterns_and_works_out_their_score() -> None:
    """HK-5, HK-6: each named pattern (番) the win counts, with what it is worth and its
    rule ids; the score's arithmetic; the money worked out from it, once."""
    game = load_game(ROOT / "rules" / "hongkong.rules")
    session = HandSession(game, 36)
    session.to_end()
    result = build_page(session, None).result
    assert result is not None
    (win,) = result.wins
    assert win.patterns == [
        "自摸 (a self-draw) 1 番 [HK-5]",
        "門風 (a pong or kong of the seat's own wind) 1 番 [HK-5, HK-7]",
        "混一色 (one number suit and honours) 3 番 [HK-5]",
    ]
    assert win.score == "自摸 1 + 門風 1 + 混一色 3 = 5 番"
    assert win.lines()[-2:] == [win.score, "錢 = 番錢(番) × unit = 24 × 1 = 24"]
    assert len(result.payments) == 3
    assert all(p.endswith(" 錢 = 24 · 自摸 [HK-6]") for p in result.payments), result.payments


def test_a_pattern_kept_out_by_another_says_so() -> None:
    from tablerules.interpreter.compiling.explanation import pattern_line

    kept_out = {"name": "混一色", "title": "one suit and honours", "cites": ["X-2"],
                "count": 1, "worth": [{"score": "番", "op": "add", "amount": 3}],
                "limit": False, "excluded_by": "清一色"}  # fmt: skip
    assert pattern_line(kept_out) == "混一色 (one suit and honours): not with 清一色 [X-2]"
    twice = {**kept_out, "excluded_by": None, "count": 2, "limit": True,
             "worth": [{"score": "番", "op": "times", "amount": 2}]}  # fmt: skip
    assert pattern_line(twice) == "混一色 (one suit and honours) ×4 (2^2) 番, a limit [X-2]"


def test_a_seats_restrictions_are_gathered_by_name_with_the_cards_they_bar(phz: Game) -> None:
    """PHZ-10: 自打牌 bars 吃 and 碰 of each card a seat discarded: one phrase per
    restriction, its cards listed once, not the restriction's name repeated per card."""
    session = HandSession(phz, 117)
    session.to_end()
    found = re.findall(r"may not: ([^<]*)<", build_page(session, None).table_html)
    assert found and all(re.fullmatch(r"吃 碰 of \S+(, \S+)* \(自打牌\)", f) for f in found)
    assert any(", " in f for f in found)


# ── the hand as a timeline ───────────────────────────────────────────


def test_a_hand_is_the_same_from_the_same_seed(pmz: Game) -> None:
    one, two = HandSession(pmz, 9), HandSession(pmz, 9)
    assert one.end.events == two.end.events and one.choices == two.choices
    assert one.end.finished and one.last == len(one.marks) - 1
    one.goto(12)
    middle = list(one.table.events)
    one.to_end()
    one.goto(12)
    assert one.table.events == middle == one.end.events[: one.events_at[12]]


def test_a_script_replays_and_says_where_it_stops_being_legal(pmz: Game) -> None:
    base = HandSession(pmz, 11)
    again = HandSession(pmz, 11, script=base.played())
    assert again.end.events == base.end.events and again.note is None
    seat, _ = base.choices[3]
    broken = [*base.choices[:3], (seat, "discard nothing"), *base.choices[4:]]
    replayed = HandSession(pmz, 11, script=broken)
    assert "choice 4 of the hand before, 'discard nothing', is not legal" in str(replayed.note)
    assert replayed.note is not None
    assert "上一手的第 4 个选择“打出 nothing”在这些规则下不合规" in replayed.note.told("zh-Hans")
    assert replayed.end.finished


def test_the_user_waits_bots_play_on_and_a_new_choice_drops_what_followed(pmz: Game) -> None:
    seat = 2
    session = HandSession(pmz, 4, humans=frozenset({seat}))
    assert not session.end.finished and session.cursor == 0
    session.to_end()
    assert session.waiting_human() == seat
    before = session.last
    label = session.table.legal_actions(seat)[-1].label
    session.choose(seat, label)
    assert (seat, label) in session.choices
    assert session.cursor == before + 1 and session.last >= session.cursor
    session.goto(before)  # back to the same decision: choose otherwise
    other = session.table.legal_actions(seat)[0].label
    assert other != label
    session.choose(seat, other)
    made = session.choices[session.marks[before] : session.marks[before + 1]]
    assert (seat, other) in made and (seat, label) not in made
    assert session.cursor == before + 1
    session.choose(seat, "no such choice")
    assert session.error


def test_a_refused_choice_changes_nothing(pmz: Game) -> None:
    session = HandSession(pmz, 3, humans=frozenset({0, 1, 2, 3}))
    events = list(session.end.events)
    session.choose(session.table.waiting_for()[0], "no such action")
    assert session.error and session.choices == [] and session.end.events == events
    # told in the page's language: the engine's words in English, its answer in Chinese
    from tablerules.playground.words.page_messages import told_all

    assert "no such" in told_all([session.error], "en")
    chinese = told_all([session.error], "zh-Hant")
    assert chinese and not re.search(r"[a-z]{4,}", chinese.replace("no such action", "")), chinese


def test_a_hand_replayed_from_any_move_goes_on_as_it_was_played(pmz: Game, phz: Game) -> None:
    """Bots draw on their own random numbers: a replay teaches them the choices replayed, so
    changing seats (or coming back) mid-hand does not change what the bots then do."""
    for game in (pmz, phz):
        for seed in (1, 2):
            full = HandSession(game, seed)
            for move in (1, full.last // 2):
                again = HandSession(game, seed, script=full.choices[: full.marks[move]])
                assert again.end.events == full.end.events, (seed, move)
            played = HandSession(game, seed, humans=frozenset({1}))
            watched = HandSession(game, seed, script=played.played())
            assert watched.end.events == full.end.events


def test_a_seat_view_shows_hidden_groups_as_they_lie(phz: Game) -> None:
    """PHZ-4: another seat's 偎 lies face down, its 提 with one card shown: a seat's view
    draws their hidden cards as backs and says how they lie; the referee sees them whole,
    told how they lie for the others. (At the end a winner's hand is laid open.)"""
    for seed in range(60):
        session = HandSession(phz, seed)
        session.to_end()
        found = [
            (seat, group)
            for seat, data in enumerate(session.table.view(None)["seats"])
            for group in data["table"]
            if group["lies"] != "shown"
        ]
        if found:
            break
    owner, group = found[0]
    how = {"concealed": "face down", "partly shown": "one card shown"}[group["lies"]]
    referee = build_page(session, None).table_html
    assert f" · {how}</span>" in referee
    viewer = (owner + 1) % session.seats
    mine = build_page(session, viewer).table_html
    assert f" · {how}</span>" in mine
    winners = session.table.state.winners  # a winner's hand is laid open, as its win says
    backs = sum(
        card == "?"
        for seat, data in enumerate(session.table.view(viewer)["seats"])
        if seat != viewer
        for cards in [[] if seat in winners else data["hand"], *(g["cards"] for g in data["table"])]
        for card in cards
    )
    assert backs and mine.count("tr-back") == backs


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_status_line_names_the_phase_being_played(lang: str) -> None:
    """SC-2, SC-3: while a phase before play waits, the status line says who is choosing
    and names the phase as the file does (in the page's language), not a card's owner and
    its context as a claim window would ("東 to answer 東's phase")."""
    game = load_game(BUNDLED["sichuan"])
    session = HandSession(game, 7, humans=frozenset({1}))
    words = PageBuilder(session, None, lang).narrator.words
    for phase in ("換三張", "定缺"):
        for viewer in (None, 1):
            status = build_page(session, viewer, lang).status
            assert words.name(phase) in status, status
            assert "phase" not in status and "'s" not in status, status
            if lang != "en":
                assert not re.search(r"[A-Za-z]", status.split(" · ", 1)[1]), status
        session.choose(1, session.table.legal_actions(1)[0].label)
