"""TRF text -> records: every line of a TRF-2026 / TRF16 file read into a :class:`_State`.

Column-exact where the spec is, lenient where real files are sloppy, strict where a file is wrong
(see :mod:`app.services.trf.reader`); nothing here rebuilds matches or builds the tournament.
"""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date
from fractions import Fraction

from app.services.errors import FileFormatError
from app.services.rules import MAX_BOARDS, MAX_ROUNDS, MAX_TIEBREAKS, exact_number
from app.services.text import MAX_TEXT
from app.services.tournament import Player
from app.services.trf.common import (
    MAX_DEPUTIES,
    MAX_FORBIDDEN_PAIRS,
    MAX_PLAYERS,
    MAX_ROSTER,
    MAX_ROUND_BLOCKS,
    MAX_TEAMS,
    MAX_TIEBREAK_CODE,
    MAX_WARNINGS,
    RESULT_LETTERS,
    ROUND_COL,
    ROUND_WIDTH,
    TEAM013_FIRST,
    TEAM310_FIRST,
    TrfWarning,
    cols,
    more_warnings,
    parse_int,
    parse_points,
    parse_type_code,
    round_robin_cycles,
    shown,
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

    __slots__ = ("player", "line", "length", "blocks", "team", "points")

    def __init__(self, player: Player, line: int, length: int, points: Fraction | None = None) -> None:
        self.player = player
        self.line = line
        self.length = length  # characters in the record: a record cut short ends before its round blocks
        self.blocks: dict[int, _Block] = {}
        self.team: int | None = None  # the team whose roster names the player (set once the teams are read)
        #: the points field (cols 81-84), None when blank or not a number: the reader never refuses a file
        #: for it, it only reconciles the round codes with it (see :mod:`app.services.trf.reconcile`)
        self.points = points


class _TeamRec:
    """A 310 or 013 team record."""

    __slots__ = ("tpn", "name", "nickname", "roster", "line")

    def __init__(self, tpn: int, name: str, nickname: str, roster: list[int], line: int) -> None:
        self.tpn = tpn
        self.name = name
        self.nickname = nickname
        self.roster = roster
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
        self.round_robin_cycles: int | None = None  # a team round robin's 192 code
        self.tiebreaks202: str | None = None
        self.tiebreaks212: str | None = None
        self.pattern: str | None = None
        self.players: dict[int, _PlayerRec] = {}
        self.teams310: dict[int, _TeamRec] = {}
        self.teams013: list[_TeamRec] = []
        self.pab_points: tuple[Fraction, Fraction] | None = None
        self.pab: dict[int, tuple[int, int]] = {}  # round -> (team, line)
        self.forfeits: dict[int, list[tuple[str, int, int, int]]] = {}
        self.forfeited: set[tuple[int, int]] = set()  # (round, team) of every 330 record read
        self.out_of_order: dict[tuple[int, int], tuple[int, list[int | None], int]] = {}
        self.forbidden: list[tuple[int, int]] = []
        self.warnings: list[TrfWarning] = []
        self.notes = 0  # warnings of kind "note" kept
        self.more = 0  # and those past MAX_WARNINGS, counted only
        self.last_line = 0
        self.has_u = False  # some 001 round block says U: the file can say which team had the PAB
        self.round_blocks = 0  # the 001 round blocks read, blank ones apart
        self.known_blocks: dict[str, _Block] = {}  # the text of a round block -> what it says (never changed)
        #: round -> (player, record, block) of every block, in the order of the players' records
        self.blocks_of_round: defaultdict[int, list[tuple[int, _PlayerRec, _Block]]] = defaultdict(list)
        #: 240 records: (type F/H/Z, round, ids, line); XXZ: the ids absent in the round to pair, and the line
        self.byes240: list[tuple[str, int, tuple[int, ...], int]] = []
        self.xxz: list[tuple[int, int]] = []  # (id, line)
        #: 250 records: (virtual MP, virtual GP, first round, last round, first id, last id, line)
        self.accelerations: list[tuple[Fraction, Fraction, int, int, int, int, int]] = []
        self.baku = False  # record 192 names the Baku acceleration (``..._BAKU``)
        #: 299 records: (type, MP, GP, round (0 = every round), team ids, line)
        self.abnormal: list[tuple[str, Fraction, Fraction, int, tuple[int, ...], int]] = []

    def warn(self, line: int, message: str, kind: str = "note", round_no: int | None = None,
             team: int | None = None) -> None:
        # a file of a million stray lines earns MAX_WARNINGS of them and a count; a PAB read into a TRF16
        # file (kind "pab", one a round at most) is always kept: the import reports each
        if kind == "note":
            if self.notes >= MAX_WARNINGS:
                self.more += 1
                return
            self.notes += 1
        self.warnings.append(TrfWarning(line, message, kind, round_no, team))

    def all_warnings(self) -> tuple[TrfWarning, ...]:
        """The warnings kept, and one that counts the rest ("... and 3,499,900 more warnings")."""
        if not self.more:
            return tuple(self.warnings)
        return (*self.warnings, more_warnings(self.more, self.last_line))


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


def read_records(text: str) -> _State:
    """Every record of ``text``; an empty file raises ``FileFormatError``."""
    st = _State()
    lines = split_lines(text)
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise FileFormatError(1, "the file is empty; expected {expected}",
                              params={"expected": _EXPECTED})
    st.last_line = len(lines)
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith("###"):
            continue  # TRF-2026 comment
        _read_line(st, lineno, line)
    return st


# --- line parsers ------------------------------------------------------------------------------

_HEADER = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end",
           "092": "type", "102": "chief", "122": "time_control", "182": "controller"}
_IGNORED = {"062", "072", "082", "172", "222", "801", "802"}


#: A column ruler (``1234567890...``, ``         1         2``): digits and blanks only.
_RULER = r"[\d ]+"  # a pattern, compiled by ``re`` when first needed (most files have no ruler)
_KNOWN = {*_HEADER, *_IGNORED, "112", "132", "142", "152", "162", "362", "192", "202", "212", "352", "001",
          "013", "310", "320", "330", "300", "260", "240", "250", "299", "XXZ"}


def _read_line(st: _State, n: int, line: str) -> None:
    din = line[:3]
    if len(line) > 3 and line[3] != " ":
        if din in _KNOWN and not re.fullmatch(_RULER, line):
            # a record with a tab or junk in column 4 is misaligned, not a ruler: skipping it
            # would move the error to a later line (a team naming a player "without" a record)
            raise FileFormatError(n, "record {din}: column 4 must be a blank, not {line!r} (the data starts at "
                                  "column 5)",
                                  params={"din": din, "line": line[3]})
        st.warn(n, "not a TRF record (ruler or stray line), skipped")
        return
    if din == "001":  # most of a file
        _read_001(st, n, line)
    elif din in _HEADER:
        st.header[_HEADER[din]] = _text(n, line)
        st.header_lines[_HEADER[din]] = n
    elif din == "112":
        if len(st.deputies) >= MAX_DEPUTIES:
            raise FileFormatError(n, "a tournament names at most {max_deputies} deputy arbiters (112 records)",
                                  params={"max_deputies": MAX_DEPUTIES})
        st.deputies.append(_text(n, line))
    elif din == "132":
        _read_132(st, n, line)
    elif din in ("142", "XXR"):
        st.rounds = parse_int(line[4:], n, "number of rounds", blank=None, bounds=(1, MAX_ROUNDS))
    elif din == "152":
        c = line[4:].strip().upper()[:1]
        if c not in ("W", "B"):
            raise FileFormatError(n, "initial colour must be W or B, not {shown}",
                                  params={"shown": shown(line[4:].strip())})
        st.initial_colour = c
    elif din == "XXC":
        words = line[4:].lower().split()
        if "white1" in words:
            st.initial_colour = "W"
        elif "black1" in words:
            st.initial_colour = "B"
    elif din == "162":
        st.gp.update(_read_score_system(n, line, "game", st))
    elif din == "362":
        st.mp.update(_read_score_system(n, line, "match", st))
    elif din == "192":
        code = _text(n, line)
        st.type_code = parse_type_code(code)
        st.round_robin_cycles = round_robin_cycles(code)
        st.baku = st.type_code is not None and "BAKU" in code.upper().split("_")
        if st.round_robin_cycles is not None:
            pass  # a team round robin: the Berger tables, no C.04.6 settings
        elif st.type_code is None:
            st.warn(n, f"tournament type {code!r} is not a FIDE team Swiss code; C.04.6 defaults used")
        elif unknown_type_words(code):
            unknown = ", ".join(unknown_type_words(code))
            st.warn(n, f"tournament type {code!r}: {unknown} not understood; Type A colour preferences used "
                       "(C.04.6 1.7 default)")
    elif din == "202":
        st.tiebreaks202 = _tiebreaks(n, line)
    elif din == "212":
        st.tiebreaks212 = _tiebreaks(n, line)
    elif din == "352":
        pattern = line[4:].strip().upper()
        if len(pattern) > MAX_BOARDS:
            raise FileFormatError(n, "board colours for {n_pattern:,} boards: a team plays at most {max_boards} "
                                  "boards",
                                  params={"n_pattern": len(pattern), "max_boards": MAX_BOARDS})
        if not pattern or set(pattern) - {"W", "B"}:
            raise FileFormatError(n, "board colours must be letters W/B such as WBWB, not {shown}",
                                  params={"shown": shown(pattern)})
        st.pattern = pattern
    elif din in _TEAM_RECORDS:
        _TEAM_RECORDS[din](st, n, line)
    elif din in _IGNORED or din.startswith(("XX", "BB")):
        return
    else:
        st.warn(n, f"record {din!r} not understood, skipped")


def _text(n: int, line: str) -> str:
    """The text of a header record (cols 5-), at most ``MAX_TEXT`` characters."""
    text = line[4:].strip()
    if len(text) > MAX_TEXT:
        raise FileFormatError(n, "record {line}: a text of at most {max_text} characters, not {n_text:,}",
                              params={"line": line[:3], "max_text": MAX_TEXT, "n_text": len(text)})
    return text


def _tiebreaks(n: int, line: str) -> str:
    """A 202 / 212 list: at most ``MAX_TIEBREAKS`` codes of at most ``MAX_TIEBREAK_CODE`` characters (the
    codes themselves are checked with the rules, R-8)."""
    codes = line[4:].replace(",", " ").split()
    if len(codes) > MAX_TIEBREAKS:
        raise FileFormatError(n, "{n_codes:,} tie-breaks: a list has at most {max_tiebreaks}",
                              params={"n_codes": len(codes), "max_tiebreaks": MAX_TIEBREAKS})
    for code in codes:
        if len(code) > MAX_TIEBREAK_CODE:
            raise FileFormatError(n, "tie-break {shown} is longer than {max_tiebreak_code} characters",
                                  params={"shown": shown(code), "max_tiebreak_code": MAX_TIEBREAK_CODE})
    return line[4:].strip()


def _read_260(st: _State, n: int, line: str) -> None:
    """Teams that must not meet (260): every pair of the record's teams, at most ``MAX_FORBIDDEN_PAIRS`` in all."""
    if (len(line) - 13) // 5 + 1 > MAX_TEAMS:
        raise FileFormatError(n, "a 260 record names at most {max_teams} teams",
                              params={"max_teams": MAX_TEAMS})
    ids = [parse_int(line[i - 1 : i + 3], n, "team number", bounds=(0, MAX_TEAMS))
           for i in range(13, len(line) + 1, 5)]
    ids = list(dict.fromkeys(i for i in ids if i))
    pairs = len(ids) * (len(ids) - 1) // 2
    if len(st.forbidden) + pairs > MAX_FORBIDDEN_PAIRS:
        raise FileFormatError(n, "more than {max_forbidden_pairs:,} forbidden pairs (260 records)",
                              params={"max_forbidden_pairs": MAX_FORBIDDEN_PAIRS})
    st.forbidden.extend((a, b) for k, a in enumerate(ids) for b in ids[k + 1 :])


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
            st.warn(n, f"{what} {shown(s)} is not a date YYYY/MM/DD; ignored")
            return None
        y, mo, d = (int(x) for x in m.groups())
    if y < 100:
        y += 2000
    try:
        # Swiss-Manager writes 2014/00/00 when only the year is known
        return date(y, mo or 1, d or 1)
    except ValueError:
        st.warn(n, f"{what} {shown(s)} is not a valid date; ignored")
        return None


_DATE = r"(\d{2,4})[/.-](\d{1,2})[/.-](\d{1,2})"  # compiled when first needed: most dates are YYYY/MM/DD
_DATE_SEPARATORS = "/.-"


#: the last column of round ``MAX_ROUNDS``'s block (001) or date (132): nothing of a record may follow it
ROUNDS_END = ROUND_COL - 1 + ROUND_WIDTH * (MAX_ROUNDS - 1) + 8


def _past_the_last_round(n: int, what: str, column: int) -> FileFormatError:
    return FileFormatError(n, "{what} past column {column}, the end of round {max_rounds}: a tournament has at most "
                           "{max_rounds} rounds",
                           params={"what": what, "column": column, "max_rounds": MAX_ROUNDS})


def _read_132(st: _State, n: int, line: str) -> None:
    if len(line) > ROUNDS_END:
        raise _past_the_last_round(n, "dates", ROUNDS_END)
    r = 1
    while ROUND_COL + ROUND_WIDTH * (r - 1) <= len(line):
        start = ROUND_COL + ROUND_WIDTH * (r - 1)
        d = _read_date(cols(line, start, start + 7), n, f"date of round {r}", st)
        if d is not None:
            st.round_dates[r] = d
        r += 1


#: scores a 162 / 362 record gives (one for each result code, and room for more)
_MAX_SCORES = 16


def _read_score_system(n: int, line: str, kind: str, st: _State | None = None) -> dict[str, Fraction]:
    """162 / 362: a letter at col 6 (after ``T`` at col 5 in 362), points at 7-10, period 9.

    A record whose values are not in those columns (``362 TW  2.0   TD  1.0``, as some programs write it) is
    read by its words instead, with a warning: a code and the number after it."""
    if len(line) > 5 + 9 * _MAX_SCORES:
        raise FileFormatError(n, "record {line} gives {kind} points for at most {max_scores} results",
                              params={"line": line[:3], "kind": kind, "max_scores": _MAX_SCORES})
    out: dict[str, Fraction] = {}
    try:
        pos = 6
        while pos <= len(line):
            letter = cols(line, pos, pos).upper()
            prefix = cols(line, pos - 1, pos - 1).upper()
            if prefix.strip() and prefix != "T" or (letter.strip() and letter not in _SCORE_LETTERS):
                raise FileFormatError(n, "{kind} points: {text} is not in its columns",
                                      params={"kind": kind, "text": shown(line[pos - 2:pos + 4])})
            if letter.strip():
                out[letter] = parse_points(cols(line, pos + 1, pos + 4), n, f"{kind} points for {letter}")
            pos += 9
        return out
    except FileFormatError as exc:
        words = line[4:].split()
        pairs = [(words[i].upper().removeprefix("T") if line[:3] == "362" else words[i].upper(), words[i + 1])
                 for i in range(0, len(words) - 1, 2)]
        if len(words) % 2 or not all(len(c) == 1 and c in _SCORE_LETTERS for c, _ in pairs):
            raise exc from None
        out = {c: parse_points(v, n, f"{kind} points for {c}") for c, v in pairs}
        if st is not None:
            st.warn(n, f"record {line[:3]}: the {kind} points are not in their columns (TRF-2026: code at columns "
                       "5-6, points at 7-10, every 9 columns); read word by word as "
                       + ", ".join(f"{c} {v}" for c, v in out.items()))
        return out


#: the result codes a 162 / 362 record gives points for (TRF-2026 162; 362 writes them after a ``T``)
_SCORE_LETTERS = set("WDLAPXFHZU")


_BLANK_BLOCK = " " * 8


def _read_001(st: _State, n: int, line: str) -> None:
    # plain slices, not ``cols``: every field is stripped, so the padding of a short line is moot
    # the numbers: digits nearly always, read at once; anything else as parse_int reads (and refuses) it
    text = line[4:8].strip()
    pid = int(text) if text.isascii() and text.isdigit() else parse_int(text, n, "starting rank (cols 5-8)",
                                                                         blank=None)
    if not 1 <= pid <= MAX_PLAYERS:  # 0000 stands for "nobody" in a round block or a roster
        raise FileFormatError(n, "starting rank (cols 5-8) must be between 1 and {max_players}, not {pid}",
                              params={"max_players": MAX_PLAYERS, "pid": pid})
    if pid in st.players:
        raise FileFormatError(n, "player {pid} is defined twice (first on line {line})",
                              params={"pid": pid, "line": st.players[pid].line})
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
    if length > ROUNDS_END:
        raise _past_the_last_round(n, "round blocks", ROUNDS_END)
    rec = _PlayerRec(player, n, length, _lenient_points(line[80:84]))
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
    st.round_blocks += len(blocks)
    if st.round_blocks > MAX_ROUND_BLOCKS:
        raise FileFormatError(n, "more than {max_round_blocks:,} round blocks in the 001 records: larger than any "
                              "team tournament",
                              params={"max_round_blocks": MAX_ROUND_BLOCKS})
    if misaligned:
        start = ROUND_COL + ROUND_WIDTH * (misaligned - 1)
        raise FileFormatError(n, "round {misaligned}: misaligned round block (columns {start}-{start2})",
                              params={"misaligned": misaligned, "start": start - 2, "start2": start - 1})


def _lenient_points(text: str) -> Fraction | None:
    """The 001 points field (cols 81-84), or None when blank or not a number (it is only compared)."""
    s = text.strip().replace(",", ".")
    if not s or len(s) > 6:
        return None
    try:
        return exact_number(s)
    except ValueError:
        return None


def _read_block(n: int, r: int, start: int, block: str) -> _Block:
    if block[4] != " " or block[6] != " ":
        raise FileFormatError(n, "round {r}: misaligned round block at column {start}: {block!r}",
                              params={"r": r, "start": start, "block": block})
    opp_text = block[0:4].strip()
    if opp_text.isascii() and opp_text.isdigit():
        opp = int(opp_text)
    else:
        opp = parse_int(opp_text, n, f"round {r}: opponent (cols {start}-{start + 3})")
    colour = block[5]
    if colour not in _COLOUR_OF_LETTER:
        raise FileFormatError(n, "round {r}: colour must be w, b or -, not {colour!r}",
                              params={"r": r, "colour": colour})
    code = block[7].upper()
    if code not in RESULT_LETTERS and code != " ":
        raise FileFormatError(n, "round {r}: unknown result code {code!r}",
                              params={"r": r, "code": code})
    return _Block(opp, _COLOUR_OF_LETTER[colour], code)


_BYE_CODES = ("U", "H", "F")
#: the colour letter of a round block (either case) -> "w", "b" or None ("-" or blank)
_COLOUR_OF_LETTER: dict[str, str | None] = {"w": "w", "W": "w", "b": "b", "B": "b", "-": None, " ": None}


def _team_ids(n: int, line: str, first: int) -> list[int]:
    ids = []
    pos = first
    length = len(line)
    if length >= first and (length - first) // 5 + 1 > MAX_ROSTER:
        raise FileFormatError(n, "a team record names at most {max_roster} players",
                              params={"max_roster": MAX_ROSTER})
    while pos <= length:
        if pos > first and line[pos - 2 : pos - 1].strip():
            raise FileFormatError(n, "team member numbers misaligned at column {pos}",
                                  params={"pos": pos - 1})
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
    tpn = parse_int(cols(line, 5, 7), n, "team pairing number (cols 5-7)", blank=None, bounds=(1, MAX_TEAMS))
    if tpn in st.teams310:
        raise FileFormatError(n, "team {tpn} is defined twice (first on line {line})",
                              params={"tpn": tpn, "line": st.teams310[tpn].line})
    if cols(line, 72, 73).strip():
        raise FileFormatError(n, "misaligned team record: columns 72-73 must be blank")
    st.teams310[tpn] = _TeamRec(
        tpn, cols(line, 9, 40).strip(), cols(line, 42, 46).strip(), _team_ids(n, line, TEAM310_FIRST), n
    )


def _read_013(st: _State, n: int, line: str) -> None:
    tpn = len(st.teams013) + 1  # the 013 record has no number: its position is the team's id
    if tpn > MAX_TEAMS:
        raise FileFormatError(n, "more than {max_teams} team records (013): a tournament has at most {max_teams} "
                              "teams",
                              params={"max_teams": MAX_TEAMS})
    st.teams013.append(_TeamRec(tpn, cols(line, 5, 36).strip(), "", _team_ids(n, line, TEAM013_FIRST), n))


def _read_320(st: _State, n: int, line: str) -> None:
    if st.pab_points is not None:
        raise FileFormatError(n, "record 320 may occur only once (TRF-2026)")
    st.pab_points = (parse_points(cols(line, 5, 8), n, "PAB match points (cols 5-8)"),
                     parse_points(cols(line, 10, 13), n, "PAB game points (cols 10-13)"))
    if len(line) > 14 + 4 * MAX_ROUNDS - 1:  # round r's team at columns 15 + 4 (r - 1) and the 2 after
        raise _past_the_last_round(n, "PAB teams", 14 + 4 * MAX_ROUNDS - 1)
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
        raise FileFormatError(n, "forfeit type must be +-, -+ or --, not {kind!r}",
                              params={"kind": kind})
    rnd = parse_int(cols(line, 8, 10), n, "round (cols 8-10)", blank=None, bounds=(1, MAX_ROUNDS))
    white = parse_int(cols(line, 12, 14), n, "white team (cols 12-14)", blank=None)
    black = parse_int(cols(line, 16, 18), n, "black team (cols 16-18)", blank=None)
    for team in (white, black):  # here, not once the matches are made: a file may repeat a record endlessly
        if (rnd, team) in st.forfeited:
            raise FileFormatError(n, "team {team} has two forfeited matches in round {rnd}",
                                  params={"team": team, "rnd": rnd})
        st.forfeited.add((rnd, team))
    st.forfeits.setdefault(rnd, []).append((trans[kind.upper()], white, black, n))


def _read_300(st: _State, n: int, line: str) -> None:
    rnd = parse_int(cols(line, 5, 7), n, "round (cols 5-7)", blank=None, bounds=(1, MAX_ROUNDS))
    team = parse_int(cols(line, 9, 11), n, "team (cols 9-11)", blank=None)
    opp = parse_int(cols(line, 13, 15), n, "opponent team (cols 13-15)")
    if len(line) > 16 + 5 * MAX_BOARDS - 1:  # board k's player at columns 17 + 5 (k - 1) and the 3 after
        raise FileFormatError(n, "a lineup of more than {max_boards} boards: a team plays at most {max_boards} "
                              "boards",
                              params={"max_boards": MAX_BOARDS})
    lineup: list[int | None] = []
    pos = 17
    while pos <= len(line):
        pid = parse_int(cols(line, pos, pos + 3), n, f"player (cols {pos}-{pos + 3})")
        lineup.append(pid or None)
        pos += 5
    if (rnd, team) in st.out_of_order:
        raise FileFormatError(n, "a second lineup (300) for team {team} in round {rnd}",
                              params={"team": team, "rnd": rnd})
    st.out_of_order[(rnd, team)] = (opp, lineup, n)


#: ids a 240 / 299 record may name (a record with more is not a team event's)
_MAX_IDS = MAX_TEAMS


def _ids_from(n: int, line: str, first: int, width: int, what: str) -> tuple[int, ...]:
    """The numbers of a record from column ``first`` on, ``width`` columns each and one blank between them."""
    if len(line) >= first and (len(line) - first) // (width + 1) + 1 > _MAX_IDS:
        raise FileFormatError(n, "record {record} names at most {count} numbers", params={"record": line[:3],
                                                                                       "count": _MAX_IDS})
    out = []
    for pos in range(first, len(line) + 1, width + 1):
        value = parse_int(cols(line, pos, pos + width - 1), n, f"{what} (cols {pos}-{pos + width - 1})",
                          bounds=(0, MAX_PLAYERS))
        if value:
            out.append(value)
    return tuple(dict.fromkeys(out))


def _read_240(st: _State, n: int, line: str) -> None:
    """240: byes of a round (TRF-2026): col 5 type F / H / Z, 7-9 round, then team numbers at 11-14, 16-19 ..."""
    kind = cols(line, 5, 5).upper()
    if kind == " ":
        kind = "Z"  # blank is a zero-point bye, as in a round block
    if kind not in ("F", "H", "Z"):
        raise FileFormatError(n, "bye type (col 5) must be F, H or Z, not {kind}", params={"kind": repr(kind)})
    rnd = parse_int(cols(line, 7, 9), n, "round (cols 7-9)", blank=None, bounds=(1, MAX_ROUNDS))
    st.byes240.append((kind, rnd, _ids_from(n, line, 11, 4, "team"), n))


def _read_xxz(st: _State, n: int, line: str) -> None:
    """XXZ (JaVaFo's TRF(x)): the competitors absent in the round to be paired; in a team event, teams."""
    words = line[4:].replace(",", " ").split()
    if len(words) > _MAX_IDS:
        raise FileFormatError(n, "record {record} names at most {count} numbers", params={"record": "XXZ",
                                                                                       "count": _MAX_IDS})
    for w in words:
        st.xxz.append((parse_int(w, n, "team number", bounds=(0, MAX_PLAYERS)), n))  # not a team: a warning


def _read_250(st: _State, n: int, line: str) -> None:
    """250: an accelerated round range (TRF-2026): 5-8 virtual match points, 10-13 virtual game points, 15-17
    first round, 19-21 last round, 23-26 first team, 28-31 last team (a blank last = the first)."""
    mp = parse_points(cols(line, 5, 8), n, "virtual match points (cols 5-8)")
    gp = parse_points(cols(line, 10, 13), n, "virtual game points (cols 10-13)")
    first = parse_int(cols(line, 15, 17), n, "first round (cols 15-17)", blank=None, bounds=(1, MAX_ROUNDS))
    last = parse_int(cols(line, 19, 21), n, "last round (cols 19-21)", bounds=(0, MAX_ROUNDS)) or first
    low = parse_int(cols(line, 23, 26), n, "first team (cols 23-26)", blank=None, bounds=(1, MAX_TEAMS))
    high = parse_int(cols(line, 28, 31), n, "last team (cols 28-31)", bounds=(0, MAX_TEAMS)) or low
    if last < first or high < low:
        raise FileFormatError(n, "an accelerated range (250) runs from its first round and team to its last")
    if len(st.accelerations) >= MAX_ROUNDS * 2:
        raise FileFormatError(n, "more than {count} records {record}",
                              params={"count": MAX_ROUNDS * 2, "record": "250"})
    st.accelerations.append((mp, gp, first, last, low, high, n))


def _read_299(st: _State, n: int, line: str) -> None:
    """299: an abnormal assignment of points (TRF-2026): col 5 type (W D L F H Z + - or blank = a penalty or a
    bonus), 8-11 match points, 14-17 game points, 20-22 round (000 / blank = every round; 999 = the standings
    only), then team numbers at 24-27, 29-32 ..."""
    kind = cols(line, 5, 5).upper()
    if kind not in set("WDLFHZ+- "):
        raise FileFormatError(n, "type (col 5) must be one of W D L F H Z + - or blank, not {kind}",
                              params={"kind": repr(kind)})
    mp = parse_points(cols(line, 7, 11), n, "match points (cols 8-11)")
    gp = parse_points(cols(line, 13, 17), n, "game points (cols 14-17)")
    rnd = parse_int(cols(line, 20, 22), n, "round (cols 20-22)", bounds=(0, 999))
    if rnd > MAX_ROUNDS and rnd != 999:
        raise FileFormatError(n, "round (cols 20-22) must be between 0 and {high}, or 999, not {round}",
                              params={"high": MAX_ROUNDS, "round": rnd})
    if len(st.abnormal) >= MAX_FORBIDDEN_PAIRS:
        raise FileFormatError(n, "more than {count} records {record}", params={"count": MAX_FORBIDDEN_PAIRS,
                                                                            "record": "299"})
    st.abnormal.append((kind, mp, gp, rnd, _ids_from(n, line, 24, 4, "team"), n))


#: the readers of the records of a team event, by their code
_TEAM_RECORDS = {"013": _read_013, "310": _read_310, "320": _read_320, "330": _read_330, "300": _read_300,
                 "260": _read_260, "240": _read_240, "XXZ": _read_xxz, "250": _read_250, "299": _read_299}
