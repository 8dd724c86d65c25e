"""ASGI middleware of our own: refusing what no handler can store, bodies past their limits, and the web page's
security headers."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote_to_bytes

import anyio
from fastapi.routing import iter_route_contexts
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.http.problems import problem_body, scope_language, send_problem
from app.presentation.messages import set_reader_language


async def _refuse(scope: Scope, send: Send, status: int, title: str, detail: str,
                  headers: dict[str, str] | None = None, type_slug: str = "invalid-request",
                  params: dict[str, Any] | None = None) -> None:
    """Answer a problem in the request's language (``title`` and ``detail`` are English templates)."""
    language = scope_language(scope)
    body = problem_body(status, title, detail, params=params, language=language, type_slug=type_slug,
                        instance=scope.get("path", ""))
    await send_problem(send, body, headers, language)


async def _too_large(scope: Scope, send: Send, limit: int) -> None:
    await _refuse(scope, send, 413, "The request is too large",
                  "the request body is larger than the {limit:,} bytes this operation accepts", params={"limit": limit})


class LanguageMiddleware:
    """The request's language (``Accept-Language``) for what the answer says in words: the rule problems an
    answer lists as data (``app/presentation/messages.py``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            set_reader_language(scope_language(scope))
        await self.app(scope, receive, send)


class LiteralPathMiddleware:
    """A literal path owns its methods: ``GET /tournaments/import`` is 405 (Allow: POST), not a request for the
    tournament with the id "import" refused as 422 by ``GET /tournaments/{tournament_id}``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._literal: dict[str, set[str]] | None = None

    def _methods(self, scope: Scope) -> dict[str, set[str]]:
        if self._literal is None:
            literal: dict[str, set[str]] = {}
            for ctx in iter_route_contexts(scope["app"].routes):
                if ctx.path and "{" not in ctx.path and ctx.methods:
                    literal.setdefault(ctx.path, set()).update(ctx.methods)
            self._literal = literal
        return self._literal

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and "app" in scope:
            methods = self._methods(scope).get(scope.get("path", ""))
            if methods and scope["method"] not in methods:
                await _refuse(scope, send, 405, "Method not allowed", "Method Not Allowed",
                              headers={"Allow": ", ".join(sorted(methods))}, type_slug="about:blank")
                return
        await self.app(scope, receive, send)


class NulGuardMiddleware:
    """A NUL character in the path or the query string is refused (422) before it reaches a query."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            raw = scope.get("raw_path") or scope.get("path", "").encode()
            query = scope.get("query_string", b"")
            if b"\x00" in unquote_to_bytes(raw) or b"\x00" in unquote_to_bytes(query.replace(b"+", b" ")):
                await _refuse(scope, send, 422, "The request is not valid", "NUL characters are not allowed in a URL")
                return
        await self.app(scope, receive, send)



class BodyLimitMiddleware:
    """A request's body is received in full before the request goes on, bounded in size, time and number.

    - Size: a declared ``Content-Length`` above the limit is refused (413 problem+json) before a byte of the body
      is read; a chunked body is counted as it arrives and refused at the limit, and nothing more is read.
      ``per_path`` gives larger limits to the operations that take files (TRF imports).
    - Time: the whole body must arrive within ``timeout`` seconds (``upload_timeout`` for the file operations),
      else 408 and the connection is closed: a client that sends a few bytes and then nothing holds no worker.
    - Number: at most ``max_bodies`` bodies (``max_uploads`` uploads) are being received at once; one more is
      503 at once.

    It sits outside load shedding: a request counts as in flight only once its body is in, so slow senders
    cannot fill the in-flight limit and turn every other caller away.
    """

    def __init__(self, app: ASGIApp, default: int, per_path: dict[str, int] | None = None, *,
                 timeout: float = 30.0, upload_timeout: float = 300.0, max_bodies: int = 512,
                 max_uploads: int = 8) -> None:
        self.app = app
        self.default = default
        self.per_path = per_path or {}
        self.timeout = timeout
        self.upload_timeout = upload_timeout
        self.max_bodies = max_bodies
        self.max_uploads = max_uploads
        self.receiving = self.uploading = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        upload = path in self.per_path
        limit = self.per_path.get(path, self.default)
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _too_large(scope, send, limit)
            return
        if self.receiving >= self.max_bodies or (upload and self.uploading >= self.max_uploads):
            await _refuse(scope, send, 503, "Server busy", "the server is receiving as many requests as it can; retry "
                          "in a moment", {"Retry-After": "1"}, type_slug="overload")
            return
        self.receiving += 1
        self.uploading += upload
        chunks: list[bytes] = []
        try:
            total = 0
            with anyio.move_on_after(self.upload_timeout if upload else self.timeout) as deadline:
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return  # the client left: nobody to answer
                    chunk = message.get("body", b"")
                    total += len(chunk)
                    if total > limit:
                        await _too_large(scope, send, limit)
                        return
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        break
            if deadline.cancelled_caught:
                await _refuse(scope, send, 408, "The request took too long",
                              "the request body did not arrive in time; send it again",
                              {"Connection": "close"}, type_slug="request-timeout")
                return
        finally:
            self.receiving -= 1
            self.uploading -= upload
        body = b"".join(chunks)
        del chunks
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


#: The public page and the console: scripts, styles and API calls from this origin only (no inline script, no
#: other host: a link cannot point the console at another server), and no other site may frame them.
WEB_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                               "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


class SecurityHeaders:
    """Adds ``headers`` to every answer of the wrapped app (the static web page)."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.headers]}
            await send(message)

        await self.app(scope, receive, with_headers)
