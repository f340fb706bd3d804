"""Checks of how the table is set: seats and rounds, options and their settings, zones and
the deal, the cards given to a seat or a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules.dsl.diagnostics import did_you_mean
from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class SetupChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_seats(self: Checker) -> None:
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

    def option_value_problem(self: Checker, option: ir.OptionDecl, value: ir.Scalar) -> str | None:
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
        # of the choice's own kind: False == 0 and True == 1 in Python, not in a rule file
        if not any(type(value) is type(c) and value == c for c in option.choices):
            allowed = " | ".join(
                str(c).lower() if isinstance(c, bool) else str(c) for c in option.choices
            )
            return f"must be one of {allowed}"
        return None

    def check_options(self: Checker) -> None:
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
                    self.at(option, "option_default"),
                    "E104",
                    f"default {option.default!r} of option {option.name!r} {problem}",
                    self._value_guess(option, option.default),
                )
        for setting in self.rules.settings.values():
            option = self.rules.options.get(setting.name)
            if option is None:
                self.unknown(setting, "option", setting.name, self.rules.options)
                continue
            problem = self.option_value_problem(option, setting.value)
            if problem:
                hint = self._value_guess(option, setting.value)
                where = self.at(setting, "setting_value")
                self.report(where, "E104", f"option {setting.name!r} {problem}", hint)

    @staticmethod
    def _value_guess(option: ir.OptionDecl, value: ir.Scalar) -> str:
        """The value meant where a word was written for a yes-or-no option or a choice:
        `tue` for true."""
        if not isinstance(value, str):
            return ""
        if option.type == "bool":
            return did_you_mean(value, ("true", "false"))
        words = [str(choice) for choice in option.choices or () if isinstance(choice, str)]
        return did_you_mean(value, words)

    def check_zones_and_deal(self: Checker) -> None:
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

    def check_seat_cards(self: Checker) -> None:
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
        self: Checker, tables: dict[str, ir.SeatCards], names: list[str], what: str
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
