"""The API contract: what every operation may answer, derived from what the app already knows.

FastAPI documents the success answer of each route. This module completes the OpenAPI document so that it is
the whole truth, without a hand-written list on every route:

- every route with a permission declaration (``permit(...)``/``public(...)``) can answer 401 (no token, or a bad
  one: an optional token that is sent is still checked), and 403 unless it is public;
- a route with path parameters can answer 404, one with a body or any parameter 422, every write 413, and
  every route but the health checks and the event streams 503 when the server sheds load (``app.http.overload``);
- the statuses that come from a handler's own logic (409, 412, 428, 304, 429, 503, ...) are declared on the route
  with :func:`answers`;
- every 4xx and 5xx answer is a :data:`PROBLEM_SCHEMA` under ``application/problem+json``;
- collections (a ``Page`` answer) document their ``Link`` header, optional authentication is declared optional
  (``[{}, {"bearer": []}]``), and operation ids are the handlers' names in camelCase (``pairRound``).

A route added later (by any router) is documented by the same rules; the API suite's recorder
(``tests/api/recorder.py``, checked at the end of the run by ``tests/api/conftest.py``) fails when an answer the
suite observes is not documented.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute, iter_route_contexts

from app.http.access import Permit
from app.http.overload import exempt as never_shed
from app.services.lifecycle import (
    CHANGE_PAIRING,
    COMPLETE,
    ENTER_RESULT,
    MARK_ABSENT,
    PAIR,
    PUBLISH,
    REOPEN,
    Move,
)

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PROBLEM = "application/problem+json"

#: ``rule`` in a problem: a regulation (``R-3.2``) or a FIDE Handbook article (``C.04.6 3.4``, ``C.07 16``,
#: ``C.04 Annex 2`` for the FIDE report file format).
RULE_PATTERN = r"^(R-\d+(\.\d+)*|C\.\d\d(\.\d+)*( Annex \d+)?( \d+(\.\d+)*)?)$"
RULE_RE = re.compile(RULE_PATTERN)

#: What each status means in this API (the description of a documented answer).
STATUS_TEXT: dict[int, str] = {
    304: "Not modified: the ETag sent in If-None-Match is still current (no body)",
    401: "No valid bearer token: none was sent where one is needed, or the one sent is invalid, expired or revoked",
    403: "The token is valid but may not do this: `detail` says who may (the permission table in README)",
    404: "Not found: an id in the path (or a record the body refers to) does not exist here",
    409: "Refused by the rules or the tournament's state: `rule` names the regulation or FIDE article",
    412: "The resource changed since it was read: the If-Match ETag is stale (the current one is in `etag`)",
    413: "The request body is larger than this operation accepts",
    422: "The request is not valid: a body that cannot be read, fields out of bounds (`errors` lists them), or "
         "content that cannot be understood (`rule` names the regulation it breaks, if one does)",
    428: "Changing an entered result needs If-Match with the match's ETag (`etag` has the current one)",
    429: "Too many failed logins: wait for the number of seconds in Retry-After",
    503: "The server is at its limit of requests in progress (retry after Retry-After seconds)",
}

#: The body of every error answer (RFC 9457).
PROBLEM_SCHEMA: dict[str, Any] = {
    "title": "Problem",
    "type": "object",
    "description": "An RFC 9457 problem. A refused request changes nothing.",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string", "description": "a URI naming the kind of problem (about:blank: plain HTTP)"},
        "title": {"type": "string", "description": "the kind of problem, in words"},
        "status": {"type": "integer", "description": "the HTTP status"},
        "detail": {"type": "string", "description": "what went wrong with this request, in words"},
        "rule": {"type": "string", "pattern": RULE_PATTERN,
                 "description": "the regulation (R-3.2) or FIDE article (C.04.6 3.4) that refused the request; "
                                "absent when no rule is involved"},
        "instance": {"type": "string", "description": "the request's path"},
        "errors": {"type": "array", "description": "422 from validation: one entry per invalid field",
                   "items": {"type": "object", "properties": {
                       "loc": {"type": "array", "items": {"type": "string"}},
                       "msg": {"type": "string"}, "type": {"type": "string"}}}},
        "etag": {"type": "string", "description": "412/428: the current ETag of the match"},
        "retry_after": {"type": "integer", "description": "429/503: seconds to wait (also in Retry-After)"},
    },
    "additionalProperties": True,
}

_HEADERS: dict[int, dict[str, Any]] = {
    401: {"WWW-Authenticate": {"description": "Bearer", "schema": {"type": "string"}}},
    429: {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}},
    503: {"Retry-After": {"description": "seconds to wait before asking again", "required": False,
                          "schema": {"type": "integer"}}},
}
LINK_HEADER = {"Link": {"description": "RFC 8288 links to the first, prev, next and last pages",
                        "schema": {"type": "string"}}}


def answers(*statuses: int, **descriptions: str) -> dict[int | str, dict[str, Any]]:
    """The answers a route's own logic gives, for its ``responses=``: ``answers(409, 412, 428)``.

    Error statuses are documented as problems; ``descriptions`` (``s409="..."``) replace the standard text.
    """
    out: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        out[status] = {"description": descriptions.get(f"s{status}", STATUS_TEXT[status])}
    return out


# --- the words around the operations ------------------------------------------------------------------------

TAGS: list[dict[str, str]] = [
    {"name": "auth", "description": "Logging in, the signed-in user and their rights, API tokens for scripts"},
    {"name": "users", "description": "User accounts (administrators)"},
    {"name": "members", "description": "Roles in a tournament: organisers, arbiters, team managers"},
    {"name": "clubs", "description": "Clubs, shared by every tournament"},
    {"name": "players", "description": "Players of the clubs; private data only for those with rights"},
    {"name": "tournaments", "description": "Tournaments and their settings"},
    {"name": "teams", "description": "Entries, fees, statuses, rosters in board order (R-3.3)"},
    {"name": "ranking", "description": "The initial ranking and the pairing numbers (R-4.1, C.04.6 1.1)"},
    {"name": "lineups", "description": "Who plays a round, and the captain (R-3, R-16.1)"},
    {"name": "rounds", "description": "Pairing (FIDE C.04.6), hand changes, publishing, completing: the lifecycle"},
    {"name": "results", "description": "Board and match results, and the idempotent batch for scripts"},
    {"name": "standings", "description": "Standings with FIDE C.07 tiebreaks, crosstable, prizes (R-8, R-9)"},
    {"name": "appeals", "description": "The appeals committee and appeals (R-14)"},
    {"name": "exchange", "description": "FIDE report files (TRF-2026, TRF16), JSON and CSV exports, TRF import"},
    {"name": "audit", "description": "Who changed what, when"},
    {"name": "events", "description": "Live Server-Sent Events: rounds, results, standings"},
    {"name": "mirror", "description": "A venue publishes its tournaments here as read-only public mirrors"},
    {"name": "health", "description": "Liveness and readiness for containers and load balancers"},
]

#: The round lifecycle: (the move of ``app.services.lifecycle``, the call, a note on the state after it, the
#: refusals). README and the OpenAPI description show it as one table; a test keeps README in step.
ROUND = "/tournaments/{t}/rounds/{n}"
ROUND_LIFECYCLE: tuple[tuple[Move, str, str, str], ...] = (
    (MARK_ABSENT, f"`PUT {ROUND}/absent`", "",
     "409 `C.04.2 1.4` once the round is paired"),
    (PAIR, f"`POST {ROUND}/pair`", "",
     "409: `R-14.2` the previous round is not completed or has an open appeal; `C.04.6 1.1` the initial "
     "ranking is not locked (`POST /tournaments/{t}/ranking/lock`); `R-14.4` no appeals committee (when the "
     "rules need one); `C.04.6 3` fewer than two teams; `C.04.6 3.3.3` no legal pairing; `C.04.2 1.4` the "
     "round is published; 409 the tournament changed while the engine ran, three times in a row; 409 "
     "`R-3.1`/`R-3.2`/`R-3.3` a team's lineup breaks the rule (`problems` lists them) unless the chief arbiter "
     "decides (`{\"override\": {\"reason\": ...}}`)"),
    (CHANGE_PAIRING, f"`POST {ROUND}/pairing` (swap, pab, forbid, colours)", " (`manual`)",
     "409 `C.04.2 1.4` unless the round is paired"),
    (PUBLISH, f"`POST {ROUND}/publish`", "", "409 `C.04.2 1.4` unless the round is paired; 409 `R-3.1`/`R-3.2`/"
     "`R-3.3` a lineup breaks the rule and the decision recorded at pairing does not cover it (`override`)"),
    (ENTER_RESULT,
     f"`PUT {ROUND}/matches/{{m}}/boards/{{b}}`, `PUT {ROUND}/matches/{{m}}`, `POST {ROUND}/results`",
     " (the first result)",
     "409 `C.04.2 1.4` before publication; 409 once completed (reopen first); 428 changing an entered result "
     "without `If-Match`; 412 a stale `If-Match`; 409 `R-7.5` the bye; 409 `R-7.3` a match forfeited whole"),
    (COMPLETE, f"`POST {ROUND}/complete`", "",
     "409 `R-7.2` a table without a full result (`tables` lists them); 409 when the round is not in play"),
    (REOPEN, f"`POST {ROUND}/reopen`", "",
     "409 `C.04.2 1.4` the next round is paired already; 409 when the round is not completed"),
)


def lifecycle_table() -> str:
    """The round lifecycle as a Markdown table (README has it verbatim; a test checks)."""
    lines = ["| from | call | to | refused with |", "| --- | --- | --- | --- |"]
    lines += [f"| {', '.join(f'`{s}`' for s in move.sources)} | {call} | `{move.target}`{note} | {why} |"
              for move, call, note, why in ROUND_LIFECYCLE]
    return "\n".join(lines)


def description() -> str:
    """The OpenAPI document's description: what the API is, its conventions, the round lifecycle."""
    return f"""
The API of **teamswiss**, a server for Swiss-system team chess tournaments: entries, rosters, lineups,
FIDE C.04.6 team pairings, results, standings with FIDE C.07 tiebreaks, prizes and FIDE report files.

**Authentication.** Public reads need no token (a token sent anyway is checked: an invalid one is 401).
Everything else needs `Authorization: Bearer <token>`: a login token from `POST /auth/token` or an API token
(`POST /auth/api-tokens`, limited by scopes). 401: no valid token; 403: the token may not do this.

**Errors** are `application/problem+json` (RFC 9457) with `type`, `title`, `status`, `detail` and, when a
rule refused the request, `rule`: the regulation (`R-3.2`) or FIDE article (`C.04.6 3.4`). A refused request
changes nothing. 422 lists the invalid fields in `errors`.

**Collections** answer `{{"items", "total", "limit", "offset"}}` and take `limit` (at most 500) and `offset`;
the `Link` header (RFC 8288) has the `first`, `prev`, `next` and `last` pages.

**Results** use White's score first: `1-0`, `0-1`, `1/2-1/2`, `+/-`, `-/+`, `-/-` (board forfeits). A match
forfeit names the side that did not show up: `first` (the team with White on board 1), `second` or `both`.
Changing a result that is already entered needs `If-Match` with the match's ETag.

## Round lifecycle

A round is `pending` until it is paired; the pairing can be redone or changed by hand until it is published;
the first result puts it `in_progress`; it is `completed` when every match has a full result, and can be
reopened while the next round is unpaired. Before round 1: enter the teams, record their fees, set their
rosters, name the appeals committee (when the rules need one) and lock the initial ranking.

{lifecycle_table()}
"""


# --- the routes -------------------------------------------------------------------------------------------


def api_routes(app: FastAPI) -> Iterator[tuple[str, str, APIRoute]]:
    """Every (METHOD, path, route) of the app, routers included (``app.routes`` keeps included routers whole)."""
    for ctx in iter_route_contexts(app.routes):
        route = ctx.original_route
        if isinstance(route, APIRoute) and ctx.path is not None:
            for method in sorted((ctx.methods or set()) - {"HEAD", "OPTIONS"}):
                yield method, ctx.path, route


def permits(route: APIRoute) -> list[Permit]:
    """The permission declarations among the route's dependencies."""
    found: list[Permit] = []
    stack = [route.dependant]
    while stack:
        d = stack.pop()
        if isinstance(d.call, Permit):
            found.append(d.call)
        stack.extend(d.dependencies)
    return found


def _has_parameters(route: APIRoute) -> bool:
    stack = [route.dependant]
    while stack:
        d = stack.pop()
        if d.path_params or d.query_params or d.header_params or d.cookie_params or d.body_params:
            return True
        stack.extend(d.dependencies)
    return route.body_field is not None or bool((route.openapi_extra or {}).get("requestBody"))


def derived_statuses(method: str, path: str, route: APIRoute) -> set[int]:
    """The error statuses that follow from the route's declaration, parameters, method and path."""
    statuses: set[int] = {503} if not never_shed(path) else set()  # app.http.overload sheds load past its limit
    found = permits(route)
    if found:
        statuses.add(401)
        if not all(p.public for p in found):
            statuses.add(403)
    if route.dependant.path_params:
        statuses.add(404)
    if _has_parameters(route):
        statuses.add(422)
    if method in WRITE_METHODS:
        statuses.add(413)
    return statuses


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def operation_id(route: APIRoute) -> str:
    """The operation id a generated client uses: the handler's name in camelCase (``pair_round`` -> ``pairRound``)."""
    return camel(route.name)


# --- the document ---------------------------------------------------------------------------------------


def _is_page(op: dict[str, Any]) -> bool:
    schema = op.get("responses", {}).get("200", {}).get("content", {}).get("application/json", {}).get("schema", {})
    return str(schema.get("$ref", "")).split("/")[-1].startswith("Page_")


def complete(doc: dict[str, Any], app: FastAPI) -> dict[str, Any]:
    """Add the derived answers, problem bodies, security and links to FastAPI's document."""
    components = doc.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemas["Problem"] = PROBLEM_SCHEMA
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    problem_ref = {"$ref": "#/components/schemas/Problem"}
    for method, path, route in api_routes(app):
        op = doc["paths"].get(path, {}).get(method.lower())
        if op is None:  # not in the schema
            continue
        responses = op.setdefault("responses", {})
        for status in derived_statuses(method, path, route):
            responses.setdefault(str(status), {"description": STATUS_TEXT[status]})
        for key, resp in responses.items():
            status = int(key)
            if status >= 400:
                if resp.get("description") in (None, "", "Validation Error", "Additional Response"):
                    resp["description"] = STATUS_TEXT.get(status, "Error")
                resp["content"] = {PROBLEM: {"schema": problem_ref}}
                if status in _HEADERS:
                    resp["headers"] = {**_HEADERS[status], **resp.get("headers", {})}
            elif status == 304:
                resp.pop("content", None)
                resp.setdefault("headers", {"ETag": {"description": "the current ETag", "schema": {"type": "string"}}})
        if _is_page(op):
            responses["200"]["headers"] = {**LINK_HEADER, **responses["200"].get("headers", {})}
        found = permits(route)
        if found:
            op["security"] = [{}, {"bearer": []}] if all(p.public for p in found) else [{"bearer": []}]
        else:
            op.pop("security", None)
        op["responses"] = dict(sorted(responses.items()))
    return doc


def openapi(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document (cached on the app, as FastAPI does)."""
    if app.openapi_schema is None:
        doc = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes,
                          tags=app.openapi_tags, servers=app.servers)
        app.openapi_schema = complete(doc, app)
    return app.openapi_schema


def install(app: FastAPI) -> None:
    app.openapi = lambda: openapi(app)  # type: ignore[method-assign]  # FastAPI's way to replace the document
