"""Graceful under overload: bounded work in flight, at once 503 past it, no work for clients that left.

A pure ASGI middleware (no per-request task or thread of its own):

- at most ``max_in_flight`` requests of this process are being worked on; one more is answered
  ``503`` problem+json with ``Retry-After`` at once instead of waiting in a queue without end, so
  after a burst the server answers normally as soon as the burst stops;
- a read (GET/HEAD) whose client has already disconnected when its turn comes (it waited while the
  event loop was busy) is dropped before any work;
- the live event streams and the health checks are not counted (a stream lives for hours; the health checks
  must answer while the server sheds load).
"""

from __future__ import annotations

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.http.problems import problem_body, problem_message

RETRY_AFTER_SECONDS = 1
#: no ``rule``: no regulation refused the request
_BUSY = problem_message(problem_body(
    503, "Server busy", f"The server is at its limit of requests in progress; retry after {RETRY_AFTER_SECONDS} s.",
    type_slug="overload"), {"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"})
HEALTH_CHECKS = frozenset({"/health", "/healthz", "/readyz"})


def exempt(path: str) -> bool:
    return path in HEALTH_CHECKS or path.endswith("/events")


async def _gone(receive: Receive) -> bool:
    """True when the client has disconnected (without waiting: the receive is cancelled at once)."""
    with anyio.CancelScope() as scope:
        scope.cancel()
        message = await receive()
        return bool(message.get("type") == "http.disconnect")
    return False


class LoadShedding:
    def __init__(self, app: ASGIApp, max_in_flight: int) -> None:
        self.app = app
        self.max_in_flight = max_in_flight
        self.in_flight = 0
        self.shed = self.dropped = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or exempt(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        if self.in_flight >= self.max_in_flight:
            self.shed += 1
            for message in _BUSY:
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
