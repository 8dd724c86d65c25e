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
them goes to the route (it claims the entry's computation in the cache's single-flight, and its route computes
it in a worker thread); the others wait for it in the event loop, holding no worker thread, and are then
answered from the kept bytes. A burst of readers after each result therefore costs one computation and one
worker thread, and a writer never waits behind a queue of readers for a worker thread: writers stay quick
under readers.

Writers come first. While a write (any method but GET, HEAD and OPTIONS) is being answered in this worker, a
cached read waits for it to finish, at most ``WRITE_WAIT_SECONDS``, before it asks for the version: the write's
steps (each worker-thread hop comes back through the event loop) then do not queue behind a loop full of
readers, and the readers that waited are answered with what it wrote.

The version query (:mod:`app.operations.versions`, the routes' own) runs on a connection of its own: on SQLite
a connection of the event loop (a read of one row in WAL mode waits for no writer), on PostgreSQL a connection
used from one worker thread, one query for every reader that arrived while the previous query was out. A request
with an ``Authorization`` header always goes through the route (its answer may depend on the reader).
"""

from __future__ import annotations

import asyncio
import contextlib
from contextvars import ContextVar

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.operations.cache import Answer, EntryKey, Flight, lru, matches
from app.operations.versions import versions
from app.presentation.messages import reader_language

#: (path, query string, language) of the anonymous GET being answered by its route, while it is.
_where: ContextVar[tuple[str, bytes, str] | None] = ContextVar("teamswiss_fastread_where", default=None)
#: (path, query string, language) -> the entry it was last answered with (its view is what the URL names, in the
#: reader's language; while the version is unchanged, the next answer is that entry again, its key and ETag made
#: once).
_known: dict[tuple[str, bytes, str], EntryKey] = {}
KNOWN_MAX = 4096
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
    if where is None or answer.entry.view.audience != "public":
        return
    if len(_known) >= KNOWN_MAX:
        _known.clear()
    _known[where] = answer.entry


def forget() -> None:
    _known.clear()


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
        # a read model may say things in words (app.operations.cache keeps one per language)
        where = (scope["path"], scope.get("query_string", b""), reader_language())
        known = _known.get(where)
        claim: Flight | None = None
        if known is not None and (if_none_match is None or len(if_none_match) <= IF_NONE_MATCH_MAX):
            await _writes.wait()
            answer, claim = await self._answer(known, if_none_match)
            if answer is not None:
                CachedReads.hits += 1
                if answer.entry is not known:
                    _known[where] = answer.entry
                await response_of(answer)(scope, receive, send)
                return
        token = _where.set(where)
        try:
            if claim is None:
                await self.app(scope, receive, send)
            else:
                with claim:  # this request's route computes the entry; the others wait for it in the event loop
                    await self.app(scope, receive, send)
        finally:
            _where.reset(token)

    @staticmethod
    async def _answer(known: EntryKey, if_none_match: str | None) -> tuple[Answer | None, Flight | None]:
        """The cached answer; or None and, when the entry is not computed yet, its computation claimed for this
        request (None: another request's computation failed meanwhile, or there is nothing to be had)."""
        from app.db.engine import get_engine

        stamps = versions(get_engine())
        if not stamps.usable:
            return None, None
        stamp = await stamps.current(known.view.tournament_id)
        if stamp is None:
            return None, None
        entry = known.at(stamp)
        if matches(if_none_match, entry.etag):
            return Answer(entry, None), None
        cache = lru()
        body = cache.peek(entry)
        if body is None:
            claim = cache.claim(entry)
            if claim is not None:
                return None, claim
            body = await cache.wait(entry)  # another request computes it
            if body is None:
                return None, cache.claim(entry)
        return Answer(entry, body), None
