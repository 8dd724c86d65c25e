"""The venue's side of a live mirror: push a tournament's public view to a public server, then every change.

:func:`snapshot` reads the tournament's version, then its public JSON export (what a parent may see: published
rounds, results, standings, teams, players with their birth year only; never birth dates, contact data,
unpublished pairings, lineups, appeals or the audit trail), and compresses it: a 40-team, 7-round event is a few
tens of kilobytes. The version is read first, so that a change made meanwhile is pushed again under its newer
version rather than lost under an older one.

:class:`Publisher` pushes it and keeps the public server in step: it watches the version, pushes each new one
(only the parts that changed -- a result is its round, a kilobyte or two -- once it knows which parts the public
server holds; the whole view the first time, or when the public server holds another version than it thought;
and when a round's scheduled start passes, the lineups that became public, at the same version),
and after a failure tries again with a growing pause (1 s, 2 s, 4 s ... up to a minute), by itself. A push is
idempotent on the public server (only a newer version is applied; the same one is answered as done), so a push
whose answer was lost is simply sent again. How far the public server is behind is kept in a
:class:`app.models.Publication` row, which the console shows ("up to date / N minutes behind / unreachable").
"""

from __future__ import annotations

import gzip
import json
import logging
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import (
    Appeal,
    CommitteeMember,
    Lineup,
    Match,
    Player,
    Publication,
    RosterEntry,
    Round,
    Team,
    Tournament,
)
from app.operations import audit
from app.operations.exchange.exports import export_json, json_bytes, player_json
from app.operations.lineups import round_started
from app.operations.repository import load_tournament
from app.schemas.mirror import PublicationPut, PublicationRead
from app.services import mirror_parts
from app.services.errors import InvalidInput
from app.services.text import is_server_address

log = logging.getLogger("teamswiss.publish")

#: Pauses after failures in a row: 1 s, 2 s, 4 s, ... at most this (and a random part, so that venues that lost
#: the same link do not all come back at the same instant).
MAX_BACKOFF = 60.0
#: How often the venue looks at the tournament's version (one indexed query).
POLL_SECONDS = 0.2
TIMEOUT_SECONDS = 30.0


@dataclass(frozen=True)
class Snapshot:
    version: int  # the venue's version the export is at least as new as
    export: dict[str, Any]
    extras: dict[str, Any]
    parts: dict[str, Any]  # the view by part (app.services.mirror_parts)
    digests: dict[str, str]  # of each part: an unchanged part need not travel again
    #: the next scheduled start of a round not started yet: then its lineups become public, and the public view
    #: changes with no change of version
    reveal_at: datetime | None = None

    @classmethod
    def of(cls, version: int, export: dict[str, Any], more: dict[str, Any],
           reveal_at: datetime | None = None) -> Snapshot:
        parts = mirror_parts.split(export, more)
        return cls(version, export, more, parts, mirror_parts.digests(parts), reveal_at)

    def whole(self) -> bytes:
        """The push of the whole view, compressed."""
        return _gzip({"venue_version": self.version, "export": self.export, "extras": self.extras,
                      "parts": self.digests})

    def change(self, base_version: int, have: dict[str, str]) -> bytes:
        """The push of the parts that differ from those of a mirror at ``base_version`` holding ``have``."""
        out = mirror_parts.changed(self.parts, have, self.digests)
        return _gzip({"venue_version": self.version, "base_version": base_version, "parts": self.digests,
                      "changes": mirror_parts.changes_body(out)})

    @property
    def raw_size(self) -> int:
        return len(json_bytes({"venue_version": self.version, "export": self.export, "extras": self.extras,
                               "parts": self.digests}))


def _gzip(doc: dict[str, Any]) -> bytes:
    return gzip.compress(json_bytes(doc), compresslevel=9, mtime=0)


def snapshot(session: Session, tournament_id: int) -> Snapshot:
    """The tournament's version, then its public export by part (see the module docstring)."""
    version = load_tournament(session, tournament_id).version
    export = export_json(session, tournament_id, public=True)
    more = extras(session, tournament_id, [p["id"] for p in export["players"]])
    return Snapshot.of(version, export, more, next_start(session, tournament_id))


def next_start(session: Session, tournament_id: int) -> datetime | None:
    """The earliest scheduled start of a round that has not started (its lineups are private until then)."""
    starts = [r.scheduled_start for r in session.exec(select(Round).where(Round.tournament_id == tournament_id))
              if r.scheduled_start is not None and not round_started(r)]
    return min(starts, default=None)


def _at(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def extras(session: Session, tournament_id: int, player_ids: list[int]) -> dict[str, Any]:
    """What parents see that the JSON export does not hold: the appeals committee, the appeals without their
    texts, fees and reasons, the lineups of the rounds that have started (never before), the players whose
    activation fee is unpaid (the public ranking names them, R-2.3), and the waitlisted teams with their players."""
    committee = session.exec(select(CommitteeMember).where(CommitteeMember.tournament_id == tournament_id)
                             .order_by(col(CommitteeMember.kind), col(CommitteeMember.position))).all()
    rounds = session.exec(select(Round).where(Round.tournament_id == tournament_id)).all()
    places = {m.id: (r.number, m.table_no) for r in rounds
              for m in session.exec(select(Match).where(Match.round_id == r.id)).all()} if rounds else {}
    appeals = session.exec(select(Appeal).where(Appeal.tournament_id == tournament_id).order_by(col(Appeal.id))).all()
    started = [r.number for r in rounds if round_started(r)]
    lineups = session.exec(select(Lineup).where(Lineup.tournament_id == tournament_id,
                                                col(Lineup.round_number).in_(started))
                           .order_by(col(Lineup.round_number), col(Lineup.team_id))).all() if started else []
    unpaid = session.exec(select(Player.id).where(col(Player.id).in_(player_ids),
                                                  col(Player.activation_fee_paid).is_(False))).all() \
        if player_ids else []
    waiting = session.exec(select(Team).where(Team.tournament_id == tournament_id, Team.status == "waitlisted")
                           .order_by(col(Team.id))).all()
    rosters: dict[int, list[int]] = {}
    for entry in session.exec(select(RosterEntry).where(RosterEntry.tournament_id == tournament_id,
                                                         col(RosterEntry.team_id).in_([tm.id for tm in waiting]))
                              .order_by(col(RosterEntry.id))).all() if waiting else []:
        rosters.setdefault(entry.team_id, []).append(entry.player_id)
    named = sorted({p for ids in rosters.values() for p in ids})
    waiting_players = session.exec(select(Player).where(col(Player.id).in_(named))).all() if named else []
    return {
        "committee": [{"name": m.name, "club_id": m.club_id, "kind": m.kind, "position": m.position,
                       "chair": m.chair} for m in committee],
        "appeals": [{"round": places[a.match_id][0], "table": places[a.match_id][1], "board": a.board,
                     "team_id": a.team_id, "status": a.status, "game_ended_at": _at(a.game_ended_at),
                     "announced_at": _at(a.announced_at), "submitted_at": _at(a.submitted_at),
                     "late_accepted": a.late_accepted, "fee_status": a.fee_status, "decided_at": _at(a.decided_at)}
                    for a in appeals if a.match_id in places],
        "lineups": [{"round": lu.round_number, "team_id": lu.team_id, "player_ids": list(lu.player_ids),
                     "captain_id": lu.captain_id, "captain_removed": lu.captain_removed,
                     "submitted_at": _at(lu.submitted_at)} for lu in lineups],
        "unpaid": sorted(int(p) for p in unpaid if p is not None),
        # the public lists the waitlisted teams; the export leaves them out: not in the tournament yet
        "waitlist": {
            "teams": [{"id": tm.id, "tpn": None, "name": tm.name, "nickname": tm.nickname, "club_id": tm.club_id,
                       "status": tm.status, "players": rosters.get(tm.id or 0, []), "entered_at": _at(tm.entered_at)}
                      for tm in waiting],
            "players": [player_json(p) for p in waiting_players]},
    }


def current_version(session: Session, tournament_id: int) -> int:
    version = session.exec(select(Tournament.version).where(Tournament.id == tournament_id)).first()
    if version is None:
        raise InvalidInput(None, "no tournament with id {tournament}", params={"tournament": tournament_id})
    return int(version)


class PublishError(Exception):
    """A push that did not reach the public server, or that it refused: one line saying why."""

    def __init__(self, reason: str, *, final: bool = False, status: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.final = final  # trying again cannot help (the key is refused, the URL is no teamswiss server)
        self.status = status  # the public server's refusal (409 to a change: it holds another version)


class MirrorClient:
    """The public server's mirror endpoints for one venue tournament, with the publishing key."""

    def __init__(self, url: str, token: str, venue_tournament_id: int, timeout: float = TIMEOUT_SECONDS) -> None:
        if not is_server_address(url):
            raise PublishError(f"the public server's address must be http:// or https:// and a host, not {url!r}",
                               final=True)
        self.endpoint = f"{url.rstrip('/')}/mirror/tournaments/{venue_tournament_id}"
        self.token = token
        self.timeout = timeout

    def _call(self, method: str, body: bytes | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        if body is not None:
            headers |= {"Content-Type": "application/json", "Content-Encoding": "gzip"}
        request = urllib.request.Request(self.endpoint, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:  # noqa: S310 - http(s) only
                return dict(json.loads(answer.read()))
        except urllib.error.HTTPError as exc:
            raise PublishError(_refusal(exc), final=exc.code in (401, 403, 404, 413, 422), status=exc.code) from None
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            why = getattr(exc, "reason", exc)
            raise PublishError(f"the public server is unreachable: {why}") from None
        except ValueError:
            raise PublishError("the public server's answer is not JSON: is the address a teamswiss server?",
                               final=True) from None

    def state(self) -> dict[str, Any]:
        return self._call("GET")

    def push(self, body: bytes) -> dict[str, Any]:
        return self._call("PUT", body)


def _refusal(exc: urllib.error.HTTPError) -> str:
    """A refusal's one line: its status and the problem's detail."""
    try:
        detail = str(json.loads(exc.read()).get("detail", ""))
    except (ValueError, OSError, AttributeError):
        detail = ""
    return f"the public server refused the push ({exc.code}){': ' + detail if detail else ''}"[:300]


def backoff(failures: int) -> float:
    """The pause after ``failures`` failed attempts in a row."""
    return min(MAX_BACKOFF, 2.0 ** max(0, failures - 1)) * random.uniform(0.75, 1.0)


def _record(engine: Engine, tournament_id: int, url: str, **values: Any) -> None:
    """The publication's state on the venue (its own short transaction; no tournament version moves)."""
    with Session(engine) as session:
        row = session.exec(select(Publication).where(Publication.tournament_id == tournament_id)).first()
        if row is None:
            row = Publication(tournament_id=tournament_id, url=url[:300])
        row.url = url[:300]
        for name, value in values.items():
            setattr(row, name, value)
        session.add(row)
        session.commit()


@dataclass
class Publisher:
    """Keeps a public server in step with one tournament of this venue (see the module docstring)."""

    engine: Engine
    tournament_id: int
    url: str
    token: str
    say: Callable[[str], None] = print
    sleep: Callable[[float], None] = time.sleep
    pushed: int | None = None  # the venue's version whose public view the public server has (None: not asked yet)
    held: int = 0  # the venue's version the public server holds: a change is made from it (a lineup or a payment
    # moves the venue's version on and not the public view: nothing travels, and the public server stays at it)
    parts: dict[str, str] | None = None  # the digests of the parts the public server holds (None: not known)
    reveal_at: datetime | None = None  # when the public view changes by the clock (Snapshot.reveal_at)
    failures: int = 0
    public_url: str = ""

    def __post_init__(self) -> None:
        self.client = MirrorClient(self.url, self.token, self.tournament_id)

    def version(self) -> int:
        with Session(self.engine) as session:
            return current_version(session, self.tournament_id)

    def step(self) -> bool:
        """Bring the public server up to the current version; whether it is (raises :class:`PublishError`)."""
        current = self.version()
        now = datetime.now(UTC)
        # a round's start passed: its lineups are public now, at the same version (looked at once at the start too)
        look = self.pushed is None or (self.reveal_at is not None and now >= self.reveal_at)
        if self.pushed is not None and self.pushed >= current and not look:
            return True
        if self.pushed is None:
            self._answered(self.client.state())
        while self.pushed is None or self.pushed < current or look:
            look = False
            with Session(self.engine) as session:
                snap = snapshot(session, self.tournament_id)
            self.reveal_at = snap.reveal_at
            if snap.digests == self.parts:
                self.pushed = snap.version  # the public view did not change (a lineup, a payment): nothing travels
            else:
                self._answered(self._push(snap))
                self.parts = snap.digests
                self.pushed = max(self.pushed or 0, snap.version)
            current = max(current, snap.version)
        _record(self.engine, self.tournament_id, self.url, pushed_version=self.pushed, pushed_at=now,
                behind_since=None, failures=0, last_error="", public_url=self.public_url[:400])
        self.failures = 0
        return True

    def _push(self, snap: Snapshot) -> dict[str, Any]:
        """Only the parts that changed when the public server's version and parts are known, else the whole view
        (and the whole view when it holds another version than the venue thought: a 409 to the change)."""
        if self.held and self.parts:
            try:
                return self.client.push(snap.change(self.held, self.parts))
            except PublishError as exc:
                if exc.status != 409:
                    raise
        return self.client.push(snap.whole())

    def _answered(self, state: dict[str, Any]) -> None:
        self.pushed = self.held = int(state.get("venue_version") or 0)
        self.parts = {str(k): str(v) for k, v in dict(state.get("parts") or {}).items()}
        url = state.get("url")
        if url and url != self.public_url:
            self.public_url = str(url)
            self.say(f"public page: {self.public_url}")

    def failed(self, error: PublishError) -> float:
        """Note a failed attempt; the pause before the next one."""
        self.failures += 1
        with Session(self.engine) as session:
            row = session.exec(select(Publication).where(Publication.tournament_id == self.tournament_id)).first()
            since = row.behind_since if row is not None and row.behind_since is not None else datetime.now(UTC)
        _record(self.engine, self.tournament_id, self.url, failures=self.failures, last_error=error.reason[:300],
                behind_since=since)
        return backoff(self.failures)

    def once(self) -> int:
        """Push what is there: 0 when the public server has it, else 1 with the reason on one line."""
        try:
            self.step()
        except PublishError as exc:
            self.failed(exc)
            self.say(f"teamswiss: {exc.reason}")
            return 1
        return 0

    def run(self, stop: Callable[[], bool] = lambda: False) -> int:
        """Push, then every change, until ``stop()``; failures are tried again with backoff (a refused key too:
        an administrator may fix it on the public server while the venue keeps working)."""
        while not stop():
            try:
                self.step()
            except PublishError as exc:
                pause = self.failed(exc)
                self.say(f"teamswiss: {exc.reason}; trying again in {pause:.0f} s")
                self.sleep(pause)
                continue
            self.sleep(POLL_SECONDS)
        return 0


# --- the console: where a tournament is published, and this server publishing it -----------------------------


def _row(session: Session, tournament_id: int) -> Publication | None:
    return session.exec(select(Publication).where(Publication.tournament_id == tournament_id)).first()


def publication_read(session: Session, tournament_id: int, now: datetime | None = None) -> PublicationRead:
    """"Up to date / N minutes behind / unreachable" (``off``: never published)."""
    version = load_tournament(session, tournament_id).version
    row = _row(session, tournament_id)
    if row is None:
        return PublicationRead(url=None, public_url=None, state="off", minutes_behind=None, version=version,
                               pushed_version=0, pushed_at=None, last_error=None, from_console=False)
    now = now or datetime.now(UTC)
    behind = row.pushed_version < version
    since = row.behind_since or (row.pushed_at if behind else None)
    state: Literal["up_to_date", "behind", "unreachable"] = (
        "up_to_date" if not behind else "unreachable" if row.failures else "behind")
    return PublicationRead(url=row.url, public_url=row.public_url or None, state=state,
                           minutes_behind=int((now - since).total_seconds() // 60) if behind and since else None,
                           version=version, pushed_version=row.pushed_version, pushed_at=row.pushed_at,
                           last_error=row.last_error or None, from_console=row.token is not None)


def set_publication(session: Session, tournament_id: int, body: PublicationPut,
                    principal: Principal | None) -> PublicationRead:
    """Publish from this server (its console): the address and the key are kept; this process starts pushing."""
    load_tournament(session, tournament_id)
    row = _row(session, tournament_id) or Publication(tournament_id=tournament_id, url=body.url)
    if row.url != body.url:  # another public server: it has nothing yet
        row.pushed_version, row.pushed_at, row.public_url = 0, None, ""
    row.url, row.token, row.failures, row.last_error = body.url, body.token, 0, ""
    session.add(row)
    session.flush()
    audit.record(session, principal, "publish", "publication", row.id, tournament_id=tournament_id,
                 reason=f"to {body.url}")  # never the key
    console_publishers(session.get_bind()).wake()
    return publication_read(session, tournament_id)


def stop_publication(session: Session, tournament_id: int, principal: Principal | None) -> PublicationRead:
    """Stop publishing from this server (the public server keeps what it has); the key is forgotten."""
    load_tournament(session, tournament_id)
    row = _row(session, tournament_id)
    if row is not None and row.token is not None:
        row.token = None
        session.add(row)
        audit.record(session, principal, "unpublish", "publication", row.id, tournament_id=tournament_id,
                     reason=f"stopped publishing to {row.url}")
        console_publishers(session.get_bind()).wake()
    return publication_read(session, tournament_id)


#: PostgreSQL: the advisory lock held by the one process of a server that publishes (its other workers wait).
_LOCK = 0x7473_7075  # "tspu"
_SYNC_SECONDS = 2.0


class ConsolePublishers:
    """The tournaments this server publishes (set from the console), each kept up to date by a thread of one
    process: on PostgreSQL the process that holds an advisory lock, so several workers never push twice."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.running: dict[int, tuple[tuple[str, str], threading.Event, threading.Thread]] = {}
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def wake(self) -> None:
        """Start the manager if it is not running, and have it look at the publications soon (it looks every 2 s:
        the caller's transaction may not have committed yet)."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._manage, name="teamswiss-publishers", daemon=True)
                self._thread.start()
        self._wake.set()

    def _manage(self) -> None:
        postgres = self.engine.dialect.name == "postgresql"
        conn = self.engine.connect() if postgres else None
        try:
            while True:
                held = conn is None or bool(conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": _LOCK})
                                            .scalar())
                if conn is not None:
                    conn.commit()  # the lock is the session's: no transaction stays open
                if held:
                    self.sync()
                self._wake.wait(_SYNC_SECONDS)
                self._wake.clear()
        except Exception:  # noqa: BLE001 - a database that went away: the next wake starts a new manager
            log.exception("the publishers' manager stopped")
            with self._lock:
                self._thread = None
        finally:
            if conn is not None:
                conn.close()

    def sync(self) -> None:
        with Session(self.engine) as session:
            wanted = {r.tournament_id: (r.url, r.token or "") for r in session.exec(
                select(Publication).where(col(Publication.token).is_not(None))).all()}
        for tid, (setting, stop, thread) in list(self.running.items()):
            if wanted.get(tid) != setting or not thread.is_alive():
                stop.set()
                del self.running[tid]
        for tid, setting in wanted.items():
            if tid not in self.running:
                stop = threading.Event()
                try:
                    pub = Publisher(self.engine, tid, setting[0], setting[1], say=log.info,
                                    sleep=lambda s, stop=stop: stop.wait(s))  # type: ignore[misc]
                except PublishError as exc:
                    log.warning("tournament %s: %s", tid, exc.reason)
                    continue
                thread = threading.Thread(target=pub.run, kwargs={"stop": stop.is_set}, daemon=True,
                                          name=f"teamswiss-publish-{tid}")
                thread.start()
                self.running[tid] = (setting, stop, thread)


_console: dict[int, ConsolePublishers] = {}


def console_publishers(bind: Any) -> ConsolePublishers:
    """This process's publishers for the database of ``bind`` (an engine or a connection)."""
    engine = getattr(bind, "engine", bind)
    found = _console.get(id(engine))
    if found is None:
        found = _console[id(engine)] = ConsolePublishers(engine)
    return found


def start_console_publishers(engine: Engine) -> None:
    """At the server's start: resume the publications set from the console, if there are any (a database not
    ready yet is the readiness check's to report, not a reason not to start)."""
    try:
        with Session(engine) as session:
            found = session.exec(select(Publication.id).where(col(Publication.token).is_not(None))).first()
    except SQLAlchemyError:
        log.warning("the publications could not be read: none resumed")
        return
    if found is not None:
        console_publishers(engine).wake()
