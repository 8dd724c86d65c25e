"""ASGI middleware of our own: refusing what no handler can store, and bodies past the limit."""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

from fastapi.routing import iter_route_contexts
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.http.problems import problem_body, send_problem


async def _refuse(send: Send, status: int, title: str, detail: str, path: str,
                  headers: dict[str, str] | None = None, type_slug: str = "invalid-request") -> None:
    await send_problem(send, problem_body(status, title, detail, type_slug=type_slug, instance=path), headers)


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
                await _refuse(send, 405, "Method not allowed", "Method Not Allowed", scope.get("path", ""),
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
                await _refuse(send, 422, "The request is not valid", "NUL characters are not allowed in a URL",
                              scope.get("path", ""))
                return
        await self.app(scope, receive, send)



class BodyLimitMiddleware:
    """Request bodies are limited while they stream in: 413 problem+json, nothing more is read.

    A declared ``Content-Length`` above the limit is refused before a byte of the body is read; a chunked body is
    counted as it arrives and cut off at the limit (the handler then sees a disconnected client and its answer is
    replaced by the 413). ``per_path`` gives larger limits to the operations that take files (TRF imports).
    """

    def __init__(self, app: ASGIApp, default: int, per_path: dict[str, int] | None = None) -> None:
        self.app = app
        self.default = default
        self.per_path = per_path or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = self.per_path.get(scope.get("path", ""), self.default)
        path = scope.get("path", "")
        detail = f"the request body is larger than the {limit:,} bytes this operation accepts"
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _refuse(send, 413, "The request is too large", detail, path)
            return
        total = 0
        exceeded = False
        answered = False

        async def limited_receive() -> Message:
            nonlocal total, exceeded, answered
            if exceeded:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                total += len(message.get("body", b""))
                if total > limit:
                    exceeded = True
                    if not answered:
                        answered = True
                        await _refuse(send, 413, "The request is too large", detail, path)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal answered
            if exceeded:
                return  # the 413 was sent instead of whatever the handler makes of a cut-off body
            if message["type"] == "http.response.start":
                answered = True
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except Exception:
            if not exceeded:
                raise
