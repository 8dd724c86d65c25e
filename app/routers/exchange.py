"""Data exchange: TRF-2026 / TRF16, JSON and CSV exports, and TRF import.

Exports are public for rounds whose pairing is published (published, in progress,
completed); the tournament's staff (organiser, arbiters, admins) also get paired rounds and
full birth dates. A public TRF writes birth dates as ``YYYY/00/00`` (the year is what a FIDE
rating report needs, R-4.6). See :mod:`app.operations.exchange` for the details.

Every export is kept by the tournament's version (``cache.read_bytes``): a loop of readers costs one build per
change, not one per request, and answers 304 to a current ``If-None-Match``. The public and the private file are
kept apart (their own entries and ETags), so a public reader is never answered with the private one.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response, status

from app.http.deps import NOT_MODIFIED, Access, Id, IfNoneMatch, SessionDep, answers, cached_file, permit, public
from app.http.uploads import uploaded_bytes
from app.operations import cache
from app.operations.exchange import documents, exports, imports
from app.presentation.messages import pick_language
from app.schemas.tournaments import RatingCheckRead, TournamentImportRead
from app.services.errors import FileFormatError

router = APIRouter(tags=["exchange"])


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise FileFormatError(line, "the file is not UTF-8 text") from None


async def trf_body(request: Request) -> str:
    """The TRF text: the request body (``text/plain``) or the first file of a multipart upload."""
    # an empty file is refused by the reader ("line 1: the file is empty; expected ...")
    return _decode(await uploaded_bytes(request))


TRF_REQUEST_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "description": "a TRF-2026 or TRF16 team file, UTF-8",
        "content": {
            "text/plain": {"schema": {"type": "string"}},
            "multipart/form-data": {"schema": {"type": "object", "properties": {
                "file": {"type": "string", "format": "binary"}}, "required": ["file"]}},
        },
    }
}


@router.post("/tournaments/import", response_model=TournamentImportRead, status_code=status.HTTP_201_CREATED,
             openapi_extra=TRF_REQUEST_BODY, responses={**answers(409), 201: {
                 "description": "The new tournament", "headers": {"Location": {
                     "description": "the new tournament's URL", "schema": {"type": "string"}}}}},
             summary="Create a tournament from a TRF-2026 or TRF16 team file, or a JSON export; the importer "
                     "becomes organiser")
def import_tournament(
    session: SessionDep,
    access: Annotated[Access, permit("import")],  # before the body is read: a refused caller uploads nothing
    response: Response,
    text: Annotated[str, Depends(trf_body)],
    pab: Annotated[str | None, Query(max_length=50, description="match and game points of the PAB, e.g. 1,3")] = None,
    forfeit_gp: Annotated[str | None, Query(max_length=20, description="game points of a match won by forfeit")] = None,
    tiebreaks: Annotated[str | None, Query(max_length=500,
                                           description="tie-break codes, e.g. MPTS GPTS EGGSB BH:MP")] = None,
    rules: Annotated[str | None, Query(pattern="^(2024|2026)$", description="C.07 Art. 16 text")] = None,
    preset: Annotated[str | None, Query(max_length=50, description="base settings: fide (default) or k12-2025")] = None,
    allow_duplicate: Annotated[bool, Query(description="import a file even if it was imported before (else 409)")]
    = False,
) -> TournamentImportRead:
    """Create a tournament from a FIDE report file (TRF-2026, or TRF16 with 013 team records) so that an event
    started in another program continues here: its teams, players, rounds, pairings and results. Send the file
    as `text/plain` or as a `multipart/form-data` upload (field `file`). The query parameters supply what the
    file may not say. An unreadable file, or one that is not a tournament, is refused (422, type `file-format`,
    `line` names the line); a file imported before is refused (409, `existing_tournament_id`) unless
    `allow_duplicate=true`. A TRF16 file cannot say which team had the pairing-allocated bye: a round in which
    one team had no opponent on any board while every other team played is read as its PAB (worth `pab`),
    and listed in `pab_rounds` (and in `warnings`). The body may also be this server's JSON export
    (`.../export/json`, schema `openapi/tournament-export.schema.json`), imported as it is, so an event moves
    between two servers without loss."""
    options = imports.parse_options(pab, forfeit_gp, tiebreaks, rules, preset)
    read = imports.import_tournament(session, text, access.principal, options, allow_duplicate=allow_duplicate)
    response.headers["Location"] = f"/tournaments/{read.id}"
    return read


def _filename(name: str, ext: str) -> str:
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in name).strip("_")
    return f"{safe or 'tournament'}.{ext}"


def _disposition(t_id: int, ext: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{_filename(f"tournament-{t_id}", ext)}"'}


def _audience(access: Access) -> str:
    """Whom an export is made for: the officials' private file, or the public one (kept apart)."""
    return "private" if access.holds("export.private") else "public"


def greek_reader(
    request: Request,
    locale: Annotated[str | None, Query(pattern="^(el|en)$", description="el: a Greek file (Greek headers; "
                                        "a CSV with ';' and a decimal comma); default: by Accept-Language")] = None,
) -> bool:
    """Whether the reader asked for a Greek file: ``locale``, else the ``Accept-Language`` header."""
    return (locale or pick_language(request.headers.get("accept-language"))) == "el"


GreekDep = Annotated[bool, Depends(greek_reader)]
#: a file chosen by Accept-Language: shared caches keep one per language
VARY = {"Vary": "Accept-Language"}

TEXT = "text/plain; charset=utf-8"
CSV = "text/csv; charset=utf-8"


@router.get("/tournaments/{tournament_id}/export/trf", response_class=Response,
            responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                             "description": "the TRF file"}, **NOT_MODIFIED},
            summary="The tournament as a TRF-2026 (or TRF16) team file (public once a round is published)")
def export_trf(
    tournament_id: Id, session: SessionDep, access: Annotated[Access, public("export.private")],
    format: Annotated[str, Query(pattern="^(trf|trf2026|trf16)$",
                                 description="trf2026 (default) or trf16 (013 team records)")] = "trf2026",
    if_none_match: IfNoneMatch = None,
) -> Response:
    """The tournament as a FIDE report file for rating and for other programs: the published rounds for the
    public, with birth years only; the officials also get paired rounds and full birth dates."""
    fmt, who = exports.trf_format(format), _audience(access)
    answer = cache.read_bytes(
        session, tournament_id, "export-trf",
        lambda: exports.export_trf(session, tournament_id, fmt, public=who == "public").encode("utf-8"),
        params=(fmt,), audience=who, if_none_match=if_none_match)
    return cached_file(answer, TEXT, _disposition(tournament_id, "trf"))


@router.get("/tournaments/{tournament_id}/export/json", response_class=Response,
            responses={200: {"content": {"application/json": {"schema": {
                "type": "object", "description": "JSON Schema: openapi/tournament-export.schema.json "
                "($id https://teamswiss.org/schemas/tournament-export.schema.json)"}}},
                "description": "the tournament"}, **NOT_MODIFIED},
            summary="The whole tournament as one JSON document (public once a round is published)")
def export_json(tournament_id: Id, session: SessionDep, access: Annotated[Access, public("export.private")],
                if_none_match: IfNoneMatch = None) -> Response:
    """The whole tournament as one JSON document (its JSON Schema: openapi/tournament-export.schema.json):
    settings, clubs, teams, rosters, rounds and results; private data as for the TRF export."""
    who = _audience(access)
    answer = cache.read_bytes(
        session, tournament_id, "export-json",
        lambda: exports.json_bytes(exports.export_json(session, tournament_id, public=who == "public")),
        audience=who, if_none_match=if_none_match)
    return cached_file(answer, "application/json", _disposition(tournament_id, "json"))


CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/csv": {"schema": {"type": "string"}}}, "description": "UTF-8 with BOM"},
    **NOT_MODIFIED, **answers(409)}


@router.get("/tournaments/{tournament_id}/export/standings.csv", response_class=Response,
            responses=CSV_RESPONSE, summary="Standings after a completed round as CSV (UTF-8 with BOM)")
def export_standings_csv(
    tournament_id: Id, session: SessionDep, _: Annotated[Access, public()], greek: GreekDep,
    round: Annotated[int | None, Query(ge=1, le=1000,
                                       description="after this completed round (default: the last one)")] = None,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """The standings after a completed round as a spreadsheet file: one row per team, one column per score
    and tiebreak, then the teams' average rating and performance (409 for a round that is not completed).
    Greek (``locale=el``, else ``Accept-Language``): Greek headers, ``;`` between cells and a decimal comma."""
    answer = cache.read_bytes(
        session, tournament_id, "export-standings-csv",
        lambda: exports.standings_csv(session, tournament_id, round, greek=greek).encode("utf-8"),
        params=(round, greek), if_none_match=if_none_match)
    return cached_file(answer, CSV, _disposition(tournament_id, "csv") | VARY)


@router.get("/tournaments/{tournament_id}/export/pairings.csv", response_class=Response,
            responses=CSV_RESPONSE, summary="One round's pairings and results as CSV (UTF-8 with BOM)")
def export_pairings_csv(
    tournament_id: Id, session: SessionDep, access: Annotated[Access, public("export.private")], greek: GreekDep,
    round: Annotated[int, Query(ge=1, le=1000, description="the round")],
    if_none_match: IfNoneMatch = None,
) -> Response:
    """One round's pairings and results as a spreadsheet file: a row per board (the published rounds for the
    public). Greek as for the standings."""
    who = _audience(access)
    answer = cache.read_bytes(
        session, tournament_id, "export-pairings-csv",
        lambda: exports.pairings_csv(session, tournament_id, round, public=who == "public",
                                     greek=greek).encode("utf-8"),
        params=(round, greek), audience=who, if_none_match=if_none_match)
    return cached_file(answer, CSV, _disposition(tournament_id, "csv") | VARY)


@router.get("/tournaments/{tournament_id}/export/tournament.xlsx", response_class=Response,
            responses={200: {"content": {documents.XLSX: {"schema": {"type": "string", "format": "binary"}}},
                             "description": "the spreadsheet file"}, **NOT_MODIFIED},
            summary="The standings and every published round's pairings as a spreadsheet file (.xlsx)")
def export_xlsx(tournament_id: Id, session: SessionDep, access: Annotated[Access, public("export.private")],
                greek: GreekDep, if_none_match: IfNoneMatch = None) -> Response:
    """A spreadsheet file: the standings after the last completed round, then one sheet per round's pairings
    and results (the published rounds for the public); numbers as numbers, Greek headers for a Greek reader."""
    who = _audience(access)
    answer = cache.read_bytes(
        session, tournament_id, "export-xlsx",
        lambda: documents.workbook(session, tournament_id, public=who == "public", greek=greek),
        params=(greek,), audience=who, if_none_match=if_none_match)
    return cached_file(answer, documents.XLSX, _disposition(tournament_id, "xlsx") | VARY)


PDF_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {documents.PDF: {"schema": {"type": "string", "format": "binary"}}}, "description": "A4"},
    **NOT_MODIFIED, **answers(409, 503)}


@router.get("/tournaments/{tournament_id}/export/pairings.pdf", response_class=Response, responses=PDF_RESPONSE,
            summary="A published round's pairings and results as a PDF")
def export_pairings_pdf(
    tournament_id: Id, session: SessionDep, _: Annotated[Access, public()], greek: GreekDep,
    round: Annotated[int, Query(ge=1, le=1000, description="the round")], if_none_match: IfNoneMatch = None,
) -> Response:
    """The public pairings and results of a round as a PDF to print or share (409 before it is published; 503
    when the server has no font with Greek letters)."""
    answer = cache.read_bytes(session, tournament_id, "export-pairings-pdf",
                              lambda: documents.pairings_pdf(session, tournament_id, round, greek=greek),
                              params=(round, greek), if_none_match=if_none_match)
    return cached_file(answer, documents.PDF, _disposition(tournament_id, "pdf") | VARY)


@router.get("/tournaments/{tournament_id}/export/standings.pdf", response_class=Response, responses=PDF_RESPONSE,
            summary="The standings after a completed round as a PDF")
def export_standings_pdf(
    tournament_id: Id, session: SessionDep, _: Annotated[Access, public()], greek: GreekDep,
    round: Annotated[int | None, Query(ge=1, le=1000,
                                       description="after this completed round (default: the last one)")] = None,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """The standings after a completed round as a PDF (409 for a round that is not completed)."""
    answer = cache.read_bytes(session, tournament_id, "export-standings-pdf",
                              lambda: documents.standings_pdf(session, tournament_id, round, greek=greek),
                              params=(round, greek), if_none_match=if_none_match)
    return cached_file(answer, documents.PDF, _disposition(tournament_id, "pdf") | VARY)


@router.get("/tournaments/{tournament_id}/exports/rating-check", response_model=RatingCheckRead,
            summary="What the rating report misses: players without a FIDE id or a birth year, rounds not completed")
def export_rating_check(tournament_id: Id, session: SessionDep,
                        _: Annotated[Access, permit("export.private")]) -> RatingCheckRead:
    """The check the arbiter runs before sending the TRF file for rating (R-4.6): every player of the report
    without a FIDE id in a FIDE-rated event, without a birth year or a federation, a national player without a
    registration number, and the rounds not completed. ``ready`` is false while a played game cannot be rated."""
    return RatingCheckRead.model_validate(exports.rating_check(session, tournament_id))
