"""The file commands refuse what is not a tournament, and a missing file, with exit status 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
PROSE = "Dear arbiter, the results of round 3 are attached.\nBest regards, Anna\n"


@pytest.mark.parametrize("command", ["check", "standings", "pair"])
@pytest.mark.parametrize(("text", "line", "message"), [
    (PROSE, 2, "no 001 player records and no 013/310 team records: not a TRF tournament file; expected"),
    ("", 1, "the file is empty; expected"),
    ("012 Open\n022 Athens\n\n", 2, "end of file: no 001 player records"),
    ("012 Open\n001\t   1 m    Alpha, Anna\n", 2, "column 4"),
])
def test_not_a_tournament_exits_3_naming_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  command: str, text: str, line: int, message: str) -> None:
    path = tmp_path / "mail.trf"
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"line {line}: " in captured.err and message in captured.err


@pytest.mark.parametrize("command", ["check", "standings", "pair"])
def test_a_missing_file_exits_3(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    assert main([command, str(tmp_path / "nope.trf")]) == 3
    err = capsys.readouterr().err
    assert "cannot read" in err and "nope.trf" in err and err.count("\n") == 1


@pytest.mark.parametrize("command", ["check", "standings", "pair"])
def test_a_file_that_is_not_utf8_exits_3_naming_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         command: str) -> None:
    path = tmp_path / "latin1.trf"
    path.write_bytes("012 Open\n022 Zürich\n".encode("latin-1"))
    assert main([command, str(path)]) == 3
    assert "line 2: " in capsys.readouterr().err


def test_the_trf16_pab_reaches_the_standings_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(DATA / "trf16_pab.trf"), "--pab", "2,1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["team"]["tpn"], r["mp"], r["gp"]) for r in rows] == \
           [(4, "6", "5"), (5, "5", "4"), (1, "3", "2.5"), (2, "2", "2.5"), (3, "2", "1")]
