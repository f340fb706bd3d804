"""Untrusted input gets a located error or a one-line error naming the limit it hit, never an
internal error: each case the fuzzing of rule files, hands files and logs once turned up,
and every kind of file a path can name."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from tablerules.cli import schema as schema_command
from tablerules.cli.main import main
from tablerules.dsl import limits
from tablerules.dsl.loading.loader import load
from tablerules.interpreter.api import check

ROOT = Path(__file__).resolve().parent.parent
PMZ = ROOT / "rules" / "paomazai.rules"
PMZ_TEXT = PMZ.read_text(encoding="utf-8")
MINIMAL = ROOT / "docs" / "examples" / "minimal.rules"
HAND_LOG = ROOT / "docs" / "examples" / "hand.jsonl"


def codes(path: Path, text: str) -> list[str]:
    checked = check(path, text=text)
    for diagnostic in checked.diagnostics:
        assert diagnostic.line >= 1 and diagnostic.column >= 1, diagnostic
        diagnostic.render()
    return [d.code for d in checked.diagnostics if d.is_error]


def variant(*lines: str) -> str:
    return 'extends "minimal.rules"\n' + "\n".join(lines) + "\n"


# ── numbers: only ASCII digits, and not beyond the limit ─────────────


@pytest.mark.parametrize("digit", ["¹", "②", "፩", "٣", "１"])
@pytest.mark.parametrize(
    "line",
    [
        "override seats {d} [PEB-2]",
        "set bonus = {d}",
        "option more: int {d}..3 = 1 [PEB-2]",
        "override win [PEB-3] {{\n  groups {d}\n}}",
        "group many [PEB-3] {{\n  pattern same {d}\n  in hand\n}}",
        'form wide "w" [PEB-3] {{\n  {d} of pair\n  wins\n}}',
    ],
)
def test_digits_of_other_scripts_are_not_numbers(digit: str, line: str) -> None:
    found = codes(MINIMAL.with_name("snippet.rules"), variant(line.format(d=digit)))
    assert found and "E111" not in found


def test_a_digit_of_another_script_in_an_expression_is_a_name() -> None:
    text = PMZ_TEXT + "\nsettle extra [PMZ-16] {\n  let x = ፩ + 1\n}\n"
    assert codes(PMZ, text)  # an unknown name, located


def test_the_fee_percent_must_be_written_in_ascii_digits() -> None:
    text = PMZ_TEXT.replace("remove fee", "") + "\noverride fee ² percent of takings [PMZ-24]\n"
    found = codes(PMZ, text)
    assert found and all(c.startswith("E") for c in found)


@pytest.mark.parametrize("number", ["9" * 11, "9" * 5000, "0" * 5000 + "1"])
def test_a_huge_number_names_the_limit(number: str) -> None:
    found = codes(MINIMAL.with_name("snippet.rules"), variant(f"override seats {number} [PEB-2]"))
    if number.lstrip("0") == "1":
        assert "E111" not in found
    else:
        assert found == ["E111"]


def test_a_huge_pattern_size_names_the_limit() -> None:
    text = PMZ_TEXT.replace("pattern same 3", "pattern same 99999999999999999999999", 1)
    assert "E111" in codes(PMZ, text)


# ── nesting ───────────────────────────────────────────────────────────


@pytest.mark.parametrize("expression", ["(1 + " * 400 + "1" + ")" * 400, "1 + " * 5000 + "1"])
def test_deep_expressions_name_the_limit(expression: str) -> None:
    text = PMZ_TEXT + f"\nsettle extra [PMZ-16] {{\n  let x = {expression}\n}}\n"
    checked = check(PMZ, text=text)
    (diagnostic,) = checked.errors
    assert diagnostic.code == "E111" and "nested more than" in diagnostic.message
    assert len(diagnostic.render().split("\n")[1]) < 200  # the line is shown as a window


def test_brackets_alone_do_not_nest_an_expression() -> None:
    text = PMZ_TEXT + "\nsettle extra [PMZ-16] {\n  let x = " + "(" * 3000 + "1" + ")" * 3000
    assert codes(PMZ, text + "\n}\n") == []


def test_an_expression_within_the_limit_is_fine() -> None:
    depth = limits.MAX_EXPRESSION_DEPTH - 1
    expression = "(unit + " * depth + "1" + ")" * depth
    text = PMZ_TEXT + f"\nsettle extra [PMZ-16] {{\n  on discard: discarder pays {expression}\n}}\n"
    assert codes(PMZ, text) == []


# ── size limits ───────────────────────────────────────────────────────


def test_a_file_over_the_size_limit() -> None:
    text = "# " + "x" * limits.MAX_RULE_BYTES + "\n"
    assert codes(PMZ, text) == ["E111"]


def test_a_file_over_the_line_limit() -> None:
    checked = check(PMZ, text="\n" * (limits.MAX_RULE_LINES + 1))
    (diagnostic,) = checked.errors
    assert diagnostic.code == "E111" and diagnostic.line == limits.MAX_RULE_LINES + 1


def test_the_bundled_lines_repeated_are_refused_at_once() -> None:
    assert codes(PMZ, PMZ_TEXT * 1000) == ["E111"]


def deck_of(kinds: int, copies: int = 1) -> str:
    cards = "\n".join(f"  c{i} n={i}" for i in range(kinds))
    return f"""game big [B-1]
seats 2 [B-1]
attribute n: 0..{kinds} [B-1]
deck [B-1] {{
  copies {copies}
{cards}
}}
zone hand per seat private [B-1]
zone stock shared hidden [B-1]
deal [B-1] {{
  3 to each hand
  rest to stock
}}
group one [B-1] {{
  pattern same 1
  in hand
}}
"""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (deck_of(limits.MAX_CARD_KINDS + 1), "card kinds"),
        (deck_of(20_000), limits.bytes_text(limits.MAX_RULE_BYTES)),
        (deck_of(4, limits.MAX_COPIES + 1), "copies"),
        (deck_of(4).replace("seats 2", "seats 99"), "seats"),
        (deck_of(4).replace("pattern same 1", "pattern same 9"), "cards"),
        (deck_of(4).replace("3 to each hand", "41 to each hand"), "dealt"),
        (deck_of(4).replace("c0 n=0", "c0 n=0 " + '"x" ' * 20), "names"),
        (deck_of(4).replace("c0 n=0", 'c0 n=0 "' + "長" * 65 + '"'), "characters"),
    ],
    ids=["kinds", "20000-kinds", "copies", "seats", "group-size", "dealt", "names", "name"],
)
def test_deck_and_table_limits(text: str, message: str) -> None:
    checked = check(ROOT / "big.rules", text=text)
    limit = [d for d in checked.errors if d.code == "E111"]
    assert limit and message in limit[0].message, [d.render() for d in checked.diagnostics]


def test_a_deck_at_the_limits_checks() -> None:
    text = deck_of(limits.MAX_CARD_KINDS, limits.MAX_COPIES)
    assert check(ROOT / "big.rules", text=text).ok


def test_a_pattern_of_too_many_combinations_is_refused_before_it_is_built() -> None:
    cards = "\n".join(f"  c{i} n={i % 3}" for i in range(240))
    text = deck_of(1).replace("  c0 n=0", cards).replace("0..1", "0..2")
    text = text.replace("pattern same 1", "pattern run 3 of n")  # 80 × 80 × 80 ways
    (diagnostic,) = check(ROOT / "big.rules", text=text).errors
    assert diagnostic.code == "E111" and "512,000 card combinations" in diagnostic.message


def test_diagnostics_are_capped() -> None:
    lines = "\n".join(f"set nothing{i} = 1 [PEB-2]" for i in range(1000))
    loaded = load(MINIMAL.with_name("snippet.rules"), text=variant(lines))
    assert len(loaded.diagnostics) == limits.MAX_DIAGNOSTICS
    assert "more findings are not shown" in loaded.diagnostics[-1].message


# ── characters ────────────────────────────────────────────────────────


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x7f", "\u202e", "\x85", "\ud800"])
def test_control_characters_are_refused_and_shown_harmlessly(char: str) -> None:
    text = PMZ_TEXT.replace("# Source:", f"# Sou{char}rce:", 1)
    (diagnostic,) = check(PMZ, text=text).errors
    assert diagnostic.code == "E007" and (diagnostic.line, diagnostic.column) == (2, 6)
    assert char not in diagnostic.render()


def test_bom_and_crlf_are_read_as_text(tmp_path: Path) -> None:
    path = tmp_path / "pmz.rules"
    path.write_bytes(b"\xef\xbb\xbf" + PMZ_TEXT.replace("\n", "\r\n").encode())
    assert check(path).ok or check(path).errors[0].code == "E107"  # extends nothing: fine


# ── files of every kind ───────────────────────────────────────────────


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err
    return status, out + err


def kinds_of_files(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "fifo.rules"
    os.mkfifo(fifo)
    loop = tmp_path / "loop.rules"
    loop.symlink_to(tmp_path / "loop2.rules")
    (tmp_path / "loop2.rules").symlink_to(loop)
    latin = tmp_path / "latin.rules"
    latin.write_bytes("game café [X-1]\n".encode("latin-1"))
    nul = tmp_path / "nul.rules"
    nul.write_bytes(b"game g [X-1]\n\x00\x00\n")
    return {
        "missing": tmp_path / "missing.rules",
        "folder": tmp_path,
        "fifo": fifo,
        "symlink loop": loop,
        "not utf-8": latin,
        "nul bytes": nul,
        "device": Path("/dev/zero"),
        "empty device": Path("/dev/null"),
        "full device": Path("/dev/full"),  # reads as zeros for ever; every write fails
        "name too long": tmp_path / ("z" * 5000),
        "odd name": tmp_path / "a\nb\udcff.rules",
    }


def test_every_kind_of_file_gives_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for what, path in kinds_of_files(tmp_path).items():
        status, output = run_cli(capsys, "check", str(path))
        assert status == 1, (what, output)
        assert "error[E" in output, (what, output)


COMMANDS = {  # every command-line argument that names a file to read, or to write
    "check": ["check", "{path}"],
    "evaluate": ["evaluate", "{path}", "--hand", "1m"],
    "hands file": ["evaluate", str(PMZ), "--hands-file", "{path}"],
    "show": ["show", "{path}"],
    "play": ["play", "{path}", "--quiet"],
    "replay": ["replay", "{path}"],
    "replay --rules": ["replay", str(HAND_LOG), "--rules", "{path}"],
    "test": ["test", "{path}"],
    "simulate": ["simulate", "{path}", "--hands", "2"],
    "play --log": ["play", str(PMZ), "--quiet", "--log", "{path}"],
    "simulate --json": ["simulate", str(PMZ), "--hands", "2", "--json", "{path}"],
    "simulate --checkpoint": ["simulate", str(PMZ), "--hands", "2", "--checkpoint", "{path}"],
    "schema -o": ["schema", "-o", "{path}"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_takes_every_kind_of_file(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by trying each: `test` on a symbolic-link loop or a name too long, `replay
    --rules` on a name too long, `simulate --json` on a folder (after the whole simulation)
    ended in internal errors; `play --log` on a pipe nobody reads waited for ever; and
    later, `simulate --checkpoint` on a device read it for ever, `play --log` and `schema
    -o` on a device that refuses writes ended in internal errors, `simulate --json` there
    said so but ended with status 0."""
    monkeypatch.setattr(schema_command, "ir_schema", dict)  # the writing is tried, not pydantic
    for what, path in kinds_of_files(tmp_path).items():
        argv = [part.replace("{path}", str(path)) for part in COMMANDS[command]]
        status, output = run_cli(capsys, *argv)
        assert status in (0, 1), (what, status, output)
        assert status == 0 or "error" in output or "failed" in output, (what, output)
        assert status == 1 or "error:" not in output, (what, output)


def test_a_file_over_the_size_limit_is_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.rules"
    big.write_bytes(b"#" * (limits.MAX_RULE_BYTES + 1))
    status, output = run_cli(capsys, "check", str(big))
    assert status == 1 and f"the limit is {limits.bytes_text(limits.MAX_RULE_BYTES)}" in output


# ── extends stays inside ──────────────────────────────────────────────


@pytest.mark.parametrize(
    "written",
    ["/etc/passwd", "../../../../../../etc/passwd", "/dev/zero", "z" * 5000, "a\x00b"],
)
def test_extends_never_reads_outside(written: str, tmp_path: Path) -> None:
    path = tmp_path / "v.rules"
    checked = check(path, text=f'extends "{written}"\n')
    (diagnostic,) = checked.diagnostics
    assert diagnostic.code in ("E007", "E107")
    assert "root:" not in diagnostic.render()


def test_extends_through_a_symbolic_link_out_of_the_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.rules").write_text("secret words here\n", encoding="utf-8")
    inside = tmp_path / "inside"
    inside.mkdir()
    (inside / "link.rules").symlink_to(outside / "secret.rules")
    (inside / "loop.rules").symlink_to(inside / "loop.rules")
    for name in ("link.rules", "loop.rules"):
        checked = check(inside / "v.rules", text=f'extends "{name}"\n')
        rendered = "\n".join(d.render() for d in checked.diagnostics)
        assert checked.errors and "secret words" not in rendered, rendered


def test_extends_dir_allows_a_folder_and_absolute_paths(tmp_path: Path) -> None:
    from tablerules.dsl.loading.bases import ExtendsPolicy

    base = tmp_path / "lib" / "base.rules"
    base.parent.mkdir()
    base.write_text(PMZ_TEXT, encoding="utf-8")
    mine = tmp_path / "mine" / "v.rules"
    mine.parent.mkdir()
    text = f'extends "{base}"\nset horses = 2 [PMZ-9]\n'
    assert not check(mine, text=text).ok
    assert check(mine, text=text, policy=ExtendsPolicy(folders=(base.parent,))).ok


def test_the_playground_policy_allows_only_bundled_files(tmp_path: Path) -> None:
    from tablerules.dsl.loading.bases import BUNDLED_ONLY

    (tmp_path / "base.rules").write_text(PMZ_TEXT, encoding="utf-8")
    assert check(tmp_path / "v.rules", text='extends "base.rules"\n').ok
    refused = check(tmp_path / "v.rules", text='extends "base.rules"\n', policy=BUNDLED_ONLY)
    assert [d.code for d in refused.errors] == ["E107"]
    assert check(tmp_path / "v.rules", text='extends "paomazai"\n', policy=BUNDLED_ONLY).ok


def test_extends_depth_is_limited(tmp_path: Path) -> None:
    (tmp_path / "f0.rules").write_text(PMZ_TEXT, encoding="utf-8")
    for index in range(1, limits.MAX_EXTENDS_DEPTH + 2):
        (tmp_path / f"f{index}.rules").write_text(f'extends "f{index - 1}.rules"\n')
    assert load(tmp_path / f"f{limits.MAX_EXTENDS_DEPTH - 1}.rules").ok
    deep = load(tmp_path / f"f{limits.MAX_EXTENDS_DEPTH + 1}.rules")
    assert "E111" in [d.code for d in deep.errors]


def test_every_base_of_several_stays_inside(tmp_path: Path) -> None:
    """`extends "A", "B"`: each base is confined as a single one is, and counts toward the
    limit of files brought in."""
    (tmp_path / "base.rules").write_text(PMZ_TEXT, encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.rules").write_text("secret words here\n", encoding="utf-8")
    inside = tmp_path / "inside"
    inside.mkdir()
    (inside / "base.rules").write_text(PMZ_TEXT, encoding="utf-8")
    (inside / "link.rules").symlink_to(outside / "secret.rules")
    elsewhere = ["/etc/passwd", "../../../../../../etc/passwd", "../outside/secret.rules"]
    for second in [*elsewhere, "link.rules"]:
        text = f'extends "base.rules", "{second}"\n'
        checked = check(inside / "v.rules", text=text)
        rendered = "\n".join(d.render() for d in checked.diagnostics)
        assert "E107" in [d.code for d in checked.errors], rendered
        assert "root:" not in rendered and "secret words" not in rendered, rendered
    from tablerules.dsl.loading.bases import BUNDLED_ONLY

    text = 'extends "paomazai", "base.rules"\n'
    refused = check(inside / "v.rules", text=text, policy=BUNDLED_ONLY)
    assert [d.code for d in refused.errors] == ["E107"]


def test_the_files_several_bases_bring_in_are_counted(tmp_path: Path) -> None:
    (tmp_path / "base.rules").write_text(PMZ_TEXT, encoding="utf-8")
    for index in range(limits.MAX_EXTENDS_FILES + 1):
        (tmp_path / f"b{index}.rules").write_text('extends "base.rules"\n', encoding="utf-8")
    names = ", ".join(f'"b{index}.rules"' for index in range(limits.MAX_EXTENDS_FILES + 1))
    many = check(tmp_path / "v.rules", text=f"extends {names}\n")
    assert "E111" in [d.code for d in many.errors]


# ── hands and logs ────────────────────────────────────────────────────


def test_a_hand_over_the_card_limit(capsys: pytest.CaptureFixture[str]) -> None:
    every_tile = "123456789m123456789p123456789sESWNCFP" * 4
    status, output = run_cli(capsys, "evaluate", str(PMZ), "--hand", every_tile)
    assert status == 1 and "a hand of 136 cards; the limit is 64" in output


@pytest.mark.parametrize("cards", [41, 64])
def test_a_hand_as_large_as_play_reaches_is_evaluated(
    cards: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """A full deal of 40 and the card drawn, or more with the table's kongs: play reaches
    such hands, so evaluate judges them rather than refusing."""
    every = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + list("ESWNCFP")
    tiles = " ".join((every * 2)[:cards])
    status, output = run_cli(capsys, "evaluate", str(PMZ), "--hand", tiles, "--json")
    assert status == 0 and json.loads(output)["wins"] is False, output


def test_hands_file_lines_over_the_limits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = tmp_path / "hands.txt"
    odd = "\n\x1b[31m\n\u202e1m2m\n\x9b31m1m\n"  # an escape, a bidi override, an 8-bit CSI
    hands.write_text("1m" * 2000 + "\n" + "123456789m" * 8 + odd, encoding="utf-8")
    status, output = run_cli(capsys, "evaluate", str(PMZ), "--hands-file", str(hands))
    records = [json.loads(line) for line in output.strip().split("\n")]
    assert status == 1 and [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert "1,000" in records[0]["error"] and "64" in records[1]["error"]
    for char in ("\x1b", "\u202e", "\x9b"):  # echoed lines show them, harmlessly
        assert char not in output
    assert records[3]["text"] == "\ufffd1m2m" and records[3]["column"] == 1


def hostile_logs(tmp_path: Path) -> dict[str, str]:
    lines = HAND_LOG.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])

    def with_header(**fields: object) -> str:
        return json.dumps({**header, **fields}) + "\n" + "\n".join(lines[1:]) + "\n"

    def each(kind: str, **fields: object) -> str:
        out = []
        for line in lines:
            record = json.loads(line)
            out.append(json.dumps({**record, **fields} if record["type"] == kind else record))
        return "\n".join(out) + "\n"

    return {
        "dealer 99": each("hand", dealer=99),
        "seat 99": each("choice", seat=99),
        "rules outside": with_header(rules="/etc/passwd"),
        "rules a device": with_header(rules="/dev/zero"),
        "rules a folder": with_header(rules="rules"),
        "deep json": "[" * 100_000 + "\n",
        "huge number": lines[0].replace('"seed": 485', '"seed": ' + "9" * 5000) + "\n",
        "bad label": each("choice", label="\x1b[2J"),
        "not utf-8": "\xff".encode("latin-1").decode("latin-1"),
        "empty": "",
        "crlf": "\r\n".join(lines) + "\r\n",
    }


def test_hostile_logs_are_refused_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for what, text in hostile_logs(tmp_path).items():
        path = tmp_path / "log.jsonl"
        path.write_bytes(text.encode("latin-1" if what == "not utf-8" else "utf-8"))
        status, output = run_cli(capsys, "replay", str(path), "--quiet")
        if what == "crlf":
            assert status == 0, output
            continue
        assert status == 1, (what, output)
        assert "error" in output and "\x1b" not in output and "root:" not in output, what


def test_powers_of_powers_saturate_instead_of_growing_without_end() -> None:
    from tablerules.interpreter.compiling.expressions import MAX_MAGNITUDE, _power

    assert _power(10, 64) == 10**64
    huge = _power(_power(_power(10**9, 64), 64), 64)
    assert huge == MAX_MAGNITUDE and _power(-(10**9), 63) == -MAX_MAGNITUDE


def test_a_file_and_its_bases_are_limited_together(tmp_path: Path) -> None:
    padding = "#" * (limits.MAX_RULE_BYTES - 100) + "\n"
    (tmp_path / "base.rules").write_text(padding + PMZ_TEXT[:50], encoding="utf-8")
    (tmp_path / "middle.rules").write_text(padding + 'extends "base.rules"\n', encoding="utf-8")
    checked = check(tmp_path / "top.rules", text='extends "middle.rules"\n')
    assert "E111" in [d.code for d in checked.diagnostics]


def test_a_run_in_a_large_deck_counts_only_cards_that_can_go_together() -> None:
    """16 suits × 16 ranks: a run of 8 in one suit is 16 × 9 groups, not 16^8 tries."""
    cards = "\n".join(f"  c{i} n={i // 16 + 1} suit=s{i % 16}" for i in range(256))
    text = deck_of(1).replace("  c0 n=0", cards).replace("0..1", "1..16")
    text = text.replace(
        "attribute n:",
        f"attribute suit: {' | '.join(f's{i}' for i in range(16))} [B-1]\nattribute n:",
    )
    text = text.replace("pattern same 1", "pattern run 8 of n, same suit")
    checked = check(ROOT / "big.rules", text=text)
    assert checked.ok, [d.render() for d in checked.diagnostics]
    (kind,) = checked.game.compiled.kinds
    assert len(kind.instances) == 16 * 9


@pytest.mark.parametrize(
    "clause",
    [
        'score 番 "x" [PMZ-F9] {\n  starts at {n}\n}',
        'score 番 "x" [PMZ-F9] {\n  starts at 1\n}\npattern 大 "x" [PMZ-F1] {\n'
        "  when groups of 順 = 0\n  worth ×{n}\n}",
        'pattern 大 "x" [PMZ-F1] {{\n  when cards (rank {n}) = 0\n  worth ×2\n}}',
    ],
    ids=["score", "worth", "card-filter"],
)
def test_huge_numbers_in_scoring_clauses_name_the_limit(clause: str) -> None:
    """Found by the fuzz campaign: numbers of 5,000 digits in scores, patterns' worth and
    card filters reached int() unchecked."""
    text = (
        PMZ_TEXT
        + "\n"
        + clause.replace("{n}", "9" * 5000).replace("{{", "{").replace("}}", "}")
        + "\n"
    )
    assert "E111" in codes(PMZ, text)


# ── hand patterns and scores at the limits ───────────────────────────
PEBBLES_POINTS = ROOT / "docs" / "examples" / "pebbles-points.rules"
POINTS_HEAD = 'extends "pebbles-play.rules"\nscore points "p" [PEB-8] {\n  at most 5\n}\n'
POINTS_WIN = (
    "override win [PEB-3] {\n  groups 2\n  pairs of pair: 1\n  score points at least 1\n}\n"
)


def _pattern(name: str, condition: str, worth: str = "1") -> str:
    return f"pattern {name} [PEB-8] {{\n  when {condition}\n  worth {worth}\n}}\n"


@pytest.mark.parametrize("direction", ["each reads the one before", "each reads the next"])
def test_a_thousand_patterns_in_a_chain_check_and_score(
    direction: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found while measuring the limits: patterns were ordered, and checked for circles,
    by recursion, one level per pattern of the chain (RecursionError)."""
    count = 1100
    if direction == "each reads the one before":
        patterns = [_pattern(f"p{i}", f"p{i - 1}" if i else "1") for i in range(count)]
    else:
        patterns = [_pattern(f"p{i}", f"p{i + 1}" if i < count - 1 else "1") for i in range(count)]
    path = PEBBLES_POINTS.with_name("chain.rules")
    assert codes(path, POINTS_HEAD + "".join(patterns) + POINTS_WIN) == []


def test_a_circle_of_a_thousand_patterns_is_named_briefly() -> None:
    count = 1100
    patterns = [_pattern(f"p{i}", f"p{(i + 1) % count}") for i in range(count)]
    checked = check(PEBBLES_POINTS.with_name("circle.rules"), text=POINTS_HEAD + "".join(patterns))
    (found,) = [d for d in checked.diagnostics if d.code == "E110"]
    assert found.message == (
        "patterns read each other: p0 → p1 → p2 → p3 → … 1094 more → p1098 → p1099 → p0"
    )


def test_a_pattern_that_holds_a_billion_times_saturates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found while measuring the limits: `counts 1000000000` with `worth ×2` raised 2 to a
    billionth power (20 s, 450 MB, then an internal error printing it)."""
    for name in ("minimal.rules", "pebbles-play.rules"):
        (tmp_path / name).write_text((MINIMAL.parent / name).read_text("utf-8"), "utf-8")
    rules = tmp_path / "counts.rules"
    rules.write_text(
        POINTS_HEAD
        + "pattern big [PEB-8] {\n  counts 1000000000\n  worth ×2\n}\n"
        + "pattern wide [PEB-8] {\n  counts 1000000000\n  worth 1000000000\n}\n"
        + POINTS_WIN,
        encoding="utf-8",
    )
    argv = ["evaluate", str(rules), "--hand", "111r 2r", "--win-card", "2r", "--json"]
    assert main(argv) == 0
    (split,) = json.loads(capsys.readouterr().out)["decompositions"]
    score = split["scores"]["points"]
    assert score["raw"] == 2**256 and score["value"] == 5


def test_a_checkpoint_that_is_not_this_simulations_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checkpoint nested a hundred thousand deep ended in an internal error; one naming
    shards the simulation does not have was taken as hands already played."""
    saved = tmp_path / "saved.json"
    simulate = ["simulate", str(PMZ), "--hands", "1", "--seed", "1", "--bots", "random"]
    simulate.append("--checkpoint")
    assert run_cli(capsys, *simulate, str(saved))[0] == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    alien = tmp_path / "alien.json"
    alien.write_text(json.dumps({**data, "done": [0, 99999]}), encoding="utf-8")
    for path, message in ((deep, "unreadable checkpoint"), (alien, "names shards")):
        status, output = run_cli(capsys, *simulate, str(path))
        assert status == 1 and message in output, output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_an_output_the_machine_refuses_is_said_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        status = main(["show", str(MINIMAL)])
    err = capsys.readouterr().err
    assert status == 1 and err == "error: cannot write the output: No space left on device\n"


def test_a_simulation_asks_for_no_more_processes_than_it_can_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--jobs 99999` would have started that many processes once there were shards enough."""
    with pytest.raises(SystemExit) as stop:
        main(["simulate", str(PMZ), "--hands", "1", "--jobs", "99999"])
    assert stop.value.code == 2
    assert "--jobs: must be at most 256" in capsys.readouterr().err
