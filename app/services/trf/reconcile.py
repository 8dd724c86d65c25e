"""Round codes read against the points field of a 001 record, as the program that wrote the file means them.

A raw export can write a board's forfeit as both players' loss (``41 w -`` / ``74 b -``), or ``0000 - -`` for a
player whose opponent's board was left empty, while the player's points field (cols 81-84) counts the point
(FIDE TRF16 and TRF-2026, record 001: "points" under the event's scoring system). The points field says which:

* a player whose stated points exceed what its round codes give by ``k`` wins (162 ``W``, default 1), and who
  has exactly ``k`` such blocks, a double-forfeit board whose opponent's own points do not claim it too, or a
  ``0000 - -`` block in a round its team played, won each of them by forfeit (``+``);
* any other difference is a contradiction the reader cannot resolve: the codes are read as written, with a
  warning naming the player's line.

A PAB (``U``) counts the win's points or nothing (programs differ), and a blank points field is not compared.
"""

from __future__ import annotations

from fractions import Fraction

from app.services.trf.records import _FWIN, _Block, _PlayerRec, _State

#: the value of each result code under the 162 scoring (TRF-2026: F = W, H = D, U = P = W; Z and blank 0)
_VALUE_OF = {"1": "W", "W": "W", "+": "W", "F": "W", "=": "D", "D": "D", "H": "D"}


def reconcile_points(st: _State, player_team: dict[int, int]) -> None:
    """Rewrite, in ``st``, the blocks the points fields resolve (see the module docstring); warn of the rest."""
    win = st.gp.get("W", Fraction(1))
    draw = st.gp.get("D", Fraction(1, 2))
    value = {"W": win, "D": draw}
    team_played: set[tuple[int, int]] = {(r, player_team[pid]) for pid, rec in st.players.items()
                                         if pid in player_team for r, b in rec.blocks.items() if b.opponent}
    excess: dict[int, Fraction] = {}
    for pid, rec in st.players.items():
        if rec.points is None or pid not in player_team:
            continue
        got = sum((value.get(_VALUE_OF.get(b.code, ""), Fraction(0)) for b in rec.blocks.values()), Fraction(0))
        pab = sum(1 for b in rec.blocks.values() if b.code == "U") * win
        if rec.points in (got + pab, got):
            continue
        # the PAB counted when the points reach that far, not counted otherwise
        excess[pid] = rec.points - got - pab if rec.points > got + pab else rec.points - got
    for pid, diff in sorted(excess.items()):
        rec = st.players[pid]
        stated = rec.points
        assert stated is not None  # only records with a points field have an excess
        candidates = [r for r, b in sorted(rec.blocks.items()) if b.code == "-" and (
            (b.opponent and _double_forfeit(st, b, r) and b.opponent not in excess)
            or (not b.opponent and (r, player_team[pid]) in team_played))]
        wins = diff / win if win else None
        if wins is not None and wins.denominator == 1 and 0 < wins == len(candidates):
            for r in candidates:
                _rewrite(st, pid, rec, r)
            rounds = ", ".join(map(str, candidates))
            st.warn(rec.line, f"player {pid}'s points ({_fmt(stated)}) count a win the round codes do not "
                              f"show: round {rounds} read as won by forfeit (+)")
            continue
        st.warn(rec.line, f"player {pid}'s points field says {_fmt(stated)} but the round codes give "
                          f"{_fmt(stated - diff)}; the codes are read as written")


def _double_forfeit(st: _State, b: _Block, r: int) -> bool:
    opp = st.players.get(b.opponent)
    ob = opp.blocks.get(r) if opp is not None else None
    return ob is not None and ob.code == "-"


def _rewrite(st: _State, pid: int, rec: _PlayerRec, r: int) -> None:
    """Player ``pid``'s round ``r`` block as a forfeit win (a new block: blocks are shared between records)."""
    old = rec.blocks[r]
    new = _Block(old.opponent, old.colour, _FWIN)  # the canonical letter is the code
    rec.blocks[r] = new
    st.blocks_of_round[r] = [(p, x, new if p == pid else b) for p, x, b in st.blocks_of_round[r]]


def _fmt(value: Fraction) -> str:
    return f"{float(value):.1f}" if value.denominator in (1, 2) else str(value)
