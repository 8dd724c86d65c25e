"""/docs (Swagger UI) and /redoc (ReDoc) render with the network off: their files come with the Python package.

Every request the pages make to anything but this machine is blocked and recorded; the pages must render the
API's operations anyway, and must not even try to reach another host.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser
LOCAL = {"127.0.0.1", "localhost", "::1"}


def offline_page(new_page: Any) -> tuple[Any, list[str]]:
    """A page whose requests to any host but this machine are aborted (and listed)."""
    page = new_page(1280, 900, csp=True)  # the docs pages' own policy keeps ReDoc from its CDN
    blocked: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if urlparse(url).scheme in ("data", "blob") or urlparse(url).hostname in LOCAL:
            route.continue_()
        else:
            blocked.append(url)
            route.abort("internetdisconnected")

    page.route("**/*", guard)
    return page, blocked


def test_swagger_ui_renders_offline(server: Server, new_page: Any, screenshots: Path) -> None:
    page, blocked = offline_page(new_page)
    page.goto(f"{server.url}/docs")
    page.locator(".swagger-ui .opblock").first.wait_for(timeout=30_000)
    assert page.locator(".swagger-ui .opblock").count() >= 60  # every operation of the API
    page.locator(".opblock-summary-path", has_text="/tournaments/{tournament_id}/rounds/{number}/pair").first.wait_for()
    page.get_by_text("Round lifecycle").first.wait_for()  # the description, rendered from Markdown
    page.screenshot(path=str(screenshots / "docs-swagger-ui.png"))
    assert blocked == []


def test_redoc_renders_offline(server: Server, new_page: Any, screenshots: Path) -> None:
    page, blocked = offline_page(new_page)
    page.goto(f"{server.url}/redoc")
    page.get_by_text("Round lifecycle").first.wait_for(timeout=60_000)
    pair = page.locator("h2", has_text="Pair the round with the C.04.6 engine").first
    pair.wait_for(state="attached")
    assert page.locator("h2").count() >= 60  # a heading per operation
    pair.scroll_into_view_if_needed()
    assert pair.is_visible()
    page.screenshot(path=str(screenshots / "docs-redoc.png"))
    assert blocked == []
