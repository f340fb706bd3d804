"""An argument parser that, for a flag it does not know, suggests the closest one it does:
`unrecognized arguments: --hnad (did you mean --hand?)`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from difflib import get_close_matches
from typing import Any, NoReturn

UNRECOGNIZED = "unrecognized arguments: "


class SuggestingParser(argparse.ArgumentParser):
    """`argparse.ArgumentParser` whose error for unknown flags names the likely one, among
    its own flags and those of its commands (every command's parser is of this class)."""

    _words: Sequence[str] = ()

    def parse_known_args(
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # the words read, kept so that any error (a missing argument, which argparse says
        # before the unknown flags) can still point at a misspelt flag among them
        self._words = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(self._words, namespace)

    def error(self, message: str) -> NoReturn:
        super().error(message + self._suggestion(message))

    def _suggestion(self, message: str) -> str:
        known = sorted(self._known_flags())
        if message.startswith(UNRECOGNIZED):
            words = message[len(UNRECOGNIZED) :].split()
        else:
            words = [word for word in self._words if not _known(word, known)]
        hints = []
        for word in words:
            flag = word.split("=", 1)[0]
            if not flag.startswith("--"):
                continue
            close = get_close_matches(flag, known, n=1, cutoff=0.6)
            if close:
                hints.append(f"did you mean {close[0]}?")
        return f" ({'; '.join(hints)})" if hints else ""

    def _known_flags(self) -> set[str]:
        """The long flags of this parser and of every command parser below it."""
        flags: set[str] = set()
        for action in self._actions:
            flags.update(flag for flag in action.option_strings if flag.startswith("--"))
            if isinstance(action, argparse._SubParsersAction):
                for parser in action.choices.values():
                    if isinstance(parser, SuggestingParser):
                        flags |= parser._known_flags()
        return flags


def _known(word: str, known: list[str]) -> bool:
    """Whether a word is not a long flag, or a known one (or its unambiguous start)."""
    flag = word.split("=", 1)[0]
    if not flag.startswith("--") or flag == "--":
        return True
    return sum(name.startswith(flag) for name in known) == 1 or flag in known
