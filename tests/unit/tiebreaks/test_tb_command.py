"""The ``teamswiss standings`` command on TRF fixtures (worked example 1, ``data/example1_*.trf``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main

DATA = Path(__file__).parent / "data"
LIST = "MPTS DE-ALLMET EMGSB/C1 GPTS TBR"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["standings", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("year", "osb"), [("2026", ["15.5", "15.5", "20", "13.5", "7"]),
                                             ("2024", ["32.5", "20.5", "20", "13.5", "7"])])
def test_json_example1(capsys: pytest.CaptureFixture[str], year: str, osb: list[str]) -> None:
    code, out, _ = run(capsys, str(DATA / f"example1_{year}.trf"), "--tiebreaks", LIST, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["rules"] == year
    assert doc["tiebreaks"] == LIST.split()
    rows = doc["rows"]
    assert [r["team"]["name"] for r in rows] == ["D", "A", "C", "B", "E"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
    assert [r["mp"] for r in rows] == ["5", "5", "4", "2", "2"]
    assert [r["gp"] for r in rows] == ["8.5", "7", "6.5", "6", "3.5"]
    assert [r["tiebreaks"][2]["value"] for r in rows] == osb
    assert rows[0]["team"] == {"id": 4, "name": "D", "tpn": 4, "club": None}
    assert set(rows[0]) == {"rank", "tied", "team", "mp", "gp", "won", "drawn", "lost", "byes", "forfeit_wins",
                            "forfeit_losses", "tiebreaks", "rating"}


def test_flags_override_file(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(DATA / "example1_2024.trf")
    _, out, _ = run(capsys, f, "--tiebreaks", "MPTS EMGSB/C1", "--rules", "2026", "--json")
    assert json.loads(out)["rules"] == "2026"
    _, out, _ = run(capsys, f, "--tiebreaks", "MPTS", "--pab", "1,2", "--json")
    rows = {r["team"]["name"]: r for r in json.loads(out)["rows"]}
    assert rows["A"]["mp"] == "4" and rows["A"]["gp"] == "6.5"
    _, out, _ = run(capsys, f, "--tiebreaks", "MPTS", "--round", "1", "--json")
    doc = json.loads(out)
    assert doc["after_round"] == 1
    assert {r["team"]["name"]: r["mp"] for r in doc["rows"]} == {"A": "2", "E": "2", "C": "1", "D": "1", "B": "0"}


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(DATA / "example1_2026.trf"), "--tiebreaks", "MPTS EMGSB/C1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Rank", "TPN", "Team", "MP", "GP", "W", "D", "L", "Bye", "F+", "F-", "MPTS",
                                "EMGSB/C1"]
    # A and D tie on MP and OSB: a shared rank
    assert lines[1].split()[0] == "1=" and lines[2].split()[0] == "1="
    assert lines[3].split()[:3] == ["3", "3", "C"]


def test_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(DATA / "example1_2026.trf"), "--tiebreaks", "MPTS NOPE")
    assert code == 2 and "NOPE" in err
    code, _, err = run(capsys, str(DATA / "example1_2026.trf"), "--tiebreaks", "MPTS EMGSB/C\u00b2")
    assert code == 2 and "unknown tie-break" in err  # "²" is a digit to isdigit, not to int: refused, no crash
    code, _, err = run(capsys, str(DATA / "example1_2026.trf"), "--pab", "2")
    assert code == 2
    code, _, _ = run(capsys, str(tmp_path / "missing.trf"))
    assert code == 3  # a file that cannot be read (README, "The `teamswiss` command": exit statuses)
    bad = tmp_path / "bad.trf"
    bad.write_text("012 nothing\n")
    code, _, _ = run(capsys, str(bad))
    assert code == 3


def test_wdl_count_played_matches_and_byes_apart(capsys: pytest.CaptureFixture[str]) -> None:
    # example 1: every team has one PAB except B and C; D won round 3 by forfeit, E lost it
    code, out, _ = run(capsys, str(DATA / "example1_2026.trf"), "--tiebreaks", "MPTS", "--json")
    assert code == 0
    rows = {r["team"]["name"]: (r["won"], r["drawn"], r["lost"], r["byes"], r["forfeit_wins"], r["forfeit_losses"])
            for r in json.loads(out)["rows"]}
    assert rows == {"A": (1, 1, 0, 1, 0, 0), "B": (1, 0, 2, 0, 0, 0), "C": (1, 2, 0, 0, 0, 0),
                    "D": (0, 1, 0, 1, 1, 0), "E": (0, 0, 1, 1, 0, 1)}
    _, out, _ = run(capsys, str(DATA / "example1_2026.trf"), "--tiebreaks", "MPTS")
    line_d = next(ln for ln in out.splitlines() if ln.split()[2] == "D")
    assert line_d.split()[5:11] == ["0", "1", "0", "1", "1", "0"]


@pytest.mark.parametrize("n", ["4", "99"])
def test_round_beyond_the_last_is_refused(capsys: pytest.CaptureFixture[str], n: str) -> None:
    code, out, err = run(capsys, str(DATA / "example1_2026.trf"), "--round", n)
    assert code == 2 and out == ""
    refusals = [x for x in err.splitlines() if not x.startswith("teamswiss: warning: ")]  # the file's notes apart
    assert len(refusals) == 1 and "no round after 3" in refusals[0]
    code, _, _ = run(capsys, str(DATA / "example1_2026.trf"), "--round", "3")
    assert code == 0
