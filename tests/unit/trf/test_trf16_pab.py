"""A TRF16 file cannot say "PAB" (it has no record for it; TRF-2026 added 320); the reader recognises it.

``trf16_pab.trf`` is a hand-written Swiss-Manager-style TRF16 file: 5 teams of 2 boards, 3 rounds,
the team with the pairing-allocated bye shows ``0000 - -`` on both boards. The published standings,
with a PAB worth 2 MP and 1 GP, are written out below by hand.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from app.services.rules import fide_default
from app.services.standings import compute_standings
from app.services.tournament import Tournament
from app.services.trf import read_tournament, read_tournament_with_warnings

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
TEXT = (DATA / "trf16_pab.trf").read_text(encoding="utf-8")
PAB = fide_default().replace(tiebreak_rules=None, bye_mp=Fraction(2), bye_gp=Fraction(1))
# (TPN, MP, GP) in rank order, counted by hand from the file with the PAB worth 2 MP, 1 GP
PUBLISHED = [(4, 6, 5), (5, 5, 4), (1, 3, Fraction(5, 2)), (2, 2, Fraction(5, 2)), (3, 2, 1)]


def _pabs(t: Tournament) -> dict[int, int]:
    return {r.number: m.first for r in t.rounds for m in r.matches if m.second is None}


def _lines() -> list[str]:
    return TEXT.splitlines()


def _team_unpaired(lines: list[str], pids: tuple[int, ...], round_no: int) -> list[str]:
    """The players ``pids`` (and their opponents) lose their games of ``round_no``: ``0000 - -``."""
    start = 91 + 10 * (round_no - 1)
    opponents = set()
    for x in lines:
        if x.startswith("001") and int(x[4:8]) in pids:
            opponents.add(int(x[start : start + 4]))
    out = []
    for x in lines:
        if x.startswith("001") and (int(x[4:8]) in pids or int(x[4:8]) in opponents):
            x = x[:start] + "0000 - -" + x[start + 8 :]
        out.append(x)
    return out


def test_the_team_without_an_opponent_had_the_pab() -> None:
    t, warnings = read_tournament_with_warnings(TEXT, base_rules=PAB)
    assert _pabs(t) == {1: 5, 2: 4, 3: 3}
    notes = [w for w in warnings if w.kind == "pab"]
    assert [(w.round, w.team) for w in notes] == [(1, 5), (2, 4), (3, 3)]
    assert "read as the pairing-allocated bye" in str(notes[0]) and "Epsilon" in str(notes[0])
    assert notes[0].line == _lines().index(next(x for x in _lines() if x.startswith("013 Epsilon"))) + 1


def test_standings_equal_the_published_ones() -> None:
    t = read_tournament(TEXT, base_rules=PAB)
    st = compute_standings(t)
    assert [(r.team_id, r.mp, r.gp) for r in st.rows] == PUBLISHED
    assert [r.rank for r in st.rows] == [1, 2, 3, 4, 5]


def test_the_pab_value_comes_from_the_rules() -> None:
    other = PAB.replace(bye_mp=Fraction(1), bye_gp=Fraction(3, 2))
    rows = {r.team_id: (r.mp, r.gp) for r in compute_standings(read_tournament(TEXT, base_rules=other)).rows}
    assert rows[3] == (1, Fraction(3, 2)) and rows[4] == (5, Fraction(11, 2))


def test_two_teams_without_a_game_stay_absent() -> None:
    lines = _team_unpaired(_lines(), (1, 2), 2)  # Alpha-Epsilon of round 2 not played: Alpha, Delta, Epsilon
    t, warnings = read_tournament_with_warnings("\n".join(lines), base_rules=PAB)
    assert _pabs(t) == {1: 5, 3: 3}
    assert not [w for w in warnings if w.kind == "pab" and w.round == 2]


def test_an_even_field_has_no_pab() -> None:
    lines = [*_lines(), "013 Zeta"]  # a sixth team that never played
    t, warnings = read_tournament_with_warnings("\n".join(lines), base_rules=PAB)
    assert _pabs(t) == {}
    assert not [w for w in warnings if w.kind == "pab"]


def test_a_team_alone_without_a_game_twice_was_absent() -> None:
    # round 1 becomes Alpha-Beta, Epsilon-Delta: Gamma is then alone without a game in rounds 1 and 3,
    # and a team gets the PAB once (C.04.6 2.1.2, [C2]): absent in both
    new_r1 = {5: "0000 - -", 6: "0000 - -", 9: "   7 w 1", 7: "   9 b 0", 10: "   8 b 0", 8: "  10 w 1"}
    out = []
    for x in _lines():
        if x.startswith("001") and int(x[4:8]) in new_r1:
            x = x[:91] + new_r1[int(x[4:8])] + x[99:]
        out.append(x)
    t, warnings = read_tournament_with_warnings("\n".join(out), base_rules=PAB)
    assert _pabs(t) == {2: 4}
    assert any("rounds 1, 3" in w.message and "absent" in w.message for w in warnings)


def test_a_file_that_writes_u_is_read_as_written() -> None:
    t = read_tournament((DATA / "swissmanager_trf16.trf").read_text(encoding="utf-8"))
    assert _pabs(t) == {1: 3}  # round 2: team 2 has no game, and the file can say U: absent


def test_trf2026_files_say_pab_in_320() -> None:
    text = (DATA / "team_2026.trf").read_text(encoding="utf-8")
    _, warnings = read_tournament_with_warnings(text)
    assert not [w for w in warnings if w.kind == "pab"]


def test_the_fixture_is_column_exact_with_cr_lf() -> None:
    raw = (DATA / "trf16_pab.trf").read_bytes().decode("utf-8")
    assert raw.count("\r\n") == len(_lines())
    assert all(len(x) == 119 for x in _lines() if x.startswith("001"))
    assert read_tournament(raw, base_rules=PAB) == read_tournament(TEXT, base_rules=PAB)


def test_blank_blocks_or_z_say_absent_not_pab() -> None:
    for block in ("        ", "0000 - Z", "     - Z"):
        lines = [x[:91] + block + x[99:] if x.startswith(("001    9 ", "001   10 ")) else x for x in _lines()]
        t, warnings = read_tournament_with_warnings("\n".join(lines), base_rules=PAB)
        assert _pabs(t) == {2: 4, 3: 3}, block  # round 1: Epsilon absent
        assert not [w for w in warnings if w.kind == "pab" and w.round == 1]


def test_a_generated_trf16_without_u_reads_back_its_pabs() -> None:
    from app.services.generator import generate
    from app.services.trf import write_tournament

    g = generate(9, 5, boards=4, seed=3, forfeit_rate=0.0, absent_rate=0.0)
    with_u = write_tournament(g, "trf16")
    assert "0000 - U" in with_u
    swiss_manager = with_u.replace("0000 - U", "0000 - -")  # what Swiss-Manager writes for the PAB
    a, b = read_tournament(with_u), read_tournament(swiss_manager)
    assert len(_pabs(a)) == 5 and _pabs(a) == _pabs(b)
    assert a.rounds == b.rounds
    assert [(r.team_id, r.mp, r.gp, r.rank) for r in compute_standings(a).rows] == \
           [(r.team_id, r.mp, r.gp, r.rank) for r in compute_standings(b).rows]


def test_absent_teams_of_a_generated_trf16_are_never_read_as_a_pab() -> None:
    from app.services.generator import generate
    from app.services.trf import write_tournament

    for seed in range(1, 6):
        g = generate(9, 6, boards=4, seed=seed, forfeit_rate=0.02, absent_rate=0.1)
        with_u = write_tournament(g, "trf16")
        a = read_tournament(with_u)
        b = read_tournament(with_u.replace("0000 - U", "0000 - -"))
        assert set(_pabs(b).items()) <= set(_pabs(a).items()), seed
