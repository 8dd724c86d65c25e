"""Browser-test fixtures: a real server on a free port with a fresh demo database, and Debian's chromium.

The server runs ``teamswiss migrate`` and ``teamswiss demo`` on its own SQLite file under a tmp
dir, then ``uvicorn app.main:app`` in a subprocess; it is stopped after the module. Tests skip
cleanly when /usr/bin/chromium or the ``playwright`` package is missing (never ``playwright
install``: the browser is the distribution's).
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
SCREENSHOTS = ROOT / "var" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
DEMO_LOGIN = {"username": "admin", "password": "teamswiss-demo"}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SERVE = """
import sys
import uvicorn
from app.cli import main
for command in (["migrate"], ["demo"]):
    if main(command) != 0:
        sys.exit(f"teamswiss {command[0]} failed")
uvicorn.run("app.main:app", host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


@dataclass
class Server:
    """A running API: ``url`` ends without a slash; ``web`` is the page's URL."""

    url: str
    static_origin: str

    @property
    def web(self) -> str:
        return f"{self.url}/web/"

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.url}{path}", timeout=10) as r:
            return json.load(r)

    def token(self) -> str:
        data = urllib.parse.urlencode(DEMO_LOGIN).encode()
        with urllib.request.urlopen(urllib.request.Request(f"{self.url}/auth/token", data=data), timeout=10) as r:
            return str(json.load(r)["access_token"])

    def post(self, path: str, body: Any | None = None, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token or self.token()}", "Content-Type": "application/json"}
        data = json.dumps(body if body is not None else {}).encode()
        req = urllib.request.Request(f"{self.url}{path}", data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:  # pragma: no cover - shows the problem+json in the failure
            raise AssertionError(f"POST {path} -> {e.code}: {e.read().decode()}") from e


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not (WEB / "index.html").is_file():
        pytest.skip("web/index.html is missing")
    tmp = tmp_path_factory.mktemp("browser")
    port = _free_port()
    static_port = _free_port()
    static_origin = f"http://127.0.0.1:{static_port}"
    env = dict(os.environ)
    env.pop("TEAMSWISS_TEST_DATABASE_URL", None)
    env.update({
        "TEAMSWISS_DATABASE_URL": f"sqlite:///{tmp / 'web.db'}",
        "TEAMSWISS_ENV": "test",
        "TEAMSWISS_SECRET_KEY": env.get("TEAMSWISS_SECRET_KEY") or "browser-test-secret-key-0123456789abcdef",
        # the page on a separate static host (test_static_host) reads the API cross-origin
        # (a JSON list: pydantic-settings decodes list fields as JSON before app/config.py splits commas)
        "TEAMSWISS_CORS_ORIGINS": json.dumps([static_origin]),
    })
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 - closed below
    # one interpreter migrates, loads the demo and serves: the app is imported once
    proc = subprocess.Popen([sys.executable, "-c", SERVE, str(port)], cwd=ROOT, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/health", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    raise RuntimeError(f"server did not start:\n{(tmp / 'server.log').read_text()}") from None
                time.sleep(0.2)
        yield Server(url=url, static_origin=static_origin)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def static_host(server: Server) -> Iterator[str]:
    """web/ served by a plain static file server on another origin (as on any static host)."""
    port = int(server.static_origin.rsplit(":", 1)[1])
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(WEB))
    handler.log_message = lambda *a, **k: None  # type: ignore[attr-defined]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"{server.static_origin}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None:
        pytest.skip("Debian's chromium is not installed (/usr/bin/chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright Python package is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """new_page(width=1280, locale="en-GB") -> a page in a fresh context; JS errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800, locale: str = "en-GB") -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        ctx.set_default_timeout(10_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
