"""The game an environment plays: a rule file by path or bundled name, or a loaded `Game`."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter import Game, load_game

Rules = str | Path | Game


def game_of(rules: Rules, options: dict[str, str] | None = None) -> Game:
    """The game `rules` stands for. A file that fails `check` raises `RuleError`, whose
    message is the file's diagnostics (each `file:line:col` with a caret)."""
    if isinstance(rules, Game):
        if options:
            raise ValueError("options are set when the rule file is loaded: pass a path instead")
        return rules
    return load_game(rules, options)


def require(*modules: str) -> None:
    """Refuse in one line when an optional extra is missing (the base install has none)."""
    import importlib.util

    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    if missing:
        extra = "openspiel" if "pyspiel" in missing else "rl"
        raise ImportError(f"this needs {', '.join(missing)}: pip install 'tablerules[{extra}]'")
