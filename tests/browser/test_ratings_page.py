"""The player page's ratings in a real browser (Greek and English, 360 and 1280 px): the event's rating before,
K, games counted, score, expected score, change and performance for FIDE and the national list, and each game's
expected score, as the API computes them (B.02)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_public_page import TID, each_size, goto, no_sideways_scroll

pytestmark = pytest.mark.browser


def decimal(value: str, lang: str) -> str:
    return value.replace(".", ",") if lang == "el" else value


def signed(value: str, lang: str) -> str:
    if value.startswith("-"):
        return "−" + decimal(value[1:], lang)
    return decimal(value, lang) if float(value) == 0 else "+" + decimal(value, lang)


def cells(box: Any) -> Any:
    """The rating table's cell reader: (row key, list) -> its text."""
    def cell(row: str, which: str = "fide") -> str:
        return str(box.locator(f'tr[data-row="{row}"] td[data-list="{which}"]').inner_text()).strip()
    return cell


def rated_player(server: Server) -> dict[str, Any]:
    """A FIDE-rated player of the demo with games against rated opponents in the completed rounds."""
    stats = server.get(f"/tournaments/{TID}/board-stats")
    row = max(stats["players"], key=lambda p: (p["rating_change"]["fide"] or {}).get("games", 0))
    assert row["rating_change"]["fide"]["games"] > 0
    return row["player"]


def test_player_page_shows_the_rating_change(server: Server, new_page: Any, screenshots: Path) -> None:
    me = rated_player(server)
    api = server.get(f"/tournaments/{TID}/players/{me['id']}")
    fide = api["rating_change"]["fide"]
    assert fide["change"] is not None and 1 <= fide["k"] <= 40
    for page, width, lang in each_size(new_page, server, f"player/{me['id']}"):
        box = page.locator("section.rating")
        assert box.locator("h2").inner_text() == ("Μεταβολή αξιολόγησης" if lang == "el" else "Rating change")
        cell = cells(box)
        assert cell("ratingBefore") == str(fide["rating"])
        assert cell("kFactor") == str(fide["k"])
        assert cell("ratedGames") == str(fide["games"])
        assert cell("expectedScore") == decimal(fide["expected"], lang)
        assert cell("ratingChange") == signed(fide["change"], lang)
        assert cell("performance") == str(fide["performance"])
        note = box.locator("p.muted").inner_text()
        assert ("1ης Μαρτίου 2024" if lang == "el" else "1 March 2024") in note
        nat = api["rating_change"]["national"]
        if nat is not None:
            assert cell("ratingBefore", "national") == (str(nat["rating"]) if nat["rating"] else
                                                        ("χωρίς" if lang == "el" else "unrated"))
        # each game's expected score (FIDE's) in the games table
        rows = page.locator("table.pgames tbody tr")
        for i, g in enumerate(api["rounds"]):
            exp = ((g.get("rating") or {}).get("fide") or {}).get("expected")
            if exp is not None:
                assert rows.nth(i).locator("td.exp").inner_text().strip() == decimal(exp, lang)
        assert no_sideways_scroll(page) <= 0
        page.screenshot(path=str(screenshots / f"player-rating-{width}-{lang}.png"), full_page=True)


def test_team_page_and_board_statistics_show_ratings(server: Server, new_page: Any) -> None:
    """The team page: the team's average rating and performance; the board statistics: each player's FIDE
    change."""
    me = rated_player(server)
    page_api = server.get(f"/tournaments/{TID}/players/{me['id']}")
    team = page_api["team"]
    fide = server.get(f"/tournaments/{TID}/teams/{team['id']}/results")["rating"]["fide"]
    stats = server.get(f"/tournaments/{TID}/board-stats")
    for page, _, lang in each_size(new_page, server, f"team/{team['id']}"):
        assert page.locator('dt[data-rating="fide-average"] + dd').inner_text().strip() == str(fide["average"])
        assert page.locator('dt[data-rating="fide-performance"] + dd').inner_text().strip() == \
            str(fide["performance"])
        label = page.locator('dt[data-rating="fide-performance"]').inner_text()
        assert label.startswith("Επίδοση ομάδας" if lang == "el" else "Team performance")
    row = next(p for p in stats["players"] if p["player"]["id"] == me["id"])
    for page, _, lang in each_size(new_page, server, "players"):
        tr = page.locator("table.players tbody tr", has=page.locator(f'a[href="#/t/{TID}/player/{me["id"]}"]'))
        assert tr.locator("td.change").inner_text().strip() == signed(row["rating_change"]["fide"]["change"], lang)


def test_console_overview_shows_the_rating_check(server: Server, new_page: Any, screenshots: Path) -> None:
    """The arbiter's overview lists what the rating report misses, as GET .../exports/rating-check does."""
    from tests.browser.test_staff import login

    token = server.token()
    import json
    import urllib.request

    req = urllib.request.Request(f"{server.url}/tournaments/{TID}/exports/rating-check",
                                 headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        check = json.load(r)
    for locale in ("el-GR", "en-GB"):
        page = new_page(1280, locale=locale)
        login(page, server, "admin", f"#/staff/t/{TID}")
        box = page.locator("section.rating-check")
        box.wait_for()
        title = box.locator("h2").inner_text()
        assert title == ("Έλεγχος αναφοράς αξιολόγησης" if locale == "el-GR" else "Rating report check")
        errors = [f for f in check["findings"] if f["severity"] == "error"]
        assert box.locator("ul.warnings li.error").count() == len(errors)
        ready = box.locator("p.ok, p.problem").inner_text()
        assert (str(check["players"]) in ready) if check["ready"] else (str(len(errors)) in ready)
        page.screenshot(path=str(screenshots / f"staff-rating-check-{locale[:2]}.png"), full_page=True)


def test_greek_downloads_are_linked_in_the_pages_language(server: Server, new_page: Any) -> None:
    """The round and standings pages link the CSV, the spreadsheet file and the PDF in the page's language; a
    Greek reader's CSV has ';' and a decimal comma, and each link answers without a token."""
    page = new_page(1280, locale="el-GR")
    goto(page, server, "standings")
    hrefs = page.locator(".downloads a").evaluate_all("(xs) => xs.map((a) => a.href)")
    assert {h.split("/export/")[1].split("?")[0] for h in hrefs} == {"standings.csv", "standings.pdf",
                                                                       "tournament.xlsx"}
    assert all(h.endswith("locale=el") for h in hrefs)
    for h in hrefs:
        got = page.evaluate("async (u) => { const r = await fetch(u); return [r.status, r.headers.get('content-type'),"
                            " (await r.text()).slice(0, 40)]; }", h)
        assert got[0] == 200, h
        if "standings.csv" in h:
            assert got[2].lstrip("\ufeff").startswith("Θέση;Ισοβαθμία;")
        if h.endswith(".pdf?round=3&locale=el"):
            assert got[1] == "application/pdf"
    goto(page, server, "r/3")
    labels = page.locator(".downloads a").all_inner_texts()
    assert labels == ["Ζευγάρια (CSV)", "Ζευγάρια (PDF)", "Υπολογιστικό φύλλο (XLSX)"]
