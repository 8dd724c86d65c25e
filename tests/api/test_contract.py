"""The OpenAPI contract and the migrations stay in sync with the code, and the contract tells the whole truth."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.db.migrate import check
from app.http.contract import RULE_RE, api_routes, lifecycle_table, permits
from app.http.factory import create_app
from app.http.openapi import render
from tests.api.recorder import Observed, undocumented
from tests.conftest import TEST_DATABASE_URL

ROOT = Path(__file__).resolve().parents[2]
METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return json.loads(render())


def _operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(m.upper(), p, op) for p, item in doc["paths"].items() for m, op in item.items() if m in METHODS]


def test_openapi_json_is_current() -> None:
    committed = (ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(render()), "openapi/openapi.json is stale: run `make openapi`"


def test_migrations_match_models(engine: Any) -> None:
    # the `engine` fixture has run `alembic upgrade head` on the test database
    check(TEST_DATABASE_URL)


# --- every answer documented -------------------------------------------------------------------------------


def test_every_error_answer_is_a_problem(doc: dict[str, Any]) -> None:
    assert doc["components"]["schemas"]["Problem"]["required"] == ["type", "title", "status", "detail"]
    assert "HTTPValidationError" not in json.dumps(doc)
    wrong = []
    for method, path, op in _operations(doc):
        for status, answer in op["responses"].items():
            if int(status) >= 400 and answer.get("content") != {
                    "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}:
                wrong.append(f"{method} {path} {status}: {answer.get('content')}")
    assert not wrong, wrong


def test_the_derived_answers_are_documented(doc: dict[str, Any]) -> None:
    """401/403 from the permission declaration, 404 from path ids, 413 on writes, 422 with parameters."""
    missing = []
    app = create_app()
    for method, path, route in api_routes(app):
        op = doc["paths"].get(path, {}).get(method.lower())
        if op is None:
            continue
        found = permits(route)
        want = set()
        if found:
            want |= {"401"} if found[0].public else {"401", "403"}
        if "{" in path:
            want |= {"404", "422"}
        if method != "GET":
            want.add("413")
        if not want <= set(op["responses"]):
            missing.append(f"{method} {path}: {sorted(want - set(op['responses']))}")
    assert not missing, missing
    login = doc["paths"]["/auth/token"]["post"]["responses"]
    assert "429" in login and "Retry-After" in login["429"]["headers"]
    assert "503" in doc["paths"]["/readyz"]["get"]["responses"]


def test_security_says_which_tokens_are_optional(doc: dict[str, Any]) -> None:
    app = create_app()
    seen = 0
    for method, path, route in api_routes(app):
        op = doc["paths"].get(path, {}).get(method.lower())
        found = permits(route)
        if op is None or not found:
            continue
        seen += 1
        expected = [{}, {"bearer": []}] if found[0].public else [{"bearer": []}]
        assert op["security"] == expected, (method, path)
    assert seen >= 60
    assert doc["paths"]["/tournaments/{tournament_id}/standings"]["get"]["security"] == [{}, {"bearer": []}]
    assert doc["paths"]["/tournaments/{tournament_id}/rounds/{number}/pair"]["post"]["security"] == [{"bearer": []}]
    assert "security" not in doc["paths"]["/healthz"]["get"]


def test_operations_have_readable_unique_ids_descriptions_and_tags(doc: dict[str, Any]) -> None:
    ops = _operations(doc)
    ids = [op["operationId"] for _, _, op in ops]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)*", i) for i in ids), ids
    assert {"pairRound", "postResults", "getStandings", "publishRound", "listTeams", "getRound"} <= set(ids)
    tags = {t["name"] for t in doc["tags"]}
    for method, path, op in ops:
        assert len(op.get("description", "")) > 30, f"{method} {path} has no description for users"
        assert op.get("tags") and set(op["tags"]) <= tags, (method, path, op.get("tags"))


def test_every_collection_is_one_envelope_with_links(doc: dict[str, Any]) -> None:
    """No operation answers a bare JSON array; every envelope takes limit/offset and documents Link."""
    pages = 0
    for method, path, op in _operations(doc):
        for status, answer in op["responses"].items():
            schema = answer.get("content", {}).get("application/json", {}).get("schema", {})
            assert schema.get("type") != "array", f"{method} {path} {status} answers a bare list"
            if schema.get("$ref", "").split("/")[-1].startswith("Page_"):
                pages += 1
                params = {p["name"] for p in op.get("parameters", [])}
                assert method == "PUT" or {"limit", "offset"} <= params, (method, path)
                assert method == "PUT" or "Link" in answer["headers"], (method, path)
    assert pages >= 13


def test_collections_answer_links(client: TestClient, admin: dict[str, str]) -> None:
    for i in range(5):
        assert client.post("/clubs", json={"name": f"Club {i}"}, headers=admin).status_code == 201
    r = client.get("/clubs?limit=2&offset=2&q=Club")
    body = r.json()
    assert (body["total"], body["limit"], body["offset"], len(body["items"])) == (5, 2, 2, 2)
    links = dict((rel, url) for url, rel in re.findall(r'<([^>]+)>; rel="(\w+)"', r.headers["link"]))
    assert links == {"first": "/clubs?q=Club&limit=2&offset=0", "prev": "/clubs?q=Club&limit=2&offset=0",
                     "next": "/clubs?q=Club&limit=2&offset=4", "last": "/clubs?q=Club&limit=2&offset=4"}
    last = client.get(links["last"]).json()
    assert [c["name"] for c in last["items"]] == ["Club 4"]
    first = client.get("/clubs?limit=50")
    assert 'rel="next"' not in first.headers["link"] and 'rel="prev"' not in first.headers["link"]


def test_the_observed_answers_check_can_fail(doc: dict[str, Any]) -> None:
    observed = Observed()
    observed.learn(doc)
    observed.record("GET", "/tournaments/7/standings", 200, "application/json", b"{}")
    observed.record("GET", "/tournaments/7/standings", 418, "application/json", b"{}")
    observed.record("POST", "/tournaments/import", 201, "application/json", b"{}")
    observed.record("GET", "/docs", 200, "text/html", b"")
    observed.record("GET", "/tournaments/7/rounds/2", 409, "application/problem+json", b'{"rule": "results"}')
    assert dict(observed.statuses) == {("GET", "/tournaments/{tournament_id}/standings"): {200, 418},
                                       ("POST", "/tournaments/import"): {201},
                                       ("GET", "/tournaments/{tournament_id}/rounds/{number}"): {409}}
    assert undocumented(doc, observed.statuses) == [
        "GET /tournaments/{tournament_id}/rounds/{number}: 409", "GET /tournaments/{tournament_id}/standings: 418"]
    assert observed.bad_rules == {("GET", "/tournaments/{tournament_id}/rounds/{number}", "'results'")}


# --- every rule a regulation or a FIDE article ---------------------------------------------------------------

ERRORS = {"DomainError", "RuleViolation", "StateConflict", "InvalidInput", "NotFound", "Unauthorized", "Forbidden",
          "PreconditionFailed", "PreconditionRequired", "TooManyAttempts", "ServiceUnavailable"}


def rule_problems(source: str, where: str = "") -> list[str]:
    """Every refusal raised with a literal ``rule`` that is no regulation or FIDE article (None is fine)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        rule: ast.expr | None = None
        if name in ERRORS and node.args:
            rule = node.args[0]
        elif name == "FileFormatError":
            rule = node.args[2] if len(node.args) > 2 else next(
                (k.value for k in node.keywords if k.arg == "rule"), None)
        elif name == "_a":  # the permission table: rule="R-16.2"
            rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
        if isinstance(rule, ast.Constant) and rule.value is not None and not (
                isinstance(rule.value, str) and RULE_RE.match(rule.value)):
            out.append(f"{where}:{node.lineno}: {rule.value!r}")
    return out


def test_every_rule_is_a_regulation_or_a_fide_article() -> None:
    found = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        found += rule_problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, found
    from app.services.errors import FileFormatError

    assert RULE_RE.match(FileFormatError(1, "x").rule or "")
    for good in ("R-3.2", "R-14", "C.04.6 3.4", "C.07 16", "C.04.2 1.4", "C.04.6", "C.04 Annex 2"):
        assert RULE_RE.match(good), good


def test_the_rule_check_can_fail() -> None:
    source = 'raise InvalidInput("rules", "x")\nraise StateConflict(None, "y")\nraise NotFound("R-2.1", "z")\n' \
             'raise FileFormatError(3, "bad", rule="TRF")\n'
    assert rule_problems(source) == [":1: 'rules'", ":4: 'TRF'"]


def test_readme_has_the_round_lifecycle() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert lifecycle_table() in readme, "README's lifecycle table is stale: paste app.http.contract.lifecycle_table()"
    assert lifecycle_table() in json.loads(render())["info"]["description"]
