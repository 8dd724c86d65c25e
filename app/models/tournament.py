"""The tournament aggregate: tournament, teams, rosters, payments, rounds, matches, boards, lineups.

Nothing derived is stored: match scores, MP, GP and standings are computed from
``board_game.result`` and ``match.forfeit`` by ``app.services``; a team's fee paid is the sum of its payments.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, empty_dict, empty_list, utcnow
from app.services.lifecycle import PENDING


class Tournament(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    city: str = Field(default="", max_length=100)
    venue: str = Field(default="", max_length=200)
    federation: str = Field(default="GRE", max_length=3)
    start_date: date | None = None
    end_date: date | None = None
    preset: str | None = Field(default=None, max_length=50)
    rules: dict[str, Any] = Field(default_factory=empty_dict, sa_column=Column(JSON, nullable=False))
    chief_arbiter: str = Field(default="", max_length=200)
    deputy_arbiters: list[str] = Field(default_factory=empty_list, sa_column=Column(JSON, nullable=False))
    tpns_locked_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    version: int = 1  # bumped on every change of the tournament row (ETag)
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))
    #: SHA-256 of the TRF file this tournament was imported from (app.services.trf.fingerprint):
    #: importing the same file again is refused unless asked for
    import_sha256: str | None = Field(default=None, max_length=64, index=True)
    #: points outside the matches (``app.services.tournament.Adjustment``: TRF-2026 240 F/H byes, 299 abnormal
    #: points), as an import read them: [{"team_id", "round", "mp", "gp", "kind", "pairing"}], points as text
    point_adjustments: list[dict[str, Any]] = Field(default_factory=empty_list,
                                                    sa_column=Column(JSON, nullable=False, server_default="[]"))


class Team(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("tournament_id", "name"), UniqueConstraint("tournament_id", "tpn"))

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    club_id: int = Field(foreign_key="club.id", index=True)
    name: str = Field(max_length=100)
    nickname: str = Field(default="", max_length=5)
    entered_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))
    form_complete: bool = True
    status: str = Field(default="waitlisted", max_length=20)  # waitlisted|entered|withdrawn|expelled
    tpn: int | None = None
    withdrawn_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))


class Payment(SQLModel, table=True):
    """An entry fee payment recorded by the organiser (R-10, R-11.3)."""

    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    amount: Decimal = Field(max_digits=10, decimal_places=2)
    paid_on: date
    reference: str = Field(default="", max_length=200)
    recorded_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))


class RosterEntry(SQLModel, table=True):
    """A player on a team's roster. Board order is computed (R-3.3), never stored."""

    __tablename__ = "roster_entry"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    team_id: int = Field(foreign_key="team.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)


class Round(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    number: int
    scheduled_start: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    state: str = Field(default=PENDING, max_length=20)  # one of app.services.lifecycle.ROUND_STATES
    manual: bool = False  # the pairing was changed by hand
    explanation: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    absent_team_ids: list[int] = Field(default_factory=empty_list, sa_column=Column(JSON, nullable=False))
    version: int = 1


class Match(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("round_id", "table_no"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    table_no: int
    first_team_id: int = Field(foreign_key="team.id")  # White on board 1
    second_team_id: int | None = Field(default=None, foreign_key="team.id")  # None = PAB
    forfeit: str | None = Field(default=None, max_length=10)  # first|second|both: the absent side
    version: int = 1  # ETag of the match and its boards


class BoardGame(SQLModel, table=True):
    __tablename__ = "board_game"
    __table_args__ = (UniqueConstraint("match_id", "board"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    board: int
    first_player_id: int | None = Field(default=None, foreign_key="player.id")
    second_player_id: int | None = Field(default=None, foreign_key="player.id")
    first_white: bool = True
    result: str | None = Field(default=None, max_length=10)
    ended_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))


class Lineup(SQLModel, table=True):
    """The roster players a team fields in a round, in board order (R-3.2, R-3.3), and the captain."""

    __table_args__ = (UniqueConstraint("tournament_id", "round_number", "team_id"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    round_number: int
    team_id: int = Field(foreign_key="team.id", index=True)
    player_ids: list[int] = Field(default_factory=empty_list, sa_column=Column(JSON, nullable=False))
    captain_id: int | None = Field(default=None, foreign_key="player.id")
    captain_removed: bool = False  # the chief arbiter removed the captain role for this round
    submitted_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))
