"""Which C.04.6 criteria a hand pairing breaks (app/services/pairing/checks.py), from hand-made rounds."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from app.services.pairing import Snapshot, TeamState, pair_round
from app.services.pairing.checks import Breach, engine_matches, hand_pairing_breaches
from app.services.rules import fide_default

F = Fraction
RULES = fide_default()


def team(tpn: int, score: int, colours: str = "", opp: tuple[int, ...] = (), barred: bool = False) -> TeamState:
    return TeamState(id=100 + tpn, tpn=tpn, score=F(score), opponents=frozenset(100 + o for o in opp),
                     colours=colours, pab_barred=barred, matches_played=len(colours))


# round 3 of 7: 1 and 2 have 4 match points, 3 and 4 have 2, 5 has 0 and had the PAB already
SNAP = Snapshot(3, 7, (team(1, 4, "WB", (3, 4)), team(2, 4, "BW", (4, 3)), team(3, 2, "BW", (1, 2)),
                       team(4, 2, "WB", (2, 1)), team(5, 0, "", (), barred=True)))


ENGINE = pair_round(replace(SNAP, teams=SNAP.teams[:4]), RULES)  # 5 is absent: four teams, no PAB


def breaches(matches: list[tuple[int, int | None]]) -> dict[str, Breach]:
    """The breaches of a pairing given in TPNs (team id = 100 + TPN), by criterion."""
    ids = [(100 + a, 100 + b if b else None) for a, b in matches]
    return {b.criterion: b for b in hand_pairing_breaches(SNAP, RULES, ids,
                                                          engine_matches(ENGINE.explanation.to_dict()))}


def test_the_engines_own_pairing_breaks_nothing() -> None:
    assert sorted(sorted((m.first, m.second or 0)) for m in ENGINE.matches) == [[101, 102], [103, 104]]
    assert hand_pairing_breaches(SNAP, RULES, [(m.first, m.second) for m in ENGINE.matches],
                                 engine_matches(ENGINE.explanation.to_dict())) == ()


def test_a_rematch_is_c1_and_crossing_the_scoregroups_is_c4() -> None:
    matches = [(101, 103), (104, 102)]  # 1 met 3 and 2 met 4 in the rounds before
    found = hand_pairing_breaches(SNAP, RULES, matches, engine_matches(ENGINE.explanation.to_dict()))
    assert [(b.criterion, b.article, b.team_ids) for b in found if b.criterion == "C1"] == [
        ("C1", "C.04.6 2.1.1", (101, 103)), ("C1", "C.04.6 2.1.1", (104, 102))]
    c4 = next(b for b in found if b.criterion == "C4")
    assert (c4.value, c4.engine) == (2, 0)


def test_the_pab_to_a_barred_team_is_c2() -> None:
    assert breaches([(1, 2), (3, 4), (5, None)])["C2"].team_ids == (105,)


def test_colours_against_the_allocation_are_4_3() -> None:
    (w1, b1), (w2, b2) = [(m.first - 100, (m.second or 0) - 100) for m in ENGINE.matches]
    found = breaches([(b1, w1), (w2, b2)])
    assert found["4.3"].article.startswith("C.04.6 4.3") and found["4.3"].team_ids == (100 + w1, 100 + b1)
    assert "C1" not in found and "C4" not in found
