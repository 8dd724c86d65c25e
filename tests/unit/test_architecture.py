"""The shape of the server, held against its imports (docs/ARCHITECTURE.md describes the layers).

Every import counts: at module level, inside a function (a lazy import), under ``TYPE_CHECKING``, and
``importlib.import_module`` with a literal name; a layer's rule holds for everything it reaches transitively
through the project's own modules, so an import hidden behind another module is still seen.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app"

HTTP = {"fastapi", "starlette"}
DATABASE = {"sqlmodel", "sqlalchemy", "alembic"}

#: What each layer may never reach, directly or through the project's modules it imports.
FORBIDDEN: dict[str, set[str]] = {
    "app.services": HTTP | DATABASE | {"app.http", "app.routers", "app.operations", "app.models", "app.db",
                                       "app.auth", "app.schemas", "app.cli", "app.demo", "app.config"},
    "app.presentation": HTTP | DATABASE | {"pydantic", "app.http", "app.routers", "app.operations", "app.models",
                                           "app.db", "app.auth", "app.schemas", "app.cli", "app.demo"},
    "app.operations": HTTP | {"app.http", "app.routers", "app.cli"},
    "app.auth": HTTP | {"app.http", "app.routers", "app.operations", "app.cli", "app.demo"},
    "app.db": HTTP | {"app.http", "app.routers", "app.operations", "app.auth", "app.cli", "app.demo"},
    "app.models": HTTP | {"app.http", "app.routers", "app.operations", "app.auth", "app.cli", "app.demo",
                          "app.schemas"},
    "app.schemas": HTTP | DATABASE | {"app.http", "app.routers", "app.operations", "app.models", "app.auth",
                                      "app.db", "app.cli", "app.demo"},
    "app.demo": HTTP | {"app.http", "app.routers", "app.cli"},
}



def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(APP.rglob("*.py"))}


def imports_of(path: Path, name: str | None = None) -> set[str]:
    """Every module name the file (the module ``name``) imports, at any depth (``from a import b`` names ``a.b``,
    and ``a`` unless ``a.b`` is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = name or module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            named = {f"{base}.{alias.name}" for alias in node.names}
            out.update(named)
            if not named <= modules().keys():  # ``from package import module`` imports the module alone
                out.add(base)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args):
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.add(arg.value)
            elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
                prefix = str(arg.values[0].value).rstrip(".")
                out.update(m for m in modules() if m.startswith(prefix + "."))
    return out


@cache
def edges(name: str) -> frozenset[str]:
    """The project's modules ``name`` imports, and the outside packages (their top-level name)."""
    out: set[str] = set()
    for imported in imports_of(modules()[name]):
        if imported == "app" or imported.startswith("app."):
            if imported in modules():
                out.add(imported)
            elif imported.rpartition(".")[0] in modules():  # ``from app.x import name``
                out.add(imported.rpartition(".")[0])
        else:
            out.add(imported.split(".")[0])
    out.discard(name)
    return frozenset(out)


def parents(name: str) -> list[str]:
    """The packages whose ``__init__`` importing ``name`` runs first."""
    parts = name.split(".")
    return [p for p in (".".join(parts[:i]) for i in range(1, len(parts))) if p in modules()]


def closure(name: str, step: Callable[[str], Iterable[str]]) -> frozenset[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        for nxt in step(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    seen.discard(name)
    return frozenset(seen)


@cache
def reach(name: str) -> frozenset[str]:
    """Everything importing ``name`` loads: the project's modules (with their packages) and outside packages."""
    return closure(name, lambda m: [*edges(m), *parents(m)] if m in modules() else [])


def _in(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_never_reaches_what_lies_above_it(layer: str) -> None:
    offenders = []
    for name in modules():
        if not _in(name, layer):
            continue
        bad = sorted(r for r in reach(name) if any(_in(r, f) for f in FORBIDDEN[layer]))
        if bad:
            offenders.append(f"{name} reaches {', '.join(bad)}")
    assert not offenders, "\n".join(offenders)


def test_there_is_no_import_cycle() -> None:
    """No module imports, at any depth and through any number of modules, a module that imports it back."""
    graph = {name: {e for e in edges(name) if e in modules()} for name in modules()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert not cycles, cycles


def test_only_the_app_factory_imports_routers() -> None:
    offenders = [f"{name} imports {', '.join(sorted(r for r in edges(name) if _in(r, 'app.routers')))}"
                 for name in modules()
                 if name != "app.http.factory" and not _in(name, "app.routers")
                 and any(_in(r, "app.routers") for r in edges(name))]
    offenders += [f"{name} imports another router" for name in modules() if _in(name, "app.routers")
                  and any(_in(r, "app.routers") and r != "app.routers" for r in edges(name))]
    assert not offenders, offenders


def test_routers_are_http_only() -> None:
    """A router parses, authorises (declared), calls an operation and answers: no query of its own."""
    offenders = [f"{name} imports {', '.join(sorted(edges(name) & DATABASE))}" for name in modules()
                 if _in(name, "app.routers") and edges(name) & DATABASE]
    assert not offenders, offenders


def test_the_checks_see_lazy_and_relative_imports(tmp_path: Path) -> None:
    f = tmp_path / "x.py"
    f.write_text("import typing\nif typing.TYPE_CHECKING:\n    import starlette\n"
                 "def f():\n    from sqlmodel import Session\n    import fastapi.routing\n"
                 "    from . import sibling\n    importlib.import_module('app.routers.auth')\n")
    found = imports_of(f, "app.services.pairing.x")
    assert {"starlette", "sqlmodel", "fastapi.routing", "app.services.pairing.sibling", "app.routers.auth"} <= found


def test_a_forbidden_reach_through_another_module_is_seen() -> None:
    """The transitive rule can fail: a pure module that imports one that imports FastAPI is caught."""
    fake = {"app.services.a": ["app.services.b"], "app.services.b": ["fastapi"]}
    assert "fastapi" in closure("app.services.a", lambda m: fake.get(m, []))


def test_gacrux_is_test_only() -> None:
    offenders = [name for name in modules() if "gacrux" in edges(name)]
    assert not offenders, offenders
