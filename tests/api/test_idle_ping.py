"""A pooled connection is pinged before use only after it was idle (app.db.engine.ping_when_idle), and replaced
if dead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

import app.db.engine
from app.db.engine import ping_when_idle


def test_a_pooled_connection_is_pinged_only_after_it_was_idle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'p.db'}")
    ping_when_idle(engine)
    pings: list[Any] = []
    real = engine.dialect.do_ping
    monkeypatch.setattr(engine.dialect, "do_ping", lambda c: pings.append(c) or real(c))
    for _ in range(3):  # a new connection, then the same one checked in a moment ago
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    assert pings == []
    monkeypatch.setattr(app.db.engine, "IDLE_PING_SECONDS", 0.0)  # every connection has been idle long enough
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    assert len(pings) == 1

    dead: list[Any] = []

    def ping_dead_once(c: Any) -> bool:
        if not dead:
            dead.append(c)
            raise OSError("server closed the connection unexpectedly")
        return real(c)

    monkeypatch.setattr(engine.dialect, "do_ping", ping_dead_once)
    with engine.connect() as conn:  # the dead one is replaced by a fresh connection, the request goes on
        assert conn.execute(text("SELECT 1")).scalar() == 1
        assert len(dead) == 1 and conn.connection.dbapi_connection is not dead[0]
    engine.dispose()
