"""The venue's side of a live mirror: push a tournament's public view to a public server, then every change.

:func:`snapshot` reads the tournament's version, then its public JSON export (what a parent may see: published
rounds, results, standings, teams, players with their birth year only; never birth dates, contact data,
unpublished pairings, lineups, appeals or the audit trail), and compresses it: a 40-team, 7-round event is a few
tens of kilobytes. The version is read first, so that a change made meanwhile is pushed again under its newer
version rather than lost under an older one.

:class:`Publisher` pushes it and keeps the public server in step: it watches the version, pushes each new one,
and after a failure tries again with a growing pause (1 s, 2 s, 4 s ... up to a minute), by itself. A push is
idempotent on the public server (only a newer version is applied; the same one is answered as done), so a push
whose answer was lost is simply sent again. How far the public server is behind is kept in a
:class:`app.models.Publication` row, which the console shows ("up to date / N minutes behind / unreachable").
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from app.models import Appeal, CommitteeMember, Lineup, Match, Player, Publication, Round, Tournament
from app.operations.exchange.exports import export_json, json_bytes
from app.operations.lineups import round_started
from app.operations.repository import load_tournament
from app.services.errors import InvalidInput

#: Pauses after failures in a row: 1 s, 2 s, 4 s, ... at most this (and a random part, so that venues that lost
#: the same link do not all come back at the same instant).
MAX_BACKOFF = 60.0
#: How often the venue looks at the tournament's version (one indexed query).
POLL_SECONDS = 0.2
TIMEOUT_SECONDS = 30.0


@dataclass(frozen=True)
class Snapshot:
    version: int  # the venue's version the export is at least as new as
    body: bytes  # gzip of {"venue_version": ..., "export": {...}}
    raw_size: int
    digest: str  # of the export alone: an unchanged public view need not travel again


def snapshot(session: Session, tournament_id: int) -> Snapshot:
    """The tournament's version, then its public export, compressed (see the module docstring)."""
    version = load_tournament(session, tournament_id).version
    export = export_json(session, tournament_id, public=True)
    more = extras(session, tournament_id, [p["id"] for p in export["players"]])
    digest = hashlib.sha256(json_bytes({"export": export, "extras": more})).hexdigest()
    raw = json_bytes({"venue_version": version, "export": export, "extras": more})
    return Snapshot(version, gzip.compress(raw, compresslevel=9, mtime=0), len(raw), digest)


def _at(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def extras(session: Session, tournament_id: int, player_ids: list[int]) -> dict[str, Any]:
    """What parents see that the JSON export does not hold: the appeals committee, the appeals without their
    texts, fees and reasons, the lineups of the rounds that have started (never before), and the players whose
    activation fee is unpaid (the public ranking names them, R-2.3)."""
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
    }


def current_version(session: Session, tournament_id: int) -> int:
    version = session.exec(select(Tournament.version).where(Tournament.id == tournament_id)).first()
    if version is None:
        raise InvalidInput(None, "no tournament with id {tournament}", params={"tournament": tournament_id})
    return int(version)


class PublishError(Exception):
    """A push that did not reach the public server, or that it refused: one line saying why."""

    def __init__(self, reason: str, *, final: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.final = final  # trying again cannot help (the key is refused, the URL is no teamswiss server)


class MirrorClient:
    """The public server's mirror endpoints for one venue tournament, with the publishing key."""

    def __init__(self, url: str, token: str, venue_tournament_id: int, timeout: float = TIMEOUT_SECONDS) -> None:
        if not url.startswith(("http://", "https://")):
            raise PublishError(f"the public server's address must start with http:// or https://, not {url!r}",
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
            raise PublishError(_refusal(exc), final=exc.code in (401, 403, 404, 413, 422)) from None
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
    pushed: int | None = None  # the venue's version the public server has (None: not asked yet)
    digest: str | None = None  # of the public view last pushed
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
        if self.pushed is not None and self.pushed >= current:
            return True
        now = datetime.now(UTC)
        if self.pushed is None:
            self._answered(self.client.state())
        while self.pushed is None or self.pushed < current:
            with Session(self.engine) as session:
                snap = snapshot(session, self.tournament_id)
            if snap.digest == self.digest:
                self.pushed = snap.version  # the public view did not change (a lineup, a payment): nothing travels
            else:
                self._answered(self.client.push(snap.body))
                self.digest = snap.digest
                self.pushed = max(self.pushed or 0, snap.version)
            current = max(current, snap.version)
        _record(self.engine, self.tournament_id, self.url, pushed_version=self.pushed, pushed_at=now,
                behind_since=None, failures=0, last_error="", public_url=self.public_url[:400])
        self.failures = 0
        return True

    def _answered(self, state: dict[str, Any]) -> None:
        self.pushed = int(state.get("venue_version") or 0)
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
