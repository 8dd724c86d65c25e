"""Setting up a new tournament in the console from an EMPTY server (no demo), on a 360 px phone, without the API or
the shell: the first administrator (from the deployment's settings) creates the tournament, its clubs, enters
the teams, gives a manager (with the birth date R-16.2.1 asks) and a deputy arbiter their accounts, types
children one after another into a form that stays open, imports a roster file (a CSV with `;` and an error,
then an .xlsx) after its preview, corrects a player's ratings beside the R-4.1 note, and is warned before
leaving unsaved changes; the new manager changes their password and ends their sessions. Screenshots of each
new screen at 360 px in Greek and English: var/screenshots/staff-setup-*.png.
"""

from __future__ import annotations

import io
import json
import re
import urllib.parse
import urllib.request
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_staff import login, settle, shots, show
from tests.demo_server import demo_server

pytestmark = pytest.mark.browser

ADMIN, ADMIN_PASSWORD = "admin", "first-admin-password"
PHONE = {"width": 360, "height": 780}
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class Server:
    def __init__(self, url: str) -> None:
        self.url = url
        self.web = f"{url}/web/"

    def get(self, path: str) -> Any:
        data = urllib.parse.urlencode({"username": ADMIN, "password": ADMIN_PASSWORD}).encode()
        with urllib.request.urlopen(urllib.request.Request(f"{self.url}/auth/token", data=data), timeout=10) as r:
            token = json.load(r)["access_token"]
        req = urllib.request.Request(f"{self.url}{path}", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.load(r)


@pytest.fixture(scope="module")
def empty(_can_browse: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with nothing in it but its first administrator (as a deployment creates it)."""
    with demo_server(tmp_path_factory.mktemp("setup"), demo=False, TEAMSWISS_ADMIN_USERNAME=ADMIN,
                     TEAMSWISS_ADMIN_PASSWORD=ADMIN_PASSWORD) as srv:
        srv.wait()
        yield Server(srv.url)


def sign_in(page: Any, server: Server, user: str, password: str) -> None:
    login(page, server, user, password=password)


def menu(page: Any, label: str) -> None:
    """Go to a section by its link in the console's menu (a tap, as on a phone)."""
    link = page.locator(f".s-header nav a:text-is('{label}')")
    href = link.get_attribute("href")
    link.click()
    settle(page, href)


def xlsx(rows: list[list[Any]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def test_an_organiser_sets_up_a_tournament_from_an_empty_server(empty: Server, new_page: Any,
                                                                 screenshots: Path) -> None:
    assert empty.get("/clubs")["total"] == 0 and empty.get("/tournaments")["total"] == 0
    page = new_page(PHONE["width"], PHONE["height"])
    dialogs: list[str] = []
    sign_in(page, empty, ADMIN, ADMIN_PASSWORD)

    # the tournament
    start = (datetime.now(UTC).date() + timedelta(days=40)).isoformat()
    page.fill("input[name=name]", "K12 Βόρειας Ελλάδας")
    page.fill("input[name=start_date]", start)
    page.click("form button[type=submit]:has-text('Create')")
    page.wait_for_function("() => /#\\/staff\\/t\\/\\d+\\/entries$/.test(location.hash)")
    settle(page)
    tid = int(re.search(r"/t/(\d+)/", page.url).group(1))  # type: ignore[union-attr]

    # clubs: two new ones, one a Union member; one corrected afterwards
    menu(page, "Clubs")
    assert "no clubs" in page.inner_text("#staff main").lower()
    for name, union in (("ΣΟ Καλαμαριάς", True), ("Σκακιστική Ακαδημία Σερρών", False)):
        page.fill("#nc-name", name)
        page.fill("#nc-city", "Θεσσαλονίκη")
        if union:
            page.check("#nc-union")
        page.click("#staff button:has-text('Create the club')")
        page.wait_for_selector(f"table.clubs th:has-text('{name}')")
    assert page.evaluate("document.activeElement.id") == "nc-name"  # ready for the next club
    page.click("button[aria-label='Change: Σκακιστική Ακαδημία Σερρών']")
    page.wait_for_selector("#edit-club")
    page.fill("#ec-city", "Σέρρες")
    page.click("#edit-club button:has-text('Save the club')")
    page.wait_for_selector("#staff .okmsg")
    clubs = {c["name"]: c for c in empty.get("/clubs")["items"]}
    assert clubs["ΣΟ Καλαμαριάς"]["union_member"] is True and clubs["Σκακιστική Ακαδημία Σερρών"]["city"] == "Σέρρες"
    shots(page, screenshots, "setup-clubs", "table.clubs")

    # entries: one team a club (the existing entry form)
    menu(page, "Entries")
    for club, team in (("ΣΟ Καλαμαριάς", "Καλαμαριά Α"), ("Σκακιστική Ακαδημία Σερρών", "Σέρρες Α")):
        page.select_option("select[name=club_id]", str(clubs[club]["id"]))
        page.fill("#f-team_name", team)
        page.click("button:has-text('Enter the team')")
        page.wait_for_selector(f"#team-panel h2:has-text('{team}')")
    teams = {x["name"]: x for x in empty.get(f"/tournaments/{tid}/teams")["items"]}

    # people: a manager for Καλαμαριά Α (a new account, with a birth date), a deputy arbiter
    menu(page, "People and roles")
    page.select_option("#m-role", "manager")
    page.select_option("#m-team", str(teams["Καλαμαριά Α"]["id"]))
    page.fill("#m-username", "eleni")
    page.fill("#m-full", "Ελένη Παπά")
    page.fill("#m-password", "first-password-1")
    # a manager's birth date is asked for: without it the browser does not send the form
    page.click("#role-form button[type=submit]")
    assert page.evaluate("document.querySelector('#m-born').validity.valueMissing")
    page.fill("#m-born", str(date.today().replace(year=date.today().year - 16)))
    page.click("#role-form button[type=submit]")
    page.wait_for_selector("#role-form .problem[data-rule='R-16.2.1']")  # a minor: refused by the API
    page.fill("#m-born", "1984-05-06")
    page.click("#role-form button[type=submit]")
    page.wait_for_selector("table.people th:has-text('Ελένη Παπά')")
    page.select_option("#m-role", "arbiter")
    assert page.is_hidden("#m-team")
    page.fill("#m-username", "deputy")
    page.fill("#m-full", "Γιώργος Βοηθός")
    page.click("#role-form button:has-text('Suggest a password')")
    deputy_password = page.input_value("#m-password")
    assert len(deputy_password) == 12
    page.click("#role-form button[type=submit]")
    page.wait_for_selector("table.people th:has-text('Γιώργος Βοηθός')")
    # the chief arbiter: an account made here, whose role is taken away and given again by user name
    page.select_option("#m-role", "chief_arbiter")
    page.fill("#m-username", "chief")
    page.fill("#m-full", "Μαρία Αρχιδιαιτήτρια")
    page.fill("#m-password", "chief-password-1")
    page.click("#role-form button[type=submit]")
    page.wait_for_selector("table.people th:has-text('Μαρία Αρχιδιαιτήτρια')")
    page.click("button[aria-label='Remove: the role chief arbiter of Μαρία Αρχιδιαιτήτρια']")
    page.click("dialog[open] button.danger")
    page.wait_for_selector("#staff .okmsg:has-text('taken away')")
    assert page.locator("table.people th:has-text('Μαρία Αρχιδιαιτήτρια')").count() == 0
    page.select_option("#m-role", "chief_arbiter")
    page.check("#m-who-old")
    assert page.is_hidden("#m-password") and page.is_hidden("#m-born")  # not a manager: no birth date asked
    page.fill("#m-username", "chief")
    page.click("#role-form button[type=submit]")
    page.wait_for_selector("table.people th:has-text('Μαρία Αρχιδιαιτήτρια')")
    members = {m["username"]: m for m in empty.get(f"/tournaments/{tid}/members")["items"]}
    assert members["eleni"]["role"] == "manager" and members["eleni"]["team_id"] == teams["Καλαμαριά Α"]["id"]
    assert members["eleni"]["birth_date_known"] is True and members["deputy"]["role"] == "arbiter"
    assert members["chief"]["role"] == "chief_arbiter"
    shots(page, screenshots, "setup-people", "table.people")

    # Καλαμαριά Α: children typed one after another; the form stays open, the cursor back on the last name
    show(page, f"#/staff/t/{tid}/rosters?team={teams['Καλαμαριά Α']['id']}")
    children = [("Αλεξίου", "Άννα", "w", "2015-02-03", "", "1290"),
                ("Βασιλείου", "Νίκος", "m", "2014-06-07", "1480", ""),
                ("Γεωργίου", "Πέτρος", "m", "2016-01-09", "", "1350"),
                ("Δήμου", "Μαρία", "w", "2015-11-30", "", "")]
    for last, first, sex, born, fide, national in children:
        assert page.evaluate("document.activeElement.id") in ("np-last_name", "staff-main", "")
        page.fill("#np-last_name", last)
        page.fill("#np-first_name", first)
        page.select_option("#np-sex", sex)
        page.fill("#np-birth_date", born)
        page.fill("#np-fide_rating", fide)
        page.fill("#np-national_rating", national)
        page.press("#np-national_rating", "Enter")
        page.wait_for_selector(f"#new-player .okmsg:has-text('{last}')")
        assert page.evaluate("document.activeElement.id") == "np-last_name"
        assert page.input_value("#np-last_name") == "" and page.input_value("#np-birth_date") == ""
    assert page.locator("#roster-form[data-dirty]").count() == 1  # four children on the roster, not saved yet
    # leaving now asks first; "stay" keeps everything on screen
    page.once("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    menu_link = page.locator(".s-header nav a:text-is('Clubs')")
    menu_link.click()
    page.wait_for_timeout(300)
    assert dialogs and "not saved" in dialogs[-1]
    assert "/rosters" in page.url and page.locator("table.ros tbody tr").count() == 4
    page.click("button:has-text('Save the roster')")
    page.wait_for_selector("#staff .okmsg:has-text('Roster saved')")
    roster = empty.get(f"/tournaments/{tid}/teams/{teams['Καλαμαριά Α']['id']}/roster")["players"]
    assert [p["player"]["last_name"] for p in roster][0] == "Βασιλείου"  # the only FIDE rating: board 1
    assert len(roster) == 4
    shots(page, screenshots, "setup-rosters", "#new-player")

    # Σέρρες Α: a roster file. A CSV with `;` and a wrong date: the preview says so and nothing can be saved
    show(page, f"#/staff/t/{tid}/rosters?team={teams['Σέρρες Α']['id']}")
    csv_text = ("Επώνυμο;Όνομα;Φύλο;Ημερομηνία γέννησης;FIDE rating;ΕΛΟ ΕΣΟ;Σχόλια\n"
                "Ζαφειρίου;Ελένη;Κ;09/03/2015;;1410;\n"
                "Ηλιάδης;Κώστας;Α;31/02/2015;;;\n")
    page.set_input_files("#roster-file", {"name": "serres.csv", "mimeType": "text/csv",
                                          "buffer": csv_text.encode("utf-8")})
    page.wait_for_selector("table.import")
    outcomes = page.locator("table.import tbody tr").evaluate_all("rows => rows.map(r => r.dataset.outcome)")
    assert outcomes == ["new", "error"]
    assert "31/02/2015" in page.inner_text("table.import tr.imp-error")
    assert page.is_disabled("#import-save")
    assert empty.get(f"/players?club_id={clubs['Σκακιστική Ακαδημία Σερρών']['id']}")["total"] == 0
    shots_file = xlsx([["Last name", "First name", "Sex", "Birth date", "FIDE rating", "National rating"],
                       ["Ζαφειρίου", "Ελένη", "W", date(2015, 3, 9), None, 1410],
                       ["Ηλιάδης", "Κώστας", "M", date(2015, 2, 28), 1520, None],
                       ["Θεοδώρου", "Λίνα", "W", date(2016, 4, 4), None, 1300],
                       ["Ιωάννου", "Μάρκος", "M", date(2014, 8, 8), None, None]])
    page.set_input_files("#roster-file", {"name": "serres.xlsx", "buffer": shots_file, "mimeType": XLSX})
    page.wait_for_function("() => document.querySelectorAll('table.import tbody tr').length === 4")
    assert page.locator("table.import tr[data-outcome=new]").count() == 4
    page.click("#import-save")
    page.wait_for_selector("#roster-import .okmsg")
    roster = empty.get(f"/tournaments/{tid}/teams/{teams['Σέρρες Α']['id']}/roster")["players"]
    assert [p["player"]["last_name"] for p in roster][0] == "Ηλιάδης" and len(roster) == 4
    assert page.locator("table.ros tbody tr").count() == 4
    # the preview, shown again for the screenshots (every line is now a player of the club already)
    page.set_input_files("#roster-file", {"name": "serres.xlsx", "buffer": shots_file, "mimeType": XLSX})
    page.wait_for_selector("table.import tr[data-outcome=existing]")
    shots(page, screenshots, "setup-import", "table.import", langs=("en",))
    page.click(".langs button[lang=el]")
    settle(page)
    page.set_input_files("#roster-file", {"name": "serres.csv", "mimeType": "text/csv",
                                          "buffer": csv_text.encode("utf-8")})
    page.wait_for_selector("table.import tr.imp-error")
    shots(page, screenshots, "setup-import-error", "table.import", langs=("el",))

    # players: every field, the rating lists and the note; a national rating corrected to a FIDE one
    menu(page, "Players")
    page.select_option("#club-pick", str(clubs["ΣΟ Καλαμαριάς"]["id"]))
    page.wait_for_selector("table.players th:has-text('Γεωργίου')")
    note = page.inner_text("#staff .player-form .note")
    assert "R-4.1" in note and "1400" in note and "FIDE" in note
    page.click("button[aria-label='Change: Γεωργίου, Πέτρος']")
    page.wait_for_selector("#edit-player")
    assert page.input_value("#e-national_rating") == "1350"
    assert "national" in page.inner_text("#e-national_rating-hint").lower()
    page.fill("#e-fide_rating", "1350")
    page.fill("#e-national_rating", "")
    page.fill("#e-fide_id", "42123456")
    page.fill("#e-birth_date", "2016-01-10")
    page.click("#edit-player button[type=submit]")
    page.wait_for_selector("#edit-player .okmsg")
    fixed = next(p for p in empty.get(f"/players?club_id={clubs['ΣΟ Καλαμαριάς']['id']}")["items"]
                 if p["last_name"] == "Γεωργίου")
    assert (fixed["fide_rating"], fixed["national_rating"], fixed["fide_id"], fixed["birth_date"]) == (
        1350, None, 42123456, "2016-01-10")
    shots(page, screenshots, "setup-players", "#edit-player")
    # an unsaved change, then a tap on another section: accepted, the console moves on
    page.fill("#e-first_name", "Πέτρος-Άγγελος")
    page.once("dialog", lambda d: (dialogs.append(d.message), d.accept()))
    menu(page, "Clubs")
    assert len(dialogs) == 2 and "/clubs" in page.url
    assert empty.get(f"/players/{fixed['id']}")["first_name"] == "Πέτρος"

    # the manager: their own account, password changed, then every session ended
    phone = new_page(PHONE["width"], PHONE["height"])
    sign_in(phone, empty, "eleni", "first-password-1")
    phone.click(".s-header .who a.user")
    settle(phone, "#/staff/account")
    shots(phone, screenshots, "setup-account", "#a-current")
    phone.fill("#a-current", "first-password-1")
    phone.fill("#a-new", "eleni-own-password")
    phone.fill("#a-again", "eleni-own-password")
    phone.click("#staff button:has-text('Change my password')")
    phone.wait_for_selector("#staff .okmsg")
    show(phone, f"#/staff/t/{tid}/rosters")  # the new token works at once
    assert "Καλαμαριά Α" in phone.inner_text("#staff main")
    show(phone, "#/staff/account")
    phone.click("#staff button:has-text('End all my sessions')")
    phone.wait_for_selector("dialog[open]")
    phone.click("dialog[open] button.danger")
    phone.wait_for_selector("input[name=username]")
    sign_in(phone, empty, "eleni", "eleni-own-password")
    # the deputy logs in with the suggested password and holds the arbiter's sections
    deputy = new_page(PHONE["width"], PHONE["height"])
    sign_in(deputy, empty, "deputy", deputy_password)
    show(deputy, f"#/staff/t/{tid}")
    assert "Results" in deputy.locator(".s-header nav a").all_inner_texts()
