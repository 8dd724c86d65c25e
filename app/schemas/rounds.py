"""Rounds, matches and results (boards, match forfeits, result batches)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from app.schemas.base import Id, Strict


class TeamRef(BaseModel):
    id: int
    name: str
    tpn: int | None


class PlayerRef(BaseModel):
    id: int
    name: str
    fide_rating: int | None
    national_rating: int | None
    title: str


class BoardRead(BaseModel):
    board: int
    first_player: PlayerRef | None = Field(description="the first team's player (White on board 1's team)")
    second_player: PlayerRef | None
    white: str = Field(description="which team's player has White on this board: first or second")
    result: str | None = Field(description="White's score first: 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-")
    ended_at: datetime | None = None


class MatchRead(BaseModel):
    id: int
    table: int
    first: TeamRef = Field(description="the team with White on board 1")
    second: TeamRef | None = Field(description="null: the pairing-allocated bye")
    pab: bool
    forfeit: str | None = Field(description="match-level forfeit: the absent side (first, second, both)")
    boards: list[BoardRead]
    score: list[str] | None = Field(description="game points of first and second, exact ('2.5'); null while open")
    match_points: list[str] | None
    complete: bool
    etag: str


class CriterionBreach(BaseModel):
    criterion: str = Field(description="as C.04.6 names it: C1, C2 (absolute), C4, C5, C8, C9 (quality), 4.3 (colours)")
    article: str = Field(description="the article: C.04.6 2.1.1, ...")
    team_ids: list[int]
    value: int | None = Field(default=None, description="the hand pairing's count, for a counted criterion")
    engine: int | None = Field(default=None, description="the engine's pairing's count")
    detail: str


class RoundRead(BaseModel):
    number: int
    state: str
    scheduled_start: datetime | None
    manual: bool = Field(description="the pairing was changed by hand (audited)")
    absent_team_ids: list[int]
    matches: list[MatchRead]
    explanation: dict[str, Any] | None = Field(default=None, description="the engine's explanation (officials)")
    breaches: list[CriterionBreach] | None = Field(default=None, description="the C.04.6 criteria a pairing "
                                                   "changed by hand breaks, against the engine's (officials)")


class RoundSummary(BaseModel):
    number: int
    state: str
    scheduled_start: datetime | None
    manual: bool


class Override(Strict):
    reason: str = Field(min_length=1, max_length=500, description="why the round goes ahead (the audit trail keeps it)")


class RoundDecision(Strict):
    """A pair or publish request: nothing, or the chief arbiter's decision to go ahead although a team's lineup
    breaks a rule (R-3.1, R-3.2, R-3.3)."""

    override: Override | None = Field(default=None, description="the chief arbiter's decision, with its reason "
                                      "(needs the action round.override)")


class LineupIssue(BaseModel):
    team_id: int
    team: str
    submitted: bool = Field(description="the team's submitted lineup; false: the base lineup it plays without one")
    rule: str | None
    detail: str


class AppealBlock(BaseModel):
    id: int
    round: int = Field(description="the round the appeal is about")
    blocks_round: int = Field(description="the round that cannot be paired while it is open (R-14.2)")
    team_id: int
    team: str
    board: int | None


class Blocker(BaseModel):
    rule: str | None
    detail: str


class RoundReadiness(BaseModel):
    """What stands between a round and its pairing or publication, before anyone presses Pair."""

    number: int
    state: str
    can_pair: bool = Field(description="pairing would be accepted now (no blocker and no undecided lineup problem)")
    can_publish: bool = Field(description="publishing would be accepted now")
    needs_decision: bool = Field(description="a lineup breaks a rule that no recorded decision covers: pairing "
                                 "and publishing need the chief arbiter's decision (override)")
    blockers: list[Blocker] = Field(description="refusals of the pairing that no decision overrides (R-14.2, "
                                    "C.04.6 1.1, R-14.4, the lifecycle)")
    lineups: list[LineupIssue] = Field(description="rules broken by the lineups the teams would play: pairing "
                                       "and publishing need the chief arbiter's decision (override)")
    decision: dict[str, Any] | None = Field(description="the decision recorded with the pairing: reason, problems")
    appeals: list[AppealBlock] = Field(description="open appeals on this round or the one before (R-14.2)")


class AbsentPut(Strict):
    team_id: Id
    absent: bool = True
    reason: str = Field(default="", max_length=500)


class PairingChange(Strict):
    action: Literal["swap", "pab", "forbid", "colours"] = Field(
        description="swap: exchange two teams between matches; pab: give the bye to team_a; "
                    "forbid: team_a and team_b may not meet (re-pairs); colours: reverse team_a's match")
    team_a: Id
    team_b: Id | None = None
    reason: str = Field(min_length=1, max_length=500)


#: A board result as arbiters write it, White's score first (and the spellings ``normalise_result`` reads).
ResultCode = Literal["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-", "½-½", "0.5-0.5", "=-=", "+-", "-+", "--"]
RESULT_HELP = "White's score first: 1-0, 0-1, 1/2-1/2, +/-, -/+, -/- (board forfeits); null clears"

#: The side of a match that did not show up (R-7.3), as ``MatchRead.forfeit`` shows it: ``first`` is the team with
#: White on board 1. The words ``white``/``black`` of earlier versions are refused with a hint.
Forfeit = Literal["first", "second", "both"]
FORFEIT_HELP = ("match-level forfeit (R-7.3): the side that did not show up, first (the team with White on "
                "board 1), second or both")


def _forfeit_words(value: Any) -> Any:
    if value in ("white", "black"):
        raise ValueError(f"forfeit {value!r} is no longer accepted: name the absent side as 'first' (the team "
                         "with White on board 1), 'second' or 'both'")
    return value


class BoardResultPut(Strict):
    result: ResultCode | None = Field(description=RESULT_HELP)
    ended_at: datetime | None = Field(default=None, description="when the game ended (default: now)")


class MatchResultPut(Strict):
    results: list[ResultCode | None] | None = Field(default=None, max_length=100,
                                                   description=f"board 1.. results; {RESULT_HELP}")
    forfeit: Forfeit | None = Field(default=None, description=FORFEIT_HELP)

    check_forfeit = field_validator("forfeit", mode="before")(_forfeit_words)


class BatchItem(Strict):
    table: int = Field(ge=1, le=10_000, description="the match's board-order number")
    board: int | None = Field(default=None, ge=1, le=100)
    result: ResultCode | None = Field(default=None, description=RESULT_HELP)
    forfeit: Forfeit | None = Field(default=None, description=FORFEIT_HELP)
    if_match: str | None = Field(default=None, max_length=200,
                                 description="the match's ETag, needed to change an entered result")

    check_forfeit = field_validator("forfeit", mode="before")(_forfeit_words)


class BatchResults(Strict):
    results: list[BatchItem] = Field(min_length=1, max_length=2000)


class BatchOutcome(BaseModel):
    round: int
    changed: int
    unchanged: int
    matches: list[MatchRead]


class TeamRoundRead(BaseModel):
    round: int
    outcome: str
    opponent: TeamRef | None
    colour: str | None
    table: int | None
    game_points: str | None
    match_points: str | None
    opponent_game_points: str | None


class TeamListRating(BaseModel):
    average: int | None = Field(description="the average rating of the roster's rated players")
    rated_players: int
    games: int = Field(description="the players' games against rated opponents in the counted rounds")
    score: str
    performance: int | None = Field(description="the opponents' average + dp of the fractional score (B.02 "
                                                "table 8.1.1); null without such a game")


class TeamRating(BaseModel):
    fide: TeamListRating
    national: TeamListRating


class TeamResultsRead(BaseModel):
    team: TeamRef
    match_points: str
    game_points: str
    rounds: list[TeamRoundRead]
    rating: TeamRating = Field(description="the team's average rating and its players' performance over the "
                                           "completed rounds, FIDE and national")
