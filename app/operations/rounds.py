"""A tournament's rounds as the other operations find them: the states, a round by its number, its matches and
their boards, a match's ETag.

The use cases live beside it: :mod:`app.operations.pairing` (pairing, hand changes, absences, publish, complete,
reopen), :mod:`app.operations.boards` (the boards from the lineups) and :mod:`app.operations.results` (results and
forfeits). Every function here works inside the caller's transaction and never commits.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from app.models import BoardGame, Match, Round
from app.operations.repository import ROUND_BY_NUMBER
from app.services.errors import NotFound


def get_round(session: Session, tournament_id: int, number: int) -> Round:
    r = session.exec(ROUND_BY_NUMBER, params={"tid": tournament_id, "n": number}).first()
    if r is None:
        raise NotFound(None, "the tournament has no round {number}",
                       params={"number": number})
    return r


def round_matches(session: Session, rnd: Round) -> list[Match]:
    return list(session.exec(select(Match).where(Match.round_id == rnd.id).order_by(col(Match.table_no))).all())


def match_boards(session: Session, match: Match) -> list[BoardGame]:
    stmt = select(BoardGame).where(BoardGame.match_id == match.id).order_by(col(BoardGame.board))
    return list(session.exec(stmt).all())


def match_etag(match: Match) -> str:
    return f'W/"match-{match.id}-v{match.version}"'


def has_entered_results(session: Session, match: Match) -> bool:
    if match.forfeit is not None:
        return True
    return any(b.result is not None and b.first_player_id is not None and b.second_player_id is not None
               for b in match_boards(session, match))
