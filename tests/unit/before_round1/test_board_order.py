"""R-3.3: board order by FIDE rating, national rating, registration number, name (ELOT 743)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from app.services.board_order import board_order, explain_pair, out_of_order
from app.services.tournament import Player


def p(pid: int, name: str, fide: int | None = None, nat: int | None = None, nid: int | None = None) -> Player:
    return Player(id=pid, name=name, fide_rating=fide, national_rating=nat, national_id=nid)


A = p(1, "Ζωή Αλεξίου", fide=1650, nat=1700, nid=900)
B = p(2, "Νίκος Βλάχος", fide=1520, nat=1600, nid=100)
C = p(3, "Μαρία Γεωργίου", fide=None, nat=1580, nid=50)  # unrated FIDE
D = p(4, "Ελένη Δήμου", fide=None, nat=1580, nid=40)  # same national rating, lower number
E = p(5, "Κώστας Ευθυμίου", fide=None, nat=None, nid=10)
F = p(6, "Ivan Petrov", fide=None, nat=None, nid=None)  # foreign: alphabetical, after numbered
G = p(7, "Anna Schmidt", fide=None, nat=None, nid=None)
H = p(8, "Βασίλης Ζαχαρίου", fide=0, nat=0, nid=None)  # 0 counts as unrated


def test_each_key_in_turn() -> None:
    players = [H, G, F, E, D, C, B, A]
    random.Random(1).shuffle(players)
    # Anna < Ivan < Vasilis (Βασίλης -> Vasilis) alphabetically by ELOT 743
    assert [x.id for x in board_order(players)] == [1, 2, 4, 3, 5, 7, 6, 8]


def test_fide_rated_before_unrated_even_with_high_national() -> None:
    rated = p(1, "X", fide=1400)
    unrated = p(2, "Y", fide=None, nat=2000, nid=1)
    assert board_order([unrated, rated]) == (rated, unrated)


def test_national_rating_decides_among_equal_fide() -> None:
    a = p(1, "X", fide=1500, nat=1400, nid=9)
    b = p(2, "Y", fide=1500, nat=1450, nid=99)
    assert board_order([a, b]) == (b, a)


def test_registration_number_lower_first_none_last() -> None:
    a = p(1, "Α", nid=200)
    b = p(2, "Ω", nid=7)
    c = p(3, "Α", nid=None)
    assert board_order([a, b, c]) == (b, a, c)


def test_alphabetical_mixes_greek_and_latin() -> None:
    a = p(1, "Zeta")
    b = p(2, "Θεοδώρου")  # Theodorou
    c = p(3, "Adams")
    d = p(4, "Μπέκας")  # Bekas
    assert board_order([a, b, c, d]) == (c, d, b, a)


def test_out_of_order_accepts_the_rule_order() -> None:
    assert out_of_order(board_order([A, B, C, D, E, F, G, H])) == []
    assert out_of_order([]) == []


def test_out_of_order_names_every_inverted_pair() -> None:
    assert out_of_order([B, A, C]) == [(B, A)]
    assert out_of_order([C, D, A]) == [(C, D), (C, A), (D, A)]


def test_out_of_order_ignores_players_the_rule_cannot_tell_apart() -> None:
    twin1 = p(1, "Γιώργος Παπάς", fide=1500)
    twin2 = p(2, "ΓΙΩΡΓΟΣ ΠΑΠΑΣ", fide=1500)
    assert out_of_order([twin2, twin1]) == []
    assert board_order([twin2, twin1]) == board_order([twin1, twin2])


def test_explain_pair_names_the_deciding_key() -> None:
    assert "FIDE rating 1650 vs 1520" in str(explain_pair(B, A))
    assert "registration number 40 vs 50" in str(explain_pair(C, D))
    assert "national rating" in str(explain_pair(E, D))
    assert "alphabetical" in str(explain_pair(F, G))


players_st = st.builds(
    Player,
    id=st.integers(1, 10_000),
    name=st.sampled_from(["Άλφα", "Beta", "Γάμμα", "delta", "Ευάγγελος", "Zoe"]),
    fide_rating=st.one_of(st.none(), st.integers(0, 2200)),
    national_rating=st.one_of(st.none(), st.integers(0, 2200)),
    national_id=st.one_of(st.none(), st.integers(1, 50)),
)


@given(st.lists(players_st, max_size=8, unique_by=lambda x: x.id))
def test_board_order_is_a_sorted_permutation(players: list[Player]) -> None:
    ordered = board_order(players)
    assert sorted(x.id for x in ordered) == sorted(x.id for x in players)
    assert out_of_order(ordered) == []
    assert board_order(reversed(players)) == ordered
