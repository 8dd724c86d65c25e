"""Login, the current user and their rights, and API tokens for scripts."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request, status

from app.http.deps import Access, Id, PagingDep, SessionDep, answers, permit, public
from app.models import ApiToken
from app.operations import accounts, tokens
from app.schemas.accounts import (
    ApiTokenCreate,
    ApiTokenCreated,
    ApiTokenRead,
    LoginForm,
    MeRead,
    PasswordChange,
    TokenResponse,
)
from app.schemas.base import Page

router = APIRouter(prefix="/auth", tags=["auth"])


def _address(request: Request) -> str | None:
    """The client's address (a trusted proxy's X-Forwarded-For already applied by the server)."""
    return request.client.host if request.client else None


@router.post("/token", response_model=TokenResponse, responses=answers(429),
             summary="Log in: a bearer token for a user")
def login(request: Request, session: SessionDep, _: Annotated[Access, public()],
          form: Annotated[LoginForm, Form()]) -> TokenResponse:
    """Log in with a user name and password (a form, as OAuth2's password flow sends it: `username`, `password`;
    other OAuth2 fields are ignored) and get a bearer
    token for `Authorization: Bearer ...`, valid for `expires_in` seconds.

    Wrong credentials answer 401. Failed logins are counted per user name and client address, per address,
    and per user name over every address: past a limit the guessing address's attempts answer 429 with
    `Retry-After` until the wait is over; the right password from an address that has not failed for the
    user name is not refused.
    """
    token, ttl = accounts.login(session, form.username, form.password, _address(request))
    return TokenResponse(access_token=token, expires_in=ttl)


@router.post("/password", response_model=TokenResponse, responses=answers(429),
             summary="Change one's own password: every session of the user ends, the answer is a new login")
def change_password(request: Request, body: PasswordChange, session: SessionDep,
                    access: Annotated[Access, permit("password.change")]) -> TokenResponse:
    """Change the signed-in user's password, given the current one (a wrong one answers 401 and counts as a
    failed login: 429 past the limit). Every login token and API token of the user stops working at once, in
    every worker; the answer is a new login token for the caller. Only a password login may do this."""
    token, ttl = accounts.change_password(session, access.signed_in, body.current_password, body.new_password,
                                          _address(request))
    return TokenResponse(access_token=token, expires_in=ttl)


@router.get("/me", response_model=MeRead,
            summary="The signed-in user, the token's scopes, and what they may do in each of their tournaments")
def get_me(session: SessionDep, access: Annotated[Access, permit("me.read")]) -> MeRead:
    """Who the token belongs to, its scopes (null: a password login, all the user's rights), the user's roles,
    and per tournament the actions this token may perform there (the permission table in README)."""
    return accounts.me(session, access.signed_in)


def _token_read(tok: ApiToken) -> ApiTokenRead:
    return ApiTokenRead.model_validate(tok, from_attributes=True)


@router.post("/api-tokens", response_model=ApiTokenCreated, status_code=status.HTTP_201_CREATED,
             summary="Create a long-lived API token for a script (shown once; password login only)")
def create_api_token(body: ApiTokenCreate, session: SessionDep,
                     access: Annotated[Access, permit("token.create")]) -> ApiTokenCreated:
    """Create a long-lived API token for a script, limited to `scopes` (`read`, `results`, `lineups`, `write`).
    The token is shown once in `token`; only its hash is kept. Only a password login may create tokens."""
    principal = access.signed_in
    tok, token = tokens.create_api_token(session, principal.user_id, body, principal)
    return ApiTokenCreated(**_token_read(tok).model_dump(), token=token)


@router.get("/api-tokens", response_model=Page[ApiTokenRead], summary="The signed-in user's API tokens")
def list_api_tokens(session: SessionDep, paging: PagingDep,
                    access: Annotated[Access, permit("token.list")]) -> Page[ApiTokenRead]:
    """The signed-in user's API tokens, oldest first (never the tokens themselves: their first characters)."""
    items, total = tokens.list_api_tokens(session, access.signed_in.user_id, paging.limit, paging.offset)
    return paging.page([_token_read(t) for t in items], total)


@router.delete("/api-tokens/{token_id}", response_model=ApiTokenRead, summary="Revoke an API token")
def revoke_api_token(token_id: Id, session: SessionDep,
                     access: Annotated[Access, permit("token.revoke")]) -> ApiTokenRead:
    """Revoke an API token: it stops working at once. Its owner or an administrator may revoke it; revoking
    twice changes nothing."""
    return _token_read(tokens.revoke_api_token(session, access, token_id))
