"""Why a scenario file cannot be read, told in the page's language: the library's
`ScenarioError` (in English, as the command line prints it) by its kind, through the
playground's catalogue (`scenario_error.KIND`), with its place and, for text that is not
JSON, the line and a caret under the column. A kind without a sentence of its own is the
English text, after a lead-in in the page's language."""

from __future__ import annotations

from tablerules.interpreter.messages import DEFAULT
from tablerules.interpreter.scenarios.runner import ScenarioError
from tablerules.playground.words.page_messages import page_messages

# the reasons Python's JSON reader gives, each a message of the catalogue
JSON_REASONS = {
    "Expecting value": "json_value",
    "Expecting ',' delimiter": "json_comma",
    "Expecting ':' delimiter": "json_colon",
    "Expecting property name enclosed in double quotes": "json_name",
    "Extra data": "json_extra",
    "Unterminated string starting at": "json_string",
    "Invalid control character at": "json_control",
    "Invalid \\escape": "json_escape",
}
SHOWN = 80  # the characters of a long line shown around the place


def scenario_error_text(
    error: ScenarioError, path: str, name: str, data: bytes, lang: str = DEFAULT
) -> str:
    """`error`, raised reading the file kept at `path` and known to the user as `name`
    (its bytes `data`), in `lang`: never the place the server keeps it."""
    say = page_messages(lang)
    where = error.where.replace(path, name)
    key = f"scenario_error.{error.kind}"
    if not say.has(key):
        english = str(error).replace(path, name)
        return (
            english
            if say.lang == DEFAULT
            else f"{say('scenario_error.lead', name=name)}\n\n{english}"
        )
    reason = JSON_REASONS.get(error.detail)
    detail = say(f"scenario_error.{reason}") if reason else error.detail
    told = say(key, where=where, detail=detail)
    if error.kind == "not_json" and error.line > 0:
        told += "\n\n" + caret(data, error.line, error.column)
    return told


def caret(data: bytes, line: int, column: int) -> str:
    """Line `line` of `data` (around `column` when long) and a caret under that column, as
    a block of code."""
    lines = data.decode("utf-8", errors="replace").splitlines() or [""]
    text = lines[min(line, len(lines)) - 1]
    start = max(0, min(column - 1 - SHOWN // 2, len(text) - SHOWN))
    shown = text[start : start + SHOWN].replace("`", "'")
    return f"```\n{shown}\n{' ' * (column - 1 - start)}^\n```"
