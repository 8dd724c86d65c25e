"""PAB inference: which team had the pairing-allocated bye in a TRF16 file, which cannot say so.

The rule is in the docstring of :mod:`app.services.trf.reader` (a team without a game while every
other team played, in an odd field, shown as ``0000 - -`` ...).
"""

from __future__ import annotations

from app.services.trf.records import _State, _TeamRec

#: result codes of a game played over the board (1 = 0, and W D L: a game of less than one move)
_OVER_THE_BOARD = frozenset("1=0WDL")


def _infer_pabs(st: _State, teams: dict[int, _TeamRec], player_team: dict[int, int]) -> dict[int, int]:
    """Round -> team read as the PAB in a TRF16 file that cannot say so (see the module docstring)."""
    if st.has_u or st.pab_points is not None or len(teams) % 2 == 0:
        return {}
    playing: dict[int, set[int]] = {}  # round -> teams with a game, a 330 forfeit or a 300 lineup
    forfeit_won: dict[int, int] = {}  # team -> first round it won boards by forfeit without an opponent
    marked: dict[int, set[int]] = {}  # round -> teams with a "0000 - -" block (Swiss-Manager's unpaired)
    zero: dict[int, set[int]] = {}  # round -> teams with a "0000 - Z" block (a known absence)
    # a match won by forfeit is a whole match (C.04.6 [C2], 1.6.1): the team won a board by forfeit and no
    # board of its match was played; a board won by forfeit beside boards played is not one
    board_forfeit_won: set[tuple[int, int]] = set()  # (round, team) that won a board by forfeit
    played_a_board: set[tuple[int, int]] = set()  # (round, team) with a game played over the board
    for pid, rec in st.players.items():
        team = player_team.get(pid)
        if team is None:
            continue
        for r, b in rec.blocks.items():
            if b.code == "+":
                board_forfeit_won.add((r, team))
            elif b.opponent and b.code in _OVER_THE_BOARD:
                played_a_board.add((r, team))
            if b.opponent or b.code == "+":
                playing.setdefault(r, set()).add(team)
            elif b.code == "-":
                marked.setdefault(r, set()).add(team)
            elif b.code == "Z":
                zero.setdefault(r, set()).add(team)
    for r, team in board_forfeit_won - played_a_board:
        forfeit_won[team] = min(forfeit_won.get(team, r), r)
    for r, entries in st.forfeits.items():
        for kind, white, black, _ in entries:
            playing.setdefault(r, set()).update((white, black))
            winner = {"+-": white, "-+": black}.get(kind)
            if winner is not None:
                forfeit_won[winner] = min(forfeit_won.get(winner, r), r)
    for (r, team), (opp, _, _) in st.out_of_order.items():
        if opp:
            playing.setdefault(r, set()).update((team, opp))
    lone: dict[int, int] = {}
    for r, present in sorted(playing.items()):
        missing = set(teams) - present
        if len(missing) == 1:
            lone[r] = missing.pop()
    # blank blocks (our writer's absent team) or Z (a zero-point bye) say "absent", not "PAB"
    lone = {r: t for r, t in lone.items() if t in marked.get(r, set()) and t not in zero.get(r, set())}
    out: dict[int, int] = {}
    for r, team in sorted(lone.items()):
        rounds = [x for x, t in sorted(lone.items()) if t == team]
        tpn, name = team, teams[team].name
        if len(rounds) > 1:
            if r == rounds[0]:
                st.warn(teams[team].line, f"team {tpn} ({name}) is the only team without a game in rounds "
                        f"{', '.join(map(str, rounds))}: a team gets the pairing-allocated bye once (C.04.6 4.2), "
                        "so it is read as absent in each")
            continue
        if forfeit_won.get(team, r) < r:
            st.warn(teams[team].line, f"round {r}: team {tpn} ({name}) is the only team without a game but won "
                    "a match by forfeit before (C.04.6 4.2): read as absent")
            continue
        out[r] = team
        st.warn(teams[team].line, f"round {r}: team {tpn} ({name}) has no opponent on any board while every "
                "other team played: read as the pairing-allocated bye (TRF16 cannot write it; its value is the "
                "pab setting)", kind="pab", round_no=r, team=tpn)
    return out
