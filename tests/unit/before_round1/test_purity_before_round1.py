"""The before-round-1 rule modules are pure: stdlib and app.services only; their doc examples hold."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

MODULES = ["elot743", "board_order", "eligibility", "entries", "lineups", "seeding"]
FORBIDDEN = ("fastapi", "sqlmodel", "sqlalchemy", "starlette", "pydantic")


@pytest.mark.parametrize("name", MODULES)
def test_imports_are_pure(name: str) -> None:
    path = Path(__file__).parents[3] / "app" / "services" / f"{name}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.append(node.module)
    bad = [m for m in imported if m.split(".")[0] in FORBIDDEN]
    assert bad == []
    assert all(not m.startswith("app.") or m.startswith("app.services.") for m in imported)


@pytest.mark.parametrize("name", MODULES)
def test_doc_examples(name: str) -> None:
    module = importlib.import_module(f"app.services.{name}")
    assert doctest.testmod(module).failed == 0
