"""The request's database session: one transaction per request, and SQLite's write gate."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated

import anyio
import anyio.to_thread
from fastapi import Depends
from sqlmodel import Session
from starlette.requests import Request

from app.db.engine import get_engine

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
