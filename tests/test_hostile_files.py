"""Every kind of file a path can name (missing, a folder, a fifo, a device, a symbolic
link loop, bytes that are not text) gets a one-line message from every command, and
`extends` never reads outside the folders it is allowed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tablerules.cli import schema as schema_command
from tablerules.dsl import limits
from tablerules.dsl.loading.loader import load
from tablerules.interpreter.api import check

from tests.hostile_common import HAND_LOG, PMZ, PMZ_TEXT, run_cli

# ── files of every kind ───────────────────────────────────────────────


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
