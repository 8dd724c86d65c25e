"""Read models of rounds and matches: a round with its matches, a match with its boards, the summaries."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.auth.rights import is_staff
from app.models import (
    BoardGame,
    Match,
    Player,
    Round,
    Team,
    Tournament,
)
from app.models.base import table_of
from app.operations.reads.teams import team_ref
from app.operations.repository import (
    load_domain,
    rules_of,
    select_many,
)
from app.operations.rounds import match_boards, match_etag, round_matches
from app.presentation.messages import said_explanation
from app.schemas.rounds import (
    BoardRead,
    CriterionBreach,
    MatchRead,
    PlayerRef,
    RoundRead,
    RoundSummary,
)
from app.services.errors import DomainError
from app.services.lifecycle import PAIRED_STATES, PUBLIC_STATES
from app.services.pairing import build_snapshot
from app.services.pairing.checks import engine_matches, hand_pairing_breaches
from app.services.rules import Rules
from app.services.standings import format_value
from app.services.tournament import BoardGame as DomBoard
from app.services.tournament import Match as DomMatch
from app.services.tournament import team_round


def match_boards_of(session: Session, matches: list[Match]) -> dict[int, list[BoardGame]]:
    """Every board of ``matches`` by match id, in board order: one query."""
    ids = [m.id for m in matches]
    boards: dict[int, list[BoardGame]] = {i or 0: [] for i in ids}
    if ids:
        for b in session.exec(select(BoardGame).where(col(BoardGame.match_id).in_(ids))
                              .order_by(col(BoardGame.match_id), col(BoardGame.board))).all():
            boards[b.match_id].append(b)
    return boards


def prefetch(session: Session, matches: list[Match]) -> tuple[dict[int, list[BoardGame]], dict[int, Any]]:
    """Every board of ``matches`` and every player on them, in two queries."""
    boards = match_boards_of(session, matches)
    pids = {p for bl in boards.values() for b in bl for p in (b.first_player_id, b.second_player_id) if p}
    return boards, player_refs(session, pids)


@dataclasses.dataclass(frozen=True, slots=True)
class _Named:
    """What a match answer shows of a player (:class:`PlayerRef`), read as a row."""

    id: int
    last_name: str
    first_name: str
    fide_rating: int | None
    national_rating: int | None
    title: str

    @property
    def name(self) -> str:
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name


_P = table_of(Player)


_NAMED = select_many(_P.c.id, _P.c.last_name, _P.c.first_name, _P.c.fide_rating, _P.c.national_rating, _P.c.title)


def player_refs(session: Session, ids: set[int]) -> dict[int, _Named]:
    """The players ``ids`` as their match answers show them: one statement of rows (a round has hundreds)."""
    if not ids:
        return {}
    rows = session.exec(_NAMED.where(_P.c.id.in_(sorted(ids)))).all()
    return {r[0]: _Named(*r) for r in rows}


def match_read(session: Session, t: Tournament, rnd: Round, m: Match, teams: Mapping[int, Any],
               players: dict[int, Any] | None = None, boards: list[BoardGame] | None = None,
               rules: Rules | None = None) -> MatchRead:
    rules = rules or rules_of(t)
    if boards is None:
        boards = match_boards(session, m)
    if players is None:
        players = player_refs(session, {p for b in boards for p in (b.first_player_id, b.second_player_id) if p})

    def pref(pid: int | None) -> PlayerRef | None:
        p = players.get(pid) if pid else None
        return PlayerRef(id=p.id, name=p.name, fide_rating=p.fide_rating, national_rating=p.national_rating,
                         title=p.title) if p else None

    dm = DomMatch(round=rnd.number, table=m.table_no, first=m.first_team_id, second=m.second_team_id,
                  forfeit=m.forfeit, boards=tuple(DomBoard(b.board, b.first_player_id, b.second_player_id,
                                                           b.first_white, b.result) for b in boards))
    score = mp = None
    if dm.complete:
        a = team_round(dm, m.first_team_id, rnd.number, rules)
        if m.second_team_id is not None:
            b = team_round(dm, m.second_team_id, rnd.number, rules)
            score = [format_value(a.gp or 0), format_value(b.gp or 0)]
            mp = [format_value(a.mp or 0), format_value(b.mp or 0)]
        else:
            score = [format_value(a.gp or 0)]
            mp = [format_value(a.mp or 0)]
    second = teams.get(m.second_team_id) if m.second_team_id else None
    return MatchRead(
        id=m.id or 0, table=m.table_no, first=team_ref(teams[m.first_team_id]),
        second=team_ref(second) if second else None, pab=m.second_team_id is None,
        forfeit=m.forfeit,
        boards=[BoardRead(board=b.board, first_player=pref(b.first_player_id), second_player=pref(b.second_player_id),
                          white="first" if b.first_white else "second", result=b.result, ended_at=b.ended_at)
                for b in boards],
        score=score, match_points=mp, complete=dm.complete, etag=match_etag(m),
    )


def round_read(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> RoundRead:
    staff = is_staff(session, principal, t.id or 0)
    visible = staff or rnd.state in PUBLIC_STATES
    matches: list[MatchRead] = []
    if visible:
        teams = {tm.id or 0: tm for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()}
        rows = round_matches(session, rnd)
        boards, players = prefetch(session, rows)
        rules = rules_of(t)
        matches = [match_read(session, t, rnd, m, teams, players, boards[m.id or 0], rules) for m in rows]
    breaches = hand_breaches(session, t, rnd) if staff and rnd.manual and rnd.state in PAIRED_STATES else None
    return RoundRead(number=rnd.number, state=rnd.state, scheduled_start=rnd.scheduled_start, manual=rnd.manual,
                     absent_team_ids=list(rnd.absent_team_ids), matches=matches,
                     explanation=said_explanation(rnd.explanation) if staff else None, breaches=breaches)


def hand_breaches(session: Session, t: Tournament, rnd: Round) -> list[CriterionBreach]:
    """The C.04.6 criteria the round's hand-changed pairing breaks, against the engine's pairing of it."""
    try:
        domain = load_domain(session, t).with_rounds(range(1, rnd.number))
        snapshot = build_snapshot(domain, rnd.number, frozenset(rnd.absent_team_ids))
    except DomainError:  # the tournament changed since (a team expelled, the ranking re-locked): nothing to judge
        return []
    found = hand_pairing_breaches(snapshot, domain.rules, [(m.first_team_id, m.second_team_id)
                                                           for m in round_matches(session, rnd)],
                                  engine_matches(rnd.explanation or {}))
    return [CriterionBreach(criterion=b.criterion, article=b.article, team_ids=list(b.team_ids), value=b.value,
                            engine=b.engine, detail=b.sentence) for b in found]


def round_summaries(session: Session, t: Tournament) -> list[RoundSummary]:
    rounds = session.exec(select(Round).where(Round.tournament_id == t.id).order_by(col(Round.number))).all()
    return [RoundSummary(number=r.number, state=r.state, scheduled_start=r.scheduled_start, manual=r.manual)
            for r in rounds]
