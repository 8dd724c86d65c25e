"""Greek first, in Chromium: a refusal in the Greek console reads in Greek, without the HTTP status; numbers,
money, names and the standings are written as a Greek reader writes them. Screenshots at 360 px go to
var/screenshots/greek-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_staff import (  # the console's own helpers and its server with a team manager
    Api,
    _manager_tournament,
    api,
    login,
    problem_text,
    show,
)

pytestmark = pytest.mark.browser
__all__ = ["api"]  # the module's server (a fixture)

GIRLS = "κάθε σύνθεση πρέπει να έχει τουλάχιστον 1 κορίτσι(α)· αυτή έχει 0"


def test_a_refusal_in_the_greek_console_reads_in_greek(api: Api, new_page: Any, screenshots: Path) -> None:
    tid, team, players = _manager_tournament(api)
    page = new_page(360, 780, locale="el-GR")
    sent: list[str | None] = []
    page.on("request", lambda r: sent.append(r.headers.get("accept-language")) if "/tournaments" in r.url else None)
    login(page, api, "manager", f"#/staff/t/{tid}")
    assert page.evaluate("document.documentElement.lang") == "el"
    show(page, f"#/staff/t/{tid}/lineup/1")
    page.wait_for_selector("#lineup-check .okmsg")
    # the girl out, a boy in: the live check (a dry run on the server) says in Greek
    for pid in (players[3]["id"], players[4]["id"]):
        page.focus(f"#plays-{pid}")
        page.keyboard.press("Space")
    page.wait_for_selector("#lineup-check li[data-rule='R-3.2']")
    assert GIRLS in page.inner_text("#lineup-check li[data-rule='R-3.2']")
    assert "null" not in page.inner_text("#lineup-check")  # a full lineup has no empty-board note, not a "null"
    # submitted anyway: the refusal box says the server's Greek sentence and its rule, no HTTP status
    page.focus("#submit-lineup")
    page.keyboard.press("Enter")
    text = problem_text(page)
    assert GIRLS in text and "R-3.2" in text
    assert "HTTP" not in text and "409" not in text
    assert page.get_attribute("#staff .problem .detail", "lang") in (None, "el")
    assert sent and all(s == "el" for s in sent), sent  # every request said the page's language
    page.locator("#staff .problem").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "greek-refusal-360.png"), full_page=True)
    sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert sideways <= 0, f"the refusal scrolls sideways at 360 px by {sideways} px"


def test_numbers_money_and_names_in_the_readers_locale(api: Api, new_page: Any) -> None:
    page = new_page(360, 780, locale="el-GR")
    page.goto(f"{api.web}#/")
    page.wait_for_function("document.documentElement.lang === 'el'")
    el = page.evaluate("""async () => {
      const f = await import('./js/lib/format.js');
      const i = await import('./js/i18n/index.js');
      const names = ['Δάφνη', 'Γιώργος', 'Άρης', 'αλέξης', 'Ωμέγα', 'Βασίλης', 'Ομάδα 10', 'Ομάδα 2'];
      const greek = {money: f.money(36), moneyText: f.money('1234.5'), num: f.num('1588.75'), pts: f.pts('2.5'),
                     sorted: f.sortByName(names), tc: f.timeControl('60 min + 30 s per move from move 1'),
                     tcOwn: f.timeControl('G/90 + 30"'),
                     separated: f.tiebreakShown('DE', {value: '1', group: 1}).text,
                     decided: f.tiebreakShown('DE', {value: '1', group: 2, decisive: '1.5'}).text};
      i.setLang('en');
      const english = {money: f.money(36), num: f.num('1588.75'), sorted: f.sortByName(['b', 'A', 'c']),
                       tc: f.timeControl('90 min + 30 s per move')};
      i.setLang('el');
      return {greek, english};
    }""")
    g = el["greek"]
    assert g["money"].replace("\u00a0", " ") == "36,00 €"
    assert g["moneyText"].replace("\u00a0", " ") in ("1234,50 €", "1.234,50 €")
    assert g["num"] == "1588,75" and g["pts"] == "2½"
    assert g["tc"] == "60 λεπτά + 30 δευτερόλεπτα ανά κίνηση από την κίνηση 1"
    assert g["tcOwn"] == 'G/90 + 30"'  # an organiser's own wording as written
    # a group tie-break that no longer separates says "—", on screen and on the printed standings alike
    assert g["separated"] == "—" and g["decided"] == "1½"
    # Greek alphabetical order (Α, Β, Γ, Δ ... Ω), accents and case aside, numbers by value
    assert g["sorted"] == ["αλέξης", "Άρης", "Βασίλης", "Γιώργος", "Δάφνη", "Ομάδα 2", "Ομάδα 10", "Ωμέγα"]
    e = el["english"]
    assert e["money"] == "€36.00" and e["num"] == "1588.75" and e["sorted"] == ["A", "b", "c"]
    assert e["tc"] == "90 min + 30 s per move"


def test_the_standings_in_greek_at_360_px(api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(360, 780, locale="el-GR")
    page.goto(f"{api.web}#/t/1/standings")
    page.wait_for_function("document.body.dataset.route === '#/t/1/standings'")
    page.wait_for_selector("table.standings tbody tr")
    assert page.evaluate("document.documentElement.lang") == "el"
    assert "Ρεπό" in page.inner_text("table.standings thead")
    # forfeits beside the byes are said in words to a screen reader and in the tooltip, not only "(+1 −0)"
    for cell in page.locator("table.standings td .ff").all():
        assert "χωρίς αγώνα" in (cell.get_attribute("title") or "") and "χωρίς αγώνα" in cell.inner_text()
    page.screenshot(path=str(screenshots / "greek-standings-360.png"), full_page=True)


def test_the_printed_standings_say_what_the_web_says(api: Api, new_page: Any) -> None:
    """A group tie-break that no longer separates reads "—" on the public page and on the printed sheet alike."""
    st = api.get("/tournaments/1/standings", None)
    code = next(c for c in st["tiebreaks"] if c.startswith("DE"))
    page = new_page(1280, locale="el-GR")
    page.goto(f"{api.web}#/t/1/standings")
    page.wait_for_selector("table.standings tbody tr")
    web = page.evaluate("""(code) => {
      const heads = [...document.querySelectorAll('table.standings thead th')].map((th) => th.textContent.trim());
      const col = heads.indexOf(code);
      return [...document.querySelectorAll('table.standings tbody tr')]
        .map((tr) => tr.children[col].firstChild.textContent.trim());
    }""", code)
    login(page, api, "admin", "#/staff/t/1")
    show(page, f"#/staff/t/1/print/standings?after={st['after_round']}")
    page.wait_for_selector("table.stand tbody tr")
    printed = page.evaluate("""(col) => [...document.querySelectorAll('table.stand tbody tr')]
      .map((tr) => tr.children[col].textContent.trim())""", 3 + st["tiebreaks"].index(code))
    assert "—" in web and [p.split(" ")[0] for p in printed] == web


def test_the_engines_explanation_reads_in_greek(api: Api, new_page: Any, screenshots: Path) -> None:
    page = new_page(360, 780, locale="el-GR")
    login(page, api, "admin", "#/staff/t/1")
    show(page, "#/staff/t/1/round/4")
    page.focus("#pair")
    page.keyboard.press("Enter")
    page.wait_for_selector("details.explanation ol.lines li")
    lines = page.locator("details.explanation ol.lines li").all_inner_texts()
    assert lines[0].startswith("Γύρος 4:") and any(x.startswith("Ρεπό (PAB") for x in lines)
    assert not any("upfloaters" in x or "Bracket" in x for x in lines)
    assert page.get_attribute("details.explanation ol.lines", "lang") is None  # the page's own language
    page.locator("details.explanation").screenshot(path=str(screenshots / "greek-explanation-360.png"))
