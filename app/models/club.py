"""Clubs and their players."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Column
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, utcnow


class Club(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, max_length=200)
    short_name: str = Field(default="", max_length=50)
    federation: str = Field(default="GRE", max_length=3)  # FIDE federation code
    city: str = Field(default="", max_length=100)
    union_member: bool = False  # member of the local Union
    #: Who created the club: their rights over it last until the club takes part in a tournament.
    created_by: int | None = Field(default=None, foreign_key="user.id")
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))


class Player(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="club.id", index=True)
    last_name: str = Field(max_length=100)
    first_name: str = Field(default="", max_length=100)
    sex: str = Field(default="m", max_length=1)  # "m" | "w"
    birth_date: date | None = None  # private
    fide_id: int | None = Field(default=None, index=True)
    fide_rating: int | None = None
    national_id: int | None = None  # national registration number (ΕΣΟ Α.Μ.)
    national_rating: int | None = None
    fide_k: int | None = None  # the K the FIDE list publishes for the player (B.02 8.3.3)
    national_k: int | None = None  # the K of the national list
    federation: str = Field(default="GRE", max_length=3)
    title: str = Field(default="", max_length=3)
    activation_fee_paid: bool = False
    email: str | None = Field(default=None, max_length=200)  # private
    phone: str | None = Field(default=None, max_length=50)  # private
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))

    @property
    def name(self) -> str:
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name
