"""The public downloads as documents: a spreadsheet file (.xlsx, openpyxl) and PDFs (fpdf2) of the pairings and
the standings, from the same tables as the CSV exports (:class:`app.operations.exchange.exports.Table`).

- The spreadsheet has the standings (after the last completed round) and one sheet per round whose pairing is
  published (the officials' file: per paired round). Numbers are numbers (a score the server computed as an
  exact value is written as the decimal it is; a value that is no finite decimal, e.g. 27/7, as the nearest
  number), texts are texts: a text is never read as a formula (openpyxl would store ``=...`` as one), so what
  a user typed cannot run in the reader's spreadsheet.
- A PDF is one table on A4 (landscape when it is wide) in DejaVu Sans, a font with Greek letters: Debian's
  ``fonts-dejavu-core`` (``TEAMSWISS_PDF_FONT_DIR``). Without it the PDF is refused (503) rather than written
  with empty boxes for every Greek letter.
"""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from app.config import get_settings
from app.models import Round
from app.operations.exchange.exports import Computed, Table, localised, pairings_table, standings_table
from app.operations.repository import load_tournament
from app.services.errors import ServiceUnavailable
from app.services.lifecycle import COMPLETED, PAIRED_STATES, PUBLIC_STATES
from app.services.standings import format_value

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"
#: the longest sheet name a spreadsheet takes (Excel's limit)
SHEET_NAME = 31
FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}


def _number(value: Any) -> Any:
    """A cell's value in a spreadsheet: numbers as numbers, the server's own marks as text."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        text = format_value(value)
        return Decimal(text) if "/" not in text else float(value)
    if isinstance(value, Computed):
        try:
            return Decimal(value)
        except ArithmeticError:
            return str(value)
    return None if value is None else str(value)


def _rounds(session: Session, tournament_id: int, public: bool) -> list[int]:
    keep = PUBLIC_STATES if public else PAIRED_STATES
    rows = session.exec(select(Round).where(Round.tournament_id == tournament_id)).all()
    return sorted(r.number for r in rows if r.state in keep)


def workbook(session: Session, tournament_id: int, *, public: bool, greek: bool) -> bytes:
    """The tournament as a spreadsheet file: the standings, then a sheet per round's pairings."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    load_tournament(session, tournament_id)  # an unknown id is 404 before anything is built
    tables = []
    has_completed = any(r.state == COMPLETED for r in session.exec(
        select(Round).where(Round.tournament_id == tournament_id)).all())
    if has_completed:
        tables.append(("Standings", standings_table(session, tournament_id)))
    for n in _rounds(session, tournament_id, public):
        tables.append((f"Round {n}", pairings_table(session, tournament_id, n, public=public)))
    book = Workbook()
    book.remove(book.active)
    if not tables:
        book.create_sheet("Standings")
    for name, raw in tables:
        table = localised(raw, greek)
        if greek:
            name = name.replace("Standings", "Κατάταξη").replace("Round", "Γύρος")
        sheet = book.create_sheet(name[:SHEET_NAME])
        sheet.append([table.heading])
        sheet["A1"].font = Font(bold=True, size=13)
        sheet.append(table.header)
        for cell in sheet[2]:
            cell.font = Font(bold=True)
        for row in table.rows:
            sheet.append([_number(v) for v in row])
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"  # a text that starts with '=' stays a text, never a formula
        sheet.freeze_panes = "A3"
        for i, head in enumerate(table.header, start=1):
            width = max([len(head), *(len(str(r[i - 1])) for r in table.rows if i - 1 < len(r))], default=8)
            sheet.column_dimensions[sheet.cell(2, i).column_letter].width = min(max(width + 2, 6), 40)
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def _font_dir() -> Path:
    folder = Path(get_settings().pdf_font_dir)
    if not all((folder / f).is_file() for f in FONT_FILES.values()):
        raise ServiceUnavailable(None, "no font with Greek letters for the PDF: install fonts-dejavu-core (or set "
                                       "TEAMSWISS_PDF_FONT_DIR to a folder with DejaVuSans.ttf)")
    return folder


def _pdf_text(value: Any, greek: bool) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        value = format_value(value)
    text = str(value)
    return text.replace(".", ",") if greek and isinstance(value, Computed | str) and _numeric(text) else text


def _numeric(text: str) -> bool:
    try:
        Decimal(text)
    except ArithmeticError:
        return False
    return True


def table_pdf(raw: Table, *, greek: bool, columns: list[int] | None = None) -> bytes:
    """One table as a PDF on A4 (landscape when wide), DejaVu Sans; ``columns`` the header's indexes to print
    (all by default)."""
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    table = localised(raw, greek)
    keep = columns if columns is not None else list(range(len(table.header)))
    folder = _font_dir()
    pdf = FPDF(orientation="L" if len(keep) > 8 else "P", format="A4")
    pdf.set_auto_page_break(auto=True, margin=12)
    for style, name in FONT_FILES.items():
        pdf.add_font("DejaVu", style, str(folder / name))
    pdf.set_title(table.heading)
    pdf.set_creator("teamswiss")
    pdf.add_page()
    pdf.set_font("DejaVu", "B", 13)
    pdf.multi_cell(0, 7, table.heading, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    pdf.set_font("DejaVu", "", 8 if len(keep) > 8 else 9)
    with pdf.table(headings_style=FontFace(emphasis="BOLD"), line_height=5, text_align="LEFT",
                   repeat_headings=1) as grid:
        head = grid.row()
        for i in keep:
            head.cell(table.header[i])
        for row in table.rows:
            line = grid.row()
            for i in keep:
                line.cell(_pdf_text(row[i] if i < len(row) else None, greek))
    return bytes(pdf.output())


#: the pairing columns a printed sheet shows (the ids and ratings stay in the spreadsheet)
PAIRING_COLUMNS = [1, 2, 4, 6, 7, 9, 12, 15, 16]


def pairings_pdf(session: Session, tournament_id: int, number: int, *, greek: bool) -> bytes:
    """A published round's pairings and results as a PDF (the public file)."""
    return table_pdf(pairings_table(session, tournament_id, number, public=True), greek=greek,
                     columns=PAIRING_COLUMNS)


def standings_pdf(session: Session, tournament_id: int, after_round: int | None, *, greek: bool) -> bytes:
    """The standings after a completed round as a PDF."""
    return table_pdf(standings_table(session, tournament_id, after_round), greek=greek)
