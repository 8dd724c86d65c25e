"""The project's own JSON export imported again (POST /tournaments/import, teamswiss import): an event moves
between two servers without loss. And the TRF export of long team names: cut, never to another team's name, and
imported back as two teams."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.cli.main import main
from tests.api.factory import TEXT, export, ok


def _import(client: TestClient, auth: dict[str, str], text: str, **params: str) -> dict[str, Any]:
    params.setdefault("allow_duplicate", "true")
    return ok(client.post("/tournaments/import", content=text.encode("utf-8"), params=params,
                          headers={**auth, **TEXT}), 201)


def _normal(doc: dict[str, Any]) -> dict[str, Any]:
    """The export with the database's ids replaced by what names a thing across servers (TPNs, starting ranks,
    club names)."""
    number = {p["id"]: p["number"] for p in doc["players"]}
    tpn = {t["id"]: t["tpn"] for t in doc["teams"]}
    club = {c["id"]: c["name"] for c in doc["clubs"]}
    tour = {k: v for k, v in doc["tournament"].items() if k != "id"}
    players = [{**{k: v for k, v in p.items() if k not in ("id", "club_id")}, "club": club[p["club_id"]]}
               for p in doc["players"]]
    teams = [{**{k: v for k, v in t.items() if k not in ("id", "club_id", "entered_at")},
              "club": club[t["club_id"]], "players": [number[x] for x in t["players"]]} for t in doc["teams"]]
    rounds = [{**r, "matches": [{**m, "first": tpn[m["first"]], "second": tpn.get(m["second"]),
                                 "boards": [{**b, "first_player": number.get(b["first_player"]),
                                             "second_player": number.get(b["second_player"])}
                                            for b in m["boards"]]} for m in r["matches"]]} for r in doc["rounds"]]
    clubs = sorted(({k: v for k, v in c.items() if k != "id"} for c in doc["clubs"]), key=lambda c: c["name"])
    rows = [{**{k: v for k, v in r.items() if k != "team"}, "team": tpn[r["team"]["id"]]}
            for r in doc["standings"]["rows"]]
    return {"tournament": tour, "players": players, "teams": teams, "rounds": rounds, "clubs": clubs,
            "standings": {**doc["standings"], "rows": rows}}


def test_the_json_export_moves_an_event_without_loss(client: TestClient, demo: dict[str, Any]) -> None:
    staff = ok(client.get(f"/tournaments/{demo['id']}/export/json", headers=demo["admin"]))
    new = _import(client, demo["admin"], json.dumps(staff, ensure_ascii=False))
    again = ok(client.get(f"/tournaments/{new['id']}/export/json", headers=demo["admin"]))
    assert _normal(again) == _normal(staff)
    assert export(client, new["id"], demo["admin"]) == export(client, demo["id"], demo["admin"])


def test_the_same_json_export_twice_is_refused_unless_allowed(client: TestClient, demo: dict[str, Any]) -> None:
    staff = json.dumps(ok(client.get(f"/tournaments/{demo['id']}/export/json", headers=demo["admin"])))
    _import(client, demo["admin"], staff, allow_duplicate="false")
    r = client.post("/tournaments/import", content=staff.encode("utf-8"), headers={**demo["admin"], **TEXT})
    assert r.status_code == 409


@pytest.mark.parametrize("change,where", [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d["teams"][0].update(players=[999999]), "teams[0].players"),
    (lambda d: d["rounds"][0]["matches"][0]["boards"][0].update(result="2-0"), "result"),
    (lambda d: d.update(players=[d["players"][0]] * 10_000), "players"),
])
def test_a_bad_json_document_is_refused_naming_the_place(client: TestClient, demo: dict[str, Any],
                                                         change: Any, where: str) -> None:
    doc = ok(client.get(f"/tournaments/{demo['id']}/export/json", headers=demo["admin"]))
    change(doc)
    r = client.post("/tournaments/import", content=json.dumps(doc).encode("utf-8"),
                    params={"allow_duplicate": "true"}, headers={**demo["admin"], **TEXT})
    assert r.status_code == 422 and where in r.json()["detail"]


def test_the_import_command_takes_the_json_export(client: TestClient, demo: dict[str, Any], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.json"
    assert main(["export", str(demo["id"]), "--format", "json", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["import", str(path)]) == 0
    new_id = int(capsys.readouterr().out.strip())
    assert export(client, new_id, demo["admin"]) == export(client, demo["id"], demo["admin"])


def test_long_team_names_are_cut_apart_and_imported_as_two_teams(client: TestClient, demo: dict[str, Any],
                                                                 tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    assert main(["export", str(demo["id"]), "-o", str(path)]) == 0
    err = capsys.readouterr().err
    text = path.read_text(encoding="utf-8")
    names = [x[8:40].rstrip() for x in text.splitlines() if x.startswith("310")]
    assert len(set(names)) == len(names)
    long = [n for n in names if "Πύργος" in n]
    assert len(long) >= 2 and "longer than the 32 columns" in err
    new = _import(client, demo["admin"], text)
    teams = ok(client.get(f"/tournaments/{new['id']}/teams", headers=demo["admin"]))
    got = sorted(t["name"] for t in (teams["items"] if isinstance(teams, dict) else teams))
    assert got == sorted(names) and not any(n.endswith(")") and "(2)" in n for n in got)


def test_acceleration_is_a_tournament_setting(client: TestClient, demo: dict[str, Any]) -> None:
    """``pairing.acceleration`` (C.04.7 Baku) and ``pairing.accelerated_rounds`` (record 250) over the API: stored,
    refused with game points primary (C.04.7 1.4.4)."""
    auth = demo["admin"]
    r = client.post("/tournaments", json={"name": "Accelerated", "rules": {"pairing": {"acceleration": "baku"}}},
                    headers=auth)
    t = ok(r, 201)
    assert t["rules"]["pairing"]["acceleration"] == "baku"
    bad = client.post("/tournaments", json={"name": "GP", "rules": {"pairing": {
        "acceleration": "baku", "primary_score": "GP"}}}, headers=auth)
    assert bad.status_code == 422 and bad.json()["rule"] == "C.04.7 1.4.4"
    ranges = client.post("/tournaments", json={"name": "Ranges", "rules": {"pairing": {
        "accelerated_rounds": [["2", "1", 1, 2, 1, 8]]}}}, headers=auth)
    assert ok(ranges, 201)["rules"]["pairing"]["accelerated_rounds"] == [[2, 1, 1, 2, 1, 8]]
