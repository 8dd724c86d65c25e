"""Data exchange: a database tournament to and from TRF-2026 / TRF16, JSON and CSV.

The pure codec lives in :mod:`app.services.trf`; this module translates between its
:class:`app.services.tournament.Tournament` and the database rows.

Export (:func:`export_domain`, :func:`export_trf`, :func:`export_json`, the CSV writers):

- players are numbered 1..N (TRF starting rank, 001 cols 5-8) in the order of their
  database ids, so a tournament imported from a file keeps the file's numbers;
- teams are written with their pairing numbers (310 cols 5-7); a team without one (the
  ranking not locked yet) gets the next free number in entry order; waitlisted teams are
  left out (they are not in the tournament yet);
- a *public* export holds only rounds whose pairing is published (published, in progress,
  completed) and writes birth dates as the year only (``YYYY/00/00``, as Swiss-Manager writes
  a year-only date: a FIDE rating report needs the birth year, R-4.6, not the day);
  staff (organisers, arbiters, admins) get paired rounds and full birth dates too;
- contact data (e-mail, phone) is never exported.

Import (:func:`import_trf`): the file is read by :func:`app.services.trf.read_tournament`
on the ``fide`` preset (or ``preset=``), with the ``teamswiss standings`` overrides (PAB,
forfeit game points, tie-breaks, C.07 text), and stored in one transaction: one club per team
(named after it, federation = its players' most common one), players, teams with locked
pairing numbers, rosters, rounds (completed when every match has a result, in progress when
some result is in, published when none is, pending after the last paired round), matches,
boards and results. A team that lost a match by forfeit is expelled when the rules say so
(R-7.4, as ``POST .../forfeit`` would have done). The importer becomes the organiser.
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections import Counter
from datetime import UTC, date, datetime
from fractions import Fraction
from typing import Any

from sqlmodel import Session, select

from app.auth.principal import Principal
from app.models import BoardGame, Club, Match, Membership, Player, RosterEntry, Round, Team, Tournament
from app.operations import audit
from app.operations.repository import load_domain, rules_of
from app.presentation.standings import standings_to_dict
from app.services import tournament as dom
from app.services.errors import FileFormatError, InvalidInput, StateConflict
from app.services.lifecycle import COMPLETED, IN_PROGRESS, PAIRED_STATES, PUBLIC_STATES, PUBLISHED
from app.services.rules import Rules, fide_default, points_option, preset, rules_to_dict
from app.services.standings import Standings, compute_standings, format_value
from app.services.trf import TrfWarning, fingerprint, read_tournament_with_warnings, write_tournament

EXPORT_FORMATS = ("trf2026", "trf16")
FORMAT_ALIASES = {"trf": "trf2026", "trf2026": "trf2026", "trf-2026": "trf2026", "trf16": "trf16"}
JSON_FORMAT = "teamswiss-tournament-export"
JSON_VERSION = 1


# --- import ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ImportOptions:
    """What a TRF cannot say, named like the ``teamswiss standings`` flags."""

    pab: tuple[Fraction, Fraction] | None = None  # (MP, GP) of the PAB (R-7.5, C.04.6 1.4)
    forfeit_gp: Fraction | None = None  # game points of a match won by forfeit
    tiebreaks: tuple[str, ...] | None = None  # R-8 / C.07 codes
    tiebreak_rules: str | None = None  # "2024" | "2026" (C.07 Art. 16 text)
    preset: str | None = None  # the base settings (default: fide)


def parse_options(pab: str | None = None, forfeit_gp: str | None = None, tiebreaks: str | None = None,
                  rules: str | None = None, preset_name: str | None = None) -> ImportOptions:
    """Options from their text forms (``pab=1,3``, ``tiebreaks=MPTS GPTS BH:MP``, ``rules=2024``)."""
    pab_pair = None
    if pab:
        parts = pab.split(",")
        if len(parts) != 2:
            raise InvalidInput("R-7.5", f"pab: expected MP,GP, got {pab!r}")
        pab_pair = (points_option(parts[0], "pab"), points_option(parts[1], "pab"))
    codes = None
    if tiebreaks is not None and tiebreaks.strip():
        codes = tuple(c for c in tiebreaks.replace(",", " ").split() if c)
    if rules not in (None, "", "2024", "2026"):
        raise InvalidInput("C.07 16", f"rules must be 2024 or 2026, not {rules!r}")
    if preset_name:
        preset(preset_name)  # an unknown preset is refused here
    return ImportOptions(pab=pab_pair, forfeit_gp=points_option(forfeit_gp, "forfeit_gp") if forfeit_gp else None,
                         tiebreaks=codes, tiebreak_rules=rules or None, preset=preset_name or None)


def read_trf(text: str, options: ImportOptions | None = None) -> tuple[dom.Tournament, tuple[TrfWarning, ...]]:
    """The file as the pure model with ``options`` applied, exactly as ``teamswiss standings`` reads it."""
    options = options or ImportOptions()
    base = preset(options.preset) if options.preset else fide_default().replace(tiebreak_rules=None)
    if options.preset:
        base = base.replace(round_starts=(), entry_deadline=None, roster_deadline=None,
                            substitution_deadline=None, start_date=None)
    t, warnings = read_tournament_with_warnings(text, base_rules=base)
    changes: dict[str, Any] = {}
    if t.rules.start_date is None and t.start_date is not None:
        changes["start_date"] = t.start_date  # C.07 text by the file's start date (042)
    if options.pab is not None:
        changes["bye_mp"], changes["bye_gp"] = options.pab
    if options.forfeit_gp is not None:
        changes["forfeit_win_gp"] = options.forfeit_gp
    if options.tiebreak_rules:
        changes["tiebreak_rules"] = options.tiebreak_rules
    if options.tiebreaks is not None:
        # kept as given, like ``teamswiss standings --tiebreaks``: the primary score ranks first anyway
        compute_standings(t.with_rounds(()), tiebreaks=options.tiebreaks)  # unknown -> 422
        changes["tiebreaks"] = options.tiebreaks
    if changes:
        try:
            t = dataclasses.replace(t, rules=t.rules.replace(**changes))
        except InvalidInput as exc:
            raise FileFormatError(None, f"the settings are not valid: {exc.detail}") from None
    return t, warnings


def _split_name(name: str) -> tuple[str, str]:
    """``Lastname, Firstname`` (001 cols 15-47) as (last, first)."""
    if "," in name:
        last, first = name.split(",", 1)
        return last.strip() or name.strip(), first.strip()
    return name.strip(), ""


def _round_state(r: dom.Round) -> str:
    if all(m.complete for m in r.matches):
        return COMPLETED
    started = any(m.forfeit is not None or any(b.result is not None and b.first_player is not None
                                               and b.second_player is not None for b in m.boards)
                  for m in r.matches if m.second is not None)
    return IN_PROGRESS if started else PUBLISHED


def create_from_domain(session: Session, d: dom.Tournament, principal: Principal | None, *,
                       preset_name: str | None = None, reason: str = "import",
                       import_sha256: str | None = None) -> Tournament:
    """Store ``d`` as a new tournament (see the module docstring); the caller commits.

    Team ids of ``d`` are its pairing numbers when it comes from a TRF (id == TPN); any ids
    work, and a team's ``tpn`` (else its position) becomes its locked pairing number.
    """
    rules = d.rules
    now = datetime.now(UTC)
    t = Tournament(
        name=(d.name or "Imported tournament")[:200], city=d.city[:100], federation=(d.federation or "FID")[:3],
        start_date=d.start_date or rules.start_date, end_date=d.end_date, preset=preset_name,
        rules=rules_to_dict(rules), chief_arbiter=d.chief_arbiter[:200], deputy_arbiters=list(d.deputy_arbiters),
        tpns_locked_at=now, import_sha256=import_sha256,
    )
    session.add(t)
    session.flush()
    tid = t.id or 0
    if principal is not None:
        session.add(Membership(user_id=principal.user_id, tournament_id=tid, role="organiser"))
    # one club per team, named after it; flushed in batches (ids come back in the order added)
    team_of = {pid: tm.id for tm in d.teams for pid in tm.roster}
    used_names: set[str] = set()
    teams = sorted(d.teams, key=lambda x: (x.tpn or 0, x.id))
    club_rows: dict[int, Club] = {}
    team_rows: dict[int, Team] = {}
    for pos, tm in enumerate(teams, 1):
        feds = Counter(d.player(p).federation for p in tm.roster if d.player(p).federation)
        fed = feds.most_common(1)[0][0] if feds else (d.federation or "FID")
        name = tm.name[:100] or f"Team {tm.tpn or pos}"
        base_name, k = name, 2
        while name in used_names:  # team names are unique in a tournament
            name = f"{base_name[:95]} ({k})"
            k += 1
        used_names.add(name)
        club_rows[tm.id] = Club(name=name, short_name=tm.nickname[:50], federation=fed[:3])
        team_rows[tm.id] = Team(tournament_id=tid, club_id=0, name=name, nickname=tm.nickname[:5],
                                status="entered", tpn=tm.tpn or pos, entered_at=now)
    session.add_all(club_rows.values())
    session.flush()
    for key, row_t in team_rows.items():
        row_t.club_id = club_rows[key].id or 0
    session.add_all(team_rows.values())
    session.flush()
    team_ids = {key: row_t.id or 0 for key, row_t in team_rows.items()}
    # players in the order of their numbers: database ids keep the file's order, so an export
    # numbers them the same way
    player_rows: dict[int, Player] = {}
    for p in sorted(d.players, key=lambda x: x.id):
        if p.id not in team_of:
            continue  # a 001 record outside every team plays no part in a team event
        last, first = _split_name(p.name)
        player_rows[p.id] = Player(
            club_id=club_rows[team_of[p.id]].id or 0, last_name=last[:100], first_name=first[:100],
            sex="w" if p.female else "m", birth_date=p.birth_date, fide_id=p.fide_id, fide_rating=p.fide_rating,
            national_id=p.national_id, national_rating=p.national_rating, federation=p.federation[:3],
            title=p.title[:3], activation_fee_paid=True,  # the event started elsewhere (R-2.3 checked there)
        )
    session.add_all(player_rows.values())
    session.flush()
    player_ids = {key: row_p.id or 0 for key, row_p in player_rows.items()}
    assert list(player_ids.values()) == sorted(player_ids.values()), "player ids must follow the file's order"
    session.add_all(RosterEntry(tournament_id=tid, team_id=team_ids[tm.id], player_id=player_ids[pid])
                    for tm in teams for pid in tm.roster)
    # rounds, matches, boards
    by_number = {r.number: r for r in d.rounds if r.matches}
    round_rows: dict[int, Round] = {}
    for n in range(1, rules.rounds + 1):
        r = by_number.get(n)
        start = r.start if r is not None and r.start is not None else (
            rules.round_starts[n - 1] if len(rules.round_starts) >= n else None)
        if start is not None and start.tzinfo is None:
            start = start.replace(tzinfo=rules.zone)
        if r is None:
            round_rows[n] = Round(tournament_id=tid, number=n, scheduled_start=start)
            continue
        paired = {x for m in r.matches for x in m.teams()}
        round_rows[n] = Round(tournament_id=tid, number=n, scheduled_start=start, state=_round_state(r),
                              absent_team_ids=sorted(team_ids[tm.id] for tm in d.teams if tm.id not in paired))
    session.add_all(round_rows.values())
    session.flush()
    match_rows: list[tuple[dom.Match, Match]] = []
    expelled: dict[int, int] = {}
    for n, r in sorted(by_number.items()):
        for m in r.matches:
            match_rows.append((m, Match(round_id=round_rows[n].id or 0, table_no=m.table,
                                        first_team_id=team_ids[m.first], forfeit=m.forfeit,
                                        second_team_id=team_ids[m.second] if m.second is not None else None)))
            if m.forfeit is not None and m.second is not None and rules.expel_on_forfeit_loss:
                absent = {"first": [m.first], "second": [m.second], "both": [m.first, m.second]}[m.forfeit]
                for team in absent:
                    expelled.setdefault(team, n)
    session.add_all(row_m for _, row_m in match_rows)
    session.flush()

    def pid(n: int | None) -> int | None:
        return None if n is None else player_ids[n]

    session.add_all(
        BoardGame(match_id=row_m.id or 0, board=b.board, first_player_id=pid(b.first_player),
                  second_player_id=pid(b.second_player), first_white=b.first_white, result=b.result,
                  ended_at=now if b.result is not None else None)
        for m, row_m in match_rows for b in m.boards
    )
    for team, n in expelled.items():
        row_t = team_rows[team]
        row_t.status = "expelled"
        session.add(row_t)
        audit.record(session, principal, "expel", "team", row_t.id, tournament_id=tid, after=row_t,
                     reason=f"R-7.4: lost round {n} by forfeit (imported)")
    audit.record(session, principal, reason, "tournament", tid, tournament_id=tid, after=t,
                 reason=f"{len(d.teams)} teams, {len(player_ids)} players, {len(by_number)} paired rounds")
    session.flush()
    return t


def import_trf(session: Session, text: str, principal: Principal | None,
               options: ImportOptions | None = None, *,
               allow_duplicate: bool = False) -> tuple[Tournament, tuple[TrfWarning, ...]]:
    """Read a TRF-2026 / TRF16 team file and store it as a new tournament; the caller commits.

    An unreadable line raises ``FileFormatError`` (422, with the line number) before
    anything is written. A file imported before (the same :func:`app.services.trf.fingerprint`)
    is refused with ``StateConflict`` (409) unless ``allow_duplicate``. Warnings of kind
    ``"pab"`` name the rounds of a TRF16 file read as a team's pairing-allocated bye.
    """
    options = options or ImportOptions()
    d, warnings = read_trf(text, options)
    if not d.teams:
        raise FileFormatError(None, "the file has no teams")
    digest = fingerprint(text)
    if not allow_duplicate:
        earlier = session.exec(select(Tournament).where(Tournament.import_sha256 == digest)
                               .order_by(Tournament.id)).first()  # type: ignore[arg-type]
        if earlier is not None:
            raise StateConflict(None, f"this file was already imported, as tournament {earlier.id} on "
                                      f"{earlier.created_at:%Y-%m-%d}: importing it again would make a duplicate; "
                                      "ask for it with allow_duplicate=true (teamswiss import --allow-duplicate)",
                                existing_tournament_id=earlier.id)
    return create_from_domain(session, d, principal, preset_name=options.preset, import_sha256=digest), warnings


def imported_pabs(session: Session, t: Tournament, warnings: tuple[TrfWarning, ...]) -> list[dict[str, Any]]:
    """The rounds an import read as a team's pairing-allocated bye: round, team id, TPN, name."""
    teams = {tm.tpn: tm for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()}
    return [{"round": w.round, "team_id": teams[w.team].id, "tpn": w.team, "name": teams[w.team].name}
            for w in warnings if w.kind == "pab" and w.team in teams]


# --- export ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Export:
    """A tournament as exported: the pure model with TRF numbers, and how they map to database ids."""

    domain: dom.Tournament  # player ids = TRF starting ranks; team ids = database ids (tpn set)
    player_numbers: dict[int, int]  # database player id -> starting rank
    states: dict[int, str]  # round number -> state
    public: bool


def _renumber(d: dom.Tournament, numbers: dict[int, int]) -> dom.Tournament:
    def n(pid: int | None) -> int | None:
        return None if pid is None else numbers[pid]

    rounds = tuple(
        dataclasses.replace(r, matches=tuple(
            dataclasses.replace(m, boards=tuple(
                dataclasses.replace(b, first_player=n(b.first_player), second_player=n(b.second_player))
                for b in m.boards))
            for m in r.matches))
        for r in d.rounds
    )
    return dataclasses.replace(
        d,
        players=tuple(sorted((dataclasses.replace(p, id=numbers[p.id]) for p in d.players if p.id in numbers),
                             key=lambda p: p.id)),
        teams=tuple(dataclasses.replace(tm, roster=tuple(numbers[p] for p in tm.roster)) for tm in d.teams),
        rounds=rounds, _team_index={}, _player_index={},
    )


def export_domain(session: Session, t: Tournament, *, public: bool) -> Export:
    """The tournament as the pure model, ready for the TRF writer (see the module docstring)."""
    d = load_domain(session, t)
    states = {r.number: r.state for r in session.exec(select(Round).where(Round.tournament_id == t.id)).all()}
    keep = PUBLIC_STATES if public else PAIRED_STATES
    d = d.with_rounds(n for n, state in states.items() if state in keep)
    rounds = d.rounds
    in_matches = {x for r in rounds for m in r.matches for x in m.teams()}
    teams = [tm for tm in d.teams if tm.status is not dom.TeamStatus.WAITLISTED or tm.id in in_matches]
    next_tpn = max((tm.tpn or 0 for tm in teams), default=0)
    numbered = []
    for tm in sorted(teams, key=lambda x: (x.tpn is None, x.tpn or 0, x.id)):
        if tm.tpn is None:
            next_tpn += 1
            tm = dataclasses.replace(tm, tpn=next_tpn)
        numbered.append(tm)
    in_games = {p for r in rounds for m in r.matches for b in m.boards for p in (b.first_player, b.second_player)
                if p is not None}
    wanted = {p for tm in numbered for p in tm.roster} | in_games
    numbers = {pid: k for k, pid in enumerate(sorted(wanted), 1)}
    d = dataclasses.replace(d, teams=tuple(numbered), _team_index={}, _player_index={})
    if public:
        d = dataclasses.replace(d, players=tuple(
            dataclasses.replace(p, birth_date=date(p.birth_date.year, 1, 1) if p.birth_date else None)
            for p in d.players), _team_index={}, _player_index={})
    return Export(domain=_renumber(d, numbers), player_numbers=numbers, states=states, public=public)


def _standings(d: dom.Tournament) -> Standings:
    return compute_standings(d)


def _year_only(text: str) -> str:
    """Birth dates (001 cols 70-79) as ``YYYY/00/00``: what a public file shows (R-4.6 needs the year)."""
    out = []
    for line in text.split("\n"):
        if line.startswith("001 ") and len(line) >= 79 and line[69:73].isdigit() and line[73] == "/":
            line = line[:73] + "/00/00" + line[79:]
        out.append(line)
    return "\n".join(out)


def export_trf(session: Session, t: Tournament, fmt: str = "trf2026", *, public: bool) -> str:
    """The TRF-2026 (or TRF16) file of the tournament as it stands."""
    fmt = FORMAT_ALIASES.get(fmt.lower(), fmt)
    if fmt not in EXPORT_FORMATS:
        raise InvalidInput(None, f"unknown format {fmt!r}; use trf2026 or trf16")
    ex = export_domain(session, t, public=public)
    text = write_tournament(ex.domain, fmt=fmt, standings=_standings(ex.domain))
    return _year_only(text) if public else text


def _iso(v: date | datetime | None) -> str | None:
    return v.isoformat() if v is not None else None


def export_json(session: Session, t: Tournament, *, public: bool) -> dict[str, Any]:
    """The whole tournament as one JSON document (schema: ``openapi/tournament-export.schema.json``)."""
    ex = export_domain(session, t, public=public)
    d = ex.domain
    rules = rules_of(t)
    db_players = {p.id: p for p in session.exec(select(Player).where(
        Player.id.in_(list(ex.player_numbers)))).all()} if ex.player_numbers else {}  # type: ignore[union-attr]
    team_rows = {tm.id: tm for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()}
    clubs = {c.id: c for c in session.exec(select(Club).where(
        Club.id.in_({tm.club_id for tm in team_rows.values()}))).all()} if team_rows else {}  # type: ignore[union-attr]
    number_to_db = {n: pid for pid, n in ex.player_numbers.items()}
    players = []
    for p in d.players:
        row = db_players[number_to_db[p.id]]
        item: dict[str, Any] = {
            "id": row.id, "number": p.id, "name": row.name, "last_name": row.last_name,
            "first_name": row.first_name, "sex": row.sex, "title": row.title, "federation": row.federation,
            "fide_id": row.fide_id, "fide_rating": row.fide_rating, "national_id": row.national_id,
            "national_rating": row.national_rating, "club_id": row.club_id,
            "birth_year": row.birth_date.year if row.birth_date else None,
        }
        if not public:
            item["birth_date"] = _iso(row.birth_date)
        players.append(item)
    teams = []
    for tm in sorted(d.teams, key=lambda x: x.tpn or 0):
        row_t = team_rows[tm.id]
        teams.append({"id": tm.id, "tpn": tm.tpn, "name": tm.name, "nickname": tm.nickname, "club_id": tm.club_id,
                      "status": tm.status.value, "players": [number_to_db[n] for n in tm.roster],
                      "entered_at": _iso(row_t.entered_at)})
    round_rows = session.exec(select(Round).where(Round.tournament_id == t.id).order_by(Round.number)).all()
    by_number = {r.number: r for r in d.rounds}
    rounds = []
    for rr in round_rows:
        dr = by_number.get(rr.number)
        matches = []
        for m in dr.matches if dr is not None else ():
            matches.append(_match_json(d, rules, m, number_to_db))
        start = rr.scheduled_start
        day = start.astimezone(rules.zone).date() if start is not None else None
        rounds.append({"number": rr.number, "state": rr.state, "date": _iso(day),
                       "scheduled_start": _iso(start), "matches": matches})
    done = [rr.number for rr in round_rows if rr.state == COMPLETED]
    last = max(done, default=None)
    view = d.with_rounds(done)
    standings = standings_to_dict(view, compute_standings(view, after_round=last))  # as GET .../standings
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "public": public,
        "tournament": {
            "id": t.id, "name": t.name, "city": t.city, "venue": t.venue, "federation": t.federation,
            "start_date": _iso(t.start_date), "end_date": _iso(t.end_date), "preset": t.preset,
            "chief_arbiter": t.chief_arbiter, "deputy_arbiters": list(t.deputy_arbiters),
            "time_control": rules.time_control, "rounds": rules.rounds, "boards": rules.boards,
            "tpns_locked": t.tpns_locked_at is not None, "rules": rules_to_dict(rules),
        },
        "clubs": [{"id": c.id, "name": c.name, "short_name": c.short_name, "federation": c.federation,
                   "city": c.city, "union_member": c.union_member} for c in sorted(clubs.values(),
                                                                                 key=lambda c: c.id or 0)],
        "teams": teams,
        "players": players,
        "rounds": rounds,
        "standings": standings,
    }


def _match_json(d: dom.Tournament, rules: Rules, m: dom.Match, number_to_db: dict[int, int]) -> dict[str, Any]:
    score = mp = None
    if m.complete:
        a = dom.team_round(m, m.first, m.round, rules)
        if m.second is not None:
            b = dom.team_round(m, m.second, m.round, rules)
            score = [format_value(a.gp or 0), format_value(b.gp or 0)]
            mp = [format_value(a.mp or 0), format_value(b.mp or 0)]
        else:
            score, mp = [format_value(a.gp or 0)], [format_value(a.mp or 0)]

    def pid(n: int | None) -> int | None:
        return None if n is None else number_to_db[n]

    return {
        "table": m.table, "first": m.first, "second": m.second, "pab": m.second is None, "forfeit": m.forfeit,
        "complete": m.complete, "score": score, "match_points": mp,
        "boards": [{"board": b.board, "first_player": pid(b.first_player), "second_player": pid(b.second_player),
                    "white": "first" if b.first_white else "second", "result": b.result} for b in m.boards],
    }


# --- CSV ---------------------------------------------------------------------------------------

BOM = "\ufeff"


def _csv(rows: list[list[Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerows(rows)
    return BOM + buf.getvalue()


def standings_csv(d: dom.Tournament, st: Standings) -> str:
    """Standings as CSV (UTF-8 with BOM, so spreadsheet programs open Greek names correctly). W/D/L count played
    matches only; byes and forfeit wins/losses have their own columns, as in the standings read model."""
    rows: list[list[Any]] = [["Rank", "Tied", "TPN", "Team", "Club", "MP", "GP", "W", "D", "L",
                              "Byes", "F+", "F-", *st.tiebreak_codes]]
    for r in st.rows:
        team = d.team(r.team_id)
        club = d.club(team.club_id)
        rows.append([r.rank, "=" if r.tied else "", team.tpn or "", team.name, club.name if club else "",
                     format_value(r.mp), format_value(r.gp), r.won, r.drawn, r.lost,
                     r.byes, r.forfeit_wins, r.forfeit_losses, *(format_value(v) for _, v in r.tiebreaks)])
    return _csv(rows)


def pairings_csv(session: Session, t: Tournament, number: int, *, public: bool) -> str:
    """One round's pairings and results as CSV: one row per board (one per PAB or forfeited match)."""
    ex = export_domain(session, t, public=public)
    d = ex.domain
    rnd = next((r for r in d.rounds if r.number == number), None)
    if rnd is None:
        what = "published" if public else "paired"
        raise StateConflict("C.04.2 1.4", f"round {number} is not {what} yet")
    names = {p.id: p for p in d.players}
    rules = d.rules
    header = ["Round", "Table", "Board", "First TPN", "First team", "Second TPN", "Second team",
              "Match score", "Match points", "First player", "First FIDE id", "First rating",
              "Second player", "Second FIDE id", "Second rating", "White", "Result"]
    rows: list[list[Any]] = [header]
    for m in rnd.matches:
        first = d.team(m.first)
        second = d.team(m.second) if m.second is not None else None
        tr = dom.team_round(m, m.first, number, rules)
        score = mp = ""
        if m.complete:
            if m.second is None:
                score, mp = format_value(tr.gp or 0), format_value(tr.mp or 0)
            else:
                o = dom.team_round(m, m.second, number, rules)
                score = f"{format_value(tr.gp or 0)}-{format_value(o.gp or 0)}"
                mp = f"{format_value(tr.mp or 0)}-{format_value(o.mp or 0)}"
        base = [number, m.table, "", first.tpn, first.name, second.tpn if second else "",
                second.name if second else "PAB", score, mp]
        if m.second is None or m.forfeit is not None or not m.boards:
            rows.append(base + ["", "", "", "", "", "", "", f"forfeit: {m.forfeit}" if m.forfeit else ""])
            continue
        for b in m.boards:
            cells: list[Any] = []
            for n in (b.first_player, b.second_player):
                p = names.get(n) if n is not None else None
                cells += [p.name, p.fide_id or "", p.fide_rating or ""] if p else ["", "", ""]
            row = list(base)
            row[2] = b.board
            rows.append(row + cells + ["first" if b.first_white else "second", b.result or ""])
    return _csv(rows)
