"""Engine and sessions. SQLite (WAL, foreign keys on) is the embedded default; PostgreSQL in production."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

import anyio
import anyio.to_thread
from fastapi import Depends
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DisconnectionError
from sqlmodel import Session, create_engine
from starlette.requests import Request

from app.config import get_settings

_engines: dict[str, Engine] = {}


def make_engine(url: str, echo: bool = False) -> Engine:
    settings = get_settings()
    kwargs: dict[str, Any] = {"echo": echo, "pool_size": settings.db_pool_size,
                              "max_overflow": settings.db_max_overflow, "pool_timeout": 10}
    u = make_url(url)
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


READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


async def write_gate(request: Request) -> AsyncIterator[None]:
    """SQLite: one write request at a time, queued in the event loop rather than in the thread pool.

    SQLite has one writer. Without the gate, 50 concurrent writers each take a thread and a connection, most
    of them waiting on the database's write lock while the writer holding it waits for a free thread: a stall
    that ended in "database is locked" and pool time-outs. With it, writers wait here at no cost (no thread, no
    connection) after their body has arrived, readers go on in parallel (WAL), and every writer succeeds in
    turn. It holds the gate until the transaction has committed or rolled back. One process per SQLite file
    (several workers need PostgreSQL, where row locks serialise what must be serialised).
    """
    if request.method in READ_METHODS or get_engine().dialect.name != "sqlite":
        yield
        return
    state = request.app.state
    lock: asyncio.Lock | None = getattr(state, "sqlite_write_lock", None)
    if lock is None:
        lock = state.sqlite_write_lock = asyncio.Lock()
    async with lock:
        yield


async def get_session(request: Request,
                      _gate: Annotated[None, Depends(write_gate, scope="function")]) -> AsyncIterator[Session]:
    """FastAPI dependency: one transaction per request, the unit of work.

    Handlers never commit. When the handler has returned and its answer is built (``scope="function"``: before
    the answer is sent), a write request commits here; any error on the way, a refusal, a bug, a failure
    while building the answer or while committing, rolls everything back, so an error never commits.
    GET and HEAD requests read in a transaction that takes no write lock and never commit.

    The session is made in the event loop (no I/O until its first query, in the handler's thread); the commit
    and the end of the transaction run together in one thread outside the shared pool (as FastAPI ends a
    sync dependency): one thread hop a request, not two.
    """
    engine = get_engine()
    reading = request.method in READ_METHODS
    if reading:
        engine = engine.execution_options(teamswiss_read=True)
    session = Session(engine, expire_on_commit=False)
    commit = False
    try:
        yield session
        commit = not reading
    finally:
        with anyio.CancelScope(shield=True):  # a client that left still gets its transaction ended
            # a thread of its own, not one of the shared pool's: when every pool thread is a writer waiting for
            # the row lock this transaction holds, its commit must not wait for one of them (a deadlock)
            await anyio.to_thread.run_sync(_finish, session, commit, limiter=anyio.CapacityLimiter(1))


def _finish(session: Session, commit: bool) -> None:
    """Commit (a write request that succeeded), then end the transaction and give the connection back."""
    try:
        if commit:
            session.commit()
    finally:
        session.rollback()
        session.close()


#: The request's session. Declared once so every dependency shares the same one.
SessionDep = Annotated[Session, Depends(get_session, scope="function")]
