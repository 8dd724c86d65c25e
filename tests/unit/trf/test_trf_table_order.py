"""``read_tournament(table_order=False)``: the same tournament without the board order.

The standings never read a table, so the standings command skips GHR C.04.2 3.6 (each round's
order by the scores before it). Everything else is the same: the matches, their boards and
results, the PAB last; only the table numbers differ, 1, 2, ... in reading order.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.generator import generate, generator_rules
from app.services.rules import fide_default
from app.services.standings import compute_standings
from app.services.tournament import Match, Tournament
from app.services.trf import read_tournament, write_tournament

DATA = Path(__file__).resolve().parents[2] / "data"
FILES = [DATA / "trf" / "team_2026.trf", DATA / "trf" / "swissmanager_trf16.trf", DATA / "trf" / "trf16_pab.trf",
         DATA / "exchange" / "forfeits_byes_absent.trf"]


def _generated(fmt: str) -> str:
    t = generate(15, 6, seed=3, forfeit_rate=0.1, absent_rate=0.1, rules=generator_rules(4, 6, fide_default()))
    return write_tournament(t, fmt=fmt)


def _texts() -> list[tuple[str, str]]:
    return [(p.name, p.read_text(encoding="utf-8")) for p in FILES] + [
        ("generated-2026", _generated("trf2026")), ("generated-trf16", _generated("trf16"))]


def _without_table(m: Match) -> tuple[object, ...]:
    return (m.round, m.first, m.second, m.boards, m.forfeit)


@pytest.mark.parametrize(("name", "text"), _texts(), ids=[n for n, _ in _texts()])
def test_without_table_order_only_the_table_numbers_differ(name: str, text: str) -> None:
    ordered = read_tournament(text)
    lean = read_tournament(text, table_order=False)
    assert [r.number for r in lean.rounds] == [r.number for r in ordered.rounds]
    for a, b in zip(ordered.rounds, lean.rounds, strict=True):
        assert sorted(map(_without_table, a.matches), key=repr) == sorted(map(_without_table, b.matches), key=repr)
        assert [m.table for m in b.matches] == list(range(1, len(b.matches) + 1))
        assert all(m.second is not None for m in b.matches[:-1])  # a PAB only last
        assert (a.start, a.completed) == (b.start, b.completed)
    assert (lean.teams, lean.players, lean.rules) == (ordered.teams, ordered.players, ordered.rules)
    assert _standings(lean) == _standings(ordered)


def _standings(t: Tournament) -> object:
    st = compute_standings(t)
    return [(r.rank, r.team_id, r.mp, r.gp, r.tiebreaks, r.tied) for r in st.rows]
