"""README's round lifecycle example is run as it is written, against a real server: it cannot rot."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from fastapi.testclient import TestClient

from app.http.factory import create_app
from tests.api.conftest import live_server
from tests.api.factory import ok, setup

ROOT = Path(__file__).resolve().parents[2]


def readme_example() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- example: play a round -->\n```python\n(.*?)```", readme, re.S)
    assert found, "README has no '<!-- example: play a round -->' python block"
    return found.group(1)


def test_the_readme_example_plays_rounds_end_to_end(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=5)
    code = readme_example()
    with live_server(create_app()) as url:
        env = {**os.environ, "TEAMSWISS_URL": url, "TEAMSWISS_USER": "admin", "TEAMSWISS_PASSWORD": "password123",
               "TEAMSWISS_TOURNAMENT": str(tid)}
        for n in (1, 2):
            run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
            assert run.returncode == 0, run.stderr
            lines = run.stdout.splitlines()
            assert len(lines) == 3 and all(line.startswith(f"round {n}: ") for line in lines), run.stdout
    rounds = ok(client.get(f"/tournaments/{tid}/rounds"))["items"]
    assert [r["state"] for r in rounds[:3]] == ["completed", "completed", "pending"]
    assert ok(client.get(f"/tournaments/{tid}/standings"))["after_round"] == 2


def test_the_readme_example_reports_a_refusal(client: TestClient, admin: dict[str, str]) -> None:
    """Before the appeals committee is named the pairing is refused; the script says which rule refused it."""
    tid = ok(client.post("/tournaments", json={"name": "Unready"}, headers=admin), 201)["id"]
    with live_server(create_app()) as url:
        env = {**os.environ, "TEAMSWISS_URL": url, "TEAMSWISS_USER": "admin", "TEAMSWISS_PASSWORD": "password123",
               "TEAMSWISS_TOURNAMENT": str(tid)}
        run = subprocess.run([sys.executable, "-c", readme_example()], env=env, capture_output=True, text=True,
                             timeout=120)
    assert run.returncode == 1
    assert run.stderr.strip().startswith("POST /rounds/1/pair: 409 R-14.4 the appeals committee"), run.stderr
