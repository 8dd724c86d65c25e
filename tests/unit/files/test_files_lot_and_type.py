"""Files as other programs write them: no ``152`` record, an unknown ``192`` code.

* No 152: the initial colour (C.04.6 4.1, drawn by lot) is read back from the played round 1
  (the first-team of the played match with the smallest TPN; 4.3.1 inverts it for an even
  TPN), so ``check`` accepts whichever lot was drawn, as FIDE's reference does.
* ``192 FIDE_TEAM_TYPEZ_XX``: Type A (the C.04.6 1.7 default), with a warning naming the line.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from app.cli.main import main
from app.services.trf import read_tournament, read_tournament_with_warnings


def _generate(tmp_path: Path, seed: int, *extra: str, teams: int = 10, rounds: int = 5) -> str:
    out = tmp_path / f"g{seed}.trf"
    assert main(["generate", "--teams", str(teams), "--rounds", str(rounds), "--seed", str(seed), *extra,
                 "-o", str(out)]) == 0
    return out.read_text()


def _without(text: str, record: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(record + " "))


def _replace(text: str, record: str, value: str) -> str:
    return "".join(f"{record} {value}\n" if line.startswith(record + " ") else line
                   for line in text.splitlines(keepends=True))


def _lot(seed: int) -> str:
    return "W" if random.Random(seed).random() < 0.5 else "B"  # as ``generate`` draws it


@pytest.mark.parametrize("seed", [2, 5, 1, 3])  # lots B, B, W, W
def test_check_accepts_the_lot_drawn_without_152(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 seed: int) -> None:
    text = _without(_generate(tmp_path, seed), "152")
    assert "\n152 " not in text
    assert read_tournament(text).rules.pairing.initial_colour == _lot(seed)
    path = tmp_path / "no152.trf"
    path.write_text(text)
    capsys.readouterr()
    assert main(["check", str(path)]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out.strip().splitlines()[-1] == "Check: True"


def test_the_lot_is_read_from_the_smallest_tpn_and_inverted_for_an_even_one(tmp_path: Path) -> None:
    """TPN 1 absent from round 1: the smallest TPN that played is 2, even, so its colour is inverted."""
    for seed in range(1, 80):
        text = _without(_generate(tmp_path, seed, "--absent-rate", "0.3", "--forfeit-rate", "0"), "152")
        t = read_tournament(text)
        r1 = t.rounds[0]
        if r1.match_of(1) is None and (m := r1.match_of(2)) is not None and m.second is not None:
            break
    else:
        pytest.fail("no seed leaves TPN 1 out of round 1")
    assert m.colour(2) != _lot(seed)  # 4.3.1: an even TPN gets the opposite of the initial colour
    assert t.rules.pairing.initial_colour == _lot(seed)


def test_an_explicit_152_is_kept(tmp_path: Path) -> None:
    text = _generate(tmp_path, 2)  # lot B, written in 152
    assert "152 B" in text.splitlines()
    assert read_tournament(_replace(text, "152", "W")).rules.pairing.initial_colour == "W"


def test_pair_round_1_without_152_keeps_the_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _without(_generate(tmp_path, 2), "152")
    t = read_tournament(text)
    assert t.rules.pairing.initial_colour == "B"  # witnessed by the played round 1
    # the same teams, no round played: nothing witnesses a lot, TPN 1 gets White (README)
    head = [line for line in text.splitlines() if line[:3] in ("012", "142", "192", "352", "362")]
    players = [line[:91].rstrip() for line in text.splitlines() if line.startswith("001 ")]
    teams = [line for line in text.splitlines() if line.startswith("310 ")]
    fresh = tmp_path / "fresh.trf"
    fresh.write_text("\n".join([*head, *players, *teams]) + "\n")
    assert read_tournament(fresh.read_text()).rules.pairing.initial_colour == "W"
    capsys.readouterr()
    assert main(["pair", str(fresh), "--round", "1"]) == 0
    pairs = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    assert any(w == "1" for w, _ in pairs)  # TPN 1 has White on board 1


def test_unknown_192_code_is_type_a_with_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _replace(_generate(tmp_path, 3), "192", "FIDE_TEAM_TYPEZ_XX")
    line_no = next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("192 "))
    t, warnings = read_tournament_with_warnings(text)
    assert t.rules.pairing.colour_pref_type == "A"
    assert (t.rules.pairing.primary_score, t.rules.pairing.use_secondary_for_colour) == ("MP", True)
    assert any(w.line == line_no and "TYPEZ" in w.message and "Type A" in w.message for w in warnings)
    path = tmp_path / "typez.trf"
    path.write_text(text)
    capsys.readouterr()
    assert main(["check", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"line {line_no}:" in err and "FIDE_TEAM_TYPEZ_XX" in err


@pytest.mark.parametrize(("code", "colour"), [("FIDE_TEAM_MP_GP", "none"), ("FIDE_TEAM_GP", "none"),
                                              ("FIDE_TEAM", "A"), ("FIDE_TEAM_BAKU", "A"),
                                              ("FIDE_TEAM_TYPEB_MP", "B"), ("FIDE_TEAM_XX_MP_GP", "A")])
def test_known_192_codes_are_unchanged(tmp_path: Path, code: str, colour: str) -> None:
    text = _replace(_generate(tmp_path, 3), "192", code)
    assert read_tournament(text).rules.pairing.colour_pref_type == colour


needs_gacrux = pytest.mark.skipif(importlib.util.find_spec("gacrux") is None, reason="gacrux not installed")


@needs_gacrux
@pytest.mark.parametrize("seed", [2, 6])
def test_gacrux_and_our_check_agree_without_152(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                seed: int) -> None:
    from files_gacrux import gacrux_check

    path = tmp_path / "no152.trf"
    path.write_text(_without(_generate(tmp_path, seed, "--type-b"), "152"))
    ok, out = gacrux_check(path, read_tournament(path.read_text()).rules)
    assert ok, out[-2000:]
    assert main(["check", str(path)]) == 0


@needs_gacrux
def test_gacrux_reads_typez_as_type_a_like_us(tmp_path: Path) -> None:
    from files_gacrux import run_gacrux

    path = tmp_path / "typez.trf"
    path.write_text(_replace(_generate(tmp_path, 3, teams=12, rounds=6), "192", "FIDE_TEAM_TYPEZ_XX"))
    out = run_gacrux(["-i", str(path), "-c", "-d", "T"])  # no -m: the file's 192 decides
    assert out.strip().splitlines()[-1].strip() == "Check: True", out[-2000:]
