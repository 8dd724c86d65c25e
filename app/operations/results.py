"""Results: one board's result, a match forfeited as a whole (R-7.3), and the lost-update check on a match.

Every function here works inside the caller's transaction and never commits.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import BoardGame, Match, Round, Team, Tournament
from app.operations import audit
from app.operations.boards import auto_forfeit
from app.operations.repository import rules_of
from app.operations.rounds import has_entered_results, match_etag, round_matches
from app.services.errors import InvalidInput, NotFound, PreconditionFailed, PreconditionRequired, StateConflict
from app.services.tournament import FORFEIT_SIDES, normalise_result


def mark_started(rnd: Round) -> None:
    if rnd.state == "published":
        rnd.state = "in_progress"


def check_results_open(rnd: Round) -> None:
    if rnd.state in ("pending", "paired"):
        raise StateConflict("C.04.2 1.4", f"round {rnd.number} is not published yet: publish the pairing first")
    if rnd.state == "completed":
        raise StateConflict(None, f"round {rnd.number} is completed: reopen it to change a result")


def check_if_match(match: Match, if_match: str | None, changing: bool) -> None:
    """Changing an entered result needs the match's current ETag (lost-update protection)."""
    if not changing:
        return
    if if_match is None:
        raise PreconditionRequired(None, f"table {match.table_no} already has a result; send If-Match "
                                   f"with its ETag to change it", table=match.table_no, etag=match_etag(match))
    tags = {x.strip() for x in if_match.split(",")}
    if "*" not in tags and match_etag(match) not in tags and match_etag(match).removeprefix("W/") not in tags:
        raise PreconditionFailed(None, f"table {match.table_no} changed since it was read",
                                 table=match.table_no, etag=match_etag(match))


def set_board_result(session: Session, t: Tournament, rnd: Round, match: Match, board_no: int, result: str | None,
                     principal: Principal | None, if_match: str | None, *, ended_at: datetime | None = None,
                     arbiter: bool = True, loaded: BoardGame | None = None) -> bool:
    """Set one board's result; returns whether anything changed. ``loaded``: the board, if the caller has it."""
    if match.second_team_id is None:
        raise StateConflict("R-7.5", "the pairing-allocated bye has no boards")
    if match.forfeit is not None:
        raise StateConflict("R-7.3", f"table {match.table_no} was forfeited as a whole; clear the forfeit first")
    code = normalise_result(result) if result is not None else None
    board = loaded if loaded is not None and loaded.match_id == match.id and loaded.board == board_no else None
    if board is None:
        with session.no_autoflush:  # a batch flushes its boards once, at the end
            board = session.exec(select(BoardGame).where(BoardGame.match_id == match.id,
                                                         BoardGame.board == board_no)).first()
    if board is None:
        raise NotFound(None, f"table {match.table_no} has no board {board_no}")
    if code is not None and (board.first_player_id is None or board.second_player_id is None):
        expected = auto_forfeit(board.first_player_id, board.second_player_id, board.first_white)
        if code != expected:
            raise InvalidInput("R-4.5", f"board {board_no} of table {match.table_no} has an empty seat: "
                               f"its result is {expected}")
    if board.result == code:
        return False
    changing = board.result is not None
    if changing and not arbiter:
        raise StateConflict(None, "only an arbiter may change an entered result")
    check_if_match(match, if_match, changing)
    before = {"board": board_no, "result": board.result}
    board.result = code
    board.ended_at = ended_at or (datetime.now(UTC) if code is not None else None)
    session.add(board)
    match.version += 1
    session.add(match)
    mark_started(rnd)
    session.add(rnd)
    audit.record(session, principal, "result", "match", match.id, tournament_id=t.id, before=before,
                 after={"board": board_no, "result": code, "round": rnd.number, "table": match.table_no})
    return True


def set_match_forfeit(session: Session, t: Tournament, rnd: Round, match: Match, side: str | None,
                      principal: Principal | None, if_match: str | None) -> bool:
    """A team did not show up (R-7.3): the other scores 2 MP and ``forfeit_win_gp``; the absent is expelled (R-7.4)."""
    if match.second_team_id is None:
        raise StateConflict("R-7.5", "the pairing-allocated bye cannot be forfeited")
    if side is not None and side not in FORFEIT_SIDES:
        raise InvalidInput("R-7.3", f"forfeit names the absent side: first, second or both (not {side!r})")
    new = side
    if match.forfeit == new:
        return False
    check_if_match(match, if_match, match.forfeit is not None or has_entered_results(session, match))
    before = {"forfeit": match.forfeit}
    match.forfeit = new
    match.version += 1
    session.add(match)
    mark_started(rnd)
    session.add(rnd)
    audit.record(session, principal, "forfeit", "match", match.id, tournament_id=t.id, before=before,
                 after={"forfeit": new, "round": rnd.number, "table": match.table_no})
    rules = rules_of(t)
    if new is not None and rules.expel_on_forfeit_loss:
        absent = {"first": [match.first_team_id], "second": [match.second_team_id],
                  "both": [match.first_team_id, match.second_team_id]}[new]
        for team_id in absent:
            team = session.get(Team, team_id)
            if team is not None and team.status == "entered":
                tb = audit.snapshot(team)
                team.status = "expelled"
                session.add(team)
                audit.record(session, principal, "expel", "team", team.id, tournament_id=t.id, before=tb, after=team,
                             reason=f"R-7.4: lost round {rnd.number} by forfeit")
    return True


def round_complete(session: Session, rnd: Round) -> list[int]:
    """Tables without a full result."""
    played = [m for m in round_matches(session, rnd) if m.second_team_id is not None and m.forfeit is None]
    results: dict[int, list[str | None]] = {m.id or 0: [] for m in played}
    if played:  # every board's result in one statement, not one per match
        for match_id, result in session.exec(select(BoardGame.match_id, BoardGame.result).where(
                col(BoardGame.match_id).in_(list(results)))).all():
            results[match_id].append(result)
    return [m.table_no for m in played if not results[m.id or 0] or None in results[m.id or 0]]
