"""Every fixture through our writer and back: what a file says, read again from our own file, says the same
(teams, players, rounds, matches, boards, settings, byes, abnormal points, absences), and writing it again gives
the same file."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.generator import generate
from app.services.trf import read_tournament, write_tournament

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted([*(ROOT / "data").rglob("*.trf"), *(ROOT / "unit").rglob("*.trf")])


def _same(a, b) -> None:  # type: ignore[no-untyped-def]
    assert [(t.tpn, t.name, t.roster, t.nickname) for t in a.teams] == \
        [(t.tpn, t.name, t.roster, t.nickname) for t in b.teams]
    assert a.players == b.players
    assert [(r.number, r.matches) for r in a.rounds] == [(r.number, r.matches) for r in b.rounds]
    assert a.rules.pairing == b.rules.pairing
    assert (a.rules.mp_win, a.rules.bye_mp, a.rules.bye_gp, a.rules.tiebreaks) == \
        (b.rules.mp_win, b.rules.bye_mp, b.rules.bye_gp, b.rules.tiebreaks)
    assert sorted(a.adjustments, key=repr) == sorted(b.adjustments, key=repr)
    assert sorted(a.absences) == sorted(b.absences)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_fixture_round_trips_through_our_writer(path: Path) -> None:
    original = read_tournament(path.read_text(encoding="utf-8-sig"))
    ours = write_tournament(original)
    back = read_tournament(ours)
    _same(original, back)
    assert write_tournament(back) == ours


def test_a_file_with_every_team_record_round_trips() -> None:
    t = generate(9, 6, boards=4, seed=5, forfeit_rate=0.05, absent_rate=0.05).with_rounds(range(1, 4))
    text = write_tournament(t)
    extra = ("240 F 002    3\n240 H 004    4\n240 Z 004    5\nXXZ 6\n250  2.0  1.0   4   5    1    4\n"
             "299    -1.0  -2.0  002    1\n299     0.0  -4.0  999    2\n")
    original = read_tournament(text + extra)
    ours = write_tournament(original)
    for record in ("240 H 004", "240 Z 004", "XXZ 6", "250  2.0  1.0   4   5", "299"):
        assert record in ours
    back = read_tournament(ours)
    _same(original, back)
    assert write_tournament(back) == ours


def test_trf16_says_what_it_cannot_hold() -> None:
    from app.services.trf import write_tournament_with_warnings

    t = generate(9, 6, boards=4, seed=5, forfeit_rate=0.0, absent_rate=0.0).with_rounds(range(1, 4))
    with_points = read_tournament(write_tournament(t) + "299    -1.0  -2.0  002    1\n")
    _, warnings = write_tournament_with_warnings(with_points, "trf16")
    assert any("TRF16 has no record" in w for w in warnings)
    assert write_tournament_with_warnings(t, "trf16")[1] == ()
