"""The `play` target: a rule file (most of them from `fuzz.scoring`, so they check and
score) played for a few short hands — random bots from a seeded deal, greedy bots from a
rigged one (a golden scenario's deal and script, or a deal the dealer wins on the first
draw) — then a few hands evaluated and settled by `tablerules evaluate`.

An exception, an internal error, a hand that does not end, a payment past the cap on
amounts, a group laid on the table that the evaluator refuses as its kind, a win
`evaluate` sees and the engine does not offer on that rigged first draw, or an
`evaluate --json` that is not JSON or whose scores are not what their patterns make
(`fuzz.score_oracle`), is a finding.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tablerules.dsl.limits import LIMIT_CODE, MAX_RULE_BYTES
from tablerules.dsl.reading import ReadError, decode
from tablerules.interpreter.api import Checked, Game, check
from tablerules.interpreter.bots.players import make_bot
from tablerules.interpreter.compiling.cards import NotationError
from tablerules.interpreter.compiling.conditions import win_from
from tablerules.interpreter.compiling.expressions import MAX_MAGNITUDE
from tablerules.interpreter.engine import IllegalAction, Table
from tablerules.interpreter.engine.phases.flow import PHASE
from tablerules.interpreter.hand.evaluate import HandError

from fuzz.harness import RULES_PATH, WORKSHOP, Finding, run_cli, validate
from fuzz.output_checks import strict_json
from fuzz.rigs import evaluated_hands, golden_rigs, rigged_table, winning_deal
from fuzz.score_oracle import check_scores

MAX_STEPS = 3_000  # choices in one hand; a hand still going after them is a finding
RIG_TRIES = 12  # golden deals tried for one that fits the fuzzed game


def checked_rules(data: bytes) -> tuple[str, Checked] | str:
    """The rule file checked, or the outcome of one that does not check."""
    try:
        text = decode(data[: MAX_RULE_BYTES * 2])
    except ReadError:
        return "refused"
    checked = check(RULES_PATH, text=text)
    validate(checked, text)
    if not checked.ok or checked.game is None:
        return "limit" if any(d.code == LIMIT_CODE for d in checked.errors) else "refused"
    return text, checked


def finish(game: Game, table: Table, bot: str, seed: int) -> None:
    """Let bots of one kind play the hand to its end; then every group laid on the table
    must be one the evaluator admits as that kind (one predicate for both)."""
    bots = [make_bot(bot, seed * 16 + seat) for seat in range(table.play.seats)]
    for _ in range(MAX_STEPS):
        if table.finished:
            check_table_groups(game, table)
            check_amounts(table)
            return
        waiting = table.waiting_for()
        if not waiting:
            raise Finding("a hand that is not over, with no seat asked to act")
        table.apply(bots[waiting[0]].choose(table, waiting[0]))
    raise Finding(f"a hand still going after {MAX_STEPS} choices")


def check_amounts(table: Table) -> None:
    """No payment beyond the cap every amount is held to (±2^256)."""
    for line in table.state.ledger:
        if abs(line.amount) > MAX_MAGNITUDE:
            raise Finding(f"a payment of {line.amount:.3e}, past the cap of 2^256")


def check_table_groups(game: Game, table: Table) -> None:
    """Each seat's table groups are groups of their kinds, as `evaluate` reads them."""
    kinds = game.compiled.kinds
    for seat in table.state.seats:
        for group in seat.table:
            try:
                game.evaluator.table_group(kinds[group.kind].name, group.cards)
            except HandError as error:
                raise Finding(f"the engine laid a group the evaluator refuses: {error}") from None


def _script(table: Table, actions: tuple[str, ...]) -> None:
    """A golden scenario's choices, as far as the fuzzed game allows them."""
    for line in actions:
        seat, _, label = line.partition(":")
        if table.finished or not seat.strip().isdigit():
            return
        try:
            table.apply(label.strip(), seat=int(seat))
        except IllegalAction:
            return


def _golden_table(game: Game, rng: random.Random) -> Table | None:
    for rig in rng.sample(golden_rigs(), RIG_TRIES):
        table = rigged_table(game, rig)
        if table is not None:
            _script(table, rig.actions)
            return table
    return None


def _first_draw_win(game: Game, rng: random.Random, plain: bool) -> Table | None:
    """A deal the dealer wins on the first draw; for a file with no condition on its
    wins (`plain`), the engine must offer the win `evaluate` finds."""
    rig = winning_deal(game, rng)
    table = rigged_table(game, rig) if rig is not None else None
    if table is None or rig is None or not plain or table.finished:
        return table
    if not _through_phases(table):
        return table
    dealer = table.waiting_for()[0]
    offer = table.state.decision.offer if table.state.decision is not None else None
    if offer is None or offer.owner != dealer or offer.card is None:
        return table
    counts = table.state.seats[dealer].hand  # after the phases: exchanged cards in, out
    hand = [card for card, count in enumerate(counts) for _ in range(count)]
    try:
        source, conditions = win_from("self", 0, first_draw=True)  # the dealer is seat 0
        evaluation = game.evaluate(hand, [], offer.card, source, conditions=conditions)
    except HandError:  # more cards than `evaluate` takes (a deal of 40 and the draw)
        return table
    actions = game.compiled.rules.actions
    offered = [c for c in table.legal_actions(dealer) if c.action in actions]
    if evaluation.wins and not any(actions[c.action].win for c in offered):
        written, (drawn,) = " ".join(game.cards.names(hand)), game.cards.names([offer.card])
        raise Finding(f"evaluate: {written} + {drawn} wins; the engine offers no win on that draw")
    return table


def _through_phases(table: Table) -> bool:
    """Play a file's phases before play (exchanges, declarations) with greedy bots: the
    hand that draws first is the one they leave. False if the hand ends in them."""
    bots = [make_bot("greedy", seat) for seat in range(table.play.seats)]
    for _ in range(MAX_STEPS):
        decision = table.state.decision
        if table.finished or decision is None:
            return False
        if decision.kind != PHASE:
            return True
        seat = table.waiting_for()[0]
        table.apply(bots[seat].choose(table, seat))
    raise Finding(f"the phases before play still go on after {MAX_STEPS} choices")


def _plain(game: Game) -> bool:
    """A win on one's own draw, offered whatever the options, and no pattern, score,
    condition or locked cards: such a win is its split alone."""
    rules = game.compiled.rules
    locked = any(kind.never_split for kind in rules.groups.values())
    conditions = rules.win is not None and (rules.win.when or rules.win.value)
    ways = [way for action in rules.actions.values() for way in action.ways]
    options = any(way.if_option or way.unless_option for way in ways)
    own_draw = any(
        way.context == "draw" and way.who in ("self", "anyone")
        for action in rules.actions.values()
        if action.win
        for way in action.ways
    )
    return own_draw and not (rules.patterns or rules.scores or conditions or locked or options)


@contextmanager
def saved_rules(text: str) -> Iterator[Path]:
    """The rule text as a file of its own in the workshop (commands read files)."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    path = WORKSHOP / f"fz-{digest}.rules"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        yield path
    finally:
        path.unlink(missing_ok=True)


def _fits_cards(game: Game, words: tuple[str, ...]) -> bool:
    """Whether the hand the arguments give is written in the game's cards."""
    try:
        game.parse(words[words.index("--hand") + 1])
    except (NotationError, ValueError, IndexError):
        return False
    return True


def evaluations(rng: random.Random, count: int, game: Game) -> list[list[str]]:
    """Hands the documentation evaluates, those of the game's cards first, with more facts."""
    fitting = [words for words in evaluated_hands() if _fits_cards(game, words)]
    chosen = rng.sample(fitting, min(count, len(fitting))) or rng.sample(evaluated_hands(), 1)
    extras = ["--last-card", "--first-draw", "--first-discard", "--seat=1", "--streak=2"]
    return [[*_spoilt(words, rng), *rng.sample(extras, rng.randint(0, 2))] for words in chosen]


def _spoilt(words: tuple[str, ...], rng: random.Random) -> list[str]:
    """The arguments, their hand now and then made wrong: an unknown card, too many copies,
    nothing at all (for the refusals, JSON too with `--json`)."""
    spoilt = list(words)
    if rng.random() < 0.15:
        at = spoilt.index("--hand") + 1
        spoilt[at] = rng.choice([spoilt[at] + " zz", spoilt[at] * 5, "", " "])
    return spoilt


def play(data: bytes, seed: int) -> str:
    """Play a rule file for a few hands and settle what it wins."""
    loaded = checked_rules(data)
    if isinstance(loaded, str):
        return loaded
    text, checked = loaded
    game = checked.game
    assert game is not None
    rng = random.Random(seed)
    finish(game, Table(game, seed=seed), "random", seed)
    rigged = _first_draw_win(game, rng, _plain(game)) or _golden_table(game, rng)
    finish(game, rigged or Table(game, seed=seed + 1), "greedy", seed)
    with saved_rules(text) as path:
        for words in evaluations(rng, 2, game):
            evaluate(path, words, as_json=rng.random() < 0.5)
    return "ok"


def evaluate(path: Path, words: list[str], as_json: bool) -> None:
    """`evaluate` of a hand: an answer or a refusal; with `--json`, either one as valid
    JSON, and the scores of an answer what their patterns make (`fuzz.score_oracle`)."""
    run = run_cli("evaluate", str(path), *words, *(["--json"] if as_json else []))
    if run.status not in (0, 1, 2):  # 2: arguments this game has not (a seat, a round)
        raise Finding(f"evaluate {words}: status {run.status}: {run.stderr[-800:]}")
    if as_json and (run.status in (0, 1) or run.stdout.strip()):  # an error too, as JSON
        record = strict_json(run.stdout, f"evaluate {' '.join(words)} --json")
        if isinstance(record, dict):
            check_scores(record)
