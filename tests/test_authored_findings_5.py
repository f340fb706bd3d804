"""What a fifth round of authoring brought out, writing 貴陽捉雞, 天津 and other regions'
tables over the bundled files as their players do. Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

from tablerules.interpreter.api import check


def write(tmp_path: Path, text: str, base: str = "sichuan") -> Path:
    """A variant of a bundled rule file in `tmp_path`."""
    path = tmp_path / "table.rules"
    path.write_text(f'extends "{base}"\n\n{text}', encoding="utf-8")
    return path


def codes(path: Path) -> list[tuple[str, int, str]]:
    checked = check(path)
    return [(d.code, d.line, d.message) for d in checked.diagnostics]


NO_VOID_SUIT = """remove phase 換三張
remove option drawn_direction
remove phase 定缺
remove discard
override win [SC-6] {
  groups 5
  pairs of 對: 1
}
"""


def test_a_variant_may_remove_its_bases_discard_clause(tmp_path: Path) -> None:
    # 貴陽 over 四川 without 定缺: the base's `discard { first declared suit }` could be
    # neither removed (E104, "names nothing to remove") nor emptied (E109), so the file
    # could not be written at all
    actions = "".join(
        f"override action {name} [SC-5] {{\n{body}}}\n"
        for name, body in {
            "碰": "  on discard by others: the card and 2 alike from hand\n  makes 刻\n"
            "  priority 2\n  then discard\n",
            "直槓": "  on discard by others: the card and 3 alike from hand\n  makes 槓\n"
            '  priority 2\n  then replacement\n  pays: discarder pays 2 × 底 "直槓"\n',
            "補槓": "  on turn by self: any card in hand onto table 刻\n  makes 槓\n"
            '  robbable\n  then replacement\n  pays: each other pays 1 × 底 "補槓"\n',
            "暗槓": "  on turn by self: 4 alike from hand\n  makes 槓 concealed\n"
            '  then replacement\n  pays: each other pays 2 × 底 "暗槓"\n',
        }.items()
    )
    path = write(tmp_path, NO_VOID_SUIT + actions)
    checked = check(path)
    assert checked.ok, [d.render() for d in checked.diagnostics]
    assert checked.loaded.rules is not None and checked.loaded.rules.discard_rule is None


def test_removing_a_discard_clause_the_base_lacks_is_e108(tmp_path: Path) -> None:
    found = codes(write(tmp_path, "remove discard\n", base="paomazai"))
    assert [(code, line) for code, line, _ in found] == [("E108", 3)]
    assert found[0][2] == "no 'discard' clause to remove"
