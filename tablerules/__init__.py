"""tablerules: the rules of table games written as data, run by one generic interpreter.

The installed package gathers the project's layers under one name; in the source tree each
layer keeps its own top-level folder (the mapping is in `pyproject.toml`):

    tablerules.dsl          dsl/          rule language: grammar, IR, checker, diagnostics
    tablerules.interpreter  interpreter/  compiled rules, hand evaluation, engine, bots
    tablerules.cli          cli/          the `tablerules` command
    tablerules.agents       agents/       every rule file an RL environment (extra `rl`)
    tablerules.playground   playground/   the Streamlit playground
    tablerules.rules        rules/        the bundled games and their variants (data)

The common entry points are re-exported here, imported on first use:

    from tablerules import load_game, Table, env
    table = Table(load_game("rules/paomazai.rules"), seed=7)
    hands = env("paomazai", seed=7)   # a PettingZoo environment (tablerules[rl])
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["Game", "Table", "env", "load_game"]

_LAZY = {
    "Game": "tablerules.interpreter.api",
    "load_game": "tablerules.interpreter.api",
    "Table": "tablerules.interpreter.engine.game",
    "env": "tablerules.agents",  # a PettingZoo environment (the optional extra `rl`)
}


def __getattr__(name: str) -> Any:
    """Import a re-exported name only when it is used, to keep `import tablerules` cheap."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tablerules' has no attribute {name!r}")
    return getattr(import_module(module), name)
