"""axe-core (Deque's accessibility engine, from npm: tests/browser/package.json, installed by `make install`) over
every view of the public page and of the staff console, in Greek and English, at 360 and 1280 px: no serious or
critical violation. Skipped with a message when axe-core is not installed (no npm on the machine).

A demo server of its own: round 4 is paired and not published, so that the console's round screen is seen
pending (round 5), paired (round 4) and completed (round 3)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_staff import TID, Api, settle
from tests.demo_server import demo_server

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
SIZES = [(360, "el-GR"), (360, "en-GB"), (1280, "el-GR"), (1280, "en-GB")]
SERIOUS = ("serious", "critical")
#: Violations known and left, by (section, rule id): none.
KNOWN: set[tuple[str, str]] = set()


@pytest.fixture(scope="module")
def api(_can_browse: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    if not AXE.is_file():
        pytest.skip("axe-core is not installed: run `make install` (it needs npm), or "
                    "`npm ci --prefix tests/browser`")
    with demo_server(tmp_path_factory.mktemp("a11y")) as demo:
        demo.wait()
        server = Api(demo.url)
        server.call("POST", f"/tournaments/{TID}/rounds/4/pair")
        yield server


def public_routes(api: Api) -> list[str]:
    team = api.all(f"/tournaments/{TID}/teams")[0]
    player = api.get(f"/tournaments/{TID}/teams/{team['id']}/roster", None)["players"][0]["player"]
    t = f"#/t/{TID}"
    return ["#/", t, f"{t}/r", f"{t}/r/3", f"{t}/standings", f"{t}/crosstable", f"{t}/teams",
            f"{t}/team/{team['id']}", f"{t}/player/{player['id']}", f"{t}/players", f"{t}/prizes",
            f"{t}/search?q=pa"]


def staff_routes() -> list[str]:
    s = f"#/staff/t/{TID}"
    return ["#/staff", s, f"{s}/entries", f"{s}/rosters", f"{s}/ranking", f"{s}/round/5", f"{s}/round/4",
            f"{s}/round/3", f"{s}/results/3", f"{s}/lineup/5", f"{s}/appeals", f"{s}/print/pairings/4",
            f"{s}/print/slips/4", f"{s}/print/standings?after=3", f"{s}/clubs", f"{s}/people", f"{s}/players",
            "#/staff/account"]


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations of the page as it is now (WCAG 2.x A and AA, best practices)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.map((n) => n.target.join(' ')) }));
    }""")
    return [v for v in found if v["impact"] in SERIOUS]


def _show_public(page: Any, route: str) -> None:
    """Go to a public route and wait for its view (a route may redirect: #/ to the only tournament)."""
    if page.evaluate("location.hash") != route:
        page.evaluate("(h) => { document.body.dataset.route = ''; location.hash = h; }", route)
        page.wait_for_function("() => document.body.dataset.route")
    page.wait_for_function("() => !document.querySelector('main[aria-busy=true]')")


def _show_staff(page: Any, route: str) -> None:
    page.evaluate("(h) => { location.hash = h; }", route)
    settle(page, route)


def test_axe_finds_no_serious_or_critical_violation_on_any_view(api: Api, new_page: Any) -> None:
    failures: dict[str, list[dict[str, Any]]] = {}
    checked = 0
    for width, locale in SIZES:
        page = new_page(width, locale=locale)
        page.goto(f"{api.web}#/")
        page.wait_for_function("() => document.body.dataset.route !== undefined")
        for route in public_routes(api):
            _show_public(page, route)
            found = violations(page)
            checked += 1
            if found:
                failures[f"{route} {locale} {width}"] = found
        # the login form, then every staff view as the organiser
        _show_staff(page, "#/staff")
        page.wait_for_selector("input[name=username]")
        assert page.evaluate("document.activeElement && document.activeElement.name") == "username"
        if found := violations(page):
            failures[f"#/staff (login) {locale} {width}"] = found
        page.fill("input[name=username]", "admin")
        page.fill("input[name=password]", "teamswiss-demo")
        page.keyboard.press("Enter")
        page.wait_for_selector(".s-header .who")
        for route in staff_routes():
            _show_staff(page, route)
            section = route.split("/")[4] if route.count("/") >= 4 else ""
            found = [v for v in violations(page) if (section, v["id"]) not in KNOWN]
            checked += 1
            if found:
                failures[f"{route} {locale} {width}"] = found
        assert page.evaluate("document.documentElement.lang") == locale[:2]
    assert checked == 4 * (len(public_routes(api)) + len(staff_routes()))
    assert not failures, json.dumps(failures, indent=1, ensure_ascii=False)


def test_the_results_cells_are_named_with_their_value(api: Api, new_page: Any) -> None:
    page = new_page(1280)
    page.goto(f"{api.web}#/staff")
    page.wait_for_selector("input[name=username]")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", "teamswiss-demo")
    page.keyboard.press("Enter")
    page.wait_for_selector(".s-header .who")
    _show_staff(page, f"#/staff/t/{TID}/results/3")
    assert [v["id"] for v in violations(page)] == []
