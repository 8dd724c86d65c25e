"""A minimal TRF-2026 team writer for differential tests against FIDE TEC's tie-break
checker (gacrux). Test-only: whole-match forfeits are written as board forfeits, PABs
as a 320 record, unpaired teams as blank round blocks (the layout of ``data/example1_2026.trf``)."""

from __future__ import annotations

from fractions import Fraction

from app.services.tournament import Tournament

CHAR = {Fraction(1): "1", Fraction(0): "0", Fraction(1, 2): "="}


def _pts(v: Fraction) -> str:
    return f"{float(v):4.1f}"


def write_trf(t: Tournament, start: str = "2026/05/01") -> str:
    boards = t.rules.boards
    pattern = t.rules.pairing.board_colour_pattern
    nrounds = len(t.rounds)
    # player ids: team k's board j player -> (k - 1) * boards + j (TRF start numbers)
    order = {team.id: i for i, team in enumerate(t.teams)}

    def pno(team: int, board: int) -> int:
        return order[team] * boards + board

    blocks: dict[int, list[str]] = {pno(tm.id, b): ["        "] * nrounds
                                    for tm in t.teams for b in range(1, boards + 1)}
    points: dict[int, Fraction] = dict.fromkeys(blocks, Fraction(0))
    byes: list[int | None] = [None] * nrounds
    for ri, r in enumerate(t.rounds):
        for m in r.matches:
            if m.second is None:
                byes[ri] = order[m.first] + 1
                continue
            for k in range(1, boards + 1):
                fw = pattern[k - 1] == "W"
                a, b = pno(m.first, k), pno(m.second, k)
                if m.forfeit is not None:
                    ca = "-" if m.forfeit in ("first", "both") else "+"
                    cb = "-" if m.forfeit in ("second", "both") else "+"
                    pa = Fraction(1) if ca == "+" else Fraction(0)
                    pb = Fraction(1) if cb == "+" else Fraction(0)
                else:
                    g = next(x for x in m.boards if x.board == k)
                    p = g.points()
                    assert p is not None and g.result is not None
                    pa, pb = p
                    if g.played:
                        ca, cb = CHAR[pa], CHAR[pb]
                    else:
                        ca = "+" if pa else "-"
                        cb = "+" if pb else "-"
                points[a] += pa
                points[b] += pb
                blocks[a][ri] = f"{b:04d} {'w' if fw else 'b'} {ca}"
                blocks[b][ri] = f"{a:04d} {'b' if fw else 'w'} {cb}"
    out = ["012 differential", f"042 {start}", f"142 {nrounds}", "092 Swiss team", "192 FIDE_TEAM_MP_GP"]
    for pid in sorted(blocks):
        head = (f"001 {pid:4d} m    {'P' + str(pid) + ', Player':<33} {2000:4d} FID {0:>11} 2000/01/01 "
                f"{_pts(points[pid])} {0:4d}")
        out.append((head + "  " + "  ".join(blocks[pid])).rstrip())
    for tm in t.teams:
        ids = "".join(f" {pno(tm.id, b):4d}" for b in range(1, boards + 1))
        out.append(f"310 {order[tm.id] + 1:3d} {tm.name:<64}" + ids)
    bye_line = f"320 {_pts(t.rules.bye_mp)} {_pts(t.rules.bye_gp)}" + "".join(
        f" {b:3d}" if b is not None else "    " for b in byes)
    out.append(bye_line.rstrip())
    return "\n".join(out) + "\n"
