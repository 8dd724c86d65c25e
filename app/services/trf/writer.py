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
            lines.append(_line_013(team.name, team.roster))
    else:
        for team in teams:
            mp, gp, rank = team_rank[team.id]
            lines.append(_line_310(t, team.id, mp, gp, rank))
        lines.append(_line_320(t))
        lines += _lines_330(t)
        lines += _lines_300(t)
    return "\n".join(line.rstrip() for line in lines) + "\n"


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
        f"192 {system_code(rules)}",
        f"202 {tb202}",
        f"212 {tb212}",
        f"352 {p.board_colour_pattern}",
        "362 " + _score_blocks("T", [("W", rules.mp_win), ("D", rules.mp_draw), ("L", rules.mp_loss)], "match"),
    ]
    return out


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
    return out


def _player_points(t: Tournament, blocks: dict[int, dict[int, Block]]) -> dict[int, Fraction]:
    rules = t.rules
    value = {"1": rules.gp_win, "+": rules.gp_win, "=": rules.gp_draw, "0": rules.gp_loss,
             "-": Fraction(0), " ": Fraction(0), "U": rules.gp_win}  # 162: P = W by default
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
        text = f"{fmt_int(b[0], 4, 'player number')} {b[1]} {b[2]}" if b else ""
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


def _line_310(t: Tournament, team_id: int, mp: Fraction, gp: Fraction, rank: int) -> str:
    team = t.team(team_id)
    return (
        "310 "
        + fmt_int(team.tpn or team.id, 3, "team pairing number")
        + " "
        + fmt_text(team.name, 32)
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
    return "013 " + fmt_text(name, 32) + _ids(roster)


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


__all__ = ["FORMATS", "RESULT_CODES", "write_tournament"]
