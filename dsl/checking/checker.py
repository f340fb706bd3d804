"""Semantic checks on a composed `RuleSet`: names resolve, values fit their types, numbers add up.

Every finding points at the clause that causes it, in the file that wrote it (a variant's
mistake is reported in the variant, a base's in the base).
"""

from __future__ import annotations

from collections.abc import Iterable

from tablerules.dsl.checking.checker_bonus import BonusChecks
from tablerules.dsl.checking.checker_expr import ExpressionChecks
from tablerules.dsl.checking.checker_limits import LimitChecks
from tablerules.dsl.checking.checker_lookups import LookupChecks
from tablerules.dsl.checking.checker_names import NameChecks
from tablerules.dsl.checking.checker_phase import PhaseChecks
from tablerules.dsl.checking.checker_play import PlayChecks
from tablerules.dsl.checking.checker_scoring import ScoringChecks
from tablerules.dsl.checking.checker_shown import ShownChecks
from tablerules.dsl.checking.checker_turned import TurnedWildChecks
from tablerules.dsl.checking.checker_wild import WildChecks
from tablerules.dsl.diagnostics import Diagnostic, did_you_mean
from tablerules.dsl.model import ir
from tablerules.dsl.model.given import card_attributes
from tablerules.dsl.parsing.guesses import times_hint

# Ink colours a look clause may name (pictures are drawn with these).
INK_COLOURS = ("black", "red", "green", "blue", "grey", "purple", "brown")

# The word a diagnostic uses for a kind of name -> the RuleSet section it lives in.
REMOVABLE_SECTIONS = {
    "action": "actions",
    "restriction": "restrictions",
    "group": "groups",
    "option": "options",
    "value table": "values",
    "zone": "zones",
    "score": "scores",
    "pattern": "patterns",
}


class Checker(
    LimitChecks,
    PlayChecks,
    PhaseChecks,
    ExpressionChecks,
    ScoringChecks,
    LookupChecks,
    NameChecks,
    WildChecks,
    TurnedWildChecks,
    BonusChecks,
    ShownChecks,
):
    def __init__(self, rules: ir.RuleSet, texts: dict[str, str] | None = None) -> None:
        self.rules = rules
        self.texts = texts or {}
        self._lines: dict[str, list[str]] = {}
        self.found: list[Diagnostic] = []

    # ── reporting ──────────────────────────────────────────────
    def _line_text(self, file: str, line: int) -> str:
        """The source line a finding points at, from the texts the loader read (a file
        is never read again here: only what the author gave can be quoted)."""
        lines = self._lines.get(file)
        if lines is None:
            lines = self._lines[file] = self.texts.get(file, "").split("\n")
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def report(
        self,
        clause: ir.Clause | None,
        code: str,
        message: str,
        hint: str = "",
        severity: str = "error",
    ) -> None:
        span = clause.span if clause is not None and clause.span else None
        file = span.file if span else self.rules.file
        line = span.line if span else 1
        column = span.column if span else 1
        self.found.append(
            Diagnostic(
                file=file,
                line=line,
                column=column,
                code=code,
                message=message,
                severity=severity,  # type: ignore[arg-type]
                hint=hint,
                source_line=self._line_text(file, line) if span else "",
            )
        )

    @staticmethod
    def at(clause: ir.Clause, item: str) -> ir.Clause:
        """Where a block's item was written (its line), to report a finding about it."""
        return ir.Clause(span=clause.item_span(item))

    def unknown(self, clause: ir.Clause, what: str, name: str, known: Iterable[str]) -> None:
        section = REMOVABLE_SECTIONS.get(what)
        removed = self.rules.removed_at(section, name) if section else None
        if removed is not None:
            used = clause.span
            place = f" (used at {used.file}:{used.line})" if used else ""
            self.report(
                ir.Clause(span=removed),
                "E101",
                f"{what} {name!r} is removed here but is still used{place}",
                "override the clauses that use it too, or keep it",
            )
            return
        options = sorted(known)
        hint = f"known: {', '.join(options[:12])}" if options else f"no {what} is declared"
        close = did_you_mean(name, options)
        hint = f"{close} {hint}" if close else hint
        if times_hint(name):  # `worth x2`: a product written with the letter x
            hint = times_hint(name)
        self.report(clause, "E101", f"unknown {what} {name!r}", hint)

    # ── the checks ─────────────────────────────────────────────
    def run(self) -> list[Diagnostic]:
        rules = self.rules
        if rules.game is None:
            self.report(None, "E109", "the file has no 'game' clause", 'add: game NAME "title"')
        if rules.seats is None:
            self.report(None, "E109", "the file has no 'seats' clause", "add: seats 4")
        if rules.deck is None:
            self.report(None, "E109", "the file has no 'deck'", "add a deck { ... } block")
        if not self.check_limits():
            return self.found
        self.check_seats()
        self.check_options()
        self.check_attributes()
        self.check_deck()
        self.check_zones_and_deal()
        self.check_groups()
        self.check_values()
        self.check_win()
        self.check_forms()
        self.check_immediate_wins()
        self.check_phases()
        self.check_discard_rule()
        self.check_seat_cards()
        self.check_look()
        self.check_play()
        self.check_wilds()
        self.check_tables()
        self.check_scoring()
        self.check_lookups()
        self.check_names()
        self.check_citations()
        return self.found

    def check_seats(self) -> None:
        seats = self.rules.seats
        if seats is None:
            return
        if seats.count < 1:
            self.report(seats, "E104", "a game needs at least one seat")
        if seats.names and len(seats.names) != seats.count:
            self.report(
                seats,
                "E110",
                f"{seats.count} seats but {len(seats.names)} seat names",
            )
        if len(set(seats.names)) != len(seats.names):
            self.report(seats, "E102", "a seat name is given twice")

    def option_value_problem(self, option: ir.OptionDecl, value: ir.Scalar) -> str | None:
        """Why `value` does not fit `option`, or None when it does."""
        if option.type == "bool":
            return None if isinstance(value, bool) else "must be true or false"
        if option.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return "must be a whole number"
            if option.minimum is not None and value < option.minimum:
                return f"must be at least {option.minimum}"
            if option.maximum is not None and value > option.maximum:
                return f"must be at most {option.maximum}"
            return None
        if value not in option.choices:
            allowed = " | ".join(str(c) for c in option.choices)
            return f"must be one of {allowed}"
        return None

    def check_options(self) -> None:
        for option in self.rules.options.values():
            if (
                option.type == "int"
                and option.minimum is not None
                and option.maximum is not None
                and option.minimum > option.maximum
            ):
                self.report(option, "E104", f"option {option.name!r} has an empty range")
            if option.type == "choice" and len(set(map(str, option.choices))) != len(
                option.choices
            ):
                self.report(option, "E102", f"option {option.name!r} lists a value twice")
            problem = self.option_value_problem(option, option.default)
            if problem:
                self.report(
                    option,
                    "E104",
                    f"default {option.default!r} of option {option.name!r} {problem}",
                )
        for setting in self.rules.settings.values():
            option = self.rules.options.get(setting.name)
            if option is None:
                self.unknown(setting, "option", setting.name, self.rules.options)
                continue
            problem = self.option_value_problem(option, setting.value)
            if problem:
                self.report(setting, "E104", f"option {setting.name!r} {problem}")

    def check_attributes(self) -> None:
        for attribute in self.rules.attributes.values():
            for index, line in enumerate(attribute.given):
                where = self.at(attribute, f"given_cards {index}")
                problem = self.attribute_value_problem(attribute.name, line.value)
                if problem:
                    self.report(where, "E104", f"{line.value!r}: {problem}")
                self.check_card_items(where, line.cards, sets=False)
                for selector in line.cards:
                    if any(f.attribute == attribute.name for f in selector.filters):
                        self.report(
                            where, "E110", f"attribute {attribute.name!r} cannot name itself"
                        )
            if attribute.otherwise is not None:
                problem = self.attribute_value_problem(attribute.name, attribute.otherwise)
                if problem:
                    self.report(attribute, "E104", f"{attribute.otherwise!r}: {problem}")
            if attribute.is_numeric:
                assert attribute.maximum is not None
                if attribute.minimum > attribute.maximum:  # type: ignore[operator]
                    self.report(
                        attribute, "E104", f"attribute {attribute.name!r} has an empty range"
                    )
            elif len(set(attribute.values)) != len(attribute.values):
                self.report(attribute, "E102", f"attribute {attribute.name!r} lists a value twice")

    def attribute_value_problem(self, name: str, value: int | str) -> str | None:
        attribute = self.rules.attributes.get(name)
        if attribute is None:
            return None
        if attribute.is_numeric:
            if not isinstance(value, int):
                return f"{name} takes a number from {attribute.minimum} to {attribute.maximum}"
            if not attribute.minimum <= value <= attribute.maximum:  # type: ignore[operator]
                return f"{name} runs from {attribute.minimum} to {attribute.maximum}"
            return None
        if str(value) not in attribute.values:
            return f"{name} is one of {' | '.join(attribute.values)}"
        return None

    def check_attribute_refs(
        self, clause: ir.Clause, values: dict[str, list[int | str]] | list[str]
    ) -> None:
        items = values.items() if isinstance(values, dict) else ((v, []) for v in values)
        for name, wanted in items:
            if name not in self.rules.attributes:
                self.unknown(clause, "attribute", name, self.rules.attributes)
                continue
            for value in wanted:
                problem = self.attribute_value_problem(name, value)
                if problem:
                    self.report(clause, "E104", f"{value!r}: {problem}")

    def check_deck(self) -> None:
        deck = self.rules.deck
        if deck is None:
            return
        if deck.copies < 1:
            self.report(self.at(deck, "copies"), "E104", "copies must be at least 1")
        if not deck.cards:
            self.report(deck, "E109", "the deck lists no cards")
        seen_names: dict[str, str] = {}
        for card in deck.cards:
            for word in (card.id, *card.names):
                owner = seen_names.get(word)
                if owner is not None and owner != card.id:
                    self.report(
                        card, "E102", f"the name {word!r} is already used by card {owner!r}"
                    )
                elif owner == card.id and word != card.id and card.names.count(word) > 1:
                    self.report(card, "E102", f"card {card.id!r} lists the name {word!r} twice")
                seen_names[word] = card.id
            if card.copies is not None and card.copies < 1:
                self.report(card, "E104", f"card {card.id!r}: copies must be at least 1")
            for name, value in card.attributes.items():
                if name not in self.rules.attributes:
                    self.unknown(card, "attribute", name, self.rules.attributes)
                    continue
                problem = self.attribute_value_problem(name, value)
                if problem:
                    self.report(card, "E104", f"card {card.id!r}: {problem}")
            given = card_attributes(self.rules, card)
            missing = [a for a in self.rules.attributes if a not in given]
            if missing:
                self.report(
                    card,
                    "E109",
                    f"card {card.id!r} gives no value for {', '.join(missing)}",
                    "give it in the deck row, or in the attribute's block (else: VALUE)"
                    if any(self.rules.attributes[a].has_block for a in missing)
                    else "",
                )
        ids = [card.id for card in deck.cards]
        for suffix in deck.compact_suffixes:
            if not any(i.endswith(suffix) and i[: -len(suffix)].isdigit() for i in ids):
                self.report(
                    self.at(deck, "compact"),
                    "E101",
                    f"compact suffix {suffix!r}: no card id is a number followed by it",
                )

    def check_zones_and_deal(self) -> None:
        deal = self.rules.deal
        if deal is None:
            return
        seats = self.rules.seats.count if self.rules.seats else 1
        deck_size = self.rules.deck.size if self.rules.deck else 0
        total = 0
        rest_steps = 0
        for step in deal.steps:
            zone = self.rules.zones.get(step.zone)
            if zone is None:
                self.unknown(step, "zone", step.zone, self.rules.zones)
            elif step.to in ("each", "dealer") and zone.scope != "seat":
                self.report(step, "E110", f"zone {step.zone!r} is shared, not one per seat")
            elif step.to == "shared" and zone.scope != "shared":
                self.report(
                    step,
                    "E110",
                    f"zone {step.zone!r} is one per seat: say 'to each {step.zone}'",
                )
            if step.count is None:
                rest_steps += 1
            else:
                total += step.count * (seats if step.to == "each" else 1)
        if rest_steps > 1:
            self.report(deal, "E110", "only one deal step may take the rest of the deck")
        if deck_size and total > deck_size:
            self.report(
                deal,
                "E105",
                f"the deal needs {total} cards but the deck has {deck_size}",
            )
        elif deck_size and rest_steps == 0 and total < deck_size:
            self.report(
                deal,
                "E105",
                f"the deal places {total} of the deck's {deck_size} cards",
                hint="add a step such as 'rest to stock'",
            )

    def check_groups(self) -> None:
        groups = self.rules.groups
        alias_owner: dict[str, str] = {}
        for group in groups.values():
            for alias in (group.name, *group.aliases):
                owner = alias_owner.get(alias)
                if owner and owner != group.name:
                    self.report(group, "E102", f"{alias!r} already names group {owner!r}")
                alias_owner[alias] = group.name
            if group.pattern is None:
                self.report(group, "E109", f"group {group.name!r} has no pattern")
            else:
                self.check_pattern(group.pattern)
            if not (group.in_hand or group.on_table):
                self.report(
                    group,
                    "E109",
                    f"group {group.name!r} says neither 'in hand' nor 'on table'",
                )
            if group.never_split and (group.pattern is None or group.pattern.head != "same"):
                self.report(
                    self.at(group, "never_split"),
                    "E110",
                    f"'never split' needs an n-alike pattern ('same N'); group {group.name!r}"
                    " has another",
                )
            for relabel in group.relabels:
                if relabel.kind not in groups:
                    self.unknown(relabel, "group", relabel.kind, groups)

    def check_pattern(self, pattern: ir.Pattern) -> None:
        if pattern.size < 1 and not (pattern.head == "mixed" and not pattern.split):
            self.report(pattern, "E104", "a group needs at least one card")
        attributes = list(pattern.same)
        if pattern.attribute:
            attributes.append(pattern.attribute)
        if pattern.head == "mixed" and pattern.values:
            attributes.append(str(pattern.values[0]))
        self.check_attribute_refs(pattern, attributes)
        self.check_attribute_refs(pattern, pattern.where)
        attribute = self.rules.attributes.get(pattern.attribute or "")
        if pattern.head == "run" and attribute is not None and not attribute.is_numeric:
            self.report(
                pattern, "E103", f"a run needs a numeric attribute; {attribute.name!r} is not"
            )
        if pattern.head == "set" and pattern.attribute:
            self.check_attribute_refs(pattern, {pattern.attribute: list(pattern.values)})
        if pattern.longest is not None and pattern.longest < pattern.size:
            self.report(
                pattern, "E104", f"a run of {pattern.size}..{pattern.longest}: the range is empty"
            )

    def kind_refs(self, clause: ir.Clause, kinds: Iterable[str]) -> None:
        for kind in kinds:
            if kind not in self.rules.groups:
                self.unknown(clause, "group", kind, self.rules.groups)

    def check_values(self) -> None:
        for table in self.rules.values.values():
            if table.by is not None and table.by not in self.rules.attributes:
                self.unknown(table, "attribute", table.by, self.rules.attributes)
            for line in table.lines:
                self.kind_refs(line, line.kinds)
                if line.with_attribute:
                    self.check_attribute_refs(line, {line.with_attribute: line.with_values})
                if table.by:
                    for key in line.keyed:
                        problem = self.attribute_value_problem(table.by, key)
                        if problem:
                            self.report(line, "E104", f"{key!r}: {problem}")

    def check_win(self) -> None:
        win = self.rules.win
        if win is None:
            return
        if win.groups is not None and win.groups < 1:
            self.report(win, "E104", "a win needs at least one group")
        if win.pairs is not None:
            self.kind_refs(win.pairs, [win.pairs.kind, *win.pairs.if_any])
        if win.value is not None:
            minimum = win.value
            if minimum.table not in self.rules.values:
                self.unknown(minimum, "value table", minimum.table, self.rules.values)
            if isinstance(minimum.at_least, str):
                option = self.rules.options.get(minimum.at_least)
                if option is None:
                    self.unknown(minimum, "option", minimum.at_least, self.rules.options)
                elif option.type == "bool" or any(isinstance(c, str) for c in option.choices):
                    self.report(minimum, "E103", f"option {option.name!r} is not a number")

    def check_forms(self) -> None:
        for form in self.rules.forms.values():
            if form.shape is None and form.cards is None:
                self.report(
                    form,
                    "E109",
                    f"form {form.name!r} gives no shape, e.g. '7 of PAIR' or 'each of A B C once'",
                )
            if form.shape is not None and form.cards is not None:
                self.report(form.cards, "E110", "a form is a split into groups or a set of cards")
            if form.shape is not None:
                self.kind_refs(form.shape, form.shape.kinds)
            if form.cards is not None:
                self.check_card_items(form.cards, form.cards.cards, sets=False)

    def check_immediate_wins(self) -> None:
        for win in self.rules.immediate_wins.values():
            if not win.conditions and not win.tests:
                self.report(win, "E109", f"immediate win {win.name!r} has no 'when' line")
            self.check_shown_win(win)
            for condition in win.conditions:
                if condition.every:
                    self.check_card_items(condition, condition.every, sets=False)
                    continue
                if condition.cards is not None:  # `when holding N of FILTER`
                    self.check_bonus_cards(condition, condition.cards)
                    if condition.count < 1:
                        self.report(condition, "E110", "'when holding' needs at least 1 card")
                    continue
                self.kind_refs(condition, condition.kinds)
                for kind in condition.kinds:
                    group = self.rules.groups.get(kind)
                    if group and group.pattern and group.pattern.head != "same":
                        self.report(
                            condition,
                            "E110",
                            f"an immediate win counts n-alike groups; {kind!r} is not one",
                        )

    def check_seat_cards(self) -> None:
        seat_names = self.rules.seats.names if self.rules.seats else []
        self._check_card_sets(self.rules.seat_cards, seat_names, "seat")
        rounds = self.rules.rounds
        round_names = rounds.names if rounds else []
        if self.rules.round_cards and not round_names:
            first = next(iter(self.rules.round_cards.values()))
            self.report(first, "E109", "round cards need named rounds: 'rounds N named NAME ...'")
        self._check_card_sets(self.rules.round_cards, round_names, "round")
        if rounds is not None:
            if rounds.count < 1:
                self.report(rounds, "E104", "a game needs at least one round")
            if rounds.names and len(rounds.names) != rounds.count:
                self.report(
                    rounds, "E110", f"{rounds.count} rounds but {len(rounds.names)} round names"
                )
            if len(set(rounds.names)) != len(rounds.names):
                self.report(rounds, "E102", "a round name is given twice")

    def _check_card_sets(
        self, tables: dict[str, ir.SeatCards], names: list[str], what: str
    ) -> None:
        """Seat cards (by seat name) and round cards (by round name)."""
        for table in tables.values():
            seen: set[str] = set()
            for line in table.lines:
                if line.seat not in names:
                    self.unknown(line, what, line.seat, names)
                if line.seat in seen:
                    self.report(line, "E102", f"{what} {line.seat!r} is listed twice")
                seen.add(line.seat)
                self.check_card_items(line, line.items, sets=False)

    def check_look(self) -> None:
        look = self.rules.look
        if look is None:
            return
        for index, ink in enumerate(look.inks):
            where = self.at(look, f"ink {index}")
            if ink.colour.lower() not in INK_COLOURS:
                self.report(
                    where, "E104", f"ink {ink.colour!r} is not one of {', '.join(INK_COLOURS)}"
                )
            self.check_attribute_refs(where, {ink.attribute: ink.values})

    def check_citations(self) -> None:
        clauses: list[ir.Clause] = [
            *(c for c in (self.rules.seats, self.rules.deck, self.rules.deal, self.rules.win) if c),
            *self.rules.options.values(),
            *self.rules.attributes.values(),
            *self.rules.zones.values(),
            *self.rules.groups.values(),
            *self.rules.values.values(),
            *self.rules.forms.values(),
            *self.rules.immediate_wins.values(),
            *self.rules.seat_cards.values(),
            *(c for c in (self.rules.turn, self.rules.ties, self.rules.end) if c),
            *(c for c in (self.rules.fee, self.rules.next_dealer) if c),
            *self.rules.actions.values(),
            *self.rules.restrictions.values(),
            *self.rules.settles.values(),
            *self.rules.bonuses.values(),
            *self.rules.tables.values(),
            *self.rules.round_cards.values(),
            *([self.rules.rounds] if self.rules.rounds else []),
            *self.rules.carries.values(),
            *self.rules.patterns.values(),
            *self.rules.scores.values(),
            *self.rules.wilds.values(),
            *([self.rules.discard_rule] if self.rules.discard_rule else []),
        ]
        for clause in clauses:
            if clause.span and clause.span.file != self.rules.file:
                continue  # a base file's clauses are checked when that file is checked
            if not clause.cites:
                self.report(
                    clause,
                    "W001",
                    "this clause cites no rule id",
                    "end the line with the ids it implements, e.g. [RULE-4]",
                    severity="warning",
                )


def check_rules(rules: ir.RuleSet, texts: dict[str, str] | None = None) -> list[Diagnostic]:
    """All semantic findings for `rules`, errors and warnings."""
    return Checker(rules, texts).run()
