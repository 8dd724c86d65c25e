"""Graceful under overload: bounded work in flight, at once 503 past it, no work for clients that left.

A pure ASGI middleware (no per-request task or thread of its own):

- at most ``max_in_flight`` requests of this process are being worked on; one more is answered
  ``503`` problem+json with ``Retry-After`` at once instead of waiting in a queue without end, so
  after a burst the server answers normally as soon as the burst stops;
- a read (GET/HEAD) whose client has already disconnected when its turn comes (it waited while the
  event loop was busy) is dropped before any work;
- the live event streams and the health checks are not counted (a stream lives for hours; the health checks
  must answer while the server sheds load), but ``/readyz`` says 503 "not ready" while the limit is reached, so
  a load balancer sends new work to another worker;
- the event streams have limits of their own: in all (``max_streams``; by default what the open-files limit
  allows, less a reserve for the database and ordinary requests) and per client address
  (``max_streams_per_client``): past them 503 / 429 at once, never a failure deeper in the server.
"""

from __future__ import annotations

from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.http.problems import problem_body, problem_message, scope_language
from app.presentation.messages import LANGUAGES

RETRY_AFTER_SECONDS = 1
#: no ``rule``: no regulation refused the request
_SHED = {"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"}
#: made once per language: an overloaded server builds no answer
_BUSY = {language: problem_message(problem_body(
    503, "Server busy", "The server is at its limit of requests in progress; retry after {seconds} s.",
    params={"seconds": RETRY_AFTER_SECONDS}, language=language, type_slug="overload"), _SHED, language)
    for language in LANGUAGES}
_NOT_READY = {language: problem_message(problem_body(
    503, "Not ready", "the worker is at its limit of requests in progress and sheds new ones", language=language,
    type_slug="overload"), _SHED, language) for language in LANGUAGES}
HEALTH_CHECKS = frozenset({"/health", "/healthz", "/readyz"})
#: open files kept for the database, the listening socket and ordinary requests when the stream limit is derived
FILES_RESERVE = 256


def stream_limit(configured: int) -> int:
    """The most event streams one process holds: ``configured``, or (0) what the open-files limit allows."""
    if configured > 0:
        return configured
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 1000
    if soft == resource.RLIM_INFINITY:
        return 10_000
    return max(16, soft - FILES_RESERVE)


def exempt(path: str) -> bool:
    return path in HEALTH_CHECKS or path.endswith("/events")


async def _gone(receive: Receive) -> bool:
    """True when the client has disconnected (without waiting: the receive is cancelled at once)."""
    with anyio.CancelScope() as scope:
        scope.cancel()
        message = await receive()
        return bool(message.get("type") == "http.disconnect")
    return False


def is_stream(scope: Scope) -> bool:
    return scope.get("method") == "GET" and str(scope.get("path", "")).endswith("/events")


class LoadShedding:
    def __init__(self, app: ASGIApp, max_in_flight: int, max_streams: int = 0,
                 max_streams_per_client: int = 64) -> None:
        self.app = app
        self.max_in_flight = max_in_flight
        self.in_flight = 0
        self.shed = self.dropped = 0
        self.max_streams = stream_limit(max_streams)
        self.max_streams_per_client = max_streams_per_client
        self.streams = 0
        self.streams_of: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        if is_stream(scope):
            await self._stream(scope, receive, send)
            return
        if exempt(path):
            if path == "/readyz" and self.in_flight >= self.max_in_flight:
                for message in _NOT_READY[scope_language(scope)]:
                    await send(message)
                return
            await self.app(scope, receive, send)
            return
        if self.in_flight >= self.max_in_flight:
            self.shed += 1
            for message in _BUSY[scope_language(scope)]:
                await send(message)
            return
        self.in_flight += 1
        try:
            if scope.get("method") in ("GET", "HEAD"):
                first = await receive()  # a read has no body: this is its one (empty) request message
                if first.get("type") == "http.disconnect" or await _gone(receive):
                    self.dropped += 1
                    return
                replayed = False

                async def replay() -> Message:
                    nonlocal replayed
                    if not replayed:
                        replayed = True
                        return first
                    return await receive()

                await self.app(scope, replay, send)
            else:
                await self.app(scope, receive, send)
        finally:
            self.in_flight -= 1

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        """An event stream, within the process's and the client's stream limits."""
        client = scope.get("client")
        who = str(client[0]) if client else ""
        if self.streams >= self.max_streams:
            self.shed += 1
            await send_refusal(scope, send, 503, "Server busy", "the server holds as many live streams as it can "
                               "({max_streams}); the page reads the results without one meanwhile",
                               params={"max_streams": self.max_streams})
            return
        if self.streams_of.get(who, 0) >= self.max_streams_per_client:
            await send_refusal(scope, send, 429, "Too many live streams", "this address already holds "
                               "{max_streams} live streams; close some first", "too-many-requests",
                               params={"max_streams": self.max_streams_per_client})
            return
        self.streams += 1
        self.streams_of[who] = self.streams_of.get(who, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.streams -= 1
            left = self.streams_of.get(who, 1) - 1
            if left:
                self.streams_of[who] = left
            else:
                self.streams_of.pop(who, None)


async def send_refusal(scope: Scope, send: Send, status: int, title: str, detail: str,
                       type_slug: str = "overload", params: dict[str, Any] | None = None) -> None:
    language = scope_language(scope)
    body = problem_body(status, title, detail, params=params, language=language, type_slug=type_slug)
    for message in problem_message(body, _SHED, language):
        await send(message)
