"""The public web page (web/) in a real browser against a real server with the demo tournament.

Run with ``pytest -m browser tests/browser``; needs Debian's chromium and the playwright package.
Screenshots for review are written to var/screenshots/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.services.elot743 import fold, sort_key, transliterate
from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

TID = 1  # the demo tournament

# Names that exercise every ELOT 743 rule (digraphs, μπ, γγ/γκ/γξ/γχ, accents, diaeresis, capitals).
TRICKY = [
    "Ευάγγελος Παπαδόπουλος", "ΘΕΜΑ", "Θέμα", "Θ.", "άυλος", "προϋπόθεση", "Αύρα", "ΕΣΣΘ-Χ",
    "Μπάμπης", "Λαμπρόπουλος", "Άγγελος", "Σ.A.Χερσονήσου Β", "Team 10", "Team 2", "Ζωή", "Ψαράς",
    "ΨΑΡΑΣ", "Εύβοια", "αυτός", "Ευθύμιος", "Ηυγενής", "Γκίκας", "Αγχίαλος", "Σφίγξ", "Ἀθῆναι",
    "Ούρσουλα", "ΜΠΟΥΡΑΣ", "Müller, Jörg", "Οικονόμου, Αύγουστος", "Χατζηδάκη, Χαρά",
]


def goto(page: Any, server: Server, route: str) -> None:
    """Open a route and wait until its view is on screen (a hash change is not a page load)."""
    url = f"{server.web}#/t/{TID}/{route}".rstrip("/")
    page.goto(url)
    page.wait_for_function("(h) => document.body.dataset.route === h", arg=url[url.index("#"):])


def test_standings_show_the_leader_and_every_tiebreak(server: Server, new_page: Any) -> None:
    api = server.get(f"/tournaments/{TID}/standings")
    page = new_page(1280)
    goto(page, server, "standings")
    rows = page.locator("table.standings tbody tr")
    rows.first.wait_for()
    assert rows.count() == len(api["rows"])
    leader = api["rows"][0]
    assert rows.first.locator("th.team a").inner_text() == leader["team"]["name"]
    assert rows.first.locator("td.rk").inner_text().rstrip("=") == str(leader["rank"])
    caption = page.locator("table.standings caption").inner_text()
    assert str(api["after_round"]) in caption
    # MP and GP are columns of their own; every other tie-break is a column, with its full name
    assert api["tiebreaks"][0] == "MPTS" and "GPTS" in api["tiebreaks"]
    heads = page.locator("table.standings thead th.tb abbr")
    assert heads.all_inner_texts() == [c for c in api["tiebreaks"] if c not in ("MPTS", "GPTS")]
    names = dict(zip(heads.all_inner_texts(), [heads.nth(i).get_attribute("title") for i in range(heads.count())],
                     strict=True))
    assert names["DE-ALLMET"] == "Direct encounter (all met)"
    assert names["EMGSB/C1"] == "Olympiad Sonneborn-Berger (cut 1)"
    assert names["TBR"] == "Board points by board order"
    legend = page.locator(".legend").inner_text()
    assert "Olympiad Sonneborn-Berger (cut 1)" in legend and "Match points" in legend and "Game points" in legend
    # the values are the API's: MP, GP, and the value tie-break EMGSB/C1
    assert rows.first.locator("td.mp").inner_text() == leader["mp"]
    assert rows.first.locator("td.gp").inner_text() == leader["gp"].replace(".5", "½")
    k = heads.all_inner_texts().index("EMGSB/C1")
    esb = next(tb["value"] for tb in leader["tiebreaks"] if tb["code"] == "EMGSB/C1")
    assert rows.first.locator("td.tb").nth(k).inner_text() == esb.replace(".5", "½")


def test_live_round_results_completion_and_next_pairings_appear_without_reload(server: Server, new_page: Any,
                                                                screenshots: Path) -> None:
    token = server.token()
    number = server.live_round(TID, token)
    rnd = server.get(f"/tournaments/{TID}/rounds/{number}")
    match = next(m for m in rnd["matches"] if m["second"] is not None and m["boards"][0]["result"] is None)
    table, board = match["table"], match["boards"][0]
    page = new_page(360, height=740)
    requests: list[Any] = []
    page.on("request", lambda r: requests.append(r))
    # poll every second instead of the default 4 s, to keep the test short
    # this test follows the polling path: the event stream is made unavailable (tests/browser/test_live.py
    # follows the stream)
    page.route(lambda url: url.split("?")[0].endswith(f"/tournaments/{TID}/events"),
               lambda route: route.fulfill(status=404, content_type="application/problem+json", body="{}"))
    page.goto(f"{server.web}?poll=1000#/t/{TID}/r/{number}")
    page.wait_for_selector(f"#m-{table}")
    cell = page.locator(f"#m-{table} tbody tr").first.locator("td.res")
    assert cell.inner_text().strip().startswith("…")
    assert page.locator("#live").is_visible()
    before = page.locator("#updated").inner_text()
    page.evaluate("window.__sameDocument = 42")
    # polling is conditional: nothing changed yet, so the server answers 304
    with page.expect_response(lambda r: f"/rounds/{number}" in r.url and r.status == 304, timeout=10_000):
        pass

    server.post(f"/tournaments/{TID}/rounds/{number}/results",
                {"results": [{"table": table, "board": 1, "result": "1-0"}]}, token=token)
    # White won: the first team's side shows 1 when the first team has White on board 1
    expected = "1–0" if board["white"] == "first" else "0–1"
    page.wait_for_function(
        "([sel, want]) => document.querySelector(sel)?.textContent.trim() === want",
        arg=[f"#m-{table} tbody tr:first-child td.res", expected], timeout=15_000)
    assert page.evaluate("window.__sameDocument") == 42, "the page reloaded"
    after = page.locator("#updated").inner_text()
    assert after.startswith("Last updated") and after != before
    # the provisional match score follows the board
    assert page.locator(f"#m-{table} thead th.score").inner_text().strip().endswith(expected)
    page.screenshot(path=str(screenshots / "round-live-360.png"), full_page=False)
    # the page is a public reader: GETs only, no token
    api = [r for r in requests if r.url.startswith(server.url) and "/web/" not in r.url]
    assert api and all(r.method in ("GET", "OPTIONS") for r in api)
    assert not any("authorization" in r.headers for r in api)

    # the round is completed: the page says so and stops polling
    rnd = server.get(f"/tournaments/{TID}/rounds/{number}")
    results = [{"table": m["table"], "board": b["board"], "result": "1/2-1/2"} for m in rnd["matches"]
               if m["second"] is not None and m["forfeit"] is None for b in m["boards"] if b["result"] is None]
    server.post(f"/tournaments/{TID}/rounds/{number}/results", {"results": results}, token=token)
    server.post(f"/tournaments/{TID}/rounds/{number}/complete", token=token)
    page.wait_for_selector("#round-state .state-completed", timeout=15_000)
    assert all("…" not in x for x in page.locator("td.res").all_inner_texts())

    # the next round's page waits for its pairings and shows them once published, still without a reload
    page.locator(f'.picker a[href="#/t/{TID}/r/{number + 1}"]').click()
    page.wait_for_function("(h) => document.body.dataset.route === h", arg=f"#/t/{TID}/r/{number + 1}")
    assert page.locator(".match").count() == 0
    server.post(f"/tournaments/{TID}/rounds/{number + 1}/pair", token=token)
    server.post(f"/tournaments/{TID}/rounds/{number + 1}/publish", token=token)
    page.wait_for_selector(".match", timeout=15_000)
    assert page.locator("#live").is_visible()
    assert page.evaluate("window.__sameDocument") == 42, "the page reloaded"


def test_greek_and_english_switch_and_the_choice_is_remembered(server: Server, new_page: Any) -> None:
    page = new_page(1280, locale="el-GR")
    goto(page, server, "standings")
    assert page.locator("html").get_attribute("lang") == "el"
    assert page.locator("main h1").inner_text() == "Κατάταξη"
    assert "Sonneborn-Berger Ολυμπιάδας (αποκοπή 1)" in page.locator(".legend").inner_text()
    assert page.locator('.langs button[lang="el"]').get_attribute("aria-pressed") == "true"

    page.locator('.langs button[lang="en"]').click()
    page.wait_for_function("document.querySelector('main h1').textContent === 'Standings'")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("main h1").inner_text() == "Standings"
    assert page.locator('.langs button[lang="en"]').get_attribute("aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("main h1")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("main h1").inner_text() == "Standings"

    english = new_page(1280, locale="en-US")
    goto(english, server, "")
    assert english.locator("html").get_attribute("lang") == "en"
    english.locator('.langs button[lang="el"]').click()
    english.wait_for_function("document.querySelector('header nav a').textContent === 'Τουρνουά'")
    assert english.locator("html").get_attribute("lang") == "el"
    assert english.locator("header nav").inner_text().split() == [
        "Τουρνουά", "Γύροι", "Κατάταξη", "Πίνακας", "Ομάδες", "Παίκτες", "Έπαθλα"]


def test_standings_and_round_fit_360px_and_screenshots(server: Server, new_page: Any, screenshots: Path) -> None:
    for width in (360, 1280):
        page = new_page(width)
        for route, name in (("standings", "standings"), ("r/3", "round")):
            goto(page, server, route)
            page.screenshot(path=str(screenshots / f"{name}-{width}.png"), full_page=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{route} at {width}px scrolls sideways by {overflow}px"
            if route == "standings" and width == 360:
                # the wide table scrolls inside its own labelled, focusable container
                box = page.locator(".scroll").first
                assert box.get_attribute("role") == "region" and box.get_attribute("tabindex") == "0"
                assert box.evaluate("(s) => s.scrollWidth > s.clientWidth")


def test_every_page_fits_360px(server: Server, new_page: Any) -> None:
    page = new_page(360, locale="el-GR")  # Greek labels are the longer ones
    for route in ("", "r/2", "crosstable", "teams", "team/19", "prizes", "search?q=ab", "player/41", "players",
                  "players?board=1", "standings"):
        goto(page, server, route)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{route} at 360px scrolls sideways by {overflow}px"


def test_tables_are_accessible_and_keyboard_focus_is_visible(server: Server, new_page: Any) -> None:
    page = new_page(1280)
    for route in ("", "standings", "crosstable", "r/2", "team/3", "prizes", "player/41", "players"):
        goto(page, server, route)
        problems = page.evaluate(TABLES_JS)
        assert problems == [], (route, problems)
        low = page.evaluate(CONTRAST_JS)
        assert low == [], (route, low[:5])
    # keyboard: the first Tab reaches the skip link, with a visible focus ring, then the header's links
    page = new_page(1280)  # a fresh load: focus starts at the top of the document
    page.goto(f"{server.web}#/t/{TID}/standings")
    page.wait_for_selector("table.standings")
    page.keyboard.press("Tab")
    focused = page.evaluate("(() => { const a = document.activeElement; const s = getComputedStyle(a);"
                            " return [a.className, s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert focused[0] == "skip" and focused[1] != "none" and focused[2] >= 2
    seen = []
    for _ in range(11):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("document.activeElement.textContent.trim()"))
    assert {"Standings", "Teams", "Prizes"} <= set(seen)
    # the skip link moves focus to the content and keeps the route
    page.reload()
    page.wait_for_selector("table.standings")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    assert page.url.endswith("#/t/1/standings")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('main') !== null")


# Tables: a caption, column headers with scope="col", row headers with scope="row"; the page has a lang.
TABLES_JS = """() => {
  const out = [];
  for (const t of document.querySelectorAll('main table')) {
    if (!t.querySelector(':scope > caption')?.textContent.trim()) out.push('table without caption');
    for (const th of t.querySelectorAll('thead th')) {
      if (th.getAttribute('scope') !== 'col') out.push('thead th scope');
    }
    for (const th of t.querySelectorAll('tbody th, tfoot th')) {
      if (th.getAttribute('scope') !== 'row') out.push('tbody th scope');
    }
  }
  if (!document.documentElement.lang) out.push('no lang');
  return out;
}"""

# Text contrast (WCAG AA 1.4.3): every visible text node against its nearest opaque background.
CONTRAST_JS = """() => {
  const parse = (c) => {
    const m = c.match(/[\\d.]+/g).map(Number);
    return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1};
  };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = ({r, g, b}) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const bgOf = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.a > 0.5) return c;
    }
    return {r: 255, g: 255, b: 255, a: 1};
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest('.vh, noscript, script') || !el.getClientRects().length) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || parseFloat(s.opacity) === 0) continue;
    const [a, b] = [lum(parse(s.color)), lum(bgOf(el))].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(s.fontSize);
    const bold = parseInt(s.fontWeight, 10) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) out.push(`${n.textContent.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
  }
  return out;
}"""


def collated(page: Any, names: list[str], locale: str) -> list[str]:
    """``names`` in the alphabetical order of ``locale`` (the browser's collation: Greek in Greek order)."""
    return list(page.evaluate("([names, locale]) => [...names].sort(new Intl.Collator(locale, "
                              "{sensitivity: 'base', numeric: true}).compare)", [names, locale]))


@pytest.mark.parametrize("locale", ["en-GB", "el-GR"])
def test_teams_sort_alphabetically_in_the_readers_order(server: Server, new_page: Any, locale: str) -> None:
    teams = [t for t in server.get(f"/tournaments/{TID}/teams?limit=500")["items"] if t["status"] != "waitlisted"]
    page = new_page(1280, locale=locale)
    goto(page, server, "teams?order=alpha")
    shown = page.locator("table.teams tbody th a").all_inner_texts()
    assert shown == collated(page, [t["name"] for t in teams], locale)
    goto(page, server, "teams")
    numbers = page.locator("table.teams tbody td:first-child").all_inner_texts()
    assert numbers == sorted(numbers, key=lambda x: int(x) if x.isdigit() else 10**9)


def test_prizes_show_board_prizes_and_the_union_ranking(server: Server, new_page: Any) -> None:
    real = server.get(f"/tournaments/{TID}/prizes")
    # the demo has played 3 rounds, too few for board prizes: feed one board's prizes in
    player = server.get(f"/tournaments/{TID}/teams/3/roster")["players"][0]["player"]
    board_prizes = [{"board": 1, "place": p, "tied": p == 2, "player": {"id": player["id"], "name": player["name"]},
                     "team": {"id": 3, "name": "T"}, "points": "3.5", "games": 4, "percentage": "87.5",
                     "percentage_display": "87.5", "performance": 1900 + p} for p in (1, 2)]
    page = new_page(1280)
    page.route(lambda url: url.endswith(f"/tournaments/{TID}/prizes"),
               lambda route: route.fulfill(json={**real, "boards": board_prizes}))
    goto(page, server, "prizes")
    table = page.locator("table.bprize")
    assert table.locator("caption").inner_text() == "Board 1"
    assert table.locator("tbody tr").first.locator("td").all_inner_texts()[0] == "1"
    assert table.locator("tbody tr").nth(1).locator("td").first.inner_text() == "2="
    assert "3½" in table.locator("tbody tr").first.inner_text()
    # the Union ranking: the standings filtered to teams of Union clubs, in standings order
    union_clubs = {c["id"] for c in server.get("/clubs?limit=500")["items"] if c["union_member"]}
    union_teams = {t["id"] for t in server.get(f"/tournaments/{TID}/teams?limit=500")["items"]
                   if t["club_id"] in union_clubs}
    expected = [r["team"]["name"] for r in server.get(f"/tournaments/{TID}/standings")["rows"]
                if r["team"]["id"] in union_teams]
    assert page.locator("table.union tbody th a").all_inner_texts() == expected
    assert [e["team"]["name"] for e in real["union"]] == expected[: len(real["union"])]


def test_search_finds_greek_names_typed_in_latin_letters(server: Server, new_page: Any) -> None:
    page = new_page(360)
    goto(page, server, "")
    page.fill("#q", "papadopoulou")
    page.keyboard.press("Enter")
    page.wait_for_selector("ul.hits li")
    found = page.locator("ul.hits li > a").all_inner_texts()
    assert found and all(fold(x).startswith("papadopoulou") for x in found)
    assert found == collated(page, found, "en-GB")
    page.locator("ul.hits li > a").first.click()  # the player's page
    page.wait_for_selector("table.pgames, main p")
    assert page.locator("main h1").inner_text().strip() == found[0]
    page.go_back()
    page.wait_for_selector("ul.hits li")
    page.locator("ul.hits li .block a").first.click()  # the player's team, with the player's row highlighted
    page.wait_for_selector("table.roster tr.hl")
    assert page.locator("table.roster tr.hl th").inner_text() == found[0]


def test_elot743_js_agrees_with_the_python_reference(server: Server, new_page: Any) -> None:
    players = [p["name"] for p in server.get("/players?limit=500")["items"]]
    teams = [t["name"] for t in server.get(f"/tournaments/{TID}/teams?limit=500")["items"]]
    names = TRICKY + players + teams
    page = new_page(1280)
    goto(page, server, "")
    js = page.evaluate("""async (names) => {
      const m = await import('./js/lib/elot743.js');
      return {tr: names.map(m.transliterate), fold: names.map(m.fold), sorted: m.sortByName(names),
              keys: names.map((n) => m.sortKey(n)[0])};
    }""", names)
    assert js["tr"] == [transliterate(n) for n in names]
    assert js["fold"] == [fold(n) for n in names]
    assert js["keys"] == [sort_key(n)[0] for n in names]
    assert js["sorted"] == sorted(names, key=sort_key)


def test_the_page_reads_only_its_own_origin_whatever_its_address_says(server: Server, new_page: Any) -> None:
    """An ``?api=`` in the page's address (a parameter older pages honoured) points nowhere: every request goes
    to the origin that served the page."""
    page = new_page(1280)
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    url = f"{server.web}?api=http://127.0.0.1:9/#/t/{TID}/standings"
    page.goto(url)
    page.wait_for_function("(h) => document.body.dataset.route === h", arg=url[url.index("#"):])
    page.wait_for_selector("table.standings tbody tr")
    leader = server.get(f"/tournaments/{TID}/standings")["rows"][0]["team"]["name"]
    assert page.locator("table.standings tbody tr").first.locator("th.team a").inner_text() == leader
    assert seen and all(x.startswith(f"{server.url}/") for x in seen), [x for x in seen if "127.0.0.1:9/" in x]
