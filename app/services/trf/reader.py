"""Read a TRF-2026 (or TRF16) team tournament into a :class:`Tournament`.

Spec: FIDE TRF-2026 and TRF16 (C.04 Annex 2), as transcribed in ``reference/formats.md``
section 1; records used by a team event as in ``reference/pairing.md`` section 8.

The reader is column-exact where the spec is, lenient where real files are sloppy
(formats.md 1.7: ruler lines, ``062 129 (88)``, ``2014/00/00`` birth dates, ``0000`` ratings,
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
  that had it shows ``0000 - -`` on every board (formats.md 1.7). When such a file has no
  ``U`` anywhere, a round in which every team but one has a game (or a 330 forfeit) gives the
  PAB to that one team, if the field is odd, the team shows ``0000 - -`` (not blank blocks or
  ``Z``, which say absent), wins no board by forfeit in that round,
  has not won a match by forfeit before (C.04.6 4.2) and is not the lone team without a game
  in another round too (a team gets the PAB once: twice means it was absent). Each such
  round is reported as a ``TrfWarning`` of kind ``"pab"``; more than one team without a game
  leaves them all absent;
* tables follow GHR C.04.2 3.6 (higher score of the higher-ranked team, then the sum of
  scores, then the smaller TPN) on the primary score before the round, PAB last, because
  the file does not store them (pairing.md, "Board order of matches").
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import defaultdict
from collections.abc import Iterator
from datetime import date, datetime
from fractions import Fraction

from app.services.errors import FileFormatError
from app.services.rules import PairingSettings, Rules, fide_default
from app.services.tournament import (
    BoardGame,
    Match,
    Player,
    Round,
    Team,
    Tournament,
    round_result,
)
from app.services.trf.common import (
    RESULT_LETTERS,
    ROUND_COL,
    ROUND_WIDTH,
    TEAM013_FIRST,
    TEAM310_FIRST,
    TrfWarning,
    cols,
    parse_int,
    parse_points,
    parse_type_code,
    tiebreaks_from_file,
    unknown_type_words,
)

#: One player's side of a game, as a canonical result letter: ``1`` win, ``=`` draw, ``0`` loss,
#: ``+`` forfeit win, ``-`` forfeit loss, `` `` not known yet (see ``_SIDE_POINTS``).
_Side = str

_WIN: _Side = "1"
_DRAW: _Side = "="
_LOSS: _Side = "0"
_FWIN: _Side = "+"
_FLOSS: _Side = "-"
_UNKNOWN: _Side = " "

_SIDE_OF_CODE: dict[str, _Side] = {
    "1": _WIN, "W": _WIN, "=": _DRAW, "D": _DRAW, "0": _LOSS, "L": _LOSS,
    "+": _FWIN, "-": _FLOSS, " ": _UNKNOWN, "Z": _UNKNOWN,
}
ZERO = Fraction(0)

#: (score, forfeit) of each side; score None = not known yet.
_SIDE_POINTS: dict[_Side, tuple[Fraction | None, bool]] = {
    _WIN: (Fraction(1), False), _DRAW: (Fraction(1, 2), False), _LOSS: (Fraction(0), False),
    _FWIN: (Fraction(1), True), _FLOSS: (Fraction(0), True), _UNKNOWN: (None, False),
}


# The reader's own records are plain classes with __slots__, not dataclasses: defining a dataclass
# costs about a millisecond at import (its methods are compiled from source), which every run of a
# file command pays, and these records need no generated __eq__ or __repr__.


class _Block:
    """One round block of a 001 record."""

    __slots__ = ("opponent", "colour", "code", "side", "bye")

    def __init__(self, opponent: int, colour: str | None, code: str) -> None:
        self.opponent = opponent
        self.colour = colour  # "w" / "b" / None
        self.code = code  # upper-case result letter, " " for blank
        self.side = _SIDE_OF_CODE.get(code)  # the canonical letter of a game's side (None for a bye code)
        self.bye = code in _BYE_CODES


class _PlayerRec:
    """A 001 record: the player and its round blocks."""

    __slots__ = ("player", "line", "length", "blocks", "team")

    def __init__(self, player: Player, line: int, length: int) -> None:
        self.player = player
        self.line = line
        self.length = length  # characters in the record: a record cut short ends before its round blocks
        self.blocks: dict[int, _Block] = {}
        self.team: int | None = None  # the team whose roster names the player (set once the teams are read)


class _TeamRec:
    """A 310 or 013 team record."""

    __slots__ = ("tpn", "name", "nickname", "roster", "line")

    def __init__(self, tpn: int, name: str, nickname: str, roster: list[int], line: int) -> None:
        self.tpn = tpn
        self.name = name
        self.nickname = nickname
        self.roster = roster
        self.line = line


class _Entry:
    """One board of a match being rebuilt, from team A's point of view."""

    __slots__ = ("a", "b", "colour_a", "side_a", "side_b", "line")

    def __init__(self, a: int | None, b: int | None, colour_a: str | None, side_a: _Side, side_b: _Side,
                 line: int) -> None:
        self.a = a
        self.b = b
        self.colour_a = colour_a  # A's player's colour ("w"/"b"), None if unknown
        self.side_a = side_a
        self.side_b = side_b
        self.line = line


class _State:
    """What the records read so far say, before the tournament is built."""

    def __init__(self) -> None:
        self.header: dict[str, str] = {}
        self.header_lines: dict[str, int] = {}
        self.deputies: list[str] = []
        self.round_dates: dict[int, date] = {}
        self.rounds: int | None = None
        self.initial_colour: str | None = None
        self.gp: dict[str, Fraction] = {}
        self.mp: dict[str, Fraction] = {}
        self.type_code: dict[str, object] | None = None
        self.tiebreaks202: str | None = None
        self.tiebreaks212: str | None = None
        self.pattern: str | None = None
        self.players: dict[int, _PlayerRec] = {}
        self.teams310: dict[int, _TeamRec] = {}
        self.teams013: list[_TeamRec] = []
        self.pab_points: tuple[Fraction, Fraction] | None = None
        self.pab: dict[int, tuple[int, int]] = {}  # round -> (team, line)
        self.forfeits: dict[int, list[tuple[str, int, int, int]]] = {}
        self.out_of_order: dict[tuple[int, int], tuple[int, list[int | None], int]] = {}
        self.forbidden: list[tuple[int, int]] = []
        self.warnings: list[TrfWarning] = []
        self.last_line = 0
        self.has_u = False  # some 001 round block says U: the file can say which team had the PAB
        self.known_blocks: dict[str, _Block] = {}  # the text of a round block -> what it says (never changed)
        #: round -> (player, record, block) of every block, in the order of the players' records
        self.blocks_of_round: defaultdict[int, list[tuple[int, _PlayerRec, _Block]]] = defaultdict(list)

    def warn(self, line: int, message: str, kind: str = "note", round_no: int | None = None,
             team: int | None = None) -> None:
        self.warnings.append(TrfWarning(line, message, kind, round_no, team))


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
    st = _State()
    lines = split_lines(text)
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise FileFormatError(1, f"the file is empty; expected {_EXPECTED}")
    st.last_line = len(lines)
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith("###"):
            continue  # TRF-2026 comment
        _read_line(st, lineno, line)
    return _build(st, base_rules or fide_default(), table_order)


#: A record ends at CR (TRF16 Remark 1), LF or CR LF, and nowhere else: ``str.splitlines`` also
#: breaks at form feed, U+2028 and other separators, which would put every later error on the
#: wrong line.


#: What a tournament file holds, for the messages that refuse one.
_EXPECTED = "a TRF-2026 or TRF16 team tournament: 012 name, 001 player records, 310 or 013 team records"


def split_lines(text: str) -> list[str]:
    """``text`` cut into records at CR, LF or CR LF only (see above). (String methods, not a regular
    expression: they find the breaks of a 150-team file ten times faster.)"""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def fingerprint(text: str) -> str:
    """SHA-256 (hex) of the file's records: the same file saved with other line ends, trailing
    blanks, blank lines or a byte-order mark has the same fingerprint."""
    lines = [x.rstrip() for x in split_lines(text.removeprefix("\ufeff"))]
    import hashlib  # here: only an import needs it

    return hashlib.sha256("\n".join(x for x in lines if x).encode("utf-8")).hexdigest()


# --- line parsers ------------------------------------------------------------------------------

_HEADER = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end",
           "092": "type", "102": "chief", "122": "time_control", "182": "controller"}
_IGNORED = {"062", "072", "082", "172", "222", "250", "299", "801", "802"}


#: A column ruler (``1234567890...``, ``         1         2``): digits and blanks only.
_RULER = r"[\d ]+"  # a pattern, compiled by ``re`` when first needed (most files have no ruler)
_KNOWN = {*_HEADER, *_IGNORED, "112", "132", "142", "152", "162", "362", "192", "202", "212", "352", "001",
          "013", "310", "320", "330", "300", "260", "240"}


def _read_line(st: _State, n: int, line: str) -> None:
    din = line[:3]
    if len(line) > 3 and line[3] != " ":
        if din in _KNOWN and not re.fullmatch(_RULER, line):
            # a record with a tab or junk in column 4 is misaligned, not a ruler: skipping it
            # would move the error to a later line (a team naming a player "without" a record)
            raise FileFormatError(n, f"record {din}: column 4 must be a blank, not {line[3]!r} "
                                     "(the data starts at column 5)")
        st.warn(n, "not a TRF record (ruler or stray line), skipped")
        return
    if din == "001":  # most of a file
        _read_001(st, n, line)
    elif din in _HEADER:
        st.header[_HEADER[din]] = line[4:].strip()
        st.header_lines[_HEADER[din]] = n
    elif din == "112":
        st.deputies.append(line[4:].strip())
    elif din == "132":
        _read_132(st, n, line)
    elif din in ("142", "XXR"):
        st.rounds = parse_int(line[4:], n, "number of rounds", blank=None)
    elif din == "152":
        c = line[4:].strip().upper()[:1]
        if c not in ("W", "B"):
            raise FileFormatError(n, f"initial colour must be W or B, not {line[4:].strip()!r}")
        st.initial_colour = c
    elif din == "XXC":
        words = line[4:].lower().split()
        if "white1" in words:
            st.initial_colour = "W"
        elif "black1" in words:
            st.initial_colour = "B"
    elif din == "162":
        st.gp.update(_read_score_system(n, line, "game"))
    elif din == "362":
        st.mp.update(_read_score_system(n, line, "match"))
    elif din == "192":
        code = line[4:].strip()
        st.type_code = parse_type_code(code)
        if st.type_code is None:
            st.warn(n, f"tournament type {code!r} is not a FIDE team Swiss code; C.04.6 defaults used")
        elif unknown_type_words(code):
            words = ", ".join(unknown_type_words(code))
            st.warn(n, f"tournament type {code!r}: {words} not understood; Type A colour preferences used "
                       "(C.04.6 1.7 default)")
    elif din == "202":
        st.tiebreaks202 = line[4:].strip()
    elif din == "212":
        st.tiebreaks212 = line[4:].strip()
    elif din == "352":
        pattern = line[4:].strip().upper()
        if not pattern or set(pattern) - {"W", "B"}:
            raise FileFormatError(n, f"board colours must be letters W/B such as WBWB, not {pattern!r}")
        st.pattern = pattern
    elif din == "013":
        _read_013(st, n, line)
    elif din == "310":
        _read_310(st, n, line)
    elif din == "320":
        _read_320(st, n, line)
    elif din == "330":
        _read_330(st, n, line)
    elif din == "300":
        _read_300(st, n, line)
    elif din == "260":
        ids = [parse_int(line[i - 1 : i + 3], n, "team number") for i in range(13, len(line) + 1, 5)]
        ids = [i for i in ids if i]
        st.forbidden.extend((a, b) for k, a in enumerate(ids) for b in ids[k + 1 :])
    elif din == "240":
        if cols(line, 5, 5).upper() in ("F", "H"):
            st.warn(n, "full/half-point byes (240 F/H) are not used in team events here; ignored")
    elif din in _IGNORED or din.startswith(("XX", "BB")):
        return
    else:
        st.warn(n, f"record {din!r} not understood, skipped")


def _read_date(text: str, n: int, what: str, st: _State) -> date | None:
    s = text.strip()
    if not s:
        return None
    if len(s) == 10 and s[4] == "/" and s[7] == "/" and s[:2] != "00":  # YYYY/MM/DD, as nearly every file has
        try:
            return date.fromisoformat(f"{s[:4]}-{s[5:7]}-{s[8:]}")
        except ValueError:
            pass  # 2014/00/00, a letter: read as below
    if len(s) == 10 and s[4] in _DATE_SEPARATORS and s[7] in _DATE_SEPARATORS and s.isascii() \
            and s[:4].isdigit() and s[5:7].isdigit() and s[8:].isdigit():  # YYYY/MM/DD: the regex's result
        y, mo, d = int(s[:4]), int(s[5:7]), int(s[8:])
    else:
        m = re.fullmatch(_DATE, s)
        if not m:
            st.warn(n, f"{what} {s!r} is not a date YYYY/MM/DD; ignored")
            return None
        y, mo, d = (int(x) for x in m.groups())
    if y < 100:
        y += 2000
    try:
        # Swiss-Manager writes 2014/00/00 when only the year is known (formats.md 1.7)
        return date(y, mo or 1, d or 1)
    except ValueError:
        st.warn(n, f"{what} {s!r} is not a valid date; ignored")
        return None


_DATE = r"(\d{2,4})[/.-](\d{1,2})[/.-](\d{1,2})"  # compiled when first needed: most dates are YYYY/MM/DD
_DATE_SEPARATORS = "/.-"


def _read_132(st: _State, n: int, line: str) -> None:
    r = 1
    while ROUND_COL + ROUND_WIDTH * (r - 1) <= len(line):
        start = ROUND_COL + ROUND_WIDTH * (r - 1)
        d = _read_date(cols(line, start, start + 7), n, f"date of round {r}", st)
        if d is not None:
            st.round_dates[r] = d
        r += 1


def _read_score_system(n: int, line: str, kind: str) -> dict[str, Fraction]:
    """162 / 362: a letter at col 6 (after ``T`` at col 5 in 362), points at 7-10, period 9."""
    out: dict[str, Fraction] = {}
    pos = 6
    while pos <= len(line):
        letter = cols(line, pos, pos).upper()
        if letter.strip():
            out[letter] = parse_points(cols(line, pos + 1, pos + 4), n, f"{kind} points for {letter}")
        pos += 9
    return out


_BLANK_BLOCK = " " * 8


def _read_001(st: _State, n: int, line: str) -> None:
    # plain slices, not ``cols``: every field is stripped, so the padding of a short line is moot
    # the numbers: digits nearly always, read at once; anything else as parse_int reads (and refuses) it
    text = line[4:8].strip()
    pid = int(text) if text.isascii() and text.isdigit() else parse_int(text, n, "starting rank (cols 5-8)",
                                                                         blank=None)
    if pid in st.players:
        raise FileFormatError(n, f"player {pid} is defined twice (first on line {st.players[pid].line})")
    text = line[48:52].strip()
    rating = int(text) if text.isascii() and text.isdigit() else parse_int(text, n, "rating (cols 49-52)")
    text = line[57:68].strip()
    fide_id = int(text) if text.isascii() and text.isdigit() else parse_int(text, n, "FIDE id (cols 58-68)")
    sex = line[9:10].strip().lower() or "m"
    player = Player(
        id=pid,
        name=line[14:47].strip(),
        sex=sex,
        title=line[10:13].strip(),
        fide_rating=rating or None,
        federation=line[53:56].strip(),
        fide_id=fide_id or None,
        birth_date=_read_date(line[69:79], n, "birth date", st),
    )
    length = len(line)
    rec = _PlayerRec(player, n, length)
    st.players[pid] = rec
    if length < ROUND_COL:
        return
    # round r's block: columns ROUND_COL + ROUND_WIDTH * (r - 1) and the 7 after it, after a gap of two
    # blanks; the gaps of every block that starts within the record are read at once
    count = (length - ROUND_COL) // ROUND_WIDTH + 1
    end = ROUND_COL - 3 + ROUND_WIDTH * count
    stop, misaligned = length, 0
    if line[ROUND_COL - 3 : end : ROUND_WIDTH].strip() or line[ROUND_COL - 2 : end : ROUND_WIDTH].strip():
        # the first block whose gap is not blank: the blocks before it are read (and refused) first
        misaligned = next(k for k in range(count) if line[ROUND_COL - 3 + ROUND_WIDTH * k:
                                                          ROUND_COL - 1 + ROUND_WIDTH * k].strip()) + 1
        stop = ROUND_COL - 1 + ROUND_WIDTH * (misaligned - 1)
    blocks = rec.blocks
    known = st.known_blocks
    by_round = st.blocks_of_round
    r = 0
    for i in range(ROUND_COL - 1, stop, ROUND_WIDTH):
        r += 1
        block = line[i : i + 8]
        if block == _BLANK_BLOCK or block.isspace():
            continue
        b = known.get(block)  # blocks repeat (the same opponent, colour and result): read each once
        if b is None:
            b = known[block] = _read_block(n, r, i + 1, block.ljust(8))
            if b.code == "U":
                st.has_u = True
        blocks[r] = b
        by_round[r].append((pid, rec, b))
    if misaligned:
        start = ROUND_COL + ROUND_WIDTH * (misaligned - 1)
        raise FileFormatError(n, f"round {misaligned}: misaligned round block (columns {start - 2}-{start - 1})")


def _read_block(n: int, r: int, start: int, block: str) -> _Block:
    if block[4] != " " or block[6] != " ":
        raise FileFormatError(n, f"round {r}: misaligned round block at column {start}: {block!r}")
    opp_text = block[0:4].strip()
    if opp_text.isascii() and opp_text.isdigit():
        opp = int(opp_text)
    else:
        opp = parse_int(opp_text, n, f"round {r}: opponent (cols {start}-{start + 3})")
    colour = block[5]
    c = _COLOUR_OF_LETTER.get(colour, _BAD)
    if c is _BAD:
        raise FileFormatError(n, f"round {r}: colour must be w, b or -, not {colour!r}")
    code = block[7].upper()
    if code not in RESULT_LETTERS and code != " ":
        raise FileFormatError(n, f"round {r}: unknown result code {code!r}")
    return _Block(opp, c, code)  # type: ignore[arg-type]


_BAD = object()
_BYE_CODES = ("U", "H", "F")
#: the colour letter of a round block (either case) -> "w", "b" or None ("-" or blank)
_COLOUR_OF_LETTER: dict[str, str | None] = {"w": "w", "W": "w", "b": "b", "B": "b", "-": None, " ": None}


def _team_ids(n: int, line: str, first: int) -> list[int]:
    ids = []
    pos = first
    length = len(line)
    while pos <= length:
        if pos > first and line[pos - 2 : pos - 1].strip():
            raise FileFormatError(n, f"team member numbers misaligned at column {pos - 1}")
        text = line[pos - 1 : pos + 3].strip()
        if text.isascii() and text.isdigit():  # nearly always: read at once, the message made only when needed
            pid = int(text)
        else:
            pid = parse_int(text, n, f"player number (cols {pos}-{pos + 3})")
        if pid:
            ids.append(pid)
        pos += 5
    return ids


def _read_310(st: _State, n: int, line: str) -> None:
    tpn = parse_int(cols(line, 5, 7), n, "team pairing number (cols 5-7)", blank=None)
    if tpn in st.teams310:
        raise FileFormatError(n, f"team {tpn} is defined twice (first on line {st.teams310[tpn].line})")
    if cols(line, 72, 73).strip():
        raise FileFormatError(n, "misaligned team record: columns 72-73 must be blank")
    st.teams310[tpn] = _TeamRec(
        tpn, cols(line, 9, 40).strip(), cols(line, 42, 46).strip(), _team_ids(n, line, TEAM310_FIRST), n
    )


def _read_013(st: _State, n: int, line: str) -> None:
    tpn = len(st.teams013) + 1  # the 013 record has no number: its position is the team's id
    st.teams013.append(_TeamRec(tpn, cols(line, 5, 36).strip(), "", _team_ids(n, line, TEAM013_FIRST), n))


def _read_320(st: _State, n: int, line: str) -> None:
    if st.pab_points is not None:
        raise FileFormatError(n, "record 320 may occur only once (TRF-2026)")
    st.pab_points = (parse_points(cols(line, 5, 8), n, "PAB match points (cols 5-8)"),
                     parse_points(cols(line, 10, 13), n, "PAB game points (cols 10-13)"))
    r = 1
    pos = 15
    while pos <= len(line):
        team = parse_int(cols(line, pos, pos + 2), n, f"round {r}: PAB team (cols {pos}-{pos + 2})")
        if team:
            st.pab[r] = (team, n)
        r += 1
        pos += 4


def _read_330(st: _State, n: int, line: str) -> None:
    kind = cols(line, 5, 6)
    trans = {"+-": "+-", "-+": "-+", "--": "--", "10": "+-", "01": "-+", "00": "--",
             "WL": "+-", "LW": "-+", "LL": "--", "WZ": "+-", "ZW": "-+", "ZZ": "--"}
    if kind.upper() not in trans:
        raise FileFormatError(n, f"forfeit type must be +-, -+ or --, not {kind!r}")
    rnd = parse_int(cols(line, 8, 10), n, "round (cols 8-10)", blank=None)
    white = parse_int(cols(line, 12, 14), n, "white team (cols 12-14)", blank=None)
    black = parse_int(cols(line, 16, 18), n, "black team (cols 16-18)", blank=None)
    st.forfeits.setdefault(rnd, []).append((trans[kind.upper()], white, black, n))


def _read_300(st: _State, n: int, line: str) -> None:
    rnd = parse_int(cols(line, 5, 7), n, "round (cols 5-7)", blank=None)
    team = parse_int(cols(line, 9, 11), n, "team (cols 9-11)", blank=None)
    opp = parse_int(cols(line, 13, 15), n, "opponent team (cols 13-15)")
    lineup: list[int | None] = []
    pos = 17
    while pos <= len(line):
        pid = parse_int(cols(line, pos, pos + 3), n, f"player (cols {pos}-{pos + 3})")
        lineup.append(pid or None)
        pos += 5
    if (rnd, team) in st.out_of_order:
        raise FileFormatError(n, f"a second lineup (300) for team {team} in round {rnd}")
    st.out_of_order[(rnd, team)] = (opp, lineup, n)


# --- building the tournament -------------------------------------------------------------------


def _build(st: _State, base: Rules, table_order: bool = True) -> tuple[Tournament, tuple[TrfWarning, ...]]:
    teams = st.teams310 or {t.tpn: t for t in st.teams013}
    if st.teams310 and st.teams013:
        st.warn(st.teams013[0].line, "both 310 and 013 team records: the 013 records are ignored")
    end = "end of file"
    if not teams and not st.players:
        raise FileFormatError(st.last_line, f"{end}: no 001 player records and no 013/310 team records: not a "
                                            f"TRF tournament file; expected {_EXPECTED}")
    if not teams:
        raise FileFormatError(st.last_line, f"{end}: no team records (310 or 013) after {len(st.players)} player "
                                            "records: not a team tournament, or the file is cut short")
    player_team: dict[int, int] = {}
    roster_pos: dict[int, int] = {}
    for t in teams.values():
        for k, pid in enumerate(t.roster):
            if pid not in st.players:
                raise FileFormatError(t.line, f"team {t.tpn}: player {pid} has no 001 record")
            if pid in player_team:
                raise FileFormatError(t.line, f"player {pid} is in teams {player_team[pid]} and {t.tpn}")
            player_team[pid] = t.tpn
            roster_pos[pid] = k
            st.players[pid].team = t.tpn
    for pid, rec in st.players.items():
        if pid not in player_team and any(b.opponent or b.code == "U" for b in rec.blocks.values()):
            raise FileFormatError(rec.line, f"player {pid} plays but is in no team")

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
    h = st.header
    t = Tournament(
        name=h.get("name", ""),
        rules=rules,
        teams=team_objs,
        players=tuple(st.players[p].player for p in sorted(st.players)),
        rounds=tuple(rounds),
        city=h.get("city", ""),
        federation=h.get("federation", ""),
        start_date=_read_date(h.get("start", ""), st.header_lines.get("start", 0), "start date", st),
        end_date=_read_date(h.get("end", ""), st.header_lines.get("end", 0), "end date", st),
        tournament_type=h.get("type", "") or "Swiss team",
        chief_arbiter=h.get("chief", ""),
        deputy_arbiters=tuple(st.deputies),
    )
    return t, tuple(st.warnings)


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
    pairing_changes: dict[str, object] = {"board_colour_pattern": pattern}
    if st.type_code:
        pairing_changes.update(st.type_code)
    if st.initial_colour:
        pairing_changes["initial_colour"] = st.initial_colour
    if st.forbidden:
        pairing_changes["forbidden_pairs"] = tuple(st.forbidden)
    pairing: PairingSettings = dataclasses.replace(base.pairing, **pairing_changes)  # type: ignore[arg-type]
    changes: dict[str, object] = {"boards": boards, "pairing": pairing}
    if boards != base.boards:
        changes["forfeit_win_gp"] = Fraction(boards)
        changes["min_players_per_roster"] = min(base.min_players_per_roster, boards)
        changes["min_female_per_lineup"] = min(base.min_female_per_lineup, boards)
    largest = max((len(t.roster) for t in teams.values()), default=0)
    changes["max_players_per_roster"] = max(base.max_players_per_roster, boards, largest)
    rounds = st.rounds or last_round or base.rounds
    changes["rounds"] = max(rounds, last_round)
    if len(base.round_starts) != changes["rounds"]:
        changes["round_starts"] = ()
    n_rounds = int(changes["rounds"])  # type: ignore[call-overload]
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
    if st.pab_points is not None:
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
    if st.header.get("time_control"):
        changes["time_control"] = st.header["time_control"]
    try:
        return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    except Exception as exc:  # InvalidInput from validate_rules
        raise FileFormatError(None, f"the file's settings are not valid: {exc}") from None


def _combine(white: _Side, black: _Side, line: int, r: int, board: int) -> str | None:
    """A board result (White first, R-4.5) from the two players' result letters (round r, ``board``)."""
    key = white + black
    result = _COMBINED.get(key, _MISFIT)
    if result is _MISFIT:
        result = _COMBINED[key] = _combine_points(_SIDE_POINTS[white], _SIDE_POINTS[black])
    if result is _MISFIT:
        raise FileFormatError(line, f"round {r}, board {board}: the two players' results do not fit together")
    return result  # type: ignore[return-value]


_MISFIT = object()  # two sides that do not fit together
_COMBINED: dict[str, object] = {}  # white + black letters -> result (or _MISFIT), filled as met


def _combine_points(white: tuple[Fraction | None, bool], black: tuple[Fraction | None, bool]) -> object:
    """The board result of two sides as (score, forfeit), or ``_MISFIT``."""
    if white[0] is None and black[0] is None:
        return None
    floss = _SIDE_POINTS[_FLOSS]
    if white[0] is None:
        white = (1 - black[0], black[1]) if black != floss else _SIDE_POINTS[_FWIN]  # type: ignore[operator]
    if black[0] is None:
        black = (1 - white[0], white[1]) if white != floss else _SIDE_POINTS[_FWIN]  # type: ignore[operator]
    sw, sb = white[0], black[0]
    if white[1] or black[1]:
        table = {(1, 0): "+/-", (0, 1): "-/+", (0, 0): "-/-"}
        key = (int(sw), int(sb)) if sw in (0, 1) and sb in (0, 1) else None  # type: ignore[arg-type]
        if key in table:
            return table[key]  # type: ignore[index]
    elif sw + sb == 1:  # type: ignore[operator]
        return {Fraction(1): "1-0", Fraction(0): "0-1", Fraction(1, 2): "1/2-1/2"}[sw]  # type: ignore[index]
    return _MISFIT


class _Ctx:
    def __init__(self, st: _State, teams: dict[int, _TeamRec], player_team: dict[int, int],
                 roster_pos: dict[int, int], rules: Rules, table_order: bool = True) -> None:
        self.st = st
        self.teams = teams
        self.player_team = player_team
        self.roster_pos = roster_pos
        self.rules = rules
        self.table_order = table_order
        self.pattern = rules.pairing.board_colour_pattern
        self.scores: dict[int, Fraction] | None = None  # team -> primary score over the rounds counted
        self.counted: set[int] = set()  # the rounds in ``scores``
        self.inferred_pab = _infer_pabs(st, teams, player_team) if st.teams013 and not st.teams310 else {}

    def _check_team(self, team: int, line: int) -> None:
        if team not in self.teams:
            raise FileFormatError(line, f"team {team} has no team record")

    def round_matches(self, r: int, before: Tournament) -> tuple[Match, ...]:
        st = self.st
        pairs: dict[tuple[int, int], list[_Entry]] = {}  # (smaller team, larger team) -> boards
        empty_wins: dict[int, list[_Entry]] = {}
        pab_teams: dict[int, int] = {}
        forfeited: dict[int, int] = {}
        out: list[Match] = []
        for kind, white, black, line in st.forfeits.get(r, []):
            for team in (white, black):
                self._check_team(team, line)
                if team in forfeited:
                    raise FileFormatError(line, f"team {team} has two forfeited matches in round {r}")
                forfeited[team] = line
            side = {"+-": "second", "-+": "first", "--": "both"}[kind]
            out.append(Match(round=r, table=self._table(out), first=white, second=black, forfeit=side))
        if r in st.pab:
            team, line = st.pab[r]
            self._check_team(team, line)
            pab_teams[team] = line
        if r in self.inferred_pab:
            team = self.inferred_pab[r]
            pab_teams[team] = self.teams[team].line
        players = st.players
        cut_short = ROUND_COL + ROUND_WIDTH * (r - 1)  # a record shorter than this has no round r block
        for pid, rec, b in st.blocks_of_round.get(r, ()):
            team = rec.team
            opponent = b.opponent
            if opponent == 0:
                if team is None or team in forfeited:
                    continue
                if b.code == "U":
                    pab_teams.setdefault(team, rec.line)
                elif b.code == "+":
                    empty_wins.setdefault(team, []).append(
                        _Entry(pid, None, b.colour, _FWIN, _FLOSS, rec.line))
                elif b.code in ("1", "=", "0"):
                    raise FileFormatError(rec.line, f"round {r}: a played game needs an opponent")
                continue
            opp = players.get(opponent)
            if opp is None:
                raise FileFormatError(rec.line, f"round {r}: opponent {opponent} has no 001 record")
            ob = opp.blocks.get(r)
            if ob is None or ob.opponent != pid:
                if ob is None and opp.length < cut_short:
                    raise FileFormatError(
                        opp.line, f"record cut short: player {opponent}'s 001 record ends at column {opp.length}, "
                                  f"before its round {r} block (column {cut_short}), but player {pid} (line "
                                  f"{rec.line}) names {opponent} as opponent in round {r}")
                raise FileFormatError(
                    rec.line, f"round {r}: player {pid} names {opponent} as opponent but not vice versa")
            if b.bye or ob.bye:
                raise FileFormatError(rec.line, f"round {r}: a bye code with an opponent")
            if pid > opponent:
                continue
            other = opp.team
            assert team is not None and other is not None
            if team == other:
                raise FileFormatError(rec.line, f"round {r}: players {pid} and {opponent} are team-mates")
            if team in forfeited or other in forfeited:
                continue
            colour = b.colour
            if colour is None:
                if ob.colour is not None:
                    colour = "w" if ob.colour == "b" else "b"
            elif ob.colour == colour:
                raise FileFormatError(
                    rec.line, f"round {r}: players {pid} and {opponent} have the same colour")
            if team < other:
                e = _Entry(pid, opponent, colour, b.side, ob.side, rec.line)  # type: ignore[arg-type]
                key = (team, other)
            else:
                flip = None if colour is None else ("w" if colour == "b" else "b")
                e = _Entry(opponent, pid, flip, ob.side, b.side, rec.line)  # type: ignore[arg-type]
                key = (other, team)
            entries = pairs.get(key)
            if entries is None:
                pairs[key] = [e]
            else:
                entries.append(e)
        # lineups (300) may name a pair of teams that has no game at all (every board empty)
        for (rr, team), (opp_team, _, line) in st.out_of_order.items():
            if rr == r and opp_team:
                self._check_team(team, line)
                self._check_team(opp_team, line)
                pairs.setdefault((min(team, opp_team), max(team, opp_team)), [])
        seen: dict[int, int] = dict(forfeited)
        for (a_team, b_team), entries in sorted(pairs.items()):
            line = entries[0].line if entries else st.out_of_order.get((r, a_team), (0, [], None))[2]
            for team in (a_team, b_team):
                if team in seen or team in pab_teams:
                    raise FileFormatError(line, f"round {r}: team {team} is paired twice")
                seen[team] = line or 0
            entries = entries + empty_wins.pop(a_team, [])
            entries += [_Entry(None, e.a, _flip(e.colour_a), e.side_b, e.side_a, e.line)
                        for e in empty_wins.pop(b_team, [])]
            out.append(self._match(r, a_team, b_team, entries, self._table(out)))
        for team, entries in empty_wins.items():
            st.warn(entries[0].line, f"round {r}: team {team} wins boards by forfeit but has no opponent; "
                                     "ignored")
        for team in sorted(pab_teams):
            if team in seen:
                raise FileFormatError(pab_teams[team], f"round {r}: team {team} has the PAB and a match")
            out.append(Match(round=r, table=self._table(out), first=team, second=None))
        if not self.table_order:
            return tuple(out)
        return self._tables(r, out, before)

    def _table(self, out: list[Match]) -> int:
        """The table of the match made after ``out``: 0 until ``_tables`` orders the round, or the
        next number when the caller does not want table order."""
        return 0 if self.table_order else len(out) + 1

    def _lineup(self, r: int, team: int, opp_team: int) -> list[int | None] | None:
        rec = self.st.out_of_order.get((r, team))
        if rec is None:
            return None
        opp, lineup, line = rec
        if opp and opp != opp_team:
            raise FileFormatError(line, f"round {r}: team {team} plays {opp_team}, not {opp}")
        for pid in lineup:
            if pid is not None and self.player_team.get(pid) != team:
                raise FileFormatError(line, f"round {r}: player {pid} is not in team {team}")
        return lineup

    def _match(self, r: int, a_team: int, b_team: int, entries: list[_Entry], table: int = 0) -> Match:
        has_lineups = bool(self.st.out_of_order)  # 300 records: few files have any
        la = self._lineup(r, a_team, b_team) if has_lineups else None
        lb = self._lineup(r, b_team, a_team) if has_lineups else None
        boards: list[_Entry]
        if la is not None or lb is not None:
            boards = self._by_lineups(r, a_team, b_team, la, lb, entries)
        else:  # roster order, a game against an empty board after the game of the same board (stable)
            pos = self.roster_pos
            order = sorted([((pos[e.a], 0) if e.a is not None else (pos[e.b], 1), i)  # type: ignore[index]
                            for i, e in enumerate(entries)])
            boards = [entries[i] for _, i in order]
        pattern = self.pattern
        a_first: bool | None = None
        for k, e in enumerate(boards):
            if e.colour_a is not None:
                a_white = e.colour_a == "w"
                a_first = a_white if k == 0 else a_white == (k < len(pattern) and pattern[k] == "W")
                break
        if a_first is None:
            # no colour anywhere (every board empty on one side): our writer lists the first
            # team's 300 lineup first; otherwise the smaller TPN
            ra, rb = self.st.out_of_order.get((r, a_team)), self.st.out_of_order.get((r, b_team))
            a_first = rb is None or (ra is not None and ra[2] < rb[2])
        first, second = (a_team, b_team) if a_first else (b_team, a_team)
        games = []
        combined = _COMBINED
        for k, e in enumerate(boards):
            fp, sp = (e.a, e.b) if a_first else (e.b, e.a)
            fside, sside = (e.side_a, e.side_b) if a_first else (e.side_b, e.side_a)
            if e.colour_a is not None:
                first_white = (e.colour_a == "w") == a_first
            else:
                first_white = pattern[k] == "W" if k < len(pattern) else k % 2 == 0
            if fp is None and sp is None:
                result: str | None = "-/-"
            else:
                key = fside + sside if first_white else sside + fside
                result = combined.get(key, _MISFIT)  # type: ignore[assignment]
                if result is _MISFIT:
                    result = _combine(key[0], key[1], e.line, r, k + 1)
            games.append(BoardGame(k + 1, fp, sp, first_white, result))
        return Match(round=r, table=table, first=first, second=second, boards=tuple(games))

    def _by_lineups(self, r: int, a_team: int, b_team: int, la: list[int | None] | None,
                    lb: list[int | None] | None, entries: list[_Entry]) -> list[_Entry]:
        """Boards in the order of the 300 lineups; a side without one fills in from its games."""
        by_a = {e.a: e for e in entries if e.a is not None}
        by_b = {e.b: e for e in entries if e.b is not None}
        # games against an empty board of the side that has a lineup, in roster order
        spare_b = sorted((e for e in entries if e.a is None), key=self._entry_key)
        spare_a = sorted((e for e in entries if e.b is None), key=self._entry_key)
        line = self.st.out_of_order[(r, a_team if la is not None else b_team)][2]
        unknown = object()
        n = max(len(la or []), len(lb or []))
        boards: list[_Entry] = []
        used: set[int] = set()
        for k in range(n):
            pa = (la[k] if k < len(la) else None) if la is not None else unknown
            pb = (lb[k] if k < len(lb) else None) if lb is not None else unknown
            e: _Entry | None
            if isinstance(pa, int):
                e = by_a.get(pa)
            elif isinstance(pb, int):
                e = by_b.get(pb)
            elif pa is None and pb is unknown:
                e = spare_b.pop(0) if spare_b else None
            elif pb is None and pa is unknown:
                e = spare_a.pop(0) if spare_a else None
            else:
                e = None
            if e is None:
                if isinstance(pa, int) or isinstance(pb, int):
                    raise FileFormatError(line, f"round {r}: board {k + 1}: player has no game in this match")
                boards.append(_Entry(None, None, None, _FLOSS, _FLOSS, line))
                continue
            if (pa is not unknown and e.a != pa) or (pb is not unknown and e.b != pb) or id(e) in used:
                raise FileFormatError(line, f"round {r}: board {k + 1} of the lineup does not fit the games")
            used.add(id(e))
            boards.append(e)
        missing = [e for e in entries if id(e) not in used]
        if missing:
            raise FileFormatError(line, f"round {r}: the lineup leaves out players who have games")
        return boards

    def _entry_key(self, e: _Entry) -> tuple[int, int]:
        if e.a is not None:
            return (self.roster_pos[e.a], 0)
        assert e.b is not None
        return (self.roster_pos[e.b], 1)

    def _tables(self, r: int, matches: list[Match], before: Tournament) -> tuple[Match, ...]:
        """GHR C.04.2 3.6 board order on the primary score before round r; the PAB last."""
        rules = self.rules
        use_gp = rules.pairing.primary_score == "GP"
        score = self.scores
        if score is None:
            score = self.scores = {t.id: ZERO for t in before.teams}
        for rnd in before.rounds:  # running totals: each round's scores are added once
            if rnd.number in self.counted:
                continue
            self.counted.add(rnd.number)
            for m in rnd.matches:
                for tid in m.teams():
                    res = round_result(m, tid, rules)
                    value = res[3] if use_gp else res[2]
                    if value and tid in score:
                        score[tid] += value
        # compared as integers over a common denominator: the same order as the fractions
        den = math.lcm(*(v.denominator for v in score.values())) if score else 1
        num = {tid: v.numerator * (den // v.denominator) for tid, v in score.items()}

        def key(m: Match) -> tuple[int, int, int, int]:
            if m.second is None:
                return (1, 0, 0, m.first)
            a, b = m.first, m.second
            sa, sb = num.get(a, 0), num.get(b, 0)
            hi = sa if (-sa, a) < (-sb, b) else sb
            return (0, -hi, -(sa + sb), min(a, b))

        return tuple(_numbered(sorted(matches, key=key)))


def _numbered(matches: list[Match]) -> Iterator[Match]:
    """The matches with their tables numbered 1, 2, ... in this order."""
    for i, m in enumerate(matches):
        yield Match(round=m.round, table=i + 1, first=m.first, second=m.second, boards=m.boards, forfeit=m.forfeit)


def _infer_pabs(st: _State, teams: dict[int, _TeamRec], player_team: dict[int, int]) -> dict[int, int]:
    """Round -> team read as the PAB in a TRF16 file that cannot say so (see the module docstring)."""
    if st.has_u or st.pab_points is not None or len(teams) % 2 == 0:
        return {}
    playing: dict[int, set[int]] = {}  # round -> teams with a game, a 330 forfeit or a 300 lineup
    forfeit_won: dict[int, int] = {}  # team -> first round it won boards by forfeit without an opponent
    marked: dict[int, set[int]] = {}  # round -> teams with a "0000 - -" block (Swiss-Manager's unpaired)
    zero: dict[int, set[int]] = {}  # round -> teams with a "0000 - Z" block (a known absence)
    for pid, rec in st.players.items():
        team = player_team.get(pid)
        if team is None:
            continue
        for r, b in rec.blocks.items():
            if b.opponent:
                playing.setdefault(r, set()).add(team)
            elif b.code == "+":
                playing.setdefault(r, set()).add(team)
                forfeit_won[team] = min(forfeit_won.get(team, r), r)
            elif b.code == "-":
                marked.setdefault(r, set()).add(team)
            elif b.code == "Z":
                zero.setdefault(r, set()).add(team)
    for r, entries in st.forfeits.items():
        for kind, white, black, _ in entries:
            playing.setdefault(r, set()).update((white, black))
            winner = {"+-": white, "-+": black}.get(kind)
            if winner is not None:
                forfeit_won[winner] = min(forfeit_won.get(winner, r), r)
    for (r, team), (opp, _, _) in st.out_of_order.items():
        if opp:
            playing.setdefault(r, set()).update((team, opp))
    lone: dict[int, int] = {}
    for r, present in sorted(playing.items()):
        missing = set(teams) - present
        if len(missing) == 1:
            lone[r] = missing.pop()
    # blank blocks (our writer's absent team) or Z (a zero-point bye) say "absent", not "PAB"
    lone = {r: t for r, t in lone.items() if t in marked.get(r, set()) and t not in zero.get(r, set())}
    out: dict[int, int] = {}
    for r, team in sorted(lone.items()):
        rounds = [x for x, t in sorted(lone.items()) if t == team]
        tpn, name = team, teams[team].name
        if len(rounds) > 1:
            if r == rounds[0]:
                st.warn(teams[team].line, f"team {tpn} ({name}) is the only team without a game in rounds "
                        f"{', '.join(map(str, rounds))}: a team gets the pairing-allocated bye once (C.04.6 4.2), "
                        "so it is read as absent in each")
            continue
        if forfeit_won.get(team, r) < r:
            st.warn(teams[team].line, f"round {r}: team {tpn} ({name}) is the only team without a game but won "
                    "a match by forfeit before (C.04.6 4.2): read as absent")
            continue
        out[r] = team
        st.warn(teams[team].line, f"round {r}: team {tpn} ({name}) has no opponent on any board while every "
                "other team played: read as the pairing-allocated bye (TRF16 cannot write it; its value is the "
                "pab setting)", kind="pab", round_no=r, team=tpn)
    return out


def _flip(colour: str | None) -> str | None:
    return None if colour is None else ("w" if colour == "b" else "b")
