"""Every rule file a reinforcement-learning environment.

    import tablerules
    env = tablerules.env("rules/mygame.rules", seed=7)   # a PettingZoo AEC environment

`env` builds a PettingZoo AEC environment (`pettingzoo_env.TableEnv`), `single_seat_env`
a Gymnasium one with bots at the other seats (`gym_env.SingleSeatEnv`). Both need the
optional extra `tablerules[rl]`, imported only when they are called, so importing this
package costs nothing. The action ids are laid out by `actions.ActionTable`, the
observations by `observation.ObservationEncoder`; docs/agents.md describes both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablerules.agents.gym_env import SingleSeatEnv
    from tablerules.agents.loading import Rules
    from tablerules.agents.pettingzoo_env import TableEnv

__all__ = ["env", "single_seat_env"]


def env(
    rules: Rules,
    options: dict[str, str] | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
) -> TableEnv:
    """A PettingZoo AEC environment for `rules` (a path, a bundled name or a `Game`) under
    the rule file's `options`; `seed` fixes the sequence of hands `reset()` deals. A file
    that fails `check` raises `RuleError` with its diagnostics."""
    from tablerules.agents.loading import game_of, require

    require("pettingzoo", "gymnasium", "numpy")
    from tablerules.agents.pettingzoo_env import TableEnv

    return TableEnv(game_of(rules, options), seed=seed, render_mode=render_mode)


def single_seat_env(
    rules: Rules,
    options: dict[str, str] | None = None,
    seat: int = 0,
    bots: str | Sequence[str] = "greedy",
    seed: int | None = None,
) -> SingleSeatEnv:
    """A Gymnasium environment: the learner plays `seat`, bots (by name: `random`,
    `greedy`, …; one name for every other seat, or one per seat) play the others."""
    from tablerules.agents.loading import game_of, require

    require("gymnasium", "numpy")
    from tablerules.agents.gym_env import SingleSeatEnv

    return SingleSeatEnv(game_of(rules, options), seat=seat, bots=bots, seed=seed)
