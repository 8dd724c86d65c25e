"""One player's rounds, as a parent asks for them: "round 5: table 3, board 2, Black against X".

:func:`player_rounds` reads the paired rounds of a :class:`Tournament` (the caller passes only
the rounds the reader may see) and gives, for every round, what the player's team did and what
the player did in it:

- ``played``: a game over the board with a result; ``pending``: the game is on (no result yet);
- ``forfeit_win`` / ``forfeit_loss`` / ``double_forfeit``: a board or the whole match forfeited
  (R-4.5, R-7.3), named as such; the points are the board's (a match-level forfeit has none);
- ``pab``: the team had the pairing-allocated bye (no game for the player);
- ``not_playing``: the team played, the player was not in its lineup (a match forfeited as a
  whole with no boards set names the forfeit, board ``None``);
- ``absent``: the team was not paired (absent, withdrawn, expelled, not yet entered).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from app.services.tournament import RESULT_CODES, Match, Tournament

TYPE_CHECKING = False  # typing is not imported at run time: file commands (the standings' ratings) start faster
if TYPE_CHECKING:
    from typing import Literal


class GameOutcome(StrEnum):
    PLAYED = "played"
    PENDING = "pending"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    PAB = "pab"
    NOT_PLAYING = "not_playing"
    ABSENT = "absent"


@dataclass(frozen=True)
class PlayerRound:
    round: int
    outcome: GameOutcome
    team_id: int | None  # the team the player sat for (or the roster team when not playing)
    table: int | None = None
    board: int | None = None
    colour: Literal["W", "B"] | None = None  # the player's colour on the board
    opponent_id: int | None = None  # the player across the board (None: an empty board)
    opponent_team_id: int | None = None
    result: str | None = None  # the board's result, White's score first
    points: Fraction | None = None  # the player's points on the board (None: no game, or not finished)


def _seat(m: Match, player_id: int) -> tuple[str, int] | None:
    """("first"|"second", board number) where the player sits in ``m``."""
    for b in m.boards:
        if b.first_player == player_id:
            return "first", b.board
        if b.second_player == player_id:
            return "second", b.board
    return None


def _in_match(m: Match, player_id: int, round_no: int) -> PlayerRound | None:
    seat = _seat(m, player_id)
    if seat is None or m.second is None:
        return None
    side, board_no = seat
    b = next(x for x in m.boards if x.board == board_no)
    first = side == "first"
    team = m.first if first else m.second
    opp_team = m.second if first else m.first
    opponent = b.second_player if first else b.first_player
    white = b.first_white == first

    def seated(outcome: GameOutcome, points: Fraction | None = None) -> PlayerRound:
        return PlayerRound(round_no, outcome, team_id=team, table=m.table, board=board_no,
                           colour="W" if white else "B", opponent_id=opponent, opponent_team_id=opp_team,
                           result=b.result, points=points)

    if m.forfeit is not None:
        if m.forfeit == "both":
            outcome = GameOutcome.DOUBLE_FORFEIT
        else:
            outcome = GameOutcome.FORFEIT_LOSS if (m.forfeit == "first") == first else GameOutcome.FORFEIT_WIN
        return seated(outcome)
    pts = b.points()
    if pts is None or b.result is None:
        return seated(GameOutcome.PENDING)
    mine, theirs = pts if first else (pts[1], pts[0])
    if RESULT_CODES[b.result][2]:
        outcome = GameOutcome.PLAYED
    elif mine > theirs:
        outcome = GameOutcome.FORFEIT_WIN
    elif theirs > mine:
        outcome = GameOutcome.FORFEIT_LOSS
    else:
        outcome = GameOutcome.DOUBLE_FORFEIT
    return seated(outcome, mine)


def player_rounds(t: Tournament, player_id: int, team_id: int | None) -> tuple[PlayerRound, ...]:
    """Every paired round of ``t``, from the player's side; ``team_id`` is the player's roster team
    (for the rounds in which the player did not sit at a board)."""
    out = []
    for r in t.completed_rounds():
        found = None
        for m in r.matches:
            found = _in_match(m, player_id, r.number)
            if found is not None:
                break
        if found is None:
            if team_id is None or (own := r.match_of(team_id)) is None:
                found = PlayerRound(r.number, GameOutcome.ABSENT, team_id)
            elif own.second is None:
                found = PlayerRound(r.number, GameOutcome.PAB, team_id, table=own.table)
            else:  # not at a board: the team's match without the player, or forfeited as a whole
                outcome = GameOutcome.NOT_PLAYING
                if own.forfeit == "both":
                    outcome = GameOutcome.DOUBLE_FORFEIT
                elif own.forfeit is not None:
                    absent = own.first if own.forfeit == "first" else own.second
                    outcome = GameOutcome.FORFEIT_LOSS if absent == team_id else GameOutcome.FORFEIT_WIN
                found = PlayerRound(r.number, outcome, team_id, table=own.table,
                                    opponent_team_id=own.opponent(team_id))
        out.append(found)
    return tuple(out)
