"""The administration commands, run in-process against the test database."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.cli.main import main
from app.models import Club, Team, Tournament


def test_create_user_and_token(client: TestClient, engine: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["create-user", "root", "--password", "s3cret-pass", "--role", "admin"]) == 0
    capsys.readouterr()
    assert main(["create-token", "results-bot", "--user", "root", "--scope", "results"]) == 0
    out = capsys.readouterr().out
    token = out.strip()
    assert out.count("\n") == 1 and token.startswith("tsk_"), "create-token prints only the token"
    me = client.get("/auth/me", headers={"Authorization": f"Bearer {token}"}).json()
    assert me["username"] == "root" and me["scopes"] == ["results"]
    r = client.post("/auth/token", data={"username": "root", "password": "s3cret-pass"})
    assert r.status_code == 200
    assert main(["create-user", "root", "--password", "x"]) == 2


def test_create_token_for_unknown_user_fails(engine: Any) -> None:
    assert main(["create-token", "x", "--user", "ghost"]) == 2


def test_create_user_and_token_check_what_the_api_checks(engine: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """The same operation and body as POST /users and POST /auth/api-tokens: a refusal is one line, exit 2."""
    assert main(["create-user", "shorty", "--password", "short"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "password" in err and "8 characters" in err
    assert main(["create-user", "chief", "--password", "long enough", "--role", "organiser"]) == 0
    assert main(["create-token", "", "--user", "chief"]) == 2
    assert "name" in capsys.readouterr().err


def test_demo_loads_the_k12_sample(client: TestClient, engine: Any) -> None:
    assert main(["demo", "--if-empty"]) == 0
    with Session(engine) as s:
        t = s.exec(select(Tournament)).one()
        assert t.preset == "k12-2025"
        clubs = s.exec(select(Club)).all()
        assert len(clubs) == 12 and any(c.union_member for c in clubs) and any(not c.union_member for c in clubs)
        assert {c.federation for c in clubs} >= {"GRE", "BUL"}
        assert len(s.exec(select(Team)).all()) == 24
    assert main(["demo", "--if-empty"]) == 0  # idempotent
    with Session(engine) as s:
        assert len(s.exec(select(Tournament)).all()) == 1
    teams = client.get(f"/tournaments/{t.id}/teams?limit=100").json()["items"]
    assert len(teams) == 24
    assert sorted(tm["status"] for tm in teams) == ["entered"] * 23 + ["expelled"]  # after the match forfeit
    rounds = client.get(f"/tournaments/{t.id}/rounds").json()["items"]
    assert [r["state"] for r in rounds] == ["completed"] * 3 + ["pending"] * 4
    r1 = client.get(f"/tournaments/{t.id}/rounds/1").json()["matches"]
    assert len(r1) == 12 and {"+/-", "-/+"} & {b["result"] for b in r1[0]["boards"]}  # board forfeit
    r3 = client.get(f"/tournaments/{t.id}/rounds/3").json()["matches"]
    assert r3[-1]["pab"] and r3[-1]["match_points"] == ["2"] and r3[-1]["score"] == ["2.5"]
    r2 = client.get(f"/tournaments/{t.id}/rounds/2").json()["matches"]
    forfeited = [m for m in r2 if m["forfeit"]]
    assert len(forfeited) == 1 and forfeited[0]["score"] == ["4", "0"] and forfeited[0]["match_points"] == ["2", "0"]
    standings = client.get(f"/tournaments/{t.id}/standings").json()
    assert standings["after_round"] == 3 and len(standings["rows"]) == 24
    for tm in teams:
        roster = client.get(f"/tournaments/{t.id}/teams/{tm['id']}/roster").json()["players"]
        assert 4 <= len(roster) <= 6
        assert any(p["player"]["sex"] == "w" for p in roster)
        ratings = [p["player"]["fide_rating"] for p in roster]
        rated = [r for r in ratings if r is not None]
        assert ratings[: len(rated)] == sorted(rated, reverse=True), "R-3.3: rated players first, highest first"


# --- a missing or unmigrated database: one line and exit status 3, nothing created ---------------------------

DATABASE_COMMANDS = [
    ["export", "1", "-o", "-"], ["backup", "-o", "-"], ["restore", "-"], ["demo"], ["serve"],
    ["create-user", "x", "--password", "password123"], ["create-token", "bot"], ["import", "-"],
]


@pytest.mark.parametrize("argv", DATABASE_COMMANDS, ids=lambda a: a[0])
def test_a_missing_database_is_one_line_and_exit_3(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """`teamswiss export 1` outside the project created ./var/teamswiss.db and printed a 60-line traceback."""
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "database_url", f"sqlite:///{tmp_path / 'var' / 'teamswiss.db'}")
    monkeypatch.setattr("sys.stdin", io.StringIO("012 X\n" if argv[0] == "import" else "{}"))
    assert main(argv) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no database at" in err and "teamswiss migrate" in err, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # no ./var, no database file


def test_an_unmigrated_database_is_one_line_and_exit_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from app.config import get_settings

    empty = tmp_path / "empty.db"
    empty.touch()
    monkeypatch.setattr(get_settings(), "database_url", f"sqlite:///{empty}")
    assert main(["export", "1", "-o", "-"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not migrated: run `teamswiss migrate`" in err
    assert empty.stat().st_size == 0


def test_file_commands_need_no_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "database_url", f"sqlite:///{tmp_path / 'none.db'}")
    out = tmp_path / "random.trf"
    assert main(["generate", "--teams", "6", "--rounds", "2", "-o", str(out)]) == 0
    assert main(["pair", str(out), "--round", "2"]) == 0
    assert not (tmp_path / "none.db").exists()


# --- help for users ----------------------------------------------------------------------------------------

INTERNAL = re.compile(r"issue \d|reference/|app\.\w|\w+\.py\b|``|Gacrux|TODO", re.I)


def _parsers() -> dict[str, argparse.ArgumentParser]:
    from app.cli.main import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"teamswiss": parser, **dict(sub.choices)}


def test_every_command_and_option_is_described_for_users() -> None:
    parsers = _parsers()
    assert len(parsers) >= 14
    for name, parser in parsers.items():
        text = parser.format_help()
        assert not INTERNAL.search(text), f"{name} --help: {INTERNAL.search(text)}"
        assert parser.description and len(parser.description) > 40, name
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
                continue
            assert action.help, f"{name}: {action.option_strings or action.dest} has no help text"


def test_the_help_check_can_fail() -> None:
    assert INTERNAL.search("see issue 7 and reference/pairing.md")
    assert INTERNAL.search("runs app.services.generator.generate")
    assert not INTERNAL.search("TRF-2026 team file (FIDE C.04.6)")
