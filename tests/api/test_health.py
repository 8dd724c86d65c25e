"""Liveness and readiness for containers and load balancers (runs on SQLite and on PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from app import __version__
from app.config import get_settings
from tests.api.factory import ok


def test_liveness_touches_no_database(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import app.db.engine

    def no_database(*_a: Any, **_k: Any) -> None:
        raise AssertionError("the liveness check opened the database")

    monkeypatch.setattr(app.db.engine, "get_engine", no_database)
    for path in ("/healthz", "/health"):  # /health: kept for existing probes
        r = client.get(path)
        assert r.status_code == 200 and r.json() == {"status": "ok", "version": __version__}


def test_ready_when_the_database_is_at_head(client: TestClient) -> None:
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json()["status"] == "ready"


def test_not_ready_when_the_schema_is_behind(client: TestClient, engine: Any) -> None:
    with engine.begin() as conn:
        head = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
        conn.execute(text("UPDATE alembic_version SET version_num = 'an_old_one'"))
    try:
        r = client.get("/readyz")
    finally:
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": head})
    assert r.status_code == 503 and r.headers["content-type"].startswith("application/problem+json")
    assert "is at migration an_old_one" in r.json()["detail"] and int(r.headers["retry-after"]) > 0
    assert client.get("/readyz").status_code == 200


def test_not_ready_without_a_database(client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    missing = tmp_path / "missing.db"
    monkeypatch.setattr(get_settings(), "database_url", f"sqlite:///{missing}")
    r = client.get("/readyz")
    assert r.status_code == 503 and "no database at" in r.json()["detail"]
    assert not missing.exists()  # the probe created nothing
    empty = tmp_path / "empty.db"
    empty.touch()
    monkeypatch.setattr(get_settings(), "database_url", f"sqlite:///{empty}")
    assert "is not migrated" in client.get("/readyz").json()["detail"]
    monkeypatch.setattr(get_settings(), "database_url", "postgresql+psycopg://nobody@127.0.0.1:9/none")
    r = client.get("/readyz")
    assert r.status_code == 503 and "does not answer" in r.json()["detail"]


def test_health(client: TestClient) -> None:
    assert ok(client.get("/health"))["status"] == "ok"
