"""Appeals and the appeals committee."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from app.schemas.base import Id, OneLine, Strict


class CommitteeMemberIn(Strict):
    name: OneLine = Field(min_length=1, max_length=200)
    club_id: Id | None = None
    kind: Literal["regular", "alternate"]
    chair: bool = False
    user_id: Id | None = Field(default=None, description="the member's account, to record decisions")


class CommitteePut(Strict):
    members: list[CommitteeMemberIn] = Field(max_length=50,
                                             description="regulars and alternates, each kind in order")
    reason: str = Field(default="", max_length=500)


class CommitteeMemberRead(BaseModel):
    id: int
    name: str
    club_id: int | None
    kind: str
    position: int
    chair: bool


class AppealCreate(Strict):
    match_id: Id
    board: int | None = Field(default=None, ge=1, le=100, description="the game appealed, or null for the whole match")
    team_id: Id = Field(description="the appealing team (its manager files, R-16.2)")
    text: str = Field(min_length=1, max_length=5000)
    announced_at: datetime
    submitted_at: datetime
    fee_paid: Decimal = Field(ge=0, max_digits=10, decimal_places=2)
    accept_late: bool = Field(default=False, description="chief arbiter only (R-14.1), audited")
    reason: str = Field(default="", max_length=500)


class AppealDecision(Strict):
    decision: Literal["upheld", "rejected"]
    reasons: str = Field(min_length=1, max_length=5000)


class SittingCommitteeRead(BaseModel):
    members: list[CommitteeMemberRead]
    excluded: list[CommitteeMemberRead]
    complete: bool
    message: str


class AppealRead(BaseModel):
    id: int
    round: int
    match_id: int
    board: int | None
    team_id: int
    status: str
    text: str | None = Field(description="only for the teams involved and the officials")
    game_ended_at: datetime
    announced_at: datetime
    submitted_at: datetime
    late_accepted: bool
    fee_paid: Decimal | None
    fee_status: str
    decision_reasons: str | None
    decided_at: datetime | None
    committee: SittingCommitteeRead | None


class CaptainRemoval(Strict):
    reason: str = Field(min_length=1, max_length=500)
