"""The commands of `tablerules`: the module that registers and runs each, and its summary.

`main` imports only the module of the command being run (a command's module imports what
its run needs: the engine, pydantic, jsonschema), so `tablerules evaluate` starts without
loading what `play` or `test` need. The other commands are listed by their summary alone.
"""

from __future__ import annotations

# command -> (module, one-line summary shown by `tablerules --help`, formatted by argparse:
# a percent sign is written twice), in the order listed
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("tablerules.cli.check", "check rule files and report located errors"),
    "evaluate": (
        "tablerules.cli.evaluate",
        "evaluate a hand (or a file of hands) under a rule file",
    ),
    "test": (
        "tablerules.cli.scenarios",
        "run golden scenarios (rigged hands with expected events and money)",
    ),
    "show": (
        "tablerules.cli.show",
        "print the expanded rules (after extends and options) as JSON",
    ),
    "schema": ("tablerules.cli.schema", "write the JSON Schema of the rule IR"),
    "play": (
        "tablerules.cli.play",
        "let bots play seeded hands; print the transcript, write a log",
    ),
    "replay": (
        "tablerules.cli.replay",
        "replay a play log, check it reproduces, print the transcript",
    ),
    "simulate": (
        "tablerules.cli.simulate",
        "play many hands with bots; statistics with 95%% intervals, on every core",
    ),
}


def summary(command: str) -> str:
    """The one-line help of a command."""
    return COMMANDS[command][1]
