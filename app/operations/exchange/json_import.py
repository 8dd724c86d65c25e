"""Importing the project's own JSON export (``teamswiss export --format json``, ``GET .../export/json``; schema
``openapi/tournament-export.schema.json``), so that an event moves between two servers without loss: settings as
they were (every rule, not a preset laid over a file), clubs, teams with their status and pairing numbers, players
with every exported field, rounds with their state, matches, boards and results.

The document is checked before anything is stored: its ``format`` and ``version``, the type of every field read,
and its sizes (the bounds of a TRF file: 999 teams, 9999 players, the rules' rounds and boards). What does not
fit is refused, 422 ``C.04 Annex 2`` naming the path (``teams[3].players``), as a TRF file's line is named.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from typing import Any

from app.services import tournament as dom
from app.services.errors import FileFormatError, InvalidInput
from app.services.lifecycle import ROUND_STATES
from app.services.rules import MAX_BOARDS, MAX_ROUNDS, Rules, exact_number, rules_from_dict
from app.services.tournament import RESULT_CODES, TeamStatus
from app.services.trf.common import MAX_PLAYERS, MAX_ROSTER, MAX_TEAMS

JSON_FORMAT = "teamswiss-tournament-export"
JSON_VERSIONS = (1,)


def looks_like_json(text: str) -> bool:
    """Is ``text`` a JSON document rather than a TRF file (whose first record starts with a digit or ``XX``)?"""
    return text.lstrip("\ufeff \t\r\n").startswith("{")


class ExportDocument:
    """A JSON export read back: the pure model, and what only the store keeps (clubs, statuses, round states)."""

    def __init__(self, d: dom.Tournament, clubs: dict[int, dict[str, Any]], team_club: dict[int, int],
                 states: dict[int, str], venue: str, preset: str | None, digest: str,
                 ended: dict[tuple[int, int, int], datetime] | None = None,
                 absent: dict[int, list[int]] | None = None) -> None:
        self.domain = d
        self.clubs = clubs  # source club id -> {name, short_name, federation, city, union_member}
        self.team_club = team_club  # team id -> source club id
        self.states = states  # round number -> state
        self.venue = venue
        self.preset = preset
        self.digest = digest
        self.ended = ended or {}  # (round, table, board) -> when the game ended (R-14.1 counts from it)
        self.absent = absent or {}  # round number -> the teams marked absent (C.04.6 3: not paired)


def _bad(path: str, why: str) -> FileFormatError:
    return FileFormatError(None, "{path}: {why} (a teamswiss JSON export, openapi/tournament-export.schema.json)",
                           params={"path": path, "why": why})


def _get(obj: Any, key: str, path: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    if not isinstance(obj, dict):
        raise _bad(path, "expected an object")
    value = obj.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) and kind in (int, (int,)) or not isinstance(value, kind):
        raise _bad(f"{path}.{key}", f"expected {getattr(kind, '__name__', 'a value')}, not {type(value).__name__}")
    return value


def _list(obj: Any, key: str, path: str, limit: int) -> list[Any]:
    value: list[Any] = _get(obj, key, path, list)
    if len(value) > limit:
        raise _bad(f"{path}.{key}", f"at most {limit} entries, not {len(value):,}")
    return value


def _date(text: str | None, path: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise _bad(path, f"not a date YYYY-MM-DD: {text[:30]!r}") from None


def _datetime(text: str | None, path: str) -> datetime | None:
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise _bad(path, f"not a date and time: {text[:40]!r}") from None


def read_export(text: str) -> ExportDocument:
    """The export document ``text`` as the pure model (see the module docstring)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(exc.lineno, "not JSON: {error}", params={"error": exc.msg}) from None
    if not isinstance(doc, dict) or doc.get("format") != JSON_FORMAT:
        raise _bad("format", f"expected {JSON_FORMAT!r}")
    if doc.get("version") not in JSON_VERSIONS:
        raise _bad("version", f"expected one of {', '.join(map(str, JSON_VERSIONS))}")
    head = _get(doc, "tournament", "$", dict)
    try:
        rules: Rules = rules_from_dict(_get(head, "rules", "tournament", dict), base=Rules())
    except InvalidInput as exc:
        raise _bad("tournament.rules", exc.detail) from None
    clubs = {}
    for i, c in enumerate(_list(doc, "clubs", "$", MAX_TEAMS)):
        p = f"clubs[{i}]"
        clubs[_get(c, "id", p, int)] = {
            "name": _get(c, "name", p, str)[:200], "short_name": _get(c, "short_name", p, str, True) or "",
            "federation": _get(c, "federation", p, str, True) or "", "city": _get(c, "city", p, str, True) or "",
            "union_member": bool(_get(c, "union_member", p, bool, True))}
    players = []
    for i, x in enumerate(_list(doc, "players", "$", MAX_PLAYERS)):
        p = f"players[{i}]"
        last, first = _get(x, "last_name", p, str), _get(x, "first_name", p, str, True) or ""
        birth = _date(_get(x, "birth_date", p, str, True), f"{p}.birth_date")
        year = _get(x, "birth_year", p, int, True)
        if birth is None and year is not None:
            birth = date(max(1, min(year, 9999)), 1, 1)  # a public export holds the year only
        players.append(dom.Player(
            id=_get(x, "id", p, int), name=f"{last}, {first}" if first else last,
            sex=_get(x, "sex", p, str, True) or "m", birth_date=birth, fide_id=_get(x, "fide_id", p, int, True),
            fide_rating=_get(x, "fide_rating", p, int, True), national_id=_get(x, "national_id", p, int, True),
            national_rating=_get(x, "national_rating", p, int, True),
            federation=_get(x, "federation", p, str, True) or "", title=_get(x, "title", p, str, True) or ""))
    known_players = {pl.id for pl in players}
    teams, team_club = [], {}
    for i, x in enumerate(_list(doc, "teams", "$", MAX_TEAMS)):
        p = f"teams[{i}]"
        roster = tuple(_list(x, "players", p, MAX_ROSTER))
        if not all(isinstance(n, int) and n in known_players for n in roster):
            raise _bad(f"{p}.players", "every entry must be the id of a player of the document")
        status = _get(x, "status", p, str, True) or "entered"
        if status not in {s.value for s in TeamStatus}:
            raise _bad(f"{p}.status", f"unknown status {status[:20]!r}")
        tid = _get(x, "id", p, int)
        club = _get(x, "club_id", p, int, True)
        if club is not None:
            if club not in clubs:
                raise _bad(f"{p}.club_id", f"no club {club} in the document")
            team_club[tid] = club
        teams.append(dom.Team(id=tid, name=_get(x, "name", p, str)[:100], club_id=club,
                              tpn=_get(x, "tpn", p, int, True), status=TeamStatus(status), roster=roster,
                              nickname=(_get(x, "nickname", p, str, True) or "")[:5]))
    known_teams = {tm.id for tm in teams}
    rounds, states = [], {}
    ended: dict[tuple[int, int, int], datetime] = {}
    absent: dict[int, list[int]] = {}
    for i, x in enumerate(_list(doc, "rounds", "$", MAX_ROUNDS)):
        p = f"rounds[{i}]"
        number = _get(x, "number", p, int)
        if not 1 <= number <= rules.rounds:
            raise _bad(f"{p}.number", f"must be between 1 and {rules.rounds}")
        state = _get(x, "state", p, str)
        if state not in ROUND_STATES:
            raise _bad(f"{p}.state", f"unknown state {state[:20]!r}")
        states[number] = state
        away = _get(x, "absent_team_ids", p, list, True)
        if away is not None:
            if len(away) > MAX_TEAMS or any(not isinstance(a, int) or a not in known_teams for a in away):
                raise _bad(f"{p}.absent_team_ids", "names a team the document does not have")
            absent[number] = away
        matches = []
        for k, m in enumerate(_list(x, "matches", p, MAX_TEAMS)):
            mp = f"{p}.matches[{k}]"
            first, second = _get(m, "first", mp, int), _get(m, "second", mp, int, True)
            if first not in known_teams or (second is not None and second not in known_teams):
                raise _bad(mp, "names a team the document does not have")
            forfeit = _get(m, "forfeit", mp, str, True)
            if forfeit not in (None, *dom.FORFEIT_SIDES):
                raise _bad(f"{mp}.forfeit", "must be first, second, both or null")
            boards = []
            for j, b in enumerate(_list(m, "boards", mp, MAX_BOARDS)):
                bp = f"{mp}.boards[{j}]"
                fp, sp = _get(b, "first_player", bp, int, True), _get(b, "second_player", bp, int, True)
                if any(pid is not None and pid not in known_players for pid in (fp, sp)):
                    raise _bad(bp, "names a player the document does not have")
                result = _get(b, "result", bp, str, True)
                if result is not None and result not in RESULT_CODES:
                    raise _bad(f"{bp}.result", f"unknown result {result[:10]!r}")
                white = _get(b, "white", bp, str)
                if white not in ("first", "second"):
                    raise _bad(f"{bp}.white", "must be first or second")
                board = _get(b, "board", bp, int)
                when = _datetime(_get(b, "ended_at", bp, str, True), f"{bp}.ended_at")
                if when is not None:
                    ended[(number, _get(m, "table", mp, int), board)] = when
                boards.append(dom.BoardGame(board, fp, sp, white == "first", result))
            matches.append(dom.Match(round=number, table=_get(m, "table", mp, int), first=first, second=second,
                                     boards=tuple(boards), forfeit=forfeit))
        start = _datetime(_get(x, "scheduled_start", p, str, True), f"{p}.scheduled_start")
        if matches:
            rounds.append(dom.Round(number=number, matches=tuple(matches), start=start,
                                    completed=state == "completed"))
    adjustments = []
    for i, a in enumerate(_get(head, "adjustments", "tournament", list, True) or []):
        p = f"tournament.adjustments[{i}]"
        if i >= MAX_TEAMS * MAX_ROUNDS:
            raise _bad("tournament.adjustments", "too many entries")
        team = _get(a, "team_id", p, int)
        if team not in known_teams:
            raise _bad(f"{p}.team_id", "names a team the document does not have")
        try:
            points = exact_number(_get(a, "mp", p, str)), exact_number(_get(a, "gp", p, str))
        except ValueError:
            raise _bad(p, "mp and gp are exact numbers such as 2, -1.5 or 5/2") from None
        adjustments.append(dom.Adjustment(team, _get(a, "round", p, int), *points,
                                          (_get(a, "kind", p, str, True) or "")[:1],
                                          bool(_get(a, "pairing", p, bool, True) is not False)))
    d = dom.Tournament(
        name=_get(head, "name", "tournament", str)[:200], rules=rules, teams=tuple(teams), players=tuple(players),
        rounds=tuple(rounds), city=_get(head, "city", "tournament", str, True) or "",
        federation=_get(head, "federation", "tournament", str, True) or "",
        start_date=_date(_get(head, "start_date", "tournament", str, True), "tournament.start_date"),
        end_date=_date(_get(head, "end_date", "tournament", str, True), "tournament.end_date"),
        chief_arbiter=_get(head, "chief_arbiter", "tournament", str, True) or "",
        deputy_arbiters=tuple(str(a) for a in (_get(head, "deputy_arbiters", "tournament", list, True) or [])[:20]),
        adjustments=tuple(adjustments),
    )
    digest = hashlib.sha256(json.dumps(doc, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    return ExportDocument(d, clubs, team_club, states, _get(head, "venue", "tournament", str, True) or "",
                          _get(head, "preset", "tournament", str, True), digest, ended, absent)
