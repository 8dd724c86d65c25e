"""The tournament as plain frozen dataclasses, and the scores derived from board results.

This is the one shape every pure module shares: the pairing snapshot builder, the
tiebreaks, the prizes, the TRF codec and the store all read a :class:`Tournament`.
Match score, MP and GP are *derived* here from board results and the match status
(R-7); nothing stores them.

Conventions:
- A match's ``first`` team has White on board 1 (the team colour, C.04.6 1.6.1);
  ``second`` is ``None`` for the pairing-allocated bye (PAB).
- A board's ``result`` is written as arbiters write it, White's score first:
  ``1-0``, ``0-1``, ``1/2-1/2``, ``+/-``, ``-/+``, ``-/-`` (R-4.5), or ``None`` while
  the game is on.
- ``forfeit`` on a match is a match-level forfeit, naming the team that did not
  show up: ``"first"``, ``"second"`` or ``"both"`` (R-7.3, R-7.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

from app.services.errors import InvalidInput
from app.services.rules import Rules

ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)

#: result code -> (white points, black points, played over the board)
RESULT_CODES: dict[str, tuple[Fraction, Fraction, bool]] = {
    "1-0": (ONE, ZERO, True),
    "0-1": (ZERO, ONE, True),
    "1/2-1/2": (HALF, HALF, True),
    "+/-": (ONE, ZERO, False),
    "-/+": (ZERO, ONE, False),
    "-/-": (ZERO, ZERO, False),
}
#: RESULT_CODES' points in half points (White's, Black's), for exact integer sums
_HALVES: dict[str, tuple[int, int]] = {code: (int(w * 2), int(b * 2)) for code, (w, b, _) in RESULT_CODES.items()}
RESULT_ALIASES = {"½-½": "1/2-1/2", "0.5-0.5": "1/2-1/2", "=-=": "1/2-1/2", "+-": "+/-", "-+": "-/+", "--": "-/-"}

FORFEIT_SIDES = ("first", "second", "both")


def normalise_result(code: str) -> str:
    """The canonical spelling of a board result code, or ``InvalidInput`` (R-4.5)."""
    c = code.strip()
    c = RESULT_ALIASES.get(c, c)
    if c not in RESULT_CODES:
        raise InvalidInput(
            "R-4.5", "unknown result {code!r}; use one of {result_codes}",
                     params={"code": code, "result_codes": ', '.join(RESULT_CODES)}, result=code
        )
    return c


class TeamStatus(StrEnum):
    WAITLISTED = "waitlisted"
    ENTERED = "entered"
    WITHDRAWN = "withdrawn"
    EXPELLED = "expelled"


class Outcome(StrEnum):
    """What a round was for one team."""

    PLAYED = "played"  # at least one game over the board, or both sides scored (see match_played)
    FORFEIT_WIN = "forfeit_win"  # the opponent did not show up (or scored nothing, no game played)
    FORFEIT_LOSS = "forfeit_loss"  # this team did not show up (or scored nothing, no game played)
    DOUBLE_FORFEIT = "double_forfeit"
    PAB = "pab"  # pairing-allocated bye
    ABSENT = "absent"  # not paired this round (absent, withdrawn, expelled, not yet entered)


@dataclass(frozen=True)
class Player:
    """A player of a roster (TRF 001 fields)."""

    id: int
    name: str
    sex: str = "m"  # "m" or "w" (TRF 001 col 10)
    birth_date: date | None = None
    fide_id: int | None = None
    fide_rating: int | None = None
    national_id: int | None = None
    national_rating: int | None = None
    fide_k: int | None = None  # the K the FIDE list publishes (B.02 8.3.3: 40 for a player new to the list)
    national_k: int | None = None
    federation: str = ""
    title: str = ""
    activation_fee_paid: bool = False

    @property
    def female(self) -> bool:
        return self.sex in ("w", "f")


@dataclass(frozen=True)
class Club:
    """A club: teams belong to one; ``union_member`` for the Union prizes."""

    id: int
    name: str
    federation: str = "GRE"
    union_member: bool = False


@dataclass(frozen=True)
class Team:
    """An entered (or waitlisted, withdrawn, expelled) team and its roster."""

    id: int
    name: str
    club_id: int | None = None
    tpn: int | None = None
    status: TeamStatus = TeamStatus.ENTERED
    roster: tuple[int, ...] = ()  # player ids in board order
    nickname: str = ""


@dataclass(frozen=True)
class BoardGame:
    """One board of a match: the two players and the result, White's score first."""

    board: int
    first_player: int | None  # the first team's player on this board; None = empty board
    second_player: int | None
    first_white: bool  # does the first team's player have White on this board?
    result: str | None = None  # White's score first, see RESULT_CODES

    @property
    def white_player(self) -> int | None:
        return self.first_player if self.first_white else self.second_player

    @property
    def black_player(self) -> int | None:
        return self.second_player if self.first_white else self.first_player

    @property
    def played(self) -> bool:
        return self.result is not None and RESULT_CODES[self.result][2]

    def points(self) -> tuple[Fraction, Fraction] | None:
        """(first team's player's points, second team's player's points), or None if pending."""
        if self.result is None:
            return None
        w, b, _ = RESULT_CODES[self.result]
        return (w, b) if self.first_white else (b, w)


@dataclass(frozen=True)
class Match:
    """One match of a round, or the PAB (``second`` is None); scores are derived from the boards."""

    round: int
    table: int  # position in the round's board order (C.04.2 3.6), 1-based; the PAB is last
    first: int  # team id with White on board 1
    second: int | None  # None = PAB
    boards: tuple[BoardGame, ...] = ()
    forfeit: str | None = None  # match-level: which team did not show up (first/second/both)

    @property
    def is_pab(self) -> bool:
        return self.second is None

    def teams(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    def opponent(self, team: int) -> int | None:
        if team == self.first:
            return self.second
        if team == self.second:
            return self.first
        raise KeyError(team)

    def colour(self, team: int) -> str | None:
        """The team colour (board-1 colour, C.04.6 1.6.1): "W" or "B", None for the PAB."""
        if self.second is None:
            return None
        return "W" if team == self.first else "B"

    @property
    def complete(self) -> bool:
        """Has every board a result (or is the match decided as a whole)?"""
        if self.is_pab or self.forfeit is not None:
            return True
        return bool(self.boards) and self._summary.complete

    def games_played(self) -> int:
        if self.is_pab or self.forfeit is not None:
            return 0
        return self._summary.played

    @property
    def board_totals(self) -> tuple[Fraction, Fraction] | None:
        """(first team's, second team's) game points summed over the boards, None while a board
        is pending."""
        return self._summary.totals

    def board_points(self, team: int) -> tuple[Fraction | None, ...]:
        """``team``'s points on each of ``boards`` (same order), None for a pending board."""
        return self._summary.first if team == self.first else self._summary.second

    @cached_property
    def _summary(self) -> _BoardSummary:
        """The boards read once per match (a standings computation reads every match from both
        sides): points per side, totals summed as integer half points (RESULT_CODES are whole
        and half points), games played, completeness."""
        first: list[Fraction | None] = []
        second: list[Fraction | None] = []
        f2 = s2 = played = 0
        complete = True
        for b in self.boards:
            if b.result is None:
                complete = False
                first.append(None)
                second.append(None)
                continue
            w, bl, over_the_board = RESULT_CODES[b.result]
            hw, hb = _HALVES[b.result]
            played += over_the_board
            if b.first_white:
                first.append(w)
                second.append(bl)
                f2 += hw
                s2 += hb
            else:
                first.append(bl)
                second.append(w)
                f2 += hb
                s2 += hw
        totals = (_half_points(f2), _half_points(s2)) if complete else None
        return _BoardSummary(tuple(first), tuple(second), totals, (f2, s2), played, complete)


_HALF_POINTS: dict[int, Fraction] = {}


def _half_points(n: int) -> Fraction:
    """``Fraction(n, 2)``, each value made once (Fractions are immutable; a match total is one of a few)."""
    value = _HALF_POINTS.get(n)
    if value is None:
        value = _HALF_POINTS[n] = Fraction(n, 2)
    return value


class _BoardSummary:
    """A match's boards read once (see ``Match._summary``): points per side, the totals (also in half
    points), games played, completeness. (A plain class, not a dataclass: one is made per match, and
    defining a dataclass costs about a millisecond at import.)"""

    __slots__ = ("first", "second", "totals", "halves", "played", "complete")

    def __init__(self, first: tuple[Fraction | None, ...], second: tuple[Fraction | None, ...],
                 totals: tuple[Fraction, Fraction] | None, halves: tuple[int, int], played: int,
                 complete: bool) -> None:
        self.first = first
        self.second = second
        self.totals = totals
        self.halves = halves
        self.played = played
        self.complete = complete


@dataclass(frozen=True)
class Round:
    """A round and its matches in table order."""

    number: int
    matches: tuple[Match, ...] = ()
    start: datetime | None = None
    completed: bool = False

    def match_of(self, team: int) -> Match | None:
        for m in self.matches:
            if team in m.teams():
                return m
        return None


@dataclass(frozen=True)
class Adjustment:
    """Points a team gets or loses outside its matches: a full- or half-point bye (TRF-2026 240 ``F``/``H``, C.04.6
    [C2] knows the full-point bye), or an abnormal assignment of points (TRF-2026 299: a penalty, a bonus, a
    match's result set by the arbiter).

    ``round`` 0 is not tied to a round; ``pairing`` False counts in the standings only (299 round 999)."""

    team: int
    round: int
    mp: Fraction = ZERO
    gp: Fraction = ZERO
    kind: str = ""  # "F" full-point bye, "H" half-point bye, "" other points (299)
    pairing: bool = True

    def counts_after(self, round_no: int | None) -> bool:
        """Does it count in the standings after ``round_no`` (None: after every round)?"""
        return self.round == 0 or round_no is None or self.round <= round_no


@dataclass(frozen=True)
class Tournament:
    """The whole tournament: rules, teams, players, clubs and the rounds paired so far."""

    name: str
    rules: Rules
    teams: tuple[Team, ...]
    players: tuple[Player, ...] = ()
    clubs: tuple[Club, ...] = ()
    rounds: tuple[Round, ...] = ()
    # header data for reports (TRF 012..132, R-4.6)
    city: str = ""
    federation: str = ""
    start_date: date | None = None
    end_date: date | None = None
    tournament_type: str = "Swiss team"
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    #: points outside the matches (see :class:`Adjustment`)
    adjustments: tuple[Adjustment, ...] = ()
    #: (round, team id) of teams known not to play a round not paired yet (TRF-2026 240, XXZ): left out when it
    #: is paired; round 0 = whichever round is paired next (XXZ)
    absences: tuple[tuple[int, int], ...] = ()
    _team_index: dict[int, Team] = field(default_factory=dict, compare=False, repr=False)
    _player_index: dict[int, Player] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._team_index.update({t.id: t for t in self.teams})
        self._player_index.update({p.id: p for p in self.players})

    def team(self, team_id: int) -> Team:
        return self._team_index[team_id]

    def player(self, player_id: int) -> Player:
        return self._player_index[player_id]

    def club(self, club_id: int | None) -> Club | None:
        return next((c for c in self.clubs if c.id == club_id), None)

    def with_rounds(self, numbers: Iterable[int]) -> Tournament:
        """The tournament cut to the rounds numbered in ``numbers``, in their order (a number without a round
        adds none): as it stood before a round (``range(1, n)``), or with only the rounds the public sees."""
        keep = set(numbers)
        return replace(self, rounds=tuple(r for r in self.rounds if r.number in keep))

    def completed_rounds(self, up_to: int | None = None) -> Iterator[Round]:
        for r in self.rounds:
            if up_to is not None and r.number > up_to:
                break
            if r.matches:
                yield r


# --- derived scores ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamRound:
    """One round from one team's point of view. Scores are None while the match is unfinished."""

    round: int
    team: int
    outcome: Outcome
    opponent: int | None = None
    colour: str | None = None  # "W"/"B": board-1 colour, only for scheduled matches
    gp: Fraction | None = ZERO
    mp: Fraction | None = ZERO
    opponent_gp: Fraction | None = ZERO
    table: int | None = None

    @property
    def played(self) -> bool:
        return self.outcome is Outcome.PLAYED


def match_played(games_played: int, first_points: Fraction | int, second_points: Fraction | int) -> bool:
    """Was a scheduled, finished match *played*? The one predicate for tie-breaks (C.07 15.1:
    an unplayed round is one where the team "did not play a match"; Art. 16 categories; DE
    6.1.1) and for pairing (C.04.6 1.6.1: a team "had" a colour only in a match "actually
    played"; [C1] meetings; [C2] forfeit wins).

    Played when at least one game was played over the board, or, with every board forfeited,
    when *both* teams scored game points: each team had players at the boards and won
    something there, so both were available (neither round is a VUR, C.07 16.1.2) and the
    match took place with every game decided by forfeit. The texts do not define "played"
    for that case; this is FIDE TEC's reference reading (gacrux: "if both teams have points we
    consider the match played") and nothing in C.07 16 or C.04.6 1.6 contradicts it. A match
    where only one side scored is a forfeit win/loss; one where neither did, a double forfeit.
    """
    return games_played > 0 or (first_points > 0 and second_points > 0)


def team_round(match: Match | None, team: int, round_no: int, rules: Rules) -> TeamRound:
    """Derive one team's outcome and scores in one round (R-7)."""
    outcome, opp, mp, gp, opp_gp = round_result(match, team, rules)
    if match is None:
        return TeamRound(round_no, team, outcome)
    if match.second is None:
        return TeamRound(round_no, team, outcome, gp=gp, mp=mp, table=match.table)
    return TeamRound(round_no, team, outcome, opponent=opp, colour=match.colour(team), gp=gp, mp=mp,
                     opponent_gp=opp_gp, table=match.table)


#: (outcome, opponent, MP, GP, opponent's GP); the scores are None while the match is unfinished
RoundResult = tuple[Outcome, int | None, Fraction | None, Fraction | None, Fraction | None]


def round_result(match: Match | None, team: int, rules: Rules) -> RoundResult:
    """The scoring of :func:`team_round` (R-7) as a plain tuple, for callers that read every
    round of every team (standings) and need no :class:`TeamRound`."""
    if match is None:
        return (Outcome.ABSENT, None, ZERO, ZERO, ZERO)
    if match.second is None:
        if rules.round_robin:  # an odd field's free round: no PAB (R-7.5 is a Swiss rule), its own setting
            return (Outcome.PAB, None, rules.rr_bye_mp, rules.rr_bye_gp, ZERO)
        return (Outcome.PAB, None, rules.bye_mp, rules.bye_gp, ZERO)
    is_first = team == match.first
    opp = match.second if is_first else match.first
    if match.forfeit is not None:
        if match.forfeit == "both":
            return (Outcome.DOUBLE_FORFEIT, opp, ZERO, ZERO, ZERO)
        if (match.forfeit == "first") == is_first:
            return (Outcome.FORFEIT_LOSS, opp, ZERO, ZERO, rules.forfeit_win_gp)
        return (Outcome.FORFEIT_WIN, opp, rules.forfeit_win_mp, rules.forfeit_win_gp, ZERO)
    if not match.complete:
        return (Outcome.PLAYED, opp, None, None, None)
    summary = match._summary
    totals = summary.totals
    assert totals is not None
    if is_first:
        mine, theirs = totals
        h_mine, h_theirs = summary.halves
    else:
        theirs, mine = totals
        h_theirs, h_mine = summary.halves
    # compared as integer half points (the same order as the totals, without Fraction arithmetic)
    mp = rules.mp_win if h_mine > h_theirs else rules.mp_draw if h_mine == h_theirs else rules.mp_loss
    if not match_played(summary.played, h_mine, h_theirs):
        # every board forfeited by one side: the match was not played (C.07 15.1, 16; C.04.6 [C2])
        if h_mine > h_theirs:
            outcome = Outcome.FORFEIT_WIN
        elif h_theirs > h_mine:
            outcome = Outcome.FORFEIT_LOSS
        else:
            outcome = Outcome.DOUBLE_FORFEIT
            if h_mine == 0:  # "-/-" on every board: lost by both, as a match-level double forfeit
                mp = rules.mp_loss
    else:
        outcome = Outcome.PLAYED
    return (outcome, opp, mp, mine, theirs)


def team_history(t: Tournament, team: int, up_to: int | None = None) -> tuple[TeamRound, ...]:
    """The team's record, one entry per round of ``t.rounds`` that has been paired."""
    out = []
    for r in t.completed_rounds(up_to):
        out.append(team_round(r.match_of(team), team, r.number, t.rules))
    return tuple(out)


def totals(history: Iterable[TeamRound]) -> tuple[Fraction, Fraction]:
    """(MP, GP) over finished rounds."""
    mp = ZERO
    gp = ZERO
    for tr in history:
        mp += tr.mp or ZERO
        gp += tr.gp or ZERO
    return mp, gp


def scores(t: Tournament, up_to: int | None = None) -> dict[int, tuple[Fraction, Fraction]]:
    """Team id -> (MP, GP) after round ``up_to`` (all paired rounds when None), adjustments included."""
    out = {team.id: totals(team_history(t, team.id, up_to)) for team in t.teams}
    for a in t.adjustments:
        if a.team in out and a.counts_after(up_to):
            mp, gp = out[a.team]
            out[a.team] = (mp + a.mp, gp + a.gp)
    return out


def absent_in(t: Tournament, round_no: int) -> frozenset[int]:
    """The teams the tournament says will not play round ``round_no`` (``Tournament.absences``)."""
    return frozenset(team for r, team in t.absences if r in (0, round_no))


def board_colours(pattern: str) -> tuple[bool, ...]:
    """For each board, does the first team's player have White? ``pattern`` is e.g. "WBWB"."""
    return tuple(c == "W" for c in pattern)
