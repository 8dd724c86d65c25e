"""Read models of the standings, the crosstable and the prizes (computed from the board results)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, overload

from sqlmodel import Session, select

from app.models import (
    Round,
    Tournament,
)
from app.operations.repository import (
    load_domain,
)
from app.presentation.standings import standings_to_dict
from app.schemas.rounds import (
    TeamRef,
)
from app.schemas.standings import CrossRound, CrossRow, CrosstableRead
from app.services import tournament as dom
from app.services.errors import StateConflict
from app.services.lifecycle import COMPLETED
from app.services.prizes import BoardPlace, Prizes, TeamPrize, compute_prizes
from app.services.standings import compute_standings, format_value


def completed_view(session: Session, t: Tournament, up_to: int | None) -> tuple[dom.Tournament, int | None]:
    """The tournament with only its completed rounds (up to ``up_to``)."""
    done = [r.number for r in session.exec(select(Round).where(Round.tournament_id == t.id,
                                                               Round.state == COMPLETED)).all()]
    last = max(done, default=None)
    if up_to is not None:
        if up_to not in done:
            raise StateConflict("R-8", "round {up_to} is not completed; standings exist after completed rounds "
                                "({value})",
                                params={"up_to": up_to, "value": ', '.join(map(str, sorted(done))) or 'none yet'})
        last = up_to
    d = load_domain(session, t)
    return d.with_rounds(n for n in done if last is None or n <= last), last


@overload
def dom_team_ref(d: dom.Tournament, team_id: int) -> TeamRef: ...
@overload
def dom_team_ref(d: dom.Tournament, team_id: int | None) -> TeamRef | None: ...


def dom_team_ref(d: dom.Tournament, team_id: int | None) -> TeamRef | None:
    if team_id is None:
        return None
    tm = d.team(team_id)
    return TeamRef(id=tm.id, name=tm.name, tpn=tm.tpn)


def cross_round(tr: dom.TeamRound, d: dom.Tournament) -> CrossRound:
    score = None if tr.gp is None else f"{format_value(tr.gp)}-{format_value(tr.opponent_gp or 0)}"
    return CrossRound(round=tr.round, outcome=tr.outcome.value, opponent=dom_team_ref(d, tr.opponent), colour=tr.colour,
                      score=score if tr.opponent is not None else (format_value(tr.gp) if tr.gp is not None else None),
                      match_points=format_value(tr.mp) if tr.mp is not None else None)


def standings_read(session: Session, t: Tournament, up_to: int | None = None) -> dict[str, Any]:
    d, last = completed_view(session, t, up_to)
    return standings_to_dict(d, compute_standings(d, after_round=last))


def crosstable_read(session: Session, t: Tournament, up_to: int | None = None) -> CrosstableRead:
    d, last = completed_view(session, t, up_to)
    st = compute_standings(d, after_round=last)
    rows = [CrossRow(team=dom_team_ref(d, r.team_id),
                     rounds=[cross_round(tr, d) for tr in dom.team_history(d, r.team_id, last)])
            for r in st.rows]
    return CrosstableRead(after_round=last, rows=rows)


def prizes_read(session: Session, t: Tournament, up_to: int | None = None) -> dict[str, Any]:
    d, last = completed_view(session, t, up_to)
    return prizes_dict(compute_prizes(d, compute_standings(d, after_round=last)))


def prizes_dict(p: Prizes) -> dict[str, Any]:
    """The JSON form of the prizes (R-9): the overall and Union cups, the board prizes."""
    t = p.tournament
    return {"overall": [_team_prize_dict(t, x) for x in p.overall],
            "union": [_team_prize_dict(t, x) for x in p.union],
            "boards": [board_place_dict(t, x) for x in p.boards]}


def _team_prize_dict(t: dom.Tournament, p: TeamPrize) -> dict[str, Any]:
    return {"place": p.place, "tied": p.tied, "team": {"id": p.team_id, "name": t.team(p.team_id).name},
            "players": [{"id": pid, "name": _player_name(t, pid)} for pid in p.players]}


def board_place_dict(t: dom.Tournament, p: BoardPlace) -> dict[str, Any]:
    """The JSON form of a board place (the prizes' ``boards`` list and the board statistics)."""
    return {"board": p.board, "place": p.place, "tied": p.tied,
            "player": {"id": p.player_id, "name": _player_name(t, p.player_id)},
            "team": {"id": p.team_id, "name": t.team(p.team_id).name},
            "points": format_value(p.points), "games": p.games,
            "percentage": format_value(p.percentage * 100),
            "percentage_display": one_decimal(p.percentage * 100),
            "performance": p.performance}


def one_decimal(x: Fraction) -> str:
    """``x`` rounded half-up to one decimal, for display only (ranking uses exact values)."""
    tenths = (x * 10 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"


def _player_name(t: dom.Tournament, pid: int) -> str:
    try:
        return t.player(pid).name
    except KeyError:
        return ""
