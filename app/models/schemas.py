"""API schemas (request and response bodies). Tables live beside this module."""

from __future__ import annotations

import types
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Generic, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.services.lifecycle import IN_PLAY_STATES
from app.services.rules import settings_schema

T = TypeVar("T")
INT_MIN, INT_MAX = -(2**31), 2**31 - 1  # the database's integer columns
#: An id in a request body: bounded to the 32-bit id columns (a larger one is a 422, never a 500).
Id = Annotated[int, Field(ge=1, le=INT_MAX)]


class Page(BaseModel, Generic[T]):
    items: list[T]
    total: int
    limit: int
    offset: int


def _check_value(value: Any, where: str = "") -> None:
    """What no column can store: NUL characters in text, integers beyond the database's 32-bit range."""
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError(f"{where or 'text'}: NUL characters are not allowed")
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise ValueError(f"{where or 'number'}: {value} is out of range")
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_value(k, where)
            _check_value(v, f"{where}.{k}" if where else str(k))
    elif isinstance(value, list | tuple):
        for v in value:
            _check_value(v, where)


class _WrongType(ValueError):
    pass


def _json_typed(annotation: Any, value: Any, where: str) -> Any:
    """``value`` as the JSON type the schema gives ``annotation``; no coercion from another JSON type.

    Pydantic's lax mode would take ``"5"`` for an integer, ``0`` for a boolean and ``0`` for a date (1970-01-01):
    requests the OpenAPI document calls invalid. Integral numbers such as ``3.0`` are integers in JSON Schema
    and become ``3``.
    """
    if get_origin(annotation) is Annotated:
        return _json_typed(get_args(annotation)[0], value, where)
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in get_args(annotation):
            return None
        members = [m for m in get_args(annotation) if m is not type(None)]
        for member in members[:-1]:
            try:
                return _json_typed(member, value, where)
            except _WrongType:
                continue
        return _json_typed(members[-1], value, where)
    if origin is list:
        if not isinstance(value, list):
            raise _WrongType(f"{where}: expected a list")
        (item,) = get_args(annotation) or (Any,)
        return [_json_typed(item, v, where) for v in value]
    if origin is dict or annotation is dict:
        if not isinstance(value, dict):
            raise _WrongType(f"{where}: expected an object")
        return value
    if annotation is bool:
        if not isinstance(value, bool):
            raise _WrongType(f"{where}: expected true or false, not {value!r}")
    elif annotation is int:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _WrongType(f"{where}: expected an integer, not {value!r}")
    elif annotation in (float, Decimal):
        if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
            raise _WrongType(f"{where}: expected a number, not {value!r}")
    elif annotation is str:
        if not isinstance(value, str):
            raise _WrongType(f"{where}: expected a string, not {value!r}")
    elif annotation in (date, datetime) and not isinstance(value, str | date):
        raise _WrongType(f"{where}: expected a date as text (ISO 8601), not {value!r}")
    return value


class Strict(BaseModel):
    """Every request body: unknown fields refused, JSON types as the schema says (no coercion: ``"5"`` is no
    integer, ``0`` no boolean or date), no NUL in text, integers within the columns' range.

    In the partial-update (PATCH) bodies a field that may be left out but never be empty is typed without
    ``None`` and defaults to None: an explicit ``null`` is refused (422) instead of reaching a NOT NULL column.
    """

    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def _json_types(cls, value: Any, info: Any) -> Any:
        field = cls.model_fields.get(info.field_name or "")
        if field is None or field.annotation is None:
            return value
        try:
            return _json_typed(field.annotation, value, info.field_name or "")
        except _WrongType as exc:
            raise ValueError(str(exc)) from None

    @field_validator("*", mode="after")
    @classmethod
    def _storable(cls, value: Any, info: Any) -> Any:
        _check_value(value, info.field_name or "")
        return value


# --- clubs and players ---------------------------------------------------------------------------


class ClubCreate(Strict):
    name: str = Field(min_length=1, max_length=200)
    short_name: str = Field(default="", max_length=50)
    federation: str = Field(default="GRE", min_length=3, max_length=3)
    city: str = Field(default="", max_length=100)
    union_member: bool = False


class ClubUpdate(Strict):
    name: str = Field(default=None, min_length=1, max_length=200)  # type: ignore[assignment]
    short_name: str = Field(default=None, max_length=50)  # type: ignore[assignment]
    federation: str = Field(default=None, min_length=3, max_length=3)  # type: ignore[assignment]
    city: str = Field(default=None, max_length=100)  # type: ignore[assignment]
    union_member: bool = Field(default=None)  # type: ignore[assignment]


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
    last_name: str = Field(min_length=1, max_length=100)
    first_name: str = Field(default="", max_length=100)
    sex: Sex = "m"
    birth_date: date | None = None
    fide_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    fide_rating: int | None = Field(default=None, ge=0, le=3500)
    national_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    national_rating: int | None = Field(default=None, ge=0, le=3500)
    federation: str = Field(default="GRE", min_length=3, max_length=3)
    title: str = Field(default="", max_length=3)
    activation_fee_paid: bool = False
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=50)


class PlayerUpdate(Strict):
    club_id: Id = Field(default=None)  # type: ignore[assignment]
    last_name: str = Field(default=None, min_length=1, max_length=100)  # type: ignore[assignment]
    first_name: str = Field(default=None, max_length=100)  # type: ignore[assignment]
    sex: Sex = Field(default=None)  # type: ignore[assignment]
    birth_date: date | None = None
    fide_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    fide_rating: int | None = Field(default=None, ge=0, le=3500)
    national_id: int | None = Field(default=None, ge=1, le=INT_MAX)
    national_rating: int | None = Field(default=None, ge=0, le=3500)
    federation: str = Field(default=None, min_length=3, max_length=3)  # type: ignore[assignment]
    title: str = Field(default=None, max_length=3)  # type: ignore[assignment]
    activation_fee_paid: bool = Field(default=None)  # type: ignore[assignment]
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=50)


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
    federation: str
    title: str


class PlayerRead(PlayerPublic):
    """What the player's officials and the tournament staff see."""

    birth_date: date | None
    activation_fee_paid: bool
    email: str | None
    phone: str | None


# --- tournaments -------------------------------------------------------------------------------------


class TournamentCreate(Strict):
    name: str = Field(min_length=1, max_length=200)
    city: str = Field(default="", max_length=100)
    venue: str = Field(default="", max_length=200)
    federation: str = Field(default="GRE", min_length=3, max_length=3)
    start_date: date | None = None
    end_date: date | None = None
    preset: Literal["k12-2025", "fide"] | None = Field(default=None, description="fills every setting")
    rules: dict[str, Any] = Field(default_factory=dict, description="settings overriding the preset",
                                  json_schema_extra=settings_schema())
    move_schedule: bool = Field(
        default=False, description="move the preset's deadlines and round starts to start_date, at the same "
        "local times (the rules' start_date becomes start_date)")
    chief_arbiter: str = Field(default="", max_length=200)
    deputy_arbiters: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=20)


class TournamentUpdate(Strict):
    name: str = Field(default=None, min_length=1, max_length=200)  # type: ignore[assignment]
    city: str = Field(default=None, max_length=100)  # type: ignore[assignment]
    venue: str = Field(default=None, max_length=200)  # type: ignore[assignment]
    federation: str = Field(default=None, min_length=3, max_length=3)  # type: ignore[assignment]
    start_date: date | None = None
    end_date: date | None = None
    rules: dict[str, Any] = Field(default=None, description="settings to change",  # type: ignore[assignment]
                                  json_schema_extra=settings_schema())
    chief_arbiter: str = Field(default=None, max_length=200)  # type: ignore[assignment]
    deputy_arbiters: list[Annotated[str, Field(max_length=200)]] = Field(  # type: ignore[assignment]
        default=None, max_length=20)


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


# --- teams and rosters -----------------------------------------------------------------------------


class TeamCreate(Strict):
    club_id: Id
    name: str = Field(min_length=1, max_length=100)
    nickname: str = Field(default="", max_length=5)
    form_complete: bool = True
    entered_at: datetime | None = Field(default=None, description="organisers only: the submission time")
    override_deadline: bool = Field(default=False, description="organisers only (R-11.1), audited")
    reason: str = Field(default="", max_length=500)


class TeamUpdate(Strict):
    name: str = Field(default=None, min_length=1, max_length=100)  # type: ignore[assignment]
    nickname: str = Field(default=None, max_length=5)  # type: ignore[assignment]
    form_complete: bool = Field(default=None)  # type: ignore[assignment]
    status: Literal["withdrawn", "expelled", "entered"] = Field(default=None)  # type: ignore[assignment]
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
    reference: str = Field(default="", max_length=200)


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


# --- users and tokens ------------------------------------------------------------------------------


class LoginForm(BaseModel):
    """The form of POST /auth/token. Other fields an OAuth2 client sends (grant_type, scope, ...) are ignored."""

    username: str = Field(min_length=1, max_length=200)
    password: str = Field(min_length=1, max_length=200)


class TokenResponse(BaseModel):
    access_token: str
    token_type: str = "bearer"
    expires_in: int


class UserCreate(Strict):
    username: str = Field(min_length=2, max_length=100)
    password: str = Field(min_length=8, max_length=200)
    is_admin: bool = False
    can_create_tournaments: bool = Field(default=False, description="an organiser: may create tournaments")
    full_name: str = Field(default="", max_length=200)
    birth_date: date | None = None
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=50)


class UserUpdate(Strict):
    password: str = Field(default=None, min_length=8, max_length=200)  # type: ignore[assignment]
    is_admin: bool = Field(default=None)  # type: ignore[assignment]
    can_create_tournaments: bool = Field(default=None)  # type: ignore[assignment]
    is_active: bool = Field(default=None)  # type: ignore[assignment]
    full_name: str = Field(default=None, max_length=200)  # type: ignore[assignment]
    birth_date: date | None = None
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=50)


class UserRead(BaseModel):
    id: int
    username: str
    is_admin: bool
    can_create_tournaments: bool = False
    full_name: str
    is_active: bool


class TournamentRights(BaseModel):
    tournament_id: int
    roles: list[str] = Field(description="organiser, chief_arbiter, arbiter, manager")
    team_ids: list[int] = Field(description="the teams this user manages here")
    permissions: list[str] = Field(description="the actions this principal (token scopes applied) holds here; "
                                   "see the permission table in README")


class MeRead(UserRead):
    scopes: list[str] | None
    memberships: list[MembershipRead]
    tournaments: list[TournamentRights] = Field(default_factory=list)


class MembershipCreate(Strict):
    user_id: Id
    role: Literal["organiser", "chief_arbiter", "arbiter", "manager"]
    team_id: Id | None = Field(default=None, description="required for the manager role")


class MembershipRead(BaseModel):
    id: int
    user_id: int
    tournament_id: int
    role: str
    team_id: int | None


class ApiTokenCreate(Strict):
    name: str = Field(min_length=1, max_length=100)
    scopes: list[Literal["read", "results", "lineups", "write"]] = Field(default_factory=lambda: ["write"])


class ApiTokenRead(BaseModel):
    id: int
    name: str
    prefix: str
    scopes: list[str]
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


class ApiTokenCreated(ApiTokenRead):
    token: str = Field(description="shown once; only its hash is stored")


class AuditRead(BaseModel):
    id: int
    at: datetime
    actor: str
    action: str
    entity: str
    entity_id: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str


MeRead.model_rebuild()


# --- lineups and the initial ranking -----------------------------------------------------------


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


class RankingRead(BaseModel):
    locked: bool
    rows: list[RankingRowRead]


# --- rounds, matches, results ----------------------------------------------------------------------


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


class RoundRead(BaseModel):
    number: int
    state: str
    scheduled_start: datetime | None
    manual: bool = Field(description="the pairing was changed by hand (audited)")
    absent_team_ids: list[int]
    matches: list[MatchRead]
    explanation: dict[str, Any] | None = Field(default=None, description="the engine's explanation (officials)")


class RoundSummary(BaseModel):
    number: int
    state: str
    scheduled_start: datetime | None
    manual: bool


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


class TeamResultsRead(BaseModel):
    team: TeamRef
    match_points: str
    game_points: str
    rounds: list[TeamRoundRead]


# --- standings -------------------------------------------------------------------------------------


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


# --- players: the player page and the board statistics ------------------------------------------


class ClubRef(BaseModel):
    id: int
    name: str


class OpponentRef(PlayerRef):
    team: TeamRef | None


class PlayerGameRead(BaseModel):
    round: int
    outcome: Literal["played", "pending", "forfeit_win", "forfeit_loss", "double_forfeit", "pab", "not_playing",
                     "absent"] = Field(description="pending: the game is on; not_playing: the team played without "
                                                   "the player; absent: the team was not paired")
    table: int | None
    board: int | None
    colour: Literal["W", "B"] | None = Field(description="the player's colour on the board")
    opponent: OpponentRef | None = Field(description="the player across the board (null: none, or an empty board)")
    opponent_team: TeamRef | None
    result: str | None = Field(description="the board's result, White's score first (1-0, 0-1, 1/2-1/2, +/-, ...)")
    points: str | None = Field(description="the player's points on the board; null without a finished game")


class NextGameRead(PlayerGameRead):
    state: str = Field(description=f"the round's state: {' or '.join(IN_PLAY_STATES)}")
    scheduled_start: datetime | None


class BoardLine(BaseModel):
    board: int | None = Field(description="null: every board added up")
    points: str
    games: int = Field(description="games played over the board (forfeits are not games, R-9.3)")
    percentage: str | None = Field(description="exact, e.g. '75' or '200/3'; null without a game")
    percentage_display: str | None = Field(description="rounded half-up to one decimal")
    performance: int | None = Field(description="rating performance, as the board prizes compute it (R-9.3.2)")


class PlayerScore(BoardLine):
    after_round: int | None = Field(description="the last completed round counted")
    boards: list[BoardLine] = Field(description="one line per board the player played on")


class PlayerPageRead(BaseModel):
    player: PlayerPublic
    team: TeamRef | None
    club: ClubRef | None
    board: int | None = Field(description="the player's place in the team's board order (R-3.3)")
    rounds: list[PlayerGameRead] = Field(description="every published round, in order")
    score: PlayerScore
    next: NextGameRead | None = Field(description="the player's game in the round published or in progress, "
                                                  "while it has no result")


class BoardStatsPlayer(BoardLine):
    player: PlayerRef
    team: TeamRef
    roster_board: int | None
    boards: list[BoardLine]


class BoardPlaceRead(BaseModel):
    board: int
    place: int
    tied: bool
    provisional: bool = Field(description="nobody on the board has the games R-9.3.1 asks for yet: a ranking of "
                                          "the players who can still reach them")
    player: dict[str, Any]
    team: dict[str, Any]
    points: str
    games: int
    percentage: str
    percentage_display: str
    performance: int | None


class BoardStatsRead(BaseModel):
    after_round: int | None
    min_games: int = Field(description="games on a board for a board prize (R-9.3.1)")
    rounds_left: int
    players: list[BoardStatsPlayer] = Field(description="every rostered player, games over the board in the "
                                                        "completed rounds")
    leaders: list[BoardPlaceRead] = Field(description="places 1-3 of each board (R-9.3), provisional before the "
                                                      "threshold")


# --- appeals and the committee -------------------------------------------------------------------


class CommitteeMemberIn(Strict):
    name: str = Field(min_length=1, max_length=200)
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
