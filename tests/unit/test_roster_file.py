"""A roster file read line by line (app/services/roster_file.py): Greek and English headers, dates and sexes as
Greek and English spreadsheets write them, and which club player a line names."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from app.services.errors import InvalidInput
from app.services.roster_file import Known, match, read_sheet


def _one(header: list[object], row: list[object]) -> dict[str, object]:
    line = read_sheet([header, row]).lines[0]
    assert line.error is None, line.error
    return dict(line.fields)


@pytest.mark.parametrize("header", [
    ["Επώνυμο", "Όνομα", "Φύλο", "Ημερομηνία γέννησης"], ["last_name", "first_name", "sex", "birth_date"],
    ["LAST NAME", "First Name", "Gender", "Date of birth"], ["επωνυμο", "ονομα", "φυλο", "ημερομηνια γεννησης"],
])
def test_headers_in_greek_or_english_any_case_and_accents(header: list[object]) -> None:
    assert _one(header, ["Ζαφειρίου", "Ελένη", "Κ", "9/3/2015"]) == {
        "last_name": "Ζαφειρίου", "first_name": "Ελένη", "sex": "w", "birth_date": date(2015, 3, 9)}


@pytest.mark.parametrize(("cell", "born"), [
    ("2015-03-09", date(2015, 3, 9)), ("09/03/2015", date(2015, 3, 9)), ("9.3.2015", date(2015, 3, 9)),
    ("09-03-2015", date(2015, 3, 9)), (datetime(2015, 3, 9, 0, 0), date(2015, 3, 9)),
    (date(2015, 3, 9), date(2015, 3, 9)),
])
def test_a_birth_date_as_spreadsheets_write_it_day_first(cell: object, born: date) -> None:
    assert _one(["Last name", "Born"], ["X", cell])["birth_date"] == born


@pytest.mark.parametrize(("cell", "sex"), [("Α", "m"), ("Κ", "w"), ("αγόρι", "m"), ("Κορίτσι", "w"), ("M", "m"),
                                           ("W", "w"), ("F", "w"), ("girl", "w"), ("boy", "m"), ("Θ", "w")])
def test_the_sex_in_greek_or_english_letters_or_words(cell: str, sex: str) -> None:
    assert _one(["Last name", "Sex"], ["X", cell])["sex"] == sex


def test_numbers_read_from_cells_and_a_name_as_last_comma_first() -> None:
    fields = _one(["Player", "FIDE rating", "ΕΛΟ ΕΣΟ", "FIDE id", "Activation fee"],
                  ["Παπαδόπουλος, Νίκος", 1500.0, "1320", 4200001, "ναι"])
    assert fields == {"last_name": "Παπαδόπουλος", "first_name": "Νίκος", "fide_rating": 1500, "national_rating": 1320,
                      "fide_id": 4200001, "activation_fee_paid": True}


@pytest.mark.parametrize(("row", "rule", "words"), [
    (["", "Ελένη", "Κ", ""], "R-3.1", "no last name"),
    (["X", "", "Q", ""], "R-3.2", "neither a boy"),
    (["X", "", "", "31/02/2015"], "R-3.1", "not a date"),
    (["X", "", "", "2015"], "R-3.1", "not a date"),
    (["X" * 301, "", "", ""], None, "characters"),
])
def test_a_wrong_line_says_why_and_the_others_are_still_read(row: list[object], rule: str | None, words: str) -> None:
    sheet = read_sheet([["Last name", "First name", "Sex", "Born"], row, ["Good", "", "", ""]])
    bad, good = sheet.lines
    assert bad.error is not None and bad.error.rule == rule and words in bad.error.detail and bad.line == 2
    assert good.error is None and good.line == 3


def test_a_file_without_a_last_name_column_or_with_too_many_lines_is_refused() -> None:
    with pytest.raises(InvalidInput, match="no column of last names"):
        read_sheet([["Notes"], ["x"]])
    with pytest.raises(InvalidInput, match="at most 500"):
        read_sheet([["Last name"], *([f"P{i}"] for i in range(501))])
    sheet = read_sheet([[], ["Last name", "Σχόλια", None], ["", "", ""], ["X", "y", None]])
    assert sheet.ignored_columns == ("Σχόλια",) and [x.line for x in sheet.lines] == [2]


KNOWN = [Known(1, "Παπαδόπουλος", "Νίκος", date(2015, 3, 9), None), Known(2, "Papadopoulos", "Nikos", None, 4200001),
         Known(3, "Γεωργίου", "Μαρία", date(2016, 1, 1), None)]


def test_a_line_names_a_club_player_by_fide_id_or_by_name_and_no_other_birth_date() -> None:
    assert match({"last_name": "Other", "fide_id": 4200001}, KNOWN) == KNOWN[1]
    upper = {"last_name": "ΠΑΠΑΔΟΠΟΥΛΟΣ", "first_name": "νικος", "birth_date": date(2015, 3, 9)}
    assert match(upper, KNOWN) == KNOWN[0]
    assert match({"last_name": "Georgiou", "first_name": "Maria"}, KNOWN) == KNOWN[2]  # Latin letters, ELOT 743
    assert match({"last_name": "Γεωργίου", "first_name": "Μαρία", "birth_date": date(2016, 1, 2)}, KNOWN) is None
    assert match({"last_name": "Papadopoulos", "first_name": "Nikos", "fide_id": 4200009}, KNOWN) == KNOWN[0]
