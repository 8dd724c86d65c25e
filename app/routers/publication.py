"""Publishing a tournament of this server (the venue) to a public server: the console's setting and its state.

``teamswiss publish`` does the same from the command line; both keep the state shown here (see
:mod:`app.operations.publishing`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from app.http.deps import Access, Id, SessionDep, answers, permit
from app.operations import publishing
from app.schemas.mirror import PublicationPut, PublicationRead

router = APIRouter(prefix="/tournaments/{tournament_id}/publication", tags=["mirror"])


@router.get("", response_model=PublicationRead, responses=answers(403),
            summary="Where the tournament is published: up to date, N minutes behind, or unreachable")
def get_publication(tournament_id: Id, session: SessionDep,
                    _: Annotated[Access, permit("publication.read")]) -> PublicationRead:
    """The public server the tournament is published to (by this server's console or by `teamswiss publish`),
    its page there, and whether it has the tournament as it is here: `up_to_date`, `behind` (with
    `minutes_behind`) or `unreachable` (the last attempt failed, `last_error` says why); `off` when never
    published."""
    return publishing.publication_read(session, tournament_id)


@router.put("", response_model=PublicationRead, responses=answers(403, 409, 422),
            summary="Publish the tournament to a public server from this server (its publishing key)")
def put_publication(tournament_id: Id, body: PublicationPut, session: SessionDep,
                    access: Annotated[Access, permit("publication.write")]) -> PublicationRead:
    """This server pushes the tournament's public view to `url` with the publishing key `token` (created there
    with `teamswiss create-token NAME --scope publish --tournament ID`), then every change, trying again by
    itself when the link drops. The key is kept to do so and never shown again."""
    return publishing.set_publication(session, tournament_id, body, access.principal)


@router.delete("", response_model=PublicationRead, responses=answers(403, 409),
               summary="Stop publishing the tournament from this server")
def delete_publication(tournament_id: Id, session: SessionDep,
                       access: Annotated[Access, permit("publication.write")]) -> PublicationRead:
    """This server stops pushing and forgets the key; the public server keeps what it has."""
    return publishing.stop_publication(session, tournament_id, access.principal)
