"""The staff console (web/js/staff/) in Chromium against a real server with its own demo database.

Each role logs in through the form: the organiser creates a tournament from the k12-2025 preset and runs
entries, payments, rosters and the initial ranking; the chief arbiter drives round 4 of the demo by
keyboard only (pair, swap, publish, every result, complete) and the public page then shows the new
standings; two arbiters on two "laptops" (browser contexts) see each other's entries, and a stale write
shows who changed the board; a team manager's illegal lineup is refused with its rule id; an appeal is
filed and decided; the print sheets are A4. Screenshots of every screen (360 px and 1280 px, Greek and
English) go to var/screenshots/staff-*.png.

The tests share one server and run in file order (round 4 is played before round 5 is used).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.demo_server import demo_server

pytestmark = pytest.mark.browser

TID = 1  # the demo tournament
PASSWORD = "teamswiss-demo"
KEYS = ["1", "0", "=", "1", "0", "1", "=", "0"]  # typed in turn into the results grid
CODE = {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}  # from the left team's side, as the slip is written
TURN = {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}


def white_first(code: str, white: str) -> str:
    """A result written from the left (first) team's side as the API stores it, White first."""
    return code if white == "first" else TURN.get(code, code)


@dataclass
class Api:
    url: str

    @property
    def web(self) -> str:
        return f"{self.url}/web/"

    def token(self, user: str = "admin", password: str = PASSWORD) -> str:
        data = urllib.parse.urlencode({"username": user, "password": password}).encode()
        with urllib.request.urlopen(urllib.request.Request(f"{self.url}/auth/token", data=data), timeout=10) as r:
            return str(json.load(r)["access_token"])

    def call(self, method: str, path: str, body: Any = None, user: str = "admin",
             headers: dict[str, str] | None = None) -> Any:
        hdrs = {"Authorization": f"Bearer {self.token(user)}", "Content-Type": "application/json", **(headers or {})}
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{self.url}{path}", data=data, headers=hdrs, method=method)
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                raw = r.read()
                return json.loads(raw) if raw else None
        except urllib.error.HTTPError as e:  # pragma: no cover - shows the problem+json in the failure
            raise AssertionError(f"{method} {path} -> {e.code}: {e.read().decode()}") from e

    def refusal(self, method: str, path: str, user: str = "admin") -> dict[str, Any]:
        """The problem+json of a request the API refuses (a refusal changes nothing)."""
        req = urllib.request.Request(f"{self.url}{path}", data=b"{}", method=method, headers={
            "Authorization": f"Bearer {self.token(user)}", "Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=30)
        except urllib.error.HTTPError as e:
            return dict(json.loads(e.read()))
        raise AssertionError(f"{method} {path} was not refused")

    def get(self, path: str, user: str | None = "admin") -> Any:
        if user is None:
            with urllib.request.urlopen(f"{self.url}{path}", timeout=10) as r:
                return json.load(r)
        return self.call("GET", path, user=user)

    def all(self, path: str, user: str = "admin") -> list[Any]:
        sep = "&" if "?" in path else "?"
        return list(self.get(f"{path}{sep}limit=500", user)["items"])


@pytest.fixture(scope="module")
def api(_can_browse: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    """A server of its own (migrate, demo, serve), so these tests never disturb the public page's."""
    with demo_server(tmp_path_factory.mktemp("staff")) as demo:
        demo.wait()
        server = Api(demo.url)
        _people(server)
        yield server


def _people(api: Api) -> None:
    """A second arbiter and a team manager of a demo team, created as an administrator would."""
    for username, full in (("arbiter2", "Δεύτερη Διαιτήτρια"), ("manager", "Team Manager")):
        api.call("POST", "/users", {"username": username, "password": PASSWORD, "full_name": full,
                                    "birth_date": "1979-04-02"})
    users = {u["username"]: u["id"] for u in api.all("/users")}
    api.call("POST", f"/tournaments/{TID}/members", {"user_id": users["arbiter2"], "role": "arbiter"})


# ---------------------------------------------------------------- helpers


def show(page: Any, hash_: str) -> None:
    """Go to a console route and wait until its view is on screen."""
    page.evaluate("(h) => { location.hash = h; }", hash_)
    settle(page, hash_)


def settle(page: Any, hash_: str | None = None) -> None:
    page.wait_for_function(
        "(h) => (!h || document.body.dataset.route === h) && document.getElementById('staff-main')"
        " && !document.getElementById('staff-main').hasAttribute('aria-busy')", arg=hash_)


def login(page: Any, api: Any, user: str, route: str = "#/staff", query: str = "", password: str = PASSWORD) -> None:
    page.goto(f"{api.web}{query}{route}")
    page.wait_for_selector("input[name=username]")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", password)
    page.keyboard.press("Enter")
    page.wait_for_selector(".s-header .who")
    settle(page, route)


def shots(page: Any, screenshots: Path, name: str, selector: str | None = None,
          langs: tuple[str, ...] = ("en", "el")) -> None:
    """The current screen in English and Greek, at 1280 and 360 px; nothing may scroll sideways at 360 px.

    Switching the language draws the view again from the server; a screen whose state lives only in the page
    (a refusal just shown) is taken in the language it is in (``langs``).
    """
    for lang in langs:
        page.set_viewport_size({"width": 1280, "height": 900})
        if page.get_attribute(f'#staff .langs button[lang="{lang}"]', "aria-pressed") != "true":
            page.click(f'#staff .langs button[lang="{lang}"]')
            settle(page)
        if selector:
            page.wait_for_selector(selector)
        assert page.evaluate("document.documentElement.lang") == lang
        for width in (1280, 360):
            page.set_viewport_size({"width": width, "height": 900 if width > 400 else 780})
            page.wait_for_timeout(100)
            page.screenshot(path=str(screenshots / f"staff-{name}-{lang}-{width}.png"), full_page=True)
            if width == 360:
                sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert sideways <= 0, f"{name} ({lang}) scrolls sideways at 360 px by {sideways} px"
    page.set_viewport_size({"width": 1280, "height": 900})
    if page.get_attribute('#staff .langs button[lang="en"]', "aria-pressed") != "true":
        page.click('#staff .langs button[lang="en"]')
        settle(page)


def press_space(page: Any, *selectors: str) -> None:
    """Tick (or untick) checkboxes and radio buttons from the keyboard."""
    for sel in selectors:
        page.focus(sel)
        page.keyboard.press("Space")


def problem_text(page: Any) -> str:
    page.wait_for_selector("#staff .problem")
    return str(page.inner_text("#staff .problem"))


# ---------------------------------------------------------------- login


def test_login_form_token_and_logout(api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    page.goto(f"{api.web}#/staff")
    user = page.locator("input[name=username]")
    pw = page.locator("input[name=password]")
    assert user.get_attribute("autocomplete") == "username"
    assert pw.get_attribute("autocomplete") == "current-password" and pw.get_attribute("type") == "password"
    assert page.locator("label[for=username]").count() == 1 and page.locator("label[for=password]").count() == 1
    shots(page, screenshots, "login")
    user.fill("admin")
    pw.fill("wrong password")
    page.keyboard.press("Enter")
    text = problem_text(page)
    # the API's sentence for the volunteer; the status only for programs (no "(HTTP 401)" on screen)
    assert "wrong user name or password" in text and "HTTP" not in text
    assert page.get_attribute("#staff .problem", "data-status") == "401"
    pw.fill(PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector(".s-header .who")
    settle(page, "#/staff")
    # the token: in session storage for this tab, never in the URL
    stored = page.evaluate("sessionStorage.getItem('teamswiss.staff.token')")
    token = json.loads(stored)["value"]
    assert token and token not in page.url
    # what the user may do comes from /auth/me
    assert page.locator("text=Your tournaments").count() == 1
    shots(page, screenshots, "home")
    page.click(".s-header .who button")
    page.wait_for_selector("input[name=username]")
    assert page.evaluate("sessionStorage.getItem('teamswiss.staff.token')") is None


def test_the_login_goes_to_the_pages_own_origin_whatever_its_address_says(api: Api, new_page: Any) -> None:
    """A link such as /web/?api=http://elsewhere/#/staff must not send the password (or, later, the token) to
    another host: the console talks only to the origin that served the page."""
    page = new_page(1280)
    seen: list[Any] = []
    page.on("request", lambda r: seen.append(r))
    page.goto(f"{api.web}?api=http://127.0.0.1:9/#/staff")
    page.wait_for_selector("input[name=username]")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_request(lambda r: r.url.endswith("/auth/token")) as sent:
        page.keyboard.press("Enter")
    assert sent.value.method == "POST" and sent.value.url == f"{api.url}/auth/token"
    page.wait_for_selector(".s-header .who")
    settle(page, "#/staff")
    assert not [r.url for r in seen if not r.url.startswith(f"{api.url}/")]
    bearer = [r for r in seen if "authorization" in r.headers]
    assert bearer and all(r.url.startswith(f"{api.url}/") for r in bearer)


def test_the_menus_follow_the_actions_auth_me_lists(api: Api, new_page: Any) -> None:
    """The console keeps no copy of the server's permission table: what it offers comes from GET /auth/me."""
    def rewrite(change: Any) -> Any:
        def handle(route: Any) -> None:
            res = route.fetch()
            me = res.json()
            change(me)
            route.fulfill(response=res, json=me)
        return handle

    def only_results(me: dict[str, Any]) -> None:
        for entry in me["tournaments"]:
            entry["permissions"] = ["results.write"]

    page = new_page(1280)
    page.route(re.compile(r".*/auth/me$"), rewrite(only_results))
    login(page, api, "arbiter", f"#/staff/t/{TID}")
    assert page.locator(".s-header nav a").all_inner_texts() == ["Overview", "Results", "Printing"]
    show(page, f"#/staff/t/{TID}/round/4")
    assert page.locator("#pair").count() == 0 and page.locator("#publish").count() == 0

    # an administrator holds every action everywhere: /auth/me lists every tournament for them
    full = new_page(1280)
    login(full, api, "admin", f"#/staff/t/{TID}")
    everything = full.locator(".s-header nav a").all_inner_texts()
    assert "Entries" in everything and "Rounds" in everything


# ---------------------------------------------------------------- organiser


def test_organiser_creates_a_tournament_and_runs_entries_payments_rosters_and_ranking(
        api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    login(page, api, "admin")
    start = (datetime.now(UTC).date() + timedelta(days=40)).isoformat()
    page.fill("input[name=name]", "K12 Spring Cup")
    page.fill("input[name=city]", "Θεσσαλονίκη")
    page.fill("input[name=start_date]", start)
    assert page.input_value("select[name=preset]") == "k12-2025"
    assert page.is_checked("input[name=move_schedule]")
    page.click("form button[type=submit]:has-text('Create')")
    page.wait_for_function("() => /#\\/staff\\/t\\/\\d+\\/entries$/.test(location.hash)")
    settle(page)
    tid = int(re.search(r"/t/(\d+)/", page.url).group(1))  # type: ignore[union-attr]
    tour = api.get(f"/tournaments/{tid}")
    assert tour["preset"] == "k12-2025" and tour["rules"]["start_date"] == start
    assert tour["rules"]["round_starts"][0].startswith(start)  # the preset's schedule moved to the new date
    # two clubs whose teams have equal averages: the ELOT 743 order decides
    clubs = []
    for club_name, sur in (("Ωρωπός ΣΟ", "Ψαράς"), ("Άργος ΣΟ", "Βλάχος")):
        club = api.call("POST", "/clubs", {"name": club_name})
        clubs.append(club)
        for i, sex in enumerate("mmmwm"):
            api.call("POST", "/players", {"club_id": club["id"], "last_name": f"{sur}{'ηςυ'[i % 3]}{i}",
                                          "first_name": "Νίκος" if sex == "m" else "Ζωή", "sex": sex,
                                          "birth_date": "2015-03-01", "fide_rating": 1500 + 10 * (i % 2),
                                          "activation_fee_paid": True})
    page.reload()
    settle(page)
    for club, team_name in ((clubs[0], "Ωρωπός Α"), (clubs[1], "Άργος Α")):
        page.select_option("select[name=club_id]", str(club["id"]))
        page.fill("#f-team_name", team_name)
        page.click("button:has-text('Enter the team')")
        page.wait_for_selector(f"#team-panel h2:has-text('{team_name}')")
    # no fee yet: both wait
    assert "No team has a place yet" in page.inner_text("#staff main")
    waiting = page.locator(".tblock").first
    assert "Waiting list" in waiting.inner_text() and "Ωρωπός Α" in waiting.inner_text()
    shots(page, screenshots, "entries", "table.entries")
    for team_name in ("Ωρωπός Α", "Άργος Α"):
        panel = page.locator("#team-panel h2")
        if panel.count() == 0 or panel.inner_text() != team_name:
            page.click(f"button[data-team]:has-text('{team_name}')")
            page.wait_for_selector(f"#team-panel h2:has-text('{team_name}')")
        assert page.input_value("input[name=amount]") == "36.00"
        page.fill("input[name=reference]", "ΚΑΤ-1")
        page.click("button:has-text('Record payment')")
        page.wait_for_selector("#team-panel .okmsg")
    entered = page.locator(".tblock").first.inner_text()
    assert "Ωρωπός Α" in entered and "Άργος Α" in entered
    assert {t["status"] for t in api.all(f"/tournaments/{tid}/teams")} == {"entered"}
    # rosters: players of the club, board order from the server
    teams = {t["name"]: t for t in api.all(f"/tournaments/{tid}/teams")}
    for team_name in ("Ωρωπός Α", "Άργος Α"):
        show(page, f"#/staff/t/{tid}/rosters?team={teams[team_name]['id']}")
        for _ in range(5):
            page.click("button:has-text('Add')")
        page.click("button:has-text('Save the roster')")
        page.wait_for_selector("#staff .okmsg")
        roster = api.get(f"/tournaments/{tid}/teams/{teams[team_name]['id']}/roster")["players"]
        assert len(roster) == 5
        shown = page.locator("table.ros tbody th").all_inner_texts()
        assert shown == [p["player"]["name"] for p in roster]
    shots(page, screenshots, "rosters", "table.ros")
    # the initial ranking: equal averages, ordered by the ELOT 743 transliteration; lock by keyboard
    show(page, f"#/staff/t/{tid}/ranking")
    rows = page.locator("table.ranking tbody tr")
    assert rows.count() == 2
    assert rows.nth(0).locator("td.elot").inner_text().startswith("Argos")
    assert rows.nth(1).locator("td.elot").inner_text().startswith("Oropos")
    assert rows.nth(0).locator(".tie-mark").count() == 1
    page.focus("button:has-text('Lock the ranking')")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open]")
    page.keyboard.press("Enter")  # the confirmation starts on "Lock"
    page.wait_for_selector("#staff .okmsg")
    assert api.get(f"/tournaments/{tid}/ranking")["locked"] is True
    assert page.locator("table.ranking tbody tr").nth(0).locator("td").nth(5).inner_text() == "1"
    shots(page, screenshots, "ranking", "table.ranking")


# ---------------------------------------------------------------- the arbiter's round, by keyboard


def test_arbiter_drives_round_4_by_keyboard_and_the_public_page_shows_the_standings(
        api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    login(page, api, "arbiter", f"#/staff/t/{TID}")
    nav = page.locator(".s-header nav a").all_inner_texts()
    # the chief arbiter's menu: the round and the ranking, and the entries (to expel a team, R-7.4), no payments
    assert "Rounds" in nav and "Results" in nav and "Initial ranking" in nav and "Entries" in nav
    show(page, f"#/staff/t/{TID}/round/4")
    shots(page, screenshots, "round-pending", "#pair")
    page.focus("#pair")
    page.keyboard.press("Enter")
    page.wait_for_selector("details.explanation")
    assert "C.04.6" in page.inner_text("details.explanation")
    before = api.get(f"/tournaments/{TID}/rounds/4", "arbiter")
    a, b = before["matches"][0]["first"], before["matches"][1]["second"]
    # hand change by keyboard: pick two teams, give the reason, swap
    page.focus(f"button.pick[data-team='{a['id']}']")
    page.keyboard.press("Enter")
    page.focus(f"button.pick[data-team='{b['id']}']")
    page.keyboard.press("Enter")
    page.focus("#change-reason")
    page.keyboard.type("clubs asked (test)")
    page.focus("button[data-action=swap]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#pairing-cap:has-text('changed by hand')")
    after = api.get(f"/tournaments/{TID}/rounds/4", "arbiter")
    assert after["manual"] is True
    pairs = {frozenset((m["first"]["id"], (m["second"] or {}).get("id"))) for m in after["matches"]}
    assert frozenset((a["id"], before["matches"][0]["second"]["id"])) not in pairs
    # colours: pick one team, switch the colours of its match
    page.focus(f"button.pick[data-team='{a['id']}']")
    page.keyboard.press("Enter")
    page.focus("button[data-action=colours]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#picked:has-text('Pick one team')")  # done: nothing picked any more
    switched = api.get(f"/tournaments/{TID}/rounds/4", "arbiter")
    mine = next(m for m in switched["matches"] if a["id"] in (m["first"]["id"], (m["second"] or {}).get("id")))
    was = next(m for m in after["matches"] if a["id"] in (m["first"]["id"], (m["second"] or {}).get("id")))
    assert (mine["first"]["id"], mine["second"]["id"]) == (was["second"]["id"], was["first"]["id"])
    shots(page, screenshots, "round-paired", "details.explanation")
    page.focus("#publish")
    page.keyboard.press("Enter")
    page.wait_for_selector("#results-link")
    assert api.get(f"/tournaments/{TID}/rounds/4", None)["state"] == "published"
    page.focus("#results-link")
    page.keyboard.press("Enter")
    settle(page, f"#/staff/t/{TID}/results/4")
    page.focus("#complete")  # too early: refused with the API's detail and rule
    page.keyboard.press("Enter")
    text = problem_text(page)
    refusal = api.refusal("POST", f"/tournaments/{TID}/rounds/4/complete", "arbiter")
    assert page.locator("#staff .problem code.rule").inner_text() == refusal["rule"]
    assert refusal["detail"] in text and "409" not in text
    assert page.get_attribute("#staff .problem", "data-status") == "409"
    # every board, keyboard only: focus the grid's first cell, then type; each key saves and moves down
    cells = page.locator("td.rc")
    total = cells.count()
    assert total == sum(len(m["boards"]) for m in after["matches"] if not m["pab"]) == 44  # 23 teams, a PAB
    cells.first.focus()
    typed: dict[str, str] = {}
    white = {f"{m['id']}:{b['board']}": b["white"] for m in after["matches"] for b in m["boards"]}
    assert {"first", "second"} <= set(white.values())  # the left team has Black on some boards
    for i in range(total):
        key = page.evaluate("document.activeElement.dataset.key")
        k = KEYS[i % len(KEYS)]
        typed[key] = white_first(CODE[k], white[key])  # "1" is 1-0 for the left team's player, as on the slip
        page.keyboard.press(k)
    page.wait_for_function("() => !document.querySelector('tr.st-saving')")
    page.wait_for_selector(f"p.progress:has-text('{total} of {total}')")
    # correct one result with the arrows: up to the last board, then "=" again, saved with the match's ETag
    page.keyboard.press("End")
    last = page.evaluate("document.activeElement.dataset.key")
    assert typed[last] != white_first("0-1", white[last])
    page.keyboard.press("0")
    typed[last] = white_first("0-1", white[last])
    page.wait_for_function("() => !document.querySelector('tr.st-saving')")
    shots(page, screenshots, "results", "table.grid")
    rnd = api.get(f"/tournaments/{TID}/rounds/4", "arbiter")
    stored = {f"{m['id']}:{b['board']}": b["result"] for m in rnd["matches"] for b in m["boards"]}
    assert stored == typed
    page.focus("#complete")
    page.keyboard.press("Enter")
    page.wait_for_selector("#staff .okmsg:has-text('Round 4 completed')")
    assert api.get(f"/tournaments/{TID}/rounds/4", None)["state"] == "completed"
    # the public page shows the standings after round 4, as the API computes them
    standings = api.get(f"/tournaments/{TID}/standings", None)
    assert standings["after_round"] == 4
    page.focus("a:has-text('Standings on the public page')")
    page.keyboard.press("Enter")
    page.wait_for_function("(h) => document.body.dataset.route === h", arg=f"#/t/{TID}/standings?after=4")
    page.wait_for_selector("table.standings tbody tr")
    assert page.locator("#staff").count() == 0  # the console is gone, the public page is back
    assert "4" in page.inner_text("table.standings caption")
    first = page.locator("table.standings tbody tr").first
    assert first.locator("th.team").inner_text().strip() == standings["rows"][0]["team"]["name"]


def test_reopen_asks_for_confirmation(api: Api, new_page: Any) -> None:
    page = new_page(1280)
    login(page, api, "arbiter", f"#/staff/t/{TID}/round/4")
    page.focus("#reopen")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open]")
    assert "Reopen round 4?" in page.inner_text("dialog[open]")
    page.keyboard.press("Enter")  # the dialog starts on "Cancel"
    page.wait_for_selector("dialog[open]", state="detached")
    assert api.get(f"/tournaments/{TID}/rounds/4", None)["state"] == "completed"
    page.focus("#reopen")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open]")
    page.keyboard.press("Shift+Tab")  # to "Reopen"
    page.keyboard.press("Enter")
    page.wait_for_selector("#results-link")
    assert api.get(f"/tournaments/{TID}/rounds/4", None)["state"] == "in_progress"
    page.focus("#complete")
    page.keyboard.press("Enter")
    page.wait_for_selector("a:has-text('Standings on the public page')")
    assert api.get(f"/tournaments/{TID}/rounds/4", None)["state"] == "completed"


# ---------------------------------------------------------------- two laptops


def test_two_arbiters_see_each_others_entries_and_a_stale_write_names_who_changed_it(
        api: Api, new_page: Any, screenshots: Path) -> None:
    api.call("POST", f"/tournaments/{TID}/rounds/5/pair", user="arbiter")
    api.call("POST", f"/tournaments/{TID}/rounds/5/publish", user="arbiter")
    route = f"#/staff/t/{TID}/results/5"
    one = new_page(1280)
    two = new_page(1280)
    login(one, api, "arbiter", route, "?poll=1000")
    login(two, api, "arbiter2", route, "?poll=1000")
    # the server's event stream carries the entries (GET /tournaments/{t}/events)
    for page in (one, two):
        page.wait_for_selector(".live-status[data-mode=stream]")
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    m1, m2 = rnd["matches"][0], rnd["matches"][1]
    k1, k2 = f"{m1['id']}:1", f"{m2['id']}:1"
    one.locator(f"td.rc[data-key='{k1}']").focus()
    one.keyboard.press("1")
    two.wait_for_selector(f"td.rc[data-key='{k1}'] .val:text-is('1-0')", timeout=15_000)
    two.locator(f"td.rc[data-key='{k2}']").focus()
    two.keyboard.press("=")
    one.wait_for_selector(f"td.rc[data-key='{k2}'] .val:text-is('½-½')", timeout=15_000)
    # the same without the stream: polling with If-None-Match
    four = new_page(1280)
    login(four, api, "arbiter2", route, "?live=poll&poll=1000")
    four.wait_for_selector(".live-status[data-mode=polling]")
    k3 = f"{rnd['matches'][2]['id']}:1"
    one.locator(f"td.rc[data-key='{k3}']").focus()
    one.keyboard.press("0")
    four.wait_for_selector(f"td.rc[data-key='{k3}'] .val:text-is('0-1')", timeout=15_000)
    # a third laptop that does not refresh: its value is stale when someone else changes the board
    three = new_page(1280, locale="el-GR")  # in Greek: the stale state lives only in this page
    login(three, api, "arbiter", route, "?live=poll&poll=600000")
    assert three.evaluate("document.documentElement.lang") == "el"
    api.call("PUT", f"/tournaments/{TID}/rounds/5/matches/{m1['id']}/boards/1", {"result": "0-1"}, user="arbiter2",
             headers={"If-Match": api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"][0]["etag"]})
    three.locator(f"td.rc[data-key='{k1}']").focus()
    three.keyboard.press("=")
    text = problem_text(three)
    now = white_first("0-1", m1["boards"][0]["white"])  # as the grid writes it, from the left team's side
    assert "arbiter2" in text and now in text and "412" not in text
    assert three.get_attribute("#staff .problem", "data-status") == "412"
    assert three.locator(f"td.rc[data-key='{k1}'] .val").inner_text() == now  # the current value is shown
    assert api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"][0]["boards"][0]["result"] == "0-1"
    # the focus is back on the board, not on <body>, and the value typed is kept: Enter enters it after all
    three.wait_for_function("(k) => document.activeElement?.dataset?.key === k", arg=k1)
    assert "½-½" in text and "Enter" in text
    three.screenshot(path=str(screenshots / "staff-results-stale-el-1280.png"), full_page=True)
    three.keyboard.press("Enter")
    three.wait_for_selector(f"td.rc[data-key='{k1}'] .val:text-is('½-½')")
    three.wait_for_selector(".conn[data-waiting='0']")
    assert api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"][0]["boards"][0]["result"] == "1/2-1/2"


def test_match_forfeit_and_absence_by_keyboard(api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    login(page, api, "arbiter", f"#/staff/t/{TID}/results/5")
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    m = [x for x in rnd["matches"] if not x["pab"]][-1]
    page.focus(f"button[data-forfeit='{m['id']}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open] input[value=none]:focus")
    assert "expelled (R-7.4)" in page.inner_text("dialog[open]")
    page.keyboard.press("ArrowDown")  # "the first team did not appear"
    page.keyboard.press("Tab")  # to "Next"
    page.keyboard.press("Enter")
    # a confirmation that names the consequence, starting on "Cancel"
    page.wait_for_selector("dialog[open] h2:has-text('Forfeit at table')")
    said = page.inner_text("dialog[open]")
    assert f"{m['first']['name']} is expelled" in said and "R-7.4" in said and m["second"]["name"] in said
    page.keyboard.press("Enter")  # "Cancel": nothing is saved
    page.wait_for_selector("dialog[open]", state="detached")
    assert next(x for x in api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"]
                if x["id"] == m["id"])["forfeit"] is None
    page.focus(f"button[data-forfeit='{m['id']}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open] input[value=none]:focus")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open] h2:has-text('Forfeit at table')")
    page.keyboard.press("Shift+Tab")  # to "Forfeit and expel"
    assert page.evaluate("document.activeElement.textContent") == "Forfeit and expel"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"tbody[data-match='{m['id']}'] .warn:has-text('first team absent')")
    after = next(x for x in api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"] if x["id"] == m["id"])
    assert after["forfeit"] == "first" and after["match_points"] == ["0", "2"]
    assert api.get(f"/tournaments/{TID}/teams/{m['first']['id']}")["status"] == "expelled"
    # an absence is marked before the next round is paired
    show(page, f"#/staff/t/{TID}/round/6")
    team = next(x for x in api.all(f"/tournaments/{TID}/teams") if x["status"] == "entered")
    press_space(page, f"#abs-{team['id']}")
    page.wait_for_selector(f"#abs-{team['id']}:checked")
    assert api.get(f"/tournaments/{TID}/rounds/6", "arbiter")["absent_team_ids"] == [team["id"]]
    shots(page, screenshots, "round-absences", f"#abs-{team['id']}:checked")


def test_the_event_stream_replaces_a_match_in_place(api: Api, new_page: Any) -> None:
    """The console reads GET /tournaments/{t}/events as the contract says (here the stream is played back)."""
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    m = rnd["matches"][1]
    changed = json.loads(json.dumps(m))
    changed["boards"][1]["result"] = "1/2-1/2"
    changed["etag"] = 'W/"match-stream-test"'
    body = ("retry: 600000\n\n"
            f"id: 7\nevent: match\ndata: {json.dumps({'round': 5, 'match': changed, 'version': 99})}\n\n"
            "id: 8\nevent: standings\ndata: {\"version\": 100, \"after_round\": 4}\n\n")
    page = new_page(1280)
    streams: list[str] = []

    def play(route: Any) -> None:
        streams.append(route.request.url)
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"},
                      body=body if len(streams) == 1 else "retry: 600000\n\n")

    page.route(re.compile(r".*/tournaments/1/events.*"), play)
    login(page, api, "arbiter", f"#/staff/t/{TID}/results/5", "?poll=600000")
    key = f"{m['id']}:2"
    page.wait_for_selector(f"td.rc[data-key='{key}'] .val:text-is('½-½')")
    assert streams and page.locator(f"tbody[data-match='{m['id']}'] tr.mhead").count() == 1


# ---------------------------------------------------------------- team manager


def _manager_tournament(api: Api) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    """A tournament starting in a month (lineups open), one team of the manager: P1-P3 boys, P4 a girl, P5 a boy."""
    start = (datetime.now(UTC).date() + timedelta(days=30)).isoformat()
    t = api.call("POST", "/tournaments", {"name": "Lineup Cup", "preset": "k12-2025", "start_date": start,
                                          "move_schedule": True})
    club = api.call("POST", "/clubs", {"name": "ΣΟ Lineup"})
    players = [api.call("POST", "/players", {"club_id": club["id"], "last_name": f"Παίκτης{i}", "first_name": "Α",
                                             "sex": "w" if i == 4 else "m", "birth_date": "2015-05-05",
                                             "fide_rating": 1900 - 50 * i, "activation_fee_paid": True})
               for i in range(1, 6)]
    team = api.call("POST", f"/tournaments/{t['id']}/teams", {"club_id": club["id"], "name": "Lineup A"})
    api.call("POST", f"/tournaments/{t['id']}/teams/{team['id']}/payments",
             {"amount": "36.00", "paid_on": date.today().isoformat(), "reference": "x"})
    api.call("PUT", f"/tournaments/{t['id']}/teams/{team['id']}/roster", {"player_ids": [p["id"] for p in players]})
    users = {u["username"]: u["id"] for u in api.all("/users")}
    api.call("POST", f"/tournaments/{t['id']}/members", {"user_id": users["manager"], "role": "manager",
                                                         "team_id": team["id"]})
    return t["id"], team, players


def test_team_manager_lineup_checked_live_and_refused_with_its_rule(api: Api, new_page: Any,
                                                                   screenshots: Path) -> None:
    tid, team, players = _manager_tournament(api)
    page = new_page(1280)
    login(page, api, "manager", f"#/staff/t/{tid}")
    nav = page.locator(".s-header nav a").all_inner_texts()
    assert "Lineups" in nav and "Rounds" not in nav and "Results" not in nav and "Entries" not in nav
    show(page, f"#/staff/t/{tid}/lineup/1")
    page.wait_for_selector("#lineup-check .okmsg")  # the base lineup P1-P4 has the girl
    assert re.search(r"closes in \d+ d \d\d:\d\d:\d\d", page.inner_text("#deadline"))
    shots(page, screenshots, "lineup", "#lineup-check .okmsg")
    # take the girl out and put P5 in: the live check names at once
    press_space(page, f"#plays-{players[3]['id']}", f"#plays-{players[4]['id']}")
    page.wait_for_selector("#lineup-check li[data-rule='R-3.2']")
    # submitting it anyway: the API refuses it, and the page shows the rule id
    page.focus("#submit-lineup")
    page.keyboard.press("Enter")
    text = problem_text(page)
    assert "R-3.2" in page.locator("#staff .problem code.rule").inner_text() and "girl" in text
    lineup = api.get(f"/tournaments/{tid}/rounds/1/lineups/{team['id']}")
    assert lineup["submitted"] is False
    shots(page, screenshots, "lineup-refused", "#lineup-check li[data-rule='R-3.2']")
    # the girl back instead of P3: valid, submitted, stored in board order
    press_space(page, f"#plays-{players[2]['id']}", f"#plays-{players[3]['id']}")
    page.wait_for_selector("#lineup-check .okmsg")
    press_space(page, f"#cap-{players[0]['id']}")
    page.focus("#submit-lineup")
    page.keyboard.press("Enter")
    page.wait_for_selector("#staff .okmsg:has-text('Lineup saved')")
    lineup = api.get(f"/tournaments/{tid}/rounds/1/lineups/{team['id']}")
    assert lineup["submitted"] is True and lineup["captain_id"] == players[0]["id"]
    assert [b["player"]["id"] for b in lineup["boards"]] == [players[i]["id"] for i in (0, 1, 3, 4)]
    # the roster screen of the manager's own team
    show(page, f"#/staff/t/{tid}/rosters")
    assert page.locator("#team-pick option").count() == 1
    shots(page, screenshots, "manager-roster", "table.ros")


# ---------------------------------------------------------------- appeals


def test_appeal_filed_within_the_deadline_and_decided_by_the_committee(api: Api, new_page: Any,
                                                                      screenshots: Path) -> None:
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    match = rnd["matches"][0]  # board 1 ended a moment ago (the two-laptop test)
    users = {u["username"]: u["id"] for u in api.all("/users")}
    api.call("POST", f"/tournaments/{TID}/members", {"user_id": users["manager"], "role": "manager",
                                                     "team_id": match["first"]["id"]})
    page = new_page(1280)
    login(page, api, "manager", f"#/staff/t/{TID}/appeals")
    page.select_option("select[name=appeal_round]", "5")
    page.select_option("select[name=appeal_board]", "1")
    page.wait_for_selector("#appeal-deadline:has-text('closes in')")
    page.fill("textarea[name=appeal_text]", "The opponent's clock was started late.")
    shots(page, screenshots, "appeal-file", "#appeal-deadline")
    page.select_option("select[name=appeal_round]", "5")
    page.select_option("select[name=appeal_board]", "1")
    page.fill("textarea[name=appeal_text]", "The opponent's clock was started late.")
    page.click("button:has-text('File an appeal') >> nth=-1")
    page.wait_for_selector("article.appeal")
    appeals = api.get(f"/tournaments/{TID}/appeals", "admin")["items"]
    assert len(appeals) == 1 and appeals[0]["status"] == "open" and appeals[0]["board"] == 1
    # the organiser decides for the committee
    boss = new_page(1280)
    login(boss, api, "admin", f"#/staff/t/{TID}/appeals")
    assert "Sitting committee" in boss.inner_text("article.appeal")
    shots(boss, screenshots, "appeal-decide", "article.appeal")
    boss.check(f"#dec-{appeals[0]['id']}-upheld")
    boss.fill(f"#reasons-{appeals[0]['id']}", "The arbiter confirmed the late start.")
    boss.click("button:has-text('Record the decision')")
    boss.wait_for_selector("article.appeal .badge:has-text('upheld')")
    decided = api.get(f"/tournaments/{TID}/appeals", "admin")["items"][0]
    assert decided["status"] == "upheld" and decided["fee_status"] == "returned"


# ---------------------------------------------------------------- printing


def _pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(w), float(h)) for w, h in re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)]


def test_print_sheets_are_a4_pairings_slips_and_standings(api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    login(page, api, "arbiter", f"#/staff/t/{TID}/print/pairings/4")
    assert page.locator(".sheet table.pairs tbody tr").count() == 12  # 11 matches and the PAB
    shots(page, screenshots, "print-pairings", ".sheet")
    page.emulate_media(media="print")
    page.screenshot(path=str(screenshots / "staff-print-pairings-a4.png"), full_page=True)
    assert page.locator(".s-header").is_hidden() and page.locator(".toolbar").is_hidden()
    pages = _pdf_pages(page.pdf(prefer_css_page_size=True))
    assert pages and all(abs(w - 595.92) < 1 and abs(h - 842.88) < 1 for w, h in pages), pages  # A4
    page.emulate_media(media="screen")
    show(page, f"#/staff/t/{TID}/print/slips/4")
    assert page.locator(".slip").count() == 11
    assert page.locator(".slip").first.locator(".sign").count() == 3  # both captains and the arbiter sign
    shots(page, screenshots, "print-slips", ".slip")
    page.emulate_media(media="print")
    page.screenshot(path=str(screenshots / "staff-print-slips-a4.png"), full_page=True)
    pages = _pdf_pages(page.pdf(prefer_css_page_size=True))
    assert len(pages) == 6, pages  # two slips a page
    page.emulate_media(media="screen")
    show(page, f"#/staff/t/{TID}/print/standings?after=4")
    standings = api.get(f"/tournaments/{TID}/standings?round=4", None)
    assert page.locator(".sheet table.stand tbody tr").count() == len(standings["rows"])
    shots(page, screenshots, "print-standings", ".sheet")


# ---------------------------------------------------------------- the two languages


def test_greek_and_english_are_both_complete(api: Api, new_page: Any) -> None:
    """One catalogue per language for the public page and the console: the same keys, none written twice."""
    page = new_page(1280)
    page.goto(f"{api.web}#/staff")
    page.wait_for_selector("input[name=username]")
    missing = page.evaluate("""async () => {
        const m = await import('./js/i18n/index.js');
        const en = Object.keys(m.CATALOGUES.en), el = Object.keys(m.CATALOGUES.el);
        const twice = {};
        for (const lang of ['en', 'el']) {
          const src = await (await fetch(`./js/i18n/${lang}.js`)).text();
          twice[lang] = src.split(/^export /m).flatMap((part) => {  // the strings, then the tie-break names
            const keys = [...part.matchAll(/^  "?([\\w.-]+)"?: /mg)].map((x) => x[1]);
            return keys.filter((k, i) => keys.indexOf(k) !== i);
          });
        }
        const cat = m.CATALOGUES;
        return { el: en.filter((k) => !el.includes(k)), en: el.filter((k) => !en.includes(k)), twice,
                 same: en.filter((k) => cat.en[k] === cat.el[k] && /[a-z]{3}/i.test(cat.en[k])) };
    }""")
    assert missing["el"] == [] and missing["en"] == []
    assert missing["twice"] == {"en": [], "el": []}
    # an English string left untranslated in Greek would show up here (names and codes are the same)
    assert set(missing["same"]) <= {"appName", "api", "byesAbbr", "elotKey", "fideId", "fideRating"}, missing["same"]
    page.click('#staff .langs button[lang="el"]')
    page.wait_for_selector("h1:has-text('Σύνδεση')")
    assert page.evaluate("document.documentElement.lang") == "el"
