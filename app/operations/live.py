"""The live event stream of a tournament: one broker per process fans the ``tournament_event`` rows out.

Events are rows (see :mod:`app.operations.tracking`, which writes them in the writer's transaction);
the broker only learns *that* a tournament has new rows and reads them in id order, so a subscriber
never misses one and never gets one twice, whichever process wrote it:

- on PostgreSQL one ``LISTEN`` connection per process (psycopg 3) hears the writers' ``NOTIFY``
  (sent on commit, from any process or host); after a lost connection it reconnects and reads what it
  missed from the table;
- on SQLite the committing process wakes its own broker; a one-second poll of the table serves
  subscribers of other processes on the same file.

A subscriber starts after ``Last-Event-ID`` (the events after it are replayed first) or, without one,
after the tournament's newest event. A subscriber that falls too far behind (a full queue) is closed;
its client reconnects with ``Last-Event-ID`` and resumes from the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from typing import Any

import anyio
from sqlalchemy import and_, func, or_
from sqlalchemy.engine import Engine, make_url
from sqlmodel import Session, col, select

from app.config import get_settings
from app.db.engine import get_engine
from app.models import Tournament, TournamentEvent
from app.models.base import table_of
from app.services.errors import NotFound

log = logging.getLogger("teamswiss.events")

#: The PostgreSQL channel the writers NOTIFY and every process LISTENs on.
CHANNEL = "teamswiss_events"

REPLAY_MAX = 1000  # more than this to replay: the client is told to reload (a ``tournament`` event)
QUEUE_MAX = 2000
COALESCE_MAX = 64 * 1024  # bytes of events queued together that a subscriber is sent in one write
START_BATCH = 500  # new subscribers whose start one read finds
POLL_SECONDS = 1.0  # SQLite: other processes' events
SAFETY_POLL_SECONDS = 10.0  # PostgreSQL: a missed notification is found this late at worst


@dataclass(frozen=True)
class Event:
    id: int
    tournament_id: int
    kind: str
    data: dict[str, Any]
    #: the SSE message, formatted and encoded once for every subscriber (not once each)
    wire: bytes = field(default=b"", compare=False)

    def __post_init__(self) -> None:
        data = json.dumps(self.data, separators=(",", ":"), ensure_ascii=False)
        object.__setattr__(self, "wire", f"id: {self.id}\nevent: {self.kind}\ndata: {data}\n\n".encode())

    def sse(self) -> bytes:
        return self.wire


CLOSED = Event(0, 0, "", {})
PING = Event(0, 0, "", {})  # the heartbeat's turn (see :meth:`Broker._heartbeat`): the stream sends its ping


@dataclass(eq=False)
class Subscription:
    tournament_id: int
    last_id: int
    queue: asyncio.Queue[Event] = field(default_factory=lambda: asyncio.Queue(QUEUE_MAX))
    idle: int = 0  # the heartbeat's turns since the stream last sent something

    def beat(self) -> None:
        """One turn of the heartbeat (every half ping interval): a stream idle for two turns gets its ping."""
        self.idle += 1
        if self.idle >= 2:
            self.idle = 0
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(PING)

    def offer(self, e: Event) -> None:
        if e.id <= self.last_id:
            return
        try:
            self.queue.put_nowait(e)
            self.last_id = e.id
        except asyncio.QueueFull:
            self.last_id = 1 << 62  # nothing more goes in; the stream ends after what is queued
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
            self.queue.put_nowait(CLOSED)


_E = table_of(TournamentEvent)


def _fetch(engine: Engine, after: dict[int, int], limit: int) -> list[Event]:
    """Events after ``after[tid]`` of each tournament, in id order: at most ``limit``, in one statement (when every
    venue pushes at once, a process wakes for many tournaments together)."""
    where = or_(*(and_(_E.c.tournament_id == tid, _E.c.id > last) for tid, last in sorted(after.items())))
    with Session(engine.execution_options(teamswiss_read=True)) as s:
        rows = s.connection().execute(select(_E.c.id, _E.c.tournament_id, _E.c.kind, _E.c.payload).where(where)
                                      .order_by(_E.c.id).limit(limit)).all()
    return [Event(r.id, r.tournament_id, r.kind, r.payload) for r in rows]


def start_positions(engine: Engine, asks: list[tuple[int, int | None]]) -> list[tuple[int, Event | None] | NotFound]:
    """Where each new subscriber starts, and the ``tournament`` event to send first when it cannot resume: for
    many subscribers in one short read (a burst of parents opening the page costs one connection, not one each).

    :class:`NotFound` for a tournament that does not exist. Without ``Last-Event-ID`` a subscriber starts after
    the tournament's newest event. A ``Last-Event-ID`` that is older than the pruned events, from another
    database, or too far behind gets a ``tournament`` event (reload everything) instead of a replay.
    """
    tids = sorted({tid for tid, _ in asks})
    with Session(engine.execution_options(teamswiss_read=True)) as s:
        versions = dict(s.exec(select(Tournament.id, Tournament.version).where(col(Tournament.id).in_(tids))).all())
        newest = dict(s.exec(select(TournamentEvent.tournament_id, func.max(TournamentEvent.id))
                             .where(col(TournamentEvent.tournament_id).in_(tids))
                             .group_by(col(TournamentEvent.tournament_id))).all())
        oldest: int | None = None
        if any(last is not None for _, last in asks):
            oldest = s.exec(select(func.min(TournamentEvent.id))).first()
        out: list[tuple[int, Event | None] | NotFound] = []
        for tid, last in asks:
            version, top = versions.get(tid), int(newest.get(tid) or 0)
            if version is None:
                out.append(NotFound(None, "no tournament with id {tournament_id}", params={"tournament_id": tid}))
            elif last is None or last == top:
                out.append((top, None))
            else:
                behind = s.exec(select(func.count()).select_from(TournamentEvent)
                                .where(TournamentEvent.tournament_id == tid, col(TournamentEvent.id) > last)).one()
                everything = oldest is not None and last >= oldest - 1
                if everything and last <= top and behind <= REPLAY_MAX:
                    out.append((last, None))
                else:
                    out.append((top, Event(top, tid, "tournament", {"version": version})))
    return out


class Broker:
    """Per process: subscribers by tournament, and the task that feeds them."""

    def __init__(self) -> None:
        self._subs: dict[int, set[Subscription]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._dirty: set[int] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._listening: asyncio.Event | None = None
        self._lock = threading.Lock()
        #: subscribers waiting for their start, read together (:func:`start_positions`)
        self._starts: list[tuple[int, int | None, asyncio.Future[tuple[int, Event | None]]]] = []
        self._start_wake: asyncio.Event | None = None

    # -- called from any thread (the committing request) --
    def wake_threadsafe(self, tournament_ids: Iterable[int]) -> None:
        loop, ids = self._loop, set(tournament_ids)
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is shutting down
            loop.call_soon_threadsafe(self._mark, ids)

    def _mark(self, ids: set[int]) -> None:
        self._dirty |= ids
        if self._wake is not None:
            self._wake.set()

    @property
    def subscribers(self) -> int:
        return sum(len(s) for s in self._subs.values())

    # -- in the event loop --
    async def _ensure_running(self, engine: Engine) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # first use, or a new event loop (tests): start afresh
            self._loop, self._wake, self._subs, self._dirty, self._tasks = loop, asyncio.Event(), {}, set(), []
            self._starts, self._start_wake = [], asyncio.Event()
        if not self._tasks or any(t.done() for t in self._tasks):
            for t in self._tasks:
                t.cancel()
            self._listening = asyncio.Event()
            self._tasks = [loop.create_task(self._feed(engine)), loop.create_task(self._start(engine)),
                           loop.create_task(self._heartbeat())]
            if engine.dialect.name == "postgresql":
                self._tasks.append(loop.create_task(self._listen(engine)))
            else:
                self._listening.set()
        assert self._listening is not None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), 5)

    async def subscribe(self, engine: Engine, tournament_id: int, last_event_id: int | None) -> tuple[
            Subscription, Event | None]:
        await self._ensure_running(engine)
        assert self._loop is not None and self._start_wake is not None
        found: asyncio.Future[tuple[int, Event | None]] = self._loop.create_future()
        self._starts.append((tournament_id, last_event_id, found))
        self._start_wake.set()
        start, reset = await found
        sub = Subscription(tournament_id, start)
        self._subs.setdefault(tournament_id, set()).add(sub)
        self._mark({tournament_id})  # replay (and anything committed meanwhile)
        return sub, reset

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.tournament_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._subs[sub.tournament_id]

    async def _start(self, engine: Engine) -> None:
        """Answer the waiting subscribers' starts, those that came together in one read (one connection)."""
        assert self._start_wake is not None
        while True:
            await self._start_wake.wait()
            self._start_wake.clear()
            while self._starts:
                batch, self._starts = self._starts[:START_BATCH], self._starts[START_BATCH:]
                batch = [b for b in batch if not b[2].done()]  # a client that left while it waited
                if not batch:
                    continue
                try:
                    found = await anyio.to_thread.run_sync(start_positions, engine, [(t, last) for t, last, _ in batch])
                except Exception as exc:  # noqa: BLE001 - the database is away: these subscribers are answered so
                    for _, _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for (_, _, future), answer in zip(batch, found, strict=True):
                    if future.done():
                        continue
                    if isinstance(answer, NotFound):
                        future.set_exception(answer)
                    else:
                        future.set_result(answer)

    async def _heartbeat(self) -> None:
        """The pings of the idle streams, from one task: a stream waits for its next event alone, with no timer of
        its own to arm again after each one (10,000 subscribers each re-arming a timer per event cost the process
        a tenth of its time when every venue pushed at once). An idle stream is pinged every ping interval; after
        an event, within one."""
        while True:
            await asyncio.sleep(get_settings().sse_ping_seconds / 2)
            for subs in list(self._subs.values()):
                for sub in subs:
                    sub.beat()

    async def _feed(self, engine: Engine) -> None:
        assert self._wake is not None
        poll = POLL_SECONDS if engine.dialect.name == "sqlite" else SAFETY_POLL_SECONDS
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), poll)
            self._wake.clear()
            dirty, self._dirty = self._dirty, set()
            tids = set(self._subs) if not dirty else dirty & set(self._subs)
            after = {tid: min(s.last_id for s in self._subs[tid]) for tid in tids if self._subs.get(tid)}
            if not after:
                continue
            try:
                events = await anyio.to_thread.run_sync(_fetch, engine, after, REPLAY_MAX)
            except Exception:  # noqa: BLE001 - the database is away: retry at the next wake or poll
                log.warning("reading events failed", exc_info=True)
                self._dirty |= tids
                await asyncio.sleep(0.5)
                continue
            if len(events) == REPLAY_MAX:  # more to read: the next turn reads on from where these end
                self._mark(tids)
            for e in events:
                for sub in list(self._subs.get(e.tournament_id, ())):
                    sub.offer(e)

    async def _listen(self, engine: Engine) -> None:
        import psycopg

        url = make_url(str(engine.url.render_as_string(hide_password=False))).set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        delay = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    delay = 0.5
                    assert self._listening is not None
                    self._listening.set()
                    self._mark(set(self._subs))  # catch up on what a lost connection missed
                    async for note in conn.notifies():
                        with contextlib.suppress(ValueError, KeyError, TypeError):
                            self._mark({int(json.loads(note.payload)["t"])})
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - reconnect with back-off
                log.warning("LISTEN connection lost; reconnecting in %.1f s", delay, exc_info=True)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)


broker = Broker()


def ping_text(ping_seconds: float, visible: bool) -> bytes:
    """The heartbeat: a ``: ping`` comment, or for a browser (which cannot see comments) a ``ping`` event without
    an id, naming the interval, so that a stream silent for longer counts as down."""
    if not visible:
        return b": ping\n\n"
    return f'event: ping\ndata: {{"interval":{ping_seconds:g}}}\n\n'.encode()


async def stream(sub: Subscription, first: Event | None, ping_seconds: float, retry_ms: int,
                 visible_ping: bool = False) -> AsyncIterator[bytes]:
    """The ``text/event-stream`` body: ``retry``, then events as they come, a ping when idle (the broker's
    heartbeat; with ``visible_ping``, also one at once, so that the client knows the interval from the start)."""
    ping = ping_text(ping_seconds, visible_ping)
    try:
        yield f"retry: {retry_ms}\n\n".encode()
        if visible_ping:
            yield ping
        if first is not None:
            yield first.sse()
        while True:
            e = await sub.queue.get()
            if e is PING:
                if sub.queue.empty():  # else what is queued is sign of life enough
                    yield ping
                continue
            if e is CLOSED:
                return
            sub.idle = 0
            if sub.queue.empty():
                yield e.sse()
                continue
            # the events that came together (a result and the standings it moves) go out in one write
            together, size = [e.sse()], len(e.sse())
            while size < COALESCE_MAX and not sub.queue.empty():
                more = sub.queue.get_nowait()
                if more is CLOSED:
                    yield b"".join(together)
                    return
                if more is not PING:
                    together.append(more.sse())
                    size += len(together[-1])
            yield b"".join(together)
    finally:
        broker.unsubscribe(sub)


async def open_stream(tournament_id: int, last_event_id: int | None, visible_ping: bool = False
                      ) -> AsyncIterator[bytes]:
    """Subscribe to the tournament's events on the application's database (404 when there is no such
    tournament, before anything is sent) and give the ``text/event-stream`` body."""
    settings = get_settings()
    sub, first = await broker.subscribe(get_engine(), tournament_id, last_event_id)
    return stream(sub, first, settings.sse_ping_seconds, settings.sse_retry_ms, visible_ping)
