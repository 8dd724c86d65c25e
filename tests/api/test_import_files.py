"""Importing real files: not a tournament (422), the same file twice (409), TRF16 PABs."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import make_user, token_for
from tests.api.factory import PAB16, PROSE, PUBLISHED, TEXT, TRF_DIR, counts, ok


@pytest.fixture()
def admin(client: TestClient, engine: Any) -> dict[str, str]:
    make_user(engine, "admin", admin=True)
    return token_for(engine, "admin")


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
