"""``teamswiss generate`` / ``check`` / ``pair``: round trips, invariants and output contracts."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest

from app.cli.main import main
from app.services.generator import default_pairer, generate
from app.services.tournament import Outcome, Round, Tournament, team_history
from app.services.trf import read_tournament, write_tournament

CONFIGS = [
    # (teams, rounds, extra generate flags)
    (9, 5, []),
    (12, 7, ["--forfeit-rate", "0.05", "--absent-rate", "0.08"]),
    (11, 7, ["--type-b"]),
    (10, 6, ["--gp-primary", "--boards", "6"]),
]


def _generate(tmp_path: Path, teams: int, rounds: int, seed: int, extra: list[str]) -> Path:
    out = tmp_path / f"g{teams}-{rounds}-{seed}.trf"
    rc = main(["generate", "--teams", str(teams), "--rounds", str(rounds), "--seed", str(seed), *extra,
               "-o", str(out)])
    assert rc == 0
    return out


@pytest.mark.parametrize(("teams", "rounds", "extra"), CONFIGS)
def test_generate_then_check_has_no_discrepancy(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                teams: int, rounds: int, extra: list[str]) -> None:
    path = _generate(tmp_path, teams, rounds, 3, extra)
    capsys.readouterr()
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "Check: True"


def test_generate_same_seed_same_file(tmp_path: Path) -> None:
    for d in "abc":
        (tmp_path / d).mkdir()
    a = _generate(tmp_path / "a", 8, 4, 7, [])
    b = _generate(tmp_path / "b", 8, 4, 7, [])
    c = _generate(tmp_path / "c", 8, 4, 8, [])
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_generate_writes_the_requested_settings(tmp_path: Path) -> None:
    path = _generate(tmp_path, 7, 5, 2, ["--type-b", "--gp-primary", "--boards", "6"])
    lines = path.read_text().splitlines()
    assert "192 FIDE_TEAM_TYPEB_GP_MP" in lines
    assert "142 5" in lines
    assert "352 WBWBWB" in lines
    t = read_tournament(path.read_text())
    assert t.rules.boards == 6 and t.rules.rounds == 5
    assert t.rules.pairing.colour_pref_type == "B" and t.rules.pairing.primary_score == "GP"
    assert len(t.teams) == 7 and len(t.rounds) == 5


class _Recorder:
    def __init__(self) -> None:
        self.absent: dict[int, frozenset[int]] = {}

    def __call__(self, t: Tournament, r: int, absent: frozenset[int]) -> list[tuple[int, int, int | None]]:
        self.absent[r] = absent
        return default_pairer(t, r, absent)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_tournaments_keep_the_absolute_criteria(seed: int) -> None:
    rec = _Recorder()
    t = generate(13, 7, seed=seed, forfeit_rate=0.08, absent_rate=0.1, pairer=rec)
    all_teams = {team.id for team in t.teams}
    met: set[frozenset[int]] = set()
    pab_or_forfeit_win: set[int] = set()
    for rnd in t.rounds:
        paired = Counter(x for m in rnd.matches for x in m.teams())
        # every present team paired exactly once, absent teams not at all
        assert set(paired) == all_teams - rec.absent[rnd.number]
        assert all(n == 1 for n in paired.values())
        pabs = [m for m in rnd.matches if m.second is None]
        assert len(pabs) == len(paired) % 2  # a PAB only for an odd number of teams
        if pabs:
            assert pabs[0].table == len(rnd.matches)  # the PAB is last
            assert pabs[0].first not in pab_or_forfeit_win  # [C2]
        for m in rnd.matches:
            if m.second is not None:
                key = frozenset(m.teams())
                assert key not in met, f"rematch {sorted(key)} in round {rnd.number}"  # [C1]
        for m in rnd.matches:
            for team in m.teams():
                tr = team_history(t, team, rnd.number)[-1]
                if tr.outcome in (Outcome.PAB, Outcome.FORFEIT_WIN):
                    pab_or_forfeit_win.add(team)
                if tr.played:
                    met.add(frozenset(m.teams()))


def test_generated_tournament_round_trips_through_trf() -> None:
    t = generate(11, 6, seed=5, forfeit_rate=0.15, absent_rate=0.1)
    text = write_tournament(t)
    back = read_tournament(text)
    assert write_tournament(back) == text
    assert back.rules == t.rules
    assert [tm.roster for tm in back.teams] == [tm.roster for tm in t.teams]
    assert back.players == t.players
    for r0, r1 in zip(t.rounds, back.rounds, strict=True):
        def key(r: Round) -> list[tuple[object, ...]]:
            return sorted((m.first, m.second or 0, m.forfeit or "", m.boards) for m in r.matches)
        assert key(r0) == key(r1)


def test_check_reports_a_changed_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = generate(8, 4, seed=11)
    rnd = t.rounds[3]  # the last round, so no later round depends on it
    m = next(m for m in rnd.matches if m.second is not None and m.forfeit is None)
    mirror = {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}
    # the other team gets White on board 1: players change sides, colours per board stay
    swapped = dataclasses.replace(
        m, first=m.second, second=m.first,
        boards=tuple(dataclasses.replace(b, first_player=b.second_player, second_player=b.first_player,
                                         result=mirror.get(b.result or "", b.result)) for b in m.boards))
    rounds = list(t.rounds)
    rounds[3] = dataclasses.replace(rnd, matches=tuple(swapped if x is m else x for x in rnd.matches))
    path = tmp_path / "x.trf"
    path.write_text(write_tournament(dataclasses.replace(t, rounds=tuple(rounds))))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Round 4: differs" in out
    assert f"{m.second}-{m.first}" in out.split("file:")[1].splitlines()[0]
    assert out.strip().splitlines()[-1] == "Check: False (1 of 4 rounds differ: 4)"
    assert main(["check", str(path), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["check"] is False
    assert [r["round"] for r in doc["rounds"] if not r["equal"]] == [4]


def test_pair_prints_the_files_own_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = generate(9, 5, seed=4, absent_rate=0.0)
    path = tmp_path / "t.trf"
    path.write_text(write_tournament(t))
    capsys.readouterr()
    assert main(["pair", str(path), "--round", "4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    rnd = t.rounds[3]
    assert int(lines[0]) == len(rnd.matches) == len(lines) - 1
    got = [tuple(int(x) for x in line.split()) for line in lines[1:]]
    assert got[-1][1] == 0  # 9 teams: the PAB, written "T 0", comes last
    assert set(got) == {(m.first, m.second or 0) for m in rnd.matches}


def test_pair_defaults_to_the_first_round_without_results(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    t = generate(8, 5, seed=6, absent_rate=0.0)
    short = dataclasses.replace(t, rounds=t.rounds[:3])
    path = tmp_path / "t.trf"
    path.write_text(write_tournament(short))
    capsys.readouterr()
    assert main(["pair", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["round"] == 4
    assert {tuple(p) for p in doc["pairs"]} == {(m.first, m.second or 0) for m in t.rounds[3].matches}
    assert doc["explanation_lines"][0].startswith("Round 4")
    assert doc["explanation"]["round"] == 4
    assert [m["table"] for m in doc["matches"]] == list(range(1, len(doc["pairs"]) + 1))


def test_pair_exit_1_when_no_legal_pairing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = generate(2, 1, seed=1, absent_rate=0.0, forfeit_rate=0.0)
    one = dataclasses.replace(t, rules=t.rules.replace(rounds=2))  # the two teams have met: [C1]
    path = tmp_path / "two.trf"
    path.write_text(write_tournament(one))
    assert main(["pair", str(path), "--round", "2"]) == 1
    assert "C.04.6 3.3.3" in capsys.readouterr().err


def test_pair_exit_3_names_the_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = generate(6, 2, seed=1)
    lines = write_tournament(t).splitlines()
    k = next(i for i, x in enumerate(lines) if x.startswith("001"))
    lines[k] = lines[k][:4] + "  x1" + lines[k][8:]
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["pair", str(path)]) == 3
    assert f"line {k + 1}:" in capsys.readouterr().err
    assert main(["check", str(path)]) == 3


def test_pair_refuses_a_round_beyond_the_tournament(tmp_path: Path) -> None:
    t = generate(6, 2, seed=1)
    path = tmp_path / "t.trf"
    path.write_text(write_tournament(t))
    assert main(["pair", str(path)]) == 2
    assert main(["pair", str(path), "--round", "9"]) == 2


def test_pair_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    t = generate(6, 3, seed=2, absent_rate=0.0)
    monkeypatch.setattr("sys.stdin", io.StringIO(write_tournament(dataclasses.replace(t, rounds=t.rounds[:2]))))
    assert main(["pair", "-"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "3"
    assert {tuple(int(x) for x in line.split()) for line in lines[1:]} == {
        (m.first, m.second or 0) for m in t.rounds[2].matches}


@pytest.mark.parametrize("command", ["standings", "pair", "check"])
def test_a_reader_that_went_away_ends_the_command_quietly(tmp_path: Path, command: str) -> None:
    """``teamswiss pair FILE | head -1``: when nobody reads the output any more, the program stops with the
    status of a program ended by SIGPIPE (141), without a traceback."""
    import os
    import subprocess
    import sys

    trf = tmp_path / "t.trf"
    assert main(["generate", "--teams", "40", "--rounds", "5", "--seed", "2", "-o", str(trf)]) == 0
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line
    try:
        args = [command, str(trf), *(["--round", "5"] if command == "pair" else [])]
        done = subprocess.run([sys.executable, "-c", "import sys; from app.cli.program import main; sys.exit(main())",
                               *args], stdout=write_end, stderr=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parents[3], timeout=120)
    finally:
        os.close(write_end)
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr
