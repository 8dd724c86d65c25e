"""Round operations on the database: pairing, boards from lineups, results, forfeits, state changes.

Routers and the demo loader call these; the rules themselves (pairing, scoring,
lineup checks) stay in ``app.services``. Every function here works inside the
caller's transaction and never commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session, col, delete, select

from app.auth.principal import Principal
from app.models import BoardGame, Club, Lineup, Match, Player, Round, Team, Tournament
from app.operations import audit
from app.operations.repository import (
    ROUND_BY_NUMBER,
    eligibility,
    load_domain,
    roster_in_board_order,
    rosters,
    rules_of,
    to_player,
)
from app.services.board_order import board_order
from app.services.errors import InvalidInput, NotFound, PreconditionFailed, PreconditionRequired, StateConflict
from app.services.lifecycle import (
    CHANGE_PAIRING,
    COMPLETE,
    COMPLETED,
    ENTER_RESULT,
    MARK_ABSENT,
    PAIR,
    PAIRED_STATES,
    PENDING,
    PUBLISH,
    REOPEN,
    STARTED_STATES,
)
from app.services.lineups import base_lineup, lineup_problems
from app.services.pairing import pair_tournament_round
from app.services.rules import Rules, rules_from_dict, rules_to_dict
from app.services.tournament import normalise_result


def get_round(session: Session, tournament_id: int, number: int) -> Round:
    r = session.exec(ROUND_BY_NUMBER, params={"tid": tournament_id, "n": number}).first()
    if r is None:
        raise NotFound(None, f"the tournament has no round {number}")
    return r


def round_matches(session: Session, rnd: Round) -> list[Match]:
    return list(session.exec(select(Match).where(Match.round_id == rnd.id).order_by(Match.table_no)).all())


def match_boards(session: Session, match: Match) -> list[BoardGame]:
    return list(session.exec(select(BoardGame).where(BoardGame.match_id == match.id).order_by(BoardGame.board)).all())


def match_etag(match: Match) -> str:
    return f'W/"match-{match.id}-v{match.version}"'


# --- lineups -> boards ---------------------------------------------------------------------------------


def team_lineup(session: Session, t: Tournament, team: Team, number: int) -> tuple[list[int], bool]:
    """Player ids on boards 1.. for the round: the submitted lineup, else the base lineup (R-3.1)."""
    lu = session.exec(select(Lineup).where(Lineup.tournament_id == t.id, Lineup.round_number == number,
                                           Lineup.team_id == team.id)).first()
    if lu is not None:
        return list(lu.player_ids), True
    roster = [to_player(p) for p in roster_in_board_order(session, team)]
    return [p.id for p in base_lineup(rules_of(t), roster)], False


def round_lineups(session: Session, t: Tournament, number: int) -> tuple[dict[int, list[int]], set[int]]:
    """Every team's player ids on boards 1.. for the round (as :func:`team_lineup`), and the teams that
    submitted theirs: one query, and one more for the rosters when a team has submitted none."""
    submitted = {lu.team_id: list(lu.player_ids) for lu in session.exec(
        select(Lineup).where(Lineup.tournament_id == t.id, Lineup.round_number == number)).all()}
    teams = session.exec(select(Team.id).where(Team.tournament_id == t.id, Team.status == "entered")).all()
    out = dict(submitted)
    if any(tid not in submitted for tid in teams):
        rules = rules_of(t)
        for team_id, players in rosters(session, t.id or 0).items():
            if team_id not in out:
                out[team_id] = [p.id for p in base_lineup(rules, board_order([to_player(p) for p in players]))]
    return out, set(submitted)


def base_lineup_warnings(session: Session, t: Tournament, teams: Sequence[Team], number: int,
                         lineups: tuple[dict[int, list[int]], set[int]] | None = None) -> list[str]:
    """What the arbiter is told before pairing: teams without a lineup whose base lineup is not valid."""
    rules = rules_of(t)
    on = t.start_date or date.today()
    ids_of, submitted = lineups or round_lineups(session, t, number)
    if all(team.id in submitted for team in teams):
        return []
    by_team = rosters(session, t.id or 0)
    out = []
    for team in teams:
        if team.id in submitted:
            continue
        roster = board_order([to_player(p) for p in by_team.get(team.id or 0, [])])
        check = eligibility(rules, session.get(Club, team.club_id), on)
        for e in lineup_problems(rules, roster, ids_of.get(team.id or 0, []), None, False, check):
            out.append(f"{team.name}: no lineup submitted and the base lineup is not valid: {e.rule}: {e.detail}")
    return out


def auto_forfeit(first: int | None, second: int | None, first_white: bool) -> str | None:
    """R-4.5: an empty board is lost by forfeit; both empty is a double forfeit."""
    if first is not None and second is not None:
        return None
    if first is None and second is None:
        return "-/-"
    first_wins = first is not None
    white_wins = first_wins == first_white
    return "+/-" if white_wins else "-/+"


def build_boards(session: Session, t: Tournament, rules: Rules, match: Match, number: int) -> None:
    """(Re)create the board games of a match from both teams' lineups (R-3.3 order, R-4.5 empty boards)."""
    session.exec(delete(BoardGame).where(col(BoardGame.match_id) == match.id))  # type: ignore[call-overload]
    if match.second_team_id is None:
        return
    first = session.get(Team, match.first_team_id)
    second = session.get(Team, match.second_team_id)
    assert first is not None and second is not None
    a, _ = team_lineup(session, t, first, number)
    b, _ = team_lineup(session, t, second, number)
    session.add_all(new_boards(rules, match, a, b))


def new_boards(rules: Rules, match: Match, a: list[int], b: list[int]) -> list[BoardGame]:
    """The board games of a new match between lineups ``a`` (first team) and ``b``."""
    return [BoardGame(**row) for row in board_rows(rules, match, a, b)]


def board_rows(rules: Rules, match: Match, a: list[int], b: list[int]) -> list[dict[str, Any]]:
    """:func:`new_boards` as the rows to insert."""
    pattern = rules.pairing.board_colour_pattern
    out = []
    for i in range(rules.boards):
        fp = a[i] if i < len(a) else None
        sp = b[i] if i < len(b) else None
        fw = pattern[i] == "W"
        out.append({"match_id": match.id or 0, "board": i + 1, "first_player_id": fp, "second_player_id": sp,
                    "first_white": fw, "result": auto_forfeit(fp, sp, fw), "ended_at": None})
    return out


def store_matches(session: Session, t: Tournament, rules: Rules, rnd: Round,
                  tables: list[tuple[int, int, int | None]],
                  lineups: tuple[dict[int, list[int]], set[int]] | None = None) -> None:
    """Store a round's matches, (table, first team, second team or None for the PAB), with their boards."""
    ids_of, _ = lineups or round_lineups(session, t, rnd.number)
    matches = [Match(round_id=rnd.id or 0, table_no=table, first_team_id=a, second_team_id=b)
               for table, a, b in tables]
    session.add_all(matches)
    session.flush()
    # the boards in one INSERT of rows (an ORM flush inserts them one statement each, to learn their ids): nothing
    # reads them back as objects, and the new matches already told the round's change (its version, its event)
    rows = [row for m in matches if m.second_team_id is not None
            for row in board_rows(rules, m, ids_of.get(m.first_team_id, []), ids_of.get(m.second_team_id, []))]
    if rows:
        session.connection().execute(insert(BoardGame.__table__), rows)  # type: ignore[attr-defined]


def has_entered_results(session: Session, match: Match) -> bool:
    if match.forfeit is not None:
        return True
    return any(b.result is not None and b.first_player_id is not None and b.second_player_id is not None
               for b in match_boards(session, match))


def lineup_changed(session: Session, t: Tournament, rnd: Round, team: Team) -> None:
    """A lineup changed after pairing: refresh the boards of the team's match while no result is in."""
    if rnd.state not in PAIRED_STATES or rnd.state in STARTED_STATES:
        return
    for m in round_matches(session, rnd):
        if team.id in (m.first_team_id, m.second_team_id) and not has_entered_results(session, m):
            build_boards(session, t, rules_of(t), m, rnd.number)
            m.version += 1
            session.add(m)


# --- pairing -------------------------------------------------------------------------------------------


def check_can_pair(session: Session, t: Tournament, rnd: Round) -> None:
    if not PAIR.allows(rnd.state):
        raise StateConflict("C.04.2 1.4", f"round {rnd.number} is {rnd.state.replace('_', ' ')}: "
                            "a published pairing is frozen")
    if rnd.number > 1:
        prev = get_round(session, t.id or 0, rnd.number - 1)
        if prev.state != COMPLETED:
            raise StateConflict("R-14.2", f"round {rnd.number - 1} is not completed ({prev.state.replace('_', ' ')}); "
                                f"round {rnd.number} can be paired only after it")
    rules = rules_of(t)
    if rnd.number == 1 and rules.committee_required:
        from app.models import CommitteeMember

        if session.exec(select(CommitteeMember).where(CommitteeMember.tournament_id == t.id)).first() is None:
            raise StateConflict("R-14.4", "the appeals committee must be named before round 1 is paired "
                                "(PUT /tournaments/{t}/committee)")
    if rnd.number > 1:
        from app.models import Appeal

        open_appeal = session.exec(select(Appeal).where(Appeal.tournament_id == t.id, Appeal.status == "open",
                                                        Appeal.round_number == rnd.number - 1)).first()
        if open_appeal is not None:
            raise StateConflict("R-14.2", f"appeal {open_appeal.id} on round {rnd.number - 1} is still open: it must "
                                f"be decided before round {rnd.number} is paired", appeal_id=open_appeal.id)
    if t.tpns_locked_at is None:
        raise StateConflict("C.04.6 1.1", "the initial ranking is not locked: lock it (POST .../ranking/lock) "
                            "to give the teams their pairing numbers")


def pair(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> dict[str, Any]:
    """Run the C.04.6 engine on the database state and store the round's matches and boards."""
    check_can_pair(session, t, rnd)
    rules = rules_of(t)
    teams = list(session.exec(select(Team).where(Team.tournament_id == t.id, Team.status == "entered")).all())
    unnumbered = [tm.name for tm in teams if tm.tpn is None]
    if unnumbered:
        raise StateConflict("C.04.6 1.1", f"teams without a pairing number: {', '.join(unnumbered)}; "
                            "re-lock the ranking")
    present = [tm for tm in teams if (tm.id or 0) not in set(rnd.absent_team_ids)]
    if len(present) < 2:
        raise StateConflict("C.04.6 3", "fewer than two teams to pair")
    dom = load_domain(session, t, rules=rules)
    dom = _before_round(dom, rnd.number)
    pairing = pair_tournament_round(dom, rnd.number, frozenset(rnd.absent_team_ids))
    old = round_matches(session, rnd)
    before = [{"table": m.table_no, "first": m.first_team_id, "second": m.second_team_id} for m in old]
    _clear_matches(session, old)
    lineups = round_lineups(session, t, rnd.number)
    store_matches(session, t, rules, rnd, [(pm.table, pm.first, pm.second) for pm in pairing.matches], lineups)
    warnings = base_lineup_warnings(session, t, present, rnd.number, lineups)
    rnd.state = PAIR.target
    rnd.manual = False
    rnd.explanation = pairing.explanation.to_dict() | {"lines": pairing.explanation.lines(), "warnings": warnings}
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, "repair" if old else "pair", "round", rnd.number, tournament_id=t.id,
                 before={"matches": before} if old else None,
                 after={"matches": [{"table": m.table, "first": m.first, "second": m.second} for m in pairing.matches]})
    return {"explanation": rnd.explanation, "warnings": warnings}


def _before_round(dom: Any, number: int) -> Any:
    return dom.with_rounds(range(1, number))


def _clear_matches(session: Session, matches: Sequence[Match]) -> None:
    ids = [m.id for m in matches]
    if ids:
        session.exec(delete(BoardGame).where(col(BoardGame.match_id).in_(ids)))  # type: ignore[call-overload]
        session.exec(delete(Match).where(col(Match.id).in_(ids)))  # type: ignore[call-overload]
        session.flush()


def renumber_and_store(session: Session, t: Tournament, rnd: Round, pairs: list[tuple[int, int | None]]) -> None:
    """Store a hand-changed pairing: ``pairs`` in board order (first = White on board 1), PAB last."""
    _clear_matches(session, round_matches(session, rnd))
    store_matches(session, t, rules_of(t), rnd, [(table, a, b) for table, (a, b) in enumerate(pairs, start=1)])


# --- results -------------------------------------------------------------------------------------------


def mark_started(rnd: Round) -> None:
    if ENTER_RESULT.allows(rnd.state) and rnd.state != ENTER_RESULT.target:  # the first result
        rnd.state = ENTER_RESULT.target


def check_results_open(rnd: Round) -> None:
    if ENTER_RESULT.allows(rnd.state):
        return
    if rnd.state == COMPLETED:
        raise StateConflict(None, f"round {rnd.number} is completed: reopen it to change a result")
    raise StateConflict("C.04.2 1.4", f"round {rnd.number} is not published yet: publish the pairing first")


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


FORFEIT_SIDES = ("first", "second", "both")


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


def player_map(session: Session, ids: set[int]) -> dict[int, Player]:
    if not ids:
        return {}
    return {p.id or 0: p for p in session.exec(select(Player).where(col(Player.id).in_(ids))).all()}


# --- the round's life: absences, hand changes, publish, complete, reopen ------------------------------------


def set_absent(session: Session, t: Tournament, rnd: Round, team_id: int, absent: bool, principal: Principal | None,
               reason: str = "") -> None:
    """Mark a team absent (not paired; a zero-point unplayed round) or present again, before pairing."""
    if not MARK_ABSENT.allows(rnd.state):
        raise StateConflict("C.04.2 1.4", f"round {rnd.number} is already paired; re-pairing would be needed: "
                            "mark absences before pairing")
    team = session.get(Team, team_id)
    if team is None or team.tournament_id != t.id:
        raise NotFound(None, f"no team {team_id} in this tournament")
    before = list(rnd.absent_team_ids)
    ids = set(rnd.absent_team_ids)
    (ids.add if absent else ids.discard)(team_id)
    rnd.absent_team_ids = sorted(ids)
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, "absent", "round", rnd.number, tournament_id=t.id,
                 before={"absent": before}, after={"absent": rnd.absent_team_ids}, reason=reason)


def _pairs(session: Session, rnd: Round) -> list[tuple[int, int | None]]:
    return [(m.first_team_id, m.second_team_id) for m in round_matches(session, rnd)]


def change_pairing(session: Session, t: Tournament, rnd: Round, action: str, team_a: int, team_b: int | None,
                   principal: Principal | None, reason: str) -> None:
    """A hand change before publishing (C.04.2 1.4): swap, pab, forbid (re-pairs) or colours; audited, manual."""
    if not CHANGE_PAIRING.allows(rnd.state):
        raise StateConflict("C.04.2 1.4", f"round {rnd.number} is {rnd.state}: only a paired, unpublished round "
                            "can be changed by hand")
    pairs = _pairs(session, rnd)
    before = {"matches": [list(p) for p in pairs]}
    where = {team: (i, side) for i, p in enumerate(pairs) for side, team in enumerate(p) if team is not None}
    if team_a not in where:
        raise InvalidInput(None, f"team {team_a} is not in this round's pairing")
    if action == "forbid":
        if team_b is None:
            raise InvalidInput(None, "forbid names two teams")
        a, b = session.get(Team, team_a), session.get(Team, team_b)
        if not a or not b or a.tournament_id != t.id or b.tournament_id != t.id or a.tpn is None or b.tpn is None:
            raise InvalidInput(None, "both teams need pairing numbers in this tournament")
        rules = rules_of(t)
        fp = tuple(sorted({*rules.pairing.forbidden_pairs, tuple(sorted((a.tpn, b.tpn)))}))
        new_rules = rules_from_dict({"pairing": {"forbidden_pairs": [list(x) for x in fp]}}, rules)
        t.rules = rules_to_dict(new_rules)
        session.add(t)
        session.flush()
        pair(session, t, rnd, principal)
    else:
        rows = [list(p) for p in pairs]
        if action == "swap":
            if team_b is None or team_b not in where:
                raise InvalidInput(None, "swap names two teams of this round")
            (i, si), (j, sj) = where[team_a], where[team_b]
            rows[i][si], rows[j][sj] = rows[j][sj], rows[i][si]
            if any(r[0] == r[1] for r in rows):
                raise InvalidInput(None, "a team cannot play itself")
        elif action == "pab":
            bye = next((k for k, p in enumerate(pairs) if p[1] is None), None)
            if bye is None:
                raise StateConflict("C.04.6 3.4", "this round has no pairing-allocated bye")
            i, si = where[team_a]
            rows[i][si], rows[bye][0] = rows[bye][0], rows[i][si]
        else:  # colours
            i, _ = where[team_a]
            if rows[i][1] is None:
                raise InvalidInput(None, "the bye has no colours")
            rows[i] = [rows[i][1], rows[i][0]]
        real = [r for r in rows if r[1] is not None]
        byes = [r for r in rows if r[1] is None]
        renumber_and_store(session, t, rnd, [(r[0], r[1]) for r in real + byes])
        rnd.manual = True
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, f"manual-{action}", "round", rnd.number, tournament_id=t.id,
                 before=before, after={"matches": [list(p) for p in _pairs(session, rnd)]}, reason=reason)


def _transition(session: Session, t: Tournament, rnd: Round, principal: Principal | None, to: str) -> None:
    before = {"state": rnd.state}
    rnd.state = to
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, to, "round", rnd.number, tournament_id=t.id, before=before,
                 after={"state": to})


def publish(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> None:
    """paired -> published: the pairing is public and frozen."""
    if not PUBLISH.allows(rnd.state):
        raise StateConflict("C.04.2 1.4", f"round {rnd.number} is {rnd.state}: only a paired round can be "
                            "published")
    _transition(session, t, rnd, principal, PUBLISH.target)


def complete(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> None:
    """published / in progress -> completed, once every match has a full result (R-7.2)."""
    if not COMPLETE.allows(rnd.state):
        raise StateConflict(None, f"round {rnd.number} is {rnd.state.replace('_', ' ')}: only a published round "
                            "in play can be completed")
    missing = round_complete(session, rnd)
    if missing:
        raise StateConflict("R-7.2", f"tables without a full result: {', '.join(map(str, missing))}",
                            tables=missing)
    _transition(session, t, rnd, principal, COMPLETE.target)


def reopen(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> None:
    """completed -> in progress, to correct a result, while the next round is still unpaired."""
    if not REOPEN.allows(rnd.state):
        raise StateConflict(None, f"round {rnd.number} is not completed")
    nxt = session.exec(select(Round).where(Round.tournament_id == t.id, Round.number == rnd.number + 1)).first()
    if nxt is not None and nxt.state != PENDING:
        raise StateConflict("C.04.2 1.4", f"round {rnd.number + 1} is already paired from these results; "
                            "a change now would not change that pairing")
    _transition(session, t, rnd, principal, REOPEN.target)
