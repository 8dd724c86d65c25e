"""Records 240, XXZ, 250 / 192 ``_BAKU`` and 299 in ``pair``, ``check`` and ``standings``, held against FIDE TEC's
reference (Gacrux) where it reads them: both engines pair the same file, with the same records, alike.

The files are made by the project's generator and writer; the records are written by hand from the TRF-2026 rules
(240: col 5 type, 7-9 round, team numbers from col 11; 250: 5-8 MP, 10-13 GP, 15-17 / 19-21 rounds, 23-26 / 28-31
teams; 299: col 5 type, 8-11 MP, 14-17 GP, 20-22 round, teams from col 24).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from files_gacrux import Config, GacruxPairer, default_pairer, gacrux_check, gacrux_pairs, play, without_152

from app.cli.commands.files import _engine_pairs, check_rounds
from app.cli.main import main
from app.services.generator import generate
from app.services.standings import compute_standings
from app.services.trf import read_tournament, read_tournament_with_warnings, write_tournament


def _file(teams: int = 9, rounds: int = 5, played: int = 3, seed: int = 11) -> str:
    """A generated event cut to its first ``played`` rounds, as TRF-2026 without 152 (other programs' way)."""
    t = generate(teams, rounds, boards=4, seed=seed, forfeit_rate=0.0, absent_rate=0.0)
    return without_152(write_tournament(t.with_rounds(range(1, played + 1))))


def _ours(text: str, round_no: int) -> list[tuple[int, int]]:
    return _engine_pairs(read_tournament(text), round_no)[1]


def _gacrux(text: str, tmp_path: Path, round_no: int, unpaired: tuple[int, ...] = ()) -> list[tuple[int, int]]:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    return [(w, b or 0) for _, w, b in gacrux_pairs(path, read_tournament(text).rules, round_no, unpaired)]


def _pab(pairs: list[tuple[int, int]]) -> int | None:
    return next((w for w, b in pairs if b == 0), None)


@pytest.mark.parametrize("kind", ["Z", "F", "H"])
def test_a_240_bye_for_the_round_leaves_the_team_out_as_gacrux_does(kind: str, tmp_path: Path) -> None:
    text = _file()
    pab = _pab(_ours(text, 4))
    assert pab is not None
    with_bye = text + f"240 {kind} 004 {pab:4d}\n"
    ours = _ours(with_bye, 4)
    assert pab not in {x for pair in ours for x in pair}
    assert _pab(ours) is None  # eight teams left: no PAB
    assert sorted(ours) == sorted(_gacrux(with_bye, tmp_path, 4))


def test_xxz_leaves_the_team_out_of_the_round_to_pair(tmp_path: Path) -> None:
    text = _file()
    pab = _pab(_ours(text, 4))
    assert pab is not None
    ours = _ours(text + f"XXZ {pab}\n", 4)
    assert pab not in {x for pair in ours for x in pair}
    # Gacrux reads XXZ ids as players; the same absence given on its command line pairs the same
    assert sorted(ours) == sorted(_gacrux(text, tmp_path, 4, (pab,)))


def test_the_pair_command_honours_240(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _file()
    path = tmp_path / "e.trf"
    path.write_text(text + "240 Z 004    1    2\n", encoding="utf-8")
    assert main(["pair", str(path), "--round", "4"]) == 0
    out = capsys.readouterr().out.split()
    assert out[0] == "4" and "1" not in out[1:] and "2" not in out[1:]  # 7 teams: 3 matches and the PAB


def test_full_and_half_point_byes_are_warned_and_counted() -> None:
    text = _file(played=4)
    # round 4 as the file has it, then team 3 is given a half-point bye for round 4 instead of its match: refused
    # with a warning (the file pairs it); a full-point bye for round 5 (not paired yet) counts after it
    t, warnings = read_tournament_with_warnings(text + "240 H 004    3\n240 F 005    3\n")
    notes = [w.message for w in warnings]
    assert any("half-point bye in round 4, but the file pairs it" in m for m in notes)
    assert any("full-point bye in round 5: FIDE deprecates it" in m for m in notes)
    before = {r.team_id: r.mp for r in compute_standings(read_tournament(text)).rows}
    after = {r.team_id: r.mp for r in compute_standings(t, after_round=5).rows}
    assert after[3] == before[3] + t.rules.mp_win
    assert after[4] == before[4]


def test_a_240_that_contradicts_a_paired_round_keeps_the_pairing() -> None:
    text = _file()
    rounds = check_rounds(read_tournament(text + "240 Z 002    5\n"))
    assert all(r["equal"] for r in rounds)


def test_299_points_count_in_standings_and_pairing() -> None:
    text = _file()
    base = read_tournament(text)
    mp = {r.team_id: r.mp for r in compute_standings(base).rows}
    # a penalty of 2 MP in round 2 for team 1, a bonus of 1 MP counted in the standings only for team 2
    t = read_tournament(text + "299    -2.0  -1.0  002    1\n299     1.0   0.0  999    2\n")
    got = {r.team_id: (r.mp, r.gp) for r in compute_standings(t).rows}
    assert got[1][0] == mp[1] - 2 and got[2][0] == mp[2] + 1
    from app.services.pairing.snapshot import build_snapshot

    snap = {s.id: s.score for s in build_snapshot(t, 4).teams}
    assert snap[1] == mp[1] - 2 and snap[2] == mp[2]  # round 999: the standings only


def test_299_sets_a_rounds_result() -> None:
    text = _file()
    t = read_tournament(text + "299 W   2.0   3.0  001    1\n")
    base = read_tournament(text)
    from app.services.tournament import team_history

    r1 = team_history(base, 1)[0]
    rows = {r.team_id: (r.mp, r.gp) for r in compute_standings(t).rows}
    old = {r.team_id: (r.mp, r.gp) for r in compute_standings(base).rows}
    assert rows[1] == (old[1][0] - (r1.mp or 0) + 2, old[1][1] - (r1.gp or 0) + 3)


def test_an_unknown_299_is_a_warning() -> None:
    _, warnings = read_tournament_with_warnings(_file() + "299 W   2.0   3.0  000\n")
    assert any("299 W" in w.message and "not applied" in w.message for w in warnings)


# --- acceleration -------------------------------------------------------------------------------------------


def test_a_250_record_accelerates_the_pairing_as_gacrux_does(tmp_path: Path) -> None:
    text = _file(teams=12, rounds=7, played=1)
    plain = _ours(text, 2)
    # teams 7-12 get 2 virtual MP in round 2: the score groups change
    accel = text.replace("362 ", "250  2.0  1.0   2   2    7   12\n362 ", 1)
    ours = _ours(accel, 2)
    assert ours != plain
    assert sorted(ours) == sorted(_gacrux(accel, tmp_path, 2))


def test_a_baku_event_round_trips_and_passes_gacrux_both_ways(tmp_path: Path) -> None:
    cfg = Config(16, 7, 4, 5, 0.0, 0.05, acceleration="baku")
    t = play(cfg, default_pairer).t
    text = write_tournament(t)
    assert "192 FIDE_TEAM_TYPEA_MP_GP_BAKU" in text and text.count("\n250 ") == 2
    assert read_tournament(text).rules.pairing.acceleration == "baku"
    path = tmp_path / "ours.trf"
    path.write_text(text, encoding="utf-8")
    ok, out = gacrux_check(path, t.rules)
    assert ok, out[-2000:]
    theirs = play(cfg, GacruxPairer(tmp_path)).t
    back = read_tournament(without_152(write_tournament(theirs)))
    assert all(r["equal"] for r in check_rounds(back))
    # and the acceleration changes the pairing: without it, some round pairs otherwise
    plain = dataclasses.replace(back, rules=back.rules.replace(pairing=dataclasses.replace(
        back.rules.pairing, acceleration="none")))
    assert not all(r["equal"] for r in check_rounds(plain))


def test_acceleration_with_game_points_primary_is_refused() -> None:
    from app.services.errors import InvalidInput
    from app.services.rules import fide_default

    base = fide_default()
    with pytest.raises(InvalidInput) as exc:
        base.replace(pairing=dataclasses.replace(base.pairing, primary_score="GP", acceleration="baku"))
    assert exc.value.rule == "C.04.7 1.4.4"


def test_the_virtual_points_never_reach_the_standings() -> None:
    cfg = Config(12, 5, 4, 3, 0.0, 0.0, acceleration="baku")
    t = play(cfg, default_pairer).t
    rows = compute_standings(t).rows
    assert sum(r.mp for r in rows) == sum(Fraction(2) for r in t.rounds for m in r.matches if m.second) \
        + sum(t.rules.bye_mp for r in t.rounds for m in r.matches if m.second is None)


def test_an_import_keeps_byes_and_abnormal_points(tmp_path: Path) -> None:
    """240 F/H and 299 are stored by an import (``Tournament.point_adjustments``): the standings of the imported
    event, and its TRF export read again, count them."""
    from sqlmodel import Session, SQLModel, create_engine

    from app.operations.exchange.exports import export_trf
    from app.operations.exchange.imports import import_trf

    engine = create_engine(f"sqlite:///{tmp_path / 'db.sqlite'}")
    SQLModel.metadata.create_all(engine)
    text = _file() + "240 F 004    3\n299    -2.0  -1.0  002    1\n"
    with Session(engine, expire_on_commit=False) as session:
        t, _ = import_trf(session, text, None)
        session.commit()
        back = read_tournament(export_trf(session, t.id or 0, public=False))
    kinds = sorted((a.round, a.kind, a.mp) for a in back.adjustments)
    assert kinds == [(2, "", -2), (4, "F", back.rules.mp_win)]
    assert {r.team_id: r.mp for r in compute_standings(back).rows} == \
        {r.team_id: r.mp for r in compute_standings(read_tournament(text)).rows}
