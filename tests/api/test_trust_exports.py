"""Exports kept by the tournament's version.

Each test here reproduces what the red-team pass measured: 8 clients looping a public export of a large event
recomputed it per request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.operations.exchange import exports
from app.services.generator import generate
from app.services.trf import write_tournament
from tests.api.conftest import make_user
from tests.api.factory import ok
from tests.api.test_exchange import import_text, token_for

EXPORTS = {  # url tail -> the builder the route calls
    "trf": ("export_trf", "text/plain; charset=utf-8"),
    "trf?format=trf16": ("export_trf", "text/plain; charset=utf-8"),
    "json": ("export_json", "application/json"),
    "standings.csv": ("standings_csv", "text/csv; charset=utf-8"),
    "pairings.csv?round=2": ("pairings_csv", "text/csv; charset=utf-8"),
}


@pytest.fixture()
def admin(client: TestClient, engine: Any) -> dict[str, str]:
    make_user(engine, "admin", admin=True)
    return token_for(engine, "admin")


def imported(client: TestClient, auth: dict[str, str], teams: int = 8, played: int = 3, rounds: int = 5,
             seed: int = 11) -> int:
    """A generated event of ``played`` completed rounds out of ``rounds``, imported: the next round is pending."""
    g = generate(teams, played, boards=4, seed=seed, forfeit_rate=0.0, absent_rate=0.0)
    g = g.__class__(**{**{f: getattr(g, f) for f in ("name", "teams", "players", "clubs", "city", "federation",
                                                     "start_date", "end_date", "chief_arbiter")},
                       "rules": g.rules.replace(rounds=rounds), "rounds": g.rounds})
    return int(import_text(client, auth, write_tournament(g))["id"])


@pytest.fixture()
def built(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times each export builder ran."""
    calls: dict[str, int] = {}
    for name in ("export_trf", "export_json", "standings_csv", "pairings_csv"):
        real = getattr(exports, name)

        def counted(*a: Any, _real: Callable[..., Any] = real, _name: str = name, **kw: Any) -> Any:
            calls[_name] = calls.get(_name, 0) + 1
            return _real(*a, **kw)

        monkeypatch.setattr(exports, name, counted)
    return calls


# --- exports: kept by the tournament's version ------------------------------------------------------------


@pytest.mark.parametrize("tail", list(EXPORTS))
@pytest.mark.parametrize("who", ["public", "staff"])
def test_a_second_export_of_an_unchanged_tournament_is_not_built_again(client: TestClient, admin: dict[str, str],
                                                                       built: dict[str, int], tail: str,
                                                                       who: str) -> None:
    tid = imported(client, admin)
    headers = admin if who == "staff" else {}
    builder, media = EXPORTS[tail]
    first = client.get(f"/tournaments/{tid}/export/{tail}", headers=headers)
    second = client.get(f"/tournaments/{tid}/export/{tail}", headers=headers)
    assert first.status_code == second.status_code == 200, first.text
    assert built[builder] == 1
    assert second.content == first.content and second.headers["etag"] == first.headers["etag"]
    assert second.headers["content-type"] == media
    assert second.headers["content-disposition"] == first.headers["content-disposition"]
    assert second.headers["content-disposition"].startswith(f'attachment; filename="tournament-{tid}.')


def test_a_change_makes_the_next_export_new(client: TestClient, admin: dict[str, str],
                                            built: dict[str, int]) -> None:
    tid = imported(client, admin)
    before = client.get(f"/tournaments/{tid}/export/trf")
    ok(client.patch(f"/tournaments/{tid}", json={"name": "Renamed Open"}, headers=admin))
    after = client.get(f"/tournaments/{tid}/export/trf")
    assert built["export_trf"] == 2
    assert after.headers["etag"] != before.headers["etag"]
    assert "Renamed Open" in after.text and "Renamed Open" not in before.text
    assert client.get(f"/tournaments/{tid}/export/trf", headers={"If-None-Match": before.headers["etag"]}
                      ).status_code == 200  # the old copy is not current


@pytest.mark.parametrize("tail", list(EXPORTS))
def test_an_unchanged_export_is_304_with_if_none_match(client: TestClient, admin: dict[str, str],
                                                       built: dict[str, int], tail: str) -> None:
    tid = imported(client, admin)
    builder, _ = EXPORTS[tail]
    etag = client.get(f"/tournaments/{tid}/export/{tail}").headers["etag"]
    again = client.get(f"/tournaments/{tid}/export/{tail}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert built[builder] == 1


def test_a_public_reader_never_gets_the_private_bytes(client: TestClient, admin: dict[str, str], engine: Any,
                                                      built: dict[str, int]) -> None:
    tid = imported(client, admin)
    ok(client.post(f"/tournaments/{tid}/rounds/4/pair", headers=admin))  # paired, not published: private
    make_user(engine, "reader")
    reader = token_for(engine, "reader")  # signed in, not of the tournament's staff
    for tail in ("trf", "trf?format=trf16", "json", "pairings.csv?round=4"):
        staff = client.get(f"/tournaments/{tid}/export/{tail}", headers=admin)  # the private copy is kept first
        assert staff.status_code == 200, staff.text
        assert client.get(f"/tournaments/{tid}/export/{tail}", headers=admin).content == staff.content
        for headers in ({}, reader):
            public = client.get(f"/tournaments/{tid}/export/{tail}", headers=headers)
            if tail.startswith("pairings"):
                assert public.status_code == 409  # round 4 is not published: the public has no such round
                continue
            assert public.status_code == 200 and public.content != staff.content
            assert public.headers["etag"] != staff.headers["etag"]
            guessed = client.get(f"/tournaments/{tid}/export/{tail}",
                                 headers={**headers, "If-None-Match": staff.headers["etag"]})
            assert guessed.status_code == 200 and guessed.content == public.content  # not the private copy's 304
    trf = client.get(f"/tournaments/{tid}/export/trf").text
    assert not [x for x in trf.splitlines() if x.startswith("001 ") and x[73:79] != "/00/00"]  # birth years only
    assert "private" in client.get(f"/tournaments/{tid}/export/trf", headers=admin).headers["cache-control"]


def test_an_export_that_is_refused_is_not_kept(client: TestClient, admin: dict[str, str],
                                               built: dict[str, int]) -> None:
    tid = imported(client, admin)
    for _ in range(2):
        assert client.get(f"/tournaments/{tid}/export/pairings.csv?round=4").status_code == 409
        assert client.get(f"/tournaments/{tid}/export/standings.csv?round=4").status_code == 409
    assert built["pairings_csv"] == 2 and built["standings_csv"] == 2
    assert client.get("/tournaments/999999/export/trf").status_code == 404
