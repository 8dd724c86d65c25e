"""Loading a tournament from the database into the pure model, and bulk row operations.

This is the one module that translates between SQLModel rows and the frozen
dataclasses of ``app.services``; routers call it, services never see a row.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Any, TypeVar

import sqlalchemy
from sqlalchemy import Row, RowMapping, bindparam, func
from sqlmodel import Session, SQLModel, col, delete, select
from sqlmodel.sql.expression import Select, SelectOfScalar

from app.models import (
    Appeal,
    BoardGame,
    Club,
    CommitteeMember,
    IdempotencyRecord,
    Lineup,
    Match,
    Membership,
    MirrorSource,
    Payment,
    Player,
    Publication,
    RosterEntry,
    Round,
    Team,
    Tournament,
)
from app.models.base import MAX_ID, table_of
from app.services import tournament as dom
from app.services.board_order import board_order
from app.services.eligibility import check_player_eligible
from app.services.errors import NotFound, Text
from app.services.lifecycle import COMPLETED, PENDING
from app.services.rules import Rules, exact_number, rules_from_dict

_PLAYER_COLUMNS = ("id", "last_name", "first_name", "sex", "birth_date", "fide_id", "fide_rating", "national_id",
                   "national_rating", "federation", "title", "activation_fee_paid", "fide_k", "national_k")


def _player_row(row: Any) -> dom.Player:
    """A domain player from a row of ``_PLAYER_COLUMNS`` (as :func:`to_player`, without building the ORM object)."""
    (pid, last, first, sex, birth, fide_id, fide_rating, national_id, national_rating, federation, title,
     fee_paid, fide_k, national_k) = row
    return dom.Player(id=pid, name=f"{last}, {first}" if first else last, sex=sex, birth_date=birth,
                      fide_id=fide_id, fide_rating=fide_rating, national_id=national_id,
                      national_rating=national_rating, federation=federation, title=title,
                      activation_fee_paid=fee_paid, fide_k=fide_k, national_k=national_k)


def to_player(p: Player) -> dom.Player:
    return _player_row([p.id or 0, *(getattr(p, c) for c in _PLAYER_COLUMNS[1:])])


def to_club(c: Club | dom.Club | Row[*tuple[Any, ...]]) -> dom.Club:
    return dom.Club(id=c.id or 0, name=c.name, federation=c.federation, union_member=c.union_member)


def eligibility(rules: Rules, club: Club | dom.Club | Row[*tuple[Any, ...]] | None,
                on: date) -> Callable[[dom.Player], None]:
    """The R-2 eligibility check of one club's players on a date, for the lineup and ranking rules."""
    dclub = to_club(club) if club else None
    return lambda p: check_player_eligible(rules, p, dclub, on)


M = TypeVar("M", bound=SQLModel)


def select_many(*entities: Any) -> Select[*tuple[Any, ...]]:
    """``select`` of several entities whose rows the caller unpacks, typed as tuples of Any: sqlmodel's overloads
    type four entities at most, and of nullable columns they make a union of every tuple."""
    return Select(*entities)


#: Statements every request runs, built once (building an ORM select costs more than running it on SQLite).
TOURNAMENT_BY_ID = select(Tournament).where(Tournament.id == bindparam("id"))
TOURNAMENT_FOR_UPDATE = TOURNAMENT_BY_ID.with_for_update()
TEAM_BY_ID = select(Team).where(Team.id == bindparam("id"))
ROUND_BY_NUMBER = select(Round).where(Round.tournament_id == bindparam("tid"), Round.number == bindparam("n"))


def by_id(session: Session, model: type[M], statement: SelectOfScalar[M], ident: int) -> M | None:
    """``session.get(model, ident)`` with a statement built once: the identity map first, then one query."""
    found = session.identity_map.get(session.identity_key(model, ident))
    if isinstance(found, model):  # the identity map is untyped: under the model's key it holds its row
        return found
    return session.exec(statement, params={"id": ident}).first()


def get_team(session: Session, tournament_id: int, team_id: int) -> Team:
    team = by_id(session, Team, TEAM_BY_ID, team_id)
    if team is None or team.tournament_id != tournament_id:
        raise NotFound(None, "no team with id {team_id} in tournament {tournament_id}",
                       params={"team_id": team_id, "tournament_id": tournament_id})
    return team


def rosters(session: Session, tournament_id: int) -> dict[int, list[Player]]:
    """Team id -> its roster rows' players (unordered)."""
    rows = session.exec(
        select(RosterEntry, Player).join(Player, col(Player.id) == col(RosterEntry.player_id))
        .where(RosterEntry.tournament_id == tournament_id)
    ).all()
    out: dict[int, list[Player]] = defaultdict(list)
    for entry, player in rows:
        out[entry.team_id].append(player)
    return out


_P = table_of(Player)
_R = table_of(RosterEntry)
_C = table_of(Club)
#: A team's roster: every column of its players, as rows.
ROSTER_ROWS = sqlalchemy.select(_P).join(_R, _R.c.player_id == _P.c.id).where(_R.c.team_id == bindparam("team"))
#: The columns of a club that the eligibility rules read (:func:`to_club`).
CLUB_ROW = sqlalchemy.select(_C.c.id, _C.c.name, _C.c.federation, _C.c.union_member).where(_C.c.id == bindparam("id"))


def club_row(session: Session, club_id: int) -> Row[*tuple[Any, ...]] | None:
    return session.connection().execute(CLUB_ROW, {"id": club_id}).first()


def roster_rows_in_board_order(session: Session, team_id: int) -> list[tuple[RowMapping, dom.Player]]:
    """:func:`roster_in_board_order` as rows (every player column) with their domain players: no ORM objects."""
    session.flush()  # read as rows: the session's own roster changes first
    rows = session.connection().execute(ROSTER_ROWS, {"team": team_id}).mappings().all()
    return _in_board_order([(r, _player_row([r[c] for c in _PLAYER_COLUMNS])) for r in rows])


X = TypeVar("X")


def _in_board_order(pairs: list[tuple[X, dom.Player]]) -> list[tuple[X, dom.Player]]:
    """Roster players (any form, each with its domain player) in R-3.1 board order."""
    by_id = {dp.id: (x, dp) for x, dp in pairs}
    return [by_id[dp.id] for dp in board_order([dp for _, dp in pairs])]


def roster_in_board_order(session: Session, team: Team) -> list[Player]:
    players = session.exec(
        select(Player).join(RosterEntry, col(RosterEntry.player_id) == col(Player.id))
        .where(RosterEntry.team_id == team.id)
    ).all()
    return [p for p, _ in _in_board_order([(p, to_player(p)) for p in players])]


def rules_of(t: Tournament) -> Rules:
    return _rules_cached(json.dumps(t.rules, sort_keys=True))


@lru_cache(maxsize=256)
def _rules_cached(doc: str) -> Rules:
    """Rules are frozen, so parsing each stored document once is enough."""
    return rules_from_dict(json.loads(doc))


def load_domain(session: Session, t: Tournament, *, rules: Rules | None = None) -> dom.Tournament:
    """The whole tournament as the pure model: teams, rosters, players, clubs, paired rounds.

    Rosters, matches and boards are read as plain rows (hundreds of them in a late round): building ORM
    objects for them cost most of a pairing request."""
    rules = rules or rules_of(t)
    tid = t.id or 0
    teams = session.exec(select(Team).where(Team.tournament_id == tid).order_by(col(Team.id))).all()
    player_cols = [getattr(Player, c) for c in _PLAYER_COLUMNS]
    roster_ids: dict[int, list[int]] = defaultdict(list)
    players: dict[int, dom.Player] = {}
    for team_id, *row in session.exec(
            select_many(RosterEntry.team_id, *player_cols).join(Player, col(Player.id) == col(RosterEntry.player_id))
            .where(RosterEntry.tournament_id == tid)).all():
        roster_ids[team_id].append(row[0])
        players[row[0]] = _player_row(row)
    rounds = session.exec(select(Round).where(Round.tournament_id == tid).order_by(col(Round.number))).all()
    matches = session.exec(
        select_many(Match.id, Match.round_id, Match.table_no, Match.first_team_id, Match.second_team_id,
                    Match.forfeit)
        .join(Round, col(Round.id) == col(Match.round_id)).where(Round.tournament_id == tid)
        .order_by(col(Match.round_id), col(Match.table_no))
    ).all()
    boards: dict[int, list[dom.BoardGame]] = defaultdict(list)
    if matches:
        for match_id, board, first, second, first_white, result in session.exec(
                select_many(BoardGame.match_id, BoardGame.board, BoardGame.first_player_id,
                            BoardGame.second_player_id, BoardGame.first_white, BoardGame.result)
                .join(Match, col(Match.id) == col(BoardGame.match_id))
                .join(Round, col(Round.id) == col(Match.round_id)).where(Round.tournament_id == tid)
                .order_by(col(BoardGame.match_id), col(BoardGame.board))).all():
            boards[match_id].append(dom.BoardGame(board=board, first_player=first, second_player=second,
                                                  first_white=first_white, result=result))
    extra_player_ids = {
        pid for bl in boards.values() for b in bl for pid in (b.first_player, b.second_player)
        if pid is not None and pid not in players
    }
    if extra_player_ids:  # players moved off a roster after they played
        for extra in session.exec(select_many(*player_cols).where(col(Player.id).in_(extra_player_ids))).all():
            players[extra[0]] = _player_row(extra)
    by_round: dict[int, list[Any]] = defaultdict(list)
    for m in matches:
        by_round[m[1]].append(m)
    club_ids = {tm.club_id for tm in teams}
    clubs = session.exec(select(Club).where(col(Club.id).in_(club_ids))).all() if club_ids else []
    dom_teams = tuple(
        dom.Team(
            id=tm.id or 0, name=tm.name, club_id=tm.club_id, tpn=tm.tpn, status=dom.TeamStatus(tm.status),
            roster=tuple(p.id for p in board_order([players[pid] for pid in roster_ids.get(tm.id or 0, [])])),
            nickname=tm.nickname,
        )
        for tm in teams
    )
    dom_rounds = []
    for r in rounds:
        if r.state == PENDING:
            continue
        dom_rounds.append(dom.Round(
            number=r.number,
            start=r.scheduled_start,
            completed=r.state == COMPLETED,
            matches=tuple(
                dom.Match(round=r.number, table=table, first=first, second=second, forfeit=forfeit,
                          boards=tuple(boards.get(mid, ())))
                for mid, _, table, first, second, forfeit in by_round.get(r.id or 0, [])
            ),
        ))
    return dom.Tournament(
        name=t.name, rules=rules, teams=dom_teams, players=tuple(players.values()),
        clubs=tuple(to_club(c) for c in clubs), rounds=tuple(dom_rounds), city=t.city,
        federation=t.federation, start_date=t.start_date, end_date=t.end_date,
        chief_arbiter=t.chief_arbiter, deputy_arbiters=tuple(t.deputy_arbiters),
        adjustments=adjustments_of(t),
    )


def adjustments_of(t: Tournament) -> tuple[dom.Adjustment, ...]:
    """The tournament's points outside the matches (``Tournament.point_adjustments``) as the pure model's."""
    return tuple(dom.Adjustment(team=int(a["team_id"]), round=int(a["round"]), mp=exact_number(a["mp"]),
                                gp=exact_number(a["gp"]), kind=str(a.get("kind", "")),
                                pairing=bool(a.get("pairing", True)))
                 for a in (t.point_adjustments or ()))


def adjustments_row(adjustments: Iterable[dom.Adjustment], team_ids: dict[int, int]) -> list[dict[str, Any]]:
    """``adjustments`` as ``Tournament.point_adjustments`` stores them, their teams mapped by ``team_ids``."""
    return [{"team_id": team_ids[a.team], "round": a.round, "mp": str(a.mp), "gp": str(a.gp), "kind": a.kind,
             "pairing": a.pairing} for a in adjustments if a.team in team_ids]


_PAY = table_of(Payment)
_PAYMENTS = sqlalchemy.select(_PAY.c.team_id, _PAY.c.amount).where(
    _PAY.c.team_id.in_(bindparam("teams", expanding=True)))
CENT = Decimal("0.01")


def fee_sum(amounts: Iterable[Decimal | None]) -> Decimal:
    """A team's entry fee paid: the sum of its payments (R-10), exact, in cents like the payments.

    Derived, never stored: the payments are the one record of what was paid."""
    return sum((a for a in amounts if a is not None), Decimal(0)).quantize(CENT)


def fees_paid(session: Session, team_ids: Iterable[int]) -> dict[int, Decimal]:
    """Team id -> its entry fee paid (:func:`fee_sum`), for each of ``team_ids``, in one query."""
    ids = sorted(set(team_ids))
    if not ids:
        return {}
    session.flush()  # read as rows: the session's own payments first
    amounts: dict[int, list[Decimal]] = {tid: [] for tid in ids}
    for team_id, amount in session.connection().execute(_PAYMENTS, {"teams": ids}):
        amounts[team_id].append(amount)
    return {tid: fee_sum(a) for tid, a in amounts.items()}


def delete_tournament_rows(session: Session, t: Tournament) -> None:
    tid = t.id
    round_ids = list(session.exec(select(Round.id).where(Round.tournament_id == tid)).all())
    match_ids = (list(session.exec(select(Match.id).where(col(Match.round_id).in_(round_ids))).all())
                 if round_ids else [])
    team_ids = list(session.exec(select(Team.id).where(Team.tournament_id == tid)).all())
    session.exec(delete(Appeal).where(col(Appeal.tournament_id) == tid))
    if match_ids:
        session.exec(delete(BoardGame).where(col(BoardGame.match_id).in_(match_ids)))
        session.exec(delete(Match).where(col(Match.id).in_(match_ids)))
    session.exec(delete(Round).where(col(Round.tournament_id) == tid))
    session.exec(delete(Lineup).where(col(Lineup.tournament_id) == tid))
    session.exec(delete(RosterEntry).where(col(RosterEntry.tournament_id) == tid))
    session.exec(delete(Membership).where(col(Membership.tournament_id) == tid))
    session.exec(delete(IdempotencyRecord).where(col(IdempotencyRecord.tournament_id) == tid))
    session.exec(delete(CommitteeMember).where(col(CommitteeMember.tournament_id) == tid))
    session.exec(delete(Publication).where(col(Publication.tournament_id) == tid))
    session.exec(delete(MirrorSource).where(col(MirrorSource.tournament_id) == tid))
    if team_ids:
        session.exec(delete(Payment).where(col(Payment.team_id).in_(team_ids)))
        session.exec(delete(Team).where(col(Team.id).in_(team_ids)))
    session.delete(t)


# --- lookups the use cases share ---------------------------------------------------------------------


#: what a lookup looks for, in words (translated with the refusal)
RECORD_WORDS = {"player": Text("player"), "user": Text("user"), "team": Text("team"), "club": Text("club"),
                "membership": Text("membership"), "appeal": Text("appeal"), "API token": Text("API token")}


def get_or_404(session: Session, model: type[M], ident: int, what: str | None = None) -> M:
    obj = session.get(model, ident) if 0 < ident <= MAX_ID else None
    if obj is None:
        what = what or model.__name__.lower()
        raise NotFound(None, "no {what} with id {ident}", params={"what": RECORD_WORDS.get(what, what), "ident": ident})
    return obj


def paginate(session: Session, stmt: Any, limit: int, offset: int) -> tuple[list[Any], int]:
    """One page of the rows ``stmt`` selects (``limit`` from ``offset``) and how many it selects in all."""
    total = session.exec(select(func.count()).select_from(stmt.order_by(None).subquery())).one()
    items = list(session.exec(stmt.offset(offset).limit(limit)).all())
    return items, int(total)


def load_tournament(session: Session, tournament_id: int, *, for_update: bool = False) -> Tournament:
    t = None
    if 0 < tournament_id <= MAX_ID:
        if for_update:
            t = session.exec(TOURNAMENT_FOR_UPDATE, params={"id": tournament_id}).first()
        else:
            t = by_id(session, Tournament, TOURNAMENT_BY_ID, tournament_id)
    if t is None:
        raise NotFound(None, "no tournament with id {tournament_id}",
                       params={"tournament_id": tournament_id})
    return t
