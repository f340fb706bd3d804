"""The interpreter's public face: load a rule file once, then evaluate hands by text or index."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerules.dsl.diagnostics import Diagnostic, RuleError, capped, sort_key
from tablerules.dsl.loading.bases import ExtendsPolicy
from tablerules.dsl.loading.bundled import find_bundled
from tablerules.dsl.loading.loader import Loaded, load, load_rules, resolve_options
from tablerules.dsl.model import ir
from tablerules.interpreter.compiling.cards import CardTable
from tablerules.interpreter.compiling.compiled import CompiledRules, compile_rules
from tablerules.interpreter.compiling.conditions import WinConditions, win_from, win_source
from tablerules.interpreter.hand.arguments import (
    as_text,
    check_arguments,
    check_cards,
    check_facts,
    check_seat,
    listed,
)
from tablerules.interpreter.hand.evaluate import Evaluation, TableGroup
from tablerules.interpreter.hand.forced_wins import with_forced_groups
from tablerules.interpreter.hand.notation import (
    HandSpec,
    parse_how,
    parse_table,
    parse_win_card,
    within_limits,
)
from tablerules.interpreter.hand.wild_readings import make_evaluator
from tablerules.interpreter.hand.win_ways import refused, win_refusal


class Game:
    """A compiled rule file with its option values and an evaluator."""

    def __init__(
        self,
        rules: ir.RuleSet,
        options: dict[str, ir.Scalar] | None = None,
        turned: int | None = None,
    ) -> None:
        """`turned`: the card turned up at the deal, for a file whose wild is chosen so."""
        self.compiled: CompiledRules = compile_rules(rules, options, turned)
        self.evaluator = make_evaluator(self.compiled)
        # what clients build once per game and share (the engine's compiled play rules)
        self.shared: dict[str, Any] = {}
        self._cards = frozenset(range(len(self.compiled.cards)))  # every card index

    @property
    def turns_wild(self) -> bool:
        """Whether each hand's wild is chosen by a card turned at the deal."""
        return self.compiled.turning is not None

    def with_turned(self, card: int) -> Game:
        """This game for a hand whose deal turned up `card`: its wild cards the ones that
        card chooses. Compiled once per card kind and kept (tables, caches and all)."""
        compiled = self.compiled
        if compiled.turning is None or compiled.turned == card:
            return self
        games: dict[int, Game] = self.shared.setdefault("turned", {})
        game = games.get(card)
        if game is None:
            game = games[card] = Game(compiled.rules, compiled.options, turned=card)
            game.shared["turned"] = games  # every hand's game shares the one cache
        return game

    def declarations(self) -> list[tuple[tuple[str, str], ...]]:
        """Every set of values the seats may declare before play (one value of each
        attribute a phase declares, in the deck's order); none where no phase declares."""
        attributes = [
            phase.attribute
            for phase in self.compiled.rules.phases.values()
            if phase.kind == "declaration" and phase.attribute
        ]
        found: list[tuple[tuple[str, str], ...]] = [()]
        for name in dict.fromkeys(attributes):
            values: list[str] = []
            for card in self.compiled.cards.attributes:
                value = card.get(name)
                if value is not None and str(value) not in values:
                    values.append(str(value))
            found = [(*chosen, (name, value)) for chosen in found for value in values]
        return found if attributes else []

    @property
    def cards(self) -> CardTable:
        return self.compiled.cards

    def parse(self, text: str) -> list[int]:
        """The card indices of `text` in the file's card notation."""
        return self.compiled.cards.parse(as_text(text, "text"))

    def table(self, text: str) -> list[TableGroup]:
        """Table groups written as `tablerules evaluate --table` takes them."""
        return parse_table(self.evaluator, as_text(text, "text"))

    def evaluate(
        self,
        hand: list[int],
        table: list[TableGroup] | None = None,
        win_card: int | None = None,
        source: ir.Source | None = None,
        on_deal: bool = False,
        conditions: WinConditions | None = None,
    ) -> Evaluation:
        """The hand's evaluation (see `Evaluator.evaluate`), its arguments checked first:
        a card index out of range, or anything but what it takes, is a `HandError` saying so
        (`hand.arguments`). A bulk check of cards known good may call the evaluator itself.
        A win on a card is also judged, as play judges it, with the group a forced action
        would make with the card (`hand.forced_wins`)."""
        checked = False
        if (
            not table
            and win_card is None
            and source is None
            and conditions is None
            and type(hand) is list
        ):  # concealed cards alone, the bulk check: one set lookup a card
            try:
                checked = self._cards.issuperset(hand)
            except TypeError:  # a list or a dict among the cards
                checked = False
        if not checked:
            if type(hand) is not list:
                hand = listed(hand, "hand")  # type: ignore[assignment]
            check_arguments(self.compiled, self._cards, hand, table, win_card, source, conditions)
        try:
            result = self.evaluator.evaluate(hand, table, win_card, source, on_deal, conditions)
        except TypeError:
            check_cards(hand, self._cards, "hand")  # a float equal to an index, say
            raise
        if win_card is None or on_deal:
            return result
        how = conditions if conditions is not None else WinConditions.from_source(source)
        return with_forced_groups(self.evaluator, result, hand, table or [], win_card, how)

    def evaluate_text(
        self,
        hand: str,
        table: str = "",
        win_card: str | None = None,
        source: str | None = None,
        on_deal: bool = False,
        seat: int = 0,
        concealed_table: str = "",
        **facts: object,
    ) -> Evaluation:
        """Evaluate a hand written in the rule file's card notation; `source` says where the
        winning card came from (self, replacement, discard, robbed, draw or shown), `seat`
        the winner's seat counted from the dealer, `concealed_table` the table groups that
        took no other player's card (as `--concealed-table`), `facts` the other
        `WinConditions`. Where no action of the file wins on the card so come, the hand does
        not win (as in play). In a file whose seats declare a value before play, a hand given
        no `declared` is judged as the winner would have declared: under the first value (in
        the deck's order) with which it wins, and does not win where no value lets it."""
        check_seat(seat, len(self.compiled.dealt_per_seat()))
        for name, value in (("win_card", win_card), ("source", source)):
            if value is not None:
                as_text(value, name)
        check_facts(facts, self.compiled.rounds)
        card = parse_win_card(self.evaluator, win_card) if win_card else None
        how = parse_how(source) if source else ("self" if card is not None else None)
        if "declared" not in facts and (how is not None or on_deal):
            undeclared = None
            for declared in self.declarations():
                result = self.evaluate_text(
                    hand,
                    table,
                    win_card,
                    source,
                    on_deal,
                    seat,
                    concealed_table,
                    declared=declared,
                    **facts,
                )
                if result.wins:
                    return result
                undeclared = undeclared or result
            if undeclared is not None:
                return undeclared
        hidden = parse_table(self.evaluator, concealed_table, claimed=False)
        evaluated_source = win_source(how, seat) if how is not None else None
        spec = within_limits(
            HandSpec(self.parse(hand), self.table(table) + hidden, card, evaluated_source, how)
        )
        conditions = None
        if how is not None:
            conditions = win_from(how, seat, **facts)[1]
        elif on_deal:
            conditions = WinConditions(context="deal", seat=seat, **facts)  # type: ignore[arg-type]
        result = self.evaluator.evaluate(
            spec.hand, spec.table, spec.win_card, spec.source, on_deal, conditions
        )
        result = with_forced_groups(
            self.evaluator, result, spec.hand, spec.table, spec.win_card, conditions
        )
        if conditions is not None and result.immediate is None:  # no action may win on it
            reason = win_refusal(self.compiled, conditions, spec.win_card)
            if reason is not None:
                result = refused(result, reason)
        return result


@dataclass
class Checked:
    """A rule file loaded, checked and, when valid, compiled: everything a client shows."""

    loaded: Loaded
    game: Game | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def ok(self) -> bool:
        return self.game is not None and not self.errors


def check(
    path: str | Path,
    text: str | None = None,
    options: dict[str, str] | None = None,
    policy: ExtendsPolicy | None = None,
    display: str | None = None,
    reuse: bool = False,
) -> Checked:
    """Parse, check and compile a rule file (or `text` standing for it); never raises on
    bad input: every problem, including those only compiling finds, is a diagnostic.
    `policy` says where `extends` may reach (`dsl.loading.bases`); `reuse` keeps and reuses the
    checked file in the user's cache (`dsl.loading.load_cache`), as the command line does."""
    loaded = load(path, text=text, options=options, policy=policy, display=display, reuse=reuse)
    diagnostics = list(loaded.diagnostics)
    game = None
    if loaded.ok and loaded.rules is not None:
        try:
            game = Game(loaded.rules, loaded.options)
        except RuleError as error:
            diagnostics.extend(loaded.with_source(d) for d in error.diagnostics)
    return Checked(loaded, game, diagnostics)


class CheckCache:
    """Rule texts parsed and checked once each, then compiled once per set of options:
    running many scenarios of one file (under a few option sets) parses it once."""

    def __init__(self, keep: int = 16) -> None:
        """`keep`: how many texts (and checked option sets) it remembers, the latest."""
        self.keep = keep
        self._loaded: dict[tuple[str, str], Loaded] = {}
        self._checked: dict[tuple[str, str, tuple[tuple[str, str], ...]], Checked] = {}

    def check(
        self,
        path: str | Path,
        text: str | None = None,
        options: dict[str, str] | None = None,
        policy: ExtendsPolicy | None = None,
    ) -> Checked:
        """As `check`, from the cache when this text and these options were seen."""
        if text is None:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                return check(path, options=options, policy=policy)  # it says what is wrong
        where = str(path)
        chosen = tuple(sorted((options or {}).items()))
        found = self._checked.get((where, text, chosen))
        if found is not None:
            return found
        loaded = self._loaded.get((where, text))
        if loaded is None:
            loaded = self._loaded[(where, text)] = load(path, text=text, policy=policy)
        if not loaded.ok or loaded.rules is None:
            checked = check(path, text=text, options=options, policy=policy)
        else:
            values, problems = resolve_options(loaded.rules, dict(chosen))
            diagnostics = capped(sorted([*loaded.diagnostics, *problems], key=sort_key))
            ready = Loaded(
                loaded.path, loaded.rules, diagnostics, values, loaded.texts, loaded.files
            )
            checked = Checked(ready, None, list(diagnostics))
            if ready.ok:
                try:
                    checked.game = Game(loaded.rules, values)
                except RuleError as error:
                    checked.diagnostics.extend(ready.with_source(d) for d in error.diagnostics)
        self._checked[(where, text, chosen)] = checked
        for remembered in (self._loaded, self._checked):
            while len(remembered) > self.keep:
                del remembered[next(iter(remembered))]  # the oldest first
        return checked


def load_game(
    path: str | Path, options: dict[str, str] | None = None, policy: ExtendsPolicy | None = None
) -> Game:
    """Load, check and compile a rule file; raises `dsl.diagnostics.RuleError` on errors.

    A bundled rule file may be named by its short name (its file name without `.rules`)."""
    if not Path(path).exists():
        path = find_bundled(str(path)) or path
    rules, values = load_rules(path, options, policy)
    return Game(rules, values)
