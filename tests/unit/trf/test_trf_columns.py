"""The writer puts every field in the columns of the spec, line by line: TRF-2026 (header records 012-362, 001, 300-330)
and TRF16 (C.04 Annex 2: 013)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from app.services.rules import fide_default
from app.services.tournament import BoardGame, Match, Player, Round, Team, Tournament
from app.services.trf import read_tournament, write_tournament


def _tournament() -> Tournament:
    rules = fide_default().replace(rounds=3, tiebreaks=("MPTS", "DE", "EMGSB/C1"))
    players = (
        Player(1, "Παπαδόπουλος, Νίκος", sex="m", title="FM", fide_rating=2210, federation="GRE",
               fide_id=4200001, birth_date=date(1990, 1, 2)),
        Player(2, "Smith, Anna", sex="w", title="WGM", fide_rating=2105, federation="ENG", fide_id=400002),
        *(Player(i, f"Player, {i}", fide_rating=2000 - i, federation="GRE") for i in range(3, 13)),
    )
    teams = (
        Team(1, "ΟΑΧ Καλαμαριάς", tpn=1, roster=(1, 2, 3, 4, 5), nickname="OAX"),
        Team(2, "A very long team name that does not fit in 32 columns", tpn=2, roster=(6, 7, 8, 9)),
        Team(3, "Third", tpn=3, roster=(10, 11, 12)),
    )
    r1 = Round(1, (
        Match(1, 1, 1, 2, boards=(
            BoardGame(1, 1, 6, True, "1-0"),
            BoardGame(2, 2, 7, False, "1/2-1/2"),
            BoardGame(3, 3, 8, True, "+/-"),
            BoardGame(4, 5, None, False, "-/+"),  # team 2 left board 4 empty, reserve 5 plays
        )),
        Match(1, 2, 3, None),
    ))
    r2 = Round(2, (Match(2, 1, 3, 1, forfeit="second"),))
    return Tournament("Columns", rules, teams, players, rounds=(r1, r2), city="Kalamaria", federation="GRE",
                      start_date=date(2026, 3, 14), chief_arbiter="IA Chief")


@pytest.fixture(scope="module")
def lines() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in write_tournament(_tournament()).splitlines():
        out.setdefault(line[:3], []).append(line)
    return out


def test_header_records(lines: dict[str, list[str]]) -> None:
    assert lines["012"] == ["012 Columns"]
    assert lines["022"] == ["022 Kalamaria"]
    assert lines["042"] == ["042 2026/03/14"]
    assert lines["062"] == ["062 12"]
    assert lines["082"] == ["082 3"]
    assert lines["102"] == ["102 IA Chief"]
    assert lines["142"] == ["142 3"]
    assert lines["152"] == ["152 W"]
    assert lines["192"] == ["192 FIDE_TEAM_TYPEA_MP_GP"]
    assert lines["202"] == ["202 DE,EMGSB/C1"]
    assert lines["212"] == ["212 PTS,DE,EMGSB/C1"]
    assert lines["352"] == ["352 WBWB"]


def test_score_systems_use_the_9_column_blocks(lines: dict[str, list[str]]) -> None:
    (s162,) = lines["162"]
    assert [s162[5], s162[14], s162[23]] == ["W", "D", "L"]  # letter at col 6, 15, 24
    assert [s162[6:10], s162[15:19], s162[24:28]] == [" 1.0", " 0.5", " 0.0"]  # points 7-10 ...
    (s362,) = lines["362"]
    assert [s362[4:6], s362[13:15], s362[22:24]] == ["TW", "TD", "TL"]
    assert [s362[6:10], s362[15:19], s362[24:28]] == [" 2.0", " 1.0", " 0.0"]


def test_player_record_columns(lines: dict[str, list[str]]) -> None:
    p1, p2 = lines["001"][0], lines["001"][1]
    assert p1[4:8] == "   1"  # 5-8 starting rank
    assert p1[9] == "m"  # 10 sex
    assert p1[10:13] == " FM" and p2[10:13] == "WGM"  # 11-13 title
    assert p1[14:47] == "Παπαδόπουλος, Νίκος".ljust(33)  # 15-47 name, characters not bytes
    assert p1[48:52] == "2210"  # 49-52 rating
    assert p1[53:56] == "GRE"  # 54-56 federation
    assert p1[57:68] == "4200001".rjust(11)  # 58-68 FIDE id
    assert p1[69:79] == "1990/01/02"  # 70-79 birth date
    assert p2[69:79] == " " * 10
    assert p1[80:84] == " 1.0"  # 81-84 points: 1 (R1) + 0 (R2, his team forfeited)
    assert p1[85:89] == "   4"  # 86-89 rank: team 3 players have 2.0 (PAB U + forfeit win)
    # round 1 block at 92-99: opponent 92-95, colour 97, result 99
    assert p1[91:99] == "   6 w 1"
    assert p2[91:99] == "   7 b ="
    # round 2: the match forfeit is written board by board (team 1 absent, so it lost)
    assert p1[101:109] == "  10 b -"


def test_empty_board_and_bye_blocks(lines: dict[str, list[str]]) -> None:
    by_id = {int(line[4:8]): line for line in lines["001"]}
    assert by_id[5][91:99] == "0000 - +"  # against an empty board: no opponent, no colour
    assert by_id[4][91:99].strip() == ""  # not in the lineup
    assert by_id[10][91:99] == "0000 - U"  # the PAB (U)


def test_team_record_310_columns(lines: dict[str, list[str]]) -> None:
    t1, t2, t3 = lines["310"]
    assert t1[4:7] == "  1"  # 5-7 TPN
    assert t1[8:40] == "ΟΑΧ Καλαμαριάς".ljust(32)  # 9-40 name
    assert t2[8:40] == "A very long team name that does "  # cut at 32 characters
    assert t1[41:46] == "OAX  "  # 42-46 nickname
    assert t1[47:53] == "  2077"  # 48-53 average rating of the top 4 boards
    assert t1[54:60] == "   2.0" and t1[61:67] == "   3.5"  # 55-60 MP, 62-67 GP
    assert t3[54:60] == "   3.0" and t3[61:67] == "   6.0"  # PAB (1, 2) + forfeit win (2, 4)
    assert t3[68:71] == "  1"  # 69-71 rank
    assert t1[71:73] == "  "  # 72-73 blank
    assert [t1[73 + 5 * k: 77 + 5 * k] for k in range(5)] == ["   1", "   2", "   3", "   4", "   5"]


def test_pab_forfeit_and_lineup_records(lines: dict[str, list[str]]) -> None:
    (r320,) = lines["320"]
    assert r320[4:8] == " 1.0" and r320[9:13] == " 2.0"  # PAB MP 5-8, GP 10-13
    assert r320[14:17] == "  3"  # round 1 at 15-17
    (r330,) = lines["330"]
    assert r330[4:6] == "+-"  # the White team (3) won: team 1 did not come
    assert r330[7:10] == "  2" and r330[11:14] == "  3" and r330[15:18] == "  1"
    r300 = {int(x[8:11]): x for x in lines["300"]}
    assert set(r300) == {1, 2}  # an empty board: both teams' lineups
    assert r300[2][4:7] == "  1" and r300[2][12:15] == "  1"
    assert [r300[2][16 + 5 * k: 20 + 5 * k] for k in range(4)] == ["   6", "   7", "   8", "0000"]
    assert [r300[1][16 + 5 * k: 20 + 5 * k] for k in range(4)] == ["   1", "   2", "   3", "   5"]


def test_trf16_writes_013_with_the_first_id_at_column_37() -> None:
    text = write_tournament(_tournament(), "trf16")
    recs = [x for x in text.splitlines() if x.startswith("013")]
    assert recs[0][4:36] == "ΟΑΧ Καλαμαριάς".ljust(32)
    assert [recs[0][36 + 5 * k: 40 + 5 * k] for k in range(5)] == ["   1", "   2", "   3", "   4", "   5"]
    assert not any(x[:3] in ("310", "320", "330", "300", "192", "352") for x in text.splitlines())
    assert "XXR 3" in text.splitlines()


def test_round_dates_in_132_align_with_the_round_blocks() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    t = _tournament()
    z = ZoneInfo("Europe/Athens")
    starts = (datetime(2026, 3, 14, 16, 30, tzinfo=z), datetime(2026, 3, 14, 19, 30, tzinfo=z),
              datetime(2026, 3, 15, 10, 0, tzinfo=z))
    t2 = Tournament(t.name, t.rules.replace(round_starts=starts), t.teams, t.players, rounds=t.rounds)
    (line,) = [x for x in write_tournament(t2).splitlines() if x.startswith("132")]
    assert line[91:99] == "26/03/14" and line[101:109] == "26/03/14" and line[111:119] == "26/03/15"


def test_points_other_than_halves_still_fit() -> None:
    t = _tournament()
    t2 = Tournament(t.name, t.rules.replace(bye_gp=Fraction(5, 2), bye_mp=Fraction(2)), t.teams, t.players,
                    rounds=t.rounds)
    back = read_tournament(write_tournament(t2))
    assert (back.rules.bye_mp, back.rules.bye_gp) == (Fraction(2), Fraction(5, 2))


def test_310_ranks_come_from_the_standings_when_given() -> None:
    from app.services.standings import compute_standings

    t = _tournament()
    st = compute_standings(t)
    recs = [x for x in write_tournament(t, standings=st).splitlines() if x.startswith("310")]
    by_tpn = {int(x[4:7]): x for x in recs}
    for row in st.rows:
        line = by_tpn[row.team_id]
        assert int(line[68:71]) == row.rank
        assert line[54:60] == f"{float(row.mp):6.1f}" and line[61:67] == f"{float(row.gp):6.1f}"
