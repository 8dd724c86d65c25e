"""Read a TRF-2026 (or TRF16) team tournament into a :class:`Tournament`.

Spec: FIDE TRF-2026 and TRF16 (C.04 Annex 2), with the records a team event uses (310/013, 300,
320, 330, 192, 352, 362).

The reader is column-exact where the spec is, lenient where real files are sloppy
(as Swiss-Manager's exports are: ruler lines, ``062 129 (88)``, ``2014/00/00`` birth dates, ``0000`` ratings,
``0000 - -`` blocks for players who did not play) and strict where a file is wrong: a
number that is not a number, an unknown result code, a misaligned round block, a game whose
two players do not name each other, a roster naming an unknown player. Those raise
``FileFormatError(line, ...)`` with the 1-based line number.

How matches are rebuilt (a team event stores games, not matches):

* a game between players of teams A and B in round r puts A and B in one match; the team
  whose board-1 player has White is the match's ``first`` team (C.04.6 1.6.1);
* boards are in roster (310/013) order, unless a ``300`` record gives the lineup of a team
  (out-of-order boards, ``0000`` = empty board);
* ``330`` records are match-level forfeits (``+-`` = the White team wins, so the second
  team did not show up), ``320`` names the team with the pairing-allocated bye of each
  round and the PAB's MP/GP; a player result ``U`` also marks the PAB (TRF16 files);
* no ``152`` record: the initial colour is read back from the played round 1 (see
  ``_lot_from_round1``), so a checker accepts whichever lot was drawn; without a played
  round 1 the base rules' colour stays;
* a TRF16 file (013 records) from Swiss-Manager / chess-results cannot say "PAB": the team
  that had it shows ``0000 - -`` on every board. When such a file has no
  ``U`` anywhere, a round in which every team but one has a game (or a 330 forfeit) gives the
  PAB to that one team, if the field is odd, the team shows ``0000 - -`` (not blank blocks or
  ``Z``, which say absent), has not won a match by forfeit before (C.04.6 [C2]: the whole match, every
  board it had forfeited and none played; one board won by forfeit beside boards played is no such win),
  and is not the lone team without a game
  in another round too (a team gets the PAB once: twice means it was absent). Each such
  round is reported as a ``TrfWarning`` of kind ``"pab"``; more than one team without a game
  leaves them all absent;
* round codes are reconciled with the 001 points field first (:mod:`app.services.trf.reconcile`): a
  double-forfeit board or a ``0000 - -`` block that the player's points count as a win is a forfeit win;
  a contradiction the points cannot resolve is a warning naming the line;
* tables follow GHR C.04.2 3.6 (higher score of the higher-ranked team, then the sum of
  scores, then the smaller TPN) on the primary score before the round, PAB last, because
  the file does not store them (C.04.6 is silent on it; this is Gacrux's reading).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from fractions import Fraction

from app.services.acceleration import baku_ranges
from app.services.errors import DomainError, FileFormatError, Text
from app.services.rules import PairingSettings, Rules, fide_default
from app.services.tournament import Round, Team, Tournament
from app.services.trf.common import TrfWarning, tiebreaks_from_file
from app.services.trf.matches import _Ctx
from app.services.trf.reconcile import reconcile_points
from app.services.trf.records import _EXPECTED, _read_date, _State, _TeamRec, read_records, split_lines
from app.services.trf.team_records import forfeit_points, team_records

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from typing import Any


def read_tournament(text: str, base_rules: Rules | None = None, *, table_order: bool = True) -> Tournament:
    """Read a TRF-2026 / TRF16 team tournament; see the module docstring.

    ``table_order=False`` skips the board order of the matches (GHR C.04.2 3.6, which needs every
    team's score before each round): each round's tables are then numbered in the order the matches
    are rebuilt, the PAB still last. For callers that never read tables, such as the standings."""
    return read_tournament_with_warnings(text, base_rules, table_order=table_order)[0]


def read_tournament_with_warnings(
    text: str, base_rules: Rules | None = None, *, table_order: bool = True
) -> tuple[Tournament, tuple[TrfWarning, ...]]:
    """Like :func:`read_tournament`, also returning what was skipped or guessed."""
    return _build(read_records(text), base_rules or fide_default(), table_order)


def fingerprint(text: str) -> str:
    """SHA-256 (hex) of the file's records: the same file saved with other line ends, trailing
    blanks, blank lines or a byte-order mark has the same fingerprint."""
    lines = [x.rstrip() for x in split_lines(text.removeprefix("\ufeff"))]
    import hashlib  # here: only an import needs it

    return hashlib.sha256("\n".join(x for x in lines if x).encode("utf-8")).hexdigest()


# --- building the tournament -------------------------------------------------------------------


def _build(st: _State, base: Rules, table_order: bool = True) -> tuple[Tournament, tuple[TrfWarning, ...]]:
    teams = st.teams310 or {t.tpn: t for t in st.teams013}
    if st.teams310 and st.teams013:
        st.warn(st.teams013[0].line, "both 310 and 013 team records: the 013 records are ignored")
    end = "end of file"
    if not teams and not st.players:
        raise FileFormatError(st.last_line, "{end}: no 001 player records and no 013/310 team records: not a TRF "
                              "tournament file; expected {expected}",
                              params={"end": end, "expected": _EXPECTED})
    if not teams:
        raise FileFormatError(st.last_line, "{end}: no team records (310 or 013) after {n_players} player records: "
                              "not a team tournament, or the file is cut short",
                              params={"end": end, "n_players": len(st.players)})
    player_team: dict[int, int] = {}
    roster_pos: dict[int, int] = {}
    for t in teams.values():
        for k, pid in enumerate(t.roster):
            if pid not in st.players:
                raise FileFormatError(t.line, "team {tpn}: player {pid} has no 001 record",
                                      params={"tpn": t.tpn, "pid": pid})
            if pid in player_team:
                raise FileFormatError(t.line, "player {pid} is in teams {player_team} and {tpn}",
                                      params={"pid": pid, "player_team": player_team[pid], "tpn": t.tpn})
            player_team[pid] = t.tpn
            roster_pos[pid] = k
            st.players[pid].team = t.tpn
    for pid, rec in st.players.items():
        if pid not in player_team and any(b.opponent or b.code == "U" for b in rec.blocks.values()):
            raise FileFormatError(rec.line, "player {pid} plays but is in no team",
                                  params={"pid": pid})

    reconcile_points(st, player_team)
    last_round = max(
        [st.rounds or 0, *(max(p.blocks, default=0) for p in st.players.values()),
         *st.pab, *st.forfeits, *(r for r, _ in st.out_of_order)]
    )
    rules = _rules(st, base, teams, last_round)
    ctx = _Ctx(st, teams, player_team, roster_pos, rules, table_order)
    rounds: list[Round] = []
    partial = Tournament(name="", rules=rules, teams=())
    team_objs = tuple(
        Team(id=t.tpn, name=t.name, tpn=t.tpn, roster=tuple(t.roster), nickname=t.nickname)
        for t in sorted(teams.values(), key=lambda t: t.tpn)
    )
    for r in range(1, last_round + 1):
        if table_order:  # the board order of round r reads the scores of the rounds before it
            partial = dataclasses.replace(partial, teams=team_objs, rounds=tuple(rounds))
        matches = ctx.round_matches(r, partial)
        if matches:
            start = st.round_dates.get(r)
            rounds.append(Round(
                number=r,
                matches=matches,
                start=datetime(start.year, start.month, start.day, tzinfo=rules.zone) if start else None,
                completed=all(m.complete for m in matches),
            ))
    if st.initial_colour is None:  # no 152: the lot drawn is the one round 1 shows (C.04.6 4.1, 4.3.1)
        lot = _lot_from_round1(rounds)
        if lot is not None:
            rules = dataclasses.replace(rules, pairing=dataclasses.replace(rules.pairing, initial_colour=lot))
    adjustments, absences = team_records(st, rules, rounds, set(teams))
    h = st.header
    tournament = Tournament(
        name=h.get("name", ""),
        rules=rules,
        teams=team_objs,
        players=tuple(st.players[p].player for p in sorted(st.players)),
        rounds=tuple(rounds),
        city=h.get("city", ""),
        federation=h.get("federation", ""),
        start_date=_read_date(h.get("start", ""), st.header_lines.get("start", 0), "start date", st),
        end_date=_read_date(h.get("end", ""), st.header_lines.get("end", 0), "end date", st),
        tournament_type=h.get("type", "") or ("Team round robin" if st.round_robin_cycles else "Swiss team"),
        chief_arbiter=h.get("chief", ""),
        deputy_arbiters=tuple(st.deputies),
        adjustments=adjustments,
        absences=absences,
    )
    return tournament, st.all_warnings()


def _lot_from_round1(rounds: list[Round]) -> str | None:
    """The initial colour (C.04.6 4.1) that the played round 1 witnesses, None if nothing does.

    In round 1 every score is zero, so the first-team of a match is the one with the smaller
    TPN (4.2.3), and 4.3.1 gave it the initial colour if its TPN is odd, the other colour if
    it is even. The played match holding the smallest TPN is read (as FIDE's reference does);
    a forfeited match, a match with no game played and the PAB show no colour (1.6.1, 1.4).
    Team ids are TPNs here.
    """
    first_round = next((r for r in rounds if r.number == 1), None)
    if first_round is None:
        return None
    played = [m for m in first_round.matches if m.second is not None and m.games_played() > 0]
    if not played:
        return None
    m = min(played, key=lambda x: min(x.first, x.second or 0))
    assert m.second is not None
    first = min(m.first, m.second)
    colour = "W" if first == m.first else "B"
    return colour if first % 2 == 1 else ("B" if colour == "W" else "W")


def _rules(st: _State, base: Rules, teams: dict[int, _TeamRec], last_round: int) -> Rules:
    """``base`` with what the file says filled in (see the module docstring)."""
    boards = len(st.pattern) if st.pattern else None
    if boards is None:
        most = 0
        per_team_round: dict[tuple[int, int], int] = {}
        member = {pid: t.tpn for t in teams.values() for pid in t.roster}
        for pid, rec in st.players.items():
            for r, b in rec.blocks.items():
                if (b.opponent or b.code == "+") and pid in member:
                    key = (r, member[pid])
                    per_team_round[key] = per_team_round.get(key, 0) + 1
        for (_, lineup, _) in st.out_of_order.values():
            most = max(most, len(lineup))
        most = max([most, *per_team_round.values()])
        boards = most or base.boards
    pattern = st.pattern or (base.pairing.board_colour_pattern if boards == base.boards
                             else ("WB" * boards)[:boards])
    # settings of several types, each checked when the rules are made (validate_rules)
    pairing_changes: dict[str, Any] = {"board_colour_pattern": pattern}
    if st.type_code:
        pairing_changes.update(st.type_code)
    if st.initial_colour:
        pairing_changes["initial_colour"] = st.initial_colour
    if st.forbidden:
        pairing_changes["forbidden_pairs"] = tuple(st.forbidden)
    if st.accelerations:  # 250 overrides an acceleration named in 192 (TRF-2026)
        pairing_changes["accelerated_rounds"] = tuple(a[:6] for a in st.accelerations)
    elif st.baku:
        pairing_changes["acceleration"] = "baku"
    pairing: PairingSettings = dataclasses.replace(base.pairing, **pairing_changes)
    changes: dict[str, Any] = {"boards": boards, "pairing": pairing}
    if boards != base.boards:
        changes["forfeit_win_gp"] = Fraction(boards)
        changes["min_players_per_roster"] = min(base.min_players_per_roster, boards)
        changes["min_female_per_lineup"] = min(base.min_female_per_lineup, boards)
    largest = max((len(t.roster) for t in teams.values()), default=0)
    changes["max_players_per_roster"] = max(base.max_players_per_roster, boards, largest)
    n_rounds = changes["rounds"] = max(st.rounds or last_round or base.rounds, last_round)
    if len(base.round_starts) != n_rounds:
        changes["round_starts"] = ()
    if sorted(st.round_dates) == list(range(1, n_rounds + 1)):
        # 132 dates every round: keep the base's start times if they fall on those days
        zone = base.zone
        days = [st.round_dates[r] for r in range(1, n_rounds + 1)]
        if [d.astimezone(zone).date() for d in base.round_starts] != days:
            changes["round_starts"] = tuple(datetime(d.year, d.month, d.day, tzinfo=zone) for d in days)
    if st.mp:
        changes.update(mp_win=st.mp.get("W", base.mp_win), mp_draw=st.mp.get("D", base.mp_draw),
                       mp_loss=st.mp.get("L", base.mp_loss))
        changes["forfeit_win_mp"] = changes["mp_win"]
    if st.gp:
        changes.update(gp_win=st.gp.get("W", base.gp_win), gp_draw=st.gp.get("D", base.gp_draw),
                       gp_loss=st.gp.get("L", base.gp_loss))
    forfeit = forfeit_points(st)
    if forfeit is not None:
        changes["forfeit_win_mp"], changes["forfeit_win_gp"] = forfeit
    if st.round_robin_cycles is not None:
        changes.update(system="round_robin", cycles=st.round_robin_cycles)
    if st.pab_points is not None and st.round_robin_cycles is not None:
        changes["rr_bye_mp"], changes["rr_bye_gp"] = st.pab_points  # the round robin's bye (320)
    elif st.pab_points is not None:
        changes["bye_mp"], changes["bye_gp"] = st.pab_points
    elif boards != base.boards and base.bye_gp == Fraction(base.boards, 2):
        changes["bye_gp"] = Fraction(boards, 2)  # the PAB is a drawn match (C.04.6 1.4)
    start = _read_date(st.header.get("start", ""), st.header_lines.get("start", 0), "start date", _State())
    if start is not None and base.start_date is None:
        changes["start_date"] = start
    primary = pairing.primary_score
    if st.tiebreaks212:
        changes["tiebreaks"] = tiebreaks_from_file(st.tiebreaks212, primary, True)
    elif st.tiebreaks202:
        changes["tiebreaks"] = tiebreaks_from_file(st.tiebreaks202, primary, False)
    else:  # said loudly: another list may rank the teams otherwise than the event did
        st.warn(st.last_line, "the file names no tie-breaks (202/212; TRF16 has no record for them): the teams are "
                              f"ranked with {' '.join(base.tiebreaks)}; give the event's own list with --tiebreaks "
                              "(tiebreaks= over HTTP)", kind="tiebreaks")
    if st.header.get("time_control"):
        changes["time_control"] = st.header["time_control"]
    try:
        rules = dataclasses.replace(base, **changes)
        if st.baku and st.accelerations and rules.pairing.accelerated_rounds == baku_ranges(rules, teams):
            # the ranges our writer (and others) write for a 192 ..._BAKU: the named acceleration again
            rules = dataclasses.replace(rules, pairing=dataclasses.replace(
                rules.pairing, acceleration="baku", accelerated_rounds=()))
        return rules
    except Exception as exc:  # InvalidInput from validate_rules
        said = Text(exc.template, exc.params) if isinstance(exc, DomainError) else str(exc)  # its own words
        raise FileFormatError(None, "the file's settings are not valid: {exc}", params={"exc": said}) from None
