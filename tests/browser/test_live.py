"""The public page updates live from the event stream (GET /tournaments/{t}/events), not by polling."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

TID = 1  # the demo tournament


def test_a_result_reaches_the_open_round_page_through_the_stream(server: Server, new_page: Any) -> None:
    token = server.token()
    number = server.live_round(TID, token)
    rnd = server.get(f"/tournaments/{TID}/rounds/{number}")
    open_matches = [m for m in rnd["matches"] if m["second"] is not None and m["forfeit"] is None
                    and sum(b["result"] is None for b in m["boards"]) >= 1]
    first, match = open_matches[0], open_matches[-1]
    if rnd["state"] == "published":  # the round in progress first: then only the match changes on screen
        b0 = next(b for b in first["boards"] if b["result"] is None)
        server.post(f"/tournaments/{TID}/rounds/{number}/results",
                    {"results": [{"table": first["table"], "board": b0["board"], "result": "1/2-1/2"}]}, token=token)
        match = next(m for m in server.get(f"/tournaments/{TID}/rounds/{number}")["matches"]
                     if m["table"] == match["table"])
    board = next(b for b in match["boards"] if b["result"] is None)
    page = new_page(360, height=740)
    polls: list[str] = []
    # polling once an hour: whatever changes on screen came through the stream
    page.goto(f"{server.web}?poll=3600000#/t/{TID}/r/{number}")
    page.wait_for_selector(f"#m-{match['table']}")
    page.wait_for_function("document.body.dataset.live === 'stream'", timeout=15_000)
    page.on("request", lambda r: polls.append(r.url) if f"/rounds/{number}" in r.url else None)
    page.evaluate("window.__sameDocument = 42")

    server.post(f"/tournaments/{TID}/rounds/{number}/results",
                {"results": [{"table": match["table"], "board": board["board"], "result": "1-0"}]}, token=token)
    expected = "1–0" if board["white"] == "first" else "0–1"
    row = f"#m-{match['table']} tbody tr:nth-child({board['board']}) td.res"
    page.wait_for_function("([sel, want]) => document.querySelector(sel)?.textContent.trim() === want",
                           arg=[row, expected], timeout=10_000)
    assert page.evaluate("window.__sameDocument") == 42, "the page reloaded"
    assert not polls, f"the page polled instead of following the stream: {polls}"
