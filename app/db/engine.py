"""The database engine (no HTTP). SQLite (WAL, foreign keys on) is the embedded default; PostgreSQL in production."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DisconnectionError
from sqlmodel import create_engine

from app.config import get_settings

_engines: dict[str, Engine] = {}


#: of the PostgreSQL server's connections, the share the server's workers take together (the rest: other clients,
#: psql, migrations, backups)
CONNECTIONS_SHARE = 0.9


def pool_limits(pool_size: int, max_overflow: int, workers: int, max_connections: int,
                reserved: int) -> tuple[int, int]:
    """One process's pool (size, overflow) within its share of the database's connections: every worker of the
    server together, each with its LISTEN connection, stays below ``max_connections`` (a busy 4-worker server
    otherwise opened up to 200 against PostgreSQL's 100 and failed requests with "too many clients"). Past the
    pool a request waits for its turn instead.

    A pool the share bounds keeps the whole share: connections opened past the pool's size for a burst are closed
    when it ends, and PostgreSQL starts a backend again for each at the next burst (seen: 35 new backends in one
    burst of 100 pushes over 4 workers; the burst's last subscriber 1.58-2.15 s after the first push with them,
    1.37-1.71 s without)."""
    share = int((max_connections - reserved) * CONNECTIONS_SHARE) // max(1, workers) - 1  # - 1: the listener
    cap = max(2, share)
    if pool_size + max_overflow <= cap:
        return pool_size, max_overflow  # as configured
    return cap, 0


def _server_limits(url: str) -> tuple[int, int] | None:
    """PostgreSQL's ``max_connections`` and its reserved connections, or None when it cannot be asked now."""
    try:
        import psycopg

        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(dsn, connect_timeout=5) as conn:
            found: dict[str, str] = dict(conn.execute(
                "SELECT name, setting FROM pg_settings WHERE name IN ('max_connections', "
                "'superuser_reserved_connections', 'reserved_connections')").fetchall())
    except Exception:  # noqa: BLE001 - the database is not there yet: the readiness check reports it
        return None
    reserved = [int(found.get(k, "0")) for k in ("superuser_reserved_connections", "reserved_connections")]
    return int(found.get("max_connections", "100")), sum(reserved)


def make_engine(url: str, echo: bool = False) -> Engine:
    settings = get_settings()
    kwargs: dict[str, Any] = {"echo": echo, "pool_size": settings.db_pool_size,
                              "max_overflow": settings.db_max_overflow, "pool_timeout": 10}
    u = make_url(url)
    limits = _server_limits(url) if u.get_backend_name() == "postgresql" else None
    if limits is not None:
        kwargs["pool_size"], kwargs["max_overflow"] = pool_limits(settings.db_pool_size, settings.db_max_overflow,
                                                                  settings.workers, *limits)
    busy_ms = settings.sqlite_busy_timeout_ms
    if u.get_backend_name() == "sqlite":
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": busy_ms / 1000}
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, **kwargs)
    if u.get_backend_name() != "sqlite":
        ping_when_idle(engine)
    if u.get_backend_name() == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            # Let SQLAlchemy issue BEGIN itself so BEGIN IMMEDIATE below works.
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Any) -> None:
            # Writers serialise at BEGIN instead of failing at the first write: no lost updates.
            # Read-only requests begin deferred, so readers never wait for a writer (WAL).
            mode = "DEFERRED" if conn.get_execution_options().get("teamswiss_read") else "IMMEDIATE"
            conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


#: A pooled connection idle for longer than this is pinged before it is used again.
IDLE_PING_SECONDS = 2.0


def ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection before use only when it has been idle (``pool_pre_ping`` for idle connections).

    ``pool_pre_ping`` costs a round trip at every checkout, one a request (one in nine of a lineup's on PostgreSQL).
    The connections that die unseen are the idle ones (a database restarted or an idle timeout while the server had
    nothing to do): a connection checked in less than ``IDLE_PING_SECONDS`` ago is used as it is, an older one is
    pinged first and, if dead, replaced by a fresh one (raising ``DisconnectionError`` in ``checkout`` makes the pool
    retry). A connection that dies while busy fails its statement; SQLAlchemy then invalidates the pool, as before.
    """

    @event.listens_for(engine, "connect")
    def _new(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkin")
    def _idle(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _check(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("idle_since", 0.0) < IDLE_PING_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_conn)  # what pool_pre_ping runs (outside any transaction)
        except Exception as exc:  # noqa: BLE001 - any failure: the pool replaces the connection
            raise DisconnectionError(f"a pooled connection idle since then is dead: {exc}") from exc


def get_engine(url: str | None = None) -> Engine:
    url = url or get_settings().database_url
    if url not in _engines:
        _engines[url] = make_engine(url, echo=get_settings().sql_echo)
    return _engines[url]


def set_engine(engine: Engine) -> None:
    """Make ``engine`` the one the app uses (tests)."""
    _engines[get_settings().database_url] = engine
