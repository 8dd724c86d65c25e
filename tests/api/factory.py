"""Building tournaments through the API for tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

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
