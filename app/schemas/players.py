"""The player page and the board statistics."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from app.schemas.clubs import PlayerPublic
from app.schemas.rounds import PlayerRef, TeamRef
from app.services.lifecycle import IN_PLAY_STATES


class ClubRef(BaseModel):
    id: int
    name: str


class ListChange(BaseModel):
    """One rating list's figures for the event (FIDE B.02 8.2-8.3; the national list by the same formula)."""

    rating: int | None = Field(description="the player's rating before the event (null: unrated)")
    k: int | None = Field(description="the development coefficient (B.02 8.3.3, K x games <= 700); null: unrated "
                                      "or no rated game")
    games: int = Field(description="games against rated opponents (those the calculation counts)")
    score: str = Field(description="the points of those games, exact")
    expected: str | None = Field(description="the sum of the expected scores (table 8.1.2, the 400-point rule)")
    change: str | None = Field(description="K x (score - expected), exact; null for an unrated player")
    performance: int | None = Field(description="a rated player: the opponents' average + dp (table 8.1.1); an "
                                                "unrated player: the first rating this event gives (8.2, Ru)")
    opponents_average: int | None
    games_needed: int | None = Field(description="an unrated player: games against rated opponents still needed "
                                                 "for a published first rating (7.1)")


class RatingChangeRead(BaseModel):
    fide: ListChange | None = Field(description="null: the event is not FIDE-rated")
    national: ListChange | None = Field(description="null: the event is not rated for the national list")


class GameRating(BaseModel):
    opponent_rating: int | None
    counted: bool = Field(description="the game counts for this list (a rated opponent)")
    expected: str | None = Field(description="the player's expected score in the game (a rated player)")


class GameRatings(BaseModel):
    fide: GameRating | None
    national: GameRating | None


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
    rating: GameRatings | None = Field(default=None, description="the game in the rating calculation (a game "
                                                                 "played over the board in a completed round)")


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
    rating_change: RatingChangeRead = Field(description="the event's rating change and performance, FIDE and "
                                                        "national, over the completed rounds")
    rating_rules: dict[str, str] = Field(description="the text each list is computed by (fide, national) and the "
                                                     "first day of the FIDE text applied (fide_from)")
    next: NextGameRead | None = Field(description="the player's game in the round published or in progress, "
                                                  "while it has no result")


class BoardStatsPlayer(BoardLine):
    player: PlayerRef
    team: TeamRef
    roster_board: int | None
    boards: list[BoardLine]
    rating_change: RatingChangeRead


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
