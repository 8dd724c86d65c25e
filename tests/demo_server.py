"""A real server for end-to-end tests: a fresh SQLite file with the demo loaded, ``teamswiss serve`` in a
subprocess on a free port (the browser tests, the schemathesis run and the slow-client tests use it)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO_LOGIN = {"username": "admin", "password": "teamswiss-demo"}

SERVE = """
import sys
from app.cli.main import main
for command in (["migrate"], ["demo"]) if sys.argv[2] == "demo" else (["migrate"],):
    if main(command) != 0:
        sys.exit(f"teamswiss {command[0]} failed")
sys.exit(main(["serve", "--host", "127.0.0.1", "--port", sys.argv[1], "--log-level", "warning"]))
"""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class DemoServer:
    proc: subprocess.Popen[bytes]
    url: str
    log: Path

    def wait(self, timeout: float = 180) -> None:
        """Until the server answers /healthz (it migrates and loads the demo first)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2):
                    return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start:\n{self.log.read_text()}") from None
                time.sleep(0.2)

    def login(self) -> str:
        return demo_login(self.url)


def demo_login(url: str) -> str:
    """A bearer token of the demo's administrator."""
    data = urllib.parse.urlencode(DEMO_LOGIN).encode()
    with urllib.request.urlopen(urllib.request.Request(f"{url}/auth/token", data=data), timeout=10) as r:
        return str(json.load(r)["access_token"])


@contextmanager
def demo_server(tmp: Path, *, demo: bool = True, **env_overrides: str) -> Iterator[DemoServer]:
    """Start migrate + demo + serve in one interpreter (the app is imported once); stop it afterwards. Without
    ``demo`` the server starts empty (its first administrator from ``TEAMSWISS_ADMIN_*`` in ``env_overrides``)."""
    env = dict(os.environ)
    env.pop("TEAMSWISS_TEST_DATABASE_URL", None)
    env.update({
        "TEAMSWISS_DATABASE_URL": f"sqlite:///{tmp / 'demo.db'}",
        "TEAMSWISS_ENV": "test",
        "TEAMSWISS_SECRET_KEY": env.get("TEAMSWISS_SECRET_KEY") or "demo-server-secret-key-0123456789abcdef",
        **env_overrides,
    })
    port = free_port()
    log_path = tmp / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-c", SERVE, str(port), "demo" if demo else "empty"], cwd=ROOT,
                                env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        yield DemoServer(proc, f"http://127.0.0.1:{port}", log_path)
    finally:
        stop(proc)


def start_server(args: list[str], env: dict[str, str], timeout: float = 120) -> tuple[subprocess.Popen[bytes], str]:
    """``python ARGS --host 127.0.0.1 --port P`` (uvicorn or ``teamswiss serve``) with ``env`` over this
    process's environment, once it answers /health; the process and its address."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, *args, "--host", "127.0.0.1", "--port", str(port), "--log-level",
                             "warning"], cwd=ROOT, env={**os.environ, **env})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError("the server exited")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=1):
                return proc, url
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop(proc)
            raise RuntimeError("the server did not start")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a server process: asked to stop, then killed if it has not within 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
        proc.wait()
