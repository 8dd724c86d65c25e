"""Team round robins: the Berger tables of FIDE C.05 Annex 1 and the schedule of one or two cycles.

The expected tables are made here in two ways that do not use the module under test: the annex's own tables
for 4, 6, 8 and 10 numbers (and the second half of its table of 16), written out; and, for every size, the
annex's construction by a list of the numbers 1..n-1 that turns by n/2 places each round (round 1 is 1-n,
2-(n-1), 3-(n-2), ...; number n sits at table 1, with Black in odd rounds and White in even ones).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from app.services.errors import InvalidInput
from app.services.round_robin import (
    berger_table,
    check_field,
    draw_lots,
    rounds_needed,
    schedule,
    table_size,
)

# C.05 Annex 1, written out: round by round, "white-black" by table
ANNEX = {
    4: "1-4 2-3 | 4-3 1-2 | 2-4 3-1",
    6: "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1",
    8: "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | 3-8 4-2 5-1 6-7 | "
       "8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
    10: "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | 10-7 8-6 9-5 1-4 2-3 | "
        "3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | 4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | "
        "5-10 6-4 7-3 8-2 9-1",
}
#: rounds 7 to 15 of the annex's table for 15 and 16 players
ANNEX_16_FROM_7 = (
    "4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12 | 16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5 | "
    "5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13 | 16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6 | "
    "6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14 | 16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7 | "
    "7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15 | 16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8 | "
    "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1"
)


def _parse(text: str) -> list[list[tuple[int, int]]]:
    return [[(int(a), int(b)) for a, b in (g.split("-") for g in rnd.split())] for rnd in text.split("|")]


def _rotation_table(n: int) -> list[list[tuple[int, int]]]:
    """The annex's construction, stated apart from the module: the numbers 1..n-1 in a list; at table 1 the
    list's head meets n, at table k its k-th number (White) meets its k-th from the end; then the list turns
    by n/2 places."""
    ring = list(range(1, n))
    rounds = []
    for r in range(1, n):
        first = (ring[0], n) if r % 2 else (n, ring[0])
        rounds.append([first] + [(ring[k], ring[n - 1 - k]) for k in range(1, n // 2)])
        ring = ring[n // 2:] + ring[: n // 2]
    return rounds


def _as_lists(table: tuple[tuple[tuple[int, int], ...], ...]) -> list[list[tuple[int, int]]]:
    return [list(rnd) for rnd in table]


@pytest.mark.parametrize("n", sorted(ANNEX))
def test_the_tables_are_the_annex_tables(n: int) -> None:
    assert _as_lists(berger_table(n)) == _parse(ANNEX[n])


def test_the_table_of_sixteen_ends_as_the_annex_prints_it() -> None:
    assert _as_lists(berger_table(16))[6:] == _parse(ANNEX_16_FROM_7)


@pytest.mark.parametrize("n", range(4, 18, 2))
def test_the_tables_follow_the_annex_construction(n: int) -> None:
    assert _as_lists(berger_table(n)) == _rotation_table(n)


def _pairs(rnd: tuple) -> list[tuple[int, int | None]]:  # type: ignore[type-arg]
    return [(p.white, p.black) for p in rnd]


def _expected_round(teams: int, table_round: list[tuple[int, int]], reverse: bool) -> list[tuple[int, int | None]]:
    """A table's round as a field of ``teams`` plays it: the bye's number (an odd field's n + 1) gives its
    opponent the bye, listed last."""
    games = [((b, w) if reverse else (w, b)) for w, b in table_round if max(w, b) <= teams]
    byes: list[tuple[int, int | None]] = [(min(w, b), None) for w, b in table_round if max(w, b) > teams]
    return [*games, *byes]


@pytest.mark.parametrize("cycles", [1, 2])
@pytest.mark.parametrize("teams", range(3, 17))
def test_each_round_is_the_berger_round_by_pairing_number(teams: int, cycles: int) -> None:
    n = teams + teams % 2
    table = _rotation_table(n)
    order = list(range(n - 1))
    if cycles == 2:  # the annex recommends the last two rounds of the first cycle swapped
        order[-2], order[-1] = order[-1], order[-2]
    expected = [_expected_round(teams, table[i], reverse=False) for i in order]
    if cycles == 2:  # the second cycle: the table again, colours reversed
        expected += [_expected_round(teams, table[i], reverse=True) for i in range(n - 1)]
    got = schedule(teams, cycles)
    assert [_pairs(rnd) for rnd in got] == expected
    assert len(got) == rounds_needed(teams, cycles) == (n - 1) * cycles
    for rnd in got:
        assert [p.table for p in rnd] == list(range(1, len(rnd) + 1))


@pytest.mark.parametrize("cycles", [1, 2])
@pytest.mark.parametrize("teams", range(3, 17))
def test_every_pair_meets_once_per_cycle_and_every_team_plays_each_round(teams: int, cycles: int) -> None:
    rounds = schedule(teams, cycles)
    per_cycle = len(rounds) // cycles
    for c in range(cycles):
        met: Counter[frozenset[int]] = Counter()
        byes: Counter[int] = Counter()
        for rnd in rounds[c * per_cycle:(c + 1) * per_cycle]:
            seen = [t for p in rnd for t in (p.white, p.black) if t is not None]
            assert sorted(seen) == list(range(1, teams + 1))  # everyone once in every round
            for p in rnd:
                if p.black is None:
                    byes[p.white] += 1
                else:
                    met[frozenset((p.white, p.black))] += 1
        assert met == Counter({frozenset(pair): 1 for pair in combinations(range(1, teams + 1), 2)})
        assert byes == (Counter(dict.fromkeys(range(1, teams + 1), 1)) if teams % 2 else Counter())


@pytest.mark.parametrize("teams", range(3, 17))
def test_board_one_colours_are_reversed_in_the_second_cycle(teams: int) -> None:
    rounds = schedule(teams, 2)
    first = {(p.white, p.black) for rnd in rounds[: len(rounds) // 2] for p in rnd if p.black is not None}
    second = {(p.white, p.black) for rnd in rounds[len(rounds) // 2:] for p in rnd if p.black is not None}
    assert second == {(b, w) for w, b in first}


@pytest.mark.parametrize("teams", range(3, 17))
def test_nobody_has_one_colour_three_rounds_running_in_a_double_round_robin(teams: int) -> None:
    colours: dict[int, str] = dict.fromkeys(range(1, teams + 1), "")
    for rnd in schedule(teams, 2):
        for p in rnd:
            if p.black is None:
                colours[p.white] += "-"
            else:
                colours[p.white] += "W"
                colours[p.black] += "B"
    assert not [t for t, c in colours.items() if "WWW" in c or "BBB" in c]


def test_a_single_cycle_keeps_the_table_order() -> None:
    assert [_pairs(r) for r in schedule(4, 1)] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    # three teams play the table of four: number 4 is the bye
    assert [_pairs(r) for r in schedule(3, 1)] == [[(2, 3), (1, None)], [(1, 2), (3, None)], [(3, 1), (2, None)]]


@pytest.mark.parametrize(("teams", "cycles"), [(2, 1), (17, 1), (5, 3), (5, 0)])
def test_a_field_a_round_robin_cannot_have_is_refused(teams: int, cycles: int) -> None:
    with pytest.raises(InvalidInput) as exc:
        check_field(teams, cycles)
    assert exc.value.rule == "C.05"


def test_table_sizes() -> None:
    assert [table_size(n) for n in (3, 4, 5, 16)] == [4, 4, 6, 16]
    assert rounds_needed(5, 2) == 10 and rounds_needed(6, 1) == 5


def test_the_lot_is_reproducible_from_its_seed() -> None:
    ids = list(range(100, 112))
    drawn = draw_lots(ids, 12345)
    assert sorted(drawn) == ids
    assert drawn == draw_lots(ids, 12345)
    assert drawn != ids  # twelve teams left in their order by a draw: one chance in 479 million
    assert len({tuple(draw_lots(ids, s)) for s in range(20)}) == 20
    # a recorded seed gives the same numbers in every version (the stream is SHA-256, not ``random``)
    assert draw_lots([1, 2, 3, 4, 5, 6, 7, 8], 7) == [7, 6, 3, 8, 5, 1, 2, 4]


def test_a_round_maps_pairing_numbers_to_teams_and_the_absent_forfeit() -> None:
    from app.services.round_robin import ScheduledMatch, round_matches

    team_of = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15}
    # five teams play the table of six: round 1 is 1-6 (1's bye), 2-5, 3-4
    assert round_matches(team_of, 1, 1) == (ScheduledMatch(1, 12, 15), ScheduledMatch(2, 13, 14),
                                            ScheduledMatch(3, 11, None))
    # a withdrawn team keeps its schedule: its opponent wins by forfeit
    assert round_matches(team_of, 1, 1, frozenset({15, 13, 14})) == (
        ScheduledMatch(1, 12, 15, "second"), ScheduledMatch(2, 13, 14, "both"), ScheduledMatch(3, 11, None))
    with pytest.raises(InvalidInput):
        round_matches(team_of, 1, 6)
    with pytest.raises(InvalidInput):
        round_matches({1: 11, 3: 13, 4: 14}, 1, 1)


def test_the_pair_command_gives_a_round_robin_file_its_berger_round(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The file commands read the system from record 192: a round robin's next round is the table's."""
    from app.cli.main import main
    from app.services.generator import generate
    from app.services.trf import write_tournament

    g = generate(6, 1, boards=4, seed=3, forfeit_rate=0.0, absent_rate=0.0)
    rr = g.__class__(**{**{f: getattr(g, f) for f in ("name", "teams", "players", "clubs")},
                        "rules": g.rules.replace(system="round_robin", rounds=5), "rounds": ()})
    path = tmp_path / "rr.trf"
    path.write_text(write_tournament(rr), encoding="utf-8")
    assert "192 FIDE_TEAM_ROUNDROBIN" in path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["pair", str(path), "--round", "2"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[:4] == ["3", "6 4", "5 3", "1 2"]  # the annex's round 2 for six: 6-4, 5-3, 1-2


def test_the_check_command_finds_a_round_robin_file_as_the_table_pairs_it(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main
    from app.services.generator import generate
    from app.services.tournament import BoardGame, Match, Round
    from app.services.trf import write_tournament

    g = generate(5, 1, boards=2, seed=5, forfeit_rate=0.0, absent_rate=0.0)
    by_tpn = {team.tpn: team for team in g.teams}
    rounds = []
    for n, rnd in enumerate(schedule(5, 2)[:3], start=1):
        matches = tuple(
            Match(n, p.table, by_tpn[p.white].id, None if p.black is None else by_tpn[p.black].id,
                  boards=() if p.black is None else tuple(
                      BoardGame(b, by_tpn[p.white].roster[b - 1], by_tpn[p.black].roster[b - 1], b == 1, "1/2-1/2")
                      for b in (1, 2)))
            for p in rnd)
        rounds.append(Round(n, matches, completed=True))
    rr = g.__class__(**{**{f: getattr(g, f) for f in ("name", "teams", "players", "clubs")},
                        "rules": g.rules.replace(system="round_robin", cycles=2, rounds=10), "rounds": tuple(rounds)})
    path = tmp_path / "rr.trf"
    path.write_text(write_tournament(rr), encoding="utf-8")
    assert "192 FIDE_TEAM_DOUBLEROUNDROBIN" in path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "Check: True"
