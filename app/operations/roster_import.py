"""A team's roster from a file (CSV with ``,`` or ``;``, or an .xlsx spreadsheet): a preview of what each line
becomes, then, when asked, the new players registered and everyone put on the roster (R-3.1, R-3.3) at once.

The lines are read by :mod:`app.services.roster_file`; each player is then checked as ``POST /players`` checks
one (the same schema) and the whole roster as ``PUT .../roster`` checks it, so the preview refuses what saving
would refuse. A file with a line in error saves nothing.
"""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import date

from pydantic import ValidationError
from sqlmodel import Session, col, select

from app.auth.rights import Access
from app.models import Club, Player, RosterEntry, Team
from app.operations import players as player_ops
from app.operations import rosters
from app.operations.repository import get_team, load_tournament, rules_of, to_club, to_player
from app.presentation.messages import translate
from app.schemas.clubs import PlayerCreate
from app.schemas.teams import RosterImportLine, RosterImportRead, RosterPut
from app.services import tournament as dom
from app.services.eligibility import check_roster
from app.services.errors import DomainError, InvalidInput, RuleViolation
from app.services.roster_file import MAX_LINES, Known, SheetLine, match, read_sheet, same_name

#: Columns read from a spreadsheet row (a roster file has a dozen; the rest is ignored).
MAX_COLUMNS = 40
XLSX_MAGIC = b"PK\x03\x04"


def read_rows(raw: bytes) -> list[list[object]]:
    """The rows of a roster file: the first sheet of an .xlsx workbook, else CSV text (UTF-8, or Windows-1253 as
    Greek Excel saves it) separated by ``;``, ``,`` or tabs, whichever the header line uses most."""
    if not raw.strip():
        raise InvalidInput("R-3.1", "the file has no lines: a header line and one line a player are needed")
    if raw.startswith(XLSX_MAGIC):
        return _xlsx_rows(raw)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1253", errors="replace")
    if "\x00" in text:  # a picture, a PDF, an old .xls: no spreadsheet text has a NUL
        raise InvalidInput("R-3.1", "the file is neither a CSV text nor an .xlsx workbook")
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = max(";,\t", key=first.count)
    rows: list[list[object]] = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            rows.append(list(row[:MAX_COLUMNS]))
            if len(rows) > MAX_LINES + 50:  # read_sheet refuses the file; no need to read the rest
                break
    except csv.Error as exc:
        raise InvalidInput("R-3.1", "the file cannot be read as CSV text: {why}", params={"why": str(exc)}) from None
    return rows


def _xlsx_rows(raw: bytes) -> list[list[object]]:
    from openpyxl import load_workbook  # only an .xlsx upload needs it

    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError):
        raise InvalidInput("R-3.1", "the file is not an .xlsx workbook that can be read") from None
    try:
        sheet = book.worksheets[0]
        rows: list[list[object]] = []
        for row in sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS):
            rows.append(list(row))
            if len(rows) > MAX_LINES + 50:
                break
        return rows
    finally:
        book.close()


def _plain(fields: dict[str, object]) -> dict[str, str | int | bool | None]:
    return {k: v.isoformat() if isinstance(v, date) else v if isinstance(v, str | int | bool) or v is None else str(v)
            for k, v in fields.items()}


def _name(fields: dict[str, object]) -> str:
    last, first = str(fields.get("last_name", "")), str(fields.get("first_name", ""))
    return f"{last}, {first}" if first else last


def import_roster(session: Session, access: Access, tournament_id: int, team_id: int, raw: bytes, *, save: bool,
                  reason: str, language: str) -> RosterImportRead:
    """Read a roster file for a team: what each line becomes; with ``save``, register the new players and set
    the roster (the current roster and every player of the file), or refuse and save nothing."""
    t = load_tournament(session, tournament_id, for_update=save)
    team = get_team(session, tournament_id, team_id)
    rules = rules_of(t)
    club = session.get(Club, team.club_id)
    sheet = read_sheet(read_rows(raw))

    def said(exc: DomainError) -> str:
        return translate(exc.template, exc.params, language)

    club_players = session.exec(select(Player).where(Player.club_id == team.club_id)).all()
    known = [Known(p.id or 0, p.last_name, p.first_name, p.birth_date, p.fide_id) for p in club_players]
    by_id = {p.id: p for p in club_players}
    entries = session.exec(select(RosterEntry).where(RosterEntry.tournament_id == tournament_id)).all()
    current = [e.player_id for e in entries if e.team_id == team.id]
    elsewhere = {e.player_id: e.team_id for e in entries if e.team_id != team.id}
    team_names = dict(session.exec(select(Team.id, Team.name).where(Team.tournament_id == tournament_id)).all())
    fide_owner = {}
    fide_ids = [f for ln in sheet.lines if (f := ln.fields.get("fide_id")) is not None and ln.error is None]
    if fide_ids:
        fide_owner = {p.fide_id: p for p in session.exec(select(Player).where(col(Player.fide_id).in_(fide_ids)))}

    out: list[RosterImportLine] = []
    new: list[tuple[RosterImportLine, PlayerCreate]] = []
    matched: list[int] = []
    seen: list[SheetLine] = []

    def refuse(ln: SheetLine, exc: DomainError) -> None:
        out.append(RosterImportLine(line=ln.line, outcome="error", name=_name(dict(ln.fields)),
                                    fields=_plain(dict(ln.fields)), rule=exc.rule, detail=said(exc)))

    for ln in sheet.lines:
        fields = dict(ln.fields)
        if ln.error is not None:
            refuse(ln, ln.error)
            continue
        twin = next((s for s in seen if (s.fields.get("fide_id") is not None
                                          and s.fields.get("fide_id") == fields.get("fide_id"))
                     or (same_name(str(s.fields["last_name"]), str(s.fields.get("first_name", "")),
                                   str(fields["last_name"]), str(fields.get("first_name", "")))
                         and s.fields.get("birth_date") == fields.get("birth_date"))), None)
        if twin is not None:
            refuse(ln, InvalidInput("R-3.1", "the same player as line {other}", params={"other": twin.line}))
            continue
        seen.append(ln)
        hit = match(fields, known)
        fide_id = fields.get("fide_id")
        owner = fide_owner.get(fide_id) if isinstance(fide_id, int) else None
        if hit is None and owner is not None:
            other = owner
            refuse(ln, RuleViolation("R-2.1", "FIDE id {fide_id} is {name}'s, a player of another club",
                                     params={"fide_id": fields["fide_id"], "name": other.name}))
            continue
        if hit is not None:
            if hit.id in elsewhere:
                refuse(ln, RuleViolation("R-3.1", "{name} is on the roster of {team}; a player is a member of "
                                         "one team", params={"name": by_id[hit.id].name,
                                                             "team": team_names.get(elsewhere[hit.id], "?")}))
                continue
            matched.append(hit.id)
            out.append(RosterImportLine(line=ln.line, outcome="existing", player_id=hit.id, name=by_id[hit.id].name,
                                        fields=_plain(fields)))
            continue
        try:
            body = PlayerCreate.model_validate({"club_id": team.club_id, "federation": club.federation if club
                                                else "GRE", **fields})
        except ValidationError as exc:
            err = exc.errors()[0]
            refuse(ln, InvalidInput(None, "{column}: {reason}", params={
                "column": ".".join(str(x) for x in err["loc"]), "reason": err["msg"]}))
            continue
        line = RosterImportLine(line=ln.line, outcome="new", name=_name(fields), fields=_plain(fields))
        out.append(line)
        new.append((line, body))

    out.sort(key=lambda x: x.line)
    roster_ids = current + [pid for pid in dict.fromkeys(matched) if pid not in current]
    # the roster the file would give, checked as PUT .../roster checks it (new players under stand-in ids)
    outside = [pid for pid in roster_ids if pid not in by_id]  # on the roster, of another club (moved, R-11.5)
    rows = {**by_id, **({p.id: p for p in session.exec(select(Player).where(col(Player.id).in_(outside)))}
                        if outside else {})}
    would_be = [to_player(rows[pid]) for pid in roster_ids if pid in rows]
    for i, (_, body) in enumerate(new):
        would_be.append(dom.Player(id=-(i + 1), name=_name(body.model_dump()), sex=body.sex,
                                   birth_date=body.birth_date, fide_id=body.fide_id, fide_rating=body.fide_rating,
                                   national_id=body.national_id, national_rating=body.national_rating,
                                   federation=body.federation, activation_fee_paid=body.activation_fee_paid))
    others: dict[int, list[int]] = {}
    for pid, tid in elsewhere.items():
        others.setdefault(tid, []).append(pid)
    organiser = access.holds("roster.move")
    problem: dict[str, str | None] | None = None
    warnings: list[dict[str, str | None]] = []
    try:
        check = check_roster(rules, would_be, to_club(club) if club else None, t.start_date or rules.start_date
                             or date.today(), other_rosters=others, organiser=organiser)
        warnings = [{"rule": w.rule, "detail": w.detail} for w in check.warnings]
    except DomainError as exc:
        problem = {"rule": exc.rule, "detail": said(exc)}
    result = RosterImportRead(saved=False, lines=out, ignored_columns=list(sheet.ignored_columns), problem=problem,
                              warnings=warnings)
    if not save:
        return result
    errors = sum(x.outcome == "error" for x in out)
    if errors:
        raise InvalidInput("R-3.1", "{n} line(s) of the file cannot be imported; correct them and send the file "
                           "again (nothing was saved)", params={"n": errors})
    if new:
        access.require_club(team.club_id)
    for line, body in new:
        line.player_id = player_ops.create_player(session, access, body).id
    roster = rosters.put_roster(session, tournament_id, team_id, RosterPut(
        player_ids=roster_ids + [line.player_id or 0 for line, _ in new], reason=reason), access.signed_in,
        organiser=organiser)
    return result.model_copy(update={"saved": True, "roster": roster, "warnings": roster.warnings})

