"""Every error leaves as RFC 9457 ``application/problem+json`` with the rule it enforces."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import iter_route_contexts
from pydantic_core import PydanticKnownError
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.presentation.messages import CATALOGUES, LANGUAGES, pick_language, translate
from app.services.errors import (  # re-exported: routers import errors from here
    DomainError,
    FileFormatError,
    Forbidden,
    InvalidInput,
    NoLegalPairing,
    NotFound,
    PreconditionFailed,
    PreconditionRequired,
    RuleViolation,
    StateConflict,
    Unauthorized,
)

__all__ = [
    "DomainError",
    "FileFormatError",
    "Forbidden",
    "InvalidInput",
    "NoLegalPairing",
    "NotFound",
    "PreconditionFailed",
    "PreconditionRequired",
    "RuleViolation",
    "StateConflict",
    "Unauthorized",
    "CatchAllMiddleware",
    "install_error_handlers",
    "problem",
    "problem_body",
    "send_problem",
]

log = logging.getLogger("teamswiss")
#: the framework's own sentences that become a problem's detail (Starlette's 404 and 405): message ids like ours
FRAMEWORK_SENTENCES = ("Not Found", "Method Not Allowed")
PROBLEM = "application/problem+json"
TYPE_BASE = "https://teamswiss.org/problems/"


def problem_body(status: int, title: str, detail: str, *, params: dict[str, Any] | None = None,
                 language: str = LANGUAGES[0], rule: str | None = None, type_slug: str = "about:blank",
                 instance: str | None = None, **extra: Any) -> dict[str, Any]:
    """The one RFC 9457 body of every refusal and error: ``type``, ``title``, ``status``, ``detail``, the
    ``rule`` that refused (when a rule did) and the ``instance``, then any extension members.

    ``title`` and ``detail`` are English templates (``detail`` filled from ``params``), said in ``language``."""
    body: dict[str, Any] = {
        "type": TYPE_BASE + type_slug if type_slug != "about:blank" else "about:blank",
        "title": translate(title, None, language),
        "status": status,
        "detail": translate(detail, params, language),
    }
    if rule:
        body["rule"] = rule
    if instance:
        body["instance"] = instance
    body.update({k: v for k, v in extra.items() if k not in body})
    return body


def problem(
    status: int, title: str, detail: str, *, params: dict[str, Any] | None = None, language: str = LANGUAGES[0],
    rule: str | None = None, type_slug: str = "about:blank", instance: str | None = None,
    headers: dict[str, str] | None = None, **extra: Any,
) -> JSONResponse:
    body = problem_body(status, title, detail, params=params, language=language, rule=rule, type_slug=type_slug,
                        instance=instance, **extra)
    return JSONResponse(body, status_code=status, media_type=PROBLEM,
                        headers={**(headers or {}), "Content-Language": language})


def request_language(request: Request) -> str:
    """The language a request's problems are said in (its ``Accept-Language``)."""
    return pick_language(request.headers.get("accept-language"))


def scope_language(scope: Scope) -> str:
    """The same, for the layers below the framework (an ASGI scope's raw headers)."""
    for key, value in scope.get("headers", ()):
        if key == b"accept-language":
            return pick_language(value.decode("latin-1")[:1000])
    return LANGUAGES[0]


def problem_message(body: dict[str, Any], headers: dict[str, str] | None = None,
                    language: str = LANGUAGES[0]) -> tuple[Message, Message]:
    """The two ASGI messages that answer ``body`` (for the layers below the framework: middleware, load
    shedding, the catch-all); ``language`` is the one the body is in."""
    raw = json.dumps(body).encode()
    extra = [(k.lower().encode(), v.encode()) for k, v in {**(headers or {}), "Content-Language": language}.items()]
    start: Message = {"type": "http.response.start", "status": body["status"], "headers": [
        (b"content-type", PROBLEM.encode()), (b"content-length", str(len(raw)).encode()), *extra]}
    return start, {"type": "http.response.body", "body": raw}


async def send_problem(send: Send, body: dict[str, Any], headers: dict[str, str] | None = None,
                       language: str = LANGUAGES[0]) -> None:
    for message in problem_message(body, headers, language):
        await send(message)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(DomainError)
    async def _domain(request: Request, exc: DomainError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else {}
        if exc.status in (429, 503) and "retry_after" in exc.extra:
            headers["Retry-After"] = str(exc.extra["retry_after"])
        language = request_language(request)
        detail = exc.detail  # English: the sentence as raised
        if language != LANGUAGES[0]:
            detail = translate(exc.template, exc.params, language)
            if isinstance(exc, FileFormatError) and exc.line is not None:
                detail = translate("line {line}: ", {"line": exc.line}, language) + detail
        # the sentence is said already: "{detail}" passes it through unchanged
        return problem(exc.status, exc.title, "{detail}", params={"detail": detail}, language=language,
                       rule=exc.rule, type_slug=exc.type_slug, instance=request.url.path, headers=headers,
                       **_jsonable(exc.extra))

    @app.exception_handler(IntegrityError)
    async def _integrity(request: Request, exc: IntegrityError) -> JSONResponse:
        # a backstop: the handlers check references and uniqueness first; nothing was committed either way
        text = str(exc.orig).lower()
        language = request_language(request)
        if "foreign key" in text:
            return problem(422, "The input is not valid", "the request refers to a record that does not exist",
                           language=language, type_slug="invalid-input", instance=request.url.path)
        if "null" in text and ("not null" in text or "null value" in text):
            return problem(422, "The input is not valid", "a required value is missing", language=language,
                           type_slug="invalid-input", instance=request.url.path)
        return problem(409, "The tournament is not in a state that allows this",
                       "the change conflicts with an existing record", language=language,
                       type_slug="state-conflict", instance=request.url.path)

    @app.exception_handler(DataError)
    async def _data(request: Request, exc: DataError) -> JSONResponse:
        return problem(422, "The input is not valid", "a value does not fit its column (too long or out of range)",
                       language=request_language(request), type_slug="invalid-input", instance=request.url.path)

    @app.exception_handler(DBAPIError)
    async def _database(request: Request, exc: DBAPIError) -> JSONResponse:
        if not exc.connection_invalidated:
            raise exc  # a bug: the catch-all answers 500 and logs it
        # the database connection was lost under the request (the database restarted, a network cut): its
        # transaction never committed and the pool has replaced the connection, so a retry will be served
        log.warning("database connection lost on %s %s: %s", request.method, request.url.path, exc.orig)
        return problem(503, "The database is not reachable", "the connection to the database was lost; nothing "
                       "was changed; try again", language=request_language(request), type_slug="unavailable",
                       instance=request.url.path, headers={"Retry-After": "1"}, retry_after=1)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors: list[dict[str, Any]] = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": e.get("msg", ""), "type": e.get("type", "")}
            for e in exc.errors()
        ]
        language = request_language(request)
        first = exc.errors()[0] if exc.errors() else None
        message = validation_message(first, language) if first else translate("invalid request", None, language)
        where = ".".join(str(p) for p in first.get("loc", ())) if first else ""
        return problem(422, "The request is not valid", "{where}: {message}" if where else "{message}",
                       params={"where": where, "message": message}, language=language,
                       type_slug="invalid-request", instance=request.url.path, errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        titles = {404: "Not found", 405: "Method not allowed", 401: "Authentication required",
                  403: "Not allowed for this user", 413: "The request is too large"}
        # Starlette's own sentences (FRAMEWORK_SENTENCES) are message ids like ours
        detail = str(exc.detail)
        headers = dict(getattr(exc, "headers", None) or {})
        language = request_language(request)
        if exc.status_code == 400:
            # a body that cannot be decoded (not UTF-8, a broken upload): invalid like any other bad body
            return problem(422, "The request is not valid", "the request body cannot be read: {reason}",
                           params={"reason": detail}, language=language, type_slug="invalid-request",
                           instance=request.url.path)
        if exc.status_code == 413:
            detail = "the request body is larger than the server accepts for this operation"
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(request.app, request.url.path))
        return problem(exc.status_code, titles.get(exc.status_code, "Error"), detail, language=language,
                       instance=request.url.path, headers=headers or None)


def validation_message(error: Mapping[str, Any], language: str) -> str:
    """One validation error's message in ``language``. Pydantic's template of the error's type is its message
    id, filled from the error's context (``String should have at most {max_length} characters``); English, and
    a type whose template the catalogue lacks, is pydantic's own message."""
    message = str(error.get("msg", ""))
    if language == LANGUAGES[0]:
        return message
    try:
        template = PydanticKnownError(error.get("type", ""), error.get("ctx")).message_template
    except (KeyError, TypeError, ValueError):  # a custom error type (a validator's ValueError has its own text)
        return message
    if template not in CATALOGUES.get(language, {}):
        return message
    return translate(template, {"expected_plural": "", **(error.get("ctx") or {})}, language)


def allowed_methods(app: Any, path: str) -> list[str]:
    """Every method served at ``path`` (Starlette's 405 names only the first route's).

    A route with a literal path (``/tournaments/import``) owns that path: the methods of a route with a parameter
    there (``/tournaments/{tournament_id}``) do not count.
    """
    literal: set[str] = set()
    templated: set[str] = set()
    for ctx in iter_route_contexts(app.routes):
        regex = getattr(ctx, "path_regex", None)
        if ctx.methods and regex is not None and regex.match(path):
            (templated if "{" in (ctx.path or "") else literal).update(ctx.methods)
    return sorted(literal or templated)


INTERNAL = {language: problem_body(500, "Internal error", "The server failed; the error is logged. Nothing was "
                                   "changed.", language=language, type_slug="internal") for language in LANGUAGES}


class CatchAllMiddleware:
    """A bug answers a well-formed problem+json 500 and the connection stays usable.

    Starlette's outermost error middleware re-raises after answering, which makes the server drop the
    keep-alive connection; this one answers and stops the error here (it is logged). An error after the answer
    has started cannot be answered any more and is passed on.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception:
            log.exception("unhandled error on %s %s", scope.get("method"), scope.get("path"))
            if started:
                raise
            language = scope_language(scope)
            await send_problem(send, {**INTERNAL[language], "instance": scope.get("path", "")}, language=language)
