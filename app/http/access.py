"""Access at the HTTP edge: the bearer header, and the dependency with which every route declares its action.

``access: Annotated[Access, Permit("round.pair")]`` (or ``Permit.public_read(...)`` for a read anyone may make):
the check runs before the handler (and before the body's domain rules), so a refused caller learns nothing. A
test walks ``app.routes`` and fails for any route without a declaration. Who holds what is
:mod:`app.auth.policy`; what a principal holds is :mod:`app.auth.rights`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.auth.credentials import resolve_bearer
from app.auth.policy import ACTIONS
from app.auth.principal import Principal
from app.auth.rights import Access, access_in
from app.http.session import SessionDep
from app.models.base import MAX_ID
from app.operations.mirror import refuse_if_mirrored
from app.services.errors import DomainError, Unauthorized

bearer = HTTPBearer(auto_error=False, scheme_name="bearer",
                    description="A JWT from POST /auth/token or an API token (tsk_...)")


def _raw(creds: HTTPAuthorizationCredentials | None) -> str | None:
    return None if creds is None else creds.credentials


def optional_principal(
    session: SessionDep,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Principal | None:
    return resolve_bearer(session, _raw(creds))[0]


def current_principal(
    principal: Annotated[Principal | None, Depends(optional_principal)],
) -> Principal:
    if principal is None:
        raise Unauthorized(None, "this needs a bearer token (POST /auth/token or an API token)")
    return principal


def _path_int(request: Request, name: str) -> int | None:
    raw = request.path_params.get(name)
    if raw is None:
        return None
    try:
        value = int(raw)
    except (TypeError, ValueError):
        return None
    return value if 0 < value <= MAX_ID else None


class Permit:
    """The dependency every route uses to declare its action (``public``: anyone may call, ``Access`` tells)."""

    def __init__(self, action: str | None, *, public: bool = False) -> None:
        if action is not None and action not in ACTIONS:
            raise KeyError(f"unknown action {action!r}")
        if action is None and not public:
            raise ValueError("a route without an action must be public")
        self.action = action
        self.public = public

    @classmethod
    def public_read(cls, action: str | None = None) -> Permit:
        """Anyone may call; ``action`` (if any) is what the handler may check to show more."""
        return cls(action, public=True)

    def __call__(self, request: Request, session: SessionDep,
                 creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> Access:
        # the bearer is resolved here rather than in a dependency of its own: one worker thread hop a request,
        # and the user's memberships in the path's tournament come with the user's row
        tid = _path_int(request, "tournament_id") if "tournament_id" in request.path_params else None
        principal, memberships, mirrored = resolve_bearer(session, _raw(creds), tid)
        access = access_in(session, principal, tid, memberships)
        if not self.public:
            assert self.action is not None
            action = ACTIONS[self.action]
            write = tid is not None and action.in_tournament and action.scope not in ("read", None)
            if write and mirrored:  # read with the caller's roles: a venue's mirror, every write is the venue's
                refuse_if_mirrored(session, tid or 0)
            try:
                access.require(self.action, _path_int(request, "team_id"))
            except DomainError:
                # an anonymous caller or an API token (not read with them): asked only when refused, so an allowed
                # write costs nothing more (its commit refuses a mirrored tournament: app.operations.tracking)
                if write and mirrored is None:
                    refuse_if_mirrored(session, tid or 0)
                raise
        return access

    def __repr__(self) -> str:
        return f"Permit({self.action!r}{', public=True' if self.public else ''})"
