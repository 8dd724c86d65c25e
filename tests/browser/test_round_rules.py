"""The rules said where they bite, in the console (Chromium, a demo server of its own): the round screen shows the
lineups that break a rule before anyone presses Pair, a deputy arbiter cannot pair, and the chief arbiter pairs by
a recorded decision; the lineup screen says that an empty board is lost by forfeit; the ranking screen says which
rating R-4.1 averages. Screenshots at 360 px in Greek and English go to var/screenshots/staff-rules-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_staff import PASSWORD, TID, Api, login, settle, shots, show
from tests.demo_server import demo_server

pytestmark = pytest.mark.browser
ROUND = 4  # the demo has played three rounds


@pytest.fixture(scope="module")
def api(_can_browse: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    with demo_server(tmp_path_factory.mktemp("rules")) as demo:
        demo.wait()
        server = Api(demo.url)
        server.call("POST", "/users", {"username": "deputy", "password": PASSWORD, "full_name": "Βοηθός Διαιτητής",
                                       "birth_date": "1985-01-02"})
        users = {u["username"]: u["id"] for u in server.all("/users")}
        server.call("POST", f"/tournaments/{TID}/members", {"user_id": users["deputy"], "role": "arbiter"})
        yield server


def _girls_become_boys(api: Api) -> dict[str, Any]:
    """A team that plays its base lineup in round 4 loses its girls (a data entry error): R-3.2 breaks."""
    teams = [x for x in api.all(f"/tournaments/{TID}/teams") if x["status"] == "entered"]
    for team in teams:
        lineup = api.get(f"/tournaments/{TID}/rounds/{ROUND}/lineups/{team['id']}")
        if lineup["submitted"]:
            continue
        roster = api.get(f"/tournaments/{TID}/teams/{team['id']}/roster")["players"]
        for entry in roster:
            if entry["player"]["sex"] == "w":
                api.call("PATCH", f"/players/{entry['player']['id']}", {"sex": "m"})
        return dict(team)
    raise AssertionError("every team submitted a lineup")


def test_the_round_screen_shows_the_lineup_problems_before_pair_and_the_chief_arbiter_decides(
        api: Api, new_page: Any, screenshots: Path) -> None:
    team = _girls_become_boys(api)
    ready = api.get(f"/tournaments/{TID}/rounds/{ROUND}/readiness", "arbiter")
    assert ready["needs_decision"] is True and [x["team_id"] for x in ready["lineups"]] == [team["id"]]
    # a deputy sees the problem too, and no Pair button: the chief arbiter pairs
    deputy = new_page(1280)
    login(deputy, api, "deputy", f"#/staff/t/{TID}/round/{ROUND}")
    deputy.wait_for_selector(f"#readiness li[data-rule='R-3.2'][data-team='{team['id']}']")
    assert deputy.locator("#pair").count() == 0 and deputy.locator("#chief-only").count() == 1
    nav = deputy.locator(".s-header nav a").all_inner_texts()
    assert "Results" in nav and "Initial ranking" not in nav and "Entries" not in nav
    # the chief arbiter: the problem is on screen before Pair is pressed
    page = new_page(1280)
    login(page, api, "arbiter", f"#/staff/t/{TID}/round/{ROUND}")
    item = page.locator(f"#readiness li[data-rule='R-3.2'][data-team='{team['id']}']")
    assert team["name"] in item.inner_text() and "no lineup submitted" in item.inner_text()
    assert "chief arbiter's decision" in page.inner_text("#readiness")
    shots(page, screenshots, "rules-round", f"#readiness li[data-team='{team['id']}']")
    # Pair asks for the decision; cancelling changes nothing
    page.focus("#pair")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open] #dlg-reason")
    assert team["name"] in page.inner_text("dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    assert api.get(f"/tournaments/{TID}/rounds/{ROUND}", "arbiter")["state"] == "pending"
    page.focus("#pair")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open] #dlg-reason")
    page.keyboard.type("the girl's sex was mistyped; the team plays as it came (test)")
    page.click("dialog[open] button[value=ok]")
    page.wait_for_selector("details.explanation")
    page.wait_for_selector("#readiness .decision")
    assert "mistyped" in page.inner_text("#readiness .decision")
    paired = api.get(f"/tournaments/{TID}/rounds/{ROUND}", "arbiter")
    assert paired["state"] == "paired" and paired["explanation"]["decision"]["problems"][0]["team_id"] == team["id"]
    # a hand swap: the screen says which C.04.6 criteria it breaks, as the server judges them
    a, b = paired["matches"][0]["first"], paired["matches"][1]["second"]
    page.click(f"button.pick[data-team='{a['id']}']")
    page.click(f"button.pick[data-team='{b['id']}']")
    page.fill("#change-reason", "clubs asked (test)")
    page.click("button[data-action=swap]")
    page.wait_for_selector("#breaches")
    swapped = api.get(f"/tournaments/{TID}/rounds/{ROUND}", "arbiter")
    assert swapped["manual"] is True and swapped["breaches"] is not None
    shown = page.locator("#breaches li").evaluate_all("(xs) => xs.map((x) => x.dataset.criterion)")
    assert shown == [x["criterion"] for x in swapped["breaches"]]
    if swapped["breaches"]:
        assert "C.04.6" in page.inner_text("#breaches li")
    shots(page, screenshots, "rules-round-swapped", "#breaches")
    # publishing needs no second decision: the recorded one covers the same problem
    page.focus("#publish")
    page.keyboard.press("Enter")
    page.wait_for_selector("#results-link")
    assert api.get(f"/tournaments/{TID}/rounds/{ROUND}", None)["state"] == "published"


def test_the_round_screen_shows_an_open_appeal_that_will_block_the_next_pairing(api: Api, new_page: Any) -> None:
    """Round 4 is being played (the test above published it): a game ends, its appeal is filed in time, and the
    round screen says that round 5 cannot be paired until it is decided (R-14.2), before anyone tries."""
    rnd = api.get(f"/tournaments/{TID}/rounds/{ROUND}", "arbiter")
    match = next(m for m in rnd["matches"] if not m["pab"] and m["boards"][0]["result"] is None)
    ended = datetime.now(UTC) - timedelta(minutes=5)
    api.call("PUT", f"/tournaments/{TID}/rounds/{ROUND}/matches/{match['id']}/boards/1",
             {"result": "1-0", "ended_at": ended.isoformat()}, headers={"If-Match": match["etag"]})
    api.call("POST", f"/tournaments/{TID}/appeals", {
        "match_id": match["id"], "board": 1, "team_id": match["second"]["id"], "text": "the clock (test)",
        "announced_at": (ended + timedelta(minutes=2)).isoformat(),
        "submitted_at": (ended + timedelta(minutes=3)).isoformat(), "fee_paid": "100"})
    page = new_page(1280)
    login(page, api, "deputy", f"#/staff/t/{TID}/round/{ROUND}")
    item = page.locator("#readiness ul.appeals li")
    item.wait_for()
    text = item.inner_text()
    assert "R-14.2" in text and match["second"]["name"] in text and "round 5 cannot be paired" in text


def test_the_ranking_screen_says_which_rating_r_4_1_averages(api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    login(page, api, "arbiter", f"#/staff/t/{TID}/ranking")
    note = page.inner_text("#rating-note")
    assert "FIDE" in note and "1400" in note and "national" in note
    shots(page, screenshots, "rules-ranking", "table.ranking")
    show(page, f"#/staff/t/{TID}/ranking")
    settle(page)


def test_the_lineup_screen_says_an_empty_board_is_forfeited_and_three_boys_are_not_valid(
        api: Api, new_page: Any, screenshots: Path) -> None:
    number = ROUND + 1
    teams = [x for x in api.all(f"/tournaments/{TID}/teams") if x["status"] == "entered"]
    for team in teams:
        if api.get(f"/tournaments/{TID}/rounds/{number}/lineups/{team['id']}")["submitted"]:
            continue
        players = [e["player"] for e in api.get(f"/tournaments/{TID}/teams/{team['id']}/roster")["players"]]
        boys = [p for p in players if p["sex"] == "m"]
        girls = [p for p in players if p["sex"] == "w"]
        if len(boys) >= 3 and girls:
            break
    else:
        raise AssertionError("no demo team of three boys and a girl without a lineup")
    page = new_page(1280)
    login(page, api, "arbiter", f"#/staff/t/{TID}/lineup/{number}?team={team['id']}")
    page.wait_for_selector("#lineup-check p")
    for p in players:  # untick everyone, then three boys
        if page.is_checked(f"#plays-{p['id']}"):
            page.click(f"#plays-{p['id']}")
    for p in boys[:3]:
        page.click(f"#plays-{p['id']}")
    page.wait_for_selector("#lineup-check li[data-rule='R-3.2']")
    assert page.locator("#lineup-check .okmsg").count() == 0  # not called valid: the server refuses it
    assert "forfeit" in page.inner_text("#empty-boards") and "R-4.5" in page.inner_text("#empty-boards")
    page.click(f"#plays-{boys[2]['id']}")
    page.click(f"#plays-{girls[0]['id']}")  # two boys and a girl: valid, one board empty
    page.wait_for_selector("#lineup-check .okmsg")
    assert "Board 4 stays empty" in page.inner_text("#empty-boards")
    # at 360 px sex and rating stay on screen beside the name
    page.set_viewport_size({"width": 360, "height": 780})
    row = page.locator("table.lineup tbody tr").first
    for cell in (row.locator("td.sex"), row.locator("td.num").last):
        box = cell.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360, box
    page.set_viewport_size({"width": 1280, "height": 900})
    shots(page, screenshots, "rules-lineup", "#empty-boards", langs=("en",))
