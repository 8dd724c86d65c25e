"""Team standings: match points, game points and the tie-break list (R-8, FIDE C.07).

The ranking applies the tie-break list in order, each one to every subgroup of teams
still tied (C.07 4.2). Teams still tied after the whole list share the rank and are
marked ``tied`` (R-8.2): nothing is decided by lot or by name. Within a tie, rows are
listed by pairing number (then id) for display only.

If the list does not start with ``MPTS`` or ``GPTS``, the primary score
(``t.rules.pairing.primary_score``) ranks first implicitly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.services.tiebreaks import Tiebreak, build_context, parse_tiebreaks
from app.services.tiebreaks.context import Context
from app.services.tournament import Outcome, Tournament

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:

    from app.services.rules import Rules

ZERO = Fraction(0)


@dataclass(frozen=True)
class TiebreakUse:
    """How one tie-break came to matter for one team.

    ``group``: how many teams (this one included) were still tied when the tie-break was applied;
    1 means the team was already separated and the value decides nothing. For the group tie-breaks
    (DE, EDE, TBR, BBE), whose value is only a position inside that group, ``decisive`` is what
    decided there: the team's points in the encounters among the group (DE, DE-ALLMET, EDE), or its
    board points where it parted from the others (TBR: on board ``board``; BBE: on the top ``board``
    boards); None when the tie-break did not apply (DE-ALLMET when not all of them met) or left the
    team tied."""

    group: int
    decisive: Fraction | None = None
    board: int | None = None


@dataclass(frozen=True)
class StandingRow:
    """One team's line of the standings."""

    rank: int
    team_id: int
    mp: Fraction
    gp: Fraction
    won: int  # played matches only (see :func:`match_counts`)
    drawn: int
    lost: int
    tiebreaks: tuple[tuple[str, Fraction], ...]
    tied: bool
    #: per tie-break (aligned with ``tiebreaks``): how it came to matter for this team
    explained: tuple[TiebreakUse, ...] = ()
    byes: int = 0  # pairing-allocated byes (C.07 16.2.1), apart from W/D/L
    forfeit_wins: int = 0  # matches won without being played (16.2.2)
    forfeit_losses: int = 0  # matches lost without being played, double forfeits included (16.2.4)

    def value(self, code: str) -> Fraction:
        for c, v in self.tiebreaks:
            if c == code:
                return v
        raise KeyError(code)


@dataclass(frozen=True)
class Standings:
    """The standings in rank order, with the tie-break list applied."""

    tiebreak_codes: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    after_round: int | None = None
    rules_text: str = "2026"  # C.07 Art. 16 wording used

    def row(self, team_id: int) -> StandingRow:
        for r in self.rows:
            if r.team_id == team_id:
                return r
        raise KeyError(team_id)


def _display_key(t: Tournament, tid: int) -> tuple[int, int]:
    team = t.team(tid)
    return (team.tpn if team.tpn is not None else 10**9, tid)


def rank_groups(
    ctx: Context, tiebreaks: tuple[Tiebreak, ...]
) -> tuple[list[list[int]], dict[str, dict[int, Fraction]], dict[str, dict[int, TiebreakUse]]]:
    """Apply the list (C.07 4.2). Returns the ordered groups (size > 1 = still tied), per code
    every team's reported value, and per code how it came to matter for each team."""
    groups: list[list[int]] = [list(ctx.team_ids)]
    reported: dict[str, dict[int, Fraction]] = {}
    uses: dict[str, dict[int, TiebreakUse]] = {}
    for tb in tiebreaks:
        values = tb.values(ctx) if tb.values is not None else None
        new_groups: list[list[int]] = []
        positions: dict[int, Fraction] = {}
        used: dict[int, TiebreakUse] = uses.setdefault(tb.code, {})
        for g in groups:
            if len(g) == 1:
                new_groups.append(g)
                positions[g[0]] = Fraction(1)
                used[g[0]] = TiebreakUse(1)
                continue
            why = tb.explain(ctx, g) if tb.explain is not None else {}
            for tid in g:
                decisive, board = why.get(tid, (None, None))
                used[tid] = TiebreakUse(len(g), decisive, board)
            parts = tb.order(ctx, g, values)
            pos = 1
            for part in parts:
                for tid in part:
                    positions[tid] = Fraction(pos)
                pos += len(part)
            new_groups.extend(parts)
        groups = new_groups
        reported[tb.code] = values if values is not None else positions
    return groups, reported, uses


def _mp_kind(rules: Rules, mp: Fraction) -> int:
    """0 if ``mp`` is what a won match scores, 1 a drawn one, 2 a lost one."""
    return 0 if mp == rules.mp_win else 1 if mp == rules.mp_draw else 2


def mp_kinds(rules: Rules) -> dict[int, int]:
    """:func:`_mp_kind` of the rules' own MP values, by identity: a round's MP is nearly always one of them,
    and comparing Fractions costs more than the rest of :func:`match_counts`."""
    return {id(v): _mp_kind(rules, v) for v in (rules.mp_win, rules.mp_draw, rules.mp_loss)}


def match_counts(ctx: Context, team: int, kinds: dict[int, int] | None = None) -> tuple[int, int, int, int, int, int]:
    """(won, drawn, lost, byes, forfeit wins, forfeit losses) over the team's finished rounds.

    W/D/L count *played* matches only (:func:`app.services.tournament.match_played`), by the
    match points awarded; a pairing-allocated bye is neither a win nor a draw, whatever it is
    worth, and is counted apart, as are matches decided by forfeit. Rounds the team was not
    paired in count nowhere. ``kinds`` is :func:`mp_kinds` of the rules, when the caller has it."""
    won = drawn = lost = byes = fwins = flosses = 0
    known = mp_kinds(ctx.rules) if kinds is None else kinds
    for e in ctx.records[team]:
        if not e.finished:
            continue
        outcome = e.outcome
        if outcome is Outcome.PLAYED:
            k = known.get(id(e.mp))
            if k is None:
                k = _mp_kind(ctx.rules, e.mp)
            if k == 0:
                won += 1
            elif k == 1:
                drawn += 1
            else:
                lost += 1
        elif outcome is Outcome.PAB:
            byes += 1
        elif outcome is Outcome.FORFEIT_WIN:
            fwins += 1
        elif outcome is not Outcome.ABSENT:
            flosses += 1
    return won, drawn, lost, byes, fwins, flosses


def compute_standings(
    t: Tournament, after_round: int | None = None, tiebreaks: tuple[str, ...] | None = None
) -> Standings:
    """Standings after round ``after_round`` (all paired rounds when None).

    ``tiebreaks`` defaults to ``t.rules.tiebreaks``; unknown codes raise ``InvalidInput``.
    Rounds after ``after_round`` are ignored entirely, also for the opponents' scores.
    """
    primary = t.rules.pairing.primary_score
    codes = tuple(t.rules.tiebreaks if tiebreaks is None else tiebreaks)
    tbs = parse_tiebreaks(codes, primary)
    ranking = tbs
    if not tbs or tbs[0].name not in ("MPTS", "GPTS"):
        ranking = parse_tiebreaks(("MPTS" if primary == "MP" else "GPTS",), primary) + tbs
    ctx = build_context(t, after_round)
    groups, reported, uses = rank_groups(ctx, ranking)
    kinds = mp_kinds(t.rules)
    rows: list[StandingRow] = []
    rank = 1
    for g in groups:
        tied = len(g) > 1
        for tid in sorted(g, key=lambda x: _display_key(t, x)):
            won, drawn, lost, byes, fwins, flosses = match_counts(ctx, tid, kinds)
            rows.append(StandingRow(
                rank=rank,
                team_id=tid,
                mp=ctx.mp[tid],
                gp=ctx.gp[tid],
                won=won,
                drawn=drawn,
                lost=lost,
                tiebreaks=tuple((tb.code, reported[tb.code][tid]) for tb in tbs),
                tied=tied,
                explained=tuple(uses[tb.code][tid] for tb in tbs),
                byes=byes,
                forfeit_wins=fwins,
                forfeit_losses=flosses,
            ))
        rank += len(g)
    return Standings(tiebreak_codes=tuple(tb.code for tb in tbs), rows=tuple(rows),
                     after_round=after_round, rules_text=ctx.text)


# --- exact value formatting and the JSON row shape (the standings command and the API) ----------


def format_value(v: Fraction | int) -> str:
    """Exact text of a score (a whole number as is): a decimal when finite ("13.5", "7", "0.25"), else "a/b"."""
    if not isinstance(v, Fraction):
        v = Fraction(v)
    num, den = v.numerator, v.denominator
    if den == 1:
        return str(num)
    # a finite decimal when den = 2^a 5^b: then max(a, b) places, the digits num * 10^places / den
    d = den
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{num}/{den}"
    places = max(twos, fives)
    scaled = num * 10**places // den
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"
