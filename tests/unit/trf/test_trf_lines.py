"""Every refusal names the right line, and a file that is not a tournament is refused.

Records end at CR, LF or CR LF only (TRF16 Remark 1): form feed or U+2028 inside a record does
not start a new line. A record with junk in column 4, a 001 record cut short, and empty,
header-only, truncated or prose files are refused naming a line and what was expected.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.errors import FileFormatError
from app.services.trf import fingerprint, read_tournament, read_tournament_with_warnings

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
GOOD = (DATA / "team_2026.trf").read_text(encoding="utf-8").splitlines()


def _find(prefix: str) -> int:
    return next(i for i, x in enumerate(GOOD) if x.startswith(prefix))


def _refused(text: str) -> FileFormatError:
    with pytest.raises(FileFormatError) as err:
        read_tournament(text)
    assert err.value.rule == "C.04 Annex 2"
    assert err.value.line is not None and f"line {err.value.line}: " in str(err.value)
    return err.value


@pytest.mark.parametrize("separator", ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_only_cr_and_lf_end_a_record(separator: str) -> None:
    lines = list(GOOD)
    name = _find("012")
    lines[name] = lines[name] + separator + "Edition 2"
    bad = _find("001    1 ")
    lines[bad] = lines[bad][:98] + "Q" + lines[bad][99:]  # unknown result code on a later line
    err = _refused("\n".join(lines) + "\n")
    assert err.line == bad + 1 and "unknown result" in err.detail


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_cr_lf_and_crlf_all_end_records(newline: str) -> None:
    t = read_tournament(newline.join(GOOD) + newline)
    assert t == read_tournament("\n".join(GOOD))


def test_a_separator_inside_a_name_stays_in_the_name() -> None:
    lines = list(GOOD)
    k = _find("001    1 ")
    lines[k] = lines[k][:20] + "\u2028" + lines[k][21:]
    t = read_tournament("\n".join(lines))
    assert "\u2028" in t.player(1).name


@pytest.mark.parametrize("junk", ["\t", "x", "1", "-"])
def test_junk_right_after_001_is_refused_on_its_line(junk: str) -> None:
    lines = list(GOOD)
    k = _find("001    3 ")
    lines[k] = "001" + junk + lines[k][4:]
    err = _refused("\n".join(lines))
    assert err.line == k + 1 and "column 4" in err.detail


def test_ruler_lines_are_still_skipped() -> None:
    k = _find("001")
    lines = GOOD[:k] + ["0010000000111111111122222222223", "         1         2         3"] + GOOD[k:]
    t, warnings = read_tournament_with_warnings("\n".join(lines))
    assert {w.line for w in warnings} >= {k + 1, k + 2}
    assert t.rounds == read_tournament("\n".join(GOOD)).rounds


def test_a_001_record_cut_short_is_reported_on_its_own_line() -> None:
    lines = list(GOOD)
    k = _find("001    2 ")  # player 2 plays in round 1; player 1 names him? find who names 2
    named_by = [i for i, x in enumerate(GOOD) if x.startswith("001") and i != k and x[91:95].strip() == "2"]
    assert named_by, "the fixture has an opponent of player 2 in round 1"
    lines[k] = lines[k][:60]  # cut inside the FIDE id: no round blocks left
    err = _refused("\n".join(lines))
    assert err.line == k + 1 and "cut short" in err.detail and "round 1" in err.detail


def test_an_empty_file_is_refused_at_line_1() -> None:
    for text in ("", "\n\n", "   \r\n", "\ufeff"):
        err = _refused(text)
        assert err.line == 1 and "empty" in err.detail and "001 player records" in err.detail


def test_a_header_only_file_is_refused_at_its_end() -> None:
    header = GOOD[: _find("001")]
    err = _refused("\n".join(header) + "\n\n")
    assert err.line == len(header) and "end of file" in err.detail
    assert "no 001 player records and no 013/310 team records: not a TRF tournament file" in err.detail


@pytest.mark.parametrize("prose", [
    "Dear arbiter, the results are attached.\nBest regards, Anna\n",
    "The results of round 3\nare on the web site.\n",
    "Hello\n",
])
def test_prose_is_not_a_tournament(prose: str) -> None:
    err = _refused(prose)
    assert "not a TRF tournament file" in err.detail and "expected" in err.detail
    assert err.line == len(prose.splitlines())


def test_a_file_truncated_in_the_player_section_names_its_end() -> None:
    k = _find("001   10 ")
    err = _refused("\n".join(GOOD[: k + 1]))
    assert err.line == k + 1 and "end of file" in err.detail and "no team records" in err.detail


def test_the_fingerprint_ignores_line_ends_and_trailing_blanks() -> None:
    text = "\n".join(GOOD) + "\n"
    assert fingerprint(text) == fingerprint("\ufeff" + "\r\n".join(x + "  " for x in GOOD) + "\r\n\r\n")
    assert len(fingerprint(text)) == 64
    changed = text.replace("001    1 ", "001    1 ", 1).replace(GOOD[0], GOOD[0] + "x", 1)
    assert fingerprint(changed) != fingerprint(text)


def test_records_split_at_cr_lf_and_crlf_exactly_as_the_pattern_says() -> None:
    """``split_lines`` uses string methods (faster than a regular expression): the same records as
    ``re.split(r"\\r\\n|\\r|\\n")`` for every mix of breaks and other separators."""
    import random
    import re

    from app.services.trf.reader import split_lines

    pattern = re.compile(r"\r\n|\r|\n")
    rng = random.Random(15)
    for _ in range(20000):
        text = "".join(rng.choice("ab \r\n\f\u2028") for _ in range(rng.randint(0, 14)))
        assert split_lines(text) == pattern.split(text), repr(text)


@pytest.mark.parametrize(("field", "text", "expected"), [
    ("1963/04/25", "1963/04/25", "1963-04-25"),
    ("0099/01/01", "0099/01/01", "2099-01-01"),  # a two-digit year: 20yy
    ("2014/00/00", "2014/00/00", "2014-01-01"),  # Swiss-Manager's year-only date
    ("1963-04-25", "1963-04-25", "1963-04-25"),
    ("1963.4.25", "1963.4.25", "1963-04-25"),
])
def test_birth_dates_of_every_spelling(field: str, text: str, expected: str) -> None:
    from app.services.trf.reader import _read_date, _State

    st = _State()
    assert str(_read_date(text, 3, "birth date", st)) == expected
    assert not st.warnings


@pytest.mark.parametrize("text", ["2014/02/30", "1999/13/01", "abcd/ef/gh", "1963/04/2x"])
def test_a_birth_date_that_is_no_date_is_ignored_with_a_warning(text: str) -> None:
    from app.services.trf.reader import _read_date, _State

    st = _State()
    assert _read_date(text, 3, "birth date", st) is None
    assert [w.line for w in st.warnings] == [3]
    assert repr(text) in st.warnings[0].message and st.warnings[0].message.endswith("ignored")


@pytest.mark.parametrize(("column", "what"), [(5, "starting rank"), (49, "rating"), (58, "FIDE id"),
                                              (94, "opponent")])
def test_a_digit_int_cannot_read_is_refused_on_its_line(column: int, what: str) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails: a number field holding it is refused naming the line,
    never a crash."""
    lines = list(GOOD)
    bad = _find("001    1 ")
    lines[bad] = lines[bad][: column - 1] + "²" + lines[bad][column:]
    err = _refused("\n".join(lines) + "\n")
    assert err.line == bad + 1 and what in str(err) and "must be a number" in str(err) and "²" in str(err)
