"""Trusting files and names: a hostile TRF import, a name that would inject TRF records, a name a spreadsheet
would run. Every test here failed before the fix it holds.

- A pathological TRF file (``tests/unit/trf/test_trf_bounds.py`` builds them) sent to a real server that runs
  under a memory limit (``RLIMIT_AS``) is refused, 422 ``C.04 Annex 2`` naming the line, and the server
  lives on; ``teamswiss import`` refuses it with exit status 3, under the same kind of limit.
- The warnings of a sloppy file are capped, in the answer and on stderr.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from app.services.trf.common import MAX_WARNINGS
from tests.unit.trf.test_trf_bounds import PATHOLOGICAL, TEAM, Case

ROOT = Path(__file__).resolve().parents[2]
TEXT = {"Content-Type": "text/plain; charset=utf-8"}
#: address space the server may take on top of what it holds once migrated, before it serves (RLIMIT_AS);
#: the red team's file asked for 22.8 GB, a junk file of 21 MB for 1.3 GB more
SERVER_BUDGET = 1024 * 1024 * 1024
IMPORT_BUDGET = 512 * 1024 * 1024

needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists() or not hasattr(resource, "RLIMIT_AS"),
                                reason="the memory limit is read from /proc and set with RLIMIT_AS (Linux)")

LIMIT = """
import resource
def limit(budget):
    with open("/proc/self/status") as f:
        size = next(int(x.split()[1]) * 1024 for x in f if x.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (size + budget, resource.getrlimit(resource.RLIMIT_AS)[1]))
"""

SERVE = LIMIT + textwrap.dedent("""
    import sys
    from app.cli.main import main
    if main(["migrate"]) != 0:
        sys.exit("teamswiss migrate failed")
    limit(int(sys.argv[2]))
    sys.exit(main(["serve", "--host", "127.0.0.1", "--port", sys.argv[1], "--log-level", "warning"]))
""")


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("TEAMSWISS_TEST_DATABASE_URL", None)
    env.update({"TEAMSWISS_DATABASE_URL": f"sqlite:///{tmp / 'limited.db'}", "TEAMSWISS_ENV": "test",
                "TEAMSWISS_ADMIN_USERNAME": "admin", "TEAMSWISS_ADMIN_PASSWORD": "limited-server-pw",
                "PYTHONPATH": str(ROOT)})
    return env


@dataclass
class Limited:
    """A real server under a memory limit, and its administrator's bearer token."""

    proc: subprocess.Popen[bytes]
    url: str
    auth: dict[str, str]
    log: Path

    def post(self, text: str, **params: str) -> tuple[int, dict[str, Any]]:
        query = urllib.parse.urlencode({"allow_duplicate": "true", **params})
        req = urllib.request.Request(f"{self.url}/tournaments/import?{query}", data=text.encode("utf-8"),
                                     headers={**self.auth, **TEXT}, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=300) as r:
                return r.status, {**json.load(r), "content_type": r.headers["content-type"]}
        except urllib.error.HTTPError as exc:
            return exc.code, {**json.load(exc), "content_type": exc.headers["content-type"]}

    def alive(self) -> bool:
        with urllib.request.urlopen(f"{self.url}/healthz", timeout=10) as r:
            return r.status == 200 and self.proc.poll() is None


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Limited]:
    if not Path("/proc/self/status").exists():
        pytest.skip("the memory limit is read from /proc (Linux)")
    from tests.demo_server import free_port

    tmp = tmp_path_factory.mktemp("limited")
    port = free_port()
    log = tmp / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", SERVE, str(port), str(SERVER_BUDGET)], cwd=ROOT,
                                env=_env(tmp), stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{log.read_text()}") from None
                time.sleep(0.2)
        form = urllib.parse.urlencode({"username": "admin", "password": "limited-server-pw"}).encode()
        with urllib.request.urlopen(urllib.request.Request(f"{url}/auth/token", data=form), timeout=10) as r:
            token = json.load(r)["access_token"]
        yield Limited(proc, url, {"Authorization": f"Bearer {token}"}, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            proc.kill()
            proc.wait()


# --- row 1: a pathological file, to a server under a memory limit and to teamswiss import ------------------


@needs_proc
@pytest.mark.parametrize("case", PATHOLOGICAL, ids=[c.name for c in PATHOLOGICAL])
def test_a_pathological_import_is_refused_and_the_server_lives_on(limited: Limited, case: Case) -> None:
    status, body = limited.post(case.text)
    assert status == 422, (body, limited.log.read_text()[-3000:])
    assert body["content_type"] == "application/problem+json"
    assert body["rule"] == "C.04 Annex 2" and body["line"] == case.line, body
    assert case.message in body["detail"] and len(body["detail"]) < 400
    assert limited.alive()


IMPORT_ALL = LIMIT + textwrap.dedent("""
    import contextlib, io, json, sys, traceback
    from app.cli.main import main
    assert main(["migrate"]) == 0
    limit(int(sys.argv[1]))
    out = []
    for path in sys.argv[2:]:
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                status = main(["import", path])
        except BaseException:  # a traceback is the failure looked for
            status, err = "traceback", io.StringIO(traceback.format_exc()[-2000:])
        out.append([status, err.getvalue()])
    print(json.dumps(out))
""")


@needs_proc
def test_teamswiss_import_refuses_every_pathological_file_with_exit_status_3(tmp_path: Path) -> None:
    paths = []
    for k, case in enumerate(PATHOLOGICAL):
        path = tmp_path / f"hostile-{k}.trf"
        path.write_text(case.text, encoding="utf-8")
        paths.append(str(path))
    run = subprocess.run([sys.executable, "-c", IMPORT_ALL, str(IMPORT_BUDGET), *paths], cwd=ROOT,
                         env=_env(tmp_path), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    for case, (status, err) in zip(PATHOLOGICAL, json.loads(run.stdout.splitlines()[-1]), strict=True):
        assert status == 3, f"{case.name}: {err}"
        assert f"teamswiss: C.04 Annex 2: line {case.line}: " in err, f"{case.name}: {err}"


# --- row 2: warnings are capped ------------------------------------------------------------------------------

JUNK = 400_000  # 8 MB of unknown records


def _junk(count: int = JUNK) -> str:
    k = next(i for i, x in enumerate(TEAM) if x.startswith("001"))
    return "\n".join(TEAM[:k] + [f"999 stray record {i}" for i in range(count)] + TEAM[k:]) + "\n"


@needs_proc
def test_the_warnings_of_an_import_are_capped(limited: Limited) -> None:
    status, body = limited.post(_junk())
    assert status == 201, body
    notes = [w for w in body["warnings"] if w.startswith("line ")]
    assert len(notes) == MAX_WARNINGS
    assert body["warnings"][-1] == f"... and {JUNK - MAX_WARNINGS:,} more warnings"
    assert limited.alive()


def test_teamswiss_import_prints_the_capped_warnings(engine: Any, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    path = tmp_path / "junk.trf"
    path.write_text(_junk(5000), encoding="utf-8")
    assert main(["import", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == MAX_WARNINGS + 1
    assert err[-1] == f"teamswiss: {path}: ... and {5000 - MAX_WARNINGS:,} more warnings"
