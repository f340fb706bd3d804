"""Checks of what a hand is made of and when it wins: the groups and their patterns, the
value tables, the win clause, the forms and the immediate wins."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tablerules.dsl.model import ir

if TYPE_CHECKING:
    from tablerules.dsl.checking.checker import Checker


class GroupChecks:
    """A mixin of `dsl.checking.checker.Checker` (which supplies `rules`, `report`, `unknown`)."""

    def check_groups(self: Checker) -> None:
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

    def check_pattern(self: Checker, pattern: ir.Pattern) -> None:
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

    def kind_refs(
        self: Checker, clause: ir.Clause, kinds: Iterable[str], words: tuple[str, ...] = ()
    ) -> None:
        """Group kinds named in a clause; `words` the place takes after them (`with`),
        guessed at for a mistyped name."""
        for kind in kinds:
            if kind not in self.rules.groups:
                self.unknown(clause, "group", kind, self.rules.groups, words)

    def check_values(self: Checker) -> None:
        for table in self.rules.values.values():
            if table.by is not None and table.by not in self.rules.attributes:
                self.unknown(table, "attribute", table.by, self.rules.attributes)
            for line in table.lines:
                self.kind_refs(line, line.kinds, ("with",))  # `KIND with ATTR VALUES: …`
                if line.with_attribute:
                    self.check_attribute_refs(line, {line.with_attribute: line.with_values})
                if table.by:
                    for key in line.keyed:
                        problem = self.attribute_value_problem(table.by, key)
                        if problem:
                            hint = self.attribute_value_hint(line, table.by, key)
                            where = self._at_word(line, str(key))
                            self.report(where, "E104", f"{key!r}: {problem}", hint)

    def check_win(self: Checker) -> None:
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

    def check_forms(self: Checker) -> None:
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
                if form.cards.size is not None and form.cards.size < 1:
                    self.report(form.cards, "E104", "a form of cards holds at least one card")
            self._check_form_size(form)

    def _check_form_size(self: Checker, form: ir.Form) -> None:
        """A form is looked at with nothing on the table, where a winning hand holds what a
        seat is dealt and one card more: a form of some other number of cards never holds,
        and the file wins less than it says (W005). Forms whose size cannot be told without
        the cards their filters match are left alone."""
        winning = _winning_hand_size(self.rules)
        sizes = _form_sizes(self.rules, form)
        if winning is None or sizes is None or sizes[0] <= winning <= sizes[1]:
            return
        low, high = sizes
        size = f"its cards number {low}" + ("" if low == high else f" to {high}")
        self.report(
            form.shape or form.cards,
            "W005",
            f"form {form.name!r} never holds: {size}, a winning hand's {winning} "
            "(a seat's deal and the winning card)",
            hint="a form is the whole winning hand, the winning card included: "
            f"{winning} cards here",
            severity="warning",
        )

    def check_immediate_wins(self: Checker) -> None:
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


def _winning_hand_size(rules: ir.RuleSet) -> int | None:
    """The cards of a winning hand with nothing on the table: what every seat is dealt
    into its hand, and the winning card (None where the deal deals no seat its own)."""
    if rules.deal is None:
        return None
    each = [step for step in rules.deal.steps if step.to == "each"]
    if not each or any(step.count is None for step in each):
        return None
    zone = each[0].zone
    dealt = sum(step.count or 0 for step in each if step.zone == zone)
    return dealt + 1 if dealt else None


def _form_sizes(rules: ir.RuleSet, form: ir.Form) -> tuple[int, int] | None:
    """The fewest and the most cards a form can hold, where the file tells them."""
    if form.shape is not None:
        sizes: list[tuple[int, int]] = []
        for kind in form.shape.kinds:
            group = rules.groups.get(kind)
            if group is None or group.pattern is None:
                return None
            pattern = group.pattern
            sizes.append((pattern.size, pattern.longest or pattern.size))
        if not sizes:
            return None
        low = form.shape.count * min(size for size, _ in sizes)
        high = form.shape.count * max(longest for _, longest in sizes)
        return low, high
    if form.cards is not None:
        if form.cards.size is not None:
            return form.cards.size, form.cards.size
        names = [item.card for item in form.cards.cards]
        if any(name is None for name in names) or any(
            item.filters or item.seat_set or item.round_set or item.declared
            for item in form.cards.cards
        ):
            return None
        count = len(set(names)) + form.cards.more
        return count, count
    return None
