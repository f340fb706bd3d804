"""The project's layout stays readable: no package holds more than 20 modules at its top
level, the subpackages of the rule language and of the interpreter import one another
without a circle, and the layers point one way (the rule language knows nothing of the
interpreter, the interpreter nothing of the command line, the playground or the agents).

The import graph is read from the source files with `ast`, never by importing them: every
`import` and `from ... import` counts, at module level and inside functions alike (an
import put off into a function still ties the two packages together). `from P import N`
counts the module `P.N` when there is one, else the package `P` itself; the packages above
a module imported are not counted, since Python runs their `__init__` first for any import.
Imports under `if TYPE_CHECKING:` are left out of the circle test: they are type hints,
never run, and one names a type from a package above (the play log's result record is made
from an engine `Table`). The test of the layers' direction counts them too.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
# The layers that hold code, by installed name, and the folder each lives in.
LAYERS = {
    name: ROOT / folder
    for name, folder in SETUPTOOLS["package-dir"].items()
    if name.count(".") <= 1 and any((ROOT / folder).glob("*.py"))
}
# The layers whose subpackages are the architecture: a circle between them is refused.
GROUPED = ("tablerules.dsl", "tablerules.interpreter")
MAX_MODULES = 20  # modules at a package's top level, its __init__.py aside


def package_folders() -> Iterator[tuple[str, Path]]:
    """Every package of the code layers (a folder with an `__init__.py`), by dotted name."""
    for layer, folder in LAYERS.items():
        for init in sorted(folder.rglob("__init__.py")):
            parts = init.parent.relative_to(folder).parts
            yield ".".join((layer, *parts)), init.parent


def source_modules() -> dict[str, Path]:
    """Every module of the code layers, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for layer, folder in LAYERS.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((layer, *parts))] = path
    return found


MODULES = source_modules()


def is_type_checking(node: ast.stmt) -> bool:
    """Whether `node` is an `if TYPE_CHECKING:` (or `if typing.TYPE_CHECKING:`) block."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_nodes(tree: ast.AST, type_hints: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of a module at any depth; those under `if TYPE_CHECKING:`
    only when `type_hints`."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        if isinstance(node, ast.stmt) and is_type_checking(node) and not type_hints:
            assert isinstance(node, ast.If)
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def imported(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The project modules an import statement of `module` loads, by dotted name."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:  # relative: from the module's own package, one level up per dot
            package = module.split(".")
            if MODULES[module].name != "__init__.py":
                package = package[:-1]
            package = package[: len(package) - node.level + 1]
            base = ".".join([*package, base] if base else package)
        # `from package import name` loads the module package.name when there is one
        targets = [f"{base}.{alias.name}" for alias in node.names]
        targets = [name if name in MODULES else base for name in targets]
    for name in targets:
        while name and name not in MODULES:  # `import a.b.c` of a name inside a module
            name = name.rpartition(".")[0]
        if name:
            yield name


def module_imports(type_hints: bool) -> dict[str, set[str]]:
    """Each project module and the project modules it imports."""
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[module] = {
            target
            for node in import_nodes(tree, type_hints)
            for target in imported(module, node)
            if target != module
        }
    return graph


def unit(module: str) -> str:
    """The part of the architecture a module belongs to: below `dsl` and `interpreter`, the
    subpackage it lies in (or the module itself, at their top level); elsewhere its layer."""
    for layer in GROUPED:
        if module == layer:
            return layer
        if module.startswith(layer + "."):
            return ".".join(module.split(".")[: layer.count(".") + 2])
    for layer in sorted(LAYERS, key=len, reverse=True):  # `tablerules.cli` before `tablerules`
        if module == layer or module.startswith(layer + "."):
            return layer
    raise AssertionError(f"{module} lies in no layer")


def unit_graph(modules: dict[str, set[str]]) -> dict[str, set[str]]:
    """The import graph with each module collapsed to its unit (no edge from a unit to itself)."""
    graph: dict[str, set[str]] = {}
    for module, targets in modules.items():
        source = unit(module)
        edges = graph.setdefault(source, set())
        edges.update(unit(target) for target in targets if unit(target) != source)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of the graph as its nodes, the first repeated at the end, or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for target in sorted(graph.get(node, ())):
            if target in on_path:
                return [*path[path.index(target) :], target]
            if target not in done:
                found = visit(target)
                if found is not None:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            found = visit(start)
            if found is not None:
                return found
    return None


def crossings(modules: dict[str, set[str]], low: str, high: tuple[str, ...]) -> list[str]:
    """Each import from a module of layer `low` into one of the layers `high`."""
    return sorted(
        f"{module} imports {target}"
        for module, targets in modules.items()
        if module == low or module.startswith(low + ".")
        for target in targets
        if any(target == layer or target.startswith(layer + ".") for layer in high)
    )


def test_the_code_layers_are_found() -> None:
    assert set(GROUPED) <= set(LAYERS)
    assert {"tablerules.cli", "tablerules.playground"} <= set(LAYERS)
    assert "tablerules.interpreter.hand.evaluate" in MODULES


@pytest.mark.parametrize(("package", "folder"), list(package_folders()), ids=lambda v: str(v))
def test_no_package_grows_past_its_limit_of_modules(package: str, folder: Path) -> None:
    modules = sorted(p.name for p in folder.glob("*.py") if p.name != "__init__.py")
    assert len(modules) <= MAX_MODULES, (
        f"{package} holds {len(modules)} modules (at most {MAX_MODULES}): group them by job "
        f"into subpackages\n{modules}"
    )


def test_every_package_is_installed() -> None:
    """The wheel holds the packages `pyproject.toml` lists by name: a new subpackage left out
    of the list would be missing from the installed package."""
    listed = set(SETUPTOOLS["packages"])
    missing = [package for package, _ in package_folders() if package not in listed]
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_the_subpackages_import_one_another_without_a_circle() -> None:
    graph = unit_graph(module_imports(type_hints=False))
    assert "tablerules.interpreter.hand" in graph["tablerules.interpreter.api"]
    cycle = find_cycle(graph)
    assert cycle is None, "the imports go round in a circle: " + " -> ".join(cycle or [])


def test_a_circle_is_found_and_shown() -> None:
    """The circle test sees a circle through a function-level import, and names it."""
    tree = ast.parse("def late():\n    from tablerules.interpreter.engine import game\n")
    nodes = list(import_nodes(tree, type_hints=False))
    targets = {t for node in nodes for t in imported("tablerules.interpreter.hand.evaluate", node)}
    modules = module_imports(type_hints=False)
    modules["tablerules.interpreter.hand.evaluate"] |= targets
    cycle = find_cycle(unit_graph(modules))
    assert cycle is not None
    assert cycle[0] == cycle[-1] and "tablerules.interpreter.engine" in cycle


def test_type_hints_are_left_out_of_the_circle_test_only() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from tablerules.interpreter.engine import Table\n"
        "else:\n"
        "    import tablerules.interpreter.api\n"
    )
    module = "tablerules.interpreter.playlog.writer"
    without = {t for n in import_nodes(tree, type_hints=False) for t in imported(module, n)}
    with_hints = {t for n in import_nodes(tree, type_hints=True) for t in imported(module, n)}
    assert without == {"tablerules.interpreter.api"}
    assert with_hints == {"tablerules.interpreter.api", "tablerules.interpreter.engine"}


def test_the_layers_point_one_way() -> None:
    """The rule language imports nothing of the interpreter or of its clients (the command
    line, the playground, the agents' environments); the interpreter nothing of its clients
    (type hints included)."""
    modules = module_imports(type_hints=True)
    clients = ("tablerules.cli", "tablerules.playground", "tablerules.agents")
    assert crossings(modules, "tablerules.dsl", ("tablerules.interpreter", *clients)) == []
    assert crossings(modules, "tablerules.interpreter", clients) == []


def test_the_public_names_stay_where_they_were() -> None:
    """The package's public face does not move with its modules."""
    import tablerules.interpreter as interpreter
    from tablerules.interpreter import api, engine

    package = sys.modules["tablerules"]  # imported before any of its layers
    assert interpreter.Game is api.Game and interpreter.load_game is api.load_game
    assert callable(api.check) and engine.Table is package.Table
    assert package.load_game is api.load_game and package.Game is api.Game
