"""The sizes untrusted input may reach: rule files, hands files and play logs.

Every input the tool reads comes from someone: a rule author, a user of a shared playground,
a log sent by mail. Each limit below is enforced with an error that names it (code E111 in a
rule file), and together they bound the work one input can cause: checking any rule file
within them takes well under 2 s and 300 MB (docs/reliability.md has the measurements).
Real games sit far below every one of them.
"""

from __future__ import annotations

# ── a rule file ───────────────────────────────────────────────────────
MAX_RULE_BYTES = 64 * 1024  # one file; the bundled games are under 10 KB
MAX_COMPOSED_BYTES = 96 * 1024  # a file and every file it brings in through `extends`
MAX_RULE_LINES = 5_000
MAX_NUMBER = 1_000_000_000  # any whole number written in a rule file
MAX_SEATS = 16
MAX_CARD_KINDS = 256  # cards a deck declares (the bundled games: 34 at most)
MAX_COPIES = 16  # copies of each card kind (two decks: 8)
MAX_CARD_NAMES = 16  # names and aliases of one card
MAX_CARD_NAME_CHARS = 64  # characters of one card name
MAX_GROUP_SIZE = 8  # cards in one group (a pattern's size)
MAX_GROUP_INSTANCES = 20_000  # concrete card combinations one group kind may stand for
MAX_DEALT = 40  # cards one seat receives in the deal
MAX_EXPRESSION_DEPTH = 24  # nesting of an amount or count expression
MAX_NESTING = 64  # nesting of the parse tree of any clause (expressions included)
MAX_EXTENDS_DEPTH = 8  # a variant of a variant of ... of a base
MAX_EXTENDS_FILES = 16  # files one rule file brings in through `extends`, itself included
MAX_DIAGNOSTICS = 200  # findings reported for one run; the rest are counted

# ── what is read with a rule file ─────────────────────────────────────
# cards in one hand given to `evaluate` (concealed, table and winning): more than play
# reaches (a full deal, the card drawn, and the cards declarations and claims add to the table)
MAX_HAND_CARDS = 64
MAX_HANDS_LINE_CHARS = 1_000  # one line of a hands file, or a --hand / --table text
MAX_HANDS_FILE_BYTES = 8 * 1024 * 1024
MAX_LOG_BYTES = 64 * 1024 * 1024  # a play log read by `replay`
MAX_LOG_LINE_BYTES = 1024 * 1024  # one line of a play log
MAX_SCENARIO_BYTES = 1024 * 1024  # a golden scenario file

LIMIT_CODE = "E111"


def bytes_text(size: int) -> str:
    """A byte count as a person reads it: 256 KB, 8 MB."""
    if size >= 1024 * 1024 and size % (1024 * 1024) == 0:
        return f"{size // (1024 * 1024)} MB"
    if size >= 1024 and size % 1024 == 0:
        return f"{size // 1024} KB"
    return f"{size:,} bytes"
