"""The console's publishing screen (web/js/staff/publish.js) in Chromium against a real server: the organiser
gives a public server's address and a publishing key; the screen shows the state, here "unreachable" (no public
server listens at the address), then stops publishing. Screenshots in Greek and English, 360 and 1280 px."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_staff import Api, login, shots
from tests.demo_server import demo_server, free_port

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def api(_can_browse: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    with demo_server(tmp_path_factory.mktemp("publish")) as demo:
        demo.wait()
        yield Api(demo.url)


def test_the_organiser_publishes_and_sees_the_state(api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    login(page, api, "admin", "#/staff/t/1/publish")
    assert "not published" in page.inner_text("#staff dl")
    shots(page, screenshots, "publish-off")
    gone = f"http://127.0.0.1:{free_port()}"
    page.fill("input[name=url]", gone)
    page.fill("input[name=token]", "tsk_a-publishing-key")
    page.keyboard.press("Enter")
    page.wait_for_selector("#staff .okmsg")
    assert page.input_value("input[name=token]") == ""  # the key is never shown again
    page.wait_for_function("document.querySelector('#staff dl').innerText.includes('unreachable')", timeout=30_000)
    text = page.inner_text("#staff dl")
    assert gone in text and "minutes behind" in text and "this server" in text
    assert api.get("/tournaments/1/publication")["state"] == "unreachable"
    shots(page, screenshots, "publish-unreachable")
    page.click("text=Stop publishing")
    page.wait_for_selector("#staff .okmsg")
    assert api.get("/tournaments/1/publication")["from_console"] is False
