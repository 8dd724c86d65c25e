"""The records of a team file that are neither games nor matches: byes (240), absences (XXZ), abnormal points
(299) and accelerations (250, 192 ``..._BAKU``), applied as C.04.6 allows them for teams.

* ``240 Z`` (a zero-point bye) and ``XXZ``: the team does not play the round (C.04.2 3.2-3.3); a round the file
  has not paired yet is paired without it (``Tournament.absences``; XXZ: whichever round is paired next).
* ``240 F``: the full-point bye, which C.04.6 [C2] names and FIDE deprecates: the team is left out of the round,
  gets a won match's points and cannot get the PAB afterwards; said in a warning.
* ``240 H``: C.04.6 has no half-point bye for teams: the team is left out of the round and gets a drawn match's
  points, as the file says, with a warning that says so.
* ``299``: a type letter with a round and teams sets those teams' result of the round (the difference from the
  match is an ``Adjustment``); a blank type with teams adds a penalty or a bonus (from its round on; round 999:
  the standings only); ``+`` with no round and no team sets the points of a match won by forfeit. Anything else
  is named in a warning and not applied.
* ``250`` ranges and ``_BAKU`` go to the pairing settings (:mod:`app.services.acceleration`).

A 240 bye for a round in which the file pairs the team contradicts the file: the pairing is kept, with a warning.
"""

from __future__ import annotations

from fractions import Fraction

from app.services.rules import Rules
from app.services.tournament import Adjustment, Round, round_result
from app.services.trf.records import _State


def team_records(st: _State, rules: Rules, rounds: list[Round], teams: set[int]
                 ) -> tuple[tuple[Adjustment, ...], tuple[tuple[int, int], ...]]:
    """(adjustments, absences) of the 240, XXZ and 299 records (see the module docstring)."""
    adjustments: list[Adjustment] = []
    absences: list[tuple[int, int]] = []
    by_number = {r.number: r for r in rounds}
    win = (rules.mp_win, rules.gp_win * rules.boards)
    draw = (rules.mp_draw, rules.gp_draw * rules.boards)
    for kind, rnd, ids, line in st.byes240:
        for team in ids:
            if team not in teams:
                st.warn(line, f"240: team {team} has no team record; ignored")
                continue
            paired = by_number.get(rnd)
            if paired is not None and paired.match_of(team) is not None:
                st.warn(line, f"240: team {team} has a {_BYES[kind]} in round {rnd}, but the file pairs it in that "
                              "round; the pairing is kept")
                continue
            absences.append((rnd, team))
            if kind == "F":
                adjustments.append(Adjustment(team, rnd, *win, kind="F"))
                st.warn(line, f"240 F: team {team} has a full-point bye in round {rnd}: FIDE deprecates it (C.04.6 "
                              f"[C2]); it is not paired, gets {_pts(win)} and cannot get the PAB afterwards")
            elif kind == "H":
                adjustments.append(Adjustment(team, rnd, *draw, kind="H"))
                st.warn(line, f"240 H: C.04.6 has no half-point bye for teams (only the PAB and the deprecated "
                              f"full-point bye); team {team} is not paired in round {rnd} and gets {_pts(draw)}, as "
                              "the file says")
    for team, line in st.xxz:
        if team in teams:
            absences.append((0, team))
        else:
            st.warn(line, f"XXZ: team {team} has no team record; ignored")
    for kind, mp, gp, rnd, ids, line in st.abnormal:
        if kind != " " and rnd and ids:
            match_round = by_number.get(rnd)
            for team in ids:
                if team not in teams:
                    st.warn(line, f"299: team {team} has no team record; ignored")
                    continue
                m = match_round.match_of(team) if match_round is not None else None
                _, _, had_mp, had_gp, _ = round_result(m, team, rules)
                adjustments.append(Adjustment(team, rnd, mp - (had_mp or 0), gp - (had_gp or 0)))
        elif kind == " " and ids:
            for team in ids:
                if team in teams:
                    adjustments.append(Adjustment(team, 0 if rnd == 999 else rnd, mp, gp, pairing=rnd != 999))
                else:
                    st.warn(line, f"299: team {team} has no team record; ignored")
        elif kind == "+" and not ids and not rnd:
            continue  # the points of a forfeit win: read with the rules (see ``forfeit_points``)
        else:
            st.warn(line, f"299 {kind.strip() or '(blank)'}: this assignment of points is not applied (only a "
                          "result set for a round's teams, a penalty or bonus, or the value of a forfeit win are)")
    return tuple(adjustments), tuple(dict.fromkeys(absences))


def forfeit_points(st: _State) -> tuple[Fraction, Fraction] | None:
    """The (MP, GP) of a match won by forfeit that a ``299 +`` record without round and teams sets."""
    for kind, mp, gp, rnd, ids, _ in st.abnormal:
        if kind == "+" and not rnd and not ids:
            return mp, gp
    return None


_BYES = {"F": "full-point bye", "H": "half-point bye", "Z": "zero-point bye"}


def _pts(value: tuple[Fraction, Fraction]) -> str:
    return f"{_num(value[0])} MP and {_num(value[1])} GP"


def _num(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"
