"""The frozen state the C.04.6 engine pairs from, and its derivation from a :class:`Tournament`.

Everything here is derived from stored board results; nothing is stored:

- primary / secondary score (C.04.6 1.2): MP or GP by ``PairingSettings.primary_score``;
- opponents met (C.04.6 [C1], C.04.2 3.5): matches with at least one board played. A match
  forfeited as a whole is not a meeting;
- the played-only board-1 colour sequence (C.04.6 1.6.1, C.04.2 3.4 compression);
- matches played (C.04.6 3.4.3): played matches only, forfeits and the PAB do not count;
- the previous-round float (C.04.6 1.5): played an opponent with a different score; a PAB
  or a forfeit is not a float;
- the [C2] bar (C.04.6 2.1.2): a PAB already received, or a match won by forfeit (the
  opponent played no board).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.services.acceleration import accelerated_ranges, virtual_points
from app.services.errors import InvalidInput, StateConflict
from app.services.tournament import Match, Outcome, TeamStatus, Tournament, team_round

__all__ = ["TeamState", "Snapshot", "build_snapshot"]


@dataclass(frozen=True)
class TeamState:
    """One team as the pairing sees it before the round (C.04.6 Art. 1)."""

    id: int
    tpn: int
    score: Fraction  # primary score (C.04.6 1.2)
    secondary: Fraction = Fraction(0)  # the other score, used for colours (4.2.2)
    opponents: frozenset[int] = frozenset()  # team ids met in a played match ([C1])
    colours: str = ""  # played-only board-1 colours, "W"/"B", oldest first (1.6.1)
    floated: bool = False  # a floater in the previous round (1.5; [C7], [C10])
    pab_barred: bool = False  # had a PAB or won a match by forfeit ([C2])
    matches_played: int = 0  # 3.4.3
    virtual: Fraction = Fraction(0)  # an acceleration's virtual points this round (C.04.7 1.5)

    @property
    def pairing_score(self) -> Fraction:
        """The score that forms the scoregroups and orders the boards (C.04.7 1.5): ``score`` + ``virtual``."""
        return self.score + self.virtual

    @property
    def colour_difference(self) -> int:
        """C.04.6 1.6.2: matches with White minus matches with Black (played only)."""
        return self.colours.count("W") - self.colours.count("B")


@dataclass(frozen=True)
class Snapshot:
    """The teams to pair in ``round`` (present teams only), in TPN order.

    ``absent`` holds the teams that have a TPN but are not paired this round (absent,
    withdrawn, expelled, waitlisted); they keep their TPNs (C.04.6 1.1.3) and only appear in
    the explanation.
    """

    round: int
    total_rounds: int
    teams: tuple[TeamState, ...]
    absent: tuple[TeamState, ...] = ()

    def __post_init__(self) -> None:
        tpns = [t.tpn for t in self.teams + self.absent]
        if len(set(tpns)) != len(tpns):
            raise InvalidInput("C.04.6 1.1.1", "every team must have a different TPN")
        ids = [t.id for t in self.teams]
        if len(set(ids)) != len(ids):
            raise InvalidInput("C.04.6 1.1.1", "a team appears twice in the snapshot")


def _match_played(match: Match, outcome: Outcome, partial_counts: bool) -> bool:
    """Was the match "actually played" (C.04.6 1.6.1, [C1]; a reading flag of ``PairingSettings``)?"""
    if outcome is not Outcome.PLAYED:
        return False
    if partial_counts:
        return True
    return all(b.played for b in match.boards)


def build_snapshot(t: Tournament, round_no: int, absent: frozenset[int] = frozenset()) -> Snapshot:
    """Derive the pairing state for ``round_no`` from rounds 1..round_no-1 of ``t``.

    Only teams with status ENTERED and not in ``absent`` are paired. Raises
    ``StateConflict`` if an earlier round has an unfinished match, ``InvalidInput`` if a
    team to pair has no TPN (C.04.6 1.1).
    """
    if round_no < 1:
        raise InvalidInput("C.04.6 3.3", "round {round_no} does not exist",
                           params={"round_no": round_no})
    rules = t.rules
    settings = rules.pairing
    use_mp = settings.primary_score == "MP"
    partial = settings.partial_forfeit_counts_as_played
    rounds = [r for r in t.completed_rounds(round_no - 1)]
    match_index: dict[int, dict[int, Match]] = {
        r.number: {tid: m for m in r.matches for tid in m.teams()} for r in rounds
    }

    score_before: dict[int, list[tuple[Fraction, Fraction]]] = {}
    #: team -> (MP, GP, opponents met, colours played, barred from the PAB, matches played, round -> (opponent
    #: met, played)) over the rounds before ``round_no``
    info: dict[int, tuple[Fraction, Fraction, frozenset[int], str, bool, int, dict[int, tuple[int | None, bool]]]]
    info = {}
    for team in t.teams:
        mp = gp = Fraction(0)
        befores: list[tuple[Fraction, Fraction]] = []
        opponents: set[int] = set()
        colours: list[str] = []
        barred = False
        played_n = 0
        per_round: dict[int, tuple[int | None, bool]] = {}
        for r in rounds:
            befores.append((mp, gp))
            match = match_index[r.number].get(team.id)
            tr = team_round(match, team.id, r.number, rules)
            if tr.mp is None or tr.gp is None:
                raise StateConflict(
                    "C.04.6 3.3", "round {number} has an unfinished match; finish it before pairing",
                                  params={"number": r.number},
                    round=r.number,
                )
            mp += tr.mp
            gp += tr.gp
            if tr.outcome in (Outcome.PAB, Outcome.FORFEIT_WIN):
                barred = True
            played = match is not None and _match_played(match, tr.outcome, partial)
            if played:
                assert tr.opponent is not None and tr.colour is not None
                opponents.add(tr.opponent)
                colours.append(tr.colour)
                played_n += 1
            per_round[r.number] = (tr.opponent if played else None, played)
        for a in t.adjustments:  # byes and abnormal points before this round (TRF-2026 240, 299)
            if a.team == team.id and a.pairing and a.round < round_no:
                mp += a.mp
                gp += a.gp
                barred = barred or a.kind == "F"  # a full-point bye bars the PAB ([C2])
        score_before[team.id] = befores
        info[team.id] = (mp, gp, frozenset(opponents), "".join(colours), barred, played_n, per_round)

    prev = round_no - 1
    prev_index = next((i for i, r in enumerate(rounds) if r.number == prev), None)

    ranges = accelerated_ranges(rules, [team.tpn for team in t.teams if team.tpn is not None])
    tpn_of = {team.id: team.tpn or 0 for team in t.teams}

    def primary_before(team_id: int, index: int) -> Fraction:
        # the pairing score of that round: a float is judged on it under an acceleration (C.04.7 1.5)
        mp, gp = score_before[team_id][index]
        return (mp if use_mp else gp) + virtual_points(ranges, tpn_of[team_id], rounds[index].number)

    teams: list[TeamState] = []
    away: list[TeamState] = []
    for team in t.teams:
        present = team.status is TeamStatus.ENTERED and team.id not in absent
        if team.tpn is None:
            if not present:
                continue
            raise InvalidInput("C.04.6 1.1", "team {id} has no TPN",
                               params={"id": team.id}, team=team.id)
        mp, gp, met, played_colours, barred, played_n, per_round = info[team.id]
        floated = False
        if prev_index is not None:
            opp, played = per_round.get(prev, (None, False))
            if played and opp is not None and opp in score_before:
                floated = primary_before(team.id, prev_index) != primary_before(opp, prev_index)
        (teams if present else away).append(
            TeamState(
                id=team.id,
                tpn=team.tpn,
                score=mp if use_mp else gp,
                secondary=gp if use_mp else mp,
                opponents=met,
                colours=played_colours,
                floated=floated,
                pab_barred=barred,
                matches_played=played_n,
                virtual=virtual_points(ranges, team.tpn, round_no),
            )
        )
    teams.sort(key=lambda s: s.tpn)
    away.sort(key=lambda s: s.tpn)
    return Snapshot(round=round_no, total_rounds=rules.rounds, teams=tuple(teams), absent=tuple(away))
