"""Results: one board's result, a match forfeited as a whole (R-7.3), and the lost-update check on a match.

The three ways in (a board, a whole match, an all-or-nothing batch with its Idempotency-Key) share one test of
what changes an entered result (:func:`overwrites`, :func:`forfeit_overwrites`) and one lost-update check
(:func:`check_if_match`). Every function here works inside the caller's transaction and never commits.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import BoardGame, IdempotencyRecord, Match, Round, Team, Tournament
from app.operations import audit
from app.operations.boards import auto_forfeit
from app.operations.reads.rounds import match_boards_of, match_read, prefetch
from app.operations.repository import load_tournament, rules_of, select_many
from app.operations.rounds import get_round, has_entered_results, match_boards, match_etag, round_matches
from app.operations.tracking import answered
from app.schemas.rounds import BatchOutcome, BatchResults, MatchRead
from app.services.errors import (
    InvalidInput,
    NotFound,
    PreconditionFailed,
    PreconditionRequired,
    StateConflict,
    Text,
)
from app.services.lifecycle import COMPLETED, ENTER_RESULT
from app.services.tournament import FORFEIT_SIDES, normalise_result


def mark_started(rnd: Round) -> None:
    if ENTER_RESULT.allows(rnd.state) and rnd.state != ENTER_RESULT.target:  # the first result
        rnd.state = ENTER_RESULT.target


def check_results_open(rnd: Round) -> None:
    if ENTER_RESULT.allows(rnd.state):
        return
    if rnd.state == COMPLETED:
        raise StateConflict(None, "round {number} is completed: reopen it to change a result",
                            params={"number": rnd.number})
    raise StateConflict("C.04.2 1.4", "round {number} is not published yet: publish the pairing first",
                        params={"number": rnd.number})


def check_if_match(match: Match, if_match: str | None, changing: bool) -> None:
    """Changing an entered result needs the match's current ETag (lost-update protection).

    ``If-Match: *`` names no version: it would let a client that never read the match overwrite a result entered
    since, so it counts as no If-Match at all (it enters what is empty, and changes nothing entered)."""
    if not changing:
        return
    tags = {x.strip() for x in if_match.split(",")} - {"*"} if if_match is not None else set()
    etag = match_etag(match)
    if not tags:
        star = Text("If-Match: * does not say which version you read; ") if if_match is not None else ""
        raise PreconditionRequired(None, "table {table_no} already has a result; {star}send If-Match with the "
                                   "match's ETag to change it",
                                   params={"table_no": match.table_no, "star": star}, table=match.table_no, etag=etag)
    if etag not in tags and etag.removeprefix("W/") not in tags:
        raise PreconditionFailed(None, "table {table_no} changed since it was read",
                                 params={"table_no": match.table_no},
                                 table=match.table_no, etag=etag)


def overwrites(board: BoardGame, code: str | None) -> bool:
    """Whether setting ``code`` changes a result entered on the board: the result of a board with an empty seat
    is its automatic forfeit (R-4.5), which nobody entered."""
    return (board.result is not None and board.result != code
            and board.first_player_id is not None and board.second_player_id is not None)


def forfeit_overwrites(session: Session, match: Match, side: str | None) -> bool:
    """Whether forfeiting the match as a whole (R-7.3), or clearing its forfeit, changes a result entered on it."""
    return match.forfeit != side and has_entered_results(session, match)


def set_board_result(session: Session, t: Tournament, rnd: Round, match: Match, board_no: int, result: str | None,
                     principal: Principal | None, if_match: str | None, *, ended_at: datetime | None = None,
                     arbiter: bool = True, loaded: BoardGame | None = None, checked: bool = False) -> bool:
    """Set one board's result; returns whether anything changed. ``loaded``: the board, if the caller has it;
    ``checked``: the caller made the lost-update check of the whole request (:func:`_check_changes`)."""
    if match.second_team_id is None:
        raise StateConflict("R-7.5", "the pairing-allocated bye has no boards")
    if match.forfeit is not None:
        raise StateConflict("R-7.3", "table {table_no} was forfeited as a whole; clear the forfeit first",
                            params={"table_no": match.table_no})
    code = normalise_result(result) if result is not None else None
    board = loaded if loaded is not None and loaded.match_id == match.id and loaded.board == board_no else None
    if board is None:
        with session.no_autoflush:  # a batch flushes its boards once, at the end
            board = session.exec(select(BoardGame).where(BoardGame.match_id == match.id,
                                                         BoardGame.board == board_no)).first()
    if board is None:
        raise NotFound(None, "table {table_no} has no board {board_no}",
                       params={"table_no": match.table_no, "board_no": board_no})
    if code is not None and (board.first_player_id is None or board.second_player_id is None):
        expected = auto_forfeit(board.first_player_id, board.second_player_id, board.first_white)
        if code != expected:
            raise InvalidInput("R-4.5", "board {board_no} of table {table_no} has an empty seat: its result is "
                               "{expected}",
                               params={"board_no": board_no, "table_no": match.table_no, "expected": expected})
    if board.result == code:
        return False
    changing = overwrites(board, code)
    if changing and not arbiter:
        raise StateConflict(None, "only an arbiter may change an entered result")
    if not checked:
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
                      principal: Principal | None, if_match: str | None, *, checked: bool = False) -> bool:
    """A team did not show up (R-7.3): the other scores 2 MP and ``forfeit_win_gp``; the absent is expelled (R-7.4)."""
    if match.second_team_id is None:
        raise StateConflict("R-7.5", "the pairing-allocated bye cannot be forfeited")
    if side is not None and side not in FORFEIT_SIDES:
        raise InvalidInput("R-7.3", "forfeit names the absent side: first, second or both (not {side!r})",
                           params={"side": side})
    new = side
    if match.forfeit == new:
        return False
    if not checked:
        check_if_match(match, if_match, forfeit_overwrites(session, match, new))
    before = {"forfeit": match.forfeit}
    match.forfeit = new
    match.version += 1
    session.add(match)
    mark_started(rnd)
    session.add(rnd)
    audit.record(session, principal, "forfeit", "match", match.id, tournament_id=t.id, before=before,
                 after={"forfeit": new, "round": rnd.number, "table": match.table_no})
    if new is not None:
        expel_forfeiters(session, t, rnd, match, principal)
    return True


def expel_forfeiters(session: Session, t: Tournament, rnd: Round, match: Match, principal: Principal | None) -> None:
    """R-7.4: the team (or teams) that lost ``match`` by forfeit is expelled, when the rules say so (an organiser
    may reinstate it)."""
    if match.forfeit is None or not rules_of(t).expel_on_forfeit_loss:
        return
    sides = {"first": (True, False), "second": (False, True), "both": (True, True)}[match.forfeit]
    absent = [team_id for team_id, out in zip((match.first_team_id, match.second_team_id), sides, strict=True) if out]
    for team_id in absent:
        team = session.get(Team, team_id) if team_id is not None else None
        if team is not None and team.status == "entered":
            tb = audit.snapshot(team)
            team.status = "expelled"
            session.add(team)
            audit.record(session, principal, "expel", "team", team.id, tournament_id=t.id, before=tb, after=team,
                         reason=f"R-7.4: lost round {rnd.number} by forfeit")


def round_complete(session: Session, rnd: Round) -> list[int]:
    """Tables without a full result."""
    played = [m for m in round_matches(session, rnd) if m.second_team_id is not None and m.forfeit is None]
    results: dict[int, list[str | None]] = {m.id or 0: [] for m in played}
    if played:  # every board's result in one statement, not one per match
        for match_id, result in session.exec(select(BoardGame.match_id, BoardGame.result).where(
                col(BoardGame.match_id).in_(list(results)))).all():
            results[match_id].append(result)
    return [m.table_no for m in played if not results[m.id or 0] or None in results[m.id or 0]]


# --- entering results: one board, one match, a batch ----------------------------------------------------------


@dataclass(frozen=True)
class _Change:
    """One change a request asks of a match: a board's result, or (``board`` None) the match's forfeit."""

    board: int | None
    result: str | None = None
    forfeit: str | None = None


@dataclass(frozen=True)
class BatchAnswer:
    """A batch's answer (:class:`BatchOutcome` as JSON), or the first answer to its Idempotency-Key replayed."""

    body: dict[str, Any]
    status_code: int = 200
    replayed: bool = False


def _open_round(session: Session, tournament_id: int, number: int) -> tuple[Tournament, Round]:
    t = load_tournament(session, tournament_id, for_update=True)  # serialises writers: no lost update
    rnd = get_round(session, tournament_id, number)
    check_results_open(rnd)
    return t, rnd


def _match(session: Session, rnd: Round, match_id: int) -> Match:
    m = session.get(Match, match_id)
    if m is None or m.round_id != rnd.id:
        raise NotFound(None, "round {number} has no match {match_id}",
                       params={"number": rnd.number, "match_id": match_id})
    return m


def _teams(session: Session, t: Tournament) -> dict[int, Any]:
    """What a match answer shows of every team (:func:`team_ref`), as rows."""
    return {r[0]: r for r in session.exec(select_many(Team.id, Team.name, Team.tpn).where(Team.tournament_id == t.id))}


def _answer(session: Session, t: Tournament, rnd: Round, m: Match) -> MatchRead:
    session.flush()
    read = match_read(session, t, rnd, m, _teams(session, t))
    answered(session, [read])  # the commit's event sends this one rather than build it again
    return read


def _check_changes(session: Session, match: Match, boards: Mapping[int, BoardGame], changes: Sequence[_Change],
                   if_match: str | None) -> None:
    """The lost-update check of a request's changes to a match, once, against the match as it was before them
    (each change moves its ETag on)."""
    changing = False
    for c in changes:
        if c.board is None:
            changing |= forfeit_overwrites(session, match, c.forfeit)
        else:
            b = boards.get(c.board)
            if b is None:
                raise NotFound(None, "table {table_no} has no board {board}",
                               params={"table_no": match.table_no, "board": c.board}, table=match.table_no)
            changing |= overwrites(b, normalise_result(c.result) if c.result is not None else None)
    check_if_match(match, if_match, changing)


def _apply(session: Session, t: Tournament, rnd: Round, match: Match, boards: Mapping[int, BoardGame],
           changes: Sequence[_Change], principal: Principal) -> int:
    """Make the changes :func:`_check_changes` let through; how many of them changed something."""
    changed = 0
    for c in changes:
        if c.board is None:
            changed += set_match_forfeit(session, t, rnd, match, c.forfeit, principal, None, checked=True)
        else:
            changed += set_board_result(session, t, rnd, match, c.board, c.result, principal, None,
                                        loaded=boards.get(c.board), checked=True)
    return changed


def enter_board_result(session: Session, tournament_id: int, number: int, match_id: int, board: int,
                       result: str | None, principal: Principal, if_match: str | None, *,
                       ended_at: datetime | None = None) -> MatchRead:
    """One board's result in a published round (None clears it); the match as it now is."""
    t, rnd = _open_round(session, tournament_id, number)
    m = _match(session, rnd, match_id)
    set_board_result(session, t, rnd, m, board, result, principal, if_match, ended_at=ended_at)
    return _answer(session, t, rnd, m)


def enter_match_result(session: Session, tournament_id: int, number: int, match_id: int,
                       results: Sequence[str | None] | None, forfeit: str | None, principal: Principal,
                       if_match: str | None) -> MatchRead:
    """A whole match: every board's result in board order, or a forfeit naming the absent side (R-7.3)."""
    t, rnd = _open_round(session, tournament_id, number)
    m = _match(session, rnd, match_id)
    if (results is None) == (forfeit is None):
        raise InvalidInput("R-7.3", "give either the board results or a match-level forfeit")
    if forfeit is not None:
        set_match_forfeit(session, t, rnd, m, forfeit, principal, if_match)
        return _answer(session, t, rnd, m)
    assert results is not None
    loaded = match_boards(session, m)
    if len(results) != len(loaded):
        raise InvalidInput("R-7.2", "the match has {n_loaded} boards; {n_results} results given",
                           params={"n_loaded": len(loaded), "n_results": len(results)})
    boards = {b.board: b for b in loaded}
    # every board's result replaces a forfeit of the whole match
    changes = [_Change(None)] if m.forfeit is not None else []
    changes += [_Change(b.board, result=r) for b, r in zip(loaded, results, strict=True)]
    _check_changes(session, m, boards, changes, if_match)
    _apply(session, t, rnd, m, boards, changes, principal)
    return _answer(session, t, rnd, m)


def caller_of(principal: Principal) -> str:
    """Whose Idempotency-Key it is: the user's, and for an API token that token's (each script its own keys)."""
    if principal.token_id is not None:
        return f"user {principal.user_id} token {principal.token_id}"
    return f"user {principal.user_id}"


def _digest(body: BatchResults) -> str:
    return hashlib.sha256(json.dumps(body.model_dump(mode="json"), sort_keys=True).encode()).hexdigest()


def enter_batch(session: Session, tournament_id: int, number: int, body: BatchResults, principal: Principal,
                idempotency_key: str | None) -> BatchAnswer:
    """Many results at once, all or nothing: one refused item refuses the batch. The same Idempotency-Key from
    the same caller (:func:`caller_of`) with the same body replays the first answer; with another body it is
    refused. Another caller's key is no concern of this one: their request is worked out for them."""
    t = load_tournament(session, tournament_id, for_update=True)  # serialises writers: no lost update
    digest = _digest(body)
    # the request a key answers, spelled as the records have always stored it
    endpoint = f"POST /tournaments/{tournament_id}/rounds/{number}/results"
    caller = caller_of(principal)
    if idempotency_key:
        rec = session.exec(select(IdempotencyRecord).where(IdempotencyRecord.tournament_id == tournament_id,
                                                           IdempotencyRecord.caller == caller,
                                                           IdempotencyRecord.key == idempotency_key)).first()
        if rec is not None:
            if rec.request_hash != digest or rec.endpoint != endpoint:
                raise InvalidInput(None, "this Idempotency-Key was used for a different request")
            return BatchAnswer(rec.response, rec.status_code, replayed=True)
    rnd = get_round(session, tournament_id, number)
    check_results_open(rnd)
    matches = {m.table_no: m for m in session.exec(select(Match).where(Match.round_id == rnd.id)).all()}
    by_table: dict[int, list[_Change]] = {}
    if_match: dict[int, str] = {}  # a match's first item that names its ETag
    for item in body.results:
        if item.table not in matches:
            raise NotFound(None, "round {number} has no table {table}",
                           params={"number": number, "table": item.table}, table=item.table)
        if (item.forfeit is None) == (item.board is None):
            raise InvalidInput("R-7.3", "table {table}: give a board with a result, or a forfeit",
                               params={"table": item.table},
                               table=item.table)
        by_table.setdefault(item.table, []).append(_Change(item.board, item.result, item.forfeit))
        if item.if_match:
            if_match.setdefault(item.table, item.if_match)
    loaded = match_boards_of(session, [matches[table] for table in by_table])  # one statement, not one a match
    boards_of = {table: {b.board: b for b in loaded[matches[table].id or 0]} for table in by_table}
    for table, changes in by_table.items():  # every match is checked before anything changes
        _check_changes(session, matches[table], boards_of[table], changes, if_match.get(table))
    changed = sum(_apply(session, t, rnd, matches[table], boards_of[table], changes, principal)
                  for table, changes in by_table.items())
    teams = _teams(session, t)
    touched = [matches[tb] for tb in sorted(by_table)]
    boards_by, players = prefetch(session, touched)
    rules = rules_of(t)
    out = BatchOutcome(round=number, changed=changed, unchanged=len(body.results) - changed,
                       matches=[match_read(session, t, rnd, m, teams, players, boards_by[m.id or 0], rules)
                                for m in touched])
    answered(session, out.matches)
    payload = out.model_dump(mode="json")
    if idempotency_key:
        session.add(IdempotencyRecord(tournament_id=tournament_id, key=idempotency_key, caller=caller,
                                      user_id=principal.user_id, endpoint=endpoint, request_hash=digest,
                                      status_code=200, response=payload))
    return BatchAnswer(payload)
