"""Engine and sessions. SQLite (WAL, foreign keys on) is the embedded default; PostgreSQL in production."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlmodel import Session, create_engine
from starlette.requests import Request

from app.config import get_settings

_engines: dict[str, Engine] = {}


def make_engine(url: str, echo: bool = False) -> Engine:
    kwargs: dict[str, Any] = {"echo": echo}
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
    else:
        kwargs["pool_pre_ping"] = True
    engine = create_engine(url, **kwargs)
    if u.get_backend_name() == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            # Let SQLAlchemy issue BEGIN itself so BEGIN IMMEDIATE below works.
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Any) -> None:
            # Writers serialise at BEGIN instead of failing at the first write: no lost updates.
            # Read-only requests begin deferred, so readers never wait for a writer (WAL).
            mode = "DEFERRED" if conn.get_execution_options().get("teamswiss_read") else "IMMEDIATE"
            conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


def get_engine(url: str | None = None) -> Engine:
    url = url or get_settings().database_url
    if url not in _engines:
        _engines[url] = make_engine(url, echo=get_settings().sql_echo)
    return _engines[url]


def set_engine(engine: Engine) -> None:
    """Make ``engine`` the one the app uses (tests)."""
    _engines[get_settings().database_url] = engine


def get_session(request: Request) -> Iterator[Session]:
    """FastAPI dependency: one transaction per request.

    Handlers commit explicitly once everything succeeded; anything not committed
    (an error, a refusal) is rolled back here, so a refusal changes nothing.
    GET and HEAD requests read in a transaction that takes no write lock.
    """
    engine = get_engine()
    if request.method in ("GET", "HEAD"):
        engine = engine.execution_options(teamswiss_read=True)
    with Session(engine, expire_on_commit=False) as session:
        try:
            yield session
        finally:
            session.rollback()
