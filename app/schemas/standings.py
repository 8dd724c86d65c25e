"""Standings and the crosstable."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.schemas.rounds import TeamRating, TeamRef


class StandingTeam(BaseModel):
    id: int
    name: str
    tpn: int | None
    club: str | None


class TiebreakValue(BaseModel):
    code: str
    value: str = Field(description="exact: a decimal when finite ('13.5'), else 'a/b'; for a group tie-break "
                                   "(DE, EDE, TBR, BBE) the team's position inside the group still tied")
    group: int = Field(default=1, description="teams still tied (this one included) when the tie-break was "
                                              "applied; 1: already separated, the value decides nothing")
    decisive: str | None = Field(default=None, description="group tie-breaks: what decided inside the group -- "
                                 "the points in the encounters among it (DE, EDE), or the board points where the "
                                 "team parted from the others (TBR: on `board`; BBE: on the top `board` boards); "
                                 "null when it did not apply (DE-ALLMET: not all met) or left the team tied")
    board: int | None = Field(default=None, description="TBR: the deciding board; BBE: the boards counted")


class StandingRowRead(BaseModel):
    rank: int
    tied: bool = Field(description="true: equal on every tiebreak with another team (R-8.2: not broken)")
    team: StandingTeam
    mp: str
    gp: str
    won: int = Field(description="played matches won (a bye or a forfeit is not counted here)")
    drawn: int = Field(description="played matches drawn")
    lost: int = Field(description="played matches lost")
    byes: int = Field(default=0, description="pairing-allocated byes (C.07 16.2.1), whatever they are worth")
    forfeit_wins: int = Field(default=0, description="matches won without being played (C.07 16.2.2)")
    forfeit_losses: int = Field(default=0, description="matches lost without being played, double forfeits "
                                                       "included (C.07 16.2.4)")
    tiebreaks: list[TiebreakValue]
    rating: TeamRating = Field(description="the team's average rating and performance, FIDE and national")


class StandingsRead(BaseModel):
    after_round: int | None
    rules: str = Field(description="the C.07 Art. 16 text applied: 2024 or 2026")
    tiebreaks: list[str]
    rows: list[StandingRowRead]


class CrossRound(BaseModel):
    round: int
    outcome: str
    opponent: TeamRef | None
    colour: str | None
    score: str | None = Field(description="game points for-against, e.g. '2.5-1.5'")
    match_points: str | None


class CrossRow(BaseModel):
    team: TeamRef
    rounds: list[CrossRound]


class CrosstableRead(BaseModel):
    after_round: int | None
    rows: list[CrossRow]


class NamedRef(BaseModel):
    id: int
    name: str


class TeamPrizeRead(BaseModel):
    place: int = Field(description="1-3; teams equal on every tiebreak share a place (R-9.1)")
    tied: bool
    team: NamedRef
    players: list[NamedRef] = Field(description="the players who played for the team (R-9.1)")


class BoardPrizeRead(BaseModel):
    board: int
    place: int
    tied: bool
    player: NamedRef
    team: NamedRef
    points: str
    games: int
    percentage: str = Field(description="exact, as a decimal or 'a/b'")
    percentage_display: str = Field(description="rounded half-up to one decimal, for display only")
    performance: int | None = Field(description="the rating performance (R-9.3.2)")


class PrizesRead(BaseModel):
    overall: list[TeamPrizeRead] = Field(description="the top three teams (R-9.1)")
    union: list[TeamPrizeRead] = Field(description="the top three teams of Union clubs (R-9.2)")
    boards: list[BoardPrizeRead] = Field(description="the board prizes, board 1 first, then by place (R-9.3)")
