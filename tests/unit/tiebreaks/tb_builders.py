"""A compact way to write team tournaments in tests.

``build(["A", "B", ...], rounds)``: teams get ids 1.. in list order (tpn == id) and four
players each (ids ``10 * team_id + board``). A round is a list of matches:

- ``("A", "B", "1=01")``: first team's result per board, ``1`` ``=`` ``0`` for games,
  ``+`` / ``-`` for an individual forfeit win/loss, ``x`` for a double board forfeit;
- ``("E", None)``: pairing-allocated bye;
- ``("D", "E", "forfeit:second")``: match forfeit, naming the absent side.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date

from app.services.rules import Rules
from app.services.tournament import BoardGame, Club, Match, Player, Round, Team, Tournament

FIRST_POV = {"1": ("1-0", "0-1"), "0": ("0-1", "1-0"), "=": ("1/2-1/2", "1/2-1/2"),
             "+": ("+/-", "-/+"), "-": ("-/+", "+/-"), "x": ("-/-", "-/-")}


def board_result(ch: str, first_white: bool) -> str:
    white_first, black_first = FIRST_POV[ch]
    return white_first if first_white else black_first


def build(
    names: Sequence[str],
    rounds: Sequence[Sequence[tuple]],
    rules: Rules | None = None,
    ratings: dict[int, int | None] | None = None,
    union: Sequence[str] = (),
    start: date | None = None,
) -> Tournament:
    rules = rules or Rules(rounds=max(len(rounds), 1), start_date=start)
    ids = {n: i + 1 for i, n in enumerate(names)}
    pattern = rules.pairing.board_colour_pattern
    clubs = tuple(Club(id=i, name=f"Club {n}", union_member=n in union) for n, i in ids.items())
    teams = tuple(
        Team(id=i, name=n, club_id=i, tpn=i, roster=tuple(10 * i + b for b in range(1, rules.boards + 1)))
        for n, i in ids.items()
    )
    ratings = ratings or {}
    players = tuple(
        Player(id=pid, name=f"{n}{pid % 10}", fide_rating=ratings.get(pid, 2000 - pid))
        for n, i in ids.items()
        for pid in teams[i - 1].roster
    )
    out_rounds = []
    for rno, matches in enumerate(rounds, start=1):
        ms = []
        for table, spec in enumerate(matches, start=1):
            a = ids[spec[0]]
            if spec[1] is None:
                ms.append(Match(round=rno, table=table, first=a, second=None))
                continue
            b = ids[spec[1]]
            res = spec[2]
            if res.startswith("forfeit:"):
                ms.append(Match(round=rno, table=table, first=a, second=b, forfeit=res.split(":")[1]))
                continue
            boards = []
            for k, ch in enumerate(res, start=1):
                fw = pattern[k - 1] == "W"
                boards.append(BoardGame(board=k, first_player=10 * a + k, second_player=10 * b + k,
                                        first_white=fw, result=board_result(ch, fw)))
            ms.append(Match(round=rno, table=table, first=a, second=b, boards=tuple(boards)))
        out_rounds.append(Round(number=rno, matches=tuple(ms), completed=True))
    return Tournament(name="test", rules=rules, teams=teams, players=players, clubs=clubs,
                      rounds=tuple(out_rounds))


#: Example 1 (also ``data/example1_*.trf``): byes, a match forfeit, a board forfeit
EXAMPLE1 = [
    [("A", "B", "1=01"), ("C", "D", "=10="), ("E", None)],
    [("A", "C", "0==+"), ("B", "E", "1=1="), ("D", None)],
    [("B", "C", "=010"), ("D", "E", "forfeit:second"), ("A", None)],
]

#: Example 2: every match 2-2, so only TBR (C.07 12.2) separates the four teams
EXAMPLE2 = [
    [("W", "X", "10=="), ("Y", "Z", "====")],
    [("W", "Y", "=10="), ("X", "Z", "1=0=")],
    [("W", "Z", "===="), ("X", "Y", "==10")],
]


def example1(text: str = "2026") -> Tournament:
    return build("ABCDE", EXAMPLE1, rules=Rules(rounds=3, tiebreak_rules=text))


def example2() -> Tournament:
    return build("WXYZ", EXAMPLE2, rules=Rules(rounds=3))


def random_tournament(
    seed: int, n_teams: int, n_rounds: int, text: str, double_forfeits: bool = True, absent: float = 0.08,
    mixed_forfeits: bool = True,
) -> Tournament:
    """Random pairings (rematches allowed), board results with some board forfeits, whole-match
    forfeits, unpaired teams and a PAB for an odd count. ``mixed_forfeits``: allow matches
    where every board is forfeited but both teams score (played, as FIDE TEC's checker reads
    them: :func:`app.services.tournament.match_played`), or with a double forfeit on some board
    (its Art. 12 board points: we keep the board's 0, the checker gives every board of an
    unplayed match the match result, so BC/TBR/BBE may differ there)."""
    rng = random.Random(seed)
    rules = Rules(rounds=n_rounds, tiebreak_rules=text, boards=4)
    teams = tuple(Team(id=i, name=f"T{i}", tpn=i) for i in range(1, n_teams + 1))
    rounds = []
    for rno in range(1, n_rounds + 1):
        ids = [t.id for t in teams if rng.random() > absent]  # some teams not paired
        rng.shuffle(ids)
        matches = []
        table = 1
        while len(ids) >= 2:
            a, b = ids.pop(), ids.pop()
            x = rng.random()
            sides = ["first", "second", "both"] if double_forfeits else ["first", "second"]
            dff = 1 if double_forfeits else 0
            if x < 0.06:
                matches.append(Match(rno, table, a, b, forfeit=rng.choice(sides)))
            else:
                if x > 0.1:
                    chars = rng.choices("10=+-x", weights=[30, 30, 30, 3, 3, dff], k=4)
                elif mixed_forfeits:
                    chars = rng.choices("+-x", weights=[1, 1, dff], k=4)
                else:
                    chars = [rng.choice("+-")] * 4
                boards = tuple(BoardGame(k, 10 * a + k, 10 * b + k, k % 2 == 1, board_result(c, k % 2 == 1))
                               for k, c in enumerate(chars, 1))
                matches.append(Match(rno, table, a, b, boards=boards))
            table += 1
        if ids:
            matches.append(Match(rno, table, ids.pop(), None))
        rounds.append(Round(rno, tuple(matches), completed=True))
    return Tournament(name="random", rules=rules, teams=teams, rounds=tuple(rounds))
