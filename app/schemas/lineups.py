"""Lineups and the initial ranking."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app.schemas.base import Id, Strict
from app.schemas.clubs import PlayerPublic, PlayerRead
from app.schemas.rounds import TeamRef


class LineupPut(Strict):
    player_ids: list[Id] = Field(max_length=100,
                                 description="the roster players who play; boards are assigned in board order")
    captain_id: Id | None = Field(default=None, description="one of the players (R-16.1)")
    explicit_order: bool = Field(default=False, description="true: player_ids is the board order and is checked")
    reason: str = Field(default="", max_length=500)


class LineupBoard(BaseModel):
    board: int
    player: PlayerPublic | PlayerRead | None


class LineupRead(BaseModel):
    team_id: int
    round: int
    submitted: bool = Field(description="false: no lineup was submitted, the base lineup plays")
    captain_id: int | None
    boards: list[LineupBoard]
    problems: list[dict[str, str | None]] = Field(default_factory=list)


class LineupCheckRead(BaseModel):
    valid: bool = Field(description="true: the same lineup submitted with PUT would be accepted")
    player_ids: list[int] = Field(description="the players in board order when valid (R-3.3), else as given")
    captain_id: int | None
    problems: list[dict[str, str | None]] = Field(
        default_factory=list, description="every rule the lineup breaks: {rule, detail}, as PUT would refuse it")


class RankingRowRead(BaseModel):
    position: int
    team_id: int
    name: str
    club_name: str
    average: str = Field(description="exact average rating of the base lineup (R-4.1), e.g. '1512.25'")
    ratings: list[int]
    tpn: int | None
    base_lineup_problems: list[dict[str, str | None]] = Field(default_factory=list)
    status: Literal["entered", "withdrawn", "expelled"] = Field(
        default="entered", description="a team that got a pairing number keeps its row after it left (withdrawn, "
                                       "expelled); once numbers are given the rows are in TPN order")


class ScheduledMatchRead(BaseModel):
    table: int
    first: TeamRef = Field(description="the team with White on board 1")
    second: TeamRef | None = Field(description="None: the first team has the round-robin bye")


class ScheduledRoundRead(BaseModel):
    round: int
    matches: list[ScheduledMatchRead]


class RankingRead(BaseModel):
    locked: bool
    rows: list[RankingRowRead]
    schedule: list[ScheduledRoundRead] = Field(
        default_factory=list, description="a round robin's every round by the Berger tables of C.05 Annex 1, "
        "once its pairing numbers are fixed (empty for a Swiss)")
