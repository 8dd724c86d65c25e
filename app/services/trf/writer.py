"""Write a :class:`Tournament` as TRF-2026 (or TRF16 for older programs).

Spec: FIDE TRF-2026 and TRF16 (C.04 Annex 2), their column tables. Every record is written
column-exact, trailing blanks removed, lines joined with ``\\n`` and a final newline.

TRF-2026 output, in this order: 012-132 header records, 142 (rounds), 152 (initial colour),
162 (game points), 192 (C.04.6 settings as a ``FIDE_TEAM_...`` code, or ``FIDE_TEAM_ROUNDROBIN`` /
``FIDE_TEAM_DOUBLEROUNDROBIN`` for a team round robin), 202/212 (tiebreaks),
352 (board colours), 362 (match points), the 001 player records, 310 team records (TPN,
name, nickname, average rating, MP, GP, rank, roster), 320 (PAB value and the PAB team of
every round; in a round robin, the value and the team of its bye), 330 (match-level forfeits)
and 300 lineups where a team left a board empty or played out of roster order.

TRF16 output has the header, ``XXR`` (JaVaFo's round count, which TRF16 lacks), the 001
records and 013 team records (name at 5-36, first player at 37-40).

Whatever the tournament holds, every record stays on its line and every field in its columns
(``fmt_text``, ``fmt_int``, ``fmt_points``): a line break, tab or other control character in a
text is written as a blank, a text is cut to its columns (a header text to the reader's bound),
and a number wider than its columns is refused (``InvalidInput``, C.04 Annex 2) rather than
pushing the fields after it out of place.

How a match becomes player rounds (001 round blocks):

* a board with two players: each names the other, with colour ``w``/``b`` and the result
  code ``1 = 0`` (played) or ``+ -`` (forfeit); a pending game has a blank result;
* a board one team left empty: the present player gets ``0000 - +`` (no colour: the game
  was not scheduled against anybody; Gacrux reads a colour there as the empty side's), and
  both teams get a 300 lineup, ``0000`` on the empty board;
* a match forfeited as a whole (330): the first ``boards`` players of each roster are
  written as board-by-board forfeits, so a reader without 330 still sees every board
  forfeited (C.07 16, C.04.6 [C2]);
* the PAB: the first ``boards`` players of the team get ``0000 - U``;
* an absent team and unused reserves: a blank block (blank is the same as ``Z``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from fractions import Fraction

from app.services.errors import InvalidInput
from app.services.rules import Rules
from app.services.tournament import RESULT_CODES, Match, Tournament, scores
from app.services.trf.common import (
    MAX_DEPUTIES,
    ROUND_COL,
    ROUND_WIDTH,
    fmt_int,
    fmt_points,
    fmt_text,
    system_code,
    tiebreaks_for_file,
)

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from typing import Any

FORMATS = ("trf2026", "trf16")

#: board result (White first) -> (White's code, Black's code)
_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="),
          "+/-": ("+", "-"), "-/+": ("-", "+"), "-/-": ("-", "-")}


def write_tournament(t: Tournament, fmt: str = "trf2026", standings: Any = None) -> str:
    """The tournament as a TRF file (see the module docstring).

    ``standings`` is an optional ``app.services.standings.Standings``; its rows give the
    310 MP, GP and rank. Without it teams are ranked by (primary score, secondary score).
    """
    return write_tournament_with_warnings(t, fmt, standings)[0]


def write_tournament_with_warnings(t: Tournament, fmt: str = "trf2026", standings: Any = None
                                   ) -> tuple[str, tuple[str, ...]]:
    """:func:`write_tournament`, and what the file could not hold as it is (a team name cut to its columns)."""
    warnings: list[str] = []
    names = _team_names(t, warnings)
    if fmt not in FORMATS:
        raise InvalidInput(None, "unknown format {fmt!r}; use one of {formats}",
                           params={"fmt": fmt, "formats": ', '.join(FORMATS)})
    blocks = _round_blocks(t)
    lines: list[str] = []
    lines += _header(t, fmt)
    team_rank = _team_table(t, standings)
    player_pts = _player_points(t, blocks)
    ranks = _ranks(player_pts)
    for p in sorted(t.players, key=lambda p: p.id):
        pts = player_pts.get(p.id, Fraction(0))
        lines.append(_line_001(t, p.id, pts, ranks.get(p.id), blocks.get(p.id, {})))
    teams = sorted(t.teams, key=lambda x: x.tpn or x.id)
    if fmt == "trf16":
        for team in teams:
            lines.append(_line_013(names[team.id], team.roster))
        lines += _lines_xxz(t)
        if t.adjustments or t.rules.pairing.acceleration != "none" or t.rules.pairing.accelerated_rounds:
            warnings.append("TRF16 has no record for full/half-point byes, abnormal points or an acceleration "
                            "(TRF-2026 240, 299, 250): they are not in this file; export TRF-2026 to keep them")
    else:
        for team in teams:
            mp, gp, rank = team_rank[team.id]
            lines.append(_line_310(t, team.id, mp, gp, rank, names[team.id]))
        lines.append(_line_320(t))
        lines += _lines_330(t)
        lines += _lines_300(t)
        lines += _lines_240(t)
        lines += _lines_299(t)
        lines += _lines_xxz(t)
    return "\n".join(line.rstrip() for line in lines) + "\n", tuple(warnings)


#: columns of a team name in 310 (9-40) and 013 (5-36)
NAME_WIDTH = 32


def _team_names(t: Tournament, warnings: list[str]) -> dict[int, str]:
    """Each team's name as written: whole when it fits its 32 columns; cut otherwise, with a warning, and
    never to a name another team has (the cut keeps as much of the name's end as makes it unique: a reader
    would otherwise merge or rename the two teams)."""
    out: dict[int, str] = {}
    full = {team.id: fmt_text(team.name) for team in t.teams}
    taken = {name for name in full.values() if len(name) <= NAME_WIDTH}
    for team in sorted(t.teams, key=lambda x: x.tpn or x.id):
        name = full[team.id]
        if len(name) <= NAME_WIDTH:
            out[team.id] = name
            continue
        cut = name[:NAME_WIDTH].rstrip()
        tail = 1
        while cut in taken and tail < NAME_WIDTH - 1:
            cut = name[: NAME_WIDTH - 1 - tail].rstrip() + "…" + name[-tail:]
            tail += 1
        taken.add(cut)
        out[team.id] = cut
        warnings.append(f"team {team.tpn or team.id}: the name {name!r} is longer than the {NAME_WIDTH} columns a "
                        f"TRF team record has; written as {cut!r}")
    return out


# --- header ------------------------------------------------------------------------------------


def _d(value: date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def _header(t: Tournament, fmt: str) -> list[str]:
    rules = t.rules
    team_players = {pid for team in t.teams for pid in team.roster}
    rated = sum(1 for p in t.players if p.fide_rating)
    out = [
        f"012 {fmt_text(t.name)}",
        f"022 {fmt_text(t.city)}",
        f"032 {fmt_text(t.federation)}",
        f"042 {_d(t.start_date or rules.start_date)}",
        f"052 {_d(t.end_date)}",
        f"062 {len(t.players) or len(team_players)}",
        f"072 {rated}",
        f"082 {len(t.teams)}",
        f"092 {fmt_text(t.tournament_type)}",
        f"102 {fmt_text(t.chief_arbiter)}",
    ]
    deputies = [fmt_text(d) for d in t.deputy_arbiters]
    out += [f"112 {d}" for d in deputies if d][:MAX_DEPUTIES]
    out.append(f"122 {fmt_text(rules.time_control)}")
    dates = _round_dates(t)
    if dates:
        line = "132" + " " * (ROUND_COL - 4)
        for r in range(1, max(dates) + 1):
            d = dates.get(r)
            line += (d.strftime("%y/%m/%d") if d else "").ljust(ROUND_WIDTH)
        out.append(line)
    if fmt == "trf16":
        out.append(f"XXR {rules.rounds}")
        return out
    p = rules.pairing
    tb202, tb212 = tiebreaks_for_file(rules.tiebreaks, p.primary_score)
    out += [
        f"142 {rules.rounds}",
        f"152 {p.initial_colour}",
        "162 " + _score_blocks(" ", [("W", rules.gp_win), ("D", rules.gp_draw), ("L", rules.gp_loss)], "game"),
        f"192 {system_code(rules)}{'_BAKU' if p.acceleration == 'baku' and not p.accelerated_rounds else ''}",
        f"202 {tb202}",
        f"212 {tb212}",
        f"352 {p.board_colour_pattern}",
        "362 " + _score_blocks("T", [("W", rules.mp_win), ("D", rules.mp_draw), ("L", rules.mp_loss)], "match"),
    ]
    return out + _lines_250(t)


def _score_blocks(prefix: str, items: list[tuple[str, Fraction]], kind: str) -> str:
    """162/362 blocks of 9 columns: code at 5-6 (``T`` + letter or blank + letter), points 7-10."""
    return "".join(f"{prefix}{letter}{fmt_points(v, 4, f'{kind} points for {letter}')}   " for letter, v in items)


def _round_dates(t: Tournament) -> dict[int, date]:
    zone = t.rules.zone
    out: dict[int, date] = {}
    for i, start in enumerate(t.rules.round_starts, 1):
        out[i] = start.astimezone(zone).date() if start.tzinfo else start.date()
    for r in t.rounds:
        if r.start is not None:
            out[r.number] = r.start.astimezone(zone).date() if r.start.tzinfo else r.start.date()
    return out


# --- player rounds -----------------------------------------------------------------------------

Block = tuple[int, str, str]  # opponent, colour, result code


def _default_lineup(t: Tournament, team: int) -> list[int | None]:
    roster = list(t.team(team).roster[: t.rules.boards])
    return roster + [None] * (t.rules.boards - len(roster))


def _match_boards(t: Tournament, m: Match) -> list[tuple[int, int | None, int | None, bool, str | None]]:
    """(board, first player, second player, first White, result) as written to the file."""
    assert m.second is not None
    if m.forfeit is not None:
        pattern = t.rules.pairing.board_colour_pattern
        fa, sa = _default_lineup(t, m.first), _default_lineup(t, m.second)
        code = {"first": "-/+", "second": "+/-", "both": "-/-"}[m.forfeit]
        out: list[tuple[int, int | None, int | None, bool, str | None]] = []
        for k in range(t.rules.boards):
            fw = pattern[k] == "W"
            res = code if fw else {"-/+": "+/-", "+/-": "-/+", "-/-": "-/-"}[code]
            out.append((k + 1, fa[k], sa[k], fw, res))
        return out
    return [(b.board, b.first_player, b.second_player, b.first_white, b.result) for b in m.boards]


def _round_blocks(t: Tournament) -> dict[int, dict[int, Block]]:
    out: dict[int, dict[int, Block]] = {}
    for r in t.rounds:
        for m in r.matches:
            if m.second is None:
                for pid in _default_lineup(t, m.first):
                    if pid is not None:
                        out.setdefault(pid, {})[r.number] = (0, "-", "U")
                continue
            for _, fp, sp, fw, res in _match_boards(t, m):
                wp, bp = (fp, sp) if fw else (sp, fp)
                wc, bc = _CODES[res] if res is not None else (" ", " ")
                if wp is None and bp is None:
                    continue
                if bp is None:
                    assert wp is not None
                    out.setdefault(wp, {})[r.number] = (0, "-", wc)
                elif wp is None:
                    out.setdefault(bp, {})[r.number] = (0, "-", bc)
                else:
                    out.setdefault(wp, {})[r.number] = (bp, "w", wc)
                    out.setdefault(bp, {})[r.number] = (wp, "b", bc)
    _absent_blocks(t, out)
    return out


def _absent_blocks(t: Tournament, out: dict[int, dict[int, Block]]) -> None:
    """``0000 - Z`` (a known absence, TRF 001) for the first ``boards`` players of a team a paired round leaves
    out, so that a reader sees the team absent rather than a roster without games."""
    for r in t.rounds:
        if not r.matches:
            continue
        paired = {x for m in r.matches for x in m.teams()}
        for team in t.teams:
            if team.id not in paired:
                for pid in _default_lineup(t, team.id):
                    if pid is not None:
                        out.setdefault(pid, {}).setdefault(r.number, (0, "-", "Z"))


def _player_points(t: Tournament, blocks: dict[int, dict[int, Block]]) -> dict[int, Fraction]:
    rules = t.rules
    value = {"1": rules.gp_win, "+": rules.gp_win, "=": rules.gp_draw, "0": rules.gp_loss,
             "-": Fraction(0), " ": Fraction(0), "U": rules.gp_win, "Z": Fraction(0)}  # 162: P = W by default
    return {pid: sum((value[b[2]] for b in bl.values()), Fraction(0)) for pid, bl in blocks.items()}


def _ranks(points: dict[int, Fraction]) -> dict[int, int]:
    values = sorted(points.values(), reverse=True)
    return {pid: values.index(v) + 1 for pid, v in points.items()}


def _line_001(t: Tournament, pid: int, points: Fraction, rank: int | None, blocks: dict[int, Block]) -> str:
    p = t.player(pid)
    line = (
        "001 "
        + fmt_int(pid, 4, "player number")
        + " "
        + fmt_text(p.sex, 1)
        + fmt_text(p.title, 3).strip().rjust(3)
        + " "
        + fmt_text(p.name, 33)
        + " "
        + fmt_int(p.fide_rating or None, 4, "rating")
        + " "
        + fmt_text(p.federation, 3)
        + " "
        + fmt_int(p.fide_id or None, 11, "FIDE id")
        + " "
        + _d(p.birth_date).ljust(10)
        + " "
        + fmt_points(points, 4, f"player {pid}'s points")
        + " "
        + fmt_int(rank, 4, "player rank")
    )
    last = max(blocks, default=0)
    for r in range(1, last + 1):
        b = blocks.get(r)
        # "0000" for no opponent (a bye, an empty board, an absence): TRF16 and TRF-2026 001, which readers
        # such as bbpPairings hold to, not a blank-padded 0
        text = f"{fmt_int(b[0], 4, 'player number') if b[0] else '0000'} {b[1]} {b[2]}" if b else ""
        line = line.ljust(ROUND_COL + ROUND_WIDTH * (r - 1) - 1) + text
    return line


# --- teams -------------------------------------------------------------------------------------


def _team_table(t: Tournament, standings: Any) -> dict[int, tuple[Fraction, Fraction, int]]:
    """Team id -> (MP, GP, rank): from ``standings`` when given, else by the scores."""
    if standings is not None:
        return {row.team_id: (Fraction(row.mp), Fraction(row.gp), int(row.rank)) for row in standings.rows}
    sc = scores(t)
    gp_first = t.rules.pairing.primary_score == "GP"

    def key(team: int) -> tuple[Fraction, Fraction]:
        mp, gp = sc[team]
        return (gp, mp) if gp_first else (mp, gp)

    keys = sorted((key(x) for x in sc), reverse=True)
    return {team: (mp, gp, keys.index(key(team)) + 1) for team, (mp, gp) in sc.items()}


def _strength(t: Tournament, roster: Iterable[int]) -> int | None:
    ratings = [t.player(pid).fide_rating for pid in list(roster)[: t.rules.boards]]
    known = [r for r in ratings if r]
    if not known:
        return None
    return round(sum(known) / len(known))


def _ids(ids: Iterable[int | None]) -> str:
    return " ".join(fmt_int(i or 0, 4, "player number") for i in ids)


def _line_310(t: Tournament, team_id: int, mp: Fraction, gp: Fraction, rank: int, name: str) -> str:
    team = t.team(team_id)
    return (
        "310 "
        + fmt_int(team.tpn or team.id, 3, "team pairing number")
        + " "
        + fmt_text(name, NAME_WIDTH)
        + " "
        + fmt_text(team.nickname, 5)
        + " "
        + fmt_int(_strength(t, team.roster), 6, "average rating")
        + " "
        + fmt_points(mp, 6, "match points")
        + " "
        + fmt_points(gp, 6, "game points")
        + " "
        + fmt_int(rank, 3, "team rank")
        + "  "
        + _ids(team.roster)
    )


def _line_013(name: str, roster: tuple[int, ...]) -> str:
    return "013 " + fmt_text(name, NAME_WIDTH) + _ids(roster)


def _tpn(t: Tournament, team_id: int) -> str:
    """The team's pairing number in its three columns."""
    team = t.team(team_id)
    return fmt_int(team.tpn or team.id, 3, "team pairing number")


def _line_320(t: Tournament) -> str:
    rules: Rules = t.rules
    # a round robin's bye is no PAB: the record carries what it scores there (read back by the 192 code)
    mp, gp = (rules.rr_bye_mp, rules.rr_bye_gp) if rules.round_robin else (rules.bye_mp, rules.bye_gp)
    line = "320 " + fmt_points(mp, 4, "PAB match points") + " " + fmt_points(gp, 4, "PAB game points")
    pab = {r.number: m.first for r in t.rounds for m in r.matches if m.second is None}
    for r in range(1, max(pab, default=0) + 1):
        line += " " + (_tpn(t, pab[r]) if r in pab else "   ")
    return line


def _lines_330(t: Tournament) -> list[str]:
    out = []
    for r in t.rounds:
        for m in r.matches:
            if m.forfeit is not None and m.second is not None:
                kind = {"first": "-+", "second": "+-", "both": "--"}[m.forfeit]
                out.append(f"330 {kind} {r.number:3d} {_tpn(t, m.first)} {_tpn(t, m.second)}")
    return out


def _lines_300(t: Tournament) -> list[str]:
    out = []
    for r in t.rounds:
        for m in r.matches:
            if m.second is None or m.forfeit is not None or not m.boards:
                continue
            lineups = {m.first: [b.first_player for b in m.boards],
                       m.second: [b.second_player for b in m.boards]}
            empty = any(p is None for lu in lineups.values() for p in lu)
            for team, lineup in lineups.items():
                pos = {pid: k for k, pid in enumerate(t.team(team).roster)}
                order = [pos.get(p, -1) for p in lineup if p is not None]
                in_order = all(a < b for a, b in zip(order, order[1:], strict=False))
                if empty or not in_order or len(lineup) != len(m.boards):
                    other = m.second if team == m.first else m.first
                    out.append(
                        f"300 {r.number:3d} {_tpn(t, team)} {_tpn(t, other)} "
                        + " ".join("0000" if p is None else fmt_int(p, 4, "player number") for p in lineup)
                    )
    return out


def _lines_240(t: Tournament) -> list[str]:
    """240 byes (TRF-2026): ``F``/``H`` of the adjustments, ``Z`` for the absences of rounds not paired yet."""
    byes: dict[tuple[str, int], list[int]] = {}
    for a in t.adjustments:
        if a.kind in ("F", "H"):
            byes.setdefault((a.kind, a.round), []).append(a.team)
    paired = {r.number for r in t.rounds if r.matches}
    for r, team in t.absences:
        if r and r not in paired and not any(team in v for (_, rr), v in byes.items() if rr == r):
            byes.setdefault(("Z", r), []).append(team)
    return [f"240 {kind} {r:03d} " + " ".join(_tpn(t, team).rjust(4) for team in sorted(teams))
            for (kind, r), teams in sorted(byes.items(), key=lambda x: (x[0][1], x[0][0]))]


def _lines_299(t: Tournament) -> list[str]:
    """299 abnormal points (TRF-2026): the adjustments that are not byes, as penalties or bonuses (blank type;
    round 999 when they count in the standings only)."""
    out = []
    for a in t.adjustments:
        if a.kind in ("F", "H"):
            continue
        r = a.round if a.pairing else 999
        out.append(f"299   {fmt_points(a.mp, 5, 'match points')}  {fmt_points(a.gp, 4, 'game points')}  "
                   f"{r:03d} {_tpn(t, a.team).rjust(4)}")
    return out


def _lines_xxz(t: Tournament) -> list[str]:
    """XXZ: the teams absent in whichever round is paired next (TRF(x); TRF-2026 has no record for it)."""
    teams = sorted(team for r, team in t.absences if r == 0)
    return ["XXZ " + " ".join(_tpn(t, team).strip() for team in teams)] if teams else []


def _lines_250(t: Tournament) -> list[str]:
    """250 accelerated ranges (TRF-2026); a named acceleration (Baku) is written as its ranges too, which is how
    other programs apply it (record 192 names it)."""
    from app.services.acceleration import accelerated_ranges

    ranges = accelerated_ranges(t.rules, [team.tpn or team.id for team in t.teams])
    return [f"250 {fmt_points(mp, 4, 'virtual match points')} {fmt_points(gp, 4, 'virtual game points')} "
            f"{r1:3d} {r2:3d} {t1:4d} {t2:4d}" for mp, gp, r1, r2, t1, t2 in ranges]


__all__ = ["FORMATS", "RESULT_CODES", "write_tournament", "write_tournament_with_warnings"]
