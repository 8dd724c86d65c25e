"""The public server's side of a live mirror: a venue's push applied to the tournament that mirrors it.

A venue (``teamswiss publish``, :mod:`app.operations.publishing`) sends its tournament's version and public view:
the first time the whole public JSON export, then the parts of it that changed (:mod:`app.services.mirror_parts`).
The mirror keeps one ordinary tournament per (venue, venue's tournament id) -- the venue named by the publishing
key, so two venues never meet -- and applies a push in one transaction:

- only a newer version is applied; an older or the same one is answered as done (a repeated push changes
  nothing), so a push retried after a lost answer is harmless;
- a push of the changed parts names the version it was made from and is applied only to that version (else 409,
  and the venue sends the whole view); the mirror keeps the parts' digests the venue sent and answers them, so
  that a venue that starts again sends only what differs; a change made at the version the mirror holds is applied
  as well (a round's scheduled start passed and its lineups became public: the view moved, the version did not);
- the content is brought to the export's by updating rows in place (the venue's ids of clubs, players and teams
  are mapped to this server's, kept in :class:`MirrorSource`), so pages keep their addresses, and only what
  changed bumps the version and reaches the live stream (:mod:`app.operations.tracking`) as a local change;
- a link that drops mid-push sends no complete body, and a body that fails leaves the previous version: the
  transaction commits whole or not at all.

Only a publishing key naming the venue's tournament may push; a mirrored tournament refuses every other write
(:func:`refuse_if_mirrored`, and :mod:`app.operations.tracking` as the backstop).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select

from app.auth.principal import Principal
from app.models import (
    Appeal,
    BoardGame,
    Club,
    CommitteeMember,
    Lineup,
    Match,
    MirrorSource,
    Player,
    RosterEntry,
    Round,
    Team,
    Tournament,
)
from app.models.base import table_of
from app.operations import audit
from app.operations.tracking import MIRROR_PUSH, keep
from app.schemas.mirror import (
    ExportBoard,
    ExportClub,
    ExportMatch,
    ExportPlayer,
    ExportRound,
    ExportTeam,
    ExportTournament,
    ExtraAppeal,
    ExtraCommitteeMember,
    ExtraLineup,
    ExtraWaitlist,
    MirrorChanges,
    MirrorExtras,
    MirrorPush,
    MirrorState,
    PublicExport,
)
from app.services.errors import Forbidden, InvalidInput, StateConflict
from app.services.mirror_parts import APPEALS, digest_text, round_numbers
from app.services.rules import rules_from_dict, rules_to_dict, validate_rules

_BOARDS = table_of(BoardGame)


def public_page(base_url: str, tournament_id: int) -> str:
    """The tournament's public page on a server (the web page's address of a tournament)."""
    return f"{base_url.rstrip('/')}/web/#/t/{tournament_id}"


def refuse_if_mirrored(session: Session, tournament_id: int) -> None:
    """A write to a mirrored tournament is refused (409), naming the venue as the source of truth."""
    venue = session.exec(select(MirrorSource.venue).where(MirrorSource.tournament_id == tournament_id)).first()
    if venue is not None:
        raise StateConflict(None, "this tournament is a read-only mirror of the venue {venue}: the venue is its "
                                  "source of truth, change it there", params={"venue": venue},
                            reason="mirrored", venue=venue)


def publishing_key(principal: Principal, venue_tournament_id: int) -> str:
    """The venue of the caller's publishing key, which must name the venue's tournament (the key's venue and
    tournaments were read with it)."""
    if principal.token_id is None or "publish" not in (principal.scopes or ()) or not principal.venue:
        raise Forbidden(None, "only a publishing key may publish a tournament (teamswiss create-token NAME "
                              "--scope publish --tournament ID)")
    if venue_tournament_id not in principal.publishes:
        raise Forbidden(None, "this publishing key does not name the venue's tournament {tournament}",
                        params={"tournament": venue_tournament_id})
    return principal.venue


def _source(session: Session, venue: str, venue_tournament_id: int, *, lock: bool = False) -> MirrorSource | None:
    stmt = select(MirrorSource).where(MirrorSource.venue == venue,
                                      MirrorSource.venue_tournament_id == venue_tournament_id)
    return session.exec(stmt.with_for_update() if lock else stmt).first()


def _state(venue: str, venue_tournament_id: int, src: MirrorSource | None, base_url: str,
           applied: bool = False) -> MirrorState:
    return MirrorState(venue=venue, venue_tournament_id=venue_tournament_id,
                       venue_version=src.venue_version if src else 0,
                       tournament_id=src.tournament_id if src else None,
                       url=public_page(base_url, src.tournament_id) if src else None, applied=applied,
                       parts=dict(src.ids.get("parts", {})) if src else {})


def mirror_state(session: Session, principal: Principal, venue_tournament_id: int, base_url: str) -> MirrorState:
    """What the mirror holds of the venue's tournament (the venue asks before it pushes)."""
    venue = publishing_key(principal, venue_tournament_id)
    return _state(venue, venue_tournament_id, _source(session, venue, venue_tournament_id), base_url)


def apply_push(session: Session, principal: Principal, venue_tournament_id: int, push: MirrorPush,
               base_url: str) -> MirrorState:
    """Apply the venue's push (see the module docstring); the caller commits."""
    venue = publishing_key(principal, venue_tournament_id)
    src = _source(session, venue, venue_tournament_id, lock=True)
    # a change made at the version the mirror holds is applied too: the view moved with the clock (a round's start
    # made its lineups public); applying the same parts again changes nothing
    same = push.changes is not None and push.base_version == push.venue_version
    if src is not None and (src.venue_version > push.venue_version
                            or (src.venue_version == push.venue_version and not same)):
        return _state(venue, venue_tournament_id, src, base_url)  # had it already: done
    if push.changes is not None:
        held = src.venue_version if src is not None else 0
        if held != push.base_version:  # the venue thought the mirror had another version: it sends it whole
            raise StateConflict(None, "the public server holds version {held} of this tournament, not version {base} "
                                      "that the change was made from: the venue sends the whole tournament",
                                params={"held": held, "base": push.base_version}, reason="base", venue_version=held)
        view = _View.of_changes(push.changes, round_numbers(push.parts))
    else:
        assert push.export is not None  # MirrorPush holds one or the other
        if not push.export.public:
            raise InvalidInput(None, "only a public export may be published: the private one holds birth dates "
                                     "and unpublished pairings")
        view = _View.of_export(push.export, push.extras)
    fields: dict[str, Any] = {}
    if view.tournament is not None:
        rules = rules_from_dict(view.tournament.rules)
        validate_rules(rules)
        fields = _tournament_fields(view.tournament, rules_to_dict(rules))
    session.info[MIRROR_PUSH] = True  # this transaction may write the mirrored tournament
    if src is None:
        new = Tournament(**fields)
        session.add(new)
        session.flush()
        t: Tournament | None = new
        src = MirrorSource(tournament_id=new.id or 0, venue=venue, venue_tournament_id=venue_tournament_id,
                           ids={})
        session.add(src)
        try:
            session.flush()
        except IntegrityError:  # the first push of this tournament twice at once (PostgreSQL): one of them wins
            raise StateConflict(None, "another push of this tournament is being applied; try again") from None
        audit.record(session, principal, "mirror", "tournament", new.id, tournament_id=new.id, after=new,
                     reason=f"a mirror of the venue {venue}'s tournament {venue_tournament_id}")
    else:
        t = session.get(Tournament, src.tournament_id)
        assert t is not None  # mirror_source.tournament_id is a foreign key
        _set(t, **fields)
    assert t is not None
    # a round's change carries the appeals (they name its matches); the same appeals need not be written again
    # unless the apply re-made matches they name
    same_appeals = push.changes is not None and APPEALS in push.parts and \
        src.ids.get("parts", {}).get(APPEALS) == push.parts[APPEALS]
    src.ids = {**_Apply(session, t.id or 0, src.ids, view, same_appeals).run(), "parts": dict(push.parts)}
    src.venue_version = push.venue_version
    src.updated_at = datetime.now(UTC)
    session.add(src)
    session.flush()
    return _state(venue, venue_tournament_id, src, base_url, applied=True)


def _tournament_fields(tt: ExportTournament, rules: dict[str, Any]) -> dict[str, Any]:
    return {"name": tt.name, "city": tt.city, "venue": tt.venue, "federation": tt.federation,
            "start_date": tt.start_date, "end_date": tt.end_date, "preset": tt.preset, "rules": rules,
            "chief_arbiter": tt.chief_arbiter, "deputy_arbiters": list(tt.deputy_arbiters)}


def _set(row: Any, **values: Any) -> bool:
    """Set the columns that differ (an unchanged row stays clean: no version bump, no event)."""
    changed = False
    for name, value in values.items():
        if getattr(row, name) != value:
            setattr(row, name, value)
            changed = True
    return changed


def _aware(at: datetime | None) -> datetime | None:
    return at.replace(tzinfo=UTC) if at is not None and at.tzinfo is None else at


@dataclass(frozen=True)
class _View:
    """What a push brings: the whole public view, or its parts that changed (``None``: unchanged)."""

    tournament: ExportTournament | None
    clubs: list[ExportClub] | None
    teams: list[ExportTeam] | None
    players: list[ExportPlayer] | None
    unpaid: list[int] | None
    rounds: list[ExportRound]
    round_numbers: set[int]  # every round the venue has (one not named goes)
    committee: list[ExtraCommitteeMember] | None
    appeals: list[ExtraAppeal] | None
    lineups: list[ExtraLineup] | None

    @classmethod
    def of_export(cls, doc: PublicExport, extras: MirrorExtras) -> _View:
        wait = extras.waitlist
        return cls(doc.tournament, doc.clubs, doc.teams + wait.teams, doc.players + wait.players, extras.unpaid,
                   doc.rounds, {r.number for r in doc.rounds}, extras.committee, extras.appeals, extras.lineups)

    @classmethod
    def of_changes(cls, c: MirrorChanges, numbers: set[int]) -> _View:
        if any(r.number not in numbers for r in c.rounds):
            raise InvalidInput(None, "a changed round is not among the rounds the push names")
        wait = c.waitlist or ExtraWaitlist()
        teams = None if c.teams is None else c.teams + wait.teams
        players = None if c.players is None else c.players + wait.players
        return cls(c.tournament, c.clubs, teams, players, c.unpaid, c.rounds, numbers, c.committee, c.appeals,
                   c.lineups)


class _Apply:
    """The view's content written over the mirrored tournament's rows (an unchanged part is not looked at)."""

    def __init__(self, session: Session, tid: int, ids: dict[str, Any], view: _View, same_appeals: bool = False
                 ) -> None:
        self.session = session
        self.same_appeals = same_appeals
        self.dropped_matches = False
        self.tid = tid
        self.view = view
        self.gone_clubs: dict[str, int] = {}
        self.gone_players: dict[str, int] = {}
        self.gone_teams: dict[str, int] = {}
        self.ids: dict[str, dict[str, int]] = {k: dict(ids.get(k, {})) for k in ("clubs", "players", "teams")}
        #: each round's content as last applied: a round that did not change is not compared row by row (a
        #: result is one round's change), unless clubs, players or teams came or went
        self.digests: dict[str, str] = dict(ids.get("rounds", {}))
        #: and each match's, by round: in a round that changed, only the matches that changed are compared
        self.match_digests: dict[str, dict[str, str]] = {k: dict(v) for k, v in ids.get("matches", {}).items()}
        self.moved = False

    def local(self, kind: str, venue_id: int | None) -> int | None:
        return None if venue_id is None else self.ids[kind].get(str(venue_id))

    def run(self) -> dict[str, Any]:
        s = self.session
        t = s.get(Tournament, self.tid)
        assert t is not None
        keep(s, [t])  # the commit's events read it, and the rounds and matches below, again
        v = self.view
        if v.tournament is not None:
            locked = v.tournament.tpns_locked
            _set(t, tpns_locked_at=(t.tpns_locked_at or datetime.now(UTC)) if locked else None)
        if v.clubs is not None and v.players is not None and v.teams is not None:
            self._clubs(v.clubs)
            self._players(v.players, v.teams)
            self._teams(v.teams, t.tpns_locked_at is not None)
            self._rosters(v.teams)
        self._rounds()
        if v.committee is not None:
            self._committee(v.committee)
        if v.appeals is not None and (self.dropped_matches or not self.same_appeals):
            self._appeals(v.appeals)
        if v.lineups is not None:
            self._lineups(v.lineups)
        self._drop_unused()
        return {**self.ids, "rounds": self.digests, "matches": self.match_digests}

    def _upsert(self, kind: str, model: type[Any], items: list[tuple[int, dict[str, Any]]]) -> None:
        """Rows of ``model`` for the venue's ids in ``items``: changed in place, or added (ids mapped after)."""
        known = self.ids[kind]
        rows = {r.id: r for r in self.session.exec(select(model).where(col(model.id).in_(list(known.values()))))} \
            if known else {}
        added: list[tuple[int, Any]] = []
        for venue_id, values in items:
            row = rows.get(known.get(str(venue_id)))
            if row is None:
                row = model(**values)
                self.session.add(row)
                added.append((venue_id, row))
            else:
                _set(row, **values)
        self.session.flush()
        for venue_id, row in added:
            known[str(venue_id)] = row.id
        wanted = {str(v) for v, _ in items}
        self.gone = {k: v for k, v in known.items() if k not in wanted}
        self.moved |= bool(added or self.gone)

    def _clubs(self, clubs: list[ExportClub]) -> None:
        self._upsert("clubs", Club, [(c.id, {"name": c.name, "short_name": c.short_name, "federation": c.federation,
                                             "city": c.city, "union_member": c.union_member})
                                     for c in clubs])
        self.gone_clubs = self.gone

    def _players(self, players: list[ExportPlayer], teams: list[ExportTeam]) -> None:
        team_club = {p: tm.club_id for tm in teams for p in tm.players}
        unpaid = set(self.view.unpaid or ())
        items = []
        for p in players:
            club = self.local("clubs", p.club_id) or self.local("clubs", team_club.get(p.id))
            if club is None:
                raise InvalidInput(None, "player {player} belongs to no club of the export", params={"player": p.id})
            items.append((p.id, {"club_id": club, "last_name": p.last_name, "first_name": p.first_name, "sex": p.sex,
                                 "title": p.title, "federation": p.federation, "fide_id": p.fide_id,
                                 "fide_rating": p.fide_rating, "national_id": p.national_id,
                                 "national_rating": p.national_rating, "activation_fee_paid": p.id not in unpaid,
                                 # the public view has the year only: the mirror never holds a birth date
                                 "birth_date": date(p.birth_year, 1, 1) if p.birth_year else None}))
        self._upsert("players", Player, items)
        self.gone_players = self.gone

    def _teams(self, teams: list[ExportTeam], locked: bool) -> None:
        s = self.session
        known = self.ids["teams"]
        items = []
        for tm in teams:
            club = self.local("clubs", tm.club_id)
            if club is None:
                raise InvalidInput(None, "team {team} belongs to no club of the export", params={"team": tm.id})
            values: dict[str, Any] = {"tournament_id": self.tid, "club_id": club, "name": tm.name,
                                      "nickname": tm.nickname, "status": tm.status,
                                      "tpn": tm.tpn if locked else None}
            if tm.entered_at is not None:
                values["entered_at"] = _aware(tm.entered_at)
            items.append((tm.id, values))
        # a name or a pairing number that moves to another team would break their uniqueness mid-flush: the teams
        # whose name or number changes, and those that go, let go of both first
        wanted = {known[str(v)]: vals for v, vals in items if str(v) in known}
        rows = s.exec(select(Team).where(col(Team.id).in_(list(known.values())))).all() if known else []
        loosen = [r for r in rows if r.id not in wanted or r.name != wanted[r.id]["name"]
                  or r.tpn != wanted[r.id]["tpn"]]
        for r in loosen:
            # a name no team can have (a name is one line), and one PostgreSQL can store (no NUL character)
            r.name, r.tpn = f"\n{r.id}", None
        if loosen:
            s.flush()
        self._upsert("teams", Team, items)
        self.gone_teams = self.gone

    def _rosters(self, teams: list[ExportTeam]) -> None:
        s = self.session
        wanted = {(self.local("teams", tm.id), self.local("players", p)) for tm in teams for p in tm.players}
        rows = s.exec(select(RosterEntry).where(RosterEntry.tournament_id == self.tid)).all()
        have = {(r.team_id, r.player_id): r for r in rows}
        stale = [r for key, r in have.items() if key not in wanted]
        for r in stale:
            s.delete(r)
        if stale:
            s.flush()  # a player who moves team: the old entry goes before the new one comes
        s.add_all(RosterEntry(tournament_id=self.tid, team_id=team or 0, player_id=player or 0)
                  for team, player in sorted(wanted - set(have), key=str))
        s.flush()

    def _rounds(self) -> None:
        s = self.session
        rows = {r.number: r for r in s.exec(select(Round).where(Round.tournament_id == self.tid)).all()}
        keep(s, rows.values())
        numbers = self.view.round_numbers
        for number, old in rows.items():
            if number not in numbers:
                self.digests.pop(str(number), None)
                self.match_digests.pop(str(number), None)
                self._drop_matches(old, list(s.exec(select(Match).where(Match.round_id == old.id)).all()))
                s.delete(old)
        for dr in self.view.rounds:
            absent = sorted(x for x in (self.local("teams", a) for a in dr.absent_team_ids) if x is not None)
            values: dict[str, Any] = {"state": dr.state, "scheduled_start": _aware(dr.scheduled_start),
                                      "manual": dr.manual, "absent_team_ids": absent}
            r: Round | None = rows.get(dr.number)
            if r is None:
                r = Round(tournament_id=self.tid, number=dr.number, **values)
                s.add(r)
                s.flush()
            else:
                _set(r, **values)
            tables = {str(dm.table): digest_text(dm.model_dump_json()) for dm in dr.matches}
            digest = digest_text(dr.model_dump_json(exclude={"matches"}) + ",".join(sorted(tables.values())))
            if dr.number not in rows or self.moved or self.digests.get(str(dr.number)) != digest:
                had = {} if dr.number not in rows or self.moved else self.match_digests.get(str(dr.number), {})
                self._matches(r, dr, {int(t) for t, d in tables.items() if had.get(t) != d})
                self.digests[str(dr.number)] = digest
                self.match_digests[str(dr.number)] = tables

    def _drop_matches(self, r: Round, matches: list[Match]) -> None:
        s = self.session
        if not matches:
            return
        self.dropped_matches = True  # with their appeals
        ids = [m.id for m in matches]
        for a in s.exec(select(Appeal).where(col(Appeal.match_id).in_(ids))).all():
            s.delete(a)  # an appeal about a match that goes (the appeals are written again after the rounds)
        s.exec(delete(BoardGame).where(col(BoardGame.match_id).in_(ids)))
        for m in matches:
            s.delete(m)
        s.flush()

    def _matches(self, r: Round, dr: ExportRound, look: set[int]) -> None:
        """The round's matches as the export has them; of those the mirror has, only the tables in ``look`` (whose
        content changed) are compared board by board."""
        s = self.session
        rows = {m.table_no: m for m in s.exec(select(Match).where(Match.round_id == r.id)).all()}
        keep(s, rows.values())
        wanted = {dm.table: dm for dm in dr.matches}
        teams = {dm.table: (self.local("teams", dm.first), self.local("teams", dm.second)) for dm in dr.matches}
        stale = [m for table, m in rows.items()
                 if table not in wanted or (m.first_team_id, m.second_team_id) != teams[table]]
        self._drop_matches(r, stale)
        boards: dict[int, dict[int, BoardGame]] = {}
        kept = [m for m in rows.values() if m not in stale and m.table_no in look]
        if kept:
            for b in s.exec(select(BoardGame).where(col(BoardGame.match_id).in_([m.id for m in kept]))).all():
                boards.setdefault(b.match_id, {})[b.board] = b
        made: list[tuple[Match, ExportMatch]] = []
        for table, dm in sorted(wanted.items()):
            first, second = teams[table]
            if first is None or (dm.second is not None and second is None):
                raise InvalidInput(None, "round {round}, table {table}: a team that is not in the export",
                                   params={"round": r.number, "table": table})
            m = rows.get(table)
            if m is None or m in stale:
                m = Match(round_id=r.id or 0, table_no=table, first_team_id=first, second_team_id=second,
                          forfeit=dm.forfeit)
                s.add(m)
                made.append((m, dm))
            elif table in look and self._boards(m, dm, boards.get(m.id or 0, {})) | _set(m, forfeit=dm.forfeit):
                m.version += 1  # the match's ETag moves on, as when a result is entered
        if made:
            s.flush()  # the new matches' ids, in one flush; their boards in one statement (the new matches
            # themselves tell the live stream: a new pairing is a round event)
            new = [{"match_id": m.id, "board": db.board, **self._board(db)} for m, dm in made for db in dm.boards]
            if new:
                s.connection().execute(insert(_BOARDS), new)

    def _board(self, db: ExportBoard) -> dict[str, Any]:
        return {"first_player_id": self.local("players", db.first_player),
                "second_player_id": self.local("players", db.second_player),
                "first_white": db.white == "first", "result": db.result, "ended_at": _aware(db.ended_at)}

    def _boards(self, m: Match, dm: ExportMatch, have: dict[int, BoardGame]) -> bool:
        """The match's boards as the export has them; whether any changed."""
        s = self.session
        changed = False
        for db in dm.boards:
            values = self._board(db)
            row = have.pop(db.board, None)
            if row is None:
                s.add(BoardGame(match_id=m.id or 0, board=db.board, **values))
                changed = True
            else:
                changed |= _set(row, **values)
        for row in have.values():
            s.delete(row)
            changed = True
        return changed

    def _replace(self, model: type[Any], rows: list[Any], wanted: list[dict[str, Any]]) -> None:
        """The tournament's rows of ``model`` become ``wanted``, only if they differ (no change: no event)."""
        names = list(wanted[0]) if wanted else []
        if [{n: getattr(r, n) for n in names} for r in rows] == wanted and len(rows) == len(wanted):
            return
        for r in rows:
            self.session.delete(r)
        self.session.flush()
        self.session.add_all(model(tournament_id=self.tid, **w) for w in wanted)
        self.session.flush()

    def _committee(self, committee: list[ExtraCommitteeMember]) -> None:
        rows = self.session.exec(select(CommitteeMember).where(CommitteeMember.tournament_id == self.tid)
                                 .order_by(col(CommitteeMember.id))).all()
        self._replace(CommitteeMember, list(rows), [
            {"name": m.name, "club_id": self.local("clubs", m.club_id), "kind": m.kind, "position": m.position,
             "chair": m.chair} for m in committee])

    def _appeals(self, appeals: list[ExtraAppeal]) -> None:
        s = self.session
        rounds = sorted({a.round for a in appeals})  # the matches of the rounds appealed in, if any
        matches = {(number, table): mid for number, table, mid in s.exec(
            select(Round.number, Match.table_no, Match.id).join(Match, col(Match.round_id) == Round.id)
            .where(Round.tournament_id == self.tid, col(Round.number).in_(rounds))).all()} if rounds else {}
        wanted = []
        for a in appeals:
            match, team = matches.get((a.round, a.table)), self.local("teams", a.team_id)
            if match is None or team is None:
                continue  # an appeal about a match the public does not see
            wanted.append({"round_number": a.round, "match_id": match, "board": a.board, "team_id": team,
                           "status": a.status, "text": "", "game_ended_at": _aware(a.game_ended_at),
                           "announced_at": _aware(a.announced_at), "submitted_at": _aware(a.submitted_at),
                           "late_accepted": a.late_accepted, "fee_status": a.fee_status,
                           "decided_at": _aware(a.decided_at)})
        rows = s.exec(select(Appeal).where(Appeal.tournament_id == self.tid).order_by(col(Appeal.id))).all()
        self._replace(Appeal, list(rows), wanted)

    def _lineups(self, lineups: list[ExtraLineup]) -> None:
        s = self.session
        rows = {(lu.round_number, lu.team_id): lu
                for lu in s.exec(select(Lineup).where(Lineup.tournament_id == self.tid)).all()}
        seen = set()
        for lu in lineups:
            team = self.local("teams", lu.team_id)
            players = [self.local("players", p) for p in lu.player_ids]
            if team is None or None in players:
                continue
            values: dict[str, Any] = {"player_ids": players, "captain_id": self.local("players", lu.captain_id),
                      "captain_removed": lu.captain_removed, "submitted_at": _aware(lu.submitted_at)}
            seen.add((lu.round, team))
            row = rows.get((lu.round, team))
            if row is None:
                s.add(Lineup(tournament_id=self.tid, round_number=lu.round, team_id=team, **values))
            else:
                _set(row, **values)
        for key, row in rows.items():
            if key not in seen:
                s.delete(row)
        s.flush()

    def _drop_unused(self) -> None:
        """Teams, players and clubs the venue no longer shows go, after the matches and rosters that named them."""
        s = self.session
        for kind, model, gone in (("teams", Team, self.gone_teams), ("players", Player, self.gone_players),
                                  ("clubs", Club, self.gone_clubs)):
            for venue_id, local_id in gone.items():
                row = s.get(model, local_id)
                if row is not None:
                    s.delete(row)
                del self.ids[kind][venue_id]
            s.flush()
