"""The request's database session: one transaction per request, SQLite's write gate, and the staged write (read and
compute holding nothing, then write) of the requests that compute for long."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Annotated, Any

import anyio
import anyio.from_thread
import anyio.to_thread
from fastapi import Depends
from sqlalchemy.pool import QueuePool
from sqlmodel import Session
from starlette.requests import Request

from app.db.engine import get_engine

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _gate(app: Any) -> asyncio.Lock:
    """The worker's SQLite write gate (made in the event loop, and only used there)."""
    lock: asyncio.Lock | None = getattr(app.state, "sqlite_write_lock", None)
    if lock is None:
        lock = app.state.sqlite_write_lock = asyncio.Lock()
    return lock


def _gated() -> bool:
    return get_engine().dialect.name == "sqlite"


def session_slots(pool_capacity: int | None, threads: int) -> int:
    """How many requests of one process hold a database session at once: the pool's connections, and fewer than
    the shared threads.

    A session takes its connection in one thread hop (the access check) and goes on in another (the handler).
    With more sessions than connections, the threads that wait for a connection can be all the threads there are,
    while the requests holding the connections wait for a thread: nothing moves until the pool's time-out, and
    then every waiting request fails (seen: 100 requests at once on a pool of 2, half of them 500 after 21 s)."""
    limit = max(1, threads - 1)
    return limit if pool_capacity is None else max(1, min(pool_capacity, limit))


def _slots(app: Any) -> asyncio.Semaphore:
    """The worker's session slots (made in the event loop, and only used there)."""
    slots: asyncio.Semaphore | None = getattr(app.state, "session_slots", None)
    if slots is None:
        pool = get_engine().pool
        capacity = pool.size() + max(0, getattr(pool, "_max_overflow", 0)) if isinstance(pool, QueuePool) else None
        threads = int(anyio.to_thread.current_default_thread_limiter().total_tokens)
        slots = app.state.session_slots = asyncio.Semaphore(session_slots(capacity, threads))
    return slots


async def write_gate(request: Request) -> AsyncIterator[None]:
    """SQLite: one write request at a time, queued in the event loop rather than in the thread pool.

    SQLite has one writer. Without the gate, 50 concurrent writers each take a thread and a connection, most
    of them waiting on the database's write lock while the writer holding it waits for a free thread: a stall
    that ended in "database is locked" and pool time-outs. With it, writers wait here at no cost (no thread, no
    connection) after their body has arrived, readers go on in parallel (WAL), and every writer succeeds in
    turn. It holds the gate until the transaction has committed or rolled back. One process per SQLite file
    (several workers need PostgreSQL, where row locks serialise what must be serialised). A staged write
    (:class:`StagedWrite`) takes the gate only for its write phase.
    """
    if request.method in READ_METHODS or reads_first(request) or not _gated():
        yield
        return
    async with _gate(request.app):
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
    reading = request.method in READ_METHODS or reads_first(request)  # a staged write writes in a session of its own
    if reading:
        engine = engine.execution_options(teamswiss_read=True)
    async with _slots(request.app):  # past the pool's connections a request waits here, holding nothing
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


class StagedWrite:
    """A write request that reads and computes first, holding nothing, and writes only at the end (a large
    pairing: the engine runs for seconds, and SQLite has one writer).

    The request's own session (the one its access check used) only reads: no gate, a deferred transaction.
    ``reading()`` is a read transaction on it, ended with the block, so nothing is held while computing.
    ``writing()`` waits for the gate (SQLite) from the handler's worker thread and begins the write transaction
    in a session of its own; it commits when the handler has returned and its answer is built, as
    :func:`get_session` does, and any error rolls it back. ``abandon()`` rolls the write back and gives the gate
    up (what was read changed meanwhile: the handler reads again). The use case sees the phases
    (``app.operations.pairing.Phases``), never HTTP.
    """

    def __init__(self, request: Request, session: Session) -> None:
        self._app = request.app
        self._read = session
        self._write: Session | None = None
        self._holds_gate = False

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read transaction of its own on the request's session, ended when the block ends."""
        if self._write is not None:
            raise RuntimeError("a staged write reads before it writes (abandon the write first)")
        self._read.rollback()  # a transaction the access check began (before this request's turn) sees too little
        try:
            yield self._read
        finally:
            self._read.rollback()  # ends the read transaction: nothing is held while the handler computes

    def writing(self) -> Session:
        """The write session (in the handler's worker thread), once the gate is this request's."""
        if self._write is None:
            if _gated():
                anyio.from_thread.run(_take_gate, self._app)
                self._holds_gate = True
            self._write = Session(get_engine(), expire_on_commit=False)
        return self._write

    def abandon(self) -> None:
        """Roll the write back and give the gate up (in the handler's worker thread)."""
        try:
            self.end(commit=False)
        finally:
            if self._holds_gate:
                anyio.from_thread.run_sync(self.give_gate)

    def end(self, commit: bool) -> None:
        """Commit (the handler succeeded) or roll back the write, and give its connection back (a worker thread)."""
        write, self._write = self._write, None
        if write is not None:
            _finish(write, commit)

    def give_gate(self) -> None:
        """Give the gate up if this request holds it (in the event loop)."""
        if self._holds_gate:
            self._holds_gate = False
            _gate(self._app).release()


async def _take_gate(app: Any) -> None:
    await _gate(app).acquire()


async def staged_write(request: Request, session: SessionDep) -> AsyncIterator[StagedWrite]:
    """FastAPI dependency: the route's :class:`StagedWrite`. A route that takes it reads first (:func:`reads_first`):
    its request session takes no gate and never commits.

    The staged writes of one tournament take turns in this worker, from before their first read until their
    write has committed, waiting in the event loop (no thread, no connection): two at once would compute from
    the same version, and all but the first would find it changed and compute again."""
    async with _turn(request):
        staged = StagedWrite(request, session)
        commit = False
        try:
            yield staged
            commit = True
        finally:
            with anyio.CancelScope(shield=True):  # as get_session: a client that left still gets its transaction ended
                try:
                    await anyio.to_thread.run_sync(staged.end, commit, limiter=anyio.CapacityLimiter(1))
                finally:
                    staged.give_gate()


@asynccontextmanager
async def _turn(request: Request) -> AsyncIterator[None]:
    """The turn of the path's tournament among this worker's staged writes (see :func:`staged_write`)."""
    key = request.path_params.get("tournament_id")
    turns: dict[Any, list[Any]] | None = getattr(request.app.state, "staged_turns", None)
    if turns is None:
        turns = request.app.state.staged_turns = {}
    if key is None:
        yield
        return
    entry = turns.setdefault(key, [asyncio.Lock(), 0])  # [the lock, how many hold it or wait for it]
    entry[1] += 1
    try:
        async with entry[0]:
            yield
    finally:
        entry[1] -= 1
        if entry[1] == 0:
            del turns[key]


#: A write in two phases (:class:`StagedWrite`), for a route whose use case computes for long.
StagedDep = Annotated[StagedWrite, Depends(staged_write, scope="function")]

_READS_FIRST = "teamswiss_reads_first"


def reads_first(request: Request) -> bool:
    """Whether the request's route writes through :data:`StagedDep` (learnt once per route, from its dependencies)."""
    route = request.scope.get("route")
    if route is None:
        return False
    found: bool | None = getattr(route, _READS_FIRST, None)
    if found is None:
        found = _depends_on(getattr(route, "dependant", None), staged_write)
        setattr(route, _READS_FIRST, found)
    return found


def _depends_on(dependant: Any, call: Any) -> bool:
    return dependant is not None and any(d.call is call or _depends_on(d, call) for d in dependant.dependencies)
