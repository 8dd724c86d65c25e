"""File commands: ``teamswiss pair``, ``teamswiss check`` and ``teamswiss generate``.

They are the FIDE "free pairings checker" and "random tournament generator" of a
pairing program (FIDE C.02.03 7) for the C.04.6 Swiss Team
Pairing System, working on TRF-2026 team files (TRF16 files with 013 records are read too).
FILE may be ``-`` for standard input. Team numbers printed are TPNs (310 col 5-7).

``teamswiss pair FILE [--round N] [--json]``
    Pairs round N (default: the first round of the file in which no match has a result; a
    PAB is not a result) from the rounds before it; later rounds are ignored. The teams
    paired in round N in the file, if the file already has round N, are the ones present;
    otherwise every team is, but those a 240 record (F, H or Z bye for round N) or an XXZ
    record names. 299 points and 240 byes of earlier rounds count in the scores; 250 records
    and a ``..._BAKU`` record 192 accelerate the pairing (C.04.7). Text output: the number of matches on the first line
    (the PAB counts as a match), then one line per match in board order::

        4
        3 1
        4 6
        7 5
        2 0

    ``W B`` are the TPNs of the team with White on board 1 and of its opponent; the PAB is
    written ``T 0`` and comes last (the same text as Gacrux's ``pairingchecker -p -d T``).
    ``--json`` prints one object::

        {"round": 2, "pairs": [[3, 1], [4, 6], [7, 5], [2, 0]],
         "matches": [{"table": 1, "white": 3, "black": 1}, ..., {"table": 4, "white": 2, "black": 0}],
         "explanation": {...}, "explanation_lines": ["Round 2: 7 teams, ...", ...]}

    where ``explanation`` is the engine's explanation (``Explanation.to_dict()``).
    Exit status: 0 paired; 1 no legal pairing (C.04.6 3.3.3, message on stderr); 2 a bad
    round number; 3 unreadable file (the message names the line).

``teamswiss check FILE [--json]``
    Re-pairs every round of the file that has pairings, each from the rounds before it and
    with the teams the file pairs in that round as the present teams, and compares the
    result with the file: the same pairs and the same team colours (White on board 1)
    count as equal; table order does not. Text output: for every round that differs::

        Round 3: differs
          file:   1-4 5-2 3-0
          engine: 1-5 4-2 3-0

    (pairs ``W-B``, the PAB as ``T-0``; ``engine: no legal pairing (...)`` when there is
    none), then one last line ``Check: True`` (no round differs) or
    ``Check: False (k of n rounds differ: r1 r2 ...)``. ``--json`` prints
    ``{"check": bool, "rounds": [{"round": r, "equal": bool, "file": [[W, B], ...],
    "engine": [[W, B], ...] | null, "error": null | "..."}, ...]}``.
    Exit status: 0 no round differs; 1 at least one differs; 3 unreadable file.

    A file without a 152 record: the initial colour is the one its played round 1 shows
    (C.04.6 4.3.1, see ``app.services.trf.reader``), so whichever lot was drawn is accepted.
    Warnings of the reader (skipped or guessed lines) go to stderr for pair and check.

``teamswiss generate --teams N --rounds R [--boards 4] [--seed S] [--draw-rate P]
[--forfeit-rate P] [--absent-rate P] [--type-b] [--gp-primary] [--format trf2026|trf16] -o FILE``
    Writes a random tournament (``app.services.generator.generate``) paired by our engine
    as a TRF-2026 file (``-o -`` = standard output); the 310 MP, GP and ranks are the
    standings of ``app.services.standings`` with the tie-breaks of record 212. The same arguments give the same file
    byte for byte. Defaults: seed 1, draw rate 0.25, forfeit rate 0.02 (per board; a tenth of
    it per whole match), absent rate 0.02 (per team and round). ``--type-b`` uses Type B
    colour preferences (C.04.6 1.7), ``--gp-primary`` makes game points the primary score
    (C.04.6 1.2); both are written in record 192. On success it prints one line to stderr,
    ``wrote FILE: N teams, R rounds, B boards, seed S``, and exits 0; it exits 1 when the
    engine finds no legal pairing for a round.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys

from app.cli.commands import HelpFormatter
from app.services.errors import DomainError, InvalidInput, NoLegalPairing
from app.services.rules import fide_default
from app.services.tournament import Tournament

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from typing import Any

PAIR_HELP = """Pair one round of a team tournament with the FIDE C.04.6 Swiss Team Pairing System.

FILE is a TRF-2026 team file (TRF16 files with 013 team records are read too). Round N is paired from the
rounds before it; later rounds are ignored. When the file already pairs round N, its teams are the ones
present; otherwise every team is, but those a 240 record (a bye for round N) or an XXZ record names.
Record 299 (abnormal points) counts in the scores, 250 and a 192 "..._BAKU" accelerate the pairing.

Output: the number of matches on the first line (the bye counts as a match), then one line per match in
board order, "W B": the pairing numbers of the team with White on board 1 and of its opponent. The
pairing-allocated bye is written "T 0" and comes last:

    4
    3 1
    4 6
    7 5
    2 0

With --json: {"round", "pairs", "matches": [{"table", "white", "black"}], "explanation",
"explanation_lines"}: the engine's reasons (the bye, each score bracket, the upfloaters, the criteria).

Exit status: 0 paired; 1 no legal pairing exists (C.04.6 3.3.3); 2 a bad round number;
3 the file cannot be read (the message names the line)."""

CHECK_HELP = """Check the pairings of a team tournament file, as FIDE's free pairing checkers do: every paired round
is paired again from the rounds before it (with the teams the file pairs in it) and compared with the file.
The same pairs with the same team on White on board 1 are equal; the order of the tables does not matter.

Output: for every round that differs,

    Round 3: differs
      file:   1-4 5-2 3-0
      engine: 1-5 4-2 3-0

then a last line "Check: True", or "Check: False (k of n rounds differ: r1 r2 ...)".
With --json: {"check": true|false, "rounds": [{"round", "equal", "file", "engine", "error"}]}.

A file without a 152 record (the initial colour): the lot drawn is read from the played round 1.

Exit status: 0 no round differs; 1 some round differs; 3 the file cannot be read."""

GENERATE_HELP = """Write a random team tournament, paired round by round with the FIDE C.04.6 Swiss Team Pairing
System, with results drawn from the ratings: test data for pairing programs and checkers. The same
options write the same file, byte for byte. It prints "wrote FILE: N teams, R rounds, B boards, seed S" on
standard error.

Exit status: 0 written; 1 no legal pairing exists for a round; 2 bad options."""

EXAMPLES = """examples:
  teamswiss pair open.trf
  teamswiss pair open.trf --round 5 --json
  teamswiss check open.trf
  teamswiss generate --teams 24 --rounds 7 --seed 3 -o random.trf"""


def register(subparsers: Any) -> None:
    fmt = HelpFormatter
    trf = "the TRF-2026 or TRF16 team file ('-' reads standard input)"
    p = subparsers.add_parser("pair", help="pair a round of a TRF team file (FIDE C.04.6)", description=PAIR_HELP,
                              epilog=EXAMPLES, formatter_class=fmt)
    p.add_argument("file", metavar="FILE", help=trf)
    p.add_argument("--round", type=int, metavar="N",
                   help="the round to pair (default: the first round in which no match has a result)")
    p.add_argument("--json", action="store_true", help="print JSON with the engine's explanation")
    p.set_defaults(func=pair_handler)

    c = subparsers.add_parser("check", help="re-pair every round of a TRF team file and compare",
                              description=CHECK_HELP, epilog=EXAMPLES, formatter_class=fmt)
    c.add_argument("file", metavar="FILE", help=trf)
    c.add_argument("--json", action="store_true", help="print JSON instead of text")
    c.set_defaults(func=check_handler)

    g = subparsers.add_parser("generate", help="write a random team tournament as a TRF file",
                              description=GENERATE_HELP, epilog=EXAMPLES, formatter_class=fmt)
    g.add_argument("--teams", type=int, required=True, metavar="N", help="number of teams")
    g.add_argument("--rounds", type=int, required=True, metavar="R", help="number of rounds")
    g.add_argument("--boards", type=int, default=4, metavar="B", help="boards per team (default 4)")
    g.add_argument("--seed", type=int, default=1, metavar="S",
                   help="random seed: the same seed writes the same file (default 1)")
    g.add_argument("--draw-rate", type=float, default=0.25, metavar="P",
                   help="share of drawn games, 0 to 1 (default 0.25)")
    g.add_argument("--forfeit-rate", type=float, default=0.02, metavar="P",
                   help="share of games lost by forfeit, 0 to 1; a tenth of it forfeits whole matches "
                        "(default 0.02)")
    g.add_argument("--absent-rate", type=float, default=0.02, metavar="P",
                   help="chance that a team misses a round, 0 to 1 (default 0.02)")
    g.add_argument("--type-b", action="store_true", help="Type B colour preferences (C.04.6 1.7)")
    g.add_argument("--gp-primary", action="store_true", help="game points are the primary score (C.04.6 1.2)")
    g.add_argument("--format", choices=("trf2026", "trf16"), default="trf2026",
                   help="the file format (default trf2026; trf16 writes 013 team records)")
    g.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write ('-' = standard output)")
    g.set_defaults(func=generate_handler)


# --- helpers shared by pair and check ----------------------------------------------------------


def read_text(path: str, limit: int | None = None) -> str:
    """The text of ``path`` (``-`` = standard input), UTF-8 with or without a BOM.

    A file that cannot be opened or decoded raises ``FileFormatError`` (exit status 3,
    "a file that cannot be read"), naming the line of the first undecodable byte; so does a file of more
    than ``limit`` characters, which is read no further.
    """
    from app.services.errors import FileFormatError

    size = -1 if limit is None else limit + 1
    try:
        if path == "-":
            text = sys.stdin.read(size)
        else:
            with open(path, encoding="utf-8-sig") as f:
                text = f.read(size)
    except OSError as exc:
        raise FileFormatError(None, "cannot read {path}: {strerror}",
                              params={"path": path, "strerror": exc.strerror}, rule=None) from None
    except UnicodeDecodeError as exc:
        line = exc.object[: exc.start].count(b"\n") + 1
        raise FileFormatError(line, "{path} is not UTF-8 text",
                              params={"path": path}) from None
    if limit is not None and len(text) > limit:
        name = "standard input" if path == "-" else path
        raise FileFormatError(None, "{name} is larger than {limit:,} characters: larger than any tournament file",
                              params={"name": name, "limit": limit})
    return text


def read_trf(path: str) -> str:
    """The text of a TRF file, at most ``MAX_FILE_BYTES`` (see :func:`read_text`)."""
    from app.services.trf.common import MAX_FILE_BYTES

    return read_text(path, MAX_FILE_BYTES)


def _read(path: str) -> Tournament:
    """Read FILE; what the reader skipped or guessed goes to stderr, one ``line N:`` warning each (at most
    ``MAX_WARNINGS`` of them, and a last one that counts the rest)."""
    from app.services.trf import read_tournament_with_warnings

    t, warnings = read_tournament_with_warnings(read_trf(path))
    for w in warnings:
        if w.kind != "tiebreaks":  # pairing reads no tie-break
            print(f"teamswiss: warning: {w}", file=sys.stderr)
    return t


def _tpn(t: Tournament, team_id: int | None) -> int:
    if team_id is None:
        return 0
    team = t.team(team_id)
    return team.tpn or team.id


def _before(t: Tournament, round_no: int) -> Tournament:
    """The tournament as it stood before ``round_no`` was paired."""
    return t.with_rounds(range(1, round_no))


def _absent(t: Tournament, round_no: int) -> frozenset[int]:
    """Teams not paired in round ``round_no`` of the file; if the file lacks the round, the teams its 240 and
    XXZ records say will not play it (C.04.2 3.2-3.3)."""
    from app.services.tournament import absent_in

    rnd = next((r for r in t.rounds if r.number == round_no), None)
    if rnd is None or not rnd.matches:
        return absent_in(t, round_no)
    paired = {x for m in rnd.matches for x in m.teams()}
    return frozenset(team.id for team in t.teams if team.id not in paired)


def _has_result(t: Tournament, round_no: int) -> bool:
    rnd = next((r for r in t.rounds if r.number == round_no), None)
    if rnd is None:
        return False
    for m in rnd.matches:
        if m.second is None:
            continue
        if m.forfeit is not None or any(b.result is not None for b in m.boards):
            return True
    return False


class _BergerRound:
    """A round robin's round as the file commands show a pairing: its matches and how they were made."""

    def __init__(self, t: Tournament, round_no: int) -> None:
        from app.services.round_robin import explain, round_matches

        team_of = {team.tpn: team.id for team in t.teams if team.tpn}
        self.matches = round_matches(team_of, t.rules.cycles, round_no)
        self._doc = {"system": "round_robin", "round": round_no, "teams": len(team_of), "cycles": t.rules.cycles}
        self._lines = explain(round_no, len(team_of), t.rules.cycles,
                              [(m.table, _tpn(t, m.first), _tpn(t, m.second) or None, None) for m in self.matches])
        self.explanation = self

    def to_dict(self) -> dict[str, Any]:
        return self._doc

    def lines(self) -> list[str]:
        return self._lines


def _engine_pairs(t: Tournament, round_no: int) -> tuple[Any, list[tuple[int, int]]]:
    """The pairing of ``round_no``: the C.04.6 engine's, or a round robin's Berger table (C.05 Annex 1)."""
    from app.services.pairing import pair_tournament_round

    if t.rules.round_robin:
        rr = _BergerRound(t, round_no)
        return rr, [(_tpn(t, m.first), _tpn(t, m.second)) for m in rr.matches]

    pairing = pair_tournament_round(_before(t, round_no), round_no, _absent(t, round_no))
    return pairing, [(_tpn(t, m.first), _tpn(t, m.second)) for m in pairing.matches]


def _file_pairs(t: Tournament, round_no: int) -> list[tuple[int, int]]:
    rnd = next(r for r in t.rounds if r.number == round_no)
    ms = sorted(rnd.matches, key=lambda m: (m.second is None, m.table))
    return [(_tpn(t, m.first), _tpn(t, m.second)) for m in ms]


# --- pair --------------------------------------------------------------------------------------


def pair_handler(args: argparse.Namespace) -> int:
    t = _read(args.file)
    if args.round is not None:
        round_no = args.round
    else:
        round_no = next((r for r in range(1, t.rules.rounds + 2) if not _has_result(t, r)), t.rules.rounds + 1)
    if not 1 <= round_no <= t.rules.rounds:
        raise InvalidInput("C.04.6", "cannot pair round {round_no}: the tournament has {rounds} rounds",
                           params={"round_no": round_no, "rounds": t.rules.rounds})
    pairing, pairs = _engine_pairs(t, round_no)
    if args.json:
        doc = {
            "round": round_no,
            "pairs": [list(p) for p in pairs],
            "matches": [{"table": m.table, "white": w, "black": b} for m, (w, b) in zip(pairing.matches, pairs,
                                                                                         strict=True)],
            "explanation": pairing.explanation.to_dict(),
            "explanation_lines": pairing.explanation.lines(),
        }
        import json

        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        print(len(pairs))
        for w, b in pairs:
            print(f"{w} {b}")
    return 0


# --- check -------------------------------------------------------------------------------------


def check_rounds(t: Tournament) -> list[dict[str, Any]]:
    """For every paired round of ``t``: the file's pairs, ours, and whether they are equal."""
    out = []
    for rnd in t.rounds:
        if not rnd.matches:
            continue
        mine = _file_pairs(t, rnd.number)
        error = None
        engine: list[tuple[int, int]] | None
        try:
            _, engine = _engine_pairs(t, rnd.number)
        except NoLegalPairing as exc:
            engine, error = None, str(exc)
        except DomainError as exc:
            engine, error = None, str(exc)
        equal = engine is not None and set(engine) == set(mine)
        out.append({"round": rnd.number, "equal": equal, "file": [list(p) for p in mine],
                    "engine": None if engine is None else [list(p) for p in engine], "error": error})
    return out


def check_handler(args: argparse.Namespace) -> int:
    t = _read(args.file)
    rounds = check_rounds(t)
    bad = [r["round"] for r in rounds if not r["equal"]]
    if args.json:
        import json

        print(json.dumps({"check": not bad, "rounds": rounds}, indent=2))
        return 0 if not bad else 1

    def fmt(pairs: list[list[int]]) -> str:
        return " ".join(f"{w}-{b}" for w, b in pairs)

    for r in rounds:
        if r["equal"]:
            continue
        print(f"Round {r['round']}: differs")
        print(f"  file:   {fmt(r['file'])}")
        print(f"  engine: {fmt(r['engine'])}" if r["engine"] is not None
              else f"  engine: no legal pairing ({r['error']})")
    if bad:
        print(f"Check: False ({len(bad)} of {len(rounds)} rounds differ: {' '.join(map(str, bad))})")
        return 1
    print("Check: True")
    return 0


# --- generate ----------------------------------------------------------------------------------


def _standings(t: Tournament) -> Any:
    """The C.07 standings for the 310 ranks; None (rank by MP, GP) if they cannot be computed."""
    try:
        from app.services.standings import compute_standings

        return compute_standings(t)
    except (ImportError, DomainError, KeyError, ValueError):
        return None


def generate_handler(args: argparse.Namespace) -> int:
    import random

    from app.services.generator import generate, generator_rules
    from app.services.trf import write_tournament

    if not 2 <= args.teams <= 999:
        raise InvalidInput(None, "--teams must be between 2 and 999")
    base = fide_default()
    pairing = dataclasses.replace(
        base.pairing,
        colour_pref_type="B" if args.type_b else base.pairing.colour_pref_type,
        primary_score="GP" if args.gp_primary else base.pairing.primary_score,
    )
    tiebreaks = base.tiebreaks
    if args.gp_primary:
        tiebreaks = ("GPTS", "MPTS", *[c for c in base.tiebreaks if c not in ("MPTS", "GPTS")])
    base = generator_rules(args.boards, args.rounds, dataclasses.replace(base, pairing=pairing,
                                                                          tiebreaks=tiebreaks))
    # the colour of TPN 1 in round 1 is drawn by lot (C.04.6 4.1): from the seed
    lot = "W" if random.Random(args.seed).random() < 0.5 else "B"
    base = dataclasses.replace(base, bye_gp=base.bye_gp * args.boards / 4,
                               pairing=dataclasses.replace(base.pairing, initial_colour=lot))
    t = generate(args.teams, args.rounds, boards=args.boards, seed=args.seed, draw_rate=args.draw_rate,
                 forfeit_rate=args.forfeit_rate, absent_rate=args.absent_rate, rules=base)
    text = write_tournament(t, args.format, _standings(t))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    print(f"wrote {args.output}: {args.teams} teams, {args.rounds} rounds, {args.boards} boards, seed {args.seed}",
          file=sys.stderr)
    return 0
