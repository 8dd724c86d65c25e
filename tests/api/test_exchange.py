"""Data exchange (/tournaments/import, /tournaments/{id}/export/...): TRF round trips, the files an import refuses
(not a tournament, the same file twice), TRF16 byes, the TRF column layout, the CSV exports, and the JSON export
against its schema. The import and export commands, backup and restore are in test_cli.py."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.cli.main import main
from app.services.errors import NoLegalPairing
from app.services.generator import generate
from app.services.standings import compute_standings
from app.services.trf import write_tournament
from tests.api.conftest import make_user, token_for
from tests.api.factory import (
    DATA,
    PAB16,
    PROSE,
    PUBLISHED,
    SCHEMA,
    TEXT,
    TRF_DIR,
    counts,
    export,
    full_team,
    make_club,
    make_tournament,
    ok,
    schema_errors,
)

HAND_MADE = [DATA / "forfeits_byes_absent.trf", TRF_DIR / "team_2026.trf", TRF_DIR / "swissmanager_trf16.trf"]


@pytest.fixture()
def admin(client: TestClient, engine: Any) -> dict[str, str]:
    make_user(engine, "admin", admin=True)
    return token_for(engine, "admin")


def import_text(client: TestClient, auth: dict[str, str], text: str, **params: str) -> dict[str, Any]:
    """Import ``text``; a round trip re-imports the same file, so duplicates are allowed here."""
    params.setdefault("allow_duplicate", "true")
    return ok(client.post("/tournaments/import", content=text.encode("utf-8"), params=params,
                          headers={**auth, **TEXT}), 201)


# --- round trips ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 7])
def test_generated_tournament_round_trip(client: TestClient, admin: dict[str, str], seed: int) -> None:
    g = generate(9, 5, boards=4, seed=seed, forfeit_rate=0.08, absent_rate=0.08)
    original = write_tournament(g, standings=compute_standings(g))
    t1 = import_text(client, admin, original)
    first = export(client, t1["id"], admin)
    # the file comes back as it was, but for the tournament type (092), which the database does not keep
    assert [x for x in first.splitlines() if not x.startswith("092")] == \
           [x for x in original.splitlines() if not x.startswith("092")]
    t2 = import_text(client, admin, first)
    assert export(client, t2["id"], admin) == first


@pytest.mark.parametrize("path", HAND_MADE, ids=lambda p: p.name)
def test_hand_made_file_round_trip(client: TestClient, admin: dict[str, str], path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    t1 = import_text(client, admin, text)
    if path.name.startswith("swissmanager"):
        assert any(w.startswith("line 14: ") for w in t1["warnings"]), "the ruler line is reported"
    first = export(client, t1["id"], admin)
    t2 = import_text(client, admin, first)
    assert export(client, t2["id"], admin) == first
    fmt16 = export(client, t1["id"], admin, format="trf16")
    t3 = import_text(client, admin, fmt16)
    assert export(client, t3["id"], admin, format="trf16") == fmt16


def test_import_builds_rounds_matches_and_boards(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    t = import_text(client, admin, (DATA / "forfeits_byes_absent.trf").read_text(encoding="utf-8"))
    tid = t["id"]
    assert t["tpns_locked"] and t["name"] == "Exchange Test Open 2026" and t["chief_arbiter"] == "IA Chief, Arbiter"
    assert t["rules"]["boards"] == 3 and t["rules"]["rounds"] == 4 and t["rules"]["time_control"].startswith("90 min")
    rounds = ok(client.get(f"/tournaments/{tid}/rounds"))["items"]
    assert [r["state"] for r in rounds] == ["completed", "completed", "in_progress", "pending"]
    teams = {tm["tpn"]: tm for tm in ok(client.get(f"/tournaments/{tid}/teams?limit=100"))["items"]}
    assert len(teams) == 6 and teams[4]["status"] == "expelled"  # R-7.4: lost round 1 by forfeit
    assert teams[1]["name"] == "Θεσσαλονίκη ΟΑΧ" and teams[1]["club_name"] == "Θεσσαλονίκη ΟΑΧ"
    r1 = ok(client.get(f"/tournaments/{tid}/rounds/1", headers=admin))["matches"]
    assert [(m["table"], m["first"]["tpn"], m["second"]["tpn"], m["forfeit"]) for m in r1] == \
           [(1, 1, 2, None), (2, 3, 4, "second"), (3, 5, 6, None)]
    assert [b["result"] for b in r1[0]["boards"]] == ["0-1", "1/2-1/2", "+/-"]
    assert r1[2]["boards"][2]["second_player"] is None and r1[2]["boards"][2]["result"] == "+/-"  # empty board
    assert r1[1]["score"] == ["3", "0"] and r1[1]["match_points"] == ["2", "0"]
    r2 = ok(client.get(f"/tournaments/{tid}/rounds/2", headers=admin))
    assert r2["matches"][-1]["pab"] and r2["matches"][-1]["match_points"] == ["1"]
    assert r2["absent_team_ids"] == [teams[4]["id"]]
    roster = ok(client.get(f"/tournaments/{tid}/teams/{teams[1]['id']}/roster", headers=admin))["players"]
    assert [p["player"]["name"] for p in roster][:2] == ["Αλεξίου, Νίκος", "Βασιλείου, Μαρία"]
    assert roster[1]["player"]["sex"] == "w" and roster[0]["player"]["fide_id"] == 5000000


def test_imported_event_continues_with_the_next_round(client: TestClient, admin: dict[str, str]) -> None:
    g = generate(8, 3, boards=4, seed=11, forfeit_rate=0.0, absent_rate=0.0)
    g = g.__class__(**{**{f: getattr(g, f) for f in ("name", "teams", "players", "clubs", "city", "federation",
                                                     "start_date", "end_date", "chief_arbiter")},
                       "rules": g.rules.replace(rounds=5), "rounds": g.rounds})
    tid = import_text(client, admin, write_tournament(g))["id"]
    r = ok(client.post(f"/tournaments/{tid}/rounds/4/pair", headers=admin))
    assert r["state"] == "paired" and len(r["matches"]) == 4
    met = {frozenset((m.first, m.second)) for rd in g.rounds for m in rd.matches}
    assert all(frozenset((m["first"]["tpn"], m["second"]["tpn"])) not in met for m in r["matches"])  # C.04.6 C1


@pytest.mark.parametrize("source", ["generated", "team_2026.trf", "swissmanager_trf16.trf"])
def test_imported_standings_equal_the_standings_command(client: TestClient, admin: dict[str, str], source: str,
                                                         capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    if source == "generated":
        g = generate(10, 5, boards=4, seed=5, forfeit_rate=0.05, absent_rate=0.05)
        path = tmp_path / "event.trf"
        path.write_text(write_tournament(g), encoding="utf-8")
        flags = {"pab": "2,2.5", "tiebreaks": "GPTS EGGSB BH:MP", "forfeit_gp": "3", "rules": "2024"}
    else:
        path, flags = TRF_DIR / source, {}
    tid = import_text(client, admin, path.read_text(encoding="utf-8-sig"), **flags)["id"]
    api = ok(client.get(f"/tournaments/{tid}/standings"))
    capsys.readouterr()
    args = [x for k, v in flags.items() for x in (f"--{k.replace('_', '-')}", v)]
    assert main(["standings", str(path), "--json", *args]) == 0
    cli = json.loads(capsys.readouterr().out)

    def rows(doc: dict[str, Any]) -> list[Any]:
        return [(r["rank"], r["tied"], r["team"]["tpn"], r["team"]["name"], r["mp"], r["gp"], r["won"], r["drawn"],
                 r["lost"], r["tiebreaks"]) for r in doc["rows"]]

    assert api["tiebreaks"] == cli["tiebreaks"] and api["rules"] == cli["rules"]
    assert api["after_round"] == cli["after_round"] or cli["after_round"] is None
    assert rows(api) == rows(cli)
    if source == "generated":
        assert api["tiebreaks"] == ["GPTS", "EGGSB", "BH:MP"] and api["rules"] == "2024"
        assert len({r["mp"] for r in api["rows"]}) > 2


# --- what an import refuses, and what it reports -------------------------------------------------


def test_unreadable_line_is_refused_with_its_number_and_nothing_is_stored(client: TestClient,
                                                                           admin: dict[str, str],
                                                                           engine: Any) -> None:
    lines = (DATA / "forfeits_byes_absent.trf").read_text(encoding="utf-8").splitlines()
    k = next(i for i, x in enumerate(lines) if x.startswith("001   18"))
    lines[k] = lines[k][:91] + "  14 b X"  # unknown result code
    before = counts(engine)
    r = client.post("/tournaments/import", content="\n".join(lines).encode(), headers={**admin, **TEXT})
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["line"] == k + 1 and f"line {k + 1}" in body["detail"] and body["rule"] == "C.04 Annex 2"
    assert counts(engine) == before
    # a file that reads but cannot be stored as a whole leaves nothing either
    r = client.post("/tournaments/import", content=b"012 x\n", headers={**admin, **TEXT})
    assert r.status_code == 422 and counts(engine) == before


def test_import_needs_an_organiser_with_write_scope(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    text = (TRF_DIR / "team_2026.trf").read_bytes()
    assert client.post("/tournaments/import", content=text, headers=TEXT).status_code == 401
    make_user(engine, "plain")
    r = client.post("/tournaments/import", content=text, headers={**token_for(engine, "plain"), **TEXT})
    assert r.status_code == 403  # only users marked as organisers create tournaments
    make_user(engine, "reader", organiser=True)
    auth = token_for(engine, "reader")
    r = client.post("/tournaments/import", content=text, headers={**token_for(engine, "reader", ("read",)), **TEXT})
    assert r.status_code == 403
    # an organiser may import; the importer becomes the tournament's organiser and sees everything
    t = ok(client.post("/tournaments/import", files={"file": ("event.trf", text, "text/plain")}, headers=auth), 201)
    assert t["name"] == "Kalamaria Team Open 2026"
    trf = export(client, t["id"], auth)
    assert "1990/01/02" in trf  # full birth dates for the organiser


def test_bad_import_options_are_refused(client: TestClient, admin: dict[str, str]) -> None:
    text = (TRF_DIR / "team_2026.trf").read_bytes()
    for params in ({"pab": "1"}, {"tiebreaks": "MPTS NOPE"}, {"preset": "nope"}, {"rules": "2025"}):
        r = client.post("/tournaments/import", content=text, params=params, headers={**admin, **TEXT})
        assert r.status_code == 422, params


def _post(client: TestClient, auth: dict[str, str], text: str, **params: str) -> Any:
    return client.post("/tournaments/import", content=text.encode("utf-8"), params=params, headers={**auth, **TEXT})


@pytest.mark.parametrize(("text", "line", "message"), [
    (PROSE, 2, "no 001 player records and no 013/310 team records: not a TRF tournament file; expected"),
    ("", 1, "the file is empty; expected"),
    ("012 Open\n022 Athens\n", 2, "end of file"),
])
def test_a_file_that_is_not_a_tournament_is_refused(client: TestClient, admin: dict[str, str], engine: Any,
                                                    text: str, line: int, message: str) -> None:
    before = counts(engine)
    r = _post(client, admin, text)
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["rule"] == "C.04 Annex 2" and body["line"] == line and message in body["detail"]
    assert counts(engine) == before


def test_the_same_file_twice_is_refused_unless_allowed(client: TestClient, admin: dict[str, str],
                                                       engine: Any) -> None:
    text = (TRF_DIR / "team_2026.trf").read_text(encoding="utf-8")
    first = ok(_post(client, admin, text), 201)
    before = counts(engine)
    # the same records with other line ends and trailing blanks are the same file
    r = _post(client, admin, "\r\n".join(x + " " for x in text.splitlines()) + "\r\n")
    assert r.status_code == 409 and r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["existing_tournament_id"] == first["id"] and "already imported" in body["detail"]
    assert "allow_duplicate" in body["detail"] and body.get("rule") is None
    assert counts(engine) == before
    again = ok(_post(client, admin, text, allow_duplicate="true"), 201)
    assert again["id"] != first["id"] and again["name"] == first["name"]
    # another file is no duplicate
    ok(_post(client, admin, text.replace("Kalamaria Team Open 2026", "Kalamaria Team Open 2027")), 201)


def test_a_trf16_pab_is_read_and_reported(client: TestClient, admin: dict[str, str]) -> None:
    t = ok(_post(client, admin, PAB16.read_text(encoding="utf-8"), pab="2,1"), 201)
    assert [(p["round"], p["tpn"], p["name"]) for p in t["pab_rounds"]] == [(1, 5, "Epsilon"), (2, 4, "Delta"),
                                                                          (3, 3, "Gamma")]
    teams = {tm["tpn"]: tm["id"] for tm in ok(client.get(f"/tournaments/{t['id']}/teams?limit=100"))["items"]}
    assert all(p["team_id"] == teams[p["tpn"]] for p in t["pab_rounds"])
    assert sum("read as the pairing-allocated bye" in w for w in t["warnings"]) == 3
    r1 = ok(client.get(f"/tournaments/{t['id']}/rounds/1", headers=admin))
    assert r1["matches"][-1]["pab"] and r1["absent_team_ids"] == []
    st = ok(client.get(f"/tournaments/{t['id']}/standings"))
    assert [(r["team"]["tpn"], r["mp"], r["gp"]) for r in st["rows"]] == PUBLISHED
    assert [r["rank"] for r in st["rows"]] == [1, 2, 3, 4, 5]
    # a TRF-2026 file says its PABs itself: nothing is read into it
    other = ok(_post(client, admin, (TRF_DIR / "team_2026.trf").read_text(encoding="utf-8")), 201)
    assert other["pab_rounds"] == []


# --- exports of a tournament run here --------------------------------------------------------------


def _cols(line: str, first: int, last: int) -> str:
    """Columns first..last, 1-based inclusive (TRF-2026 Remark 1: columns are characters)."""
    return line[first - 1:last]


def test_trf_export_column_layout(client: TestClient, demo: dict[str, Any]) -> None:
    tid = demo["id"]
    trf = export(client, tid, demo["admin"])
    lines = trf.splitlines()
    assert trf.endswith("\n") and all(x == x.rstrip() for x in lines)
    head = {x[:3]: x[4:] for x in lines}
    assert head["012"].startswith("3rd Open U12") and head["022"] == "Καλαμαριά" and head["032"] == "GRE"
    assert head["042"] == "2025/11/14" and head["052"] == "2025/11/16" and head["102"] == "Stelios Mimikos (IA)"
    assert head["122"] == "60 min + 30 s per move from move 1" and head["142"] == "7" and head["352"] == "WBWB"
    assert head["192"] == "FIDE_TEAM_TYPEA_MP_GP" and head["212"].startswith("PTS,")
    # 132: round dates at the round-block columns (TRF-2026 record 132)
    r132 = next(x for x in lines if x.startswith("132"))
    assert [_cols(r132, 92 + 10 * r, 99 + 10 * r) for r in range(3)] == ["25/11/14", "25/11/14", "25/11/15"]
    players = [x for x in lines if x.startswith("001")]
    teams = [x for x in lines if x.startswith("310")]
    assert len(teams) == 24 and int(head["082"]) == 24 and int(head["062"]) == len(players)
    for n, x in enumerate(players, 1):  # TRF-2026 record 001 (as in TRF16, C.04 Annex 2)
        assert _cols(x, 1, 4) == "001 " and int(_cols(x, 5, 8)) == n and _cols(x, 9, 9) == " "
        assert _cols(x, 10, 10) in ("m", "w") and _cols(x, 14, 14) == " " and _cols(x, 48, 48) == " "
        assert re.fullmatch(r"[ \d]{4}", _cols(x, 49, 52)) and _cols(x, 53, 53) == " "
        assert _cols(x, 54, 56) in ("GRE", "BUL") and _cols(x, 57, 57) == " "
        assert re.fullmatch(r" *\d*", _cols(x, 58, 68)) and _cols(x, 69, 69) == " "
        assert re.fullmatch(r"\d{4}/\d\d/\d\d", _cols(x, 70, 79)), x
        assert re.fullmatch(r" *\d+\.\d", _cols(x, 81, 84))
        assert re.fullmatch(r" *\d*", _cols(x, 86, 89))  # blank for a player who has not played yet
        for r in range(3):
            block = _cols(x, 92 + 10 * r, 99 + 10 * r)
            if block.strip():
                assert re.fullmatch(r"[ \d]{3}\d [wb-] [10=+\-UZ]", block), (x, r)
                assert block[:4].strip() != "0" or block[:4] == "0000", (x, r)  # no opponent: 0000
                assert _cols(x, 90 + 10 * r, 91 + 10 * r) == "  "
    by_no = {int(_cols(x, 5, 8)): x for x in players}
    for x in teams:  # TRF-2026 record 310
        assert _cols(x, 4, 4) == " " and re.fullmatch(r" *\d+", _cols(x, 5, 7)) and _cols(x, 8, 8) == " "
        assert _cols(x, 41, 41) == " " and _cols(x, 47, 47) == " "
        assert re.fullmatch(r" *\d*", _cols(x, 48, 53)) and re.fullmatch(r" *\d+\.\d", _cols(x, 55, 60))
        assert re.fullmatch(r" *\d+\.\d", _cols(x, 62, 67)) and re.fullmatch(r" *\d+", _cols(x, 69, 71))
        assert _cols(x, 72, 73) == "  "
        roster = [int(_cols(x, p, p + 3)) for p in range(74, len(x), 5)]
        assert 4 <= len(roster) <= 6 and all(n in by_no for n in roster)
        assert all(_cols(x, p - 1, p - 1) == " " for p in range(79, len(x), 5))
    # the team names and numbers are those of the API
    api_teams = ok(client.get(f"/tournaments/{tid}/teams?limit=100"))["items"]
    in_file = {int(_cols(x, 5, 7)): _cols(x, 9, 40).rstrip() for x in teams}
    assert {tm["tpn"] for tm in api_teams} == set(in_file)
    for tm in api_teams:  # a name longer than its 32 columns is cut, keeping its start and its distinguishing end
        name = in_file[tm["tpn"]]
        assert name == tm["name"] if len(tm["name"]) <= 32 else (name[:20] == tm["name"][:20] and len(name) <= 32)
    # 320: the round-3 PAB (R-7.5: 2 MP, 2.5 GP); 330: the round-2 match forfeit, the second team absent
    pab = next(x for x in lines if x.startswith("320"))
    assert _cols(pab, 5, 8) == " 2.0" and _cols(pab, 10, 13) == " 2.5" and _cols(pab, 15, 21).strip() == ""
    r3 = ok(client.get(f"/tournaments/{tid}/rounds/3"))["matches"]
    assert int(_cols(pab, 23, 25)) == r3[-1]["first"]["tpn"]
    forfeit = [x for x in lines if x.startswith("330")]
    r2 = next(m for m in ok(client.get(f"/tournaments/{tid}/rounds/2"))["matches"] if m["forfeit"])
    assert forfeit == [f"330 +-   2 {r2['first']['tpn']:3d} {r2['second']['tpn']:3d}"]
    # the round-1 board forfeit is a "+"/"-" pair of one game
    r1 = ok(client.get(f"/tournaments/{tid}/rounds/1"))["matches"][0]
    assert {b["result"] for b in r1["boards"]} & {"+/-", "-/+"}
    # standings: the 310 MP/GP/rank are the API standings after round 3
    st = {row["team"]["tpn"]: row for row in ok(client.get(f"/tournaments/{tid}/standings"))["rows"]}
    for x in teams:
        row = st[int(_cols(x, 5, 7))]
        assert float(_cols(x, 55, 60)) == float(row["mp"]) and float(_cols(x, 62, 67)) == float(row["gp"])
        assert int(_cols(x, 69, 71)) == row["rank"]


def test_public_export_hides_unpublished_rounds_and_birth_days(client: TestClient, demo: dict[str, Any]) -> None:
    tid, auth = demo["id"], demo["admin"]
    ok(client.post(f"/tournaments/{tid}/rounds/4/pair", headers=auth))
    staff = export(client, tid, auth)
    public = export(client, tid)
    p_staff = [x for x in staff.splitlines() if x.startswith("001")]
    p_public = [x for x in public.splitlines() if x.startswith("001")]
    assert len(p_staff) == len(p_public)
    assert any(_cols(x, 122, 129).strip() for x in p_staff), "staff see the paired round 4"
    assert not any(_cols(x, 122, 129).strip() for x in p_public), "round 4 is not published"
    assert all(_cols(x, 74, 79) == "/00/00" for x in p_public)
    assert any(_cols(x, 74, 79) != "/00/00" for x in p_staff)
    assert [_cols(x, 1, 73) for x in p_public] == [_cols(x, 1, 73) for x in p_staff]
    # TRF16: 013 records, XXR, no 310
    t16 = export(client, tid, format="trf16")
    assert "\nXXR 7\n" in t16 and "\n310 " not in t16 and t16.count("\n013 ") == 24
    first013 = next(x for x in t16.splitlines() if x.startswith("013"))
    assert re.fullmatch(r"[ \d]{4}", _cols(first013, 37, 40))
    # unknown format
    assert client.get(f"/tournaments/{tid}/export/trf", params={"format": "pgn"}).status_code == 422


def test_csv_exports(client: TestClient, demo: dict[str, Any]) -> None:
    tid = demo["id"]
    r = client.get(f"/tournaments/{tid}/export/standings.csv")
    assert r.status_code == 200 and r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    api = ok(client.get(f"/tournaments/{tid}/standings"))
    assert rows[0][:13] == ["Rank", "Tied", "TPN", "Team", "Club", "MP", "GP", "W", "D", "L", "Byes", "F+", "F-"]
    n = 13 + len(api["tiebreaks"])
    assert rows[0][13:n] == api["tiebreaks"]
    assert rows[0][n:] == ["FIDE average", "FIDE performance", "National average", "National performance"]
    assert [(int(x[0]), x[3], x[5], x[6], *map(int, x[7:13])) for x in rows[1:]] == \
           [(a["rank"], a["team"]["name"], a["mp"], a["gp"], a["won"], a["drawn"], a["lost"], a["byes"],
             a["forfeit_wins"], a["forfeit_losses"]) for a in api["rows"]]
    # the team's average rating and performance, as the standings' JSON has them (B.02 table 8.1.1)
    assert [x[n:] for x in rows[1:]] == [[str(a["rating"][w][k] if a["rating"][w][k] is not None else "")
                                          for w in ("fide", "national") for k in ("average", "performance")]
                                         for a in api["rows"]]
    assert any(a["rating"]["fide"]["performance"] for a in api["rows"])
    assert any("Καλαμαριάς" in x[3] for x in rows[1:]), "Greek intact"
    r = client.get(f"/tournaments/{tid}/export/pairings.csv", params={"round": 1})
    assert r.status_code == 200 and r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    api1 = ok(client.get(f"/tournaments/{tid}/rounds/1"))["matches"]
    assert len(rows) == 1 + sum(len(m["boards"]) or 1 for m in api1)
    first = api1[0]
    assert rows[1][:5] == ["1", "1", "1", str(first["first"]["tpn"]), first["first"]["name"]]
    assert rows[1][7] == "-".join(first["score"]) and rows[1][9] == first["boards"][0]["first_player"]["name"]
    assert rows[1][16] == first["boards"][0]["result"]
    # round 4 is not paired: nothing to export; after pairing only the staff see it
    assert client.get(f"/tournaments/{tid}/export/pairings.csv", params={"round": 4}).status_code == 409
    ok(client.post(f"/tournaments/{tid}/rounds/4/pair", headers=demo["admin"]))
    assert client.get(f"/tournaments/{tid}/export/pairings.csv", params={"round": 4}).status_code == 409
    r = client.get(f"/tournaments/{tid}/export/pairings.csv", params={"round": 4}, headers=demo["admin"])
    assert r.status_code == 200


def test_export_before_the_ranking_is_locked(client: TestClient, admin: dict[str, str]) -> None:
    t = make_tournament(client, admin)
    club = make_club(client, admin)
    ids = [full_team(client, admin, t["id"], club["id"], name)["id"] for name in ("Άλφα", "Βήτα", "Γάμμα")]
    trf = export(client, t["id"], admin)
    teams = [x for x in trf.splitlines() if x.startswith("310")]
    assert [(int(_cols(x, 5, 7)), _cols(x, 9, 40).rstrip()) for x in teams] == [(1, "Άλφα"), (2, "Βήτα"), (3, "Γάμμα")]
    assert len([x for x in trf.splitlines() if x.startswith("001")]) == 12
    assert "\n320" in trf and "\n330" not in trf
    doc = ok(client.get(f"/tournaments/{t['id']}/export/json"))
    assert schema_errors(doc, SCHEMA) == [] and [tm["id"] for tm in doc["teams"]] == ids
    assert all(not r["matches"] for r in doc["rounds"]) and doc["standings"]["after_round"] is None


# --- JSON export and its schema ----------------------------------------------------------------------


def test_validator_can_fail() -> None:
    assert schema_errors({"format": "x"}, SCHEMA)
    assert schema_errors({"rank": "1"}, SCHEMA["$defs"]["standing_row"])


def test_json_export_validates_and_carries_the_rating_report_data(client: TestClient, demo: dict[str, Any]) -> None:
    tid = demo["id"]
    public = ok(client.get(f"/tournaments/{tid}/export/json"))
    staff = ok(client.get(f"/tournaments/{tid}/export/json", headers=demo["admin"]))
    assert schema_errors(public, SCHEMA) == [] and schema_errors(staff, SCHEMA) == []
    assert public["public"] and not staff["public"]
    assert all("birth_date" not in p for p in public["players"]) and all("birth_date" in p for p in staff["players"])
    assert all(p["birth_year"] for p in public["players"])
    assert any(p["fide_id"] and p["fide_rating"] for p in public["players"])
    assert {p["sex"] for p in public["players"]} == {"m", "w"} and {p["federation"] for p in public["players"]}
    tour = public["tournament"]
    assert tour["chief_arbiter"] == "Stelios Mimikos (IA)" and tour["time_control"].startswith("60 min")
    assert [r["date"] for r in public["rounds"][:3]] == ["2025-11-14", "2025-11-14", "2025-11-15"]
    assert [len(r["matches"]) for r in public["rounds"]] == [12, 12, 12, 0, 0, 0, 0]
    assert public["standings"] == ok(client.get(f"/tournaments/{tid}/standings"))
    # every player and team referenced exists; numbers are the TRF starting ranks
    ids = {p["id"] for p in public["players"]}
    assert all(pid in ids for tm in public["teams"] for pid in tm["players"])
    trf = export(client, tid)
    numbers = {int(_cols(x, 5, 8)): _cols(x, 15, 47).rstrip() for x in trf.splitlines() if x.startswith("001")}
    assert all(numbers[p["number"]] == p["name"][:33] for p in public["players"])


# --- many generated round trips (slow) ------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_many_generated_round_trips(client: TestClient, admin: dict[str, str], seed: int) -> None:
    """Varied sizes, boards (2-8), Type A/B colours, MP or GP primary, forfeits, byes and absences."""
    import dataclasses

    from app.services.board_order import board_order
    from app.services.rules import fide_default

    base = fide_default()
    pairing = base.pairing
    if seed % 3 == 1:
        pairing = dataclasses.replace(pairing, colour_pref_type="B")
    if seed % 4 == 2:
        pairing = dataclasses.replace(pairing, primary_score="GP")
    rules = base.replace(pairing=pairing) if seed % 2 else None
    try:
        g = generate(3 + seed % 14, 3 + seed % 5, boards=(2, 3, 4, 6, 8)[seed % 5], seed=seed, forfeit_rate=0.1,
                     absent_rate=0.1, rules=rules)
    except NoLegalPairing:
        pytest.skip("the generator found no legal pairing")
    original = write_tournament(g, standings=compute_standings(g))
    first = export(client, import_text(client, admin, original)["id"], admin)
    assert export(client, import_text(client, admin, first)["id"], admin) == first
    if all(tuple(p.id for p in board_order([g.player(x) for x in tm.roster])) == tm.roster for tm in g.teams):
        assert [x for x in first.splitlines() if not x.startswith("092")] == \
               [x for x in original.splitlines() if not x.startswith("092")]
    public = export(client, import_text(client, admin, first)["id"])
    assert export(client, import_text(client, admin, public)["id"]) == public
