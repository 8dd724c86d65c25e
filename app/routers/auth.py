"""Login, the current user and their rights, and API tokens for scripts."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Form, Request, status
from sqlmodel import select

from app.auth.credentials import check_login, create_access_token, new_api_token
from app.auth.rights import permissions_in
from app.auth.throttle import check_throttle, clear_failures, record_failure, throttle_keys
from app.http.deps import Access, Id, PagingDep, SessionDep, answers, permit, public
from app.models import ApiToken, Membership, User
from app.operations import audit
from app.operations.repository import get_or_404, paginate
from app.schemas.accounts import (
    ApiTokenCreate,
    ApiTokenCreated,
    ApiTokenRead,
    LoginForm,
    MembershipRead,
    MeRead,
    TokenResponse,
    TournamentRights,
)
from app.schemas.base import Page
from app.services.errors import Forbidden, Unauthorized

router = APIRouter(prefix="/auth", tags=["auth"])


@router.post("/token", response_model=TokenResponse, responses=answers(429),
             summary="Log in: a bearer token for a user")
def login(request: Request, session: SessionDep, _: Annotated[Access, public()],
          form: Annotated[LoginForm, Form()]) -> TokenResponse:
    """Log in with a user name and password (a form, as OAuth2's password flow sends it: `username`, `password`;
    other OAuth2 fields are ignored) and get a bearer
    token for `Authorization: Bearer ...`, valid for `expires_in` seconds.

    Wrong credentials answer 401. Failed logins are counted per user name and per client address: past the
    limit every attempt answers 429 with `Retry-After` until the wait is over.
    """
    username, password = form.username, form.password
    keys = throttle_keys(username, request.client.host if request.client else None)
    check_throttle(session, keys)
    user = session.exec(select(User).where(User.username == username)).first()
    if not check_login(user, password):
        session.rollback()  # release the request's transaction before counting in a transaction of its own
        record_failure(keys)
        raise Unauthorized(None, "wrong user name or password")
    assert user is not None
    clear_failures(session, username)
    token, ttl = create_access_token(user)
    return TokenResponse(access_token=token, expires_in=ttl)


@router.get("/me", response_model=MeRead,
            summary="The signed-in user, the token's scopes, and what they may do in each of their tournaments")
def get_me(session: SessionDep, access: Annotated[Access, permit("me.read")]) -> MeRead:
    """Who the token belongs to, its scopes (null: a password login, all the user's rights), the user's roles,
    and per tournament the actions this token may perform there (the permission table in README)."""
    principal = access.signed_in
    user = get_or_404(session, User, principal.user_id, "user")
    ms = session.exec(select(Membership).where(Membership.user_id == user.id).order_by(Membership.id)).all()
    rights = []
    for tid in dict.fromkeys(m.tournament_id for m in ms):
        mine = [m for m in ms if m.tournament_id == tid]
        rights.append(TournamentRights(
            tournament_id=tid, roles=sorted({m.role for m in mine}),
            team_ids=sorted({m.team_id for m in mine if m.role == "manager" and m.team_id is not None}),
            permissions=permissions_in(session, principal, tid)))
    return MeRead(
        id=user.id or 0, username=user.username, is_admin=user.is_admin, full_name=user.full_name,
        is_active=user.is_active, can_create_tournaments=principal.can_create_tournaments,
        scopes=sorted(principal.scopes) if principal.scopes is not None else None,
        memberships=[MembershipRead.model_validate(m, from_attributes=True) for m in ms], tournaments=rights,
    )


def _token_read(tok: ApiToken) -> ApiTokenRead:
    return ApiTokenRead.model_validate(tok, from_attributes=True)


@router.post("/api-tokens", response_model=ApiTokenCreated, status_code=status.HTTP_201_CREATED,
             summary="Create a long-lived API token for a script (shown once; password login only)")
def create_api_token(body: ApiTokenCreate, session: SessionDep,
                     access: Annotated[Access, permit("token.create")]) -> ApiTokenCreated:
    """Create a long-lived API token for a script, limited to `scopes` (`read`, `results`, `lineups`, `write`).
    The token is shown once in `token`; only its hash is kept. Only a password login may create tokens."""
    principal = access.signed_in
    token, digest = new_api_token()
    tok = ApiToken(user_id=principal.user_id, name=body.name, token_hash=digest, prefix=token[:10],
                   scopes=sorted(set(body.scopes)))
    session.add(tok)
    session.flush()
    audit.record(session, principal, "create", "api_token", tok.id, after=tok)
    return ApiTokenCreated(**_token_read(tok).model_dump(), token=token)


@router.get("/api-tokens", response_model=Page[ApiTokenRead], summary="The signed-in user's API tokens")
def list_api_tokens(session: SessionDep, paging: PagingDep,
                    access: Annotated[Access, permit("token.list")]) -> Page[ApiTokenRead]:
    """The signed-in user's API tokens, oldest first (never the tokens themselves: their first characters)."""
    stmt = select(ApiToken).where(ApiToken.user_id == access.signed_in.user_id).order_by(ApiToken.id)
    items, total = paginate(session, stmt, paging.limit, paging.offset)
    return paging.page([_token_read(t) for t in items], total)


@router.delete("/api-tokens/{token_id}", response_model=ApiTokenRead, summary="Revoke an API token")
def revoke_api_token(token_id: Id, session: SessionDep,
                     access: Annotated[Access, permit("token.revoke")]) -> ApiTokenRead:
    """Revoke an API token: it stops working at once. Its owner or an administrator may revoke it; revoking
    twice changes nothing."""
    principal = access.signed_in
    tok = get_or_404(session, ApiToken, token_id, "API token")
    if tok.user_id != principal.user_id and not principal.is_admin:
        raise Forbidden(None, "only the token's owner or an administrator may revoke it")
    if tok.revoked_at is None:
        before = audit.snapshot(tok)
        tok.revoked_at = datetime.now(UTC)
        session.add(tok)
        audit.record(session, principal, "revoke", "api_token", tok.id, before=before, after=tok)
    return _token_read(tok)
