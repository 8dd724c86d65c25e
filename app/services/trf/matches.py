"""Rebuilding matches: a team event's file stores games, and the matches of each round are made from them.

How (see :mod:`app.services.trf.reader`): the games between two teams make one match, the team whose
board-1 player has White first; boards in roster order or by the 300 lineups; 330 forfeits; the PAB of
320, ``U`` or :mod:`app.services.trf.pab`; tables by GHR C.04.2 3.6.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from enum import Enum
from fractions import Fraction

from app.services.errors import FileFormatError
from app.services.rules import Rules
from app.services.tournament import BoardGame, Match, Tournament, round_result
from app.services.trf.common import ROUND_COL, ROUND_WIDTH
from app.services.trf.pab import _infer_pabs
from app.services.trf.records import _FLOSS, _FWIN, _SIDE_POINTS, _Side, _State, _TeamRec

ZERO = Fraction(0)


class _Entry:
    """One board of a match being rebuilt, from team A's point of view."""

    __slots__ = ("a", "b", "colour_a", "side_a", "side_b", "line")

    def __init__(self, a: int | None, b: int | None, colour_a: str | None, side_a: _Side, side_b: _Side,
                 line: int) -> None:
        self.a = a
        self.b = b
        self.colour_a = colour_a  # A's player's colour ("w"/"b"), None if unknown
        self.side_a = side_a
        self.side_b = side_b
        self.line = line


def _combine(white: _Side, black: _Side, line: int, r: int, board: int) -> str | None:
    """A board result (White first, R-4.5) from the two players' result letters (round r, ``board``)."""
    key = white + black
    result = _COMBINED.get(key, _Misfit.MISFIT)
    if result is _Misfit.MISFIT:
        result = _COMBINED[key] = _combine_points(_SIDE_POINTS[white], _SIDE_POINTS[black])
    if result is _Misfit.MISFIT:
        raise FileFormatError(line, "round {r}, board {board}: the two players' results do not fit together",
                              params={"r": r, "board": board})
    return result


class _Misfit(Enum):
    """Two sides that do not fit together: a result of its own type, apart from every board result."""

    MISFIT = 0


#: white + black letters -> the board result (None: not known yet) or MISFIT, filled as met
_COMBINED: dict[str, str | None | _Misfit] = {}


def _combine_points(white: tuple[Fraction | None, bool], black: tuple[Fraction | None, bool]) -> str | None | _Misfit:
    """The board result of two sides as (score, forfeit), or ``MISFIT``."""
    sw, fw = white
    sb, fb = black
    if sw is None:
        if sb is None:
            return None
        # the side not known yet is the other's complement; opposite a forfeit loss, a forfeit win
        sw, fw = (1 - sb, fb) if black != _SIDE_POINTS[_FLOSS] else (Fraction(1), True)
    elif sb is None:
        sb, fb = (1 - sw, fw) if white != _SIDE_POINTS[_FLOSS] else (Fraction(1), True)
    if fw or fb:
        if sw in (0, 1) and sb in (0, 1):
            forfeit = _FORFEIT_RESULTS.get((int(sw), int(sb)))
            if forfeit is not None:
                return forfeit
    elif sw + sb == 1:
        return _PLAYED_RESULTS[sw]
    return _Misfit.MISFIT


#: (White's, Black's) score -> the board result, when a side forfeited; when both played, by White's score
_FORFEIT_RESULTS = {(1, 0): "+/-", (0, 1): "-/+", (0, 0): "-/-"}
_PLAYED_RESULTS = {Fraction(1): "1-0", Fraction(0): "0-1", Fraction(1, 2): "1/2-1/2"}


class _Ctx:
    def __init__(self, st: _State, teams: dict[int, _TeamRec], player_team: dict[int, int],
                 roster_pos: dict[int, int], rules: Rules, table_order: bool = True) -> None:
        self.st = st
        self.teams = teams
        self.player_team = player_team
        self.roster_pos = roster_pos
        self.rules = rules
        self.table_order = table_order
        self.pattern = rules.pairing.board_colour_pattern
        self.scores: dict[int, Fraction] | None = None  # team -> primary score over the rounds counted
        self.counted: set[int] = set()  # the rounds in ``scores``
        self.inferred_pab = _infer_pabs(st, teams, player_team) if st.teams013 and not st.teams310 else {}

    def _check_team(self, team: int, line: int) -> None:
        if team not in self.teams:
            raise FileFormatError(line, "team {team} has no team record",
                                  params={"team": team})

    def round_matches(self, r: int, before: Tournament) -> tuple[Match, ...]:
        st = self.st
        pairs: dict[tuple[int, int], list[_Entry]] = {}  # (smaller team, larger team) -> boards
        empty_wins: dict[int, list[_Entry]] = {}
        pab_teams: dict[int, int] = {}
        forfeited: dict[int, int] = {}
        out: list[Match] = []
        for kind, white, black, line in st.forfeits.get(r, []):
            for team in (white, black):
                self._check_team(team, line)
                if team in forfeited:
                    raise FileFormatError(line, "team {team} has two forfeited matches in round {r}",
                                          params={"team": team, "r": r})
                forfeited[team] = line
            side = {"+-": "second", "-+": "first", "--": "both"}[kind]
            out.append(Match(round=r, table=self._table(out), first=white, second=black, forfeit=side))
        if r in st.pab:
            team, line = st.pab[r]
            self._check_team(team, line)
            pab_teams[team] = line
        if r in self.inferred_pab:
            team = self.inferred_pab[r]
            pab_teams[team] = self.teams[team].line
        players = st.players
        cut_short = ROUND_COL + ROUND_WIDTH * (r - 1)  # a record shorter than this has no round r block
        for pid, rec, b in st.blocks_of_round.get(r, ()):
            own = rec.team  # the player's team
            opponent = b.opponent
            if opponent == 0:
                if own is None or own in forfeited:
                    continue
                if b.code == "U":
                    pab_teams.setdefault(own, rec.line)
                elif b.code == "+":
                    empty_wins.setdefault(own, []).append(
                        _Entry(pid, None, b.colour, _FWIN, _FLOSS, rec.line))
                elif b.code in ("1", "=", "0"):
                    raise FileFormatError(rec.line, "round {r}: a played game needs an opponent",
                                          params={"r": r})
                continue
            opp = players.get(opponent)
            if opp is None:
                raise FileFormatError(rec.line, "round {r}: opponent {opponent} has no 001 record",
                                      params={"r": r, "opponent": opponent})
            ob = opp.blocks.get(r)
            if ob is None or ob.opponent != pid:
                if ob is None and opp.length < cut_short:
                    raise FileFormatError(
                        opp.line, "record cut short: player {opponent}'s 001 record ends at column {length}, before "
                                  "its round {r} block (column {cut_short}), but player {pid} (line {line}) names "
                                  "{opponent} as opponent in round {r}",
                                  params={"opponent": opponent, "length": opp.length, "r": r, "cut_short": cut_short,
                                          "pid": pid, "line": rec.line})
                raise FileFormatError(
                    rec.line, "round {r}: player {pid} names {opponent} as opponent but not vice versa",
                              params={"r": r, "pid": pid, "opponent": opponent})
            if b.bye or ob.bye:
                raise FileFormatError(rec.line, "round {r}: a bye code with an opponent",
                                      params={"r": r})
            if pid > opponent:
                continue
            other = opp.team
            assert own is not None and other is not None
            if own == other:
                raise FileFormatError(rec.line, "round {r}: players {pid} and {opponent} are team-mates",
                                      params={"r": r, "pid": pid, "opponent": opponent})
            if own in forfeited or other in forfeited:
                continue
            colour = b.colour
            if colour is None:
                if ob.colour is not None:
                    colour = "w" if ob.colour == "b" else "b"
            elif ob.colour == colour:
                raise FileFormatError(
                    rec.line, "round {r}: players {pid} and {opponent} have the same colour",
                              params={"r": r, "pid": pid, "opponent": opponent})
            mine, theirs = b.side, ob.side
            assert mine is not None and theirs is not None  # a game's blocks, not byes (refused above)
            if own < other:
                e = _Entry(pid, opponent, colour, mine, theirs, rec.line)
                key = (own, other)
            else:
                flip = None if colour is None else ("w" if colour == "b" else "b")
                e = _Entry(opponent, pid, flip, theirs, mine, rec.line)
                key = (other, own)
            entries = pairs.get(key)
            if entries is None:
                pairs[key] = [e]
            else:
                entries.append(e)
        # lineups (300) may name a pair of teams that has no game at all (every board empty)
        for (rr, team), (opp_team, _, line) in st.out_of_order.items():
            if rr == r and opp_team:
                self._check_team(team, line)
                self._check_team(opp_team, line)
                pairs.setdefault((min(team, opp_team), max(team, opp_team)), [])
        seen: dict[int, int] = dict(forfeited)
        for (a_team, b_team), entries in sorted(pairs.items()):
            first_line = entries[0].line if entries else st.out_of_order.get((r, a_team), (0, [], None))[2]
            for team in (a_team, b_team):
                if team in seen or team in pab_teams:
                    raise FileFormatError(first_line, "round {r}: team {team} is paired twice",
                                          params={"r": r, "team": team})
                seen[team] = first_line or 0
            entries = entries + empty_wins.pop(a_team, [])
            entries += [_Entry(None, e.a, _flip(e.colour_a), e.side_b, e.side_a, e.line)
                        for e in empty_wins.pop(b_team, [])]
            out.append(self._match(r, a_team, b_team, entries, self._table(out)))
        for team, entries in empty_wins.items():
            st.warn(entries[0].line, f"round {r}: team {team} wins boards by forfeit but has no opponent; "
                                     "ignored")
        for team in sorted(pab_teams):
            if team in seen:
                raise FileFormatError(pab_teams[team], "round {r}: team {team} has the PAB and a match",
                                      params={"r": r, "team": team})
            out.append(Match(round=r, table=self._table(out), first=team, second=None))
        if not self.table_order:
            return tuple(out)
        return self._tables(r, out, before)

    def _table(self, out: list[Match]) -> int:
        """The table of the match made after ``out``: 0 until ``_tables`` orders the round, or the
        next number when the caller does not want table order."""
        return 0 if self.table_order else len(out) + 1

    def _lineup(self, r: int, team: int, opp_team: int) -> list[int | None] | None:
        rec = self.st.out_of_order.get((r, team))
        if rec is None:
            return None
        opp, lineup, line = rec
        if opp and opp != opp_team:
            raise FileFormatError(line, "round {r}: team {team} plays {opp_team}, not {opp}",
                                  params={"r": r, "team": team, "opp_team": opp_team, "opp": opp})
        for pid in lineup:
            if pid is not None and self.player_team.get(pid) != team:
                raise FileFormatError(line, "round {r}: player {pid} is not in team {team}",
                                      params={"r": r, "pid": pid, "team": team})
        return lineup

    def _match(self, r: int, a_team: int, b_team: int, entries: list[_Entry], table: int = 0) -> Match:
        has_lineups = bool(self.st.out_of_order)  # 300 records: few files have any
        la = self._lineup(r, a_team, b_team) if has_lineups else None
        lb = self._lineup(r, b_team, a_team) if has_lineups else None
        boards: list[_Entry]
        if la is not None or lb is not None:
            boards = self._by_lineups(r, a_team, b_team, la, lb, entries)
        else:  # roster order, a game against an empty board after the game of the same board (stable)
            order = sorted([(self._entry_key(e), i) for i, e in enumerate(entries)])
            boards = [entries[i] for _, i in order]
        pattern = self.pattern
        a_first: bool | None = None
        for k, e in enumerate(boards):
            if e.colour_a is not None:
                a_white = e.colour_a == "w"
                a_first = a_white if k == 0 else a_white == (k < len(pattern) and pattern[k] == "W")
                break
        if a_first is None:
            # no colour anywhere (every board empty on one side): our writer lists the first
            # team's 300 lineup first; otherwise the smaller TPN
            ra, rb = self.st.out_of_order.get((r, a_team)), self.st.out_of_order.get((r, b_team))
            a_first = rb is None or (ra is not None and ra[2] < rb[2])
        first, second = (a_team, b_team) if a_first else (b_team, a_team)
        games = []
        combined = _COMBINED
        for k, e in enumerate(boards):
            fp, sp = (e.a, e.b) if a_first else (e.b, e.a)
            fside, sside = (e.side_a, e.side_b) if a_first else (e.side_b, e.side_a)
            if e.colour_a is not None:
                first_white = (e.colour_a == "w") == a_first
            else:
                first_white = pattern[k] == "W" if k < len(pattern) else k % 2 == 0
            if fp is None and sp is None:
                result: str | None = "-/-"
            else:
                key = fside + sside if first_white else sside + fside
                known = combined.get(key, _Misfit.MISFIT)
                result = _combine(key[0], key[1], e.line, r, k + 1) if known is _Misfit.MISFIT else known
            games.append(BoardGame(k + 1, fp, sp, first_white, result))
        return Match(round=r, table=table, first=first, second=second, boards=tuple(games))

    def _by_lineups(self, r: int, a_team: int, b_team: int, la: list[int | None] | None,
                    lb: list[int | None] | None, entries: list[_Entry]) -> list[_Entry]:
        """Boards in the order of the 300 lineups; a side without one fills in from its games."""
        by_a = {e.a: e for e in entries if e.a is not None}
        by_b = {e.b: e for e in entries if e.b is not None}
        # games against an empty board of the side that has a lineup, in roster order
        spare_b = sorted((e for e in entries if e.a is None), key=self._entry_key)
        spare_a = sorted((e for e in entries if e.b is None), key=self._entry_key)
        line = self.st.out_of_order[(r, a_team if la is not None else b_team)][2]
        unknown = object()
        n = max(len(la or []), len(lb or []))
        boards: list[_Entry] = []
        used: set[int] = set()
        for k in range(n):
            pa = (la[k] if k < len(la) else None) if la is not None else unknown
            pb = (lb[k] if k < len(lb) else None) if lb is not None else unknown
            e: _Entry | None
            if isinstance(pa, int):
                e = by_a.get(pa)
            elif isinstance(pb, int):
                e = by_b.get(pb)
            elif pa is None and pb is unknown:
                e = spare_b.pop(0) if spare_b else None
            elif pb is None and pa is unknown:
                e = spare_a.pop(0) if spare_a else None
            else:
                e = None
            if e is None:
                if isinstance(pa, int) or isinstance(pb, int):
                    raise FileFormatError(line, "round {r}: board {k}: player has no game in this match",
                                          params={"r": r, "k": k + 1})
                boards.append(_Entry(None, None, None, _FLOSS, _FLOSS, line))
                continue
            if (pa is not unknown and e.a != pa) or (pb is not unknown and e.b != pb) or id(e) in used:
                raise FileFormatError(line, "round {r}: board {k} of the lineup does not fit the games",
                                      params={"r": r, "k": k + 1})
            used.add(id(e))
            boards.append(e)
        missing = [e for e in entries if id(e) not in used]
        if missing:
            raise FileFormatError(line, "round {r}: the lineup leaves out players who have games",
                                  params={"r": r})
        return boards

    def _entry_key(self, e: _Entry) -> tuple[int, int]:
        if e.a is not None:
            return (self.roster_pos[e.a], 0)
        assert e.b is not None
        return (self.roster_pos[e.b], 1)

    def _tables(self, r: int, matches: list[Match], before: Tournament) -> tuple[Match, ...]:
        """GHR C.04.2 3.6 board order on the primary score before round r; the PAB last."""
        rules = self.rules
        use_gp = rules.pairing.primary_score == "GP"
        score = self.scores
        if score is None:
            score = self.scores = {t.id: ZERO for t in before.teams}
        for rnd in before.rounds:  # running totals: each round's scores are added once
            if rnd.number in self.counted:
                continue
            self.counted.add(rnd.number)
            for m in rnd.matches:
                for tid in m.teams():
                    res = round_result(m, tid, rules)
                    value = res[3] if use_gp else res[2]
                    if value and tid in score:
                        score[tid] += value
        # compared as integers over a common denominator: the same order as the fractions
        den = math.lcm(*(v.denominator for v in score.values())) if score else 1
        num = {tid: v.numerator * (den // v.denominator) for tid, v in score.items()}

        def key(m: Match) -> tuple[int, int, int, int]:
            if m.second is None:
                return (1, 0, 0, m.first)
            a, b = m.first, m.second
            sa, sb = num.get(a, 0), num.get(b, 0)
            hi = sa if (-sa, a) < (-sb, b) else sb
            return (0, -hi, -(sa + sb), min(a, b))

        return tuple(_numbered(sorted(matches, key=key)))


def _numbered(matches: list[Match]) -> Iterator[Match]:
    """The matches with their tables numbered 1, 2, ... in this order."""
    for i, m in enumerate(matches):
        yield Match(round=m.round, table=i + 1, first=m.first, second=m.second, boards=m.boards, forfeit=m.forfeit)


def _flip(colour: str | None) -> str | None:
    return None if colour is None else ("w" if colour == "b" else "b")
