"""The file commands import only what they use (issue 15): no web, database or password stack.

Each command runs in a fresh interpreter, which then lists the heavy packages it loaded. This
is not a timing test: ``bench/bench_files.py`` prints the times.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main

HEAVY = ("fastapi", "starlette", "sqlalchemy", "sqlmodel", "alembic", "pydantic", "pydantic_settings", "jwt",
         "argon2", "pwdlib", "uvicorn", "psycopg")

PROBE = """
import io, json, sys, contextlib
from app.cli import main
out, err = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    rc = main(sys.argv[1:])
print(json.dumps({"rc": rc, "modules": sorted({m.split(".")[0] for m in sys.modules})}))
"""


def _loaded(*args: str) -> tuple[int, set[str]]:
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=root,
                          timeout=120, check=True)
    doc = json.loads(done.stdout.strip().splitlines()[-1])
    return doc["rc"], set(doc["modules"])


@pytest.fixture(scope="module")
def trf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("imports") / "t.trf"
    assert main(["generate", "--teams", "12", "--rounds", "5", "--seed", "4", "-o", str(path)]) == 0
    return path


@pytest.mark.parametrize("command", ["pair", "check", "standings", "generate"])
def test_file_commands_do_not_import_the_server_stack(trf: Path, tmp_path: Path, command: str) -> None:
    args = {"pair": ["pair", str(trf), "--round", "3"], "check": ["check", str(trf)],
            "standings": ["standings", str(trf)],
            "generate": ["generate", "--teams", "8", "--rounds", "4", "-o", str(tmp_path / "g.trf")]}[command]
    rc, modules = _loaded(*args)
    assert rc == 0
    assert modules.isdisjoint(HEAVY), sorted(modules & set(HEAVY))


def test_standings_does_not_import_networkx(trf: Path) -> None:
    _, modules = _loaded("standings", str(trf))
    assert "networkx" not in modules


def test_the_server_commands_still_load_their_stack() -> None:
    """The probe sees the stack when a command needs it (the test above is not vacuous)."""
    rc_modules = subprocess.run(
        [sys.executable, "-c", "import sys; from app.cli import build_parser; build_parser(); "
                               "print('sqlmodel' in sys.modules)"],
        capture_output=True, text=True, timeout=120, check=True)
    assert rc_modules.stdout.strip() == "True"
