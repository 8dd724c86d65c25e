"""The file commands import only what they use, so that they start fast: no web, database or password stack.

Each command runs in a fresh interpreter, which then lists the heavy packages it loaded. This
is not a timing test: ``bench/bench_files.py`` prints the times.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main

HEAVY = ("fastapi", "starlette", "sqlalchemy", "sqlmodel", "alembic", "pydantic", "pydantic_settings", "jwt",
         "argon2", "pwdlib", "uvicorn", "psycopg")

PROBE = """
import io, json, sys, contextlib
from app.cli.main import main
out, err = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    rc = main(sys.argv[1:])
print(json.dumps({"rc": rc, "modules": sorted({m.split(".")[0] for m in sys.modules}), "full": sorted(sys.modules)}))
"""


def _loaded(*args: str) -> tuple[int, set[str]]:
    """(exit status, top-level packages loaded) of ``teamswiss ARGS`` in a fresh interpreter."""
    rc, modules, _ = _loaded_full(*args)
    return rc, modules


def _loaded_full(*args: str) -> tuple[int, set[str], set[str]]:
    """Also every module loaded, by its full name (the probe imports json itself: see JSON_PROBE)."""
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=root,
                          timeout=120, check=True)
    doc = json.loads(done.stdout.strip().splitlines()[-1])
    return doc["rc"], set(doc["modules"]), set(doc["full"])


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
        [sys.executable, "-c", "import sys; from app.cli.main import build_parser; build_parser(); "
                               "print('sqlmodel' in sys.modules)"],
        capture_output=True, text=True, timeout=120, check=True)
    assert rc_modules.stdout.strip() == "True"


def test_text_standings_import_only_what_ranking_needs(trf: Path) -> None:
    """The text standings read the file and rank the teams: no pairing engine, no TRF writer's work,
    no JSON, hashing or random numbers (each costs milliseconds of a run that takes about 0.1 s)."""
    rc, modules, full = _loaded_full("standings", str(trf))
    assert rc == 0
    unwanted = {"random", "hashlib", "networkx"}
    assert modules.isdisjoint(unwanted), sorted(modules & unwanted)
    assert not {m for m in full if m.startswith(("app.services.pairing", "app.services.generator"))}



JSON_PROBE = """
import contextlib, io, sys
from app.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    rc = main(sys.argv[1:])
print(rc, "json" in sys.modules)
"""


@pytest.mark.parametrize(("flags", "loads_json"), [((), False), (("--json",), True)])
def test_standings_load_json_only_for_json_output(trf: Path, flags: tuple[str, ...], loads_json: bool) -> None:
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", JSON_PROBE, "standings", str(trf), *flags], capture_output=True,
                          text=True, cwd=root, timeout=120, check=True)
    assert done.stdout.split() == ["0", str(loads_json)]


GC_PROBE = """
import gc, sys
from app.cli.program import main
sys.argv = ["teamswiss", *sys.argv[1:]]
before = gc.get_threshold()
rc = main()
print(rc, gc.get_threshold()[0], gc.get_freeze_count() > 0, before[0], file=sys.stderr)
"""


def test_a_file_command_run_as_the_program_collects_rarely_and_freezes_at_the_end(trf: Path) -> None:
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", GC_PROBE, "standings", str(trf)], capture_output=True, text=True,
                          cwd=root, timeout=120, check=True)
    rc, threshold, frozen, _ = done.stderr.strip().splitlines()[-1].split()
    assert (rc, threshold, frozen) == ("0", "100000", "True")


def test_a_caller_that_passes_argv_keeps_its_collector(trf: Path) -> None:
    import contextlib
    import gc
    import io

    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["standings", str(trf)]) == 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen


PROGRAM_PROBE = """
import contextlib, io, sys
sys.argv = ["teamswiss", *sys.argv[1:]]
from app.cli.program import main
with contextlib.redirect_stdout(io.StringIO()):
    rc = main()
print(rc, " ".join(sorted(sys.modules)), file=sys.stderr)
"""


def test_the_program_runs_a_file_command_without_what_it_does_not_use(trf: Path) -> None:
    """``teamswiss standings`` as the program (the console script's ``app.cli.program.main``): no ``typing``,
    ``zoneinfo`` (a file without round dates), ``shutil`` (argparse's terminal width) or ``json`` (text
    output)."""
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", PROGRAM_PROBE, "standings", str(trf)], capture_output=True,
                          text=True, cwd=root, timeout=120, check=True)
    rc, modules = done.stderr.strip().splitlines()[-1].split(" ", 1)
    assert rc == "0"
    unwanted = {"typing", "zoneinfo", "shutil", "json"}
    assert unwanted.isdisjoint(modules.split()), sorted(unwanted & set(modules.split()))


def test_the_help_is_wrapped_as_argparse_wraps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' formatter sizes the help to the terminal as argparse's own does (without ``shutil``)."""
    import argparse

    from app.cli.commands import HelpFormatter
    from app.cli.main import build_parser

    texts = []
    for columns in ("40", "80", "133"):
        monkeypatch.setenv("COLUMNS", columns)
        ours = build_parser("standings")
        sub = next(a for a in ours._actions if isinstance(a, argparse._SubParsersAction)).choices["standings"]
        assert sub.formatter_class is HelpFormatter
        text = sub.format_help()
        sub.formatter_class = argparse.RawDescriptionHelpFormatter
        assert text == sub.format_help(), columns
        texts.append(text)
    assert len(set(texts)) == 3  # the width follows the terminal
