"""The tournament's version and creation time: the one query every cached read makes.

The version is bumped by every write to the tournament (:mod:`app.operations.tracking`); with the creation
time (a deleted tournament whose id is reused never matches the old entries) it is what the read cache and
the ETags are keyed by (:mod:`app.operations.cache`). Nothing in memory is trusted without asking, so
several processes and hosts are never stale.

One statement, asked two ways:

- by a route, on the request's connection (:func:`stamp`): in its transaction, so what the route then
  builds is of that version;
- by the fast path in front of the routes, on a connection of its own (:meth:`Versions.current`): on
  SQLite in the event loop (a read of one row in WAL mode waits for no writer, microseconds), on
  PostgreSQL from one worker thread, one query for every reader that arrived while the previous query was
  out (see :meth:`Versions._batched`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import weakref
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import anyio.to_thread
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session

from app.models import Tournament
from app.models.base import table_of
from app.services.errors import NotFound


@dataclass(frozen=True, slots=True)
class Stamp:
    """A tournament's version and creation time."""

    version: int
    created: datetime


class Versions:
    """The stamp query of one database: its statement, and the fast path's connection of its own."""

    def __init__(self, bind: Engine | Connection) -> None:
        dialect = self.dialect = bind.dialect
        self.url = bind.engine.url
        self.name = dialect.name
        tournament = table_of(Tournament)
        table = dialect.identifier_preparer.quote(tournament.name)
        mark = "?" if self.name == "sqlite" else "%s"
        self.sql = f"SELECT version, created_at FROM {table} WHERE id = {mark}"
        self.sql_many = f"SELECT id, version, created_at FROM {table} WHERE id = ANY(%s)"  # PostgreSQL
        self.created = tournament.c.created_at.type.dialect_impl(dialect).result_processor(dialect, None)
        self.lock = threading.Lock()
        self.conn: Any = None
        self._batches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Batch] = weakref.WeakKeyDictionary()
        database = self.url.database
        #: whether the fast path can have a connection of its own (not to an in-memory SQLite database)
        self.usable = self.name == "postgresql" or (
            self.name == "sqlite" and bool(database) and database != ":memory:"
            and not str(database).startswith("file:"))

    def _stamp(self, version: Any, created: Any) -> Stamp:
        """The row's stamp, its creation time converted exactly as the ORM converts it."""
        # created_at is NOT NULL: the processor of a datetime column gives a datetime
        return Stamp(int(version), cast(datetime, self.created(created) if self.created is not None else created))

    def of(self, connection: Connection, tournament_id: int) -> Stamp | None:
        """The stamp on ``connection`` (a route's, in its transaction); None when there is no such tournament."""
        row = connection.exec_driver_sql(self.sql, (tournament_id,)).first()
        return None if row is None else self._stamp(*row)

    async def current(self, tournament_id: int) -> Stamp | None:
        """The stamp on the fast path's connection; None when there is none or it is not to be had (the route
        answers instead, and reports any real trouble)."""
        if self.name == "sqlite":
            return self.query(tournament_id)  # microseconds, in the event loop
        return await self._batched(tournament_id)

    def _connect(self) -> Any:
        if self.name == "sqlite":
            conn = sqlite3.connect(self.url.database or "", isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=1000")
            return conn
        import psycopg

        url = self.url.set(drivername="postgresql")
        return psycopg.connect(url.render_as_string(hide_password=False), autocommit=True, connect_timeout=2)

    def _fetch(self, sql: str, params: tuple[Any, ...], many: bool) -> Any:
        """The row (or rows) of ``sql`` on the fast path's connection, made when first needed; None when the
        database fails."""
        with self.lock:
            try:
                if self.conn is None:
                    self.conn = self._connect()
                cursor = self.conn.execute(sql, params)
                return cursor.fetchall() if many else cursor.fetchone()
            except Exception:  # noqa: BLE001 - the route answers instead, see current()
                self.close()
                return None

    def query(self, tournament_id: int) -> Stamp | None:
        row = self._fetch(self.sql, (tournament_id,), many=False)
        return None if row is None else self._stamp(*row)

    def query_many(self, tournament_ids: list[int]) -> dict[int, Stamp | None]:
        """:meth:`query` of several tournaments in one statement (PostgreSQL); every one None on a failure."""
        found: dict[int, Stamp | None] = dict.fromkeys(tournament_ids)
        for tid, version, created in self._fetch(self.sql_many, (tournament_ids,), many=True) or ():
            found[int(tid)] = self._stamp(version, created)
        return found

    def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    async def _batched(self, tournament_id: int) -> Stamp | None:
        """The stamp from a query that starts after this call began: readers that arrive while a query is out
        wait for the next one, which answers all of them (one round trip and one thread hop for a burst,
        rather than one each behind the connection's lock). A reader is never answered by a query that
        started before it arrived, so it sees every write committed before it asked."""
        loop = asyncio.get_running_loop()
        batch = self._batches.get(loop)
        if batch is None:
            batch = self._batches[loop] = _Batch()
        answer: asyncio.Future[Stamp | None] = loop.create_future()
        batch.waiting.setdefault(tournament_id, []).append(answer)
        if batch.task is None:
            batch.task = loop.create_task(self._drain(batch))
        return await answer

    async def _drain(self, batch: _Batch) -> None:
        try:
            while batch.waiting:
                asked, batch.waiting = batch.waiting, {}
                found: dict[int, Stamp | None] = {}
                try:
                    found = await anyio.to_thread.run_sync(self.query_many, list(asked))
                finally:  # also when cancelled: those with no stamp ask the route
                    _answer(asked, found)
        finally:
            batch.task = None
            _answer(batch.waiting, {})  # only when cancelled
            batch.waiting = {}


def _answer(asked: dict[int, list[asyncio.Future[Stamp | None]]], found: dict[int, Stamp | None]) -> None:
    for tid, answers in asked.items():
        for answer in answers:
            if not answer.done():  # a reader that gave up (its client left) is skipped
                answer.set_result(found.get(tid))


class _Batch:
    """The stamp queries of one event loop: who waits for the next query, and the task asking (None: none is
    out; kept here also because the loop holds only a weak reference to its tasks)."""

    __slots__ = ("waiting", "task")

    def __init__(self) -> None:
        self.waiting: dict[int, list[asyncio.Future[Stamp | None]]] = {}
        self.task: asyncio.Task[None] | None = None


_versions: dict[int, Versions] = {}


def versions(bind: Engine | Connection) -> Versions:
    """The stamp query of ``bind``'s database. Known by the dialect, which an engine shares with the engines
    made from it with other options (a read request's session is bound to one) and with its connections."""
    found = _versions.get(id(bind.dialect))
    if found is None or found.dialect is not bind.dialect:
        found = _versions[id(bind.dialect)] = Versions(bind)
    return found


def stamp(session: Session, tournament_id: int) -> Stamp:
    """The tournament's stamp in the session's transaction (a route's cached read). 404 if there is none."""
    connection = session.connection()
    found = versions(connection).of(connection, tournament_id)
    if found is None:
        raise NotFound(None, "no tournament with id {tournament_id}",
                       params={"tournament_id": tournament_id})
    return found
