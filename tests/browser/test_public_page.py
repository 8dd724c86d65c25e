"""The public page for parents and players, in a real browser at 360 and 1280 px, Greek and English.

The player page (opponents, next assignment), the round's compact list and team filter, the standings'
MP/GP at 360 px, group tie-breaks, the crosstable by rank, print media, the error pages, the tournament
list, exports, sharing with a QR code drawn in the page, the fallback from the event stream to polling,
and the page's weight and time to first content (printed, never asserted). Screenshots go to
var/screenshots/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

TID = 1
SIZES = [(360, "el-GR"), (360, "en-GB"), (1280, "el-GR"), (1280, "en-GB")]
GROUP = re.compile(r"^(DE|DE-ALLMET|EDE\w*|TBR|BBE)(?=$|[:/])")


def goto(page: Any, server: Server, route: str, *, query: str = "") -> None:
    url = f"{server.web}{query}#/t/{TID}/{route}".rstrip("/")
    page.goto(url)
    page.wait_for_function("(h) => document.body.dataset.route === h", arg=url[url.index("#"):])


def pts(value: str, lang: str) -> str:
    """Points as the page writes them: halves with ½ in both languages, else the language's decimal mark."""
    m = re.fullmatch(r"(-?)(\d+)\.5", value)
    if m:
        return ("−" if m.group(1) else "") + ("" if m.group(2) == "0" else m.group(2)) + "½"
    return value.replace(".", ",") if lang == "el" else value


def live_round(server: Server) -> int:
    """A round whose pairings are published (publishing the next one when none is)."""
    rounds = server.get(f"/tournaments/{TID}/rounds")["items"]
    live = next((r for r in rounds if r["state"] in ("published", "in_progress")), None)
    if live is not None:
        return int(live["number"])
    number = next(r["number"] for r in rounds if r["state"] == "pending")
    token = server.token()
    server.post(f"/tournaments/{TID}/rounds/{number}/pair", token=token)
    server.post(f"/tournaments/{TID}/rounds/{number}/publish", token=token)
    return int(number)


def each_size(new_page: Any, server: Server, route: str) -> Iterator[tuple[Any, int, str]]:
    """(page on the route, width, language) at 360 and 1280 px, in Greek and English."""
    for width, locale in SIZES:
        page = new_page(width, locale=locale)
        goto(page, server, route)
        yield page, width, locale[:2]


def no_sideways_scroll(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_player_page_shows_opponents_and_the_next_assignment(server: Server, new_page: Any,
                                                             screenshots: Path) -> None:
    number = live_round(server)
    rnd = server.get(f"/tournaments/{TID}/rounds/{number}")
    m = next(x for x in rnd["matches"] if x["second"] and x["boards"][1]["result"] is None)
    b = m["boards"][1]
    me, opp = b["first_player"], b["second_player"]
    api = server.get(f"/tournaments/{TID}/players/{me['id']}")
    assert api["next"]["round"] == number
    for page, width, lang in each_size(new_page, server, f"player/{me['id']}"):
        assert page.locator("main h1").inner_text().strip() == me["name"]
        nxt = page.locator("section.next")
        text = nxt.inner_text()
        assert opp["name"] in text and m["second"]["name"] in text
        assert (f"Τραπέζι {m['table']}" if lang == "el" else f"Table {m['table']}") in text
        assert (f"σκακιέρα {b['board']}" if lang == "el" else f"board {b['board']}") in text
        mine_white = b["white"] == "first"
        colour = {("el", True): "με τα λευκά", ("el", False): "με τα μαύρα", ("en", True): "with White",
                  ("en", False): "with Black"}[(lang, mine_white)]
        assert colour in text
        assert nxt.locator(f'a[href="#/t/{TID}/player/{opp["id"]}"]').count() == 1
        # every published round: the opponent by name (a link to their page) and the result
        rows = page.locator("table.pgames tbody tr")
        assert rows.count() == len(api["rounds"])
        for i, g in enumerate(api["rounds"]):
            row = rows.nth(i)
            if g["opponent"]:
                assert row.locator(f'a[href="#/t/{TID}/player/{g["opponent"]["id"]}"]').inner_text() == \
                    g["opponent"]["name"]
        assert no_sideways_scroll(page) <= 0
        page.screenshot(path=str(screenshots / f"player-{width}-{lang}.png"), full_page=True)
    # the search finds the player and links to the player page
    page = new_page(360)
    goto(page, server, "")
    page.fill("#q", me["name"].split(",")[0])
    page.keyboard.press("Enter")
    page.locator(f'ul.hits a[href="#/t/{TID}/player/{me["id"]}"]').click()
    page.wait_for_function("(h) => document.body.dataset.route === h", arg=f"#/t/{TID}/player/{me['id']}")
    assert page.locator("main h1").inner_text().strip() == me["name"]


def test_round_lists_matches_first_and_filters_by_team(server: Server, new_page: Any, screenshots: Path) -> None:
    rnd = server.get(f"/tournaments/{TID}/rounds/3")
    team = rnd["matches"][2]["second"]
    for page, width, lang in each_size(new_page, server, "r/3"):
        rows = page.locator("table.pairings tbody tr")
        assert rows.count() == len(rnd["matches"])
        # the compact list comes before the board cards
        assert page.evaluate("document.querySelector('#pairings').compareDocumentPosition("
                             "document.querySelector('.match')) & Node.DOCUMENT_POSITION_FOLLOWING") > 0
        first = rnd["matches"][0]
        assert rows.first.locator("td.res").inner_text().strip() == \
            f"{pts(first['score'][0], lang)}–{pts(first['score'][1], lang)}"
        page.screenshot(path=str(screenshots / f"round-{width}-{lang}.png"), full_page=False)
        # the filter: choose the team, only its match stays
        page.select_option("#team-filter", str(team["id"]))
        page.wait_for_function("(h) => document.body.dataset.route === h", arg=f"#/t/{TID}/r/3?team={team['id']}")
        assert page.locator(".match").count() == 1 and page.locator("table.pairings tbody tr").count() == 1
        assert team["name"] in page.locator(".match").inner_text()
        assert page.locator("#team-filter").input_value() == str(team["id"])
        assert no_sideways_scroll(page) <= 0
        page.screenshot(path=str(screenshots / f"round-team-{width}-{lang}.png"), full_page=True)
        page.get_by_role("link", name="Όλοι οι αγώνες" if lang == "el" else "Show all matches").click()
        page.wait_for_function("(h) => document.body.dataset.route === h", arg=f"#/t/{TID}/r/3")
        assert page.locator(".match").count() == len(rnd["matches"])
    # a team page links to its match of each round through the filter
    page = new_page(1280)
    goto(page, server, f"team/{team['id']}")
    assert page.locator(f'table.results a[href="#/t/{TID}/r/3?team={team["id"]}"]').count() == 1


def test_standings_show_mp_and_gp_at_360_and_meaningful_group_tiebreaks(server: Server, new_page: Any,
                                                                         screenshots: Path) -> None:
    api = server.get(f"/tournaments/{TID}/standings")
    codes = [c for c in api["tiebreaks"] if c not in ("MPTS", "GPTS")]
    for page, width, lang in each_size(new_page, server, "standings"):
        rows = page.locator("table.standings tbody tr")
        assert rows.count() == len(api["rows"])
        assert page.locator("table.standings thead th.tb abbr").all_inner_texts() == codes
        for i in (0, len(api["rows"]) - 1):
            row, want = rows.nth(i), api["rows"][i]
            assert row.locator("td.mp").inner_text() == pts(want["mp"], lang)
            assert row.locator("td.gp").inner_text() == pts(want["gp"], lang)
            for box in (row.locator("td.mp").bounding_box(), row.locator("td.gp").bounding_box(),
                        row.locator("th.team").bounding_box()):
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        assert no_sideways_scroll(page) <= 0
        # group tie-breaks: the decisive value or "—", never a column of 1s
        for code in codes:
            if not GROUP.match(code):
                continue
            k = api["tiebreaks"].index(code)
            col = codes.index(code)
            cells = [rows.nth(i).locator("td.tb").nth(col).inner_text().strip() for i in range(rows.count())]
            for cell, r in zip(cells, api["rows"], strict=True):
                tb = r["tiebreaks"][k]
                if tb["group"] == 1 or tb["decisive"] is None:
                    assert cell.startswith("—"), (code, cell, tb)
                else:
                    assert cell.startswith(pts(tb["decisive"], lang)), (code, cell, tb)
            assert set(cells) != {"1"}
        # one way to write halves in each language
        text = page.locator("table.standings").inner_text()
        assert not re.search(r"\d[.,]5\b", text), "halves are written ½"
        page.screenshot(path=str(screenshots / f"standings-{width}-{lang}.png"), full_page=True)


def test_crosstable_names_opponents_by_rank_and_is_in_the_navigation(server: Server, new_page: Any,
                                                                     screenshots: Path) -> None:
    st = server.get(f"/tournaments/{TID}/standings")
    ct = server.get(f"/tournaments/{TID}/crosstable")
    rank = {r["team"]["id"]: r["rank"] for r in st["rows"]}
    for width, locale in SIZES:
        lang = locale[:2]
        page = new_page(width, locale=locale)
        goto(page, server, "")
        nav = page.locator(f'header nav a[href="#/t/{TID}/crosstable"]')
        assert nav.inner_text() == ("Πίνακας" if lang == "el" else "Crosstable")
        nav.click()
        page.wait_for_function("(h) => document.body.dataset.route === h", arg=f"#/t/{TID}/crosstable")
        assert nav.get_attribute("aria-current") == "page"
        rows = page.locator("table.cross tbody tr")
        assert [rows.nth(i).get_attribute("data-team") for i in range(rows.count())] == \
            [str(r["team"]["id"]) for r in st["rows"]]
        for row_api in ct["rows"][:4]:
            row = page.locator(f'table.cross tbody tr[data-team="{row_api["team"]["id"]}"]')
            links = row.locator("td.x a")
            opponents = [x["opponent"] for x in row_api["rounds"] if x["opponent"]]
            assert links.count() == len(opponents)
            for j, opp in enumerate(opponents):
                a = links.nth(j)
                assert a.inner_text().split("(")[0].strip() == str(rank[opp["id"]])
                title = a.get_attribute("title") or ""
                assert opp["name"] in title and str(opp["tpn"]) in title
                assert ("αριθμός έναρξης" if lang == "el" else "starting number") in title
        assert no_sideways_scroll(page) <= 0
        page.screenshot(path=str(screenshots / f"crosstable-{width}-{lang}.png"), full_page=True)


def test_print_media_for_the_venue_wall(server: Server, new_page: Any, screenshots: Path) -> None:
    page = new_page(1280)
    for route, name in (("standings", "standings"), ("r/3", "round")):
        goto(page, server, route)
        page.emulate_media(media="print")
        assert page.locator("header").is_hidden() and page.locator("footer").is_hidden()
        assert page.locator(".picker").first.is_hidden()
        assert page.evaluate("getComputedStyle(document.querySelector('.scroll')).overflowX") == "visible"
        if name == "standings":
            # every column fits the sheet: nothing hides behind a scroll container
            assert page.evaluate("[...document.querySelectorAll('.scroll')].every("
                                 "(s) => s.scrollWidth <= s.clientWidth + 1)")
            assert page.evaluate("getComputedStyle(document.querySelector('table.standings th.team')).position") \
                == "static"
        else:
            assert page.locator("table.pairings").is_visible() and page.locator(".match").first.is_visible()
        page.screenshot(path=str(screenshots / f"print-{name}.png"), full_page=True)
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
        (screenshots / f"print-{name}.pdf").write_bytes(pdf)
        page.emulate_media(media="screen")


ERRORS = {
    "el": {"404": "Δεν βρέθηκε", "offline": "Δεν υπάρχει σύνδεση", "busy": "Ο διακομιστής είναι απασχολημένος",
           "back": "Επιστροφή στο τουρνουά", "list": "Όλα τα τουρνουά", "page": "Η σελίδα δεν βρέθηκε",
           "retry": "Δοκιμάστε ξανά"},
    "en": {"404": "Not found", "offline": "No connection", "busy": "The server is busy",
           "back": "Back to the tournament", "list": "All tournaments", "page": "Page not found",
           "retry": "Try again"},
}


def test_error_pages_are_translated_and_lead_back(server: Server, new_page: Any, screenshots: Path) -> None:
    for width, locale in SIZES:
        lang = locale[:2]
        words = ERRORS[lang]
        page = new_page(width, locale=locale)
        # a tournament that does not exist: back to the list, not to it
        page.goto(f"{server.web}#/t/999")
        page.wait_for_selector("body[data-error='404']")
        assert page.locator("main h1").inner_text() == words["404"]
        assert page.locator("main").get_by_role("link", name=words["list"]).get_attribute("href") == "#/"
        assert page.locator("header nav").count() == 0
        assert "no tournament" not in page.locator("main .error-text").inner_text()  # the API's English is tucked away
        page.screenshot(path=str(screenshots / f"error-404-{width}-{lang}.png"), full_page=True)
        # a page that does not exist inside a tournament: back to the tournament
        goto(page, server, "nothing-here")
        assert page.locator("main h1").inner_text() == words["page"]
        assert page.locator("main").get_by_role("link", name=words["back"]).get_attribute("href") == f"#/t/{TID}"
        # the server cannot be reached: no raw "Failed to fetch", a retry button
        page.route(lambda url: "/tournaments/" in url and "/web/" not in url, lambda route: route.abort())
        goto(page, server, "prizes")
        assert page.locator("main h1").inner_text() == words["offline"]
        assert "Failed to fetch" not in page.locator("main").inner_text()
        assert page.locator("main").get_by_role("button", name=words["retry"]).is_visible()
        page.screenshot(path=str(screenshots / f"error-offline-{width}-{lang}.png"), full_page=True)
        page.unroute_all()
        # busy: the server asks to wait; the page says how long and tries again by itself
        page.route(lambda url: url.endswith(f"/tournaments/{TID}/board-stats"),
                   lambda route: route.fulfill(status=503, headers={"Retry-After": "7"},
                                               content_type="application/problem+json",
                                               body=json.dumps({"title": "busy", "status": 503})))
        goto(page, server, "players")
        assert page.locator("main h1").inner_text() == words["busy"]
        assert "7" in page.locator("main .error-text").inner_text()
        page.unroute_all()
        assert no_sideways_scroll(page) <= 0


def test_tournament_list_tells_events_apart(server: Server, new_page: Any, screenshots: Path) -> None:
    real = server.get("/tournaments")
    one = real["items"][0]
    other = {**one, "id": 77, "city": "Λάρισα", "start_date": "2024-03-01", "end_date": "2024-03-03",
             "status": "finished", "current_round": None}
    running = {**one, "status": "running", "current_round": 4}
    body = {**real, "items": [running, other], "total": 2}
    for width, locale in ((360, "el-GR"), (1280, "en-GB")):
        page = new_page(width, locale=locale)
        page.route(lambda url: "/tournaments?" in url, lambda route: route.fulfill(json=body))
        page.goto(f"{server.web}#/")
        page.wait_for_function("document.body.dataset.route === '#/'")
        items = page.locator("ul.tournaments li")
        assert items.count() == 2
        a, b = items.nth(0).inner_text(), items.nth(1).inner_text()
        assert one["name"] in a and one["name"] in b
        assert one["city"] in a and "Λάρισα" in b
        assert "2024" in b and "2025" in a
        if locale.startswith("en"):
            assert "In progress · round 4 of 7" in a and "Finished" in b
        else:
            assert "Σε εξέλιξη · γύρος 4 από 7" in a and "Ολοκληρώθηκε" in b
        page.screenshot(path=str(screenshots / f"tournaments-{width}-{locale[:2]}.png"), full_page=True)


def test_provisional_note_only_while_a_round_runs_and_export_links(server: Server, new_page: Any) -> None:
    number = live_round(server)
    page = new_page(1280)
    goto(page, server, f"r/{number}")
    assert page.locator("#provisional").is_visible() and page.locator("#footer-provisional").count() == 0
    goto(page, server, "r/3")  # completed, but round {number} is played: the footer says it
    assert page.locator("#provisional").count() == 0 and page.locator("#footer-provisional").is_visible()
    link = page.locator(".downloads a").first
    href = link.get_attribute("href") or ""
    assert href.endswith("/export/pairings.csv?round=3&locale=en")  # in the page's language
    goto(page, server, "standings")
    hrefs = page.locator(".downloads a").evaluate_all("(xs) => xs.map((a) => a.href)")
    assert any("/export/standings.csv?round=" in h for h in hrefs)
    assert any("/export/standings.pdf?round=" in h for h in hrefs)
    assert any("/export/tournament.xlsx" in h for h in hrefs)
    goto(page, server, "")
    hrefs = page.locator(".downloads a").evaluate_all("(xs) => xs.map((a) => a.href)")
    assert any(h.endswith("/export/trf") for h in hrefs)
    for h in hrefs:  # the links work without a token
        status = page.evaluate("async (u) => (await fetch(u)).status", h)
        assert status == 200, h


def test_players_page_lists_board_statistics_with_provisional_leaders(server: Server, new_page: Any,
                                                                      screenshots: Path) -> None:
    stats = server.get(f"/tournaments/{TID}/board-stats")
    for page, width, lang in each_size(new_page, server, "players"):
        assert page.locator("table.players tbody tr").count() == len(stats["players"])
        if any(x["provisional"] for x in stats["leaders"]):
            assert page.locator(".leaders .badge.provisional").first.inner_text() == \
                ("προσωρινό" if lang == "el" else "provisional")
        leader = stats["leaders"][0]
        assert page.locator(f'.leaders a[href="#/t/{TID}/player/{leader["player"]["id"]}"]').count() >= 1
        goto(page, server, "players?board=2")
        shown = page.locator("table.players tbody tr").count()
        assert shown == sum(1 for p in stats["players"] for b in p["boards"] if b["board"] == 2 and b["games"])
        assert no_sideways_scroll(page) <= 0
        page.screenshot(path=str(screenshots / f"players-{width}-{lang}.png"), full_page=False)


def test_share_dialog_draws_a_qr_code_that_matches_a_reference_encoder(server: Server, new_page: Any,
                                                                       screenshots: Path) -> None:
    qrcode = pytest.importorskip("qrcode")
    page = new_page(360, locale="el-GR")
    goto(page, server, "standings")
    page.locator("footer button.share").click()
    dialog = page.locator("dialog#share")
    dialog.wait_for()
    assert dialog.locator("#share-url").input_value() == page.url
    svg = dialog.locator("svg.qr")
    assert svg.get_attribute("aria-label") == "Κωδικός QR της διεύθυνσης της σελίδας"
    page.screenshot(path=str(screenshots / "share-360-el.png"), full_page=False)
    version, mask = int(svg.get_attribute("data-version")), int(svg.get_attribute("data-mask"))
    drawn = page.evaluate("""(svg) => {
      const d = svg.querySelector('path').getAttribute('d');
      return [...d.matchAll(/M(\\d+) (\\d+)/g)].map((m) => [Number(m[2]) - 4, Number(m[1]) - 4]);
    }""", svg.element_handle())

    def reference(text: str, level: str, v: int, k: int) -> list[list[int]]:
        levels = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M,
                  "Q": qrcode.constants.ERROR_CORRECT_Q, "H": qrcode.constants.ERROR_CORRECT_H}
        q = qrcode.QRCode(version=v, error_correction=levels[level], border=0, mask_pattern=k)
        q.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE))
        q.make(fit=False)
        return [[int(x) for x in row] for row in q.get_matrix()]

    ref = reference(page.url, "M", version, mask)
    assert sorted(drawn) == sorted([r, c] for r, row in enumerate(ref) for c, x in enumerate(row) if x)
    # the encoder module by module against the reference, over versions, levels and every mask
    cases = [("http://127.0.0.1:8000/web/#/t/1/player/41", "M", 3), ("Παπαδοπούλου, Ελένη", "Q", 4),
             ("x" * 100, "L", 5), ("a" * 300, "M", 14), ("b" * 1000, "L", 32), ("c" * 1200, "H", 40)]
    got = page.evaluate("""async (cases) => {
      const m = await import('./js/lib/qr.js');
      return cases.map(([text, level, version]) => [0, 1, 2, 3, 4, 5, 6, 7].map(
        (mask) => m.encode(text, {level, version, mask}).map((row) => [...row])));
    }""", cases)
    for (text, level, v), per_mask in zip(cases, got, strict=True):
        for k, matrix in enumerate(per_mask):
            assert matrix == reference(text, level, v, k), (text[:12], level, v, k)
    page.keyboard.press("Escape")
    assert page.locator("dialog#share").count() == 0


def test_round_page_falls_back_to_polling_and_backs_off_on_503(server: Server, new_page: Any) -> None:
    number = live_round(server)
    page = new_page(360, locale="en-GB")
    seen: list[Any] = []
    page.on("request", lambda r: seen.append(r))
    # the event stream is unavailable (a 404, as from an older server): the page polls with If-None-Match
    page.route(lambda url: url.split("?")[0].endswith(f"/tournaments/{TID}/events"),
               lambda route: route.fulfill(status=404, content_type="application/problem+json", body="{}"))
    goto(page, server, f"r/{number}", query="?poll=1000")
    page.wait_for_function("document.body.dataset.live === 'poll'")
    assert any(r.url.split("?")[0].endswith(f"/tournaments/{TID}/events") for r in seen)
    with page.expect_request(lambda r: r.url.endswith(f"/rounds/{number}") and "if-none-match" in r.headers,
                             timeout=10_000):
        pass
    # the server is overloaded: 503 with Retry-After; the page says so and waits as asked
    page.route(lambda url: url.endswith(f"/tournaments/{TID}/rounds/{number}"),
               lambda route: route.fulfill(status=503, headers={"Retry-After": "30"},
                                           content_type="application/problem+json", body="{}"))
    page.wait_for_function("document.getElementById('checked')?.textContent.includes('retrying in 30 s')",
                           timeout=10_000)


def test_round_page_applies_stream_events_in_place(server: Server, new_page: Any) -> None:
    """The client side of the contract's event stream (the real stream is tested where it is built)."""
    number = live_round(server)
    rnd = server.get(f"/tournaments/{TID}/rounds/{number}")
    m = next(x for x in rnd["matches"] if x["second"] and x["boards"][0]["result"] is None)
    changed = json.loads(json.dumps(m))
    changed["boards"][0]["result"] = "1-0"
    changed["etag"] = 'W/"stream-test"'
    event = json.dumps({"round": number, "match": changed, "version": 9})
    body = f"retry: 600000\n\nid: 7\nevent: match\ndata: {event}\n\n"
    page = new_page(1280, locale="en-GB")
    page.route(lambda url: url.split("?")[0].endswith(f"/tournaments/{TID}/events"),
               lambda route: route.fulfill(status=200, headers={"Content-Type": "text/event-stream",
                                                                "Cache-Control": "no-store"}, body=body))
    goto(page, server, f"r/{number}")
    want = "1–0" if m["boards"][0]["white"] == "first" else "0–1"
    page.wait_for_function(
        "([sel, want]) => document.querySelector(sel)?.textContent.trim() === want",
        arg=[f"#m-{m['table']} tbody tr:first-child td.res", want], timeout=10_000)
    assert page.locator(f"#p-{m['table']} td.res").inner_text().strip().startswith(want[0])


def test_page_weight_and_time_to_first_content(server: Server, browser: Any) -> None:
    """Measured, printed, not asserted (timings depend on the machine)."""
    for route in ("standings", "r/3", "player/41"):
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="el-GR")
        page = ctx.new_page()
        url = f"{server.web}#/t/{TID}/{route}"
        page.goto(url)
        page.wait_for_function("(h) => document.body.dataset.route === h", arg=url[url.index("#"):])
        m = page.evaluate("""() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const res = performance.getEntriesByType('resource');
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const content = performance.getEntriesByName('teamswiss:content')[0];
          const isApi = (r) => !r.name.includes('/web/');
          const sum = (xs, k) => xs.reduce((a, r) => a + (r[k] || 0), 0);
          const page = res.filter((r) => !isApi(r));
          const api = res.filter(isApi);
          return {
            requests: res.length + 1,
            page_bytes: nav.transferSize + sum(page, 'transferSize'),
            page_raw: nav.decodedBodySize + sum(page, 'decodedBodySize'),
            api_bytes: sum(api, 'transferSize'), api_raw: sum(api, 'decodedBodySize'),
            fcp: fcp ? Math.round(fcp.startTime) : null, content: content ? Math.round(content.startTime) : null,
          };
        }""")
        ctx.close()
        print(f"\n[public page] {route} at 360 px: {m['requests']} requests; page {m['page_bytes'] / 1024:.1f} kB "
              f"transferred ({m['page_raw'] / 1024:.1f} kB uncompressed), API {m['api_bytes'] / 1024:.1f} kB "
              f"({m['api_raw'] / 1024:.1f} kB); first contentful paint {m['fcp']} ms, content on screen "
              f"{m['content']} ms")
        assert m["page_raw"] > 0 and m["content"] is not None


# the policy the server may send with the page: scripts, styles and connections from the page's own origin only,
# no inline script, no inline event handler, no inline style
def test_the_page_and_the_console_run_under_a_strict_content_security_policy(server: Server, new_page: Any) -> None:
    html = (Path(__file__).resolve().parents[2] / "web" / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline script"
    assert not re.search(r"\son[a-z]+\s*=", html, re.I), "an inline event handler"
    assert not re.search(r"\sstyle\s*=|<style", html, re.I), "an inline style"

    page = new_page(360, locale="el-GR", csp=True)  # the policy the server sends (app/http/middleware.py)
    page.add_init_script("""window.__csp = [];
      document.addEventListener('securitypolicyviolation',
        (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));""")
    number = live_round(server)
    goto(page, server, f"r/{number}")
    for route in ("", "standings", "crosstable", "teams", "players", "prizes", "player/41", "search?q=papa"):
        hash_ = f"#/t/{TID}/{route}".rstrip("/")
        page.evaluate("(h) => { location.hash = h; }", hash_)
        page.wait_for_function("(h) => document.body.dataset.route === h", arg=hash_)
    page.locator("footer button.share").click()  # the QR code is drawn in the page
    page.wait_for_selector("dialog#share svg")
    page.keyboard.press("Escape")
    page.evaluate("() => { location.hash = '#/staff'; }")
    page.wait_for_selector("input[name=username]")  # the console's module and its stylesheet
    assert page.evaluate("window.__csp") == []
    # the policy is in force: an inline script is refused
    page.evaluate("""() => document.body.append(Object.assign(document.createElement('script'),
      { textContent: 'window.__ran = true' }))""")
    page.wait_for_function("window.__csp.length > 0")
    assert page.evaluate("window.__ran") is None
