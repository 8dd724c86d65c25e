"""Browser-test fixtures: a real server on a free port with a fresh demo database, and Debian's chromium.

The server runs ``teamswiss migrate`` and ``teamswiss demo`` on its own SQLite file under a tmp
dir, then ``uvicorn app.main:app`` in a subprocess; it is stopped after the module. Tests skip
cleanly when /usr/bin/chromium or the ``playwright`` package is missing (never ``playwright
install``: the browser is the distribution's).
"""

from __future__ import annotations

import json
import os
import shutil
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.demo_server import DemoServer, demo_login, demo_server

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
SCREENSHOTS = ROOT / "var" / "screenshots"
CHROMIUM = Path(os.environ.get("TEAMSWISS_CHROMIUM", "/usr/bin/chromium"))  # Debian's package
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
@dataclass
class Server:
    """A running API: ``url`` ends without a slash; ``web`` is the page's URL (the same origin: the page talks
    to no other)."""

    url: str

    @property
    def web(self) -> str:
        return f"{self.url}/web/"

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.url}{path}", timeout=10) as r:
            return json.load(r)

    def token(self) -> str:
        return demo_login(self.url)

    def post(self, path: str, body: Any | None = None, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token or self.token()}", "Content-Type": "application/json"}
        data = json.dumps(body if body is not None else {}).encode()
        req = urllib.request.Request(f"{self.url}{path}", data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:  # pragma: no cover - shows the problem+json in the failure
            raise AssertionError(f"POST {path} -> {e.code}: {e.read().decode()}") from e

    def live_round(self, tid: int, token: str) -> int:
        """The number of the tournament's published (or running) round; pairs and publishes the next one if none is."""
        rounds = self.get(f"/tournaments/{tid}/rounds")["items"]
        live = next((r for r in rounds if r["state"] in ("published", "in_progress")), None)
        if live is not None:
            return int(live["number"])
        number = next(r["number"] for r in rounds if r["state"] == "pending")
        self.post(f"/tournaments/{tid}/rounds/{number}/pair", token=token)
        self.post(f"/tournaments/{tid}/rounds/{number}/publish", token=token)
        return int(number)


@pytest.fixture(scope="session")
def _boot(_can_browse: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoServer]:
    """Start the server process (migrate, demo, serve); ``server`` waits until it answers."""
    if not (WEB / "index.html").is_file():
        pytest.skip("web/index.html is missing")
    with demo_server(tmp_path_factory.mktemp("browser")) as demo:
        yield demo


@pytest.fixture(scope="session")
def server(_boot: DemoServer, browser: Any) -> Server:
    """The running API (the browser launches while the server loads the demo)."""
    _boot.wait()
    return Server(url=_boot.url)


@pytest.fixture(scope="session")
def _can_browse() -> None:
    """Skip (before starting anything) when the browser or the playwright package is missing."""
    if not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None:
        pytest.skip(f"Debian's chromium is not installed ({CHROMIUM})")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("the playwright Python package is not installed")


@pytest.fixture(scope="session")
def browser(_can_browse: None) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """new_page(width=1280, locale="en-GB") -> a page in a fresh context; JS errors fail the test. ``touch=True``
    emulates a phone or tablet (touch events, a mobile viewport).

    The page's Content-Security-Policy is bypassed unless ``csp=True``: Playwright polls ``wait_for_function``
    expressions with ``eval``, which the policy (rightly) forbids; the tests of the policy itself ask for it."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800, locale: str = "en-GB", csp: bool = False,
             touch: bool = False) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale, bypass_csp=not csp,
                                  **({"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if touch else {}))
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
