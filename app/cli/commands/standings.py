"""``teamswiss standings FILE``: team standings with FIDE C.07 tie-breaks from a TRF file.

Usage::

    teamswiss standings FILE [--tiebreaks "MPTS DE EMGSB/C1 GPTS TBR"] [--pab MP,GP]
                             [--forfeit-gp N] [--rules 2024|2026] [--round N] [--json]

FILE is a TRF-2026 or TRF16 team file (``-`` reads standard input). The scoring, the
PAB score (320 record) and the tie-break list (202/212 records) come from the file;
the flags override it:

- ``--tiebreaks``: C.07 / TRF-2026 codes separated by spaces or commas (see
  :mod:`app.services.tiebreaks` for the list); if the list does not start with MPTS or
  GPTS, the primary score ranks first.
- ``--pab MP,GP``: match and game points of the pairing-allocated bye (e.g. ``2,2.5``).
- ``--forfeit-gp N``: game points of a match won by forfeit (R-7.3).
- ``--rules 2024|2026``: the C.07 Art. 16 text for unplayed rounds; by default the 2026
  text, or the 2024 text when the file's start date (042) is before 2026-03-01.
- ``--round N``: standings after round N (later rounds are ignored entirely); N beyond
  the file's last paired round is refused (exit 2).

Text output: one header line, then one line per team in rank order, columns separated
by two or more spaces::

    Rank  TPN  Team  MP  GP  W  D  L  Bye  F+  F-  <one column per tie-break code>

A rank shared by tied teams (R-8.2: ties that survive the whole list are not broken) is
written with a trailing ``=`` (``2=``).

JSON output (``--json``)::

    {"after_round": null | N, "rules": "2026", "tiebreaks": ["MPTS", ...],
     "rows": [{"rank": 1, "tied": false,
               "team": {"id": 4, "name": "D", "tpn": 4, "club": null},
               "mp": "5", "gp": "8.5", "won": 2, "drawn": 1, "lost": 0,
               "byes": 0, "forfeit_wins": 0, "forfeit_losses": 0,
               "tiebreaks": [{"code": "MPTS", "value": "5"}, ...]}, ...]}

Every score and tie-break value, in both formats, is exact: a decimal string when the
value has a finite decimal expansion (``"13.5"``, ``"7"``, ``"0.25"``), otherwise a
fraction ``"a/b"`` (``"27/7"``). Group tie-breaks (DE, DE-ALLMET, EDE and its chains,
TBR, BBE) show the team's position inside the group of teams tied when they were applied
(1 = first; 1 also for a team no longer tied at that point).
W/D/L count the played matches, by the match points awarded; pairing-allocated byes
(Bye) and matches won (F+) or lost (F-, double forfeits included) without being played
are counted apart, whatever they are worth.

Exit codes: 0 success, 2 bad input (unknown tie-break, bad flag), 3 unreadable file.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys

from app.cli.commands import HelpFormatter
from app.presentation.standings import standings_to_dict
from app.services.errors import InvalidInput
from app.services.rules import fide_default, points_option
from app.services.standings import Standings, compute_standings, format_value
from app.services.tournament import Tournament

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from typing import Any

HELP = """Print the standings of a team tournament file with FIDE C.07 tie-breaks. The scoring, the bye's points
and the tie-break list come from the file; the options override them.

Text: a header "Rank  TPN  Team  MP  GP  W  D  L  Bye  F+  F-  <one column per tie-break>", then one line per
team in rank order, columns separated by two or more spaces. Teams still equal after every tie-break share their rank,
written "2=" (R-8.2: such ties are not broken). --json prints the same rows as the API's standings:
{"after_round", "rules", "tiebreaks", "rows": [{"rank", "tied", "team", "mp", "gp", "won", "drawn", "lost",
"byes", "forfeit_wins", "forfeit_losses", "tiebreaks": [{"code", "value"}]}]}. W/D/L count played matches only.

Every value is exact: a decimal when it has a finite expansion ("13.5"), else a fraction ("27/7"). Group
tie-breaks (DE, DE-ALLMET, TBR, BBE) give the team's place in the group still tied when they applied.

Exit status: 0 printed; 2 bad input (an unknown tie-break, a bad option); 3 the file cannot be read."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "standings",
        help="team standings with FIDE C.07 tie-breaks from a TRF file",
        description=HELP,
        epilog="examples:\n  teamswiss standings open.trf\n"
               "  teamswiss standings open.trf --tiebreaks \"MPTS GPTS EGGSB BH:MP\" --round 5 --json",
        formatter_class=HelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="the TRF-2026 or TRF16 team file ('-' reads standard input)")
    p.add_argument("--tiebreaks", metavar="CODES",
                   help='tie-break codes separated by spaces or commas, e.g. "MPTS DE EMGSB/C1 GPTS TBR" '
                        "(default: the file's list); the primary score ranks first when the list does not "
                        "start with MPTS or GPTS")
    p.add_argument("--pab", metavar="MP,GP", help="match and game points of the pairing-allocated bye, e.g. 2,2.5 "
                   "(default: the file's)")
    p.add_argument("--forfeit-gp", metavar="N", help="game points of a match won by forfeit (R-7.3)")
    p.add_argument("--rules", choices=("2024", "2026"),
                   help="the C.07 Art. 16 text for unplayed rounds (default: 2026, or 2024 for an event that "
                        "started before 2026-03-01)")
    p.add_argument("--round", type=int, metavar="N", help="the standings after round N (default: the last)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=handler)


def load(args: argparse.Namespace) -> Tournament:
    """Read FILE and apply the overriding flags."""
    from app.cli.commands.files import read_trf
    from app.services.trf import read_tournament_with_warnings

    text = read_trf(args.file)
    base = fide_default().replace(tiebreak_rules=None)
    t, warnings = read_tournament_with_warnings(text, base_rules=base, table_order=False)  # no table is read
    for w in warnings:  # what was skipped, guessed or not applied; the list ranked with when the file has none
        if w.kind != "tiebreaks" or args.tiebreaks is None:
            print(f"teamswiss: warning: {w}", file=sys.stderr)
    changes: dict[str, Any] = {}
    if t.rules.start_date is None and t.start_date is not None:
        changes["start_date"] = t.start_date  # C.07 text by the file's start date (042)
    if args.pab:
        parts = args.pab.split(",")
        if len(parts) != 2:
            raise InvalidInput("R-7.5", "--pab: expected MP,GP, got {pab!r}",
                               params={"pab": args.pab})
        changes["bye_mp"] = points_option(parts[0], "--pab")
        changes["bye_gp"] = points_option(parts[1], "--pab")
    if args.forfeit_gp is not None:
        changes["forfeit_win_gp"] = points_option(args.forfeit_gp, "--forfeit-gp")
    if args.rules:
        changes["tiebreak_rules"] = args.rules
    if changes:
        t = dataclasses.replace(t, rules=t.rules.replace(**changes))
    return t


def render_text(t: Tournament, st: Standings) -> str:
    header = ["Rank", "TPN", "Team", "MP", "GP", "W", "D", "L", "Bye", "F+", "F-", *st.tiebreak_codes]
    lines = [header]
    for r in st.rows:
        team = t.team(r.team_id)
        lines.append([
            f"{r.rank}{'=' if r.tied else ''}",
            str(team.tpn if team.tpn is not None else team.id),
            team.name,
            format_value(r.mp),
            format_value(r.gp),
            str(r.won),
            str(r.drawn),
            str(r.lost),
            str(r.byes),
            str(r.forfeit_wins),
            str(r.forfeit_losses),
            *(format_value(v) for _, v in r.tiebreaks),
        ])
    widths = [max(len(row[i]) for row in lines) for i in range(len(header))]
    out = []
    for row in lines:
        cells = []
        for i, cell in enumerate(row):
            cells.append(cell.ljust(widths[i]) if i == 2 else cell.rjust(widths[i]))
        out.append("  ".join(cells).rstrip())
    return "\n".join(out) + "\n"


def handler(args: argparse.Namespace) -> int:
    t = load(args)
    codes: tuple[str, ...] | None = None
    if args.tiebreaks is not None:
        codes = tuple(c for c in args.tiebreaks.replace(",", " ").split() if c)
    if args.round is not None and args.round < 0:
        raise InvalidInput(None, "--round must be 0 or more")
    last = max((r.number for r in t.completed_rounds()), default=0)
    if args.round is not None and args.round > last:
        raise InvalidInput(None, "--round {round}: the file has no round after {last}",
                           params={"round": args.round, "last": last})
    st = compute_standings(t, after_round=args.round, tiebreaks=codes)
    if args.json:
        import json  # only here: the text output does not need it

        sys.stdout.write(json.dumps(standings_to_dict(t, st), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(render_text(t, st))
    return 0
