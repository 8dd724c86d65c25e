"""A venue's push to a public mirror: its tournament version and the public JSON export, bounded field by field.

The export's format is ``openapi/tournament-export.schema.json``; only what the mirror stores is read here
(the standings and dates it carries are computed again on the mirror), every count and length bounded.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.schemas.base import Id, Strict
from app.services.mirror_parts import NAME_PATTERN
from app.services.text import is_server_address

#: A JSON export's format name and version (app.operations.exchange.exports).
EXPORT_FORMAT = "teamswiss-tournament-export"


class _Part(Strict):
    model_config = ConfigDict(extra="ignore")  # the export carries more than the mirror stores


class ExportTournament(_Part):
    name: str = Field(max_length=200)
    city: str = Field(default="", max_length=100)
    venue: str = Field(default="", max_length=200)
    federation: str = Field(default="FID", max_length=3)
    start_date: date | None = None
    end_date: date | None = None
    preset: str | None = Field(default=None, max_length=50)
    chief_arbiter: str = Field(default="", max_length=200)
    deputy_arbiters: list[str] = Field(default_factory=list, max_length=20)
    tpns_locked: bool = False
    rules: dict[str, Any]


class ExportClub(_Part):
    id: Id
    name: str = Field(max_length=200)
    short_name: str = Field(default="", max_length=50)
    federation: str = Field(default="GRE", max_length=3)
    city: str = Field(default="", max_length=100)
    union_member: bool = False


class ExportTeam(_Part):
    id: Id
    tpn: int | None = Field(default=None, ge=1, le=10_000)
    name: str = Field(max_length=100)
    nickname: str = Field(default="", max_length=5)
    club_id: Id
    status: Literal["waitlisted", "entered", "withdrawn", "expelled"]
    players: list[Id] = Field(default_factory=list, max_length=100)
    entered_at: datetime | None = None


class ExportPlayer(_Part):
    id: Id
    last_name: str = Field(max_length=100)
    first_name: str = Field(default="", max_length=100)
    sex: Literal["m", "w"] = "m"
    title: str = Field(default="", max_length=3)
    federation: str = Field(default="GRE", max_length=3)
    fide_id: int | None = Field(default=None, ge=0, le=2**31 - 1)
    fide_rating: int | None = Field(default=None, ge=0, le=4000)
    national_id: int | None = Field(default=None, ge=0, le=2**31 - 1)
    national_rating: int | None = Field(default=None, ge=0, le=4000)
    club_id: Id | None = None
    birth_year: int | None = Field(default=None, ge=1900, le=2200)


class ExportBoard(_Part):
    board: int = Field(ge=1, le=100)
    first_player: Id | None = None
    second_player: Id | None = None
    white: Literal["first", "second"] = "first"
    result: Literal["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"] | None = None
    ended_at: datetime | None = None


class ExportMatch(_Part):
    table: int = Field(ge=1, le=10_000)
    first: Id
    second: Id | None = None
    forfeit: Literal["first", "second", "both"] | None = None
    boards: list[ExportBoard] = Field(default_factory=list, max_length=100)


class ExportRound(_Part):
    number: int = Field(ge=1, le=100)
    state: Literal["pending", "paired", "published", "in_progress", "completed"]
    scheduled_start: datetime | None = None
    manual: bool = False
    absent_team_ids: list[Id] = Field(default_factory=list, max_length=2000)
    matches: list[ExportMatch] = Field(default_factory=list, max_length=2000)


class PublicExport(_Part):
    format: Literal["teamswiss-tournament-export"]
    version: Literal[1]
    public: bool
    tournament: ExportTournament
    clubs: list[ExportClub] = Field(max_length=5000)
    teams: list[ExportTeam] = Field(max_length=5000)
    players: list[ExportPlayer] = Field(max_length=50_000)
    rounds: list[ExportRound] = Field(max_length=100)


class ExtraCommitteeMember(_Part):
    name: str = Field(max_length=200)
    club_id: Id | None = None
    kind: Literal["regular", "alternate"]
    position: int = Field(ge=1, le=100)
    chair: bool = False


class ExtraAppeal(_Part):
    """An appeal as the public reads it: never its text, its fee or its decision's reasons."""

    round: int = Field(ge=1, le=100)
    table: int = Field(ge=1, le=10_000)
    board: int | None = Field(default=None, ge=1, le=100)
    team_id: Id
    status: Literal["open", "upheld", "rejected"]
    game_ended_at: datetime
    announced_at: datetime
    submitted_at: datetime
    late_accepted: bool = False
    fee_status: Literal["held", "returned", "kept"] = "held"
    decided_at: datetime | None = None


class ExtraLineup(_Part):
    """A lineup of a round that has started (before the start a lineup is private: it never travels)."""

    round: int = Field(ge=1, le=100)
    team_id: Id
    player_ids: list[Id] = Field(max_length=100)
    captain_id: Id | None = None
    captain_removed: bool = False
    submitted_at: datetime


class ExtraWaitlist(_Part):
    """The waitlisted teams and their players (R-11.2): the public lists them; the export leaves them out (they are
    not in the tournament yet)."""

    teams: list[ExportTeam] = Field(default_factory=list, max_length=5000)
    players: list[ExportPlayer] = Field(default_factory=list, max_length=50_000)


class MirrorExtras(_Part):
    """What parents see that the JSON export does not hold."""

    committee: list[ExtraCommitteeMember] = Field(default_factory=list, max_length=50)
    appeals: list[ExtraAppeal] = Field(default_factory=list, max_length=1000)
    lineups: list[ExtraLineup] = Field(default_factory=list, max_length=20_000)
    unpaid: list[Id] = Field(default_factory=list, max_length=50_000,
                             description="players without the activation fee (the public ranking names them, R-2.3)")
    waitlist: ExtraWaitlist = Field(default_factory=ExtraWaitlist)


#: a part's name (head, entrants, round:N, committee, appeals, lineups) and its digest
PartName = Annotated[str, Field(max_length=12, pattern=NAME_PATTERN)]
PartDigest = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[0-9a-f]+$")]


class MirrorChanges(_Part):
    """The parts of the public view that changed since ``base_version`` (:mod:`app.services.mirror_parts`): a
    section that is absent did not change; ``rounds`` holds the changed rounds only."""

    tournament: ExportTournament | None = None
    clubs: list[ExportClub] | None = Field(default=None, max_length=5000)
    teams: list[ExportTeam] | None = Field(default=None, max_length=5000)
    players: list[ExportPlayer] | None = Field(default=None, max_length=50_000)
    unpaid: list[Id] | None = Field(default=None, max_length=50_000)
    waitlist: ExtraWaitlist | None = Field(default=None, description="with the entrants (absent with them: no "
                                           "team waits, as from a venue before the waitlist travelled)")
    rounds: list[ExportRound] = Field(default_factory=list, max_length=100)
    committee: list[ExtraCommitteeMember] | None = Field(default=None, max_length=50)
    appeals: list[ExtraAppeal] | None = Field(default=None, max_length=1000)
    lineups: list[ExtraLineup] | None = Field(default=None, max_length=20_000)

    @model_validator(mode="after")
    def _entrants_together(self) -> MirrorChanges:
        together = (self.clubs, self.teams, self.players, self.unpaid)
        if any(x is not None for x in together) and any(x is None for x in together):
            raise ValueError("clubs, teams, players and unpaid travel together")
        return self


class MirrorPush(Strict):
    """``PUT /mirror/tournaments/{venue_tournament_id}``: the venue's version and its public view, whole
    (``export`` and ``extras``) or as the parts that changed since the version the mirror has (``base_version``
    and ``changes``)."""

    venue_version: int = Field(ge=1, le=2**62, description="the venue's version of the tournament")
    export: PublicExport | None = Field(default=None, description="the whole public view")
    extras: MirrorExtras = Field(default_factory=MirrorExtras)
    base_version: int | None = Field(default=None, ge=1, le=2**62,
                                     description="with `changes`: the venue's version the mirror must hold")
    changes: MirrorChanges | None = Field(default=None, description="the parts that changed since `base_version`")
    parts: dict[PartName, PartDigest] = Field(default_factory=dict, max_length=110,
                                              description="every part of the view and its digest (the mirror keeps "
                                                          "them and answers them, so that the venue sends only "
                                                          "what changed)")

    @model_validator(mode="after")
    def _whole_or_changes(self) -> MirrorPush:
        if (self.export is None) == (self.changes is None):
            raise ValueError("a push holds either the whole export or the changes")
        if self.changes is not None and (self.base_version is None or not self.parts):
            raise ValueError("changes need the base version and the parts")
        return self


class MirrorState(BaseModel):
    """What the mirror holds of a venue's tournament."""

    venue: str = Field(description="the venue, as its publishing key names it")
    venue_tournament_id: int
    venue_version: int = Field(description="the venue's version the mirror has (0: none yet)")
    tournament_id: int | None = Field(description="the mirrored tournament's id on this server")
    url: str | None = Field(description="the tournament's public page on this server")
    applied: bool = Field(default=False, description="this push changed the mirror (false: it had it already)")
    parts: dict[str, str] = Field(default_factory=dict, description="the parts of the view the mirror holds and "
                                                                    "their digests, as the venue sent them")


class PublicationPut(Strict):
    """``PUT /tournaments/{t}/publication``: publish the tournament to a public server from this server."""

    url: str = Field(min_length=8, max_length=300, pattern=r"^https?://[^\s]+$",
                     description="the public server's address (http:// or https://)")
    token: str = Field(min_length=8, max_length=200, pattern=r"^\S+$",
                       description="the publishing key the public server's administrator gave (kept, never shown)")

    @field_validator("url")
    @classmethod
    def _an_address(cls, url: str) -> str:
        # the pattern lets through what no client can reach ("http://[", "http://:80"): the publisher would fail
        if not is_server_address(url):
            raise ValueError("not a server's address")
        return url


class PublicationRead(BaseModel):
    """Where the tournament is published and how far the public server has it."""

    url: str | None = Field(description="the public server (null: not published)")
    public_url: str | None = Field(description="the tournament's page on the public server")
    state: Literal["off", "up_to_date", "behind", "unreachable"]
    minutes_behind: int | None = Field(description="since when the public server lacks a change, in minutes")
    version: int = Field(description="the tournament's version here")
    pushed_version: int = Field(description="the version the public server has")
    pushed_at: datetime | None
    last_error: str | None = Field(description="why the last attempt failed, if it did")
    from_console: bool = Field(description="this server publishes it (else a teamswiss publish command does)")
