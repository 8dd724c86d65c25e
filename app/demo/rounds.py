"""Play demo rounds: pair with the engine, publish, enter realistic results, complete.

Results are drawn from the ratings (Elo expectation), with one board forfeit, one
match forfeit (the absent team is expelled, R-7.4) and therefore a PAB in the next round.
"""

from __future__ import annotations

import random

from sqlmodel import Session, select

from app.models import Lineup, Player, Round, Team, Tournament
from app.operations.boards import lineup_breaches
from app.operations.pairing import complete, pair, publish
from app.operations.ranking import lock
from app.operations.repository import roster_in_board_order, rules_of, to_player
from app.operations.results import check_results_open, set_board_result, set_match_forfeit
from app.operations.rounds import get_round, match_boards, round_matches

FORFEIT_ROUND = 2


def _expected(a: int, b: int) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def _draw_result(rng: random.Random, white: int, black: int) -> str:
    e = _expected(white, black)
    draw = 0.22
    x = rng.random()
    if x < draw:
        return "1/2-1/2"
    return "1-0" if rng.random() < e else "0-1"


def _rating(session: Session, pid: int | None, unrated: int) -> int:
    p = session.get(Player, pid) if pid else None
    return (p.fide_rating or p.national_rating or unrated) if p else unrated


def submit_lineups_with_girls(session: Session, t: Tournament) -> int:
    """The managers of the teams whose base lineup has no girl (R-3.2: a girl rated below the fourth board) submit,
    for every round, the lineup a manager would: the best girl in place of the lowest player, in board order
    (R-3.3). Returns how many teams did."""
    rules = rules_of(t)
    teams = list(session.exec(select(Team).where(Team.tournament_id == t.id)).all())
    breaking = {p.team_id for p in lineup_breaches(session, t, teams, 1) if p.error.rule == "R-3.2"}
    for team in teams:
        if team.id not in breaking:
            continue
        roster = [to_player(p) for p in roster_in_board_order(session, team)]
        girls = [p.id for p in roster if p.female][:rules.min_female_per_lineup]
        others = [p.id for p in roster if p.id not in girls][:rules.boards - len(girls)]
        order = {p.id: i for i, p in enumerate(roster)}
        chosen = sorted(girls + others, key=order.__getitem__)
        for n in range(1, rules.rounds + 1):
            session.add(Lineup(tournament_id=t.id or 0, round_number=n, team_id=team.id or 0, player_ids=chosen))
    session.flush()
    return len(breaking)


def play_demo_rounds(session: Session, t: Tournament, rounds: int, rng: random.Random) -> int:
    lock(session, t, None)
    session.commit()
    played = 0
    for n in range(1, rounds + 1):
        rnd = get_round(session, t.id or 0, n)
        pair(session, t, rnd, None)
        publish(session, t, rnd, None)  # as an arbiter would: audited, and the round's events sent
        session.flush()
        check_results_open(rnd)
        matches = [m for m in round_matches(session, rnd) if m.second_team_id is not None]
        for i, m in enumerate(matches):
            if n == FORFEIT_ROUND and i == len(matches) - 1:
                set_match_forfeit(session, t, rnd, m, "second", None, None)
                continue
            for b in match_boards(session, m):
                if b.result is not None:
                    continue
                if n == 1 and i == 0 and b.board == 4:
                    result = "+/-" if b.first_white else "-/+"  # a player did not come in time
                else:
                    w = _rating(session, b.first_player_id if b.first_white else b.second_player_id, 1400)
                    k = _rating(session, b.second_player_id if b.first_white else b.first_player_id, 1400)
                    result = _draw_result(rng, w, k)
                set_board_result(session, t, rnd, m, b.board, result, None, None)
        rnd = session.exec(select(Round).where(Round.id == rnd.id)).one()
        complete(session, t, rnd, None)
        session.commit()
        played += 1
    return played



