"""A live public mirror with two real servers on loopback: the venue on SQLite, the mirror on the test database.

The venue is a ``teamswiss serve`` process on its own SQLite file; the mirror is a uvicorn process on the test
database (PostgreSQL in the PostgreSQL run). The venue's side of the push runs in the test process
(:class:`app.operations.publishing.Publisher` on the venue's file) or as ``teamswiss publish``, through a small
proxy that can cut the link in the middle of a push, lose the answer, or delay it.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.cli.main import main
from app.db.engine import get_engine
from app.models import MirrorSource, Player, Publication
from app.operations.publishing import Publisher, snapshot
from tests.api.conftest import Subscriber, _ensure_schema, free_port, login, make_user
from tests.api.factory import all_white_wins, make_club, make_player, make_team, ok, pair_publish, setup
from tests.api.test_request_cost import statements
from tests.conftest import TEST_DATABASE_URL
from tests.demo_server import start_server, stop

ROOT = Path(__file__).resolve().parents[2]
VENUE_DB = Path(tempfile.mkdtemp(prefix="teamswiss-venue-")) / "venue.db"
VENUE_URL = f"sqlite:///{VENUE_DB}"
PASSWORD = "password123"


@pytest.fixture(scope="module")
def venue_url() -> Iterator[str]:
    """The venue: ``teamswiss serve --migrate`` on its own SQLite file, with its administrator."""
    proc, url = start_server(["-m", "app.cli.main", "serve", "--migrate"],
                       {"TEAMSWISS_DATABASE_URL": VENUE_URL, "TEAMSWISS_ADMIN_USERNAME": "admin",
                        "TEAMSWISS_ADMIN_PASSWORD": PASSWORD})
    yield url
    stop(proc)


@pytest.fixture(scope="module")
def mirror_url() -> Iterator[str]:
    """The public server: uvicorn on the test database."""
    _ensure_schema()
    proc, url = start_server(["-m", "uvicorn", "app.main:app"], {"TEAMSWISS_DATABASE_URL": TEST_DATABASE_URL})
    yield url
    stop(proc)


@pytest.fixture()
def venue(venue_url: str) -> Iterator[tuple[httpx.Client, dict[str, str]]]:
    with httpx.Client(base_url=venue_url, timeout=30) as c:
        yield c, login(c, "admin")  # type: ignore[arg-type]  # httpx.Client answers as TestClient does


@pytest.fixture()
def key(client: TestClient, engine: Any, capsys: pytest.CaptureFixture[str]) -> Any:
    """A publishing key on the mirror (``teamswiss create-token``), for the venue's tournaments given."""
    make_user(engine, "admin", admin=True)

    def make(*tournaments: int, venue: str = "athens-open") -> str:
        capsys.readouterr()
        args = ["create-token", f"key-{venue}", "--user", "admin", "--scope", "publish", "--venue", venue]
        assert main([*args, *(x for t in tournaments for x in ("--tournament", str(t)))]) == 0
        return capsys.readouterr().out.strip()

    return make


class Proxy:
    """A TCP proxy on loopback: ``pass``es the bytes, ``cut``s the link after ``limit`` bytes of a request,
    ``mute``s the answer (the request arrives whole, its answer never comes back), or ``delay``s each chunk."""

    def __init__(self, upstream: str) -> None:
        host, port = upstream.removeprefix("http://").split(":")
        self.upstream = (host, int(port))
        self.mode, self.limit, self.delay = "pass", 0, 0.0
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        up = socket.create_connection(self.upstream)
        mode, sent = self.mode, 0

        def back() -> None:
            try:
                while data := up.recv(65536):
                    if mode == "mute":
                        break
                    time.sleep(self.delay)
                    conn.sendall(data)
            except OSError:
                pass
            finally:
                conn.close()

        threading.Thread(target=back, daemon=True).start()
        try:
            while data := conn.recv(4096):
                time.sleep(self.delay)
                if mode == "cut" and sent + len(data) > self.limit:
                    up.sendall(data[: self.limit - sent])
                    break
                up.sendall(data)
                sent += len(data)
        except OSError:
            pass
        finally:
            up.close()
            conn.close()

    def close(self) -> None:
        self.sock.close()


def _played(venue: tuple[httpx.Client, dict[str, str]], teams: int = 6) -> int:
    """A venue tournament: round 1 completed, round 2 published with one match played, round 3 paired only."""
    c, admin = venue
    tid, entered = setup(c, admin, teams=teams)  # type: ignore[arg-type]
    team = entered[0]
    for n in (1, 3):  # a lineup of a round that is played travels; one of a round not started yet never does
        lineup = {"player_ids": team["player_ids"][:4], "captain_id": team["player_ids"][1]}
        ok(c.put(f"/tournaments/{tid}/rounds/{n}/lineups/{team['id']}", json=lineup, headers=admin))
    rnd = pair_publish(c, admin, tid, 1)  # type: ignore[arg-type]
    ok(c.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(c.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    rnd = pair_publish(c, admin, tid, 2)  # type: ignore[arg-type]
    first = [m for m in rnd["matches"] if not m["pab"]][0]
    ok(c.post(f"/tournaments/{tid}/rounds/2/results",
              json={"results": [{"table": first["table"], "board": b["board"], "result": "1/2-1/2"}
                                for b in first["boards"]]}, headers=admin))
    return tid


def _finish_round_2(venue: tuple[httpx.Client, dict[str, str]], tid: int) -> None:
    c, admin = venue
    rnd = ok(c.get(f"/tournaments/{tid}/rounds/2"))
    open_ = {**rnd, "matches": [m for m in rnd["matches"] if not m["complete"]]}
    ok(c.post(f"/tournaments/{tid}/rounds/2/results", json={"results": all_white_wins(open_)}, headers=admin))


def _publisher(tid: int, url: str, token: str) -> Publisher:
    return Publisher(get_engine(VENUE_URL), tid, url, token, say=lambda _: None, sleep=lambda _: None)


def _mirrored(engine: Any, tid: int, venue: str = "athens-open") -> MirrorSource:
    with Session(engine) as s:
        src = s.exec(select(MirrorSource).where(MirrorSource.venue == venue,
                                                MirrorSource.venue_tournament_id == tid)).one()
        s.expunge(src)
        return src


# --- what travels ---------------------------------------------------------------------------------------------

ID_KEYS = {"first", "second", "players", "first_player", "second_player", "team", "player", "captain"}


def _normal(value: Any, key: str = "") -> Any:
    """A body without its ids: what may differ between the venue's and the mirror's answers."""
    if isinstance(value, dict):
        return {k: _normal(v, k) for k, v in value.items()
                if k not in ("id", "etag", "instance") and not k.endswith(("_id", "_ids"))}
    if isinstance(value, list):
        return [_normal(v, key) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and key in ID_KEYS:
        return "#"
    return value


def _public_routes(c: httpx.Client, tid: int) -> list[str]:
    """Every public route of a tournament, with each team, player and round of it."""
    base = f"/tournaments/{tid}"
    routes = [base, f"{base}/rounds", f"{base}/standings", f"{base}/crosstable", f"{base}/prizes",
              f"{base}/board-stats", f"{base}/ranking", f"{base}/players?limit=200", f"{base}/teams?limit=200",
              f"{base}/export/json", f"{base}/export/trf", f"{base}/export/trf?format=trf16",
              f"{base}/export/standings.csv", f"{base}/committee", f"{base}/appeals"]
    for n in range(1, 8):
        routes += [f"{base}/rounds/{n}"]
    teams = [t["id"] for t in ok(c.get(f"{base}/teams?limit=200"))["items"]]
    routes += [f"{base}/rounds/{n}/lineups/{team}" for n in (1, 2, 3) for team in teams]
    routes += [f"{base}/appeals/{a['id']}" for a in ok(c.get(f"{base}/appeals"))["items"]]
    for n in (1, 2):
        routes += [f"{base}/export/pairings.csv?round={n}", f"{base}/standings?round={n}"]
    return routes


def _by_name(c: httpx.Client, tid: int) -> tuple[dict[str, int], dict[str, int]]:
    teams = {t["name"]: t["id"] for t in ok(c.get(f"/tournaments/{tid}/teams?limit=200"))["items"]}
    players = {p["player"]["last_name"]: p["player"]["id"]
               for p in ok(c.get(f"/tournaments/{tid}/players?limit=200"))["items"]}
    return teams, players


def _answer(c: httpx.Client, path: str) -> tuple[int, Any]:
    r = c.get(path)
    if r.headers.get("content-type", "").startswith(("application/json", "application/problem+json")):
        return r.status_code, _normal(r.json())
    return r.status_code, r.text


def test_the_mirror_answers_every_public_route_as_the_venue_does(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any,
        client: TestClient) -> None:
    tid = _played(venue)
    token = key(tid)
    setup(client, login(client, "admin"), teams=2)  # the mirror's ids are not the venue's
    assert _publisher(tid, mirror_url, token).once() == 0
    src = _mirrored(engine, tid)
    assert src.tournament_id != tid
    _same_answers(venue[0], tid, mirror_url, src.tournament_id)


def _same_answers(c: httpx.Client, tid: int, mirror_url: str, mid: int) -> None:
    """The mirror's tournament ``mid`` answers every public route as the venue's ``tid`` does."""
    with httpx.Client(base_url=mirror_url, timeout=30) as m:
        pairs = list(zip(_public_routes(c, tid), _public_routes(m, mid), strict=True))
        (vteams, vplayers), (mteams, mplayers) = _by_name(c, tid), _by_name(m, mid)
        assert vteams.keys() == mteams.keys() and vplayers.keys() == mplayers.keys()
        for name, team in vteams.items():
            for tail in ("", "/roster", "/results"):
                pairs.append((f"/tournaments/{tid}/teams/{team}{tail}",
                              f"/tournaments/{mid}/teams/{mteams[name]}{tail}"))
        for name, player in vplayers.items():
            pairs.append((f"/tournaments/{tid}/players/{player}", f"/tournaments/{mid}/players/{mplayers[name]}"))
            pairs.append((f"/players/{player}", f"/players/{mplayers[name]}"))
        differ = []
        for vpath, mpath in pairs:
            va, ma = _answer(c, vpath), _answer(m, mpath)
            if va != ma:
                differ.append(vpath)
                print(vpath, "\n  venue: ", str(va)[:1500], "\n  mirror:", str(ma)[:1500])
        assert not differ, f"the mirror answers differently: {differ}"


def test_the_waitlisted_teams_travel_with_their_players(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any) -> None:
    """The public lists the waitlisted teams and their rosters (R-11.2), which the export leaves out: the mirror
    answers them as the venue does, and a change to one travels."""
    c, admin = venue
    tid = _played(venue)
    club = make_club(c, admin, "Waiting club")  # type: ignore[arg-type]
    team = make_team(c, admin, tid, club["id"], "Waiting", pay=False)  # type: ignore[arg-type]
    assert team["status"] == "waitlisted"  # its fee is not paid
    pids = [make_player(c, admin, club["id"], f"Waiting-{i}", rating=1500)["id"]  # type: ignore[arg-type]
            for i in range(4)]
    ok(c.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": pids}, headers=admin))
    pub = _publisher(tid, mirror_url, key(tid))
    assert pub.once() == 0
    mid = _mirrored(engine, tid).tournament_id
    with httpx.Client(base_url=mirror_url, timeout=30) as m:
        waiting = ok(m.get(f"/tournaments/{mid}/teams?status=waitlisted"))["items"]
        assert [t["name"] for t in waiting] == ["Waiting"]
        roster = ok(m.get(f"/tournaments/{mid}/teams/{waiting[0]['id']}/roster"))["players"]
        assert sorted(p["player"]["last_name"] for p in roster) == [f"Waiting-{i}" for i in range(4)]
    _same_answers(c, tid, mirror_url, mid)
    ok(c.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": pids[1:]}, headers=admin))
    ok(c.patch(f"/tournaments/{tid}/teams/{team['id']}", json={"name": "Still waiting"},
               headers={**admin, "If-Match": "*"}))
    assert pub.once() == 0
    with httpx.Client(base_url=mirror_url, timeout=30) as m:
        waiting = ok(m.get(f"/tournaments/{mid}/teams?status=waitlisted"))["items"]
        assert [t["name"] for t in waiting] == ["Still waiting"]
        assert len(ok(m.get(f"/tournaments/{mid}/teams/{waiting[0]['id']}/roster"))["players"]) == 3
    _same_answers(c, tid, mirror_url, mid)


def _spy(pub: Publisher) -> list[dict[str, Any]]:
    """The pushes a publisher sends, as JSON."""
    import gzip

    sent: list[dict[str, Any]] = []
    real = pub.client.push

    def push(body: bytes) -> dict[str, Any]:
        sent.append(json.loads(gzip.decompress(body)))
        return real(body)

    pub.client.push = push  # type: ignore[method-assign]
    return sent


def test_after_the_first_push_only_the_changed_parts_travel(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any) -> None:
    c, admin = venue
    tid = _played(venue)
    pub = _publisher(tid, mirror_url, key(tid))
    sent = _spy(pub)
    assert pub.once() == 0
    assert "export" in sent[0] and "changes" not in sent[0]  # the first push: the whole view
    team = ok(c.get(f"/tournaments/{tid}/teams?limit=1"))["items"][0]
    roster = [p["player"]["id"] for p in ok(c.get(f"/tournaments/{tid}/teams/{team['id']}/roster"))["players"]]
    ok(c.put(f"/tournaments/{tid}/rounds/4/lineups/{team['id']}", headers=admin,
             json={"player_ids": roster[:4], "captain_id": roster[0]}))  # private: the version moves, not the view
    assert pub.once() == 0 and len(sent) == 1  # nothing travels
    _finish_round_2(venue, tid)  # results: round 2 changes, with the appeals that name its matches
    assert pub.once() == 0 and len(sent) == 2  # made from the version the mirror holds: no refusal, no whole view
    change = sent[-1]
    assert "export" not in change and change["base_version"] == sent[0]["venue_version"]
    assert [r["number"] for r in change["changes"]["rounds"]] == [2]
    assert set(change["changes"]) == {"rounds", "appeals"}
    assert len(json.dumps(change)) * 3 < len(json.dumps(sent[0]))
    ok(c.post(f"/tournaments/{tid}/rounds/2/complete", headers=admin))
    pair_publish(c, admin, tid, 3)  # type: ignore[arg-type]  # round 3's pairing
    ok(c.patch(f"/tournaments/{tid}", json={"name": "Renamed open"}, headers={**admin, "If-Match": "*"}))
    assert pub.once() == 0
    change = sent[-1]["changes"]
    assert change["tournament"]["name"] == "Renamed open" and {"clubs", "teams", "players", "unpaid"} <= set(change)
    assert {r["number"] for r in change["rounds"]} >= {2, 3}
    assert pub.once() == 0 and len(sent) == 3  # nothing new: nothing travels
    _same_answers(c, tid, mirror_url, _mirrored(engine, tid).tournament_id)


def test_a_changed_round_is_applied_reading_each_row_once(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, client: TestClient,
        engine: Any) -> None:
    """The mirror's work per result is its database statements: the key is read with its user in one, and the rows
    the apply loaded are not read again by the flush's notes or the commit's live events."""
    tid = _played(venue)
    token = key(tid)
    pub = _publisher(tid, mirror_url, token)
    assert pub.once() == 0  # the whole view, on the public server
    _finish_round_2(venue, tid)
    answers: list[Any] = []

    def push(body: bytes) -> dict[str, Any]:  # the change goes to the same database, in this process
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Content-Encoding": "gzip"}
        with statements(engine) as seen:
            answers.append(client.put(f"/mirror/tournaments/{tid}", content=body, headers=headers))
        answers.append(seen)
        return dict(answers[0].json())

    pub.client.push = push  # type: ignore[method-assign]
    assert pub.once() == 0 and ok(answers[0])["applied"]
    seen = answers[1]
    assert len([s for s in seen if "FROM api_token" in s]) == 1 and not [s for s in seen if 'FROM "user"' in s]
    by_id = [m.group(1) for s in seen if (m := re.search(r"FROM (tournament|round|match) WHERE \w+\.id (=|IN) ", s))]
    assert by_id == ["tournament"], by_id  # loaded once by the apply, as its rounds and the changed matches are
    assert not [s for s in seen if "FROM appeal" in s]  # the same appeals (none): not written again
    assert len(seen) <= 17, seen


def test_a_round_s_change_writes_its_appeals_again_only_when_they_or_their_matches_changed(
        venue: tuple[httpx.Client, dict[str, str]], key: Any, client: TestClient, engine: Any) -> None:
    """A round's change carries the appeals (they name its matches by table): the same appeals are not written
    again, unless the apply re-made the match one names; then the appeal names the new match."""
    import copy

    from app.operations.publishing import Snapshot

    tid = _played(venue)
    with Session(get_engine(VENUE_URL)) as s:
        snap = snapshot(s, tid)
    rnd = snap.export["rounds"][1]
    appealed, other = rnd["matches"][0], rnd["matches"][1]
    extras = {**snap.extras, "appeals": [{
        "round": 2, "table": appealed["table"], "board": 1, "team_id": appealed["first"], "status": "open",
        "game_ended_at": "2026-12-10T18:00:00+00:00", "announced_at": "2026-12-10T18:05:00+00:00",
        "submitted_at": "2026-12-10T18:20:00+00:00", "late_accepted": False, "fee_status": "held",
        "decided_at": None}]}
    token = key(tid)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Content-Encoding": "gzip"}
    held = Snapshot.of(snap.version, snap.export, extras)
    mid = ok(client.put(f"/mirror/tournaments/{tid}", content=held.whole(), headers=headers))["tournament_id"]

    def push(change: Any) -> tuple[list[str], list[Any]]:
        nonlocal held
        export = copy.deepcopy(held.export)
        change(next(m for m in export["rounds"][1]["matches"] if m["table"] == appealed["table"]),
               next(m for m in export["rounds"][1]["matches"] if m["table"] == other["table"]))
        new = Snapshot.of(held.version + 1, export, extras)
        with statements(engine) as seen:
            ok(client.put(f"/mirror/tournaments/{tid}", content=new.change(held.version, held.digests),
                          headers=headers))
        held = new
        matches = {m["table"]: m["id"] for m in ok(client.get(f"/tournaments/{mid}/rounds/2"))["matches"]}
        appeals = ok(client.get(f"/tournaments/{mid}/appeals"))["items"]
        assert [a["match_id"] for a in appeals] == [matches[appealed["table"]]]
        return [q for q in seen if "FROM appeal" in q], appeals

    def result(_: Any, m: dict[str, Any]) -> None:  # another table's result: the appeals stay as they are
        m["boards"][0]["result"] = "0-1" if m["boards"][0]["result"] == "1-0" else "1-0"

    def swap(m: dict[str, Any], _: Any) -> None:  # the appealed table's teams change sides: its match is re-made
        m["first"], m["second"] = m["second"], m["first"]
        for b in m["boards"]:
            b["first_player"], b["second_player"] = b["second_player"], b["first_player"]
            b["white"] = "second" if b["white"] == "first" else "first"

    before = ok(client.get(f"/tournaments/{mid}/appeals"))["items"]
    read, after = push(result)
    assert not read and after == before
    read, after = push(swap)
    assert read and after[0]["match_id"] != before[0]["match_id"]


def test_a_change_from_another_version_is_refused_and_the_venue_sends_the_whole_view(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any) -> None:
    import gzip

    tid = _played(venue)
    token = key(tid)
    first, second = _publisher(tid, mirror_url, token), _publisher(tid, mirror_url, token)
    assert first.once() == 0
    at = _mirrored(engine, tid)
    _finish_round_2(venue, tid)
    with Session(get_engine(VENUE_URL)) as s:
        snap = snapshot(s, tid)
    put = {"Authorization": f"Bearer {token}", "Content-Encoding": "gzip", "Content-Type": "application/json"}
    with httpx.Client(base_url=mirror_url) as m:
        stale = snap.change(at.venue_version - 1, at.ids["parts"])
        problem = m.put(f"/mirror/tournaments/{tid}", content=stale, headers=put)
        assert problem.status_code == 409 and problem.json()["reason"] == "base"
        assert problem.json()["venue_version"] == at.venue_version
        assert _mirrored(engine, tid).venue_version == at.venue_version  # nothing changed
        both = json.loads(gzip.decompress(snap.whole())) | {"base_version": 1, "changes": {"rounds": []}}
        assert m.put(f"/mirror/tournaments/{tid}", content=gzip.compress(json.dumps(both).encode()),
                     headers=put).status_code == 422
    assert second.once() == 0  # another publisher moved the mirror on: the first one's change has the wrong base
    c, admin = venue
    ok(c.post(f"/tournaments/{tid}/rounds/2/complete", headers=admin))
    sent = _spy(first)
    assert first.once() == 0
    assert "changes" in sent[0] and "export" in sent[1]
    _same_answers(c, tid, mirror_url, _mirrored(engine, tid).tournament_id)


def test_a_lineup_travels_when_its_round_starts_by_the_clock(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any) -> None:
    """A lineup is private until its round starts; a scheduled start passing changes the public view with no change
    of version: the venue sends it then, and the mirror applies it at the version it holds."""
    from datetime import UTC, datetime, timedelta

    from app.models import Round, Tournament

    c, _ = venue
    tid = _played(venue)  # a lineup of round 3, which has not started
    with Session(get_engine(VENUE_URL)) as s:
        rnd = s.exec(select(Round).where(Round.tournament_id == tid, Round.number == 3)).one()
        rnd.scheduled_start = datetime.now(UTC) + timedelta(seconds=2)
        s.add(rnd)
        s.commit()
    team = ok(c.get(f"/tournaments/{tid}/teams?limit=1"))["items"][0]
    pub = _publisher(tid, mirror_url, key(tid))
    sent = _spy(pub)
    assert pub.once() == 0
    mid = _mirrored(engine, tid).tournament_id
    with httpx.Client(base_url=mirror_url) as m:
        (mteam,) = [t for t in ok(m.get(f"/tournaments/{mid}/teams?limit=200"))["items"] if t["name"] == team["name"]]
        assert m.get(f"/tournaments/{mid}/rounds/3/lineups/{mteam['id']}").status_code in (401, 403)
        with Session(get_engine(VENUE_URL)) as s:
            version = s.get(Tournament, tid).version  # type: ignore[union-attr]
        time.sleep(max(0.0, (pub.reveal_at - datetime.now(UTC)).total_seconds()) + 0.1)  # type: ignore[operator]
        assert pub.once() == 0
        change = sent[-1]
        assert change["base_version"] == change["venue_version"] == version  # no version moved: the clock did
        assert [lu["round"] for lu in change["changes"]["lineups"]] == [1, 3]
        venue_lineup = ok(c.get(f"/tournaments/{tid}/rounds/3/lineups/{team['id']}"))
        mirror_lineup = ok(m.get(f"/tournaments/{mid}/rounds/3/lineups/{mteam['id']}"))
        assert _normal(mirror_lineup) == _normal(venue_lineup) and venue_lineup["submitted"]
        assert pub.once() == 0 and len(sent) == 2  # told once


def test_only_the_public_view_travels(venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any,
                                      engine: Any) -> None:
    tid = _played(venue)
    with Session(get_engine(VENUE_URL)) as s:
        body = snapshot(s, tid)
    doc = json.loads(__import__("gzip").decompress(body.whole()))["export"]
    assert doc["public"] is True
    assert not any("birth_date" in p or "email" in p or "phone" in p for p in doc["players"])
    assert [r["matches"] for r in doc["rounds"] if r["number"] == 3] == [[]]  # paired, not published
    assert [lu["round"] for lu in json.loads(__import__("gzip").decompress(body.whole()))["extras"]["lineups"]] == [1]
    assert _publisher(tid, mirror_url, key(tid)).once() == 0
    src = _mirrored(engine, tid)
    with Session(engine) as s:
        players = s.exec(select(Player)).all()
        assert players and all(p.email is None and p.phone is None for p in players)
        assert all(p.birth_date is None or (p.birth_date.month, p.birth_date.day) == (1, 1) for p in players)
    with httpx.Client(base_url=mirror_url) as m:
        assert ok(m.get(f"/tournaments/{src.tournament_id}/rounds/3"))["matches"] == []
        assert ok(m.get(f"/tournaments/{src.tournament_id}/audit", headers=login(m, "admin")))["items"][0][
            "action"] == "mirror"  # type: ignore[arg-type]  # the mirror's own trail: the venue's stays there


def test_a_small_body_for_a_slow_link(venue: tuple[httpx.Client, dict[str, str]]) -> None:
    tid = _played(venue)
    with Session(get_engine(VENUE_URL)) as s:
        snap = snapshot(s, tid)
    assert snap.raw_size > 4 * len(snap.whole())  # gzip: a JSON export compresses well


# --- nothing lost, nothing applied twice ----------------------------------------------------------------------


def test_a_repeated_or_older_push_is_answered_as_done(venue: tuple[httpx.Client, dict[str, str]], mirror_url: str,
                                                      key: Any, engine: Any) -> None:
    tid = _played(venue)
    token = key(tid)
    with Session(get_engine(VENUE_URL)) as s:
        old = snapshot(s, tid)
    c, admin = venue
    _finish_round_2(venue, tid)
    with Session(get_engine(VENUE_URL)) as s:
        new = snapshot(s, tid)
    put = {"Authorization": f"Bearer {token}", "Content-Encoding": "gzip", "Content-Type": "application/json"}
    with httpx.Client(base_url=mirror_url) as m:
        first = ok(m.put(f"/mirror/tournaments/{tid}", content=new.whole(), headers=put))
        assert first["applied"] and first["venue_version"] == new.version
        version = ok(m.get(f"/tournaments/{first['tournament_id']}")) and _mirror_version(engine, first)
        again = ok(m.put(f"/mirror/tournaments/{tid}", content=new.whole(), headers=put))
        older = ok(m.put(f"/mirror/tournaments/{tid}", content=old.whole(), headers=put))
        assert (again["applied"], older["applied"]) == (False, False)
        assert older["venue_version"] == new.version  # the older push changed nothing
        assert _mirror_version(engine, first) == version
        standings = ok(m.get(f"/tournaments/{first['tournament_id']}/rounds/2"))
        assert all(mm["complete"] for mm in standings["matches"])


def _mirror_version(engine: Any, state: dict[str, Any]) -> int:
    from app.models import Tournament

    with Session(engine) as s:
        t = s.get(Tournament, state["tournament_id"])
        assert t is not None
        return t.version


def test_a_link_cut_mid_push_leaves_the_previous_version_and_the_venue_catches_up(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any) -> None:
    tid = _played(venue)
    token = key(tid)
    proxy = Proxy(mirror_url)
    try:
        pub = _publisher(tid, proxy.url, token)
        assert pub.once() == 0
        before = _mirrored(engine, tid)
        _finish_round_2(venue, tid)
        proxy.mode, proxy.limit = "cut", 600  # the headers and a little of the body, then the link drops
        assert pub.once() == 1
        assert _mirrored(engine, tid).venue_version == before.venue_version
        proxy.mode = "mute"  # the push arrives whole, its answer is lost: the mirror has it, the venue does not know
        assert pub.once() == 1
        after = _mirrored(engine, tid)
        assert after.venue_version > before.venue_version
        with Session(get_engine(VENUE_URL)) as s:
            row = s.exec(select(Publication).where(Publication.tournament_id == tid)).one()
            assert row.failures == 2 and row.behind_since is not None and row.last_error
        # the link is back: the next attempt is answered as done, nothing is applied twice
        proxy.mode, proxy.delay = "pass", 0.05
        stops = iter([False, False, True])
        pub.failures = 0
        assert pub.run(stop=lambda: next(stops)) == 0
        assert _mirrored(engine, tid).venue_version == after.venue_version
        with Session(get_engine(VENUE_URL)) as s:
            row = s.exec(select(Publication).where(Publication.tournament_id == tid)).one()
            assert (row.failures, row.behind_since, row.pushed_version) == (0, None, after.venue_version)
    finally:
        proxy.close()


# --- the mirror is a normal server, read-only for the mirrored tournament ----------------------------------------


def test_a_venue_change_reaches_a_subscriber_of_the_mirror(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any) -> None:
    tid = _played(venue)
    stop = threading.Event()
    pub = Publisher(get_engine(VENUE_URL), tid, mirror_url, key(tid), say=lambda _: None)
    th = threading.Thread(target=pub.run, kwargs={"stop": stop.is_set}, daemon=True)
    th.start()
    try:
        deadline = time.monotonic() + 30
        while pub.pushed is None or pub.pushed < _venue_version(tid):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        mid = _mirrored(engine, tid).tournament_id
        sub = Subscriber(f"{mirror_url}/tournaments/{mid}/events")
        assert sub.ready.wait(10)
        c, admin = venue
        rnd = ok(c.get(f"/tournaments/{tid}/rounds/2"))
        last = [m for m in rnd["matches"] if not m["complete"]][-1:]
        ok(c.post(f"/tournaments/{tid}/rounds/2/results", json={"results": all_white_wins({"matches": last})},
                  headers=admin))
        sub.thread.join(15)
        match = [data for kind, data, _ in sub.got if kind == "match"]
        assert match, f"no match event reached the mirror's subscriber: {sub.got}"
        assert match[0]["round"] == 2 and any(b["result"] == "1-0" for b in match[0]["match"]["boards"])
    finally:
        stop.set()
        th.join(10)


def _venue_version(tid: int) -> int:
    from app.operations.publishing import current_version

    with Session(get_engine(VENUE_URL)) as s:
        return current_version(s, tid)


def test_a_mirrored_tournament_is_read_only(venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any,
                                            engine: Any) -> None:
    tid = _played(venue)
    assert _publisher(tid, mirror_url, key(tid)).once() == 0
    mid = _mirrored(engine, tid).tournament_id
    with httpx.Client(base_url=mirror_url) as m:
        admin = login(m, "admin")  # type: ignore[arg-type]
        team = ok(m.get(f"/tournaments/{mid}/teams"))["items"][0]["id"]
        writes = [("PATCH", f"/tournaments/{mid}", {"name": "x"}),
                  ("POST", f"/tournaments/{mid}/rounds/3/publish", None),
                  ("POST", f"/tournaments/{mid}/rounds/2/results", {"results": []}),
                  ("PATCH", f"/tournaments/{mid}/teams/{team}", {"name": "y"}),
                  ("DELETE", f"/tournaments/{mid}", None)]
        for method, path, body in writes:
            for headers in (admin, {}):
                r = m.request(method, path, json=body, headers=headers)
                assert r.status_code == 409, (method, path, r.status_code, r.text)
                problem = r.json()
                assert r.headers["content-type"].startswith("application/problem+json")
                assert problem["venue"] == "athens-open" and problem["reason"] == "mirrored"
                assert "athens-open" in problem["detail"]
        # a club or a player of a mirrored tournament: no tournament in the path, the commit refuses it
        player = ok(m.get(f"/tournaments/{mid}/players"))["items"][0]["player"]
        for path, body in ((f"/players/{player['id']}", {"last_name": "Z"}), (f"/clubs/{player['club_id']}",
                                                                             {"city": "Z"})):
            r = m.patch(path, json=body, headers=admin)
            assert r.status_code == 409 and r.json()["reason"] == "mirrored", (path, r.status_code, r.text)
        assert ok(m.get(f"/players/{player['id']}"))["last_name"] == player["last_name"]


def test_the_publishing_key_publishes_only_what_it_names(
        venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any, engine: Any) -> None:
    tid = _played(venue)
    token = key(tid + 1000)
    assert _publisher(tid, mirror_url, token).once() == 1  # the key names another tournament
    bearer = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=mirror_url) as m:
        assert m.post("/tournaments", json={"name": "x"}, headers=bearer).status_code == 403
        assert m.post("/clubs", json={"name": "x"}, headers=bearer).status_code == 403
        assert m.get(f"/mirror/tournaments/{tid}", headers=bearer).status_code == 403
        assert ok(m.get(f"/mirror/tournaments/{tid + 1000}", headers=bearer))["venue_version"] == 0
        write = login(m, "admin")  # type: ignore[arg-type]  # an interactive login is no publishing key
        assert m.get(f"/mirror/tournaments/{tid + 1000}", headers=write).status_code == 403
    # two venues' tournaments with the same id never meet
    other = key(tid, venue="thessaloniki")
    assert _publisher(tid, mirror_url, other).once() == 0
    assert _publisher(tid, mirror_url, key(tid)).once() == 0
    assert _mirrored(engine, tid, "thessaloniki").tournament_id != _mirrored(engine, tid).tournament_id


def test_teamswiss_publish_once(venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any) -> None:
    tid = _played(venue)
    env = {**os.environ, "TEAMSWISS_DATABASE_URL": VENUE_URL}
    cmd = [sys.executable, "-m", "app.cli.main", "publish", str(tid), "--once"]
    done = subprocess.run([*cmd, "--to", mirror_url, "--token", key(tid)], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"public page: {mirror_url}/web/#/t/")
    gone = subprocess.run([*cmd, "--to", f"http://127.0.0.1:{free_port()}", "--token", key(tid)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert gone.returncode == 1
    assert gone.stderr.count("\n") == 1 and "unreachable" in gone.stderr


def test_publishing_from_the_console(venue: tuple[httpx.Client, dict[str, str]], mirror_url: str, key: Any,
                                     engine: Any) -> None:
    c, admin = venue
    tid = _played(venue)
    base = f"/tournaments/{tid}/publication"
    assert ok(c.get(base, headers=admin))["state"] == "off"
    assert c.get(base).status_code == 401
    for nowhere in ("http://[", "http://:8000", "https://"):  # no host a client could reach: refused, not stored
        assert c.put(base, json={"url": nowhere, "token": key(tid)}, headers=admin).status_code == 422, nowhere
    assert ok(c.get(base, headers=admin))["state"] == "off"
    gone = f"http://127.0.0.1:{free_port()}"
    ok(c.put(base, json={"url": gone, "token": key(tid)}, headers=admin))
    state = _until(c, base, admin, lambda s: s["state"] == "unreachable")
    assert "unreachable" in state["last_error"] and state["minutes_behind"] == 0 and state["from_console"]
    put = ok(c.put(base, json={"url": mirror_url, "token": key(tid)}, headers=admin))
    assert "token" not in put  # the key is never shown again
    state = _until(c, base, admin, lambda s: s["state"] == "up_to_date")
    assert state["public_url"].startswith(f"{mirror_url}/web/#/t/")
    assert _mirrored(engine, tid).venue_version == state["version"]
    _finish_round_2(venue, tid)  # a change: the console's publisher pushes it too
    version = _venue_version(tid)
    _until(c, base, admin, lambda s: s["state"] == "up_to_date" and s["pushed_version"] >= version)
    stopped = ok(c.delete(base, headers=admin))
    assert stopped["from_console"] is False and stopped["url"] == mirror_url


def _until(c: httpx.Client, path: str, admin: dict[str, str], done: Any, timeout: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state = ok(c.get(path, headers=admin))
        if done(state):
            return dict(state)
        assert time.monotonic() < deadline, state
        time.sleep(0.2)


def test_a_published_tournament_can_still_be_deleted(venue: tuple[httpx.Client, dict[str, str]]) -> None:
    c, admin = venue
    t = ok(c.post("/tournaments", json={"name": "Not yet", "preset": "k12-2025", "start_date": "2026-12-20"},
                  headers=admin), 201)
    ok(c.put(f"/tournaments/{t['id']}/publication", json={"url": f"http://127.0.0.1:{free_port()}",
                                                          "token": "tsk_unused-key"}, headers=admin))
    assert c.delete(f"/tournaments/{t['id']}", headers=admin).status_code in (200, 204)
    assert c.get(f"/tournaments/{t['id']}").status_code == 404
