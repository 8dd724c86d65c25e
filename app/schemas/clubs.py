"""Clubs and their players."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from app.schemas.base import INT_MAX, Id, OneLine, Strict, omittable


class ClubCreate(Strict):
    name: OneLine = Field(min_length=1, max_length=200)
    short_name: OneLine = Field(default="", max_length=50)
    federation: OneLine = Field(default="GRE", min_length=3, max_length=3)
    city: OneLine = Field(default="", max_length=100)
    union_member: bool = False


class ClubUpdate(Strict):
    name: OneLine = omittable(min_length=1, max_length=200)
    short_name: OneLine = omittable(max_length=50)
    federation: OneLine = omittable(min_length=3, max_length=3)
    city: OneLine = omittable(max_length=100)
    union_member: bool = omittable()


class ClubRead(BaseModel):
    id: int
    name: str
    short_name: str
    federation: str
    city: str
    union_member: bool


Sex = Literal["m", "w"]


class PlayerCreate(Strict):
    club_id: Id
    last_name: OneLine = Field(min_length=1, max_length=100)
    first_name: OneLine = Field(default="", max_length=100)
    sex: Sex = "m"
    birth_date: date | None = None
    fide_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    fide_rating: int | None = Field(default=None, ge=0, le=3500)
    national_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    national_rating: int | None = Field(default=None, ge=0, le=3500)
    fide_k: int | None = Field(default=None, ge=1, le=100,
                               description="the K the FIDE list publishes for the player (B.02 8.3.3; 40 for a player "
                                           "new to the list); null: by rating and age")
    national_k: int | None = Field(default=None, ge=1, le=100, description="the K of the national list")
    federation: OneLine = Field(default="GRE", min_length=3, max_length=3)
    title: OneLine = Field(default="", max_length=3)
    activation_fee_paid: bool = False
    email: OneLine | None = Field(default=None, max_length=200)
    phone: OneLine | None = Field(default=None, max_length=50)


class PlayerUpdate(Strict):
    club_id: Id = omittable()
    last_name: OneLine = omittable(min_length=1, max_length=100)
    first_name: OneLine = omittable(max_length=100)
    sex: Sex = omittable()
    birth_date: date | None = None
    fide_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    fide_rating: int | None = Field(default=None, ge=0, le=3500)
    national_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    national_rating: int | None = Field(default=None, ge=0, le=3500)
    fide_k: int | None = Field(default=None, ge=1, le=100,
                               description="the K the FIDE list publishes for the player (B.02 8.3.3; 40 for a player "
                                           "new to the list); null: by rating and age")
    national_k: int | None = Field(default=None, ge=1, le=100, description="the K of the national list")
    federation: OneLine = omittable(min_length=3, max_length=3)
    title: OneLine = omittable(max_length=3)
    activation_fee_paid: bool = omittable()
    email: OneLine | None = Field(default=None, max_length=200)
    phone: OneLine | None = Field(default=None, max_length=50)


class PlayerPublic(BaseModel):
    """What anyone may see: no birth date, no contact data."""

    id: int
    club_id: int
    name: str
    last_name: str
    first_name: str
    sex: str
    fide_id: int | None
    fide_rating: int | None
    national_id: int | None
    national_rating: int | None
    fide_k: int | None
    national_k: int | None
    federation: str
    title: str


class PlayerRead(PlayerPublic):
    """What the player's officials and the tournament staff see."""

    birth_date: date | None
    activation_fee_paid: bool
    email: str | None
    phone: str | None
