"""The read cache: read models kept as JSON bytes, keyed by the tournament's version in the database.

Every read first asks the database for the tournament's version (:mod:`app.operations.versions`: one
indexed query, so several processes and hosts are never stale: nothing in memory is trusted without it),
then

- answers "not modified" to a matching ``If-None-Match`` without computing anything;
- else answers the JSON bytes kept for (tournament, view, parameters, audience) at that version, computing
  them once per version: concurrent readers of the same missing entry wait for the one computing it.

The ETag is derived from the version (and the tournament's creation time, so a deleted tournament
whose id is reused never matches the old entries) and the view, its parameters and its audience.

The routes read through :func:`read` (a read model, serialised to JSON) or :func:`read_bytes` (bytes a builder
makes: the export files); the fast path in front of them (``app.http.caching``) answers a
view a route has answered before from the same kept bytes, and shares the same single-flight.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from datetime import datetime
from types import TracebackType
from typing import Any

from pydantic import TypeAdapter
from sqlmodel import Session

from app.auth.principal import Principal
from app.auth.rights import is_staff
from app.models import Tournament
from app.operations.versions import Stamp, stamp
from app.presentation.messages import LANGUAGES, reader_language
from app.services.errors import NotFound

#: What a view depends on besides its tournament's version (a round number, a page's limit and offset).
Params = tuple[Hashable, ...]
#: How long a reader waits for another request's computation of the entry it needs before it asks again.
WAIT_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class ViewKey:
    """A view of a tournament, at whatever version: what a URL names."""

    tournament_id: int
    view: str
    params: Params
    audience: str

    def at(self, stamp: Stamp) -> EntryKey:
        return EntryKey(self, stamp.version, stamp.created)


@dataclass(frozen=True, slots=True)
class EntryKey:
    """A view at one version of its tournament: a kept entry, and its ETag (computed once, with the key)."""

    view: ViewKey
    version: int
    created: datetime
    etag: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        v = self.view
        object.__setattr__(self, "etag", etag_of(v.tournament_id, self.version, self.created, v.view, v.params,
                                                 v.audience))

    def at(self, stamp: Stamp) -> EntryKey:
        """The same view at ``stamp``: this very key while the version is unchanged (a repeated read makes none)."""
        if stamp.version == self.version and stamp.created == self.created:
            return self
        return self.view.at(stamp)


@dataclass(frozen=True, slots=True)
class Answer:
    entry: EntryKey
    body: bytes | None  # None: the client's copy is current (304)

    @property
    def etag(self) -> str:
        return self.entry.etag


def etag_of(tournament_id: int, version: int, created: datetime, view: str, params: Params, audience: str) -> str:
    digest = hashlib.blake2s(repr((created.isoformat(), view, params, audience)).encode(), digest_size=5).hexdigest()
    return f'W/"t{tournament_id}-v{version}-{digest}"'


def matches(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    tags = {x.strip().removeprefix("W/") for x in if_none_match.split(",")}
    return "*" in tags or etag.removeprefix("W/") in tags


#: The computation the current request claimed in the event loop (:meth:`LRU.claim`): it computes it itself.
_claimed: ContextVar[Flight | None] = ContextVar("teamswiss_cache_claimed", default=None)


class Flight:
    """One computation of an entry under way, and who waits for it: worker threads (:meth:`LRU.get`) and event
    loops (:meth:`LRU.wait`). ``with flight:`` around the request that claimed it, so that its route computes
    the entry rather than waiting for itself; it lands when the entry is kept, or when the request ends."""

    __slots__ = ("_lru", "key", "landed", "_waiters", "_token")

    def __init__(self, lru: LRU, key: EntryKey) -> None:
        self._lru = lru
        self.key = key
        self.landed = threading.Event()
        self._waiters: list[asyncio.Future[None]] = []
        self._token: Token[Flight | None] | None = None

    def __enter__(self) -> Flight:
        self._token = _claimed.set(self)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._token is not None:
            _claimed.reset(self._token)
        self._lru.land(self)


def _settle(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():  # a reader that gave up (its client left) is skipped
        waiter.set_result(None)


class LRU:
    """A thread-safe LRU of JSON bodies, and the single-flight of their computation."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[EntryKey, bytes] = OrderedDict()
        self._flights: dict[EntryKey, Flight] = {}
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: EntryKey, compute: Callable[[], bytes]) -> bytes:
        """The entry, computed by ``compute`` unless kept or computed meanwhile by another request (waited for)."""
        while True:
            with self._lock:
                body = self._take(key)
                if body is not None:
                    return body
                flight = self._flights.get(key)
                if flight is None:
                    flight = self._flights[key] = Flight(self, key)
                    break
                if flight is _claimed.get():  # this request claimed it in the event loop
                    break
            flight.landed.wait(WAIT_SECONDS)  # another request computes this entry
        try:
            body = compute()
            with self._lock:
                self.misses += 1
                self._data[key] = body
                while len(self._data) > self.size:
                    self._data.popitem(last=False)
            return body
        finally:
            self.land(flight)

    def peek(self, key: EntryKey) -> bytes | None:
        """The entry if it is there, computing nothing (the fast path)."""
        with self._lock:
            return self._take(key)

    def claim(self, key: EntryKey) -> Flight | None:
        """The computation of ``key``, for a request that will compute it (through its route, ``with`` the flight);
        None when another request computes it already."""
        with self._lock:
            if key in self._flights:
                return None
            flight = self._flights[key] = Flight(self, key)
            return flight

    async def wait(self, key: EntryKey, timeout: float = WAIT_SECONDS) -> bytes | None:
        """The entry once the request computing it is done, waited for in the event loop (holding no worker
        thread); None when none computes it, it failed, or it took longer than ``timeout``."""
        with self._lock:
            flight = self._flights.get(key)
            if flight is None:
                return self._take(key)
            landed = asyncio.get_running_loop().create_future()
            flight._waiters.append(landed)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(landed, timeout)
        return self.peek(key)

    def land(self, flight: Flight) -> None:
        """The computation is over (kept or failed): wake whoever waits for it, in any thread or event loop."""
        with self._lock:
            if self._flights.get(flight.key) is flight:
                del self._flights[flight.key]
            waiters, flight._waiters = flight._waiters, []
        flight.landed.set()
        for waiter in waiters:
            with contextlib.suppress(RuntimeError):  # its event loop is closed: nobody waits there any more
                waiter.get_loop().call_soon_threadsafe(_settle, waiter)

    def _take(self, key: EntryKey) -> bytes | None:
        """The entry, counted as a hit (the lock is held)."""
        body = self._data.get(key)
        if body is not None:
            self._data.move_to_end(key)
            self.hits += 1
        return body

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


_lru: LRU | None = None
_adapters: dict[Any, TypeAdapter[Any]] = {}


def lru() -> LRU:
    global _lru
    if _lru is None:
        from app.config import get_settings

        _lru = LRU(get_settings().read_cache_entries)
    return _lru


def audience(principal: Principal | None, *, personal: bool = False) -> str:
    """Who a view that depends on the reader is built for: ``public``, or (``personal`` views) one user."""
    if principal is None or not personal:
        return "public"
    return f"user-{principal.user_id}"


def staff_audience(session: Session, principal: Principal | None, tournament_id: int) -> str:
    """``staff`` or ``public``, decided exactly as the read models decide what to show (``is_staff``)."""
    return "staff" if principal is not None and is_staff(session, principal, tournament_id) else "public"


def read(session: Session, tournament_id: int, view: str, build: Callable[[Tournament], Any], model: Any, *,
         params: Params = (), audience: str = "public", if_none_match: str | None = None) -> Answer:
    """The read model ``view`` of the tournament as JSON bytes with its ETag, or "not modified".

    ``build(tournament)`` computes it (a read model of :mod:`app.operations.reads`); ``model`` is
    its response type, which serialises it exactly as the route would.
    """
    language = reader_language()
    if language != LANGUAGES[0]:  # a read model may say rule problems in words (problem_item): one per language
        params = (*params, ("language", language))
    key = ViewKey(tournament_id, view, params, audience).at(stamp(session, tournament_id))
    if matches(if_none_match, key.etag):
        return Answer(key, None)

    def compute() -> bytes:
        t = session.get(Tournament, tournament_id)
        if t is None:
            raise NotFound(None, "no tournament with id {tournament_id}",
                           params={"tournament_id": tournament_id})
        adapter = _adapters.get(model)
        if adapter is None:
            adapter = _adapters[model] = TypeAdapter(model)
        return adapter.dump_json(adapter.validate_python(build(t), from_attributes=True), by_alias=True)

    return Answer(key, lru().get(key, compute))


def read_bytes(session: Session, tournament_id: int, view: str, build: Callable[[], bytes], *, params: Params = (),
               audience: str = "public", if_none_match: str | None = None) -> Answer:
    """The bytes ``build()`` makes of the tournament (an export file), kept as :func:`read` keeps a read model:
    once per version, with its ETag, or "not modified". ``audience`` names who they are made for (a private
    export is kept apart from the public one, under another ETag); an error in ``build`` keeps nothing."""
    key = ViewKey(tournament_id, view, params, audience).at(stamp(session, tournament_id))
    if matches(if_none_match, key.etag):
        return Answer(key, None)
    return Answer(key, lru().get(key, build))
