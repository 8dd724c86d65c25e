"""Architecture rules that must never drift."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("fastapi", "sqlmodel", "sqlalchemy", "starlette")
EXCEPTIONS = {"store.py", "repository.py"}  # the one module allowed to load and save, if ever placed here


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_services_are_pure() -> None:
    offenders = []
    files = sorted((ROOT / "app" / "services").rglob("*.py"))
    assert len(files) > 5
    for path in files:
        if path.name in EXCEPTIONS:
            continue
        bad = _imports(path) & set(FORBIDDEN)
        if bad:
            offenders.append(f"{path.relative_to(ROOT)} imports {', '.join(sorted(bad))}")
    assert not offenders, offenders


def test_the_purity_check_can_fail(tmp_path: Path) -> None:
    f = tmp_path / "x.py"
    f.write_text("from sqlmodel import Session\nimport fastapi.routing\n")
    assert _imports(f) >= {"sqlmodel", "fastapi"}


def test_gacrux_is_test_only() -> None:
    for path in (ROOT / "app").rglob("*.py"):
        assert "gacrux" not in _imports(path), path


def _app_imports(path: Path) -> set[str]:
    """Every ``app.*`` module a file imports (absolute imports, at any depth)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("app."))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("app") and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_only_main_imports_routers() -> None:
    """Routers are HTTP only: a router never imports another router (``deps`` is shared), and nothing below
    them (operations, services, models, commands) imports a router; ``app.main`` mounts them."""
    offenders = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "app/http/factory.py":
            continue
        bad = {m for m in _app_imports(path) if m.startswith("app.routers.") and not m.startswith("app.http.deps")}
        if bad:
            offenders.append(f"{rel} imports {', '.join(sorted(bad))}")
    assert not offenders, offenders


def test_operations_and_services_know_no_http() -> None:
    """The application layer and the rules never import FastAPI: they are called from HTTP, the CLI and tests."""
    offenders = []
    for folder in ("operations", "services"):
        for path in sorted((ROOT / "app" / folder).rglob("*.py")):
            if _imports(path) & {"fastapi", "starlette"}:
                offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, offenders
