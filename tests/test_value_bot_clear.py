"""Near complete, the value bot leaves the greedy bot's pick only for a choice whose money
is clearly better on the same imagined deals, not for the largest of a few noisy totals.

It once took the largest total of 5 deals: one win that the scoring pays six times over
(a 大胡 at 長沙) made a choice's total, and it passed claims the greedy bot makes that
the same two choices, played on more deals, valued higher."""

from __future__ import annotations

from tablerules.interpreter.bots.value import clearly_better, pick_near_complete


def test_one_lucky_deal_is_not_a_clear_gain() -> None:
    greedy_pick = [1, 0, 0, 2, 0]
    lucky = [0, 12, -2, 0, 0]  # one large win among five deals: the larger total
    assert sum(lucky) > sum(greedy_pick)
    assert clearly_better([greedy_pick, lucky]) is None


def test_a_gain_on_every_deal_is_clear() -> None:
    greedy_pick = [0, -2, 0, -1, 0]
    steady = [2, 1, 2, 2, 3]
    assert clearly_better([greedy_pick, [0, 0, 0, 0, 0], steady]) == 2


def test_equal_money_keeps_the_greedy_pick() -> None:
    assert clearly_better([[1, 1, 1], [1, 1, 1]]) is None


def test_money_told_apart_but_not_clearly_keeps_the_greedy_pick() -> None:
    greedy_pick = [1, 0, 0, 2, 0]
    lucky = [0, 12, -2, 0, 0]
    assert pick_near_complete([greedy_pick, lucky]) == 0


def test_a_clear_gain_is_taken_near_complete() -> None:
    assert pick_near_complete([[0, -2, 0, -1, 0], [2, 1, 2, 2, 3]]) == 1


def test_the_same_money_everywhere_leaves_the_choice_to_the_estimate() -> None:
    assert pick_near_complete([[0, 0, 0], [0, 0, 0], [0, 0, 0]]) is None
