"""Every number, count and size a TRF file gives is bounded as it is read (C.04 Annex 2): a hostile file is
refused naming its line, in bounded memory and time, and the warnings a sloppy file earns are capped.

The pathological files are built here from ``tests/data/trf``; ``PATHOLOGICAL`` is shared with the API tests
(``tests/api/test_trust_files.py``), which send the same files to a server that runs under a memory limit.
Each case is also run through the file commands (``standings``, ``pair``, ``check``) in a subprocess under
``RLIMIT_AS``: before these bounds, one 1 KB file (142 = 2147483647) made the reader build a list of two
thousand million numbers.
"""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from app.services.errors import FileFormatError, InvalidInput
from app.services.rules import fide_default
from app.services.tournament import BoardGame, Match, Player, Round, Team, Tournament
from app.services.trf import read_tournament, read_tournament_with_warnings, write_tournament
from app.services.trf.common import MAX_ROUND_BLOCKS, MAX_WARNINGS

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "trf"
TEAM = (DATA / "team_2026.trf").read_text(encoding="utf-8").splitlines()
TRF16 = (DATA / "swissmanager_trf16.trf").read_text(encoding="utf-8").splitlines()
#: address space a file command may take on top of what it holds after its imports (RLIMIT_AS)
FILE_COMMAND_BUDGET = 256 * 1024 * 1024


def _at(lines: list[str], prefix: str) -> int:
    return next(i for i, x in enumerate(lines) if x.startswith(prefix))


@dataclass(frozen=True)
class Case:
    """A pathological file: its text, the 1-based line that must be named, a fragment of the refusal."""

    name: str
    text: str
    line: int
    message: str


def _replace(lines: list[str], prefix: str, new: str) -> tuple[str, int]:
    out = list(lines)
    k = _at(out, prefix)
    out[k] = new
    return "\n".join(out) + "\n", k + 1


def _edit(lines: list[str], prefix: str, change: object) -> tuple[str, int]:
    k = _at(lines, prefix)
    return _replace(lines, prefix, change(lines[k]))  # type: ignore[operator]


def _insert(lines: list[str], before: str, new: list[str], line_of: int = 0) -> tuple[str, int]:
    """``new`` inserted before the first line starting with ``before``; the line of ``new[line_of]``."""
    k = _at(lines, before)
    out = lines[:k] + new + lines[k:]
    return "\n".join(out) + "\n", k + 1 + line_of


def _append(lines: list[str], new: list[str], line_of: int = 0) -> tuple[str, int]:
    return "\n".join(lines + new) + "\n", len(lines) + 1 + line_of


def _case(name: str, built: tuple[str, int], message: str) -> Case:
    return Case(name, built[0], built[1], message)


BLOCK_31 = 92 + 10 * 30  # column where round 31's block would start


def _many_blocks() -> tuple[tuple[str, int], str]:
    """9999 players with a game in each of 30 rounds (a 4 MB file): refused on the record that passes the
    bound of round blocks in all."""
    head = [x for x in TEAM[:_at(TEAM, "001")] if not x.startswith("142")] + ["142 30"]

    def player(p: int) -> str:
        opponent, colour = (p + 1, "w") if p % 2 else (p - 1, "b")
        record = f"001 {p:4d} m    {'P' + str(p):33s} 1800 GRE             2000/01/01  0.0"
        return record.ljust(91) + "  ".join(f"{opponent:4d} {colour} =" for _ in range(30))

    past = MAX_ROUND_BLOCKS // 30 + 1  # the player whose blocks pass the bound
    return ("\n".join(head + [player(p) for p in range(1, 10_000)]) + "\n", len(head) + past), "round blocks"


PATHOLOGICAL: list[Case] = [
    _case("rounds 2147483647", _replace(TEAM, "142", "142 2147483647"), "number of rounds"),
    _case("rounds of 20 digits", _replace(TEAM, "142", "142 99999999999999999999"), "number of rounds"),
    _case("rounds of 5000 digits", _replace(TEAM, "142", "142 " + "9" * 5000), "number of rounds"),
    _case("rounds 0", _replace(TEAM, "142", "142 0"), "number of rounds"),
    _case("XXR rounds 2147483647", _insert(TRF16, "001", ["XXR 2147483647"]), "number of rounds"),
    _case("a round-31 block", _edit(TEAM, "001    1 ", lambda x: x.ljust(BLOCK_31 - 1) + "   7 w 1"), "30 rounds"),
    _case("100000 round blocks", _edit(TEAM, "001    1 ", lambda x: x + "     7 w 1" * 100_000), "30 rounds"),
    _case("starting rank 0", _edit(TEAM, "001   21 ", lambda x: "001    0" + x[8:]), "starting rank"),
    _case("dates of 1000 rounds", _edit(TEAM, "132", lambda x: x + "  26/03/15" * 1000), "30 rounds"),
    _case("PAB teams of 10000 rounds", _edit(TEAM, "320", lambda x: x + "   5" * 10_000), "30 rounds"),
    _case("forfeit in round 999", _append(TEAM, ["330 +- 999   2   4"]), "round"),
    _case("the same forfeit 100000 times", _append(TEAM, ["330 +-   1   2   4"] * 100_000), "two forfeited"),
    _case("lineup in round 999", _append(TEAM, ["300 999   2   1    7    6    8    9"]), "round"),
    _case("lineup of 1000 boards", _edit(TEAM, "300   2   2", lambda x: x + "    7" * 1000), "20 boards"),
    _case("board colours for 10000 boards", _replace(TEAM, "352", "352 " + "WB" * 5000), "20 boards"),
    _case("team number 0", _edit(TEAM, "310   5 ", lambda x: "310   0" + x[7:]), "team pairing number"),
    _case("a roster of 10000 players", _edit(TEAM, "310   1 ", lambda x: x + "    1" * 10_000), "100 players"),
    _case("1000 team records (TRF16)", _insert(TRF16, "013", ["013 Extra"] * 1000, 999), "999 teams"),
    _case("a forbidden group of 3000 teams", _append(TEAM, ["260" + " " * 8 + "".join(f"{i:5d}" for i in range(
        1, 3001))]), "999"),
    _case("forbidden pairs of 999 teams", _append(TEAM, ["260" + " " * 8 + "".join(f"{i:5d}" for i in range(
        1, 1000))]), "forbidden pairs"),
    _case("21 deputy arbiters", _insert(TEAM, "122", ["112 Deputy, More"] * 19, 18), "20 deputy arbiters"),
    _case("a name of 100000 characters", _replace(TEAM, "012", "012 " + "x" * 100_000), "200 characters"),
    _case("a time control of 100000 characters", _replace(TEAM, "122", "122 " + "x" * 100_000), "200 characters"),
    _case("a type code of 100000 characters", _replace(TEAM, "192", "192 FIDE_TEAM_" + "X" * 100_000),
          "200 characters"),
    _case("an initial colour of 100000 characters", _replace(TEAM, "152", "152 " + "x" * 100_000), "initial colour"),
    _case("10000 tie-breaks", _replace(TEAM, "212", "212 PTS" + ",BH" * 10_000), "tie-breaks"),
    _case("a tie-break cut of 5000 digits", _replace(TEAM, "212", "212 PTS,BH/C" + "9" * 5000), "tie-break"),
    _case("9999 players of 30 rounds", *_many_blocks()),
    _case("game points of 100000 results", _edit(TEAM, "162", lambda x: x + "    X 1.0" * 100_000), "game points"),
]


@pytest.mark.parametrize("case", PATHOLOGICAL, ids=[c.name for c in PATHOLOGICAL])
def test_a_pathological_file_is_refused_naming_its_line(case: Case) -> None:
    with pytest.raises(FileFormatError) as err:
        read_tournament(case.text)
    exc = err.value
    assert exc.rule == "C.04 Annex 2"
    assert exc.line == case.line, exc.detail
    assert case.message in exc.detail, exc.detail
    assert len(exc.detail) < 400, "a refusal quotes at most a few characters of the file"


def test_the_bounds_leave_the_largest_allowed_values_alone() -> None:
    """30 rounds, 20 boards, 20 deputies, 200-character texts, 100-player rosters are read."""
    lines = list(TEAM)
    lines[_at(lines, "142")] = "142 30"
    lines[_at(lines, "012")] = "012 " + "N" * 200
    lines[_at(lines, "112 Deputy, Two")] = "112 Deputy, Two\n" + "\n".join(["112 Deputy, More"] * 18)
    t = read_tournament("\n".join(lines) + "\n")
    assert t.rules.rounds == 30 and len(t.name) == 200 and len(t.deputy_arbiters) == 20


# --- under a memory limit, through the file commands ------------------------------------------------------------

RUN_FILE_COMMANDS = textwrap.dedent("""
    import contextlib, io, json, resource, sys, traceback
    from app.cli.main import main
    with open("/proc/self/status") as f:
        size = next(int(x.split()[1]) * 1024 for x in f if x.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (size + int(sys.argv[2]), resource.getrlimit(resource.RLIMIT_AS)[1]))
    out = {}
    for command in ("standings", "pair", "check"):
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                status = main([command, sys.argv[1]])
        except BaseException:  # a traceback is the failure this test looks for
            status, err = "traceback", io.StringIO(traceback.format_exc()[-2000:])
        out[command] = [status, err.getvalue()]
    print(json.dumps(out))
""")


def run_limited(script: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``script`` in a fresh interpreter (it sets its own RLIMIT_AS), from the repository's root."""
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})


needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists() or not hasattr(resource, "RLIMIT_AS"),
                                reason="the memory limit is read from /proc and set with RLIMIT_AS (Linux)")


@needs_proc
@pytest.mark.parametrize("case", PATHOLOGICAL, ids=[c.name for c in PATHOLOGICAL])
def test_the_file_commands_refuse_it_with_exit_status_3_in_bounded_memory(case: Case, tmp_path: Path) -> None:
    path = tmp_path / "hostile.trf"
    path.write_text(case.text, encoding="utf-8")
    run = run_limited(RUN_FILE_COMMANDS, str(path), str(FILE_COMMAND_BUDGET))
    assert run.returncode == 0, run.stderr[-3000:]
    for command, (status, err) in json.loads(run.stdout).items():
        assert status == 3, f"{command}: {err}"
        assert err.startswith(f"teamswiss: C.04 Annex 2: line {case.line}: "), f"{command}: {err}"
        assert err.count("\n") < 3 * MAX_WARNINGS, command


# --- warnings -------------------------------------------------------------------------------------------------

JUNK = 150_000


def _junk_file() -> str:
    k = _at(TEAM, "001")
    return "\n".join(TEAM[:k] + [f"999 stray record {i}" for i in range(JUNK)] + TEAM[k:]) + "\n"


def test_warnings_are_capped_with_a_count_of_the_rest() -> None:
    t, warnings = read_tournament_with_warnings(_junk_file())
    assert len(warnings) == MAX_WARNINGS + 1
    assert all(str(w).startswith(f"line {w.line}: ") for w in warnings[:-1])
    assert str(warnings[-1]) == f"... and {JUNK - MAX_WARNINGS:,} more warnings"
    assert t.rounds == read_tournament("\n".join(TEAM)).rounds


def test_the_pab_a_trf16_file_implies_is_reported_past_the_cap() -> None:
    """Warnings of kind "pab" name the rounds read as a team's bye: the import needs every one."""
    lines = (DATA / "trf16_pab.trf").read_text(encoding="utf-8").splitlines()
    k = _at(lines, "001")
    text = "\n".join(lines[:k] + ["999 stray"] * (MAX_WARNINGS + 50) + lines[k:]) + "\n"
    _, warnings = read_tournament_with_warnings(text)
    assert [w.round for w in warnings if w.kind == "pab"] == [1, 2, 3]
    assert str(warnings[-1]) == "... and 50 more warnings"


@needs_proc
def test_the_file_commands_print_the_capped_warnings(tmp_path: Path) -> None:
    path = tmp_path / "junk.trf"
    path.write_text(_junk_file(), encoding="utf-8")
    run = run_limited(RUN_FILE_COMMANDS, str(path), str(FILE_COMMAND_BUDGET))
    assert run.returncode == 0, run.stderr[-3000:]
    for command in ("pair", "check"):
        status, err = json.loads(run.stdout)[command]
        assert status in (0, 1), err
        lines = err.splitlines()
        assert len(lines) == MAX_WARNINGS + 1, command
        assert lines[-1] == f"teamswiss: warning: ... and {JUNK - MAX_WARNINGS:,} more warnings"


def test_the_file_commands_refuse_a_file_larger_than_the_bound(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main
    from app.services.trf.common import MAX_FILE_BYTES

    path = tmp_path / "huge.trf"
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(TEAM) + "\n")
        f.write(("### " + "x" * 1019 + "\n") * (MAX_FILE_BYTES // 1024 + 1))
    assert main(["standings", str(path)]) == 3
    assert "larger than" in capsys.readouterr().err


# --- the writer: one record per line, every field in its columns ---------------------------------------------

HOSTILE = ["G\n330 -+   1   1   4", "A\r\n001 9999", "tab\there", "nel\x85x", "ls\u2028x", "ps\u2029x",
           "esc\x1b[31m", "del\x7fx", "ff\x0cx", "vt\x0bx", "x" * 300]


def _hostile_tournament(first_id: int = 1, tpn: int = 1, gp_win: Fraction = Fraction(1)) -> Tournament:
    """Two teams of six players (ids from ``first_id``) with every hostile name, one round played."""
    base = fide_default()
    rules = base.replace(boards=2, rounds=2, round_starts=(), min_players_per_roster=2, min_female_per_lineup=0,
                         max_players_per_roster=6, gp_win=gp_win,
                         pairing=dataclasses.replace(base.pairing, board_colour_pattern="WB"))
    ids = [first_id + k for k in range(12)]
    players = tuple(Player(id=pid, name=HOSTILE[k % len(HOSTILE)], sex="m", title="G\nM", federation="\nXX",
                           fide_rating=2000 - k) for k, pid in enumerate(ids))
    teams = (Team(id=1, name="T\n310   9 Fake", tpn=tpn, roster=tuple(ids[:6]), nickname="\r\nN"),
             Team(id=2, name="U\u2028" + "y" * 100, tpn=2, roster=tuple(ids[6:])))
    boards = (BoardGame(1, ids[0], ids[6], True, "1-0"), BoardGame(2, ids[1], ids[7], False, "1/2-1/2"))
    rounds = (Round(number=1, matches=(Match(round=1, table=1, first=1, second=2, boards=boards),), completed=True),)
    return Tournament(name="Open\n142 2147483647", rules=rules, teams=teams, players=players, rounds=rounds,
                      city="Athens\r330 --   1   1   2", federation="GR\nE", chief_arbiter="Chief\n112 X",
                      deputy_arbiters=("Dep\nuty", "\u2028"), tournament_type="Swiss\nteam")


@pytest.mark.parametrize("fmt", ["trf2026", "trf16"])
def test_the_writer_never_writes_a_line_break_or_a_control_character(fmt: str) -> None:
    t = _hostile_tournament()
    text = write_tournament(t, fmt)
    for line in text.splitlines():  # str.splitlines also breaks at U+2028, NEL, FF, VT ...
        assert line.isprintable(), repr(line)
    records = [x[:3] for x in text.split("\n") if x]
    assert records.count("330") == 0 and records.count("142") <= 1 and records.count("112") == 1
    assert records.count("001") == 12 and records.count("310" if fmt == "trf2026" else "013") == 2
    back, warnings = read_tournament_with_warnings(text)
    assert back.rounds[0].matches[0].boards == t.rounds[0].matches[0].boards
    assert [p.name for p in back.players][0] == "G 330 -+   1   1   4"
    assert back.name == "Open 142 2147483647" and back.city == "Athens 330 --   1   1   2"
    assert back.team(1).name == "T 310   9 Fake"


def test_the_writer_cuts_text_to_its_columns() -> None:
    text = write_tournament(_hostile_tournament())
    lines = text.split("\n")
    long_player = next(x for x in lines if x.startswith("001   11 "))
    assert long_player[47] == " " and long_player[48:52].strip().isdigit()  # the rating still at cols 49-52
    team2 = next(x for x in lines if x.startswith("310   2 "))
    assert team2[40] == " " and team2[71:73] == "  "  # the name stopped at col 40; the roster at col 74


@pytest.mark.parametrize(("changes", "message"), [
    ({"first_id": 9995}, "player number 100"),
    ({"tpn": 1000}, "team pairing number 1000 does not fit"),
    ({"gp_win": Fraction(1000)}, "game points for W 1000.0 does not fit"),
])
def test_the_writer_refuses_a_number_wider_than_its_columns(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInput) as err:
        write_tournament(_hostile_tournament(**changes))
    assert err.value.rule == "C.04 Annex 2" and message in err.value.detail, err.value.detail
