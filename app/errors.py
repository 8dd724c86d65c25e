"""Every error leaves as RFC 9457 ``application/problem+json`` with the rule it enforces."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

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
    "install_error_handlers",
    "problem",
]

log = logging.getLogger("teamswiss")
PROBLEM = "application/problem+json"
TYPE_BASE = "https://teamswiss.org/problems/"


def problem(
    status: int, title: str, detail: str, *, rule: str | None = None, type_slug: str = "about:blank",
    instance: str | None = None, headers: dict[str, str] | None = None, **extra: Any,
) -> JSONResponse:
    body: dict[str, Any] = {
        "type": TYPE_BASE + type_slug if type_slug != "about:blank" else "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
        "rule": rule,
    }
    if instance:
        body["instance"] = instance
    body.update({k: v for k, v in extra.items() if k not in body})
    return JSONResponse(body, status_code=status, media_type=PROBLEM, headers=headers)


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
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return problem(exc.status, exc.title, exc.detail, rule=exc.rule, type_slug=exc.type_slug,
                       instance=request.url.path, headers=headers, **_jsonable(exc.extra))

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": e.get("msg", ""), "type": e.get("type", "")}
            for e in exc.errors()
        ]
        first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
        detail = f"{'.'.join(first['loc'])}: {first['msg']}" if first["loc"] else first["msg"]
        return problem(422, "The request is not valid", detail, type_slug="invalid-request",
                       instance=request.url.path, errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        titles = {404: "Not found", 405: "Method not allowed", 401: "Authentication required",
                  403: "Not allowed for this user"}
        return problem(exc.status_code, titles.get(exc.status_code, "Error"), str(exc.detail),
                       instance=request.url.path, headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return problem(500, "Internal error", "The server failed; the error is logged. Nothing was changed.",
                       type_slug="internal", instance=request.url.path)
