"""Importing a TRF-2026 / TRF16 team file as a new tournament (the pure codec is :mod:`app.services.trf`).

:func:`import_trf` reads the file with :func:`app.services.trf.read_tournament` on the ``fide`` preset (or
``preset=``), with the ``teamswiss standings`` overrides (PAB, forfeit game points, tie-breaks, C.07 text), and
stores it in one transaction: one club per team (named after it, federation = its players' most common one),
players, teams with locked pairing numbers, rosters, rounds (completed when every match has a result, in
progress when some result is in, published when none is, pending after the last paired round), matches,
boards and results. A team that lost a match by forfeit is expelled when the rules say so (R-7.4, as
``POST .../forfeit`` would have done). The importer becomes the organiser.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from sqlmodel import Session, col, select

from app.auth.principal import Principal
from app.models import BoardGame, Club, Match, Membership, Player, RosterEntry, Round, Team, Tournament
from app.operations import audit
from app.operations.exchange.json_import import ExportDocument, looks_like_json, read_export
from app.operations.reads.tournaments import tournament_read
from app.operations.repository import adjustments_row
from app.schemas.tournaments import ImportedPab, TournamentImportRead
from app.services import tournament as dom
from app.services.errors import FileFormatError, InvalidInput, StateConflict, Text
from app.services.lifecycle import COMPLETED, IN_PROGRESS, PUBLISHED
from app.services.rules import fide_default, points_option, preset, rules_to_dict
from app.services.standings import compute_standings
from app.services.trf import TrfWarning, fingerprint, read_tournament_with_warnings


@dataclasses.dataclass(frozen=True)
class ImportOptions:
    """What a TRF cannot say, named like the ``teamswiss standings`` flags."""

    pab: tuple[Fraction, Fraction] | None = None  # (MP, GP) of the PAB (R-7.5, C.04.6 1.4)
    forfeit_gp: Fraction | None = None  # game points of a match won by forfeit
    tiebreaks: tuple[str, ...] | None = None  # R-8 / C.07 codes
    tiebreak_rules: str | None = None  # "2024" | "2026" (C.07 Art. 16 text)
    preset: str | None = None  # the base settings (default: fide)


def parse_options(pab: str | None = None, forfeit_gp: str | None = None, tiebreaks: str | None = None,
                  rules: str | None = None, preset_name: str | None = None) -> ImportOptions:
    """Options from their text forms (``pab=1,3``, ``tiebreaks=MPTS GPTS BH:MP``, ``rules=2024``)."""
    pab_pair = None
    if pab:
        parts = pab.split(",")
        if len(parts) != 2:
            raise InvalidInput("R-7.5", "pab: expected MP,GP, got {pab!r}",
                               params={"pab": pab})
        pab_pair = (points_option(parts[0], "pab"), points_option(parts[1], "pab"))
    codes = None
    if tiebreaks is not None and tiebreaks.strip():
        codes = tuple(c for c in tiebreaks.replace(",", " ").split() if c)
    if rules not in (None, "", "2024", "2026"):
        raise InvalidInput("C.07 16", "rules must be 2024 or 2026, not {rules!r}",
                           params={"rules": rules})
    if preset_name:
        preset(preset_name)  # an unknown preset is refused here
    return ImportOptions(pab=pab_pair, forfeit_gp=points_option(forfeit_gp, "forfeit_gp") if forfeit_gp else None,
                         tiebreaks=codes, tiebreak_rules=rules or None, preset=preset_name or None)


def read_trf(text: str, options: ImportOptions | None = None) -> tuple[dom.Tournament, tuple[TrfWarning, ...]]:
    """The file as the pure model with ``options`` applied, exactly as ``teamswiss standings`` reads it."""
    options = options or ImportOptions()
    base = preset(options.preset) if options.preset else fide_default().replace(tiebreak_rules=None)
    if options.preset:
        base = base.replace(round_starts=(), entry_deadline=None, roster_deadline=None,
                            substitution_deadline=None, start_date=None)
    t, warnings = read_tournament_with_warnings(text, base_rules=base)
    if options.tiebreaks is not None:  # the list the file lacks is given: nothing to say about it
        warnings = tuple(w for w in warnings if w.kind != "tiebreaks")
    changes: dict[str, Any] = {}
    if t.rules.start_date is None and t.start_date is not None:
        changes["start_date"] = t.start_date  # C.07 text by the file's start date (042)
    if options.pab is not None:
        changes["bye_mp"], changes["bye_gp"] = options.pab
    if options.forfeit_gp is not None:
        changes["forfeit_win_gp"] = options.forfeit_gp
    if options.tiebreak_rules:
        changes["tiebreak_rules"] = options.tiebreak_rules
    if options.tiebreaks is not None:
        # kept as given, like ``teamswiss standings --tiebreaks``: the primary score ranks first anyway
        compute_standings(t.with_rounds(()), tiebreaks=options.tiebreaks)  # unknown -> 422
        changes["tiebreaks"] = options.tiebreaks
    if changes:
        try:
            t = dataclasses.replace(t, rules=t.rules.replace(**changes))
        except InvalidInput as exc:
            raise FileFormatError(None, "the settings are not valid: {detail}",
                                  params={"detail": Text(exc.template, exc.params)}) from None
    return t, warnings


def _split_name(name: str) -> tuple[str, str]:
    """``Lastname, Firstname`` (001 cols 15-47) as (last, first)."""
    if "," in name:
        last, first = name.split(",", 1)
        return last.strip() or name.strip(), first.strip()
    return name.strip(), ""


def _round_state(r: dom.Round) -> str:
    if all(m.complete for m in r.matches):
        return COMPLETED
    started = any(m.forfeit is not None or any(b.result is not None and b.first_player is not None
                                               and b.second_player is not None for b in m.boards)
                  for m in r.matches if m.second is not None)
    return IN_PROGRESS if started else PUBLISHED


def create_from_domain(session: Session, d: dom.Tournament, principal: Principal | None, *,
                       preset_name: str | None = None, reason: str = "import",
                       import_sha256: str | None = None, source: ExportDocument | None = None) -> Tournament:
    """Store ``d`` as a new tournament (see the module docstring); the caller commits.

    Team ids of ``d`` are its pairing numbers when it comes from a TRF (id == TPN); any ids
    work, and a team's ``tpn`` (else its position) becomes its locked pairing number.
    """
    rules = d.rules
    now = datetime.now(UTC)
    t = Tournament(
        name=(d.name or "Imported tournament")[:200], city=d.city[:100], federation=(d.federation or "FID")[:3],
        start_date=d.start_date or rules.start_date, end_date=d.end_date, preset=preset_name,
        rules=rules_to_dict(rules), chief_arbiter=d.chief_arbiter[:200], deputy_arbiters=list(d.deputy_arbiters),
        tpns_locked_at=now, import_sha256=import_sha256, venue=source.venue[:200] if source else "",
    )
    session.add(t)
    session.flush()
    tid = t.id or 0
    if principal is not None:
        session.add(Membership(user_id=principal.user_id, tournament_id=tid, role="organiser"))
    # one club per team, named after it; flushed in batches (ids come back in the order added)
    team_of = {pid: tm.id for tm in d.teams for pid in tm.roster}
    used_names: set[str] = set()
    teams = sorted(d.teams, key=lambda x: (x.tpn or 0, x.id))
    club_rows: dict[int, Club] = {}
    team_rows: dict[int, Team] = {}
    for pos, tm in enumerate(teams, 1):
        feds = Counter(d.player(p).federation for p in tm.roster if d.player(p).federation)
        fed = feds.most_common(1)[0][0] if feds else (d.federation or "FID")
        name = tm.name[:100] or f"Team {tm.tpn or pos}"
        base_name, k = name, 2
        while name in used_names:  # team names are unique in a tournament
            name = f"{base_name[:95]} ({k})"
            k += 1
        used_names.add(name)
        if source is not None and tm.id in source.team_club:  # the clubs of a JSON export, one row each
            club = source.clubs[source.team_club[tm.id]]
            shared = next((c for k, c in club_rows.items() if source.team_club.get(k) == source.team_club[tm.id]),
                          None)
            club_rows[tm.id] = shared or Club(name=club["name"], short_name=club["short_name"][:50],
                                              federation=(club["federation"] or fed)[:3], city=club["city"][:100],
                                              union_member=club["union_member"])
        else:
            club_rows[tm.id] = Club(name=name, short_name=tm.nickname[:50], federation=fed[:3])
        team_rows[tm.id] = Team(tournament_id=tid, club_id=0, name=name, nickname=tm.nickname[:5],
                                status=tm.status.value if source is not None else "entered", tpn=tm.tpn or pos,
                                entered_at=now)
    session.add_all({id(c): c for c in club_rows.values()}.values())  # a club of several teams once
    session.flush()
    for key, row_t in team_rows.items():
        row_t.club_id = club_rows[key].id or 0
    session.add_all(team_rows.values())
    session.flush()
    team_ids = {key: row_t.id or 0 for key, row_t in team_rows.items()}
    if d.adjustments:  # 240 F/H byes and 299 points, their teams by the new ids
        t.point_adjustments = adjustments_row(d.adjustments, team_ids)
        session.add(t)
    # players in the order of their numbers: database ids keep the file's order, so an export
    # numbers them the same way
    player_rows: dict[int, Player] = {}
    for p in sorted(d.players, key=lambda x: x.id):
        if p.id not in team_of:
            continue  # a 001 record outside every team plays no part in a team event
        last, first = _split_name(p.name)
        player_rows[p.id] = Player(
            club_id=club_rows[team_of[p.id]].id or 0, last_name=last[:100], first_name=first[:100],
            sex="w" if p.female else "m", birth_date=p.birth_date, fide_id=p.fide_id, fide_rating=p.fide_rating,
            national_id=p.national_id, national_rating=p.national_rating, federation=p.federation[:3],
            title=p.title[:3], activation_fee_paid=True,  # the event started elsewhere (R-2.3 checked there)
        )
    session.add_all(player_rows.values())
    session.flush()
    player_ids = {key: row_p.id or 0 for key, row_p in player_rows.items()}
    assert list(player_ids.values()) == sorted(player_ids.values()), "player ids must follow the file's order"
    session.add_all(RosterEntry(tournament_id=tid, team_id=team_ids[tm.id], player_id=player_ids[pid])
                    for tm in teams for pid in tm.roster)
    # rounds, matches, boards
    by_number = {r.number: r for r in d.rounds if r.matches}
    round_rows: dict[int, Round] = {}
    for n in range(1, rules.rounds + 1):
        r = by_number.get(n)
        start = r.start if r is not None and r.start is not None else (
            rules.round_starts[n - 1] if len(rules.round_starts) >= n else None)
        if start is not None and start.tzinfo is None:
            start = start.replace(tzinfo=rules.zone)
        if r is None:
            # the teams the file says will not play it (240, and XXZ for the next round to pair)
            next_round = n == min((x for x in range(1, rules.rounds + 1) if x not in by_number), default=0)
            away = sorted(team_ids[team] for rr, team in d.absences if rr == n or (rr == 0 and next_round))
            round_rows[n] = Round(tournament_id=tid, number=n, scheduled_start=start, absent_team_ids=away)
            continue
        paired = {x for m in r.matches for x in m.teams()}
        state = source.states.get(n, _round_state(r)) if source is not None else _round_state(r)
        # the document's own absences where it has them (a withdrawn or expelled team is not paired, not absent)
        away = (source.absent[n] if source is not None and n in source.absent
                else [tm.id for tm in d.teams if tm.id not in paired])
        round_rows[n] = Round(tournament_id=tid, number=n, scheduled_start=start, state=state,
                              absent_team_ids=sorted(team_ids[x] for x in away))
    session.add_all(round_rows.values())
    session.flush()
    match_rows: list[tuple[dom.Match, Match]] = []
    expelled: dict[int, int] = {}
    for n, r in sorted(by_number.items()):
        for m in r.matches:
            match_rows.append((m, Match(round_id=round_rows[n].id or 0, table_no=m.table,
                                        first_team_id=team_ids[m.first], forfeit=m.forfeit,
                                        second_team_id=team_ids[m.second] if m.second is not None else None)))
            if m.forfeit is not None and m.second is not None and rules.expel_on_forfeit_loss and source is None:
                absent = {"first": [m.first], "second": [m.second], "both": [m.first, m.second]}[m.forfeit]
                for team in absent:
                    expelled.setdefault(team, n)
    session.add_all(row_m for _, row_m in match_rows)
    session.flush()

    def pid(n: int | None) -> int | None:
        return None if n is None else player_ids[n]

    session.add_all(
        BoardGame(match_id=row_m.id or 0, board=b.board, first_player_id=pid(b.first_player),
                  second_player_id=pid(b.second_player), first_white=b.first_white, result=b.result,
                  ended_at=(source.ended.get((m.round, m.table, b.board), now) if source is not None else now)
                  if b.result is not None else None)
        for m, row_m in match_rows for b in m.boards
    )
    for team, n in expelled.items():
        row_t = team_rows[team]
        row_t.status = "expelled"
        session.add(row_t)
        audit.record(session, principal, "expel", "team", row_t.id, tournament_id=tid, after=row_t,
                     reason=f"R-7.4: lost round {n} by forfeit (imported)")
    audit.record(session, principal, reason, "tournament", tid, tournament_id=tid, after=t,
                 reason=f"{len(d.teams)} teams, {len(player_ids)} players, {len(by_number)} paired rounds")
    session.flush()
    return t


def _refuse_duplicate(session: Session, digest: str) -> None:
    earlier = session.exec(select(Tournament).where(Tournament.import_sha256 == digest)
                           .order_by(col(Tournament.id))).first()
    if earlier is not None:
        raise StateConflict(None, "this file was already imported, as tournament {id} on {created_at:%Y-%m-%d}: "
                            "importing it again would make a duplicate; ask for it with allow_duplicate=true "
                            "(teamswiss import --allow-duplicate)",
                            params={"id": earlier.id, "created_at": earlier.created_at},
                            existing_tournament_id=earlier.id)


def import_trf(session: Session, text: str, principal: Principal | None,
               options: ImportOptions | None = None, *,
               allow_duplicate: bool = False) -> tuple[Tournament, tuple[TrfWarning, ...]]:
    """Read a TRF-2026 / TRF16 team file and store it as a new tournament; the caller commits.

    An unreadable line raises ``FileFormatError`` (422, with the line number) before
    anything is written. A file imported before (the same :func:`app.services.trf.fingerprint`)
    is refused with ``StateConflict`` (409) unless ``allow_duplicate``. Warnings of kind
    ``"pab"`` name the rounds of a TRF16 file read as a team's pairing-allocated bye.
    """
    options = options or ImportOptions()
    if looks_like_json(text):
        return import_export_json(session, text, principal, allow_duplicate=allow_duplicate), ()
    d, warnings = read_trf(text, options)
    if not d.teams:
        raise FileFormatError(None, "the file has no teams")
    digest = fingerprint(text)
    if not allow_duplicate:
        _refuse_duplicate(session, digest)
    return create_from_domain(session, d, principal, preset_name=options.preset, import_sha256=digest), warnings


def import_export_json(session: Session, text: str, principal: Principal | None, *,
                       allow_duplicate: bool = False) -> Tournament:
    """Store a JSON export (:mod:`app.operations.exchange.json_import`) as a new tournament; the caller commits.
    The same document imported before is refused (409) unless ``allow_duplicate``."""
    src = read_export(text)
    if not allow_duplicate:
        _refuse_duplicate(session, src.digest)
    return create_from_domain(session, src.domain, principal, preset_name=src.preset, import_sha256=src.digest,
                              source=src)


def imported_pabs(session: Session, t: Tournament, warnings: tuple[TrfWarning, ...]) -> list[dict[str, Any]]:
    """The rounds an import read as a team's pairing-allocated bye: round, team id, TPN, name."""
    teams = {tm.tpn: tm for tm in session.exec(select(Team).where(Team.tournament_id == t.id)).all()}
    return [{"round": w.round, "team_id": teams[w.team].id, "tpn": w.team, "name": teams[w.team].name}
            for w in warnings if w.kind == "pab" and w.team in teams]


def import_tournament(session: Session, text: str, principal: Principal | None, options: ImportOptions, *,
                      allow_duplicate: bool = False) -> TournamentImportRead:
    """:func:`import_trf`, answered as the new tournament with the file's warnings and the rounds read as a
    team's PAB."""
    t, warnings = import_trf(session, text, principal, options, allow_duplicate=allow_duplicate)
    read = tournament_read(session, t)
    return TournamentImportRead(**{**read.model_dump(), "warnings": [*read.warnings, *(str(w) for w in warnings)]},
                                pab_rounds=[ImportedPab(**p) for p in imported_pabs(session, t, warnings)])
