"""Dependencies and small helpers shared by the routers: the session, bounded path ids, paging, lookups."""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Annotated, Any, ParamSpec, TypeVar

from fastapi import Depends, Header, Path, Query, Request, Response
from sqlmodel import SQLModel
from starlette.concurrency import run_in_threadpool

from app.auth.principal import Principal
from app.auth.rights import Access
from app.config import get_settings
from app.http.access import Permit, current_principal, optional_principal
from app.http.caching import remember, response_of
from app.http.contract import answers
from app.http.session import SessionDep, StagedDep
from app.models.base import MAX_ID
from app.operations.cache import Answer
from app.schemas.base import Page

__all__ = ["Access", "Permit", "SessionDep", "StagedDep", "answers"]

PrincipalDep = Annotated[Principal, Depends(current_principal)]
MaybePrincipalDep = Annotated[Principal | None, Depends(optional_principal)]

#: Path ids are bounded to the database's 32-bit id columns: a larger number is a 422, never a 500.
Id = Annotated[int, Path(ge=1, le=MAX_ID)]
RoundNumber = Annotated[int, Path(ge=1, le=1000, description="the round number")]
BoardNumber = Annotated[int, Path(ge=1, le=100, description="the board number")]

M = TypeVar("M", bound=SQLModel)


class Paging:
    """The ``limit``/``offset`` parameters of a collection, and its answer: one envelope with RFC 8288 links."""

    def __init__(
        self,
        request: Request,
        response: Response,
        limit: Annotated[int, Query(ge=1, le=500, description="page size (at most 500)")] = 50,
        offset: Annotated[int, Query(ge=0, le=MAX_ID, description="items to skip")] = 0,
    ) -> None:
        self.limit = min(limit, get_settings().page_size_max)
        self.offset = offset
        self._request = request
        self._response = response

    def page(self, items: Sequence[Any], total: int) -> Page[Any]:
        """``items`` (this page of them) out of ``total``; sets the ``Link`` header."""
        self._response.headers["Link"] = page_links(self._request, self.limit, self.offset, total)
        return Page(items=list(items), total=total, limit=self.limit, offset=self.offset)

    def of(self, everything: Sequence[Any]) -> Page[Any]:
        """The page of a list built in memory (a tournament's rounds, its committee, ...)."""
        return self.page(everything[self.offset:self.offset + self.limit], len(everything))

    @property
    def key(self) -> tuple[int, int]:
        """What a cached page depends on besides the tournament's version."""
        return self.limit, self.offset

    def cached(self, answer: Answer) -> Response:
        """A cached page's answer (``key`` was part of its cache key): its ETag or 304, and its ``Link`` header."""
        response = response_of(answer)  # not remembered by the fast path: the Link header depends on the request
        found = _PAGE_TAIL.search(answer.body[-200:]) if answer.body is not None else None
        if found is not None:
            response.headers["Link"] = page_links(self._request, self.limit, self.offset, int(found.group(1)))
        return response


#: The end of a serialised Page: ``..."total":12,"limit":50,"offset":0}``.
_PAGE_TAIL = re.compile(rb'"total":(\d+),"limit":\d+,"offset":\d+\}$')


def page_links(request: Request, limit: int, offset: int, total: int) -> str:
    """RFC 8288 ``Link`` header value: first, prev, next and last pages (relative to the request's URL)."""

    def url(at: int) -> str:
        query = request.url.include_query_params(limit=limit, offset=at).query
        return f"<{request.url.path}?{query}>"

    last = max(total - 1, 0) // limit * limit
    links = [f'{url(0)}; rel="first"']
    if offset > 0:
        links.append(f'{url(max(min(offset, last + limit) - limit, 0))}; rel="prev"')
    if offset + limit < total:
        links.append(f'{url(offset + limit)}; rel="next"')
    links.append(f'{url(last)}; rel="last"')
    return ", ".join(links)


PagingDep = Annotated[Paging, Depends()]


P = ParamSpec("P")
R = TypeVar("R")


def one_hop(handler: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """Run a sync handler in a worker thread as FastAPI would, and have its answer validated in the event loop.

    FastAPI validates a sync handler's answer in a second worker-thread hop (each hop costs ~0.2 ms of CPU on a
    small machine, more than most of the validation). For handlers that answer with a model they built (no
    database access left to do): the busiest write routes. The route's signature, name and documentation are the
    handler's (FastAPI reads them through ``__wrapped__``)."""

    @functools.wraps(handler)
    async def endpoint(*args: P.args, **kwargs: P.kwargs) -> R:
        return await run_in_threadpool(handler, *args, **kwargs)

    return endpoint


def permit(action: str) -> Any:
    """``access: Annotated[Access, permit("round.pair")]``: the route's declared action, checked first."""
    return Depends(Permit(action))


def public(action: str | None = None) -> Any:
    """A read anyone may make; ``action`` names what the handler may check to show more (private data)."""
    return Depends(Permit.public_read(action))


# --- cached reads: ETag from the tournament version, 304 on If-None-Match --------------------------------

IfNoneMatch = Annotated[str | None, Header(max_length=1000,
                                           description="an ETag of an earlier answer: 304 when still current")]
NOT_MODIFIED = answers(304)


def cached(answer: Answer) -> Response:
    """The HTTP answer of a cached read model: the JSON with its ETag, or 304. The route answers with it alone,
    so an anonymous reader's next request of the same URL may be answered by the fast path (app.http.caching)."""
    remember(answer)
    return response_of(answer)


def cached_file(answer: Answer, media_type: str, headers: dict[str, str]) -> Response:
    """The HTTP answer of a cached export (``cache.read_bytes``): its bytes with their media type and the route's
    ``headers`` (the file name), its ETag, or 304. A private export is marked ``private`` for the browser's cache;
    the fast path never answers it (it answers JSON read models only)."""
    private = answer.entry.view.audience != "public"
    kept = {"ETag": answer.etag, "Cache-Control": "private, no-cache" if private else "no-cache"}
    if answer.body is None:
        return Response(status_code=304, headers=kept)
    return Response(answer.body, media_type=media_type, headers={**headers, **kept})
