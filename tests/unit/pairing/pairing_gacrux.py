"""Test-only bridge to Gacrux (FIDE TEC's reference engine), run as a subprocess.

Writes a minimal TRF-2026 team file (001 players, 310 teams, 320 PABs, 330 forfeits, 142,
152, 192, 352, 362) for a tournament made of ``pairing_sim`` events and asks
``gacrux.pairingchecker -m fideteam -p`` for the next round's pairing. Never imported by
``app/``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from app.services.rules import Rules
from app.services.tournament import Tournament, team_round

RES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "+/-": ("+", "-"), "-/+": ("-", "+"),
       "-/-": ("-", "-")}


def _num(x: object) -> str:
    return f"{float(x):.1f}"  # type: ignore[arg-type]


def score_token(rules: Rules) -> str:
    """Gacrux's score token for the rules' C.04.6 1.2 settings."""
    primary = rules.pairing.primary_score.lower()
    if not rules.pairing.use_secondary_for_colour:
        return primary
    return "mp+gp" if primary == "mp" else "gp+mp"


def write_trf(t: Tournament, upto: int, total_rounds: int, kind: str = "A") -> str:
    rules = t.rules
    boards = rules.boards
    pid = {(team.id, b): (team.id - 1) * boards + b for team in t.teams for b in range(1, boards + 1)}
    blocks: dict[int, list[str]] = {p: [] for p in pid.values()}
    pab_rounds: dict[int, int] = {}
    forfeits: list[str] = []
    rounds = [r for r in t.rounds if r.number <= upto]
    for r in rounds:
        seen = set()
        for m in r.matches:
            seen.update(m.teams())
            if m.second is None:
                pab_rounds[r.number] = m.first
                for b in range(1, boards + 1):
                    blocks[pid[(m.first, b)]].append("0000 - U")
                continue
            if m.forfeit is not None:
                code = {"first": "-+", "second": "+-", "both": "--"}[m.forfeit]
                forfeits.append(f"330 {code} {r.number:3d} {m.first:3d} {m.second:3d}")
                fr, sr = {"first": ("-", "+"), "second": ("+", "-"), "both": ("-", "-")}[m.forfeit]
                for b in range(1, boards + 1):
                    fw = rules.pairing.board_colour_pattern[b - 1] == "W"
                    blocks[pid[(m.first, b)]].append(f"{pid[(m.second, b)]:4d} {'w' if fw else 'b'} {fr}")
                    blocks[pid[(m.second, b)]].append(f"{pid[(m.first, b)]:4d} {'b' if fw else 'w'} {sr}")
                continue
            for g in m.boards:
                assert g.result is not None
                wres, bres = RES[g.result]
                fres, sres = (wres, bres) if g.first_white else (bres, wres)
                blocks[pid[(m.first, g.board)]].append(
                    f"{pid[(m.second, g.board)]:4d} {'w' if g.first_white else 'b'} {fres}")
                blocks[pid[(m.second, g.board)]].append(
                    f"{pid[(m.first, g.board)]:4d} {'b' if g.first_white else 'w'} {sres}")
        for team in t.teams:
            if team.id not in seen:
                for b in range(1, boards + 1):
                    blocks[pid[(team.id, b)]].append("0000 - Z")
    prefix = {"A": "FIDE_TEAM_TYPEA", "B": "FIDE_TEAM_TYPEB", "none": "FIDE_TEAM"}[kind]
    scores = "_MP_GP" if rules.pairing.primary_score == "MP" else "_GP_MP"
    if not rules.pairing.use_secondary_for_colour:
        scores = scores[:3]
    kind_code = prefix + scores
    lines = [
        "012 simulated",
        f"142 {total_rounds}",
        f"152 {rules.pairing.initial_colour.lower()}",
        f"192 {kind_code}",
        f"352 {rules.pairing.board_colour_pattern}",
        f"362  W{_num(rules.mp_win):>4}    D{_num(rules.mp_draw):>4}    L{_num(rules.mp_loss):>4}",
    ]
    for (team_id, b), p in sorted(pid.items(), key=lambda kv: kv[1]):
        name = f"P{team_id}-{b}"
        line = f"001 {p:4d} m    {name:<33} 2000 GRE {p:11d} 2010/01/01  0.0 {p:4d}"
        line = line.ljust(91)
        line += "  ".join(blocks[p])
        lines.append(line.rstrip())
    mp_tot: dict[int, float] = {}
    gp_tot: dict[int, float] = {}
    for team in t.teams:
        mp = gp = 0.0
        for r in rounds:
            tr = team_round(r.match_of(team.id), team.id, r.number, rules)
            mp += float(tr.mp or 0)
            gp += float(tr.gp or 0)
        mp_tot[team.id], gp_tot[team.id] = mp, gp
    for team in t.teams:
        players = "".join(f" {pid[(team.id, b)]:4d}" for b in range(1, boards + 1))
        line = (f"310 {team.tpn:3d} {team.name:<32} {'':5} {'':6} {mp_tot[team.id]:6.1f} "
                f"{gp_tot[team.id]:6.1f} {team.tpn:3d} {players}")
        lines.append(line)
    if pab_rounds:
        cols = "".join(f" {pab_rounds.get(r, 0):3d}" for r in range(1, upto + 1))
        lines.append(f"320 {_num(rules.bye_mp):>4} {_num(rules.bye_gp):>4}{cols}")
    lines.extend(forfeits)
    return "\n".join(lines) + "\n"


def gacrux_pairing(trf: str, round_no: int, kind: str = "A", absent: frozenset[int] = frozenset(),
                   scores: str = "mp+gp") -> dict:
    """``scores``: Gacrux's score token, "mp+gp" / "gp+mp" (secondary used) or "mp" / "gp"."""
    method = {"A": "fideteam-typea", "B": "fideteam-typeb", "none": "fideteam-nocolor"}[kind] + "-" + scores
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "t.trf"
        path.write_text(trf)
        out = subprocess.run(
            [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-m", method, "-p", "-n",
             str(round_no)] + (["-u", *map(str, sorted(absent))] if absent else []),
            capture_output=True, text=True, timeout=300,
        )
    if out.returncode != 0 and not out.stdout.strip():
        raise RuntimeError(out.stderr[-2000:])
    return json.loads(out.stdout)
