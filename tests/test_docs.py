"""Keep the docs honest: every example rule file, rule snippet and CLI transcript must run.

Conventions the docs follow (docs/language.md, "How the examples are checked"):

* A fenced block opening with ```` ```rules ```` carries a mark after the language word:
  ``file=PATH`` (the block is the whole file), ``from=PATH`` (an excerpt of it; a line
  ``...`` skips lines), ``check`` (a complete file of its own), ``expect=CODE,CODE``
  (with ``file=`` or on its own: exactly these diagnostics) or ``planned`` (syntax the
  checker does not accept yet). A block on its own is checked as if it were a file
  ``docs/examples/snippet.rules`` (``name=FILE`` changes the name), so
  ``extends "minimal.rules"`` finds the example.
* A block of any other language marked ``file=PATH`` shows that whole file.
* A ```` ```console ```` block holds ``$ tablerules ...`` commands, each followed by its
  output (stdout, then stderr); ``...`` on a line of its own stands for any lines, inside
  a line for any text. ``$ echo $?`` shows the exit status of the command before it;
  without it the status must be 0.
* A ```` ```json ```` block right after ``<!-- output of: tablerules ... -->`` is that
  command's JSON output, pretty-printed.
"""

from __future__ import annotations

import contextlib
import glob
import io
import json
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tablerules.cli.main import main
from tablerules.dsl.loading.loader import Loaded, load
from tablerules.interpreter.compiling.compiled import compile_rules

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
DOC_FILES = [DOCS / "language.md", DOCS / "cli.md", DOCS / "simulate.md"]
RULES_MARKS = ("file", "from", "check", "expect", "planned")
KNOWN_MARKS = (*RULES_MARKS, "name")
OUTPUT_OF = re.compile(r"<!--\s*output of:\s*(.+?)\s*-->")


@dataclass
class Block:
    """A fenced code block of a Markdown file."""

    doc: Path
    line: int  # 1-based line of the opening fence
    language: str
    marks: dict[str, str] = field(default_factory=dict)
    text: str = ""
    before: str = ""  # the last non-blank line before the fence

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    """Every fenced block of `doc`, with the marks of its info string."""
    found: list[Block] = []
    current: Block | None = None
    body: list[str] = []
    previous = ""
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), start=1):
        if current is None and line.startswith("```"):
            words = shlex.split(line[3:].strip()) or [""]
            marks = dict(word.partition("=")[::2] for word in words[1:])
            current = Block(doc, number, words[0], marks, before=previous)
            body = []
        elif current is not None and line.startswith("```"):
            current.text = "\n".join(body) + "\n"
            found.append(current)
            current = None
            previous = line
        elif current is not None:
            body.append(line)
        elif line.strip():
            previous = line.strip()
    assert current is None, f"{doc}: a code block is not closed"
    return found


def all_blocks(language: str) -> list[Block]:
    return [b for doc in DOC_FILES for b in blocks(doc) if b.language == language]


def codes(loaded: Loaded) -> list[str]:
    return sorted(d.code for d in loaded.diagnostics)


def load_checked(path: Path, text: str | None = None) -> Loaded:
    """Load as `tablerules check` does: parse, compose, check, then compile if valid."""
    loaded = load(path, text=text)
    if loaded.ok and loaded.rules is not None:
        compile_rules(loaded.rules, loaded.options)
    return loaded


def expected_codes(block: Block) -> list[str]:
    return sorted(c for c in block.marks.get("expect", "").split(",") if c)


# ── the docs exist and their example files are valid ────────────────────────────────


def test_docs_exist() -> None:
    for name in ("language.md", "cli.md"):
        assert (DOCS / name).is_file(), name
    assert (EXAMPLES / "minimal.rules").is_file()


def documented_file_codes() -> dict[Path, list[str]]:
    """For each example file shown whole in the docs, the diagnostics the docs promise."""
    promised: dict[Path, list[str]] = {}
    for block in all_blocks("rules"):
        if "file" in block.marks:
            promised[(ROOT / block.marks["file"]).resolve()] = expected_codes(block)
    return promised


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.rules")), ids=lambda p: p.name)
def test_example_file(path: Path) -> None:
    """Valid examples load with no diagnostic at all; the others give what the docs say."""
    expected = documented_file_codes().get(path.resolve(), [])
    loaded = load_checked(path)
    rendered = "\n".join(d.render() for d in loaded.diagnostics)
    assert codes(loaded) == expected, rendered


# ── ```rules blocks ────────────────────────────────────────────────────────────────


def rules_blocks() -> list[Block]:
    return all_blocks("rules")


def test_every_rules_block_is_marked() -> None:
    unmarked = [b.where for b in rules_blocks() if not set(b.marks) & set(RULES_MARKS)]
    assert not unmarked, f"```rules blocks without a mark: {unmarked}"
    unknown = [(b.where, m) for b in rules_blocks() for m in b.marks if m not in KNOWN_MARKS]
    assert not unknown, f"unknown marks: {unknown}"


def _chunks(text: str) -> Iterator[list[str]]:
    chunk: list[str] = []
    for line in text.rstrip("\n").split("\n"):
        if line.strip() == "...":
            if chunk:
                yield chunk
            chunk = []
        else:
            chunk.append(line.rstrip())
    if chunk:
        yield chunk


def _is_excerpt(excerpt: str, whole: str) -> bool:
    """True when the excerpt's runs of lines appear in `whole`, in order, each contiguous."""
    lines = [line.rstrip() for line in whole.split("\n")]
    start = 0
    for chunk in _chunks(excerpt):
        for index in range(start, len(lines) - len(chunk) + 1):
            if lines[index : index + len(chunk)] == chunk:
                start = index + len(chunk)
                break
        else:
            return False
    return True


@pytest.mark.parametrize("block", rules_blocks(), ids=lambda b: b.where)
def test_rules_block(block: Block) -> None:
    marks = block.marks
    if "file" in marks:
        path = ROOT / marks["file"]
        assert path.is_file(), f"{block.where}: no file {marks['file']}"
        assert block.text == path.read_text(encoding="utf-8"), (
            f"{block.where}: the block differs from {marks['file']}"
        )
        if path.resolve().parent != EXAMPLES.resolve():  # examples: see test_example_file
            assert codes(load_checked(path)) == expected_codes(block), block.where
        return
    if "from" in marks:
        path = ROOT / marks["from"]
        assert _is_excerpt(block.text, path.read_text(encoding="utf-8")), (
            f"{block.where}: not an excerpt of {marks['from']}"
        )
        assert codes(load_checked(path)) == []
        return
    name = marks.get("name", "snippet.rules")
    loaded = load_checked(EXAMPLES / name, text=block.text)
    rendered = "\n".join(d.render() for d in loaded.diagnostics)
    if "planned" in marks:
        assert loaded.rules is None and all(c.startswith("E00") for c in codes(loaded)), (
            f"{block.where}: the checker now accepts this 'planned' syntax; document it"
        )
        return
    assert codes(loaded) == expected_codes(block), f"{block.where}:\n{rendered}"


def test_every_diagnostic_code_is_shown() -> None:
    """Each code the checker can report has an example in the docs that produces it."""
    from tablerules.dsl.diagnostics import CODES

    shown = {c for b in rules_blocks() for c in expected_codes(b)}
    assert set(CODES) - shown == set()


def test_other_file_blocks() -> None:
    """A block of another language marked ``file=PATH`` shows that whole file."""
    shown = [b for doc in DOC_FILES for b in blocks(doc) if b.language != "rules"]
    for block in (b for b in shown if "file" in b.marks):
        path = ROOT / block.marks["file"]
        assert block.text == path.read_text(encoding="utf-8"), block.where


# ── ```console blocks ──────────────────────────────────────────────────────────────


@dataclass
class Command:
    block: Block
    line: str
    output: list[str] = field(default_factory=list)
    status: int = 0


def commands(block: Block) -> list[Command]:
    found: list[Command] = []
    for line in block.text.rstrip("\n").split("\n"):
        if line.startswith("$ echo $?"):
            assert found, f"{block.where}: 'echo $?' before any command"
            found[-1].status = -1  # the next line holds the status
        elif line.startswith("$ "):
            found.append(Command(block, line[2:]))
        elif found and found[-1].status == -1:
            found[-1].status = int(line)
        elif found:
            found[-1].output.append(line)
        else:
            raise AssertionError(f"{block.where}: output before any command")
    return found


def console_commands() -> list[Command]:
    return [c for b in all_blocks("console") for c in commands(b)]


def run_cli(line: str) -> tuple[int, str, str]:
    """Run a `tablerules ...` line in-process from the project root, as a shell would."""
    words = shlex.split(line)
    assert words[0] == "tablerules", f"only tablerules commands can be checked: {line}"
    argv: list[str] = []
    for word in words[1:]:
        argv.extend(sorted(glob.glob(word)) if "*" in word else [word])
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def matches(expected: list[str], actual: str) -> bool:
    """Line-by-line match; '...' alone skips any lines, inside a line any text."""
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = (re.escape(p) for p in line.rstrip().split("..."))
            parts.append("[^\n]*?".join(pieces) + r"[ \t]*\n")
    text = "".join(line.rstrip() + "\n" for line in actual.rstrip("\n").split("\n"))
    if not actual.strip():
        text = ""
    return re.fullmatch("".join(parts), text) is not None


@pytest.fixture
def project_root(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps its usage lines to this width
    return ROOT


@pytest.mark.parametrize(
    "command", console_commands(), ids=lambda c: f"{c.block.where} {c.line[:60]}"
)
def test_console_command(command: Command, project_root: Path) -> None:
    status, out, err = run_cli(command.line)
    assert status == command.status, f"{command.block.where}: `{command.line}`\n{out}{err}"
    assert matches(command.output, out + err), (
        f"{command.block.where}: `{command.line}` printed:\n{out}{err}"
    )


def test_cli_doc_has_transcripts() -> None:
    lines = [c.line for c in console_commands() if c.block.doc.name == "cli.md"]
    for command in ("check", "evaluate", "schema"):
        assert any(line.split()[1:2] == [command] for line in lines), command


# ── ```json blocks: real output, and every key explained ──────────────────────────


def json_blocks() -> list[Block]:
    return [b for b in all_blocks("json") if OUTPUT_OF.fullmatch(b.before)]


def keys(data: object) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys(v)}
    return set()


@pytest.mark.parametrize("block", json_blocks(), ids=lambda b: b.where)
def test_json_output(block: Block, project_root: Path) -> None:
    match = OUTPUT_OF.fullmatch(block.before)
    assert match is not None
    _status, out, _err = run_cli(match.group(1))
    actual = [json.loads(line) for line in out.splitlines() if line.strip()]
    shown = json.loads(block.text)
    assert actual == (shown if isinstance(shown, list) else [shown]), block.where
    documented = set(re.findall(r"^\| `([^`]+)`", block.doc.read_text("utf-8"), re.M))
    missing = keys(shown) - documented
    assert not missing, f"{block.where}: keys not in a field table: {sorted(missing)}"


def test_json_blocks_exist() -> None:
    assert {b.doc.name for b in json_blocks()} >= {"cli.md"}


# ── docs/simulate.md's worked examples: each command, then the table it prints ─────────

SIMULATE_DOC = DOCS / "simulate.md"
QUICK_HANDS = 8  # a worked example's command is run on this many hands by `make test`


def worked_examples() -> list[tuple[Block, Block]]:
    """Each ```sh block that runs `tablerules simulate`, with the ```text block after it
    (its table: the header line, then rows copied from the output)."""
    found = []
    shown = blocks(SIMULATE_DOC)
    for index, block in enumerate(shown):
        if block.language != "sh" or not block.text.startswith("tablerules simulate "):
            continue
        table = next((b for b in shown[index + 1 :] if b.language in ("sh", "text")), None)
        if table is not None and table.language == "text":
            found.append((block, table))
    return found


def example_argv(block: Block, hands: int | None = None, chart: Path | None = None) -> list[str]:
    """The command of an example as arguments (`--jobs` left to the caller's choice, the
    chart written to `chart` or nowhere, `--hands` changed to `hands` when given)."""
    words = shlex.split(block.text.replace("\\\n", " "))[2:]
    argv: list[str] = []
    skip = False
    for word, following in zip(words, [*words[1:], ""], strict=True):
        if skip:
            skip = False
        elif word in ("--jobs", "--chart"):
            skip = True
            if word == "--chart" and chart is not None:
                argv += ["--chart", str(chart)]
        elif word == "--hands" and hands is not None:
            argv += ["--hands", str(hands)]
            skip = bool(following)
        else:
            argv.append(word)
    return argv


def header_words(line: str) -> str:
    """A report's first line without its counts of hands and processes."""
    return re.sub(r"[\d,]+ hands from|\d+ process(es)?", "#", line)


def simulate_output(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["simulate", *argv])
    assert status == 0, err.getvalue()
    return out.getvalue()


def test_simulate_doc_has_worked_examples() -> None:
    assert len(worked_examples()) >= 3


@pytest.mark.parametrize("example", worked_examples(), ids=lambda e: e[0].where)
def test_worked_example_command_runs(example: tuple[Block, Block], project_root: Path) -> None:
    """The command runs as written (on a few hands): its files, options and bots exist, and
    its report is the one the table shows."""
    command, table = example
    out = simulate_output(example_argv(command, hands=QUICK_HANDS))
    first = out.splitlines()[0]
    assert header_words(first) == header_words(table.text.splitlines()[0]), command.where


@pytest.mark.slow
@pytest.mark.parametrize("example", worked_examples(), ids=lambda e: e[0].where)
def test_worked_example_table_is_the_output(
    example: tuple[Block, Block], project_root: Path, tmp_path: Path
) -> None:
    """The full run prints every line the table shows (spaces aside): `make docs-simulate`."""
    command, table = example
    argv = [*example_argv(command, chart=tmp_path / "chart.svg"), "--jobs", "auto"]
    printed = {" ".join(line.split()) for line in simulate_output(argv).splitlines()}
    shown = table.text.splitlines()
    for line in shown[1:]:
        if line.strip() and line.strip() != "...":
            assert " ".join(line.split()) in printed, f"{table.where}: not printed: {line}"
