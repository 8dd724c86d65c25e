"""The API against its own OpenAPI document: schemathesis, every check, against a real server with the demo.

A bounded run (``TEAMSWISS_CONTRACT_SECONDS``, default 100 s of generation) on a fresh SQLite file with the demo
tournament loaded, as the demo's administrator (a login token: it cannot be revoked by the run). It fails on any
5xx and on any answer outside the documented contract: an undocumented status or content type, a body or header
that does not match its schema, a schema-violating request accepted, a schema-valid one refused with an
undocumented status, and the rest of schemathesis' checks. ``make contract SECONDS=600`` runs it longer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.demo_server import demo_server

HERE = Path(__file__).resolve().parent
SECONDS = int(os.environ.get("TEAMSWISS_CONTRACT_SECONDS", "100"))
SEED = os.environ.get("TEAMSWISS_CONTRACT_SEED", "20261130")  # empty: a new seed each run

pytestmark = pytest.mark.contract


def figures(ndjson: Path) -> dict[str, Any]:
    """Requests sent, statuses received and failures found, from schemathesis' NDJSON event report."""
    statuses: Counter[int] = Counter()
    failures: Counter[str] = Counter()
    for line in ndjson.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        found = [event] if "ScenarioFinished" in event else []
        for e in found:
            recorder = e["ScenarioFinished"].get("recorder", {})
            for interaction in recorder.get("interactions", {}).values():
                response = interaction.get("response")
                if response is not None:
                    statuses[int(response["status_code"])] += 1
            for check_list in recorder.get("checks", {}).values():
                for check in check_list:
                    if check.get("status") == "failure":
                        failures[check.get("name", "?")] += 1
    return {"requests": sum(statuses.values()), "statuses": dict(sorted(statuses.items())),
            "failures": dict(failures)}


def test_the_api_keeps_its_documented_contract(tmp_path: Path) -> None:
    with demo_server(tmp_path) as server:
        server.wait()
        token = server.login()
        report = tmp_path / "report"
        command = [str(Path(sys.executable).parent / "st"), "--config-file", str(HERE / "schemathesis.toml"),
                   "run", f"{server.url}/openapi.json", "--checks", "all", "--max-time", str(SECONDS),
                   "--workers", "2", "--no-color", "--generation-database", "none",
                   "-H", f"Authorization: Bearer {token}",
                   "--report", "ndjson", "--report-dir", str(report), *(["--seed", SEED] if SEED else [])]
        run = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=SECONDS + 600)
    found = figures(next(report.glob("*.ndjson")))
    print(f"schemathesis: {found['requests']} requests in {SECONDS} s, statuses {found['statuses']}, "
          f"failures {found['failures'] or 'none'}")
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]
    assert found["requests"] > 1000, found  # the run really exercised the API
    assert not any(status >= 500 for status in found["statuses"]), found
