"""What several commands share: rule files named by path or bundled name, where `extends` may
reach, the --option flag, and loading a rule file or saying why not."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from tablerules.dsl.diagnostics import visible
from tablerules.dsl.limits import bytes_text
from tablerules.dsl.loading.bases import ExtendsPolicy
from tablerules.dsl.loading.bundled import bundled_names, display_bundled, find_bundled
from tablerules.dsl.loading.loader import parse_assignments
from tablerules.dsl.reading import ReadError, describe_os_error, read_text
from tablerules.interpreter.api import Checked, check
from tablerules.interpreter.messages import DEFAULT, LANGUAGES


def add_option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="set a table option"
    )


def add_extends_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--extends-dir",
        action="append",
        default=[],
        metavar="DIR",
        help="let `extends` also reach files under DIR (by a relative or an absolute path); "
        "by default only the rule file's own folder and the bundled rule files",
    )


def policy_of(args: argparse.Namespace) -> ExtendsPolicy:
    """Where `extends` may reach, from the command line's --extends-dir flags."""
    folders = getattr(args, "extends_dir", None) or []
    return ExtendsPolicy(folders=tuple(Path(folder) for folder in folders))


def rules_file(name: str) -> tuple[Path, str]:
    """The rule file a command-line argument names, and how to show it.

    An existing path is that file; otherwise a bundled rule file's name (`paomazai`,
    `paomazai-two-horses`) stands for it; otherwise the path as given (reading it reports
    what is wrong).
    """
    if not os.path.exists(name):
        bundled = find_bundled(name)
        if bundled is not None:
            return bundled, display_bundled(bundled)
    return Path(name), name


def bundled_hint(name: str) -> str:
    """For a missing file that looks like a short name: the bundled names to choose from."""
    if os.path.exists(name) or "/" in name or name.endswith(".rules"):
        return ""
    return f"hint: the bundled rule files are {', '.join(bundled_names())}"


def output_problem(target: str) -> str | None:
    """Why a file named on the command line cannot be written, found before any work is
    done: a folder, a missing folder, a name the system refuses, a pipe nobody reads.
    None when it can be written (or is `-`, standard output). Nothing is left behind."""
    if target == "-":
        return None
    try:
        if os.path.isdir(target):
            return "it is a folder"
        existed = os.path.lexists(target)
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK
        handle = os.open(target, flags, 0o666)
    except OSError as error:
        return describe_os_error(error)
    except ValueError:
        return "it is not a name a file can have"
    os.close(handle)
    if not existed:
        os.unlink(target)
    return None


def write_output(target: str, text: str) -> bool:
    """Write an output file named on the command line; one that cannot be written (a full
    disk, a device that refuses, a pipe nobody reads) is said on stderr, not raised or waited
    on. False if it was not written."""
    reason = output_problem(target)
    if reason is None:
        try:
            Path(target).write_text(text, encoding="utf-8")
            return True
        except (OSError, ValueError) as error:
            reason = describe_os_error(error) if isinstance(error, OSError) else str(error)
    print(f"error: cannot write {visible(target)}: {reason}", file=sys.stderr)
    return False


def add_output_flags(parser: argparse.ArgumentParser) -> None:
    """--quiet or --json: the two ways `play` and `replay` can shorten their transcript."""
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--quiet", action="store_true", help="print one line per hand and the final totals"
    )
    output.add_argument("--json", action="store_true", help="print one JSON object per hand")


def add_lang_flag(parser: argparse.ArgumentParser) -> None:
    """--lang: the language of the sentences a command prints (narration, settlement,
    explanations); English by default. JSON output stays as it is."""
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        default=DEFAULT,
        help="the language of the sentences printed: "
        + ", ".join(f"{tag} ({name})" for tag, name in LANGUAGES.items())
        + "; the rule file's names as its `names` block for it spells them (default en)",
    )


def check_named(name: str, options: dict[str, str], policy: ExtendsPolicy | None = None) -> Checked:
    """`check` of the rule file a command-line argument names (a path or a bundled name),
    reusing the result kept from an earlier run while the files are unchanged."""
    path, shown = rules_file(name)
    return check(path, options=options, policy=policy, display=shown, reuse=True)


def load_or_report(
    path: str, options: list[str], policy: ExtendsPolicy | None = None, as_json: bool = False
) -> Checked | None:
    """The checked, compiled rule file; None after printing its errors to stderr (or, with
    `as_json`, one JSON object on stdout: `error`, `diagnostics` and perhaps `hint`)."""
    raw, problems = parse_assignments(options)
    checked = check_named(path, raw, policy)
    errors = checked.errors + problems
    if errors or checked.game is None:
        shown = errors or checked.diagnostics
        hint = bundled_hint(path) if checked.loaded.rules is None else ""
        if as_json:
            record: dict[str, object] = {
                "error": "the rule file has errors",
                "diagnostics": [diagnostic.to_json() for diagnostic in shown],
            }
            if hint:
                record["hint"] = hint
            print(json.dumps(record, ensure_ascii=False))
            return None
        for diagnostic in shown:
            print(diagnostic.render(), file=sys.stderr)
        if hint:
            print(f"    {hint}", file=sys.stderr)
        return None
    return checked


STDIN = "-"  # a file argument that stands for standard input


def read_input(name: str, limit: int) -> str:
    """The text of a file named on the command line, or of standard input for `-`: UTF-8,
    within `limit` bytes; raises `ReadError` saying what is wrong."""
    if name != STDIN:
        return read_text(name, limit, name)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream (as tests give): its characters, as UTF-8
        data = sys.stdin.read(limit + 1).encode("utf-8", "surrogateescape")
    else:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise ReadError(f"standard input is over the limit of {bytes_text(limit)}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ReadError(f"standard input is not UTF-8 text (byte {error.start + 1})") from None
