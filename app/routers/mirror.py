"""A live public mirror, the public server's side: a venue pushes its tournament's public view here.

``teamswiss publish`` on the venue sends ``PUT /mirror/tournaments/{venue_tournament_id}`` with a publishing key
(scope ``publish``, naming the venue and its tournaments), a gzip-compressed JSON body (``Content-Encoding:
gzip``): the venue's version and its public view, whole or the parts that changed. See
:mod:`app.operations.mirror`.
"""

from __future__ import annotations

import zlib
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError

from app.config import get_settings
from app.http.deps import Access, Id, SessionDep, answers, permit
from app.operations import mirror
from app.schemas.mirror import MirrorPush, MirrorState
from app.services.errors import InvalidInput

router = APIRouter(prefix="/mirror/tournaments", tags=["mirror"])


async def push_body(request: Request) -> bytes:
    """The body, inflated when it comes gzip-compressed, bounded inflated too (a small body may inflate a lot)."""
    raw = await request.body()
    encoding = request.headers.get("content-encoding", "identity").strip().lower()
    if encoding in ("", "identity"):
        return raw
    if encoding != "gzip":
        raise InvalidInput(None, "the body's encoding {encoding} is not gzip", params={"encoding": encoding[:20]})
    limit = get_settings().max_upload_bytes
    inflate = zlib.decompressobj(wbits=31)
    try:
        out = inflate.decompress(raw, limit)
    except zlib.error:
        raise InvalidInput(None, "the body is not valid gzip") from None
    if inflate.unconsumed_tail:
        raise InvalidInput(None, "the body inflates past {limit} bytes", params={"limit": limit})
    if not inflate.eof:
        raise InvalidInput(None, "the gzip body is cut short")
    return out


PUSH_BODY: dict[str, Any] = {"requestBody": {"required": True, "description": (
    "the venue's version and its public view, JSON, best sent with Content-Encoding: gzip: either whole (`export`, "
    "the public JSON export, openapi/tournament-export.schema.json, and `extras`) or as the parts that changed "
    "since the version the mirror holds (`base_version` and `changes`; another base is refused, 409, and the venue "
    "sends the whole view)"), "content": {"application/json": {"schema": {
        "type": "object", "required": ["venue_version"], "additionalProperties": False, "properties": {
            "venue_version": {"type": "integer", "minimum": 1, "description": "the venue's version of the tournament"},
            "export": {"type": "object", "description": "the whole public JSON export; JSON Schema: "
                       "openapi/tournament-export.schema.json"},
            "extras": {"type": "object", "description": "with `export`: what parents see that the export does not "
                       "hold: the appeals committee, appeals without their texts, the lineups of started rounds, the "
                       "players without the activation fee, the waitlisted teams and their players (`waitlist`)"},
            "base_version": {"type": "integer", "minimum": 1,
                             "description": "with `changes`: the venue's version the mirror must hold"},
            "changes": {"type": "object", "description": "the parts that changed: any of `tournament`, `clubs`, "
                        "`teams`, `players` and `unpaid` (these four together, with `waitlist`), `rounds` (the changed "
                        "rounds), `committee`, `appeals`, `lineups`, each as in the whole push"},
            "parts": {"type": "object", "maxProperties": 110, "additionalProperties": {"type": "string"},
                      "description": "every part of the view (`head`, `entrants`, `round:N`, `committee`, "
                      "`appeals`, `lineups`) and its digest; the mirror keeps them and answers them, so that the "
                      "venue sends only the parts whose digest differs (a round that is not named goes)"}}}}}}}


@router.get("/{venue_tournament_id}", response_model=MirrorState, responses=answers(403),
            summary="What this server holds of a venue's tournament (a publishing key)")
def get_mirror(venue_tournament_id: Id, request: Request, session: SessionDep,
               access: Annotated[Access, permit("mirror.publish")]) -> MirrorState:
    """The venue's version this server has of the tournament the publishing key names (0: none yet), and the
    tournament's public page here."""
    return mirror.mirror_state(session, access.signed_in, venue_tournament_id, str(request.base_url))


@router.put("/{venue_tournament_id}", response_model=MirrorState, openapi_extra=PUSH_BODY,
            responses=answers(403, 409, 422),
            summary="Publish a venue's tournament here as a read-only mirror (a publishing key)")
def put_mirror(venue_tournament_id: Id, request: Request, session: SessionDep,
               access: Annotated[Access, permit("mirror.publish")],
               raw: Annotated[bytes, Depends(push_body)]) -> MirrorState:
    """Apply the venue's push in one transaction: only a newer version than the one held is applied, an older
    or the same one is answered as done (`applied` false); the tournament is created at the first push. Its
    content is replaced by the export's, keeping the pages' addresses; every change reaches the live stream. A
    push of the parts that changed is applied only to the version it was made from (else 409, `reason: base`)."""
    mirror.publishing_key(access.signed_in, venue_tournament_id)  # a refused caller learns nothing more
    try:
        push = MirrorPush.model_validate_json(raw)
    except ValidationError as exc:
        raise InvalidInput(None, "the push is not valid: {errors}", params={"errors": "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()[:5])}) from None
    return mirror.apply_push(session, access.signed_in, venue_tournament_id, push, str(request.base_url))
