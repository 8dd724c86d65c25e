"""R-4.1 initial ranking by base-lineup average (unrated = 1400), R-4.2 ties by ELOT 743 name,
C.04.6 1.1.3 TPNs frozen once round 4 is paired."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from app.services.errors import InvalidInput, StateConflict
from app.services.rules import k12_2025
from app.services.seeding import base_average, check_tpn_relock, initial_ranking, tpn_map
from app.services.tournament import Player, Team

K12 = k12_2025()


def roster(*ratings: int | None) -> list[Player]:
    return [Player(i, f"p{i}", fide_rating=r) for i, r in enumerate(ratings, start=1)]


def test_unrated_counts_as_1400_and_reserves_are_ignored() -> None:
    avg, counted = base_average(K12, roster(1800, None, 0, 1500, 2400))
    assert counted == (1800, 1400, 1400, 1500)
    assert avg == Fraction(6100, 4)


def test_average_is_exact() -> None:
    avg, _ = base_average(K12, roster(1501, 1500, 1500, 1500))
    assert avg == Fraction(6001, 4) and avg != 1500


def test_short_base_lineup_averages_its_players() -> None:
    assert base_average(K12, roster(1600, 1500)) == (Fraction(1550), (1600, 1500))
    assert base_average(K12, []) == (Fraction(0), ())


def test_ranked_by_average_then_elot_name() -> None:
    teams = [
        (Team(1, "ΣΑ Θεσσαλονίκης «Λευκός Πύργος»"), roster(1500, 1500, 1500, 1500)),
        (Team(2, "ΕΣ Καλαμαριάς"), roster(1500, 1500, 1500, 1500)),
        (Team(3, "Σ.A.Χερσονήσου"), roster(1600, 1400, 1500, 1500)),  # same average 1500
        (Team(4, "Athens Club"), roster(1500, 1500, 1500, 1500)),
        (Team(5, "Αθηναϊκός"), roster(1700, None, None, None)),  # 1475
        (Team(6, "Zeus"), roster(1600, 1600, 1600, 1600)),
        (Team(7, "Κενή"), []),
    ]
    random.Random(3).shuffle(teams)
    ranking = initial_ranking(K12, teams)
    # 1500 tie: Athens Club, ES Kalamarias, S.A.Chersonisou, SA Thessalonikis
    assert [r.team_id for r in ranking] == [6, 4, 2, 3, 1, 5, 7]
    assert [r.tpn for r in ranking] == [1, 2, 3, 4, 5, 6, 7]
    assert ranking[0].average == 1600 and ranking[5].average == Fraction(5900, 4)
    assert tpn_map(ranking) == {6: 1, 4: 2, 2: 3, 3: 4, 1: 5, 5: 6, 7: 7}


def test_equal_names_fall_back_on_id() -> None:
    teams = [(Team(9, "Ομάδα"), roster(1500)), (Team(2, "ΟΜΑΔΑ"), roster(1500))]
    ranked = initial_ranking(K12, teams)
    assert [r.team_id for r in ranked] == [2, 9]  # "ΟΜΑΔΑ" < "Ομάδα" on the original string
    assert initial_ranking(K12, teams[::-1]) == ranked
    same = [(Team(9, "Ομάδα"), roster(1500)), (Team(2, "Ομάδα"), roster(1500))]
    assert [r.team_id for r in initial_ranking(K12, same)] == [2, 9]


def test_duplicate_team_refused() -> None:
    with pytest.raises(InvalidInput):
        initial_ranking(K12, [(Team(1, "A"), []), (Team(1, "B"), [])])


def test_tpn_relock() -> None:
    for paired in (0, 1, 2, 3):
        check_tpn_relock(paired)
    for paired in (4, 5, 7):
        with pytest.raises(StateConflict) as e:
            check_tpn_relock(paired)
        assert e.value.rule == "C.04.6 1.1.3"
    with pytest.raises(InvalidInput):
        check_tpn_relock(-1)
