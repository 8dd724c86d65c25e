"""Tournaments, and the answer of a TRF import."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, field_validator

from app.schemas.base import OneLine, Strict, omittable, one_line
from app.services.rules import MAX_ROUNDS, settings_schema
from app.services.text import MAX_TEXT


def _settings(rules: dict[str, Any] | None) -> dict[str, Any] | None:
    """The settings a request sends: the time control is written in a TRF record (122), so one line too."""
    control = (rules or {}).get("time_control")
    if isinstance(control, str):
        try:
            one_line(control)
        except ValueError as exc:
            raise ValueError(f"time_control: {exc}") from None
        if len(control) > MAX_TEXT:
            raise ValueError(f"time_control: at most {MAX_TEXT} characters")
    return rules


class TournamentCreate(Strict):
    name: OneLine = Field(min_length=1, max_length=200)
    city: OneLine = Field(default="", max_length=100)
    venue: OneLine = Field(default="", max_length=200)
    federation: OneLine = Field(default="GRE", min_length=3, max_length=3)
    start_date: date | None = None
    end_date: date | None = None
    preset: Literal["k12-2025", "fide"] | None = Field(default=None, description="fills every setting")
    rules: dict[str, Any] = Field(default_factory=dict, description="settings overriding the preset",
                                  json_schema_extra=settings_schema())
    move_schedule: bool = Field(
        default=False, description="move the preset's deadlines and round starts to start_date, at the same "
        "local times (the rules' start_date becomes start_date)")
    chief_arbiter: OneLine = Field(default="", max_length=200)
    deputy_arbiters: list[Annotated[OneLine, Field(max_length=200)]] = Field(default_factory=list, max_length=20)

    _rules = field_validator("rules")(_settings)


class TournamentUpdate(Strict):
    name: OneLine = omittable(min_length=1, max_length=200)
    city: OneLine = omittable(max_length=100)
    venue: OneLine = omittable(max_length=200)
    federation: OneLine = omittable(min_length=3, max_length=3)
    start_date: date | None = None
    end_date: date | None = None
    rules: dict[str, Any] = omittable(description="settings to change", json_schema_extra=settings_schema())
    chief_arbiter: OneLine = omittable(max_length=200)
    deputy_arbiters: list[Annotated[OneLine, Field(max_length=200)]] = omittable(max_length=20)

    _rules = field_validator("rules")(_settings)


class RoundCountPut(Strict):
    """R-4.3: the chief arbiter's decision on the number of rounds of a Swiss."""

    rounds: int = Field(ge=1, le=MAX_ROUNDS, description="the new number of rounds (never below a round paired)")
    decision: OneLine = Field(min_length=1, max_length=500, description="the decision, as recorded in the audit")


class TournamentRead(BaseModel):
    id: int
    name: str
    city: str
    venue: str
    federation: str
    start_date: date | None
    end_date: date | None
    preset: str | None
    rules: dict[str, Any]
    chief_arbiter: str
    deputy_arbiters: list[str]
    tpns_locked: bool
    warnings: list[str] = Field(default_factory=list)
    status: Literal["upcoming", "running", "finished"] = Field(
        default="upcoming", description="upcoming: no round published yet; finished: every round completed")
    current_round: int | None = Field(default=None, description="the round published or in progress, if any")
    rounds_completed: int = 0


class ImportedPab(BaseModel):
    """A round of a TRF16 file read as a team's pairing-allocated bye (the format cannot say so)."""

    round: int
    team_id: int
    tpn: int
    name: str


class TournamentImportRead(TournamentRead):
    pab_rounds: list[ImportedPab] = Field(
        default_factory=list,
        description="rounds of a TRF16 file in which one team had no opponent on any board while every other "
                    "team played: read as that team's pairing-allocated bye, worth the pab setting")


class RatingFinding(BaseModel):
    code: Literal["no_fide_id", "no_birth_year", "no_federation", "no_national_id", "round_not_completed"]
    severity: Literal["error", "warning"] = Field(description="error: a game that cannot be rated as it stands; "
                                                             "warning: a player without a game, a round not completed")
    rule: str
    message: str
    player_id: int | None
    team_id: int | None
    round: int | None


class RatingCheckRead(BaseModel):
    tournament_id: int
    ready: bool = Field(description="no error: the report can be sent")
    fide_rated: bool
    national_rated: bool
    players: int = Field(description="players in the report (rosters and everyone who played)")
    games: int = Field(description="games over the board with a result in the paired rounds")
    findings: list[RatingFinding]
