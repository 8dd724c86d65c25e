"""Cached reads answered without the framework: one version query, the kept bytes, no thread hop on SQLite.

A cached read (:mod:`app.operations.cache`) that the full route has answered once for an anonymous reader
is remembered by its path and query string: the route had validated them, authorised the public read and
named its cache entry (tournament, view, parameters, audience ``public``). The next anonymous ``GET`` of
the same path and query asks the database for the tournament's version and creation time (one indexed
query: nothing in memory is trusted without it, so several workers and hosts are never stale), and

- answers ``304`` when ``If-None-Match`` holds the current ETag,
- else answers the JSON bytes kept for that version, exactly as the route answers them,
- else (a new version not computed yet, a deleted tournament, any error) lets the route answer.

Right after a write, every reader of a view asks for a version that is not computed yet. Only the first of
them goes to the route (which computes the entry in a worker thread); the others wait for it in the event
loop, holding no worker thread, and are then answered from the kept bytes. A burst of readers after each
result therefore costs one computation and one worker thread, and a writer never waits behind a queue of
readers for a worker thread: writers stay quick under readers.

Writers come first. While a write (any method but GET, HEAD and OPTIONS) is being answered in this worker, a
cached read waits for it to finish, at most ``WRITE_WAIT_SECONDS``, before it asks for the version: the write's
steps (each worker-thread hop comes back through the event loop) then do not queue behind a loop full of
readers, and the readers that waited are answered with what it wrote.

The version query runs on a connection of its own: on SQLite a connection of the event loop (a read of
one row in WAL mode waits for no writer), on PostgreSQL a connection used from one worker thread, one query
for every reader that arrived while the previous query was out (see ``_Stamps._batched``). A request
with an ``Authorization`` header always goes through the route (its answer may depend on the reader).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import weakref
from contextvars import ContextVar
from datetime import datetime
from typing import Any

import anyio
from sqlalchemy.engine import Engine
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.operations.cache import Answer, Key, entry_key, etag_of, lru, matches

#: (path, query string) of the anonymous GET being answered by its route, while it is.
_where: ContextVar[tuple[str, bytes] | None] = ContextVar("teamswiss_fastread_where", default=None)
#: (path, query string) -> (tournament id, view, params, audience) of the entry the route answered it with.
_known: dict[tuple[str, bytes], Key] = {}
KNOWN_MAX = 4096
#: entry key -> the future of the request computing it through the route (one per key, in this event loop)
_computing: dict[Key, asyncio.Future[None]] = {}
#: how long a reader waits for another request's computation before asking the route itself
WAIT_SECONDS = 30.0
#: how long a cached read waits for the writes in flight in its worker before it is answered anyway
WRITE_WAIT_SECONDS = 0.1
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class _Writes:
    """The writes in flight in one event loop, and an event set whenever there are none."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.count = 0
        self.none = asyncio.Event()
        self.none.set()

    def _here(self) -> None:
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # another event loop (a test client's): start afresh
            self.loop, self.count, self.none = loop, 0, asyncio.Event()
            self.none.set()

    def begin(self) -> None:
        self._here()
        self.count += 1
        self.none.clear()

    def end(self) -> None:
        if asyncio.get_running_loop() is not self.loop:
            return
        self.count -= 1
        if self.count <= 0:
            self.count = 0
            self.none.set()

    async def wait(self) -> None:
        """Until no write is in flight in this loop, at most ``WRITE_WAIT_SECONDS``."""
        if self.count and asyncio.get_running_loop() is self.loop:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.none.wait(), WRITE_WAIT_SECONDS)


_writes = _Writes()
IF_NONE_MATCH_MAX = 1000  # as the routes' header parameter: longer is the route's 422


def response_of(answer: Answer) -> Response:
    """The HTTP answer of a cached read model: the JSON with its ETag, or 304 (the routes' and the fast path's)."""
    headers = {"ETag": answer.etag, "Cache-Control": "no-cache"}
    if answer.body is None:
        return Response(status_code=304, headers=headers)
    return Response(answer.body, media_type="application/json", headers=headers)


def remember(answer: Answer) -> None:
    """A route answered the current anonymous GET with ``answer`` alone: the fast path may answer it next time."""
    where = _where.get()
    if where is None or len(answer.key) != 4 or answer.key[3] != "public":
        return
    if len(_known) >= KNOWN_MAX:
        _known.clear()
    _known[where] = answer.key


def forget() -> None:
    _known.clear()


class _Stamps:
    """``(version, created_at)`` of a tournament on a connection of its own; None when not to be had."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name
        table = engine.dialect.identifier_preparer.quote("tournament")
        mark = "?" if self.dialect == "sqlite" else "%s"
        self.sql = f"SELECT version, created_at FROM {table} WHERE id = {mark}"
        self.sql_many = f"SELECT id, version, created_at FROM {table} WHERE id = ANY(%s)"  # PostgreSQL
        from app.models import Tournament

        column = Tournament.__table__.c.created_at  # type: ignore[attr-defined]
        self.created = column.type.dialect_impl(engine.dialect).result_processor(engine.dialect, None)
        self.lock = threading.Lock()
        self.conn: Any = None
        self._batches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Batch] = weakref.WeakKeyDictionary()
        database = engine.url.database
        self.usable = self.dialect == "postgresql" or (
            self.dialect == "sqlite" and bool(database) and database != ":memory:"
            and not str(database).startswith("file:"))

    def _connect(self) -> Any:
        if self.dialect == "sqlite":
            conn = sqlite3.connect(self.engine.url.database or "", isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=1000")
            return conn
        import psycopg

        url = self.engine.url.set(drivername="postgresql")
        return psycopg.connect(url.render_as_string(hide_password=False), autocommit=True, connect_timeout=2)

    def _fetch(self, sql: str, params: tuple[Any, ...], many: bool) -> Any:
        """The row (or rows) of ``sql`` on this connection, made when first needed; None when the database
        fails (the route answers instead, and reports any real trouble)."""
        with self.lock:
            try:
                if self.conn is None:
                    self.conn = self._connect()
                cursor = self.conn.execute(sql, params)
                return cursor.fetchall() if many else cursor.fetchone()
            except Exception:  # noqa: BLE001 - see above
                self.close()
                return None

    def _stamp(self, version: Any, created: Any) -> tuple[int, datetime]:
        return int(version), self.created(created) if self.created is not None else created

    def query(self, tournament_id: int) -> tuple[int, datetime] | None:
        row = self._fetch(self.sql, (tournament_id,), many=False)
        return None if row is None else self._stamp(*row)

    def query_many(self, tournament_ids: list[int]) -> dict[int, tuple[int, datetime] | None]:
        """:meth:`query` of several tournaments in one statement (PostgreSQL); every one None on a failure."""
        found: dict[int, tuple[int, datetime] | None] = dict.fromkeys(tournament_ids)
        for tid, version, created in self._fetch(self.sql_many, (tournament_ids,), many=True) or ():
            found[int(tid)] = self._stamp(version, created)
        return found

    def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    async def __call__(self, tournament_id: int) -> tuple[int, datetime] | None:
        if self.dialect == "sqlite":
            return self.query(tournament_id)  # microseconds, in the event loop
        return await self._batched(tournament_id)

    async def _batched(self, tournament_id: int) -> tuple[int, datetime] | None:
        """The stamp from a query that starts after this call began: readers that arrive while a query is out
        wait for the next one, which answers all of them (one round trip and one thread hop for a burst,
        rather than one each behind the connection's lock). A reader is never answered by a query that
        started before it arrived, so it sees every write committed before it asked."""
        loop = asyncio.get_running_loop()
        batch = self._batches.get(loop)
        if batch is None:
            batch = self._batches[loop] = _Batch()
        answer: asyncio.Future[tuple[int, datetime] | None] = loop.create_future()
        batch.waiting.setdefault(tournament_id, []).append(answer)
        if batch.task is None:
            batch.task = loop.create_task(self._drain(batch))
        return await answer

    async def _drain(self, batch: _Batch) -> None:
        try:
            while batch.waiting:
                asked, batch.waiting = batch.waiting, {}
                found: dict[int, tuple[int, datetime] | None] = {}
                try:
                    found = await anyio.to_thread.run_sync(self.query_many, list(asked))
                finally:  # also when cancelled: those with no stamp ask the route
                    _answer(asked, found)
        finally:
            batch.task = None
            _answer(batch.waiting, {})  # only when cancelled
            batch.waiting = {}


def _answer(asked: dict[int, list[asyncio.Future[tuple[int, datetime] | None]]],
            found: dict[int, tuple[int, datetime] | None]) -> None:
    for tid, answers in asked.items():
        for answer in answers:
            if not answer.done():  # a reader that gave up (its client left) is skipped
                answer.set_result(found.get(tid))


class _Batch:
    """The stamp queries of one event loop: who waits for the next query, and the task asking (None: none is
    out; kept here also because the loop holds only a weak reference to its tasks)."""

    __slots__ = ("waiting", "task")

    def __init__(self) -> None:
        self.waiting: dict[int, list[asyncio.Future[tuple[int, datetime] | None]]] = {}
        self.task: asyncio.Task[None] | None = None


_stamps: dict[int, _Stamps] = {}


def _stamps_of(engine: Engine) -> _Stamps:
    stamps = _stamps.get(id(engine))
    if stamps is None or stamps.engine is not engine:
        stamps = _stamps[id(engine)] = _Stamps(engine)
    return stamps


class CachedReads:
    """The fast path (pure ASGI): see the module's documentation. ``hits`` counts the answers it gave."""

    hits = 0  # in this process

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            if scope["type"] != "http" or scope["method"] in _SAFE_METHODS:
                await self.app(scope, receive, send)
                return
            _writes.begin()
            try:
                await self.app(scope, receive, send)
            finally:
                _writes.end()
            return
        if_none_match: str | None = None
        for name, value in scope["headers"]:
            if name == b"authorization":
                await self.app(scope, receive, send)
                return
            if name == b"if-none-match" and if_none_match is None:
                if_none_match = value.decode("latin-1")
        where = (scope["path"], scope.get("query_string", b""))
        known = _known.get(where)
        missing: Key | None = None
        if known is not None and (if_none_match is None or len(if_none_match) <= IF_NONE_MATCH_MAX):
            await _writes.wait()
            answer, missing = await self._answer(known, if_none_match)
            if answer is None and missing is not None:
                answer = await self._after_computing(missing, known)
            if answer is not None:
                CachedReads.hits += 1
                await response_of(answer)(scope, receive, send)
                return
        computing: asyncio.Future[None] | None = None
        if missing is not None and missing not in _computing:
            computing = _computing[missing] = asyncio.get_running_loop().create_future()
        token = _where.set(where)
        try:
            await self.app(scope, receive, send)
        finally:
            _where.reset(token)
            if computing is not None:
                _computing.pop(missing, None)  # type: ignore[arg-type]
                computing.set_result(None)

    @staticmethod
    async def _after_computing(missing: Key, known: Key) -> Answer | None:
        """The entry ``missing`` once the request computing it is done: None when none is, or it failed."""
        computing = _computing.get(missing)
        if computing is None or computing.get_loop() is not asyncio.get_running_loop():
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(computing), WAIT_SECONDS)
        body = lru().peek(missing)
        if body is None:
            return None
        tournament_id, version, created, view, params, audience = missing
        return Answer(etag_of(tournament_id, version, created, view, params, audience), body, known)  # type: ignore[arg-type]

    @staticmethod
    async def _answer(known: Key, if_none_match: str | None) -> tuple[Answer | None, Key | None]:
        """The cached answer, or None and the key of the entry that is not computed yet (None: not to be had)."""
        from app.db.engine import get_engine

        stamps = _stamps_of(get_engine())
        if not stamps.usable:
            return None, None
        tournament_id, view, params, audience = known
        stamp = await stamps(tournament_id)  # type: ignore[arg-type]
        if stamp is None:
            return None, None
        version, created = stamp
        etag = etag_of(tournament_id, version, created, view, params, audience)  # type: ignore[arg-type]
        if matches(if_none_match, etag):
            return Answer(etag, None, known), None
        key = entry_key(tournament_id, version, created, view, params, audience)  # type: ignore[arg-type]
        body = lru().peek(key)
        return (None, key) if body is None else (Answer(etag, body, known), None)
