"""The public downloads for Greek readers: CSV for Greek spreadsheets (';' and a decimal comma, by ``locale=el``
or ``Accept-Language``), the spreadsheet file (.xlsx) and the PDFs of the pairings and the standings (a font with
Greek letters)."""

from __future__ import annotations

import csv
import io
import re
import zlib
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openpyxl import load_workbook

from app.config import get_settings
from tests.api.factory import ok


def csv_rows(content: bytes, delimiter: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=delimiter))


def test_greek_csv_semicolons_and_decimal_comma(client: TestClient, demo: dict[str, Any]) -> None:
    tid = demo["id"]
    api = ok(client.get(f"/tournaments/{tid}/standings"))
    en = client.get(f"/tournaments/{tid}/export/standings.csv")
    el = client.get(f"/tournaments/{tid}/export/standings.csv", params={"locale": "el"})
    assert el.status_code == 200 and "Accept-Language" in el.headers["vary"]
    assert el.headers["etag"] != en.headers["etag"]  # one file per language, each kept under its own ETag
    rows = csv_rows(el.content, ";")
    assert rows[0][:7] == ["Θέση", "Ισοβαθμία", "Α/Α", "Ομάδα", "Σύλλογος", "ΟΒ", "ΑΒ"]
    assert [r[6] for r in rows[1:]] == [a["gp"].replace(".", ",") for a in api["rows"]]
    assert any("," in r[6] for r in rows[1:]), "a half point is written with a comma"
    assert all(len(r) == len(rows[0]) for r in rows)  # the comma inside a number is no separator
    # Accept-Language chooses the same file; ?locale=en overrides it
    by_header = client.get(f"/tournaments/{tid}/export/standings.csv", headers={"Accept-Language": "el-GR,el;q=0.9"})
    assert by_header.content == el.content
    forced = client.get(f"/tournaments/{tid}/export/standings.csv", params={"locale": "en"},
                        headers={"Accept-Language": "el"})
    assert forced.content == en.content and csv_rows(en.content, ",")[0][0] == "Rank"
    assert client.get(f"/tournaments/{tid}/export/standings.csv", params={"locale": "fr"}).status_code == 422
    pairings = client.get(f"/tournaments/{tid}/export/pairings.csv", params={"round": 1, "locale": "el"})
    prow = csv_rows(pairings.content, ";")
    assert prow[0][:3] == ["Γύρος", "Τραπέζι", "Σκακιέρα"] and prow[1][7].count(",") in (0, 2)  # "2,5-1,5"


def test_spreadsheet_file(client: TestClient, demo: dict[str, Any]) -> None:
    tid, admin = demo["id"], demo["admin"]
    teams = ok(client.get(f"/tournaments/{tid}/teams"))["items"]
    ok(client.patch(f"/tournaments/{tid}/teams/{teams[0]['id']}", json={"name": "=HYPERLINK(\"x\")"}, headers=admin))
    r = client.get(f"/tournaments/{tid}/export/tournament.xlsx")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/vnd.openxmlformats")
    book = load_workbook(io.BytesIO(r.content))
    rounds = [x["number"] for x in ok(client.get(f"/tournaments/{tid}/rounds"))["items"]
              if x["state"] in ("published", "in_progress", "completed")]
    assert book.sheetnames == ["Standings", *(f"Round {n}" for n in rounds)]
    sheet = book["Standings"]
    api = ok(client.get(f"/tournaments/{tid}/standings"))
    header = [c.value for c in sheet[2]]
    assert header[:7] == ["Rank", "Tied", "TPN", "Team", "Club", "MP", "GP"]
    data = [[c.value for c in row] for row in sheet.iter_rows(min_row=3)]
    assert [row[0] for row in data] == [a["rank"] for a in api["rows"]]
    assert [float(row[6]) for row in data] == [float(a["gp"]) for a in api["rows"]]  # numbers, not texts
    assert all(isinstance(row[6], int | float) for row in data)
    hostile = next(c for row in sheet.iter_rows(min_row=3) for c in row if c.value == "=HYPERLINK(\"x\")")
    assert hostile.data_type == "s"  # a text, never a formula
    greek = load_workbook(io.BytesIO(client.get(f"/tournaments/{tid}/export/tournament.xlsx",
                                                params={"locale": "el"}).content))
    assert greek.sheetnames[0] == "Κατάταξη" and greek["Κατάταξη"]["A2"].value == "Θέση"


def pdf_unicode(content: bytes) -> str:
    """The characters a PDF's fonts map (their ToUnicode tables, streams inflated): what the text is made of."""
    text = ""
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", content, re.S):
        try:
            data = zlib.decompress(raw)
        except zlib.error:
            data = raw
        if b"beginbfchar" in data or b"beginbfrange" in data:
            for hexcode in re.findall(rb"<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]{4,8})>", data):
                text += chr(int(hexcode[1][:4], 16))
    return text


def test_pdfs_of_the_pairings_and_standings_have_greek_letters(client: TestClient, demo: dict[str, Any]) -> None:
    tid = demo["id"]
    for url, params in (("pairings.pdf", {"round": 1}), ("standings.pdf", {})):
        r = client.get(f"/tournaments/{tid}/export/{url}", params={**params, "locale": "el"})
        assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
        assert r.content.startswith(b"%PDF-") and b"DejaVuSans" in r.content
        chars = pdf_unicode(r.content)
        assert set("ΚαλμρςΣ") <= set(chars), "Greek letters are embedded"
    # an unpublished round has no public PDF
    assert client.get(f"/tournaments/{tid}/export/pairings.pdf", params={"round": 6}).status_code == 409


def test_pdf_without_a_greek_font_is_refused(client: TestClient, demo: dict[str, Any],
                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setattr(get_settings(), "pdf_font_dir", str(tmp_path))
    r = client.get(f"/tournaments/{demo['id']}/export/standings.pdf", params={"locale": "en"})
    assert r.status_code == 503 and "fonts-dejavu-core" in r.json()["detail"]
