"""The staff console's round robin (R-4.3, C.05): the creation form offers the system and the cycles, and once the
ranking is locked the ranking page shows the whole schedule of the Berger tables."""

from __future__ import annotations

import json
import re
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser


def _call(server: Server, method: str, path: str, body: Any, token: str) -> Any:
    req = urllib.request.Request(f"{server.url}{path}", data=json.dumps(body).encode(), method=method,
                                 headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def _settle(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('staff-main')"
                           " && !document.getElementById('staff-main').hasAttribute('aria-busy')")


def _login(page: Any, server: Server, route: str, ready: str) -> None:
    """Open a console route and sign in as the demo's administrator through the form."""
    page.goto(f"{server.web}{route}")
    page.wait_for_selector("input[name=username]")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", "teamswiss-demo")
    page.keyboard.press("Enter")
    page.wait_for_selector(ready)
    _settle(page)


def test_a_double_round_robin_is_created_and_its_schedule_shown(server: Server, new_page: Any,
                                                               screenshots: Path) -> None:
    page = new_page(1280)
    _login(page, server, "#/staff", ".s-header .who")
    start = (datetime.now(UTC).date() + timedelta(days=50)).isoformat()
    page.fill("input[name=name]", "Regional qualifier")
    page.fill("input[name=start_date]", start)
    page.select_option("select[name=preset]", "fide")
    assert not page.is_visible("select[name=cycles]")  # a Swiss has no cycles
    page.select_option("select[name=system]", "round_robin")
    page.select_option("select[name=cycles]", "2")
    assert page.input_value("select[name=rr_seeding]") == "lot"
    page.click("form button[type=submit]:has-text('Create')")
    page.wait_for_function("() => /#\\/staff\\/t\\/\\d+\\/entries$/.test(location.hash)")
    tid = int(re.search(r"/t/(\d+)/", page.url).group(1))  # type: ignore[union-attr]
    tour = server.get(f"/tournaments/{tid}")
    assert tour["rules"]["system"] == "round_robin" and tour["rules"]["cycles"] == 2
    token = server.token()
    for i in range(5):
        club = server.post("/clubs", {"name": f"Qualifier club {i}"}, token)
        pids = [server.post("/players", {"club_id": club["id"], "last_name": f"Player{i}{k}", "first_name": "A",
                                         "sex": "w" if k == 3 else "m", "birth_date": "2000-01-01",
                                         "fide_rating": 2000 - 100 * i - k}, token)["id"] for k in range(4)]
        team = server.post(f"/tournaments/{tid}/teams", {"club_id": club["id"], "name": f"Qualifier {i}"}, token)
        _call(server, "PUT", f"/tournaments/{tid}/teams/{team['id']}/roster", {"player_ids": pids}, token)
    page.evaluate("(h) => { location.hash = h; }", f"#/staff/t/{tid}/ranking")
    _settle(page)
    assert not page.is_visible("#schedule-h")  # no numbers yet, no schedule
    page.click("button.primary:has-text('Lock')")
    page.click("dialog button:has-text('Lock')")
    page.wait_for_selector("#schedule-h")
    seed = server.get(f"/tournaments/{tid}")["rules"]["rr_lot_seed"]
    text = page.inner_text("section.schedule")
    assert f"seed {seed}" in text
    rounds = page.locator("ol.schedule-rounds > li")
    assert rounds.count() == 10  # five teams, two cycles: five rounds each, one bye a round
    assert rounds.nth(0).locator("li").count() == 3 and "bye" in rounds.nth(0).inner_text()
    plan = server.get(f"/tournaments/{tid}/ranking")["schedule"]
    first = plan[0]["matches"][0]
    assert f"1: {first['first']['tpn']}. {first['first']['name']} – {first['second']['tpn']}." in \
        rounds.nth(0).inner_text()
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=str(screenshots / "staff-round-robin-schedule-en-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    # the public page names the system
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{server.web}#/t/{tid}")
    page.wait_for_selector("dl.facts")
    assert "Round robin (Berger tables) · Double round robin (colours reversed)" in page.inner_text("dl.facts")
    # round 1 played: the public crosstable has the round robin's grid of every team against every other
    server.post(f"/tournaments/{tid}/rounds/1/pair", {}, token)
    rnd = server.post(f"/tournaments/{tid}/rounds/1/publish", {}, token)
    results = [{"table": m["table"], "board": b["board"], "result": "1-0"}
               for m in rnd["matches"] if not m["pab"] for b in m["boards"]]
    server.post(f"/tournaments/{tid}/rounds/1/results", {"results": results}, token)
    server.post(f"/tournaments/{tid}/rounds/1/complete", {}, token)
    page.goto(f"{server.web}#/t/{tid}/crosstable")
    page.wait_for_selector("table.cross.grid")
    grid = page.locator("table.cross.grid tbody tr")
    assert grid.count() == 5
    cells = [c for c in page.locator("table.cross.grid td.x").all_inner_texts() if c.strip()]
    assert sorted(cells).count("■") == 5 and len([c for c in cells if "–" in c]) == 4  # two matches, both sides
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=str(screenshots / "public-round-robin-crosstable-en-360.png"), full_page=True)


def test_the_chief_arbiter_changes_a_swiss_number_of_rounds_with_a_recorded_decision(server: Server,
                                                                                   new_page: Any) -> None:
    token = server.token()
    tour = server.post("/tournaments", {"name": "Short Swiss", "preset": "fide", "start_date": "2027-01-10"}, token)
    tid = tour["id"]
    assert tour["rules"]["rounds"] == 7
    page = new_page(1280)
    _login(page, server, f"#/staff/t/{tid}", "#round-count-h")
    assert page.input_value("input[name=round_count]") == "7"
    page.fill("input[name=round_count]", "5")
    page.fill("textarea[name=decision]", "Eight teams: five rounds")
    page.click("button:has-text('Change the number of rounds')")
    page.wait_for_function("() => document.querySelectorAll('table.rounds tbody tr').length === 5")
    assert server.get(f"/tournaments/{tid}")["rules"]["rounds"] == 5
    req = urllib.request.Request(f"{server.url}/tournaments/{tid}/audit?limit=50",
                                 headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        entry = next(e for e in json.load(r)["items"] if e["action"] == "round-count")
    assert entry["reason"] == "R-4.3: Eight teams: five rounds" and entry["after"] == {"rounds": 5}
