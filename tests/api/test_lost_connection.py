"""A database connection lost under a request answers 503 + Retry-After (nothing changed), never a 500.

Pooled PostgreSQL connections are pinged only after they were idle (``app.db.engine.ping_when_idle``), so a
connection the server dropped a moment ago is used once more; the request that finds it dead gets a 503
problem+json and the pool replaces the connection for the next one.
"""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError

from app.http.factory import create_app
from app.models import Club
from tests.conftest import TEST_DATABASE_URL


class _Lost(Exception):
    pass


def test_an_invalidated_connection_answers_503_and_another_database_error_stays_a_logged_500(engine: Any) -> None:
    app = create_app()

    @app.get("/_lost")
    def lost() -> None:
        raise OperationalError("SELECT 1", {}, _Lost("server closed the connection"), connection_invalidated=True)

    @app.get("/_broken")
    def broken() -> None:
        raise DBAPIError("SELECT 1", {}, _Lost("a bug"))

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/_lost")
        assert r.status_code == 503, r.text
        assert r.headers["content-type"] == "application/problem+json"
        assert r.headers["retry-after"] == "1"
        assert r.json()["retry_after"] == 1 and "nothing was changed" in r.json()["detail"]
        r = c.get("/_broken")
        assert r.status_code == 500 and r.headers["content-type"] == "application/problem+json"


@pytest.mark.skipif(not TEST_DATABASE_URL.startswith("postgresql"), reason="PostgreSQL's own connections")
def test_a_connection_postgresql_dropped_costs_one_503_and_no_write(client: TestClient, admin: dict[str, str],
                                                                     engine: Any) -> None:
    assert client.post("/clubs", json={"name": "Before"}, headers=admin).status_code == 201
    # every connection the pool holds now is closed by the server, as a restart would do
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    pids = [rec.dbapi_connection.info.backend_pid for rec in list(engine.pool._pool.queue)]  # noqa: SLF001
    assert pids
    with psycopg.connect(TEST_DATABASE_URL.replace("postgresql+psycopg", "postgresql"), autocommit=True) as admin_db:
        for pid in pids:
            admin_db.execute("SELECT pg_terminate_backend(%s)", (pid,))
    answers = [client.post("/clubs", json={"name": f"During {i}"}, headers=admin) for i in range(len(pids) + 1)]
    statuses = [a.status_code for a in answers]
    assert 500 not in statuses, [a.text for a in answers]
    assert statuses[-1] == 201 and set(statuses) <= {201, 503}, statuses
    for a in answers:
        if a.status_code == 503:
            assert a.headers["retry-after"] == "1" and a.json()["status"] == 503
    with engine.connect() as conn:  # a 503 wrote nothing; each 201 wrote its club
        names = set(conn.execute(text(f"SELECT name FROM {Club.__tablename__}")).scalars())
    assert names == {"Before"} | {f"During {i}" for i, a in enumerate(answers) if a.status_code == 201}
