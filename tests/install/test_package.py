"""The package installs anywhere: its wheel, with the locked server requirements only, in a fresh virtualenv,
migrates and serves the public page, the API docs and the API from a folder that is not the source tree.

It needs PyPI or pip's cache (the packages of requirements/server.txt) and the locked build backend
(requirements/build.txt, which `make install` puts in the venv); about 20-40 s.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> str:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> tuple[int, str, str, str]:
    """Status, final URL (after redirects), content type and body of a GET."""
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.url, r.headers.get("content-type", ""), r.read().decode()


def _wait(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            _get(url)
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{log.read_text()}") from None
            time.sleep(0.2)


def test_the_wheel_installs_with_the_server_lock_and_serves_from_any_folder(tmp_path: Path) -> None:
    dist, env_dir, elsewhere = tmp_path / "dist", tmp_path / "venv", tmp_path / "elsewhere"
    elsewhere.mkdir()
    # the wheel, built with the locked backend already in this venv (nothing fetched for the build)
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", dist, ROOT,
         cwd=tmp_path)
    (wheel,) = dist.glob("teamswiss-*.whl")
    # a venv without pip of its own: this venv's pip installs into it (faster than bootstrapping one)
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    pip = (sys.executable, "-m", "pip", "--python", python, "install", "-q")
    _run(*pip, "--require-hashes", "-r", ROOT / "requirements" / "server.txt", cwd=tmp_path)
    _run(*pip, "--no-deps", wheel, cwd=tmp_path)

    # nothing of the source tree or of the test run: only the installed package and its settings
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TEAMSWISS_", "PYTHON"))}
    env |= {"TEAMSWISS_DATABASE_URL": f"sqlite:///{elsewhere / 'teamswiss.db'}", "TEAMSWISS_ENV": "production",
            "TEAMSWISS_SECRET_KEY": "package-test-secret-key-0123456789abcdef"}
    where = _run(python, "-c", "import app; print(app.__file__)", cwd=elsewhere, env=env)
    assert Path(where.strip()).is_relative_to(env_dir), where
    teamswiss = env_dir / "bin" / "teamswiss"
    _run(teamswiss, "migrate", cwd=elsewhere, env=env)
    assert (elsewhere / "teamswiss.db").is_file()

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([str(teamswiss), "serve", "--host", "127.0.0.1", "--port", str(port),
                                 "--log-level", "warning"], cwd=elsewhere, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    try:
        _wait(f"{url}/healthz", proc, log)
        status, final, kind, body = _get(f"{url}/")
        assert (status, final) == (200, f"{url}/web/"), "the root leads to the public page"
        assert kind.startswith("text/html") and "<script" in body, body[:200]
        status, _, kind, body = _get(f"{url}/web/js/app.js")
        assert status == 200 and "javascript" in kind
        status, _, kind, body = _get(f"{url}/docs")
        assert status == 200 and kind.startswith("text/html") and "swagger" in body.lower()
        assert _get(f"{url}/docs/assets/swagger-ui-bundle.js")[0] == 200
        assert _get(f"{url}/readyz")[0] == 200, "the database is at the head of the packaged migrations"
        status, _, kind, body = _get(f"{url}/tournaments")
        assert status == 200 and kind.startswith("application/json") and json.loads(body)["items"] == []
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode in (0, -15), log.read_text()
