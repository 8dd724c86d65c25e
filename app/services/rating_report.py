"""The rating report's check: what the rating officer would miss in the tournament's file (R-4.6: the event is
rated for the national list and FIDE), listed before the arbiter sends it.

- a player without a FIDE id in a FIDE-rated event (the rating officer identifies every player of a FIDE
  report by the FIDE id; B.02 registers players before their games are rated);
- a player without a birth date (the list publishes the year of birth, and the K-factor depends on it,
  B.02 8.3.3);
- a player without a federation (a three-letter code, TRF 001);
- a player of the event's federation without a national registration number in an event rated for the
  national list;
- a round not completed: its games are not in the report yet.

A problem of a player who played a game over the board in the counted rounds is an ``error`` (the game
cannot be rated as it stands); of a player who played none, a ``warning``.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.services.event_ratings import games_index
from app.services.tournament import TeamStatus, Tournament


@dataclass(frozen=True)
class Finding:
    code: str  # no_fide_id, no_birth_year, no_federation, no_national_id, round_not_completed
    severity: str  # error | warning
    rule: str
    message: str
    player_id: int | None = None
    team_id: int | None = None
    round: int | None = None


@dataclass(frozen=True)
class RatingCheck:
    fide_rated: bool
    national_rated: bool
    players: int
    games: int  # games over the board with a result (each counted once)
    findings: tuple[Finding, ...]

    @property
    def ready(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


def rating_check(t: Tournament, completed: set[int]) -> RatingCheck:
    """The check of ``t`` (its paired rounds; ``completed`` the numbers of the completed ones)."""
    fide_rated = t.rules.fide_rated
    national_rated = t.rules.national_rating.rated
    findings: list[Finding] = []
    for r in t.rounds:
        if r.number not in completed:
            findings.append(Finding("round_not_completed", "warning", "R-4.6",
                                    f"round {r.number} is not completed: its games are not in the report yet",
                                    round=r.number))
    seats: list[tuple[int, int | None]] = [(pid, tm.id) for tm in t.teams
                                           if tm.status is not TeamStatus.WAITLISTED for pid in tm.roster]
    in_games = {p for r in t.rounds for m in r.matches for b in m.boards for p in (b.first_player, b.second_player)
                if p is not None}
    known = {pid for pid, _ in seats}
    seats += [(pid, None) for pid in sorted(in_games - known)]
    games = 0
    index = games_index(t)
    for pid, team_id in seats:
        p = t.player(pid)
        played = len(index.get(pid, ()))
        games += played
        severity = "error" if played else "warning"

        def add(code: str, rule: str, what: str, severity: str = severity, pid: int = pid,
                team_id: int | None = team_id) -> None:
            findings.append(Finding(code, severity, rule, f"{t.player(pid).name}: {what}", pid, team_id))

        if fide_rated and not p.fide_id:
            add("no_fide_id", "B.02", "no FIDE id in a FIDE-rated event")
        if p.birth_date is None:
            add("no_birth_year", "B.02 8.3.3", "birth year unknown")
        if len(p.federation.strip()) != 3:
            add("no_federation", "R-4.6", "no federation")
        if national_rated and t.federation and p.federation == t.federation and not p.national_id:
            add("no_national_id", "R-4.6", "no national registration number")
    return RatingCheck(fide_rated, national_rated, len(seats), games // 2, tuple(findings))
