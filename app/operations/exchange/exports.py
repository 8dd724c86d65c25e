"""Exporting a tournament: TRF-2026 / TRF16 (the pure writer is :mod:`app.services.trf`), JSON and CSV.

- players are numbered 1..N (TRF starting rank, 001 cols 5-8) in the order of their
  database ids, so a tournament imported from a file keeps the file's numbers;
- teams are written with their pairing numbers (310 cols 5-7); a team without one (the
  ranking not locked yet) gets the next free number in entry order; waitlisted teams are
  left out (they are not in the tournament yet);
- a *public* export holds only rounds whose pairing is published (published, in progress,
  completed) and writes birth dates as the year only (``YYYY/00/00``, as Swiss-Manager writes
  a year-only date: a FIDE rating report needs the birth year, R-4.6, not the day);
  staff (organisers, arbiters, admins) get paired rounds and full birth dates too;
- contact data (e-mail, phone) is never exported;
- a CSV cell is safe to open in a spreadsheet (:func:`spreadsheet_cell`): a text that starts like a formula
  (``=``, ``+``, ``-``, ``@``, tab, CR) is written after a single quote, as OWASP advises against CSV injection;
  the numbers the server computed (ranks, pairing numbers, points, tie-breaks) and its own marks (a shared
  rank's ``=``, a result ``-/+``) are written as they are.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from sqlmodel import Session, col, select

from app.models import BoardGame, Club, Match, Player, Round, Team, Tournament
from app.operations.reads.standings import completed_view
from app.operations.repository import load_domain, load_tournament, rules_of
from app.presentation.ratings import rating_change_dict
from app.presentation.standings import standings_to_dict
from app.services import tournament as dom
from app.services.errors import InvalidInput, StateConflict
from app.services.event_ratings import event_year, games_index, player_ratings, team_ratings
from app.services.lifecycle import COMPLETED, PAIRED, PAIRED_STATES, PUBLIC_STATES, PUBLISHED, STATE_WORDS
from app.services.rating_report import rating_check as check_rating_report
from app.services.rules import Rules, rules_to_dict
from app.services.standings import Standings, compute_standings, format_value
from app.services.trf import write_tournament_with_warnings

EXPORT_FORMATS = ("trf2026", "trf16")
FORMAT_ALIASES = {"trf": "trf2026", "trf2026": "trf2026", "trf-2026": "trf2026", "trf16": "trf16"}
JSON_FORMAT = "teamswiss-tournament-export"
JSON_VERSION = 1


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


def trf_format(fmt: str) -> str:
    """The export format a name means (``trf`` is ``trf2026``): what a kept export is told apart by."""
    fmt = FORMAT_ALIASES.get(fmt.lower(), fmt)
    if fmt not in EXPORT_FORMATS:
        raise InvalidInput(None, "unknown format {fmt!r}; use trf2026 or trf16",
                           params={"fmt": fmt})
    return fmt


def export_trf(session: Session, tournament_id: int, fmt: str = "trf2026", *, public: bool) -> str:
    """The TRF-2026 (or TRF16) file of the tournament as it stands."""
    return export_trf_with_warnings(session, tournament_id, fmt, public=public)[0]


def export_trf_with_warnings(session: Session, tournament_id: int, fmt: str = "trf2026", *,
                             public: bool) -> tuple[str, tuple[str, ...]]:
    """:func:`export_trf`, and what the file could not hold as it is (a team name cut to its 32 columns)."""
    t = load_tournament(session, tournament_id)
    fmt = trf_format(fmt)
    ex = export_domain(session, t, public=public)
    text, warnings = write_tournament_with_warnings(ex.domain, fmt=fmt, standings=_standings(ex.domain))
    return (_year_only(text) if public else text), warnings


def rating_check(session: Session, tournament_id: int) -> dict[str, Any]:
    """What the rating report misses (:mod:`app.services.rating_report`), over the paired rounds, with the
    database's player and team ids: the arbiter's list before the file goes to the rating officer."""
    t = load_tournament(session, tournament_id)
    states = {r.number: r.state for r in session.exec(select(Round).where(Round.tournament_id == t.id)).all()}
    d = load_domain(session, t).with_rounds(n for n, state in states.items() if state in PAIRED_STATES)
    check = check_rating_report(d, {n for n, state in states.items() if state == COMPLETED})
    return {"tournament_id": t.id, "ready": check.ready, "fide_rated": check.fide_rated,
            "national_rated": check.national_rated, "players": check.players, "games": check.games,
            "findings": [dataclasses.asdict(f) for f in check.findings]}


def _iso(v: date | datetime | None) -> str | None:
    return v.isoformat() if v is not None else None


def player_json(row: Player) -> dict[str, Any]:
    """A player as every export shows them to the public: the birth year, never the date."""
    return {"id": row.id, "last_name": row.last_name, "first_name": row.first_name, "sex": row.sex,
            "title": row.title, "federation": row.federation, "fide_id": row.fide_id, "fide_rating": row.fide_rating,
            "national_id": row.national_id, "national_rating": row.national_rating, "club_id": row.club_id,
            "birth_year": row.birth_date.year if row.birth_date else None}


def export_json(session: Session, tournament_id: int, *, public: bool) -> dict[str, Any]:
    """The whole tournament as one JSON document (schema: ``openapi/tournament-export.schema.json``)."""
    t = load_tournament(session, tournament_id)
    ex = export_domain(session, t, public=public)
    d = ex.domain
    rules = rules_of(t)
    db_players = {p.id: p for p in session.exec(select(Player).where(
        col(Player.id).in_(list(ex.player_numbers)))).all()} if ex.player_numbers else {}
    team_rows = {tm.id: tm for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()}
    clubs = {c.id: c for c in session.exec(select(Club).where(
        col(Club.id).in_({tm.club_id for tm in team_rows.values()}))).all()} if team_rows else {}
    number_to_db = {n: pid for pid, n in ex.player_numbers.items()}
    round_rows = session.exec(select(Round).where(Round.tournament_id == t.id).order_by(col(Round.number))).all()
    done = [rr.number for rr in round_rows if rr.state == COMPLETED]
    view = d.with_rounds(done)
    year = event_year(d)
    index = games_index(view)
    players = []
    for p in d.players:
        row = db_players[number_to_db[p.id]]
        item: dict[str, Any] = {
            **player_json(row), "number": p.id, "name": row.name, "fide_k": row.fide_k, "national_k": row.national_k,
            "rating_change": rating_change_dict(player_ratings(view, p.id, year, index)),
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
    by_number = {r.number: r for r in d.rounds}
    ended = _ended_at(session, [rr.id or 0 for rr in round_rows if rr.number in by_number])
    rounds = []
    for rr in round_rows:
        dr = by_number.get(rr.number)
        matches = []
        for m in dr.matches if dr is not None else ():
            matches.append(_match_json(d, rules, m, number_to_db, ended.get((rr.number, m.table), {})))
        start = rr.scheduled_start
        day = start.astimezone(rules.zone).date() if start is not None else None
        rounds.append({"number": rr.number, "state": rr.state, "date": _iso(day),
                       "scheduled_start": _iso(start), "manual": rr.manual,
                       "absent_team_ids": list(rr.absent_team_ids), "matches": matches})
    last = max(done, default=None)
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
            "adjustments": list(t.point_adjustments or []),  # team_id: the teams' ids of this document
        },
        "clubs": [{"id": c.id, "name": c.name, "short_name": c.short_name, "federation": c.federation,
                   "city": c.city, "union_member": c.union_member} for c in sorted(clubs.values(),
                                                                                 key=lambda c: c.id or 0)],
        "teams": teams,
        "players": players,
        "rounds": rounds,
        "standings": standings,
    }


def json_bytes(document: dict[str, Any]) -> bytes:
    """The JSON export as the file's bytes: compact UTF-8, as the API writes every JSON answer."""
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def _ended_at(session: Session, round_ids: list[int]) -> dict[tuple[int, int], dict[int, str | None]]:
    """When each board's result was entered, by (round number, table) and board: the public round shows it."""
    if not round_ids:
        return {}
    rows = session.exec(select(Round.number, Match.table_no, BoardGame.board, BoardGame.ended_at)
                        .join(Match, col(Match.round_id) == Round.id)
                        .join(BoardGame, col(BoardGame.match_id) == Match.id)
                        .where(col(Round.id).in_(round_ids))).all()
    out: dict[tuple[int, int], dict[int, str | None]] = {}
    for number, table, board, at in rows:
        out.setdefault((number, table), {})[board] = _iso(at)
    return out


def _match_json(d: dom.Tournament, rules: Rules, m: dom.Match, number_to_db: dict[int, int],
                ended: dict[int, str | None]) -> dict[str, Any]:
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
                    "white": "first" if b.first_white else "second", "result": b.result,
                    "ended_at": ended.get(b.board)} for b in m.boards],
    }


# --- CSV ---------------------------------------------------------------------------------------

BOM = "\ufeff"
#: What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"): ``=HYPERLINK(...)``,
#: ``+SUM(...)``, ``-2+3``, ``@SUM(...)``, and tab or CR before any of them.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class Computed(str):
    """A text cell the server wrote itself (a score such as ``2.5-1.5``, a result ``-/+``, the tie mark ``=``):
    never a formula someone typed, so written as it is."""

    __slots__ = ()


def spreadsheet_cell(value: Any, decimal_comma: bool = False) -> Any:
    """One CSV cell as every CSV export writes it: a text that starts like a formula gets a leading single
    quote, which spreadsheets show as text instead of running it (OWASP's advice). A number the server
    computed stays a number (exact: a Fraction as :func:`format_value` writes it), and so does a
    :class:`Computed` text; with ``decimal_comma`` (a Greek spreadsheet) their decimal point is a comma."""
    if value is None:
        return ""
    if isinstance(value, Computed):
        return value.replace(".", ",") if decimal_comma else value
    if isinstance(value, bool | int):
        return value
    if isinstance(value, Fraction):
        text = format_value(value)
        return text.replace(".", ",") if decimal_comma else text
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


@dataclasses.dataclass(frozen=True)
class Table:
    """A table an export writes (CSV, a spreadsheet, a PDF): its title, header and rows of cells (numbers the
    server computed as ``int``/``Fraction``/:class:`Computed`, texts as ``str``)."""

    title: tuple[str, ...]  # the tournament's name, then the words of what the table is
    header: list[str]
    rows: list[list[Any]]

    @property
    def heading(self) -> str:
        return f"{self.title[0]} · {' '.join(self.title[1:])}"


#: The Greek header of every table the exports write (a Greek spreadsheet or PDF).
HEADERS_EL = {
    "Rank": "Θέση", "Tied": "Ισοβαθμία", "TPN": "Α/Α", "Team": "Ομάδα", "Club": "Σύλλογος", "MP": "ΟΒ",
    "GP": "ΑΒ", "W": "Ν", "D": "Ι", "L": "Η", "Byes": "Bye", "F+": "Χ+", "F-": "Χ-",
    "FIDE average": "Μ.Ο. FIDE", "FIDE performance": "Επίδοση FIDE", "National average": "Μ.Ο. ΕΛΟ",
    "National performance": "Επίδοση ΕΛΟ", "Round": "Γύρος", "Table": "Τραπέζι", "Board": "Σκακιέρα",
    "First TPN": "Α/Α 1ης", "First team": "1η ομάδα", "Second TPN": "Α/Α 2ης", "Second team": "2η ομάδα",
    "Match score": "Αποτέλεσμα", "Match points": "Ομαδικοί βαθμοί", "First player": "Σκακιστής 1ης",
    "First FIDE id": "FIDE ID 1ου", "First rating": "ΕΛΟ 1ου", "Second player": "Σκακιστής 2ης",
    "Second FIDE id": "FIDE ID 2ου", "Second rating": "ΕΛΟ 2ου", "White": "Λευκά", "Result": "Αποτέλεσμα σκ.",
    "Standings": "Κατάταξη", "Pairings": "Ζεύγη", "after round": "μετά τον γύρο", "round": "γύρος",
}


def localised(table: Table, greek: bool) -> Table:
    """The table with its header (and title words) in Greek for a Greek reader; the data stay as they are."""
    if not greek:
        return table
    return Table(tuple(HEADERS_EL.get(w, w) for w in table.title), [HEADERS_EL.get(h, h) for h in table.header],
                 table.rows)


def _csv(table: Table, greek: bool = False) -> str:
    """A table as CSV (UTF-8 with BOM, so spreadsheet programs open Greek names correctly); a Greek spreadsheet
    (``greek``) reads ``;`` between cells and a decimal comma, as Greek Excel and LibreOffice expect."""
    table = localised(table, greek)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n", delimiter=";" if greek else ",")
    w.writerow(table.header)
    w.writerows([spreadsheet_cell(cell, greek) for cell in row] for row in table.rows)
    return BOM + buf.getvalue()


def standings_csv(session: Session, tournament_id: int, after_round: int | None = None, *,
                  greek: bool = False) -> str:
    """The standings after a completed round (the last one by default) as CSV (:func:`standings_table`)."""
    return _csv(standings_table(session, tournament_id, after_round), greek)


def standings_table(session: Session, tournament_id: int, after_round: int | None = None) -> Table:
    """The standings after a completed round (the last one by default), one row per team. W/D/L count played
    matches only; byes and forfeit wins/losses have their own columns, as in the standings read model; the last
    four columns are the team's average rating and performance (FIDE, national)."""
    d, last = completed_view(session, load_tournament(session, tournament_id), after_round)
    st = compute_standings(d, after_round=last)
    index = games_index(d)
    header = ["Rank", "Tied", "TPN", "Team", "Club", "MP", "GP", "W", "D", "L", "Byes", "F+", "F-",
              *st.tiebreak_codes, "FIDE average", "FIDE performance", "National average", "National performance"]
    rows: list[list[Any]] = []
    for r in st.rows:
        team = d.team(r.team_id)
        club = d.club(team.club_id)
        ratings = team_ratings(d, team.roster, index).values()
        rows.append([r.rank, Computed("=") if r.tied else "", team.tpn or "", team.name, club.name if club else "",
                     Fraction(r.mp), Fraction(r.gp), r.won, r.drawn, r.lost,
                     r.byes, r.forfeit_wins, r.forfeit_losses, *(Computed(format_value(v)) for _, v in r.tiebreaks),
                     *(x for tr in ratings for x in (tr.average, tr.performance))])
    return Table((d.name, "Standings", "after round", str(last)) if last else (d.name, "Standings"), header, rows)


def pairings_csv(session: Session, tournament_id: int, number: int, *, public: bool, greek: bool = False) -> str:
    """One round's pairings and results as CSV (:func:`pairings_table`)."""
    return _csv(pairings_table(session, tournament_id, number, public=public), greek)


def pairings_table(session: Session, tournament_id: int, number: int, *, public: bool) -> Table:
    """One round's pairings and results: one row per board (one per PAB or forfeited match)."""
    ex = export_domain(session, load_tournament(session, tournament_id), public=public)
    d = ex.domain
    rnd = next((r for r in d.rounds if r.number == number), None)
    if rnd is None:
        what = STATE_WORDS[PUBLISHED if public else PAIRED]
        raise StateConflict("C.04.2 1.4", "round {number} is not {state} yet",
                            params={"number": number, "state": what})
    names = {p.id: p for p in d.players}
    rules = d.rules
    header = ["Round", "Table", "Board", "First TPN", "First team", "Second TPN", "Second team",
              "Match score", "Match points", "First player", "First FIDE id", "First rating",
              "Second player", "Second FIDE id", "Second rating", "White", "Result"]
    rows: list[list[Any]] = []
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
        score, mp = Computed(score), Computed(mp)
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
            rows.append(row + cells + ["first" if b.first_white else "second", Computed(b.result or "")])
    return Table((d.name, "Pairings", "round", str(number)), header, rows)
