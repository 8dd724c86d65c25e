"""The HTTP server's connections: a request's headers must arrive in time.

uvicorn closes a kept-alive connection that stays idle, but not one that sends part of its headers and then
waits: a few hundred such connections would hold the worker's open files. This protocol (uvicorn's, with a
deadline) closes a connection whose request headers are not complete within
``TEAMSWISS_HEADER_TIMEOUT_SECONDS`` of the connection, or of the answer before on a kept-alive connection.
The request bodies have their own deadline (:class:`app.http.middleware.BodyLimitMiddleware`).
"""

from __future__ import annotations

import asyncio
from asyncio import TimerHandle
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.config import get_settings


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose request headers do not arrive in time."""

    header_timer: TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's signature
        super().connection_made(transport)
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has the same time for its headers

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self.header_timer = self.loop.call_later(get_settings().header_timeout_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _too_slow(self, *_: Any) -> None:
        self.header_timer = None
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self.transport.close()
