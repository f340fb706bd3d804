"""`tablerules evaluate RULES --hand ...`: does a hand win, how, and for how much.

`arguments` declares the command's flags; `command` runs it: `flags` reads them against the
rule file, one hand is reported by `text_report` or as the JSON of `records`, and a
`--hands-file` is read line by line by `hands_file`.
"""

from tablerules.cli.evaluate.arguments import register
from tablerules.cli.evaluate.command import run

__all__ = ["register", "run"]
