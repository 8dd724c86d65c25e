"""Results at the table and through Wi-Fi drops, on a phone (Chromium with touch, 360 px), against a server of
its own with the demo loaded.

A deputy enters the whole of round 4 by taps (a board, then its result: at most two taps a board), written as
the slip is, from the left team's side; results entered while the phone is offline wait in IndexedDB and
arrive, in order and exactly once, when the network returns, also after the tab was closed and when an answer
was lost on the way; a match forfeit says what it does before it is saved; a parent's page comes back by itself
after the phone was offline; a stream that goes silent is given up for polling; the player page's next game
appears when the pairing is published. Screenshots of the entry view and the slip at 360 px in Greek and
English go to var/screenshots/table-*.png.

The tests share one server and run in file order (round 4, then 5, then 6).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_staff import TID, Api, login, settle, show, white_first
from tests.demo_server import demo_server

pytestmark = pytest.mark.browser

TAPS = ["1-0", "1/2-1/2", "0-1", "1-0", "0-1", "1/2-1/2", "1-0", "1-0"]  # the pad's codes, left team first


@pytest.fixture(scope="module")
def api(_can_browse: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    with demo_server(tmp_path_factory.mktemp("table")) as demo:
        demo.wait()
        yield Api(demo.url)


@pytest.fixture
def phone(new_page: Any) -> Any:
    """phone(locale="el-GR") -> a page on a phone: touch, 360 px wide."""
    return lambda locale="el-GR": new_page(360, 740, locale, touch=True)


def publish(api: Api, n: int) -> dict[str, Any]:
    api.call("POST", f"/tournaments/{TID}/rounds/{n}/pair", user="arbiter")
    api.call("POST", f"/tournaments/{TID}/rounds/{n}/publish", user="arbiter")
    return dict(api.get(f"/tournaments/{TID}/rounds/{n}", "arbiter"))


def stored(api: Api, n: int) -> dict[str, str | None]:
    rnd = api.get(f"/tournaments/{TID}/rounds/{n}", "arbiter")
    return {f"{m['id']}:{b['board']}": b["result"] for m in rnd["matches"] for b in m["boards"]}


def result_writes(api: Api, mid: int) -> list[dict[str, Any]]:
    """The audit trail's result entries of a match, oldest first: one per result that reached the database."""
    items = api.get(f"/tournaments/{TID}/audit?entity=match&limit=500", "admin")["items"]
    return sorted((e for e in items if e["entity_id"] == str(mid) and e["action"] == "result"), key=lambda e: e["id"])


def boards_of(rnd: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [(m, b) for m in rnd["matches"] if not m["pab"] for b in m["boards"]]


def tap_result(page: Any, code: str) -> None:
    page.locator(f".pad button[data-code='{code}']").tap()


def screens(page: Any, screenshots: Path, name: str, element: str | None = None) -> None:
    """The screen (or one element of it) at 360 px in the page's language; nothing may scroll sideways."""
    lang = page.evaluate("document.documentElement.lang")
    path = str(screenshots / f"table-{name}-{lang}-360.png")
    if element:
        page.locator(element).first.screenshot(path=path)
    else:
        page.screenshot(path=path, full_page=False)
    sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert sideways <= 0, f"{name} ({lang}) scrolls sideways at 360 px by {sideways} px"


# ---------------------------------------------------------------- a round by taps


def test_a_deputy_enters_a_whole_round_by_taps_on_a_phone(api: Api, phone: Any, screenshots: Path) -> None:
    rnd = publish(api, 4)
    page = phone()
    login(page, api, "arbiter", f"#/staff/t/{TID}/results/4")
    assert page.evaluate("document.documentElement.lang") == "el"
    boards = boards_of(rnd)
    assert len(boards) == 44 and {"first", "second"} <= {b["white"] for _, b in boards}
    # every result box is named with its players, their colours and its value
    m0, b0 = boards[0]
    label = page.get_attribute(f"td.rc[data-key='{m0['id']}:1']", "aria-label")
    assert b0["first_player"]["name"] in label and b0["second_player"]["name"] in label
    assert ("Λευκά" in label and "Μαύρα" in label) and label.endswith("χωρίς αποτέλεσμα")
    taps = 0
    expected: dict[str, str] = {}
    for i, (m, b) in enumerate(boards):
        k = f"{m['id']}:{b['board']}"
        if b["board"] == 1:  # the deputy walks to the next table and taps its first board
            page.locator(f"td.rc[data-key='{k}']").tap()
            taps += 1
        page.wait_for_selector(f".pad:not([hidden]) #pad-h:has-text('{m['table']}')")
        assert page.evaluate("document.querySelector('tr.sel td.rc').dataset.key") == k
        if i == 5:
            screens(page, screenshots, "pad")
        code = TAPS[i % len(TAPS)]
        tap_result(page, code)
        taps += 1
        expected[k] = white_first(code, b["white"])  # "1-0" is the left team's player's win, as on the slip
        # what the box shows is what was tapped: the left team's side
        shown = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}[code]
        page.wait_for_selector(f"td.rc[data-key='{k}'] .val:text-is('{shown}')")
    assert taps <= 2 * len(boards)
    page.wait_for_selector(".conn[data-waiting='0'][data-net='online']")
    page.wait_for_selector("p.progress:has-text('44')")
    assert {k: v for k, v in stored(api, 4).items() if k in expected} == expected
    label = page.get_attribute(f"td.rc[data-key='{m0['id']}:1']", "aria-label")
    assert label.endswith({"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}[TAPS[0]])
    # the keyboard still enters 4 keys a match: "0" on a board is the left team's loss whatever its colour
    cell = page.locator(f"td.rc[data-key='{m0['id']}:1']")
    cell.focus()
    page.keyboard.press("0")
    page.wait_for_selector(".conn[data-waiting='0']")
    assert stored(api, 4)[f"{m0['id']}:1"] == white_first("0-1", b0["white"])
    # Space opens the buttons from the keyboard; they keep the focus from one board to the next
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('.pad').contains(document.activeElement)")
    page.keyboard.press("Enter")  # the focused button, 1-0, on board 2
    page.wait_for_selector(".conn[data-waiting='0']")
    assert stored(api, 4)[f"{m0['id']}:2"] == white_first("1-0", boards[1][1]["white"])
    assert page.evaluate("document.querySelector('.pad').contains(document.activeElement)")
    assert page.evaluate("document.querySelector('tr.sel td.rc').dataset.key") == f"{m0['id']}:3"
    page.keyboard.press("Escape")
    page.wait_for_selector(".pad", state="hidden")
    screens(page, screenshots, "results")
    page.click('#staff .langs button[lang="en"]')
    settle(page)
    page.locator(f"td.rc[data-key='{boards[6][0]['id']}:{boards[6][1]['board']}']").tap()
    page.wait_for_selector(".pad:not([hidden])")
    screens(page, screenshots, "pad")
    page.keyboard.press("Escape")
    screens(page, screenshots, "results")
    # the slip is laid out as the entry view: board, left player, box, right player, each with a colour
    show(page, f"#/staff/t/{TID}/print/slips/4")
    slip = page.locator(".slip").first
    head = slip.locator("thead th").all_inner_texts()
    assert head[1] == rnd["matches"][0]["first"]["name"] and head[3] == rnd["matches"][0]["second"]["name"]
    row = slip.locator("tbody tr").first.inner_text()
    assert ("○" in row) and ("●" in row) and "left team" in slip.inner_text()
    screens(page, screenshots, "slip", ".slip")
    assert page.evaluate("(s) => s.scrollWidth <= s.clientWidth", page.locator(".slip").first.element_handle())
    page.click('#staff .langs button[lang="el"]')
    settle(page)
    screens(page, screenshots, "slip", ".slip")
    api.call("POST", f"/tournaments/{TID}/rounds/4/complete", user="arbiter")


# ---------------------------------------------------------------- offline


def test_results_entered_offline_arrive_once_when_the_network_returns(api: Api, phone: Any,
                                                                      screenshots: Path) -> None:
    rnd = publish(api, 5)
    boards = boards_of(rnd)
    page = phone()
    ctx = page.context
    login(page, api, "arbiter", f"#/staff/t/{TID}/results/5")
    page.wait_for_selector(".conn[data-net='online']")
    m = rnd["matches"][0]
    first = {b["board"]: b for b in m["boards"]}
    ctx.set_offline(True)
    page.wait_for_selector(".conn[data-net='offline']")
    # the whole match offline, then board 1 corrected: the correction needs the ETag the first entry will get
    page.locator(f"td.rc[data-key='{m['id']}:1']").tap()
    for code in ("1-0", "0-1", "1/2-1/2", "1-0"):
        tap_result(page, code)
    page.locator(f"td.rc[data-key='{m['id']}:1']").tap()
    tap_result(page, "0-1")
    page.wait_for_selector(".conn[data-waiting='5'][data-net='offline']")
    assert "5" in page.inner_text(".conn")
    assert page.locator(f"tbody[data-match='{m['id']}'] tr.st-waiting").count() == 4
    assert page.get_attribute(f"td.rc[data-key='{m['id']}:3']", "aria-label").endswith("½-½ (δεν έχει σταλεί ακόμη)")
    kept = page.evaluate("""() => new Promise((ok) => { const r = indexedDB.open('teamswiss');
        r.onsuccess = () => { const g = r.result.transaction('outbox').objectStore('outbox').getAll();
          g.onsuccess = () => ok(g.result.map((e) => [e.board, e.result, Boolean(e.key)])); }; })""")
    assert [(b, res) for b, res, _ in kept] == [
        (1, white_first("1-0", first[1]["white"])), (2, white_first("0-1", first[2]["white"])),
        (3, "1/2-1/2"), (4, white_first("1-0", first[4]["white"])), (1, white_first("0-1", first[1]["white"]))]
    assert all(key for _, _, key in kept)
    screens(page, screenshots, "offline")
    assert all(v is None for k, v in stored(api, 5).items() if k.startswith(f"{m['id']}:"))
    ctx.set_offline(False)  # the `online` event sends them, in order
    page.wait_for_selector(".conn[data-waiting='0'][data-net='online']", timeout=20_000)
    now = stored(api, 5)
    assert [now[f"{m['id']}:{b}"] for b in (1, 2, 3, 4)] == [
        white_first("0-1", first[1]["white"]), white_first("0-1", first[2]["white"]), "1/2-1/2",
        white_first("1-0", first[4]["white"])]
    writes = result_writes(api, m["id"])
    assert [(w["after"]["board"], w["actor"]) for w in writes] == [(1, "arbiter"), (2, "arbiter"), (3, "arbiter"),
                                                                    (4, "arbiter"), (1, "arbiter")]

    # an answer lost on the way: the server entered the result, the phone saw no answer and sends it again with
    # the same Idempotency-Key; the server answers the first request's answer and enters nothing twice
    m2 = rnd["matches"][1]
    sent: list[str] = []
    replayed: list[str] = []

    def lose_first_answer(route: Any) -> None:
        sent.append(route.request.headers.get("idempotency-key", ""))
        if len(sent) == 1:
            route.fetch()  # the server does it...
            route.abort("connectionreset")  # ...and the answer is lost
        else:
            route.continue_()

    page.route("**/rounds/5/results", lose_first_answer)
    page.on("response", lambda r: r.url.endswith("/rounds/5/results")
            and replayed.append(r.headers.get("idempotent-replayed", "")))
    page.locator(f"td.rc[data-key='{m2['id']}:1']").tap()
    tap_result(page, "1-0")
    page.wait_for_function("() => document.querySelector('.conn').dataset.waiting === '0'", timeout=30_000)
    page.unroute("**/rounds/5/results")
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0]
    assert replayed == ["true"]
    assert [w["after"]["board"] for w in result_writes(api, m2["id"])] == [1]
    assert stored(api, 5)[f"{m2['id']}:1"] == white_first("1-0", m2["boards"][0]["white"])

    # typed offline, the tab closed: the entries wait in IndexedDB and go when the grid is opened again
    ctx.set_offline(True)
    page.wait_for_selector(".conn[data-net='offline']")
    page.locator(f"td.rc[data-key='{m2['id']}:2']").tap()
    tap_result(page, "1/2-1/2")
    tap_result(page, "0-1")
    page.wait_for_selector(".conn[data-waiting='2']")
    page.close()
    ctx.set_offline(False)
    again = ctx.new_page()
    # every other screen of the tournament says what waits, and leads to the grid that sends it
    login(again, api, "arbiter", f"#/staff/t/{TID}")
    waiting = again.wait_for_selector(".s-waiting")
    assert "5" in waiting.inner_text() and "2" in waiting.inner_text()
    again.click(".s-waiting a")
    again.wait_for_selector(".conn[data-waiting='0'][data-net='online']", timeout=20_000)
    assert again.locator(".s-waiting").count() == 0
    now = stored(api, 5)
    assert now[f"{m2['id']}:2"] == "1/2-1/2"
    assert now[f"{m2['id']}:3"] == white_first("0-1", m2["boards"][2]["white"])
    assert [w["after"]["board"] for w in result_writes(api, m2["id"])] == [1, 2, 3]
    assert len(boards) == 44


def test_a_result_changed_meanwhile_is_shown_not_overwritten_and_the_focus_stays_on_the_board(
        api: Api, phone: Any) -> None:
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    m = rnd["matches"][2]
    page = phone("en-GB")
    login(page, api, "arbiter", f"#/staff/t/{TID}/results/5", "?live=poll&poll=600000")
    k = f"{m['id']}:1"
    page.locator(f"td.rc[data-key='{k}']").tap()
    tap_result(page, "1-0")
    page.wait_for_selector(".conn[data-waiting='0']")
    etag = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"][2]["etag"]
    api.call("PUT", f"/tournaments/{TID}/rounds/5/matches/{m['id']}/boards/1", {"result": "1/2-1/2"}, user="admin",
             headers={"If-Match": etag})
    page.locator(f"td.rc[data-key='{k}']").focus()
    page.keyboard.press("0")  # typed over the old version: refused (412), not overwritten
    page.wait_for_selector("#staff .problem[data-status='412']")
    page.wait_for_function("(k) => document.activeElement?.dataset?.key === k", arg=k)
    assert page.locator(f"td.rc[data-key='{k}'] .val").inner_text() == "½-½"
    assert api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"][2]["boards"][0]["result"] == "1/2-1/2"
    assert "Your entry: 0-1" in page.inner_text("#staff .problem")
    # a key on the board someone else changed (perhaps meant for the next one) only chooses what Enter enters
    page.keyboard.press("1")
    page.wait_for_selector("#staff .problem:has-text('Your entry: 1-0')")
    assert api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"][2]["boards"][0]["result"] == "1/2-1/2"
    page.keyboard.press("0")
    page.wait_for_selector("#staff .problem:has-text('Your entry: 0-1')")
    page.keyboard.press("Enter")  # the key typed is not lost: Enter enters it after all
    page.wait_for_selector(".conn[data-waiting='0']")
    page.wait_for_selector(f"td.rc[data-key='{k}'] .val:text-is('0-1')")
    assert api.get(f"/tournaments/{TID}/rounds/5", "arbiter")["matches"][2]["boards"][0]["result"] == white_first(
        "0-1", m["boards"][0]["white"])


def test_a_match_forfeit_names_its_consequence_before_it_is_saved(api: Api, phone: Any, screenshots: Path) -> None:
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    m = [x for x in rnd["matches"] if not x["pab"]][-1]
    page = phone()
    login(page, api, "arbiter", f"#/staff/t/{TID}/results/5")
    page.locator(f"button[data-forfeit='{m['id']}']").tap()
    page.locator("dialog[open] label[for=ff-second]").tap()
    page.locator("dialog[open] button[type=submit]").tap()
    page.wait_for_selector("dialog[open] h2:has-text('Μηδενισμός στο τραπέζι')")
    said = page.inner_text("dialog[open]")
    assert f"Η ομάδα {m['second']['name']} αποβάλλεται" in said and "R-7.4" in said
    screens(page, screenshots, "forfeit-confirm")
    page.locator("dialog[open] button.danger").tap()
    page.wait_for_selector(f"tbody[data-match='{m['id']}'] .warn")
    assert api.get(f"/tournaments/{TID}/teams/{m['second']['id']}")["status"] == "expelled"


# ---------------------------------------------------------------- the public page


def test_a_parents_page_recovers_by_itself_after_the_phone_was_offline(api: Api, phone: Any) -> None:
    page = phone()
    page.goto(f"{api.web}#/t/{TID}/r/5")
    page.wait_for_function("document.body.dataset.route === '#/t/1/r/5'")
    page.context.set_offline(True)
    page.evaluate(f"location.hash = '#/t/{TID}/standings'")  # a tap while offline
    page.wait_for_function("document.body.dataset.error === '0'")
    page.wait_for_timeout(1500)
    page.context.set_offline(False)  # nobody touches the page again
    page.wait_for_selector("table.standings tbody tr", timeout=10_000)
    assert "error" not in page.evaluate("Object.keys(document.body.dataset)")


FAKE_SILENT_STREAM = """
(() => {
  // a stream that opens, says it pings every second, and then goes silent without closing (a proxy that cut it)
  class Silent extends EventTarget {
    constructor(url) { super(); this.url = url; this.readyState = 0; window.__streams = (window.__streams || 0) + 1;
      setTimeout(() => { this.readyState = 1; this.onopen?.(new Event('open'));
        this.dispatchEvent(new MessageEvent('ping', { data: '{"interval": 1}' })); }, 50); }
    close() { this.readyState = 2; window.__closed = (window.__closed || 0) + 1; }
  }
  Silent.CONNECTING = 0; Silent.OPEN = 1; Silent.CLOSED = 2;
  window.EventSource = Silent;
})();
"""


def test_a_silent_stream_counts_as_down_and_the_page_polls(api: Api, phone: Any) -> None:
    page = phone()
    page.add_init_script(FAKE_SILENT_STREAM)
    page.goto(f"{api.web}?poll=1000#/t/{TID}/r/5")
    page.wait_for_function("document.body.dataset.live === 'stream'")
    page.wait_for_function("document.body.dataset.live === 'poll' && window.__closed >= 1", timeout=6000)
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    m = next(x for x in rnd["matches"] if not x["pab"] and not x["forfeit"] and x["boards"][3]["result"] is None)
    changed = api.call("PUT", f"/tournaments/{TID}/rounds/5/matches/{m['id']}/boards/4", {"result": "1/2-1/2"},
                       user="arbiter")
    page.wait_for_function("([t, etag]) => document.getElementById(`m-${t}`)?.dataset.etag === etag",
                           arg=[m["table"], changed["etag"]], timeout=10_000)  # polled: the stream says nothing
    page.wait_for_function("window.__streams >= 2", timeout=15_000)  # and a stream is tried again later


def test_the_player_page_shows_the_next_game_once_it_is_published(api: Api, phone: Any) -> None:
    rnd = api.get(f"/tournaments/{TID}/rounds/5", "arbiter")
    items = [{"table": m["table"], "board": b["board"], "result": "1-0",
              **({"if_match": m["etag"]} if b["result"] is not None else {})}
             for m in rnd["matches"] if not m["pab"] and not m["forfeit"] for b in m["boards"]]
    api.call("POST", f"/tournaments/{TID}/rounds/5/results", {"results": items}, user="arbiter")
    api.call("POST", f"/tournaments/{TID}/rounds/5/complete", user="arbiter")
    team = next(t for t in api.all(f"/tournaments/{TID}/teams") if t["status"] == "entered")
    player = api.get(f"/tournaments/{TID}/teams/{team['id']}/roster", None)["players"][0]["player"]
    page = phone("en-GB")
    page.goto(f"{api.web}#/t/{TID}/player/{player['id']}")
    page.wait_for_selector("#main h1")
    assert page.locator("section.next").count() == 0
    publish(api, 6)
    page.wait_for_selector("section.next:has-text('Round 6')", timeout=10_000)
