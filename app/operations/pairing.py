"""A round's pairing and its life: absences, pairing through the C.04.6 engine, hand changes, publish, complete,
reopen (C.04.2 1.4: a published pairing is frozen).

The rules themselves (pairing, scoring) stay in ``app.services``. Every function here works inside the caller's
transaction and never commits; :func:`pair_round` works in the caller's phases instead (it reads and runs the
engine outside the write lock, then writes what it computed if the tournament is still as it read it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from sqlmodel import Session, col, delete, select

from app.auth.principal import Principal
from app.models import BoardGame, Match, Round, Team, Tournament
from app.operations import audit
from app.operations.boards import TeamLineupProblem, lineup_breaches, round_lineups, store_matches
from app.operations.reads.rounds import round_read
from app.operations.repository import load_domain, load_tournament, rules_of
from app.operations.results import expel_forfeiters, round_complete
from app.operations.rounds import get_round, round_matches
from app.operations.versions import stamp
from app.presentation.messages import translate
from app.schemas.rounds import AppealBlock, Blocker, LineupIssue, RoundRead, RoundReadiness
from app.services import tournament as dom
from app.services.errors import DomainError, InvalidInput, NotFound, RuleViolation, StateConflict, Text
from app.services.lifecycle import (
    CHANGE_PAIRING,
    COMPLETE,
    COMPLETED,
    MARK_ABSENT,
    PAIR,
    PENDING,
    PUBLISH,
    REOPEN,
    STATE_WORDS,
)
from app.services.pairing import Pairing, pair_tournament_round
from app.services.round_robin import ScheduledMatch, explain
from app.services.round_robin import round_matches as round_matches_rr
from app.services.rules import rules_from_dict, rules_to_dict

# --- pairing -------------------------------------------------------------------------------------------


def pairing_blockers(session: Session, t: Tournament, rnd: Round) -> list[DomainError]:
    """Every refusal of the round's pairing that no decision overrides, in the order they are checked."""
    out: list[DomainError] = []
    if not PAIR.allows(rnd.state):
        out.append(StateConflict("C.04.2 1.4", "round {number} is {state}: a published pairing is frozen",
                                 params={"number": rnd.number, "state": STATE_WORDS[rnd.state]}))
    if rnd.number > 1:
        prev = get_round(session, t.id or 0, rnd.number - 1)
        if prev.state != COMPLETED:
            out.append(StateConflict("R-14.2", "round {number} is not completed ({state}); round {number2} can be "
                                     "paired only after it",
                                     params={"number": rnd.number - 1, "state": STATE_WORDS[prev.state],
                                             "number2": rnd.number}))
    rules = rules_of(t)
    if rnd.number == 1 and rules.committee_required:
        from app.models import CommitteeMember

        if session.exec(select(CommitteeMember).where(CommitteeMember.tournament_id == t.id)).first() is None:
            out.append(StateConflict("R-14.4", "the appeals committee must be named before round 1 is paired "
                                     "(PUT /tournaments/{t}/committee)"))
    if rnd.number > 1:
        from app.models import Appeal

        open_appeal = session.exec(select(Appeal).where(Appeal.tournament_id == t.id, Appeal.status == "open",
                                                        Appeal.round_number == rnd.number - 1)).first()
        if open_appeal is not None:
            out.append(StateConflict("R-14.2", "appeal {id} on round {number} is still open: it must be decided "
                                     "before round {number2} is paired",
                                     params={"id": open_appeal.id, "number": rnd.number - 1,
                                             "number2": rnd.number}, appeal_id=open_appeal.id))
    if t.tpns_locked_at is None:
        out.append(StateConflict("C.04.6 1.1", "the initial ranking is not locked: lock it (POST .../ranking/lock) "
                                 "to give the teams their pairing numbers"))
    return out


def check_can_pair(session: Session, t: Tournament, rnd: Round) -> None:
    for problem in pairing_blockers(session, t, rnd):
        raise problem


@dataclass(frozen=True, slots=True)
class PairingInput:
    """What the engine and the stored round need, read from one version of the tournament."""

    domain: dom.Tournament  # the rounds before this one
    absent: frozenset[int]
    lineups: tuple[dict[int, list[int]], set[int]]  # as boards.round_lineups
    decision: dict[str, Any] | None  # the chief arbiter's decision over the lineups' problems (see decide)


def pairing_input(session: Session, t: Tournament, rnd: Round, override: str | None = None) -> PairingInput:
    """Check that the round can be paired and read what its pairing needs (reads only).

    A round in which a team's lineup breaks a rule is refused unless the chief arbiter decides (``override``,
    the decision's reason), or decided so already for these problems (a re-pairing keeps the decision).
    """
    check_can_pair(session, t, rnd)
    present, problems = present_teams(session, t, rnd)
    for problem in problems:
        raise problem
    lineups = round_lineups(session, t, rnd.number)
    decision = decide(lineup_breaches(session, t, present, rnd.number, lineups), override, recorded_decision(rnd),
                      rnd.number, "paired")
    domain = _before_round(load_domain(session, t, rules=rules_of(t)), rnd.number)
    return PairingInput(domain, frozenset(rnd.absent_team_ids), lineups, decision)


def present_teams(session: Session, t: Tournament, rnd: Round) -> tuple[list[Team], list[DomainError]]:
    """The teams to pair in the round (entered, not absent), and why they cannot be paired yet."""
    teams = list(session.exec(select(Team).where(Team.tournament_id == t.id, Team.status == "entered")
                              .order_by(col(Team.tpn))).all())
    out: list[DomainError] = []
    unnumbered = [tm.name for tm in teams if tm.tpn is None]
    if unnumbered:
        out.append(StateConflict("C.04.6 1.1", "teams without a pairing number: {unnumbered}; re-lock the ranking",
                                 params={"unnumbered": ', '.join(unnumbered)}))
    present = [tm for tm in teams if (tm.id or 0) not in set(rnd.absent_team_ids)]
    if len(present) < 2:
        out.append(StateConflict("C.04.6 3", "fewer than two teams to pair"))
    return present, out


def recorded_decision(rnd: Round) -> dict[str, Any] | None:
    """The chief arbiter's decision recorded with the round's pairing, if any."""
    found = (rnd.explanation or {}).get("decision")
    return found if isinstance(found, dict) else None


def decide(problems: list[TeamLineupProblem], override: str | None, recorded: dict[str, Any] | None, number: int,
           acting: str) -> dict[str, Any] | None:
    """The decision a round is paired or published under, or the refusal (R-3.2, R-3.3, R-3.1).

    No problem: no decision is needed. Else the chief arbiter's ``override`` (a reason) decides for every problem
    listed; a decision recorded earlier still holds while it covers every problem (the same teams breaking the
    same rules); a problem it does not cover refuses the round, naming the first team and rule.
    """
    if not problems:
        return None
    listed = [p.to_dict() for p in problems]
    if override:
        return {"reason": override, "problems": listed}
    covered = {(q.get("team_id"), q.get("rule")) for q in (recorded or {}).get("problems", [])}
    if recorded and all((p.team_id, p.error.rule) in covered for p in problems):
        return recorded
    first = problems[0]
    params = {"team": first.team, "rule": first.error.rule, "count": len(problems), "number": number}
    if acting == "paired":
        raise RuleViolation(first.error.rule, "the lineup of {team} breaks {rule} ({count} lineup problem(s) in this "
                            "round): round {number} is paired only by a decision of the chief arbiter, recorded with "
                            "its reason (override)", params=params, team_id=first.team_id, problems=listed)
    raise RuleViolation(first.error.rule, "the lineup of {team} breaks {rule} ({count} lineup problem(s) in this "
                        "round): round {number} is published only by a decision of the chief arbiter, recorded with "
                        "its reason (override)", params=params, team_id=first.team_id, problems=listed)


def store_pairing(session: Session, t: Tournament, rnd: Round, given: PairingInput, pairing: Pairing,
                  principal: Principal | None) -> dict[str, Any]:
    """Store the engine's pairing as the round's matches and boards, replacing any earlier pairing."""
    return _store(session, t, rnd, given, [ScheduledMatch(pm.table, pm.first, pm.second) for pm in pairing.matches],
                  pairing.explanation.to_dict() | {"lines": pairing.explanation.lines(),
                                                   "texts": [x.to_json() for x in pairing.explanation.texts()]},
                  principal)


def decision_warnings(decision: dict[str, Any] | None) -> list[Text]:
    """The lineup problems a round was paired with (the chief arbiter's decision), as the arbiter is told them:
    phrases said in the reader's language."""
    out = []
    for p in (decision or {}).get("problems", []):
        problem = Text.from_json(p["text"]) if isinstance(p.get("text"), dict) else Text(str(p.get("detail", "")))
        out.append(Text("{team}: {rule}: {problem}", {"team": p.get("team"), "rule": p.get("rule"),
                                                       "problem": problem}))
    return out


def _store(session: Session, t: Tournament, rnd: Round, given: PairingInput, matches: Sequence[ScheduledMatch],
           explanation: dict[str, Any], principal: Principal | None) -> dict[str, Any]:
    """Store a round's matches and boards (a match a team forfeits as scheduled, marked so), replacing any
    earlier pairing; audited."""
    old = round_matches(session, rnd)
    before = [{"table": m.table_no, "first": m.first_team_id, "second": m.second_team_id} for m in old]
    _clear_matches(session, old)
    store_matches(session, t, rules_of(t), rnd, [(m.table, m.first, m.second) for m in matches], given.lineups)
    forfeits = {m.table: m.forfeit for m in matches if m.forfeit}
    if forfeits:  # a round robin's match a team will not play: its opponent wins it by forfeit
        for row in round_matches(session, rnd):
            if row.table_no in forfeits:
                row.forfeit = forfeits[row.table_no]
                session.add(row)
                expel_forfeiters(session, t, rnd, row, principal)
    rnd.state = PAIR.target
    rnd.manual = False
    # English lines for programs, and the same as phrases that a read says in its reader's language
    warnings = decision_warnings(given.decision)
    rnd.explanation = explanation | {"warnings": [str(w) for w in warnings],
                                     "warning_texts": [w.to_json() for w in warnings], "decision": given.decision}
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, "repair" if old else "pair", "round", rnd.number, tournament_id=t.id,
                 before={"matches": before} if old else None,
                 after={"matches": [{"table": m.table, "first": m.first, "second": m.second}
                                    | ({"forfeit": m.forfeit} if m.forfeit else {}) for m in matches],
                        "override": given.decision},
                 reason=(given.decision or {}).get("reason", ""))
    return {"explanation": rnd.explanation, "warnings": warnings}


def round_robin_pairing(session: Session, t: Tournament, rnd: Round, given: PairingInput) -> tuple[
        tuple[ScheduledMatch, ...], dict[str, Any]]:
    """The round of the Berger table (C.05 Annex 1) by the teams' pairing numbers, and its explanation. Every
    numbered team keeps its schedule: one that withdrew, was expelled or is absent forfeits its match."""
    rules = rules_of(t)
    numbered = session.exec(select(Team).where(Team.tournament_id == t.id, col(Team.tpn).is_not(None))).all()
    team_of = {tm.tpn or 0: tm.id or 0 for tm in numbered}
    out = frozenset(tm.id or 0 for tm in numbered if tm.status != "entered") | given.absent
    matches = round_matches_rr(team_of, rules.cycles, rnd.number, out)
    n = len(team_of)
    tpn_of = {v: k for k, v in team_of.items()}
    lines = explain(rnd.number, n, rules.cycles, [(m.table, tpn_of[m.first], None if m.second is None
                                                   else tpn_of[m.second], m.forfeit) for m in matches])
    return matches, {"system": "round_robin", "round": rnd.number, "teams": n, "lines": lines}


def pair(session: Session, t: Tournament, rnd: Round, principal: Principal | None,
         override: str | None = None) -> dict[str, Any]:
    """Pair the round (the C.04.6 engine, or the round robin's Berger table) on the database state and store its
    matches and boards, all in the caller's transaction (a hand change that forbids a pairing, the demo)."""
    given = pairing_input(session, t, rnd, override)
    if rules_of(t).round_robin:
        return _store(session, t, rnd, given, *round_robin_pairing(session, t, rnd, given), principal)
    return store_pairing(session, t, rnd, given, pair_tournament_round(given.domain, rnd.number, given.absent),
                         principal)


def _before_round(d: dom.Tournament, number: int) -> dom.Tournament:
    return d.with_rounds(range(1, number))


def _clear_matches(session: Session, matches: Sequence[Match]) -> None:
    ids = [m.id for m in matches]
    if ids:
        session.exec(delete(BoardGame).where(col(BoardGame.match_id).in_(ids)))
        session.exec(delete(Match).where(col(Match.id).in_(ids)))
        session.flush()


def renumber_and_store(session: Session, t: Tournament, rnd: Round, pairs: list[tuple[int, int | None]]) -> None:
    """Store a hand-changed pairing: ``pairs`` in board order (first = White on board 1), PAB last."""
    _clear_matches(session, round_matches(session, rnd))
    store_matches(session, t, rules_of(t), rnd, [(table, a, b) for table, (a, b) in enumerate(pairs, start=1)])


# --- the round's life: absences, hand changes, publish, complete, reopen ------------------------------------


def set_absent(session: Session, t: Tournament, rnd: Round, team_id: int, absent: bool, principal: Principal | None,
               reason: str = "") -> None:
    """Mark a team absent (not paired; a zero-point unplayed round) or present again, before pairing."""
    if not MARK_ABSENT.allows(rnd.state):
        raise StateConflict("C.04.2 1.4", "round {number} is already paired; re-pairing would be needed: mark "
                            "absences before pairing",
                            params={"number": rnd.number})
    team = session.get(Team, team_id)
    if team is None or team.tournament_id != t.id:
        raise NotFound(None, "no team {team_id} in this tournament",
                       params={"team_id": team_id})
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
        raise StateConflict("C.04.2 1.4", "round {number} is {state}: only a paired, unpublished round can be "
                            "changed by hand",
                            params={"number": rnd.number, "state": STATE_WORDS[rnd.state]})
    if rules_of(t).round_robin:
        raise StateConflict("C.05 Annex 1", "a round robin is paired by the Berger table: its pairings are not "
                            "changed by hand")
    pairs = _pairs(session, rnd)
    before = {"matches": [list(p) for p in pairs]}
    where = {team: (i, side) for i, p in enumerate(pairs) for side, team in enumerate(p) if team is not None}
    if team_a not in where:
        raise InvalidInput(None, "team {team_a} is not in this round's pairing",
                           params={"team_a": team_a})
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
        changed: list[tuple[int, int | None]] = []
        for first, second in real + byes:
            assert first is not None  # the changes move teams: the bye's empty side stays the second
            changed.append((first, second))
        renumber_and_store(session, t, rnd, changed)
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


def publish(session: Session, t: Tournament, rnd: Round, principal: Principal | None,
            override: str | None = None) -> None:
    """paired -> published: the pairing is public and frozen; refused while a team's lineup breaks a rule that no
    decision of the chief arbiter covers (a lineup may have changed since the pairing)."""
    if not PUBLISH.allows(rnd.state):
        raise StateConflict("C.04.2 1.4", "round {number} is {state}: only a paired round can be published",
                            params={"number": rnd.number, "state": STATE_WORDS[rnd.state]})
    paired = {tid for m in round_matches(session, rnd) for tid in (m.first_team_id, m.second_team_id) if tid}
    teams = list(session.exec(select(Team).where(col(Team.id).in_(paired)).order_by(col(Team.tpn))).all())
    recorded = recorded_decision(rnd)
    decision = decide(lineup_breaches(session, t, teams, rnd.number), override, recorded, rnd.number, "published")
    if decision is not recorded:
        rnd.explanation = (rnd.explanation or {}) | {"decision": decision}  # a new dict: the JSON column is saved
    before = {"state": rnd.state}
    rnd.state = PUBLISH.target
    rnd.version += 1
    session.add(rnd)
    audit.record(session, principal, PUBLISH.target, "round", rnd.number, tournament_id=t.id, before=before,
                 after={"state": PUBLISH.target, "override": decision if override else None},
                 reason=override or "")


def complete(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> None:
    """published / in progress -> completed, once every match has a full result (R-7.2)."""
    if not COMPLETE.allows(rnd.state):
        raise StateConflict(None, "round {number} is {state}: only a published round in play can be completed",
                            params={"number": rnd.number, "state": STATE_WORDS[rnd.state]})
    missing = round_complete(session, rnd)
    if missing:
        raise StateConflict("R-7.2", "tables without a full result: {map}",
                            params={"map": ', '.join(map(str, missing))},
                            tables=missing)
    _transition(session, t, rnd, principal, COMPLETE.target)


def reopen(session: Session, t: Tournament, rnd: Round, principal: Principal | None) -> None:
    """completed -> in progress, to correct a result, while the next round is still unpaired."""
    if not REOPEN.allows(rnd.state):
        raise StateConflict(None, "round {number} is not completed",
                            params={"number": rnd.number})
    nxt = session.exec(select(Round).where(Round.tournament_id == t.id, Round.number == rnd.number + 1)).first()
    if nxt is not None and nxt.state != PENDING:
        raise StateConflict("C.04.2 1.4", "round {number} is already paired from these results; a change now would "
                            "not change that pairing",
                            params={"number": rnd.number + 1})
    _transition(session, t, rnd, principal, REOPEN.target)


# --- the use cases by the round's number: each answers the round as the caller may see it --------------------


def _on_round(session: Session, tournament_id: int, number: int, principal: Principal | None,
              step: Callable[[Tournament, Round], object]) -> RoundRead:
    t = load_tournament(session, tournament_id, for_update=True)  # serialises the writers of the tournament
    rnd = get_round(session, tournament_id, number)
    step(t, rnd)
    return round_read(session, t, rnd, principal)


class Phases(Protocol):
    """A write in two phases (the HTTP edge's staged write): read transactions that hold no write lock, then one
    write transaction, committed by the caller once the answer is built."""

    def reading(self) -> AbstractContextManager[Session]:
        """A read transaction, ended when the block ends."""
        ...

    def writing(self) -> Session:
        """The write transaction (on SQLite: once the one writer is free)."""
        ...

    def abandon(self) -> None:
        """Roll the write transaction back and give the write lock up."""
        ...


#: How many times a pairing is computed before it is refused because its tournament kept changing meanwhile
#: (the API's round lifecycle says three).
PAIR_ATTEMPTS = 3


def pair_round(phases: Phases, tournament_id: int, number: int, principal: Principal | None,
               override: str | None = None) -> RoundRead:
    """Pair the round with the C.04.6 engine (again, until it is published).

    The engine runs for seconds on a large event, and SQLite has one writer: the rows are read in a read
    transaction and the engine runs holding nothing, so other tournaments' writes go on meanwhile. The pairing
    is stored only while the tournament's version is still the one it was computed from (every write to the
    tournament bumps it); else it is computed again from the new state, at most ``PAIR_ATTEMPTS`` times, then
    refused (409). A pairing from a stale read is never stored.
    """
    for _ in range(PAIR_ATTEMPTS):
        with phases.reading() as session:
            seen = stamp(session, tournament_id)  # first: whatever is read after it is of this version or newer
            t = load_tournament(session, tournament_id)
            round_robin = rules_of(t).round_robin
            # a round robin's round is a look-up in the Berger table: nothing to compute outside the write
            given = None if round_robin else pairing_input(session, t, get_round(session, tournament_id, number),
                                                           override)
        pairing = None if given is None else pair_tournament_round(given.domain, number, given.absent)
        session = phases.writing()
        t = load_tournament(session, tournament_id, for_update=True)  # serialises the writers of the tournament
        rnd = get_round(session, tournament_id, number)
        if given is None or pairing is None:
            pair(session, t, rnd, principal, override)
            return round_read(session, t, rnd, principal)
        if stamp(session, tournament_id) == seen:
            store_pairing(session, t, rnd, given, pairing, principal)
            return round_read(session, t, rnd, principal)
        phases.abandon()
    raise StateConflict(None, "the tournament changed while round {number} was being paired, {pair_attempts} times "
                        "in a row (other changes are being made to it): pair the round again",
                        params={"number": number, "pair_attempts": PAIR_ATTEMPTS})


def set_round_absence(session: Session, tournament_id: int, number: int, team_id: int, absent: bool,
                      principal: Principal | None, reason: str) -> RoundRead:
    """Mark a team absent from a pending round, or present again."""
    return _on_round(session, tournament_id, number, principal,
                     lambda t, rnd: set_absent(session, t, rnd, team_id, absent, principal, reason))


def change_round_pairing(session: Session, tournament_id: int, number: int, action: str, team_a: int,
                         team_b: int | None, principal: Principal | None, reason: str) -> RoundRead:
    """A hand change of a paired, unpublished round (C.04.2 1.4)."""
    return _on_round(session, tournament_id, number, principal,
                     lambda t, rnd: change_pairing(session, t, rnd, action, team_a, team_b, principal, reason))


def publish_round(session: Session, tournament_id: int, number: int, principal: Principal | None,
                  override: str | None = None) -> RoundRead:
    return _on_round(session, tournament_id, number, principal,
                     lambda t, rnd: publish(session, t, rnd, principal, override))


def complete_round(session: Session, tournament_id: int, number: int, principal: Principal | None) -> RoundRead:
    return _on_round(session, tournament_id, number, principal, lambda t, rnd: complete(session, t, rnd, principal))


def reopen_round(session: Session, tournament_id: int, number: int, principal: Principal | None) -> RoundRead:
    return _on_round(session, tournament_id, number, principal, lambda t, rnd: reopen(session, t, rnd, principal))


def round_readiness(session: Session, tournament_id: int, number: int, language: str) -> RoundReadiness:
    """What stands between the round and its pairing or publication (the round screen shows it before Pair),
    the sentences in ``language``."""
    from app.models import Appeal

    t = load_tournament(session, tournament_id)
    rnd = get_round(session, tournament_id, number)

    def say(e: DomainError) -> str:
        return translate(e.template, e.params, language)

    blockers: list[DomainError] = []
    problems: list[TeamLineupProblem] = []
    if rnd.state == PENDING:
        present, blockers = present_teams(session, t, rnd)
        blockers = pairing_blockers(session, t, rnd) + blockers
        problems = lineup_breaches(session, t, present, number)
    elif PUBLISH.allows(rnd.state):
        paired = {tid for m in round_matches(session, rnd) for tid in (m.first_team_id, m.second_team_id) if tid}
        teams = list(session.exec(select(Team).where(col(Team.id).in_(paired)).order_by(col(Team.tpn))).all())
        problems = lineup_breaches(session, t, teams, number)
    recorded = recorded_decision(rnd)
    covered = {(q.get("team_id"), q.get("rule")) for q in (recorded or {}).get("problems", [])}
    decided = all((p.team_id, p.error.rule) in covered for p in problems)
    appeals = session.exec(select(Appeal, Team).join(Team, col(Team.id) == col(Appeal.team_id))
                           .where(Appeal.tournament_id == t.id, Appeal.status == "open",
                                  col(Appeal.round_number).in_([number - 1, number]))
                           .order_by(col(Appeal.id))).all()
    return RoundReadiness(
        number=number, state=rnd.state,
        can_pair=PAIR.allows(rnd.state) and not blockers and decided,
        can_publish=PUBLISH.allows(rnd.state) and decided, needs_decision=not decided,
        blockers=[Blocker(rule=e.rule, detail=say(e)) for e in blockers],
        lineups=[LineupIssue(team_id=p.team_id, team=p.team, submitted=p.submitted, rule=p.error.rule,
                             detail=say(p.error)) for p in problems],
        decision=recorded,
        appeals=[AppealBlock(id=a.id or 0, round=a.round_number, blocks_round=a.round_number + 1, team_id=tm.id or 0,
                             team=tm.name, board=a.board) for a, tm in appeals])
