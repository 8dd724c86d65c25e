"""API tokens for scripts: created for a user (shown once, only the hash kept), listed, revoked."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from app.auth.credentials import new_api_token
from app.auth.principal import Principal
from app.auth.rights import Access
from app.models import ApiToken
from app.operations import audit
from app.operations.repository import get_or_404, paginate
from app.schemas.accounts import ApiTokenCreate
from app.services.errors import Forbidden


def create_api_token(session: Session, user_id: int, body: ApiTokenCreate,
                     by: Principal | None) -> tuple[ApiToken, str]:
    """A new API token of the user ``user_id`` and the token itself, to show once (``by``: who asked; None for
    the command line)."""
    if "publish" in body.scopes and by is not None and not by.can_create_tournaments:
        raise Forbidden(None, "only an administrator or a user marked as organiser may create a publishing key")
    token, digest = new_api_token()
    publishing = "publish" in body.scopes
    tok = ApiToken(user_id=user_id, name=body.name, token_hash=digest, prefix=token[:10],
                   scopes=sorted(set(body.scopes)), venue=(body.venue or body.name) if publishing else None,
                   tournaments=sorted(set(body.tournaments)))
    session.add(tok)
    session.flush()
    audit.record(session, by, "create", "api_token", tok.id, after=tok)
    return tok, token


def list_api_tokens(session: Session, user_id: int, limit: int, offset: int) -> tuple[list[ApiToken], int]:
    """One page of the user's API tokens, oldest first, and how many they have."""
    stmt = select(ApiToken).where(ApiToken.user_id == user_id).order_by(col(ApiToken.id))
    return paginate(session, stmt, limit, offset)


def revoke_api_token(session: Session, access: Access, token_id: int) -> ApiToken:
    """Revoke a token of the signed-in user (``token.revoke_any``: anyone's); revoking twice changes nothing."""
    principal = access.signed_in
    tok = get_or_404(session, ApiToken, token_id, "API token")
    if tok.user_id != principal.user_id and not access.holds("token.revoke_any"):
        raise Forbidden(None, "only the token's owner or an administrator may revoke it")
    if tok.revoked_at is None:
        before = audit.snapshot(tok)
        tok.revoked_at = datetime.now(UTC)
        session.add(tok)
        audit.record(session, principal, "revoke", "api_token", tok.id, before=before, after=tok)
    return tok
