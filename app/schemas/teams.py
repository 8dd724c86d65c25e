"""Teams, their payments and rosters."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from app.schemas.base import Id, OneLine, Strict, omittable
from app.schemas.clubs import PlayerPublic, PlayerRead


class TeamCreate(Strict):
    club_id: Id
    name: OneLine = Field(min_length=1, max_length=100)
    nickname: OneLine = Field(default="", max_length=5)
    form_complete: bool = True
    entered_at: datetime | None = Field(default=None, description="organisers only: the submission time")
    override_deadline: bool = Field(default=False, description="organisers only (R-11.1), audited")
    reason: str = Field(default="", max_length=500)


class TeamUpdate(Strict):
    name: OneLine = omittable(min_length=1, max_length=100)
    nickname: OneLine = omittable(max_length=5)
    form_complete: bool = omittable()
    status: Literal["withdrawn", "expelled", "entered"] = omittable()
    reason: str = Field(default="", max_length=500)


class TeamRead(BaseModel):
    id: int
    tournament_id: int
    club_id: int
    club_name: str
    name: str
    nickname: str
    status: str
    tpn: int | None
    entered_at: datetime
    form_complete: bool | None = None  # staff and the team's manager only
    fee_paid: Decimal | None = None  # staff and the team's manager only


class PaymentCreate(Strict):
    amount: Decimal = Field(gt=0, max_digits=10, decimal_places=2)
    paid_on: date
    reference: OneLine = Field(default="", max_length=200)


class PaymentRead(BaseModel):
    id: int
    team_id: int
    amount: Decimal
    paid_on: date
    reference: str


class RosterPut(Strict):
    player_ids: list[Id] = Field(max_length=100,
                                 description="the roster; the response gives them in board order (R-3.3)")
    reason: str = Field(default="", max_length=500, description="required for changes after the roster deadline")


class RosterPlayer(BaseModel):
    board: int
    player: PlayerPublic | PlayerRead


class RosteredPlayer(BaseModel):
    team_id: int
    board: int = Field(description="the player's place in the team's board order (R-3.3)")
    player: PlayerPublic | PlayerRead


class RosterRead(BaseModel):
    team_id: int
    players: list[RosterPlayer]
    warnings: list[dict[str, str | None]] = Field(default_factory=list, description="what the organiser should know")


class RosterImportLine(BaseModel):
    """What one line of a roster file becomes."""

    line: int = Field(description="the line of the file (the header is line 1)")
    outcome: Literal["new", "existing", "error"] = Field(
        description="new: a player registered by the import; existing: a player of the club already, matched by "
                    "FIDE id or by name and birth date; error: the line cannot be imported (rule and detail say why)")
    player_id: int | None = Field(default=None, description="the matched player, or the new one once saved")
    name: str
    fields: dict[str, str | int | bool | None] = Field(description="what the line says, by the API's field names")
    rule: str | None = None
    detail: str | None = None


class RosterImportRead(BaseModel):
    """A roster file read: each line's outcome; with ``saved`` the players are registered and on the roster."""

    saved: bool
    lines: list[RosterImportLine]
    ignored_columns: list[str] = Field(description="columns of the file whose header the import does not know")
    problem: dict[str, str | None] | None = Field(
        default=None, description="why the roster the file gives would be refused (rule, detail), if it would")
    warnings: list[dict[str, str | None]] = Field(default_factory=list,
                                                  description="what the organiser should know about that roster")
    roster: RosterRead | None = Field(default=None, description="the roster in board order once saved")
