"""Login, the current user, and API tokens for scripts."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, status
from fastapi.security import OAuth2PasswordRequestForm
from sqlmodel import select

from app.models import ApiToken, Membership, User
from app.models.schemas import (
    ApiTokenCreate,
    ApiTokenCreated,
    ApiTokenRead,
    MembershipRead,
    MeRead,
    TokenResponse,
)
from app.operations import audit
from app.routers.deps import PrincipalDep, SessionDep, get_or_404
from app.security import create_access_token, new_api_token, verify_password
from app.services.errors import Forbidden, Unauthorized

router = APIRouter(prefix="/auth", tags=["auth"])


@router.post("/token", response_model=TokenResponse, summary="Log in: a bearer token for a user")
def login(session: SessionDep, form: Annotated[OAuth2PasswordRequestForm, Depends()]) -> TokenResponse:
    user = session.exec(select(User).where(User.username == form.username)).first()
    if user is None or not user.is_active or not verify_password(form.password, user.password_hash):
        raise Unauthorized("auth", "wrong user name or password")
    token, ttl = create_access_token(user)
    return TokenResponse(access_token=token, expires_in=ttl)


@router.get("/me", response_model=MeRead)
def me(session: SessionDep, principal: PrincipalDep) -> MeRead:
    user = get_or_404(session, User, principal.user_id, "user")
    ms = session.exec(select(Membership).where(Membership.user_id == user.id)).all()
    return MeRead(
        id=user.id or 0, username=user.username, is_admin=user.is_admin, full_name=user.full_name,
        is_active=user.is_active, scopes=sorted(principal.scopes) if principal.scopes is not None else None,
        memberships=[MembershipRead.model_validate(m, from_attributes=True) for m in ms],
    )


def _token_read(tok: ApiToken) -> ApiTokenRead:
    return ApiTokenRead.model_validate(tok, from_attributes=True)


@router.post("/api-tokens", response_model=ApiTokenCreated, status_code=status.HTTP_201_CREATED,
             summary="Create a long-lived API token for a script (shown once)")
def create_api_token(body: ApiTokenCreate, session: SessionDep, principal: PrincipalDep) -> ApiTokenCreated:
    if principal.token_name is not None:
        raise Forbidden("auth", "API tokens cannot create other API tokens; log in with a password")
    token, digest = new_api_token()
    tok = ApiToken(user_id=principal.user_id, name=body.name, token_hash=digest, prefix=token[:10],
                   scopes=sorted(set(body.scopes)))
    session.add(tok)
    session.flush()
    audit.record(session, principal, "create", "api_token", tok.id, after=tok)
    session.commit()
    return ApiTokenCreated(**_token_read(tok).model_dump(), token=token)


@router.get("/api-tokens", response_model=list[ApiTokenRead])
def list_api_tokens(session: SessionDep, principal: PrincipalDep) -> list[ApiTokenRead]:
    toks = session.exec(select(ApiToken).where(ApiToken.user_id == principal.user_id).order_by(ApiToken.id)).all()
    return [_token_read(t) for t in toks]


@router.delete("/api-tokens/{token_id}", response_model=ApiTokenRead, summary="Revoke an API token")
def revoke_api_token(token_id: int, session: SessionDep, principal: PrincipalDep) -> ApiTokenRead:
    tok = get_or_404(session, ApiToken, token_id, "API token")
    if tok.user_id != principal.user_id and not principal.is_admin:
        raise Forbidden("auth", "only the token's owner or an administrator may revoke it")
    if tok.revoked_at is None:
        before = audit.snapshot(tok)
        tok.revoked_at = datetime.now(UTC)
        session.add(tok)
        audit.record(session, principal, "revoke", "api_token", tok.id, before=before, after=tok)
        session.commit()
    return _token_read(tok)
