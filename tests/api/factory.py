"""Building tournaments through the API for tests, and the helpers the API test files share."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, func, select

from app.models import Club, Player, Team, Tournament
from tests.api.conftest import login, make_user

OPEN_DEADLINES = {"entry_deadline": None, "roster_deadline": None, "substitution_deadline": None, "round_starts": []}


def ok(r: Any, status: int = 200) -> Any:
    assert r.status_code == status, f"{r.status_code}: {r.text}"
    return r.json() if r.content else None


def make_tournament(client: TestClient, auth: dict[str, str], **rules: Any) -> dict[str, Any]:
    body = {"name": "Test Open", "preset": "k12-2025", "start_date": "2026-12-10",
            "rules": {**OPEN_DEADLINES, **rules}}
    return ok(client.post("/tournaments", json=body, headers=auth), 201)


def make_club(client: TestClient, auth: dict[str, str], name: str = "ΕΣ Καλαμαριάς", **kw: Any) -> dict[str, Any]:
    return ok(client.post("/clubs", json={"name": name, **kw}, headers=auth), 201)


def make_player(client: TestClient, auth: dict[str, str], club_id: int, last: str, *, rating: int | None = 1500,
                sex: str = "m", born: str = "2014-05-01", **kw: Any) -> dict[str, Any]:
    body = {"club_id": club_id, "last_name": last, "first_name": "A", "sex": sex, "birth_date": born,
            "fide_rating": rating, "activation_fee_paid": True, **kw}
    return ok(client.post("/players", json=body, headers=auth), 201)


def make_team(client: TestClient, auth: dict[str, str], tid: int, club_id: int, name: str,
              pay: bool = True, **kw: Any) -> dict[str, Any]:
    team = ok(client.post(f"/tournaments/{tid}/teams", json={"club_id": club_id, "name": name, **kw},
                          headers=auth), 201)
    if pay:
        ok(client.post(f"/tournaments/{tid}/teams/{team['id']}/payments",
                       json={"amount": "36.00", "paid_on": "2026-11-01", "reference": "bank"}, headers=auth), 201)
        team = ok(client.get(f"/tournaments/{tid}/teams/{team['id']}", headers=auth))
    return team


def full_team(client: TestClient, auth: dict[str, str], tid: int, club_id: int, name: str,
              ratings: tuple[int | None, ...] = (1700, 1600, 1500, 1400), girls: int = 1,
              reason: str = "") -> dict[str, Any]:
    team = make_team(client, auth, tid, club_id, name)
    pids = []
    for i, r in enumerate(ratings):
        p = make_player(client, auth, club_id, f"{name}-{i}", rating=r, sex="w" if i >= len(ratings) - girls else "m")
        pids.append(p["id"])
    ok(client.put(f"/tournaments/{tid}/teams/{team['id']}/roster", json={"player_ids": pids, "reason": reason},
                  headers=auth))
    team["player_ids"] = pids
    return team


def name_committee(client: TestClient, auth: dict[str, str], tid: int, club_ids: list[int | None] | None = None,
                   chair_user: int | None = None) -> list[dict[str, Any]]:
    """R-14.4: three regular members and two alternates (clubs optional, in order R1 R2 R3 A1 A2)."""
    clubs = club_ids or [None] * 5
    kinds = ["regular"] * 3 + ["alternate"] * (len(clubs) - 3)
    members = [{"name": f"R{i + 1}" if k == "regular" else f"A{i - 2}", "club_id": c, "kind": k, "chair": i == 0,
                "user_id": chair_user if i == 0 else None} for i, (k, c) in enumerate(zip(kinds, clubs, strict=True))]
    return ok(client.put(f"/tournaments/{tid}/committee", json={"members": members}, headers=auth))


def lineup_team(client: TestClient, auth: dict[str, str]) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """A tournament and one team with six players P0..P5 (ratings 2000 down; P3 and P4 are girls)."""
    t = make_tournament(client, auth)
    club = make_club(client, auth)
    team = make_team(client, auth, t["id"], club["id"], "L")
    ids = [make_player(client, auth, club["id"], f"P{i}", rating=2000 - 100 * i, sex="w" if i in (3, 4) else "m")["id"]
           for i in range(6)]
    ok(client.put(f"/tournaments/{t['id']}/teams/{team['id']}/roster", json={"player_ids": ids}, headers=auth))
    return t, team, ids


# --- a tournament ready to pair, and its rounds played ---------------------------------------------------

RATINGS = [(1900, 1850, 1800, 1750), (1800, 1750, 1700, 1650), (1700, 1650, 1600, 1550),
           (1600, 1550, 1500, 1450), (1500, 1450, 1400, 1350), (1450, 1400, 1350, 1300)]


def setup(client: TestClient, admin: dict[str, str], teams: int = 5, **rules: Any) -> tuple[int, list[dict[str, Any]]]:
    """``teams`` full teams of a club each (ratings from RATINGS), the ranking locked, the committee named: round 1
    can be paired. Returns (tournament id, teams)."""
    t = make_tournament(client, admin, **rules)
    out = []
    for i in range(teams):
        club = make_club(client, admin, f"Club {i}")
        out.append(full_team(client, admin, t["id"], club["id"], f"Team {i}", ratings=RATINGS[i]))
    ok(client.post(f"/tournaments/{t['id']}/ranking/lock", headers=admin))
    name_committee(client, admin, t["id"])
    return t["id"], out


def pair_publish(client: TestClient, admin: dict[str, str], tid: int, n: int) -> dict[str, Any]:
    ok(client.post(f"/tournaments/{tid}/rounds/{n}/pair", headers=admin))
    return ok(client.post(f"/tournaments/{tid}/rounds/{n}/publish", headers=admin))


def all_white_wins(rnd: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"table": m["table"], "board": b["board"], "result": "1-0"}
            for m in rnd["matches"] if not m["pab"] for b in m["boards"]]


# --- people, rows, answers ---------------------------------------------------------------------------------


def manager(client: TestClient, engine: Any, name: str, born: date = date(1980, 1, 1)) -> dict[str, str]:
    """A signed-in adult user with no role yet (R-16.2.1: a team manager is of age)."""
    make_user(engine, name, birth_date=born)
    return login(client, name)


def count_rows(engine: Any, model: Any) -> int:
    """The rows of a table, read past the API (a refusal must leave them as they were)."""
    with Session(engine) as s:
        return int(s.exec(select(func.count()).select_from(model)).one())


def version(engine: Any, tid: int) -> int:
    """The tournament's version: every write to it bumps it once (the ETags and the event stream carry it)."""
    with Session(engine) as s:
        return s.exec(select(Tournament.version).where(Tournament.id == tid)).one()


def expect_problem(r: Any, status: int) -> dict[str, Any]:
    """The problem+json body of an answer that must be a refusal with ``status``."""
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    return dict(r.json())


# --- files: TRF imports and exports, the JSON export's schema -------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
TRF_DIR = ROOT / "tests" / "data" / "trf"
DATA = ROOT / "tests" / "data" / "exchange"
SCHEMA = json.loads((ROOT / "openapi" / "tournament-export.schema.json").read_text(encoding="utf-8"))
TEXT = {"Content-Type": "text/plain; charset=utf-8"}
PROSE = "Dear arbiter, the results of round 3 are attached.\nBest regards, Anna\n"
PAB16 = TRF_DIR / "trf16_pab.trf"
# (TPN, MP, GP) in rank order with the PAB worth 2 MP and 1 GP, counted by hand (tests/unit/trf/test_trf16_pab.py)
PUBLISHED = [(4, "6", "5"), (5, "5", "4"), (1, "3", "2.5"), (2, "2", "2.5"), (3, "2", "1")]


def export(client: TestClient, tid: int, auth: dict[str, str] | None = None, **params: str) -> str:
    r = client.get(f"/tournaments/{tid}/export/trf", params=params, headers=auth or {})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "text/plain; charset=utf-8"
    return r.content.decode("utf-8")


def counts(engine: Any) -> tuple[int, ...]:
    with Session(engine) as s:
        return tuple(s.exec(select(func.count()).select_from(m)).one() for m in (Tournament, Club, Player, Team))


def schema_errors(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """A small JSON Schema validator for the keywords the export schema uses."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return schema_errors(value, SCHEMA["$defs"][name], path)
    errors: list[str] = []
    types = schema.get("type")
    if types is not None:
        allowed = types if isinstance(types, list) else [types]
        kinds = {"string": str, "integer": int, "boolean": bool, "object": dict, "array": list, "null": type(None)}
        ok_type = any(isinstance(value, kinds[k]) and not (k == "integer" and isinstance(value, bool))
                      for k in allowed)
        if not ok_type:
            return [f"{path}: {value!r} is not {allowed}"]
    if "const" in schema and value != schema["const"]:
        errors.append(f"{path}: {value!r} != {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {value!r} not in {schema['enum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if "minimum" in schema and isinstance(value, int) and value < schema["minimum"]:
        errors.append(f"{path}: {value} < {schema['minimum']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}: missing {key}")
        for key, v in value.items():
            if key in props:
                errors += schema_errors(v, props[key], f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{path}: unexpected {key}")
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            errors += schema_errors(v, schema["items"], f"{path}[{i}]")
    return errors


def games_ended(engine: Any, end: datetime) -> None:
    """Every game of the database ended at ``end`` (an appeal's deadline runs from the end of its game, R-14.1)."""
    from sqlmodel import Session, select

    from app.models import BoardGame

    with Session(engine) as s:
        for b in s.exec(select(BoardGame)).all():
            b.ended_at = end
            s.add(b)
        s.commit()
