"""Malformed files are refused with the 1-based line number; sloppy-but-readable ones are not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.errors import FileFormatError
from app.services.trf import read_tournament, read_tournament_with_warnings

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
GOOD = (DATA / "team_2026.trf").read_text(encoding="utf-8").splitlines()


def _find(prefix: str) -> int:
    return next(i for i, x in enumerate(GOOD) if x.startswith(prefix))


def _edit(index: int, change: Callable[[str], str]) -> str:
    lines = list(GOOD)
    lines[index] = change(lines[index])
    return "\n".join(lines) + "\n"


def _set(line: str, col: int, text: str) -> str:
    """Overwrite from 1-based column ``col``."""
    return line[: col - 1] + text + line[col - 1 + len(text):]


P1 = _find("001    1 ")
T1 = _find("310   1 ")
CASES: list[tuple[str, int, Callable[[str], str], str]] = [
    ("starting rank not a number", P1, lambda x: _set(x, 5, "  1x"), "starting rank"),
    ("unknown colour", P1, lambda x: _set(x, 97, "x"), "colour"),
    ("unknown result code", P1, lambda x: _set(x, 99, "Q"), "unknown result"),
    ("misaligned block", P1, lambda x: _set(x, 92, " 10 w1 "), "misaligned"),
    ("opponent not a number", P1, lambda x: _set(x, 92, "  1o"), "opponent"),
    ("opponent without a 001 record", P1, lambda x: _set(x, 92, "  99"), "no 001 record"),
    ("opponent does not name him back", P1, lambda x: _set(x, 92, "  12"), "not vice versa"),
    ("both players White", _find("001    2 "), lambda x: _set(x, 107, "w"), "same colour"),
    ("results that do not fit", P1, lambda x: _set(x, 99, "0"), "do not fit"),
    ("a played game without opponent", _find("001   21 "), lambda x: _set(x, 99, "1"), "needs an opponent"),
    ("team number not a number", T1, lambda x: _set(x, 5, " 1a"), "team pairing number"),
    ("player not in the player section", T1, lambda x: x + "   77", "has no 001 record"),
    ("columns 72-73 not blank", T1, lambda x: _set(x, 72, "x"), "columns 72-73"),
    ("player in two teams", _find("310   2 "), lambda x: x + "    1", "is in teams"),
    ("duplicate team", _find("310   2 "), lambda x: _set(x, 5, "  1"), "defined twice"),
    ("bad forfeit type", _find("330"), lambda x: _set(x, 5, "+x"), "forfeit type"),
    ("bad board colours", _find("352"), lambda _: "352 WBXB", "board colours"),
    ("bad initial colour", _find("152"), lambda _: "152 Red", "initial colour"),
    ("rounds not a number", _find("142"), lambda _: "142 three", "number of rounds"),
    ("PAB points not a number", _find("320"), lambda x: _set(x, 5, " 1,x"), "PAB match points"),
    ("lineup with another team's player", _find("300   2   2"), lambda x: _set(x, 17, "  10"), "not in team"),
]


@pytest.mark.parametrize(("what", "index", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_malformed_line_is_refused_with_its_number(
    what: str, index: int, change: Callable[[str], str], message: str
) -> None:
    with pytest.raises(FileFormatError) as err:
        read_tournament(_edit(index, change))
    assert err.value.line == index + 1, what
    assert message in err.value.detail
    assert f"line {index + 1}:" in str(err.value)


def test_a_second_320_is_refused() -> None:
    text = "\n".join(GOOD) + "\n320  1.0  2.0   4\n"
    with pytest.raises(FileFormatError) as err:
        read_tournament(text)
    assert err.value.line == len(GOOD) + 1


def test_team_paired_twice_is_refused() -> None:
    text = "\n".join(GOOD) + "\n330 --   1   1   5\n"
    with pytest.raises(FileFormatError) as err:
        read_tournament(text)
    assert "team" in err.value.detail


def test_a_file_without_teams_is_refused() -> None:
    text = "\n".join(x for x in GOOD if not x.startswith(("310", "320", "330", "300"))) + "\n"
    with pytest.raises(FileFormatError, match="no team records"):
        read_tournament(text)


def test_sloppy_lines_are_skipped_with_a_warning() -> None:
    extra = ["1234567890123456789012345678901234567890", "         1         2         3",
             "801 anything goes here", "999 unknown record", "XXS W=1", "IND    1  A"]
    k = _find("001")
    text = "\n".join(GOOD[:k] + extra + GOOD[k:]) + "\n"
    t, warnings = read_tournament_with_warnings(text)
    assert {w.line for w in warnings} == {k + 1, k + 2, k + 4, k + 6}
    assert t.rounds == read_tournament("\n".join(GOOD)).rounds
    assert str(warnings[0]).startswith(f"line {k + 1}: ")


def test_lenient_header_fields() -> None:
    lines = list(GOOD)
    lines[_find("062")] = "062 129 (88)"
    lines[_find("042")] = "042 14.03.2026"
    t, warnings = read_tournament_with_warnings("\n".join(lines))
    assert t.start_date is None  # not YYYY/MM/DD: ignored with a warning, not refused
    assert any("date" in w.message for w in warnings)
