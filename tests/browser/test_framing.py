"""The page's security headers in a real browser: no other site can frame the console (a login form under an
invisible frame is how a password is stolen), and the headers are on every file of the page."""

from __future__ import annotations

import urllib.request
from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser


def test_the_page_and_its_files_carry_the_security_headers(server: Server) -> None:
    for path in ("/web/", "/web/js/app.js", "/web/style.css"):
        with urllib.request.urlopen(server.url + path, timeout=10) as r:
            csp = r.headers["Content-Security-Policy"]
            assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, (path, csp)
            assert "'unsafe-inline'" not in csp
            assert r.headers["X-Content-Type-Options"] == "nosniff"
            assert r.headers["X-Frame-Options"] == "DENY"
            assert r.headers["Referrer-Policy"] == "same-origin"


def test_another_site_cannot_frame_the_console(server: Server, new_page: Any) -> None:
    page = new_page(csp=True)
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "frame-ancestors" in m.text else None)
    page.set_content(f"<h1>elsewhere</h1><iframe id=f width=800 height=600 src='{server.web}#/staff'></iframe>")
    page.wait_for_timeout(1500)
    framed = [f for f in page.frames if f is not page.main_frame]
    assert framed, "the iframe was not created"
    for frame in framed:
        # a blocked frame shows the browser's error page, never the console's login form
        assert frame.locator("input[type=password]").count() == 0, frame.url
        assert not frame.url.startswith(server.web) or frame.locator("body *").count() == 0, frame.url
    assert blocked, "Chromium did not report the frame-ancestors refusal"
