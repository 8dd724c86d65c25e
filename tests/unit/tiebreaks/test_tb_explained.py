"""What decided inside a tied group: the standings say it for DE, DE-ALLMET, EDE, TBR and BBE."""

from __future__ import annotations

from fractions import Fraction as F

from app.presentation.standings import standings_to_dict
from app.services.rules import Rules
from app.services.standings import TiebreakUse, compute_standings
from tests.unit.tiebreaks.tb_builders import build, example2
from tests.unit.tiebreaks.test_tb_examples import example3


def uses(st, code: str) -> dict[int, TiebreakUse]:
    i = st.tiebreak_codes.index(code)
    return {r.team_id: r.explained[i] for r in st.rows}


def test_a_team_already_separated_is_marked_and_the_value_kept() -> None:
    # A beats B 4-0 and has the bye; B beats C 4-0; C has the bye: A 4 MP, B 2, C 2
    t = build("ABC", [[("A", "B", "1111"), ("C", None)], [("B", "C", "1111"), ("A", None)]], rules=Rules(rounds=2))
    st = compute_standings(t, tiebreaks=("MPTS", "DE", "TBR"))
    assert uses(st, "MPTS")[1] == TiebreakUse(3)  # all three were level before the list started
    de = uses(st, "DE")
    assert de[1] == TiebreakUse(1)  # A was alone on 4 MP: DE decided nothing for A
    assert (de[2], de[3]) == (TiebreakUse(2, F(2)), TiebreakUse(2, F(0)))  # B beat C
    assert all(u == TiebreakUse(1) for u in uses(st, "TBR").values())
    assert [r.value("DE") for r in st.rows] == [1, 1, 2]  # the old field does not change


def test_de_gives_the_points_among_the_tied_teams_of_each_group() -> None:
    rounds = [
        [("S", "T", "1111"), ("U", "V", "0000")],
        [("S", "U", "0000"), ("T", "V", "1111")],
        [("S", "V", "1111"), ("T", "U", "0000")],
    ]
    t = build("STUV", rounds, rules=Rules(rounds=3))
    st = compute_standings(t, tiebreaks=("MPTS", "DE-ALLMET", "GPTS"))
    # S and U on 4 MP (U beat S), T and V on 2 MP (T beat V)
    assert [r.team_id for r in st.rows] == [3, 1, 2, 4]
    de = uses(st, "DE-ALLMET")
    assert {tid: (u.group, u.decisive) for tid, u in de.items()} == {
        3: (2, F(2)), 1: (2, F(0)), 2: (2, F(2)), 4: (2, F(0))}
    assert all(u.group == 1 for u in uses(st, "GPTS").values())


def test_de_allmet_did_not_apply_when_not_all_met() -> None:
    t = example3()  # P beat Q and R; Q and R, both on 0 MP, have not met
    st = compute_standings(t, tiebreaks=("MPTS", "DE-ALLMET"))
    de = uses(st, "DE-ALLMET")
    assert (de[1], de[2], de[3]) == (TiebreakUse(1), TiebreakUse(2), TiebreakUse(2))
    # plain DE (6.3) reads the encounters that took place: none between them, 0 each
    st = compute_standings(t, tiebreaks=("MPTS", "DE"))
    de = uses(st, "DE")
    assert (de[2], de[3]) == (TiebreakUse(2, F(0)), TiebreakUse(2, F(0)))


def test_tbr_names_the_board_where_each_team_parted() -> None:
    # example 2: every team 3 MP, 6 GP; board vectors W 2 1.5 1 1.5, X 1.5 2 1.5 1, Y 1.5 1 1.5 2, Z 1 1.5 2 1.5
    st = compute_standings(example2(), tiebreaks=("MPTS", "GPTS", "TBR"))
    tbr = uses(st, "TBR")
    assert tbr == {1: TiebreakUse(4, F(2), 1), 2: TiebreakUse(4, F(2), 2), 3: TiebreakUse(4, F(1), 2),
                   4: TiebreakUse(4, F(1), 1)}


def test_bbe_counts_the_top_boards_that_decided() -> None:
    st = compute_standings(example2(), tiebreaks=("MPTS", "BBE"))
    bbe = uses(st, "BBE")
    # without board 4: W 4.5, X 5, Y 4, Z 4.5 -> X and Y part on the top 3 boards; W and Z on the top 2
    assert (bbe[2].board, bbe[2].decisive) == (3, F(5))
    assert (bbe[3].board, bbe[3].decisive) == (3, F(4))
    assert (bbe[1].board, bbe[1].decisive) == (2, F(7, 2))
    assert (bbe[4].board, bbe[4].decisive) == (2, F(5, 2))


def test_a_tie_that_survives_has_no_decisive_value() -> None:
    t = build("WXYZ", [[("W", "X", "===="), ("Y", "Z", "====")]], rules=Rules(rounds=1))
    st = compute_standings(t, tiebreaks=("MPTS", "TBR"))
    assert all(u.group == 4 and u.decisive is None for u in uses(st, "TBR").values())


def test_the_json_keeps_code_and_value_and_adds_the_group() -> None:
    t = example2()
    d = standings_to_dict(t, compute_standings(t, tiebreaks=("MPTS", "DE", "TBR")))
    first = d["rows"][0]["tiebreaks"]
    assert [x["code"] for x in first] == ["MPTS", "DE", "TBR"]
    assert set(first[0]) == {"code", "value", "group", "decisive", "board"}
    assert first[0]["group"] == 4 and first[0]["decisive"] is None
    tbr = first[2]
    assert tbr["value"] == "1" and tbr["board"] is not None and tbr["decisive"] is not None


def test_wdl_count_by_value_not_by_which_fraction_object() -> None:
    """match_counts classifies a round's MP by identity with the rules' own values first (fast), and by value
    for any other Fraction of the same value: both count alike; equal win and draw values count as wins."""
    from fractions import Fraction

    from app.services.rules import fide_default
    from app.services.standings import match_counts
    from app.services.tiebreaks.context import Context, RoundEntry
    from app.services.tournament import Outcome

    rules = fide_default()

    def counts(values: list[Fraction], r: object = rules) -> tuple[int, ...]:
        entries = tuple(RoundEntry(i + 1, Outcome.PLAYED, "played", 2, v, Fraction(2)) for i, v in enumerate(values))
        ctx = Context(None, r, "2026", len(values), (1,), {1: entries}, {}, {}, {}, {})  # type: ignore[arg-type]
        return match_counts(ctx, 1)[:3]

    own = [rules.mp_win, rules.mp_draw, rules.mp_loss, rules.mp_win]
    copies = [Fraction(v.numerator, v.denominator) for v in own]
    assert all(a is not b for a, b in zip(own, copies, strict=True))
    assert counts(own) == counts(copies) == (2, 1, 1)
    level = rules.replace(mp_draw=rules.mp_win)  # win and draw worth the same: a match at that value is a win
    assert counts([level.mp_draw, level.mp_win], level) == (2, 0, 0)
