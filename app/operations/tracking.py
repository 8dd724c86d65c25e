"""Every write to a tournament bumps its version and records what changed, centrally.

Two SQLAlchemy session hooks, registered once for every session of the process (API, CLI, demo
loader, tests), so no write path can forget them:

- ``before_flush`` (and ``do_orm_execute`` for bulk ``DELETE``/``UPDATE`` statements) maps each new,
  changed or deleted row to the tournaments it belongs to -- a board to its match, round and
  tournament; a club or a player to every tournament it takes part in -- and bumps each such
  tournament's ``version`` once per transaction with ``version = version + 1`` in SQL (so two
  transactions never produce the same version, and the tournament row stays locked until commit);
- ``before_commit`` turns what changed into the events of the live stream (``round``, ``match``,
  ``standings``, ``tournament``; see docs in ``app.operations.live``), inserts them into
  ``tournament_event`` in the same transaction and, on PostgreSQL, sends ``NOTIFY`` (delivered on
  commit); ``after_commit`` wakes this process's stream.

The version is what the read cache (:mod:`app.operations.cache`) and the ETags are keyed by.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import Delete, Text, Update, bindparam, cast, event, false, func, insert, inspect, or_, update
from sqlalchemy.orm import ORMExecuteState
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql import operators
from sqlalchemy.sql.elements import BinaryExpression, BindParameter
from sqlmodel import Session, col, select

from app.models import (
    Appeal,
    BoardGame,
    Club,
    CommitteeMember,
    Lineup,
    Match,
    Membership,
    MirrorSource,
    Payment,
    Player,
    RosterEntry,
    Round,
    Team,
    Tournament,
    TournamentEvent,
)
from app.models.base import table_of, utcnow
from app.operations.live import CHANNEL, broker
from app.services.errors import StateConflict
from app.services.lifecycle import COMPLETED, PUBLIC_STATES

log = logging.getLogger("teamswiss.events")

#: Events older than this are pruned (a client resuming from before it gets a ``tournament`` event).
KEEP = timedelta(days=3)
PRUNE_EVERY = 256  # event ids

_INFO = "teamswiss_tracking"

#: Rows that carry ``tournament_id`` themselves; their change is "something else changed".
_DIRECT = (Team, RosterEntry, Lineup, Appeal, CommitteeMember, Membership)
#: Round columns whose change the public round view shows.
_ROUND_COLUMNS = ("state", "manual", "absent_team_ids", "scheduled_start")


@dataclass
class Changes:
    """What changed in one tournament during the transaction."""

    rounds: set[int] = field(default_factory=set)  # round ids: state or pairing changed
    paired: set[int] = field(default_factory=set)  # round ids: matches made or removed (pairing)
    matches: set[int] = field(default_factory=set)  # match ids: a result changed
    standings: bool = False
    other: bool = False
    deleted: bool = False


@dataclass
class Tracking:
    bumped: set[int] = field(default_factory=set)
    changes: dict[int, Changes] = field(default_factory=dict)
    written: set[int] = field(default_factory=set)  # tournaments whose events this transaction wrote
    round_of_match: dict[int, Round] = field(default_factory=dict)  # matches seen in this transaction
    versions: dict[int, int] = field(default_factory=dict)  # the bumped versions

    def of(self, tid: int) -> Changes:
        return self.changes.setdefault(tid, Changes())

    def result(self, rnd: Round, match_id: int) -> None:
        """A result (a board, a forfeit) of a match of ``rnd`` changed."""
        ch = self.of(rnd.tournament_id)
        ch.matches.add(match_id)
        ch.standings |= rnd.state == COMPLETED

    def pairing(self, rnd: Round) -> None:
        """Matches of ``rnd`` were made or removed."""
        ch = self.of(rnd.tournament_id)
        ch.rounds.add(rnd.id or 0)
        ch.paired.add(rnd.id or 0)
        ch.standings |= rnd.state == COMPLETED


def _tracking(session: OrmSession) -> Tracking:
    tr = session.info.get(_INFO)
    if tr is None:
        tr = session.info[_INFO] = Tracking()
    return tr


# --- rows -> tournaments ----------------------------------------------------------------------------------


def _round_tid(session: OrmSession, round_id: int | None) -> tuple[int | None, Round | None]:
    rnd = session.get(Round, round_id) if round_id else None
    return (rnd.tournament_id if rnd else None), rnd


def _match_round(session: OrmSession, tr: Tracking, match_id: int | None) -> tuple[int | None, Round | None]:
    """The match's round (a match seen earlier in the transaction need not be loaded again)."""
    if not match_id:
        return None, None
    rnd = tr.round_of_match.get(match_id)
    if rnd is None:
        m = session.identity_map.get(session.identity_key(Match, match_id)) or session.get(Match, match_id)
        if m is None:
            return None, None
        _, rnd = _round_tid(session, m.round_id)
        if rnd is None:
            return None, None
        tr.round_of_match[match_id] = rnd
    return match_id, rnd


def _club_tournaments(session: OrmSession, club_id: int) -> set[int]:
    return set(session.execute(select(Team.tournament_id).where(Team.club_id == club_id).distinct()).scalars())


def _player_tournaments(session: OrmSession, player_id: int) -> set[int]:
    tids = set(session.execute(select(RosterEntry.tournament_id).where(RosterEntry.player_id == player_id)
                               .distinct()).scalars())
    tids |= set(session.execute(
        select(Round.tournament_id).join(Match, col(Match.round_id) == Round.id)
        .join(BoardGame, col(BoardGame.match_id) == Match.id)
        .where(or_(col(BoardGame.first_player_id) == player_id, col(BoardGame.second_player_id) == player_id))
        .distinct()).scalars())
    return tids


def _changed(obj: Any, names: Iterable[str]) -> set[str]:
    state = inspect(obj)
    return {n for n in names if state.attrs[n].history.has_changes()}


def _note(session: OrmSession, tr: Tracking, obj: Any, how: str) -> None:
    """Record the change of one ORM object (``how``: new, dirty, deleted)."""
    if isinstance(obj, Tournament):
        if obj.id is None:
            return
        ch = tr.of(obj.id)
        ch.other = True
        if how == "deleted":
            ch.deleted = True
        return
    if isinstance(obj, _DIRECT):
        tr.of(obj.tournament_id).other = True
        return
    if isinstance(obj, Round):
        ch = tr.of(obj.tournament_id)
        if how != "dirty" or obj.id is None:
            ch.other = True
            return
        state_hist = inspect(obj).attrs.state.history
        if COMPLETED in (*state_hist.added, *state_hist.deleted):
            ch.standings = True
        if _changed(obj, _ROUND_COLUMNS):
            ch.rounds.add(obj.id)
        else:
            ch.other = True
        return
    if isinstance(obj, Match):
        _, rnd = _round_tid(session, obj.round_id)
        if rnd is not None:
            if obj.id is not None:
                tr.round_of_match[obj.id] = rnd
            tr.result(rnd, obj.id or 0) if how == "dirty" and obj.id is not None else tr.pairing(rnd)
        return
    if isinstance(obj, BoardGame):
        mid, rnd = _match_round(session, tr, obj.match_id)
        if mid is not None and rnd is not None:
            tr.result(rnd, mid)
        return
    if isinstance(obj, Payment):
        team = session.get(Team, obj.team_id)
        if team is not None:
            tr.of(team.tournament_id).other = True
        return
    if isinstance(obj, Club) and how != "new" and obj.id is not None:
        for tid in _club_tournaments(session, obj.id):
            tr.of(tid).other = True
        return
    if isinstance(obj, Player) and how != "new" and obj.id is not None:
        for tid in _player_tournaments(session, obj.id):
            tr.of(tid).other = True


_T = table_of(Tournament)
_EVENTS = table_of(TournamentEvent)
_INSERT_EVENTS = insert(_EVENTS).returning(_EVENTS.c.id)  # built once: its compiled form is cached
#: PostgreSQL: the insert also sends ``NOTIFY teamswiss_events, '{"t": <tournament id>}'`` for each row.
_INSERT_EVENTS_NOTIFY = insert(_EVENTS).returning(
    _EVENTS.c.id, func.pg_notify(CHANNEL, cast(func.json_build_object("t", _EVENTS.c.tournament_id), Text)))
_MIRRORED = table_of(MirrorSource)
#: The bump answers the new version and whether the tournament is a venue's mirror (read-only here), in one trip.
_BUMP = update(_T).where(_T.c.id == bindparam("tid")).values(version=_T.c.version + 1).returning(
    _T.c.version, select(_MIRRORED.c.id).where(_MIRRORED.c.tournament_id == _T.c.id).exists().label("mirrored"))
#: ``session.info`` key of a transaction that applies a venue's push (the only writer of a mirrored tournament).
MIRROR_PUSH = "teamswiss_mirror_push"


@event.listens_for(OrmSession, "after_flush")
def _after_flush(session: OrmSession, _ctx: Any) -> None:
    """New matches have their ids now: remember their rounds, so their boards and events need not load them."""
    tr = session.info.get(_INFO)
    if tr is None:
        return
    for obj in session.new:
        if isinstance(obj, Match) and obj.id is not None and obj.id not in tr.round_of_match:
            _, rnd = _round_tid(session, obj.round_id)
            if rnd is not None:
                tr.round_of_match[obj.id] = rnd


def _bump(session: OrmSession, tr: Tracking) -> None:
    """``version = version + 1`` once per transaction for each tournament touched so far."""
    for tid in sorted(set(tr.changes) - tr.bumped):
        tr.bumped.add(tid)
        if tr.changes[tid].deleted:
            continue
        row = session.connection().execute(_BUMP, {"tid": tid}).first()
        if row is None:
            continue  # no such tournament (deleted in this transaction)
        version, mirrored = row
        if mirrored and not session.info.get(MIRROR_PUSH):
            # no write path forgets it: the venue is the source of truth (409 naming it)
            venue = session.connection().execute(select(_MIRRORED.c.venue).where(
                _MIRRORED.c.tournament_id == tid)).scalar()
            raise StateConflict(None, "this tournament is a read-only mirror of the venue {venue}: the venue is its "
                                      "source of truth, change it there", params={"venue": venue},
                                reason="mirrored", venue=venue)
        tr.versions[tid] = version
        obj = session.identity_map.get(session.identity_key(Tournament, tid))
        if obj is not None:
            set_committed_value(obj, "version", version)


#: ``session.info`` key of the rows a use case keeps until its transaction ends (see :func:`keep`).
_KEPT = "teamswiss_kept_rows"


def keep(session: OrmSession, rows: Iterable[Any]) -> None:
    """Keep ``rows`` loaded until the transaction ends: the identity map holds rows weakly, and the flush's notes
    and the commit's events look the same rows up again (a row already let go would be read a second time)."""
    session.info.setdefault(_KEPT, []).extend(rows)


#: The match read models a write answered with, by match id (see :func:`answered`).
_ANSWERED = "teamswiss_answered_matches"


def answered(session: OrmSession, reads: Iterable[Any]) -> None:
    """A write answered with these match read models: the commit's ``match`` events send them as they are
    instead of building them a second time (the same read model of the same rows; a later change to the match
    in the transaction drops it)."""
    kept = session.info.setdefault(_ANSWERED, {})
    for read in reads:
        kept[read.id] = read


def _forget_answered(session: OrmSession, obj: Any) -> None:
    kept = session.info.get(_ANSWERED)
    if kept:
        kept.pop(obj.id if isinstance(obj, Match) else getattr(obj, "match_id", None), None)


@event.listens_for(OrmSession, "before_flush")
def _before_flush(session: OrmSession, _ctx: Any, _instances: Any) -> None:
    tr = _tracking(session)
    for obj in list(session.new):
        _note(session, tr, obj, "new")
        _forget_answered(session, obj)
    for obj in list(session.dirty):
        if session.is_modified(obj, include_collections=False):
            _note(session, tr, obj, "dirty")
            _forget_answered(session, obj)
    for obj in list(session.deleted):
        _note(session, tr, obj, "deleted")
        _forget_answered(session, obj)
    _bump(session, tr)


_PARENT: dict[type[Any], str] = {BoardGame: "match_id", Match: "round_id", Payment: "team_id"}


def _keys(where: Any, column: Any) -> set[Any] | None:
    """The values of ``column == x`` or ``column IN (...)`` without asking the database; None if not that simple."""
    if not isinstance(where, BinaryExpression) or getattr(where.left, "key", None) != column.key:
        return None
    if where.operator is operators.eq and isinstance(where.right, BindParameter):
        return {where.right.value}
    if where.operator is operators.in_op and isinstance(where.right, BindParameter) and where.right.expanding:
        return set(where.right.value or ())
    return None


@event.listens_for(OrmSession, "do_orm_execute")
def _bulk(state: ORMExecuteState) -> None:
    """Bulk ``DELETE``/``UPDATE`` statements (``session.exec(delete(BoardGame).where(...))``)."""
    if not (state.is_delete or state.is_update) or state.bind_mapper is None:
        return
    state.session.info.pop(_ANSWERED, None)  # rows changed behind the answers' backs: build the events anew
    cls = state.bind_mapper.class_
    if cls is Tournament or cls is TournamentEvent or not (cls in _PARENT or hasattr(cls, "tournament_id")):
        return  # a tournament row itself changes through the ORM (its version is the one bumped)
    session = state.session
    statement = state.statement
    assert isinstance(statement, Delete | Update)  # is_delete or is_update
    where = statement.whereclause
    if where is None:  # a statement without WHERE clause is not tracked: no row is looked up (none is sent)
        where = false()
    tr = _tracking(session)
    with session.no_autoflush:
        if cls in _PARENT:
            parent = getattr(cls, _PARENT[cls])
            keys = _keys(where, parent)
            if keys is None:
                keys = set(session.execute(select(parent).where(where).distinct()).scalars())
            for key in keys:
                if cls is BoardGame:
                    mid, rnd = _match_round(session, tr, key)
                    if mid is not None and rnd is not None:
                        tr.result(rnd, mid)
                elif cls is Match:
                    _, rnd = _round_tid(session, key)
                    if rnd is not None:
                        tr.pairing(rnd)
                else:
                    team = session.get(Team, key)
                    if team is not None:
                        tr.of(team.tournament_id).other = True
        else:
            tids = set(session.execute(select(cls.tournament_id).where(where).distinct()).scalars())
            for tid in tids:
                if tid is not None:
                    tr.of(tid).other = True
        _bump(session, tr)


# --- changes -> events -----------------------------------------------------------------------------------


def _events_of(session: OrmSession, tid: int, ch: Changes, version: int,
               round_of_match: dict[int, Round]) -> list[tuple[str, dict[str, Any]]]:
    from app.operations.reads.rounds import match_read, prefetch

    out: list[tuple[str, dict[str, Any]]] = []
    round_events: set[int] = set()

    def round_event(rnd: Round) -> None:
        if rnd.id not in round_events:
            round_events.add(rnd.id or 0)
            out.append(("round", {"round": rnd.number, "state": rnd.state, "version": version}))

    for rid in sorted(ch.rounds):
        rnd = session.get(Round, rid)
        if rnd is not None:
            round_event(rnd)
    public: list[tuple[Round, Match]] = []
    # a new pairing's matches: the round event tells them; the others are loaded at once
    wanted = [mid for mid in sorted(ch.matches)
              if mid not in round_of_match or round_of_match[mid].id not in ch.paired]
    missing = [mid for mid in wanted if session.identity_map.get(session.identity_key(Match, mid)) is None]
    loaded = {m.id: m for m in session.execute(select(Match).where(col(Match.id).in_(missing))).scalars()} \
        if missing else {}
    for mid in wanted:
        m = loaded.get(mid) or session.get(Match, mid)
        if m is None or m.round_id in ch.paired:
            continue  # a new pairing: the round event tells it
        rnd = session.get(Round, m.round_id)
        if rnd is None:
            continue
        if rnd.state in PUBLIC_STATES:
            public.append((rnd, m))
        else:
            round_event(rnd)  # the public sees only the state of an unpublished round
    if public:
        # the read models read through sqlmodel's session, which every session of the application is
        assert isinstance(session, Session)
        kept = session.info.get(_ANSWERED, {})
        build = [m for _, m in public if m.id not in kept]
        if build:
            t = session.get(Tournament, tid)
            assert t is not None  # this transaction bumped its version
            named = sorted({x for m in build for x in (m.first_team_id, m.second_team_id) if x is not None})
            teams = {tm.id or 0: tm for tm in session.execute(select(Team).where(col(Team.id).in_(named))).scalars()}
            boards, players = prefetch(session, build)
            kept = {**kept, **{m.id: match_read(session, t, rnd, m, teams, players, boards[m.id or 0])
                               for rnd, m in public if m.id not in kept}}
        for rnd, m in public:
            read = kept[m.id]
            out.append(("match", {"round": rnd.number, "match": read.model_dump(mode="json"), "version": version}))
    if ch.standings:
        last = session.execute(select(func.max(Round.number)).where(Round.tournament_id == tid,
                                                                     Round.state == COMPLETED)).scalar()
        out.append(("standings", {"version": version, "after_round": last}))
    if ch.other or not out:
        out.append(("tournament", {"version": version}))
    return out


@event.listens_for(OrmSession, "before_commit")
def _before_commit(session: OrmSession) -> None:
    session.flush()  # the last changes are noted (and their tournaments bumped) before they are told
    tr = session.info.get(_INFO)
    if tr is None or not tr.changes:
        return
    changes, tr.changes = tr.changes, {}
    rows: list[dict[str, Any]] = []
    now = utcnow()
    with session.no_autoflush:
        for tid in sorted(changes):
            ch = changes[tid]
            if ch.deleted:
                session.connection().execute(_EVENTS.delete().where(_EVENTS.c.tournament_id == tid))
                continue
            if tid in tr.versions:
                rows += [{"tournament_id": tid, "kind": kind, "payload": data, "created_at": now}
                         for kind, data in _events_of(session, tid, ch, tr.versions[tid], tr.round_of_match)]
    if not rows:
        return
    # one INSERT for the transaction's events, as rows (no ORM objects: nothing reads them in this session)
    # on PostgreSQL the same statement NOTIFYs the other processes (delivered on commit; identical notifications
    # of a transaction are sent once, so once a tournament): no round trip of its own
    postgres = session.get_bind().dialect.name == "postgresql"
    ids = session.connection().execute(_INSERT_EVENTS_NOTIFY if postgres else _INSERT_EVENTS, rows).scalars().all()
    written = {r["tournament_id"] for r in rows}
    tr.written |= written
    if any(i % PRUNE_EVERY == 0 for i in ids):
        session.connection().execute(_EVENTS.delete().where(_EVENTS.c.created_at < now - KEEP))


@event.listens_for(OrmSession, "after_commit")
def _after_commit(session: OrmSession) -> None:
    tr = session.info.pop(_INFO, None)
    if tr is not None and tr.written:
        broker.wake_threadsafe(tr.written)


@event.listens_for(OrmSession, "after_transaction_end")
def _after_transaction_end(session: OrmSession, transaction: Any) -> None:
    if transaction.parent is None:  # the outermost transaction ended: committed or rolled back
        session.info.pop(_INFO, None)
        session.info.pop(_ANSWERED, None)
        session.info.pop(MIRROR_PUSH, None)
        session.info.pop(_KEPT, None)
