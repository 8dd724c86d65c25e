"""The OpenAPI contract and the migrations stay in sync with the code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.migrate import check
from app.openapi import render
from tests.conftest import TEST_DATABASE_URL

ROOT = Path(__file__).resolve().parents[2]


def test_openapi_json_is_current() -> None:
    committed = (ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(render()), "openapi/openapi.json is stale: run `make openapi`"


def test_every_error_response_is_problem_json() -> None:
    doc = json.loads(render())
    assert doc["info"]["title"] == "teamswiss"
    assert "/tournaments/{tournament_id}/teams/{team_id}/roster" in doc["paths"]


def test_migrations_match_models(engine: Any) -> None:
    # the `engine` fixture has run `alembic upgrade head` on the test database
    check(TEST_DATABASE_URL)
