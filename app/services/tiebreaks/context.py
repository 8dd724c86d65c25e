"""The per-team records every tie-break reads, built once per standings computation.

C.07 Art. 15-16 (unplayed rounds) are applied here, so that the tie-break functions
only combine numbers:

- each team round gets its Art. 16.2 category (``played`` or ``16.2.1`` .. ``16.2.5``);
- the *adjusted* score (16.3) that a team contributes to its opponents' tie-breaks;
- the *dummy* score (16.4) of each of the team's own unplayed rounds, capped per
  16.4.1 / 16.4.2 under the 2026 text, uncapped under the 2024 text;
- the C.07 Art. 12 board points (individual forfeits are standard results; a PAB is a
  standard win on every board; a whole-match forfeit is a win/loss on every board).

Scores are derived by :func:`app.services.tournament.round_result` (R-7, as ``team_round``); nothing here
re-implements scoring.

Readings where C.07 leaves a choice:

- a match is played when at least one game was played over the board, or when every board
  was forfeited but both teams scored (:func:`app.services.tournament.match_played`, the
  reference's reading); a match with every board forfeited by one side is a forfeit win/loss,
  one where neither side scored a double forfeit (16.2.4 for both teams);
- a round in which a team was not paired (absent, withdrawn, not yet entered) is a
  zero-point requested bye: 16.2.3 if a non-VUR round follows among the counted rounds,
  else 16.2.5 (so a bye in the last counted round is 16.2.5);
- "number of rounds" in 16.4.2 is the number of rounds counted (final standings: all);
- in a match with every board forfeited, Art. 12 board points are the recorded board
  results (a double forfeit on a board counts 0); only a match-level forfeit counts the
  awarded result on every board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from app.services.rules import Rules
from app.services.tournament import Match, Outcome, TeamStatus, Tournament, round_result

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from typing import Any

ZERO = Fraction(0)

PLAYED = "played"
PAB = "16.2.1"  # pairing-allocated bye (or full-point bye)
FORFEIT_WIN = "16.2.2"
REQUESTED_BYE_BEFORE_PLAY = "16.2.3"  # requested/zero-point bye followed by a non-VUR round
FORFEIT_LOSS = "16.2.4"  # forfeit loss; also both sides of a double forfeit
REQUESTED_BYE_AT_END = "16.2.5"  # requested bye followed only by VURs, or in the last round

def fsum(values: Iterable[Fraction | int]) -> Fraction:
    """Exact sum of ``Fraction``s, fast: numerators are added per denominator as ints
    (scores are halves and quarters, so this avoids a gcd per addition)."""
    acc: dict[int, int] = {}
    for x in values:
        d = x.denominator
        acc[d] = acc.get(d, 0) + x.numerator
    if not acc:
        return ZERO
    common = math.lcm(*acc)
    return Fraction(sum(n * (common // d) for d, n in acc.items()), common)


#: outcomes that are voluntary unplayed rounds (C.07 16.1.2)
VUR_OUTCOMES = frozenset({Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT, Outcome.ABSENT})


# RoundEntry and Context are the computation's own records, plain classes with __slots__ rather than
# dataclasses: a standings computation makes one RoundEntry per team and round, and defining a dataclass
# costs about a millisecond at import, which every run of ``teamswiss standings`` pays. Neither is compared
# or changed once made.


class RoundEntry:
    """One counted round of one team, with its C.07 Art. 16.2 category.

    ``opponent`` is the scheduled opponent (None for a PAB or an unpaired round); ``finished`` is False while
    the match is still in progress; ``source`` is what :attr:`boards` is read from: (the team's match, or
    None if it was not paired, the team, the rules)."""

    __slots__ = ("round", "outcome", "category", "opponent", "mp", "gp", "finished", "source", "_boards")

    def __init__(self, round: int, outcome: Outcome, category: str, opponent: int | None, mp: Fraction,
                 gp: Fraction, finished: bool = True, source: tuple[Match | None, int, Rules] | None = None) -> None:
        self.round = round
        self.outcome = outcome
        self.category = category
        self.opponent = opponent
        self.mp = mp
        self.gp = gp
        self.finished = finished
        self.source = source
        self._boards: tuple[Fraction, ...] | None = None

    def __repr__(self) -> str:
        return (f"RoundEntry(round={self.round}, outcome={self.outcome!r}, category={self.category!r}, "
                f"opponent={self.opponent}, mp={self.mp}, gp={self.gp}, finished={self.finished})")

    @property
    def boards(self) -> tuple[Fraction, ...]:
        """C.07 Art. 12 board points, board 1 first; read when a tie-break asks (BC, TBR, BBE, EDE
        with boards), not for every team round of every standings."""
        if self._boards is None:
            assert self.source is not None
            match, team, rules = self.source
            if match is None:
                self._boards = (ZERO,) * rules.boards
            else:
                self._boards = _board_points(match, team, self.outcome, rules)
        return self._boards

    @property
    def played(self) -> bool:
        return self.category == PLAYED

    @property
    def vur(self) -> bool:
        """A voluntary unplayed round (C.07 16.1.2): a forfeit loss or a requested bye."""
        return self.outcome in VUR_OUTCOMES


class Context:
    """Everything the tie-breaks of one standings computation read (exact ``Fraction``s).

    ``text`` is the C.07 Art. 16 wording in force ("2024" or "2026"); ``rounds_counted`` the "number of
    rounds" of 16.4.2 (rounds counted so far); ``mp`` and ``gp`` the actual totals (R-7), ``adj_mp`` and
    ``adj_gp`` the C.07 16.3 adjusted totals, for other teams' tie-breaks."""

    __slots__ = ("tournament", "rules", "text", "rounds_counted", "team_ids", "records", "mp", "gp", "adj_mp",
                 "adj_gp", "_boards", "factors")

    def __init__(self, tournament: Tournament, rules: Rules, text: str, rounds_counted: int,
                 team_ids: tuple[int, ...], records: dict[int, tuple[RoundEntry, ...]], mp: dict[int, Fraction],
                 gp: dict[int, Fraction], adj_mp: dict[int, Fraction], adj_gp: dict[int, Fraction]) -> None:
        self.tournament = tournament
        self.rules = rules
        self.text = text
        self.rounds_counted = rounds_counted
        self.team_ids = team_ids
        self.records = records
        self.mp = mp
        self.gp = gp
        self.adj_mp = adj_mp
        self.adj_gp = adj_gp
        self._boards: dict[int, tuple[Fraction, ...]] = {}
        #: what tie-breaks of one list share, computed once: (kind, forfeits played) -> the scaled
        #: opponent factors of :func:`app.services.tiebreaks.sums._scaled_factors`
        self.factors: dict[tuple[str, bool], Any] = {}

    def board_vector(self, team: int) -> tuple[Fraction, ...]:
        """C.07 Art. 12 board points per board over the counted rounds, board 1 first."""
        v = self._boards.get(team)
        if v is None:
            rows = [e.boards for e in self.records[team]]
            v = tuple(fsum(r[i] for r in rows) for i in range(self.rules.boards))
            self._boards[team] = v
        return v

    def total(self, kind: str, team: int) -> Fraction:
        return self.mp[team] if kind == "MP" else self.gp[team]

    def adjusted(self, kind: str, team: int) -> Fraction:
        return self.adj_mp[team] if kind == "MP" else self.adj_gp[team]

    def draw_value(self, kind: str) -> Fraction:
        """The points of a drawn match (C.07 16.3.2 / 16.4.2): MP draw, or half the boards in GP."""
        if kind == "MP":
            return self.rules.mp_draw
        return self.rules.gp_draw * self.rules.boards

    def round_score(self, kind: str, entry: RoundEntry) -> Fraction:
        return entry.mp if kind == "MP" else entry.gp

    def real_opponent(self, entry: RoundEntry, forfeits_played: bool = False) -> int | None:
        """The opponent whose adjusted score (16.3) :meth:`opponent_factor` uses for this round; None
        when the round counts against a dummy (16.4)."""
        if entry.played or (forfeits_played and entry.opponent is not None):
            assert entry.opponent is not None
            return entry.opponent
        return None

    def opponent_factor(self, kind: str, team: int, entry: RoundEntry, forfeits_played: bool = False) -> Fraction:
        """The opponent's score used in BH/SB for this round: adjusted score of a real
        opponent (16.3), else the dummy's score (16.4, with the 2026 caps 16.4.1/16.4.2).
        ``forfeits_played`` (modifier ``/P``): a forfeited match counts as played against
        its scheduled opponent."""
        opponent = self.real_opponent(entry, forfeits_played)
        if opponent is not None:
            return self.adjusted(kind, opponent)
        own = self.total(kind, team)
        if self.text == "2024":
            return own
        if entry.category in (FORFEIT_WIN, FORFEIT_LOSS) and entry.opponent is not None:
            return min(own, self.adjusted(kind, entry.opponent))
        return min(own, self.draw_value(kind) * self.rounds_counted)


def _board_points(match: Match, team: int, entry_outcome: Outcome, rules: Rules) -> tuple[Fraction, ...]:
    """C.07 Art. 12 board points of ``team`` in ``match``."""
    n = rules.boards
    if match.second is None:  # PAB: a standard win on every board
        return (rules.gp_win,) * n
    if match.forfeit is not None:  # whole-match forfeit: the awarded result on every board
        if entry_outcome is Outcome.FORFEIT_WIN:
            return (rules.gp_win,) * n
        return (rules.gp_loss,) * n
    pts = [ZERO] * n
    for b, p in zip(match.boards, match.board_points(team), strict=True):
        if p is not None and 1 <= b.board <= n:
            pts[b.board - 1] = p  # one game per board
    return tuple(pts)


def build_context(t: Tournament, after_round: int | None = None) -> Context:
    """Derive every team's record for rounds ``<= after_round`` (all paired rounds when None).

    Teams still on the waiting list (R-11.2) are not in the tournament and are left out;
    withdrawn and expelled teams stay, with their later rounds unpaired (zero-point byes).

    Rounds after ``after_round`` are ignored entirely, also for opponents' scores.
    A match still in progress counts as played, with the board results known so far
    (its MP only once every board is finished).
    """
    rules = t.rules
    rounds = list(t.completed_rounds(after_round))
    waitlisted = TeamStatus.WAITLISTED
    if any(team.status is waitlisted for team in t.teams):
        paired = {tid for r in rounds for m in r.matches for tid in m.teams()}
        team_ids = tuple(team.id for team in t.teams if team.status is not waitlisted or team.id in paired)
    else:
        team_ids = tuple(team.id for team in t.teams)
    raw: dict[int, list[tuple[Outcome, int | None, Fraction, Fraction, Match | None, int, bool]]]
    raw = {tid: [] for tid in team_ids}
    for r in rounds:
        by_team: dict[int, Match] = {}
        for match in r.matches:
            by_team[match.first] = match
            if match.second is not None:
                by_team[match.second] = match
        for tid in team_ids:
            m = by_team.get(tid)
            outcome, opponent, r_mp, r_gp, _ = round_result(m, tid, rules)
            mp = r_mp if r_mp is not None else ZERO
            if r_gp is not None:
                gp = r_gp
            else:  # unfinished match: count the finished boards so far
                assert m is not None
                gp = fsum(p for p in m.board_points(tid) if p is not None)
            raw[tid].append((outcome, opponent, mp, gp, m, r.number, r_mp is not None))

    last_counted = after_round if after_round is not None else max((r.number for r in rounds), default=0)
    records: dict[int, tuple[RoundEntry, ...]] = {}
    mp_tot: dict[int, Fraction] = {}
    gp_tot: dict[int, Fraction] = {}
    adj_mp: dict[int, Fraction] = {}
    adj_gp: dict[int, Fraction] = {}
    draw_mp = rules.mp_draw
    draw_gp = rules.gp_draw * rules.boards
    for tid in team_ids:
        rows = raw[tid]
        entries: list[RoundEntry] = []
        # a requested bye is 16.2.5 when every later round is a VUR (or it is the last round)
        later_non_vur = False
        cats: list[str] = [""] * len(rows)
        for i in range(len(rows) - 1, -1, -1):
            outcome = rows[i][0]
            if outcome is Outcome.PLAYED:
                cats[i] = PLAYED
            elif outcome is Outcome.PAB:
                cats[i] = PAB
            elif outcome is Outcome.FORFEIT_WIN:
                cats[i] = FORFEIT_WIN
            elif outcome in (Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT):
                cats[i] = FORFEIT_LOSS
            else:
                cats[i] = REQUESTED_BYE_BEFORE_PLAY if later_non_vur else REQUESTED_BYE_AT_END
            if outcome not in VUR_OUTCOMES:
                later_non_vur = True
        for (outcome, opp, mp, gp, m, rno, done), cat in zip(rows, cats, strict=True):
            entries.append(RoundEntry(rno, outcome, cat, opp, mp, gp, done, (m, tid, rules)))
        mp_tot[tid] = fsum([e.mp for e in entries])
        gp_tot[tid] = fsum([e.gp for e in entries])
        if t.adjustments:  # byes and abnormal points (TRF-2026 240, 299) count in the scores
            extra = [a for a in t.adjustments if a.team == tid and a.counts_after(last_counted)]
            mp_tot[tid] += fsum([a.mp for a in extra])
            gp_tot[tid] += fsum([a.gp for a in extra])
        if REQUESTED_BYE_AT_END in cats:  # 16.3.2: such rounds count as draws for the opponents
            adj_mp[tid] = fsum([draw_mp if e.category == REQUESTED_BYE_AT_END else e.mp for e in entries]) \
                + mp_tot[tid] - fsum([e.mp for e in entries])
            adj_gp[tid] = fsum([draw_gp if e.category == REQUESTED_BYE_AT_END else e.gp for e in entries]) \
                + gp_tot[tid] - fsum([e.gp for e in entries])
        else:
            adj_mp[tid] = mp_tot[tid]
            adj_gp[tid] = gp_tot[tid]
        records[tid] = tuple(entries)
    return Context(
        tournament=t,
        rules=rules,
        text=rules.c07_text(),
        rounds_counted=len(rounds),
        team_ids=team_ids,
        records=records,
        mp=mp_tot,
        gp=gp_tot,
        adj_mp=adj_mp,
        adj_gp=adj_gp,
    )
