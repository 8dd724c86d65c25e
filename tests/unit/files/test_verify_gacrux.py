"""A fast slice of ``make verify`` (``tests/verify.py``): both directions, in parallel, resumable."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("gacrux") is None, reason="gacrux not installed")


def test_verify_slice_agrees_in_both_directions_and_resumes(tmp_path: Path) -> None:
    from tests.verify import main, run

    s = run(2, jobs=2, state_dir=tmp_path)
    assert s["disagreements"] == [], s
    assert {d: c["events"] for d, c in s["directions"].items()} == {"ours->gacrux": 2, "gacrux->ours": 2}
    assert s["rounds"] > 20 and s["new_events"] == 4

    state = tmp_path / "state.jsonl"
    lines = state.read_text().splitlines()
    assert len(lines) == 4
    state.write_text("\n".join(lines[:3]) + '\n{"status": "agr')  # a run stopped mid-write
    again = run(2, jobs=2, state_dir=tmp_path)
    assert again["new_events"] == 1  # only the event that was not recorded
    assert again["directions"] == s["directions"]
    recs = [json.loads(x) for x in state.read_text().splitlines() if x.startswith('{"status": "agree"')]
    assert len({(r["direction"], r["i"]) for r in recs}) == len(recs) == 4
    assert main(["--n", "2", "--jobs", "1", "--dir", str(tmp_path)]) == 0  # nothing left: the summary only
    assert len(state.read_text().splitlines()) == 5


def test_a_disagreement_writes_a_reproducer(tmp_path: Path) -> None:
    from tests.verify import _write_reproducer

    stem = _write_reproducer(tmp_path / "rep", {"direction": "gacrux->ours", "i": 7, "config": "cfg",
                                                "status": "disagree", "detail": "round 3: ...", "text": "012 x\n"})
    assert Path(stem + ".trf").read_text() == "012 x\n"
    assert "round 3" in Path(stem + ".txt").read_text()
