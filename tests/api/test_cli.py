"""The command line (teamswiss ...), run in-process against the test database: accounts and tokens, the demo,
the first administrator, importing and exporting files, backup and restore, and the help for users."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.cli.main import main
from app.models import Club, Team, Tournament, User
from tests.api.conftest import _empty_all, login, make_user, token_for
from tests.api.factory import DATA, PAB16, PROSE, PUBLISHED, SCHEMA, counts, export, ok, schema_errors


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
    ["publish", "1", "--to", "http://127.0.0.1:9", "--token", "tsk_x", "--once"],
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


# --- the first administrator ------------------------------------------------------------------------------------------


def test_first_admin_from_the_environment(engine: Any, monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    from app.cli.main import main
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "admin_username", "boss")
    monkeypatch.setattr(get_settings(), "admin_password", "first-admin-pass")
    assert main(["migrate"]) == 0
    with Session(engine) as s:
        boss = s.exec(select(User).where(User.username == "boss")).one()
        assert boss.is_admin
    assert client.post("/auth/token", data={"username": "boss", "password": "first-admin-pass"}).status_code == 200
    monkeypatch.setattr(get_settings(), "admin_password", "another-password")
    assert main(["migrate"]) == 0  # an admin exists: nothing changes
    assert client.post("/auth/token", data={"username": "boss", "password": "first-admin-pass"}).status_code == 200
    with Session(engine) as s:
        assert len(s.exec(select(User).where(User.is_admin)).all()) == 1


# --- files: import, export, backup and restore ------------------------------------------------------------------------


@pytest.fixture()
def admin(client: TestClient, engine: Any) -> dict[str, str]:
    make_user(engine, "admin", admin=True)
    return token_for(engine, "admin")


def test_cli_import_and_export(client: TestClient, admin: dict[str, str], tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    src = DATA / "forfeits_byes_absent.trf"
    capsys.readouterr()
    assert main(["import", str(src), "--pab", "1,1.5", "--user", "admin"]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"\d+\n", out)
    tid = int(out)
    api = export(client, tid, admin)
    assert main(["export", str(tid), "-o", str(tmp_path / "out.trf")]) == 0
    assert (tmp_path / "out.trf").read_text(encoding="utf-8") == api
    assert main(["export", str(tid), "--format", "trf16", "-o", str(tmp_path / "out16.trf")]) == 0
    assert "\n013 " in (tmp_path / "out16.trf").read_text(encoding="utf-8")
    assert main(["export", str(tid), "--format", "json", "-o", str(tmp_path / "out.json")]) == 0
    doc = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert schema_errors(doc, SCHEMA) == [] and not doc["public"]
    # the importer named with --user is the organiser
    assert export(client, tid, admin) == api
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001    1 m    A                                 12x4\n310   1 T  \n", encoding="utf-8")
    assert main(["import", str(bad)]) == 3
    assert "line 2" in capsys.readouterr().err
    assert main(["export", "999999", "-o", "-"]) == 2


def test_cli_import_refusals_and_the_pab_report(client: TestClient, admin: dict[str, str], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["import", str(PAB16), "--pab", "2,1"]) == 0
    out, err = capsys.readouterr()
    assert re.fullmatch(r"\d+\n", out)  # stdout: the id only
    assert re.search(r"line \d+: round 1: team 5 \(Epsilon\) .* read as the pairing-allocated bye", err)
    st = ok(client.get(f"/tournaments/{int(out)}/standings"))
    assert [(r["team"]["tpn"], r["mp"], r["gp"]) for r in st["rows"]] == PUBLISHED
    assert main(["import", str(PAB16), "--pab", "2,1"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "already imported" in err and "--allow-duplicate" in err
    assert main(["import", str(PAB16), "--allow-duplicate"]) == 0
    capsys.readouterr()
    prose = tmp_path / "mail.txt"
    prose.write_text(PROSE, encoding="utf-8")
    assert main(["import", str(prose)]) == 3
    assert "not a TRF tournament file" in capsys.readouterr().err
    assert main(["import", str(tmp_path / "nope.trf")]) == 3
    assert "cannot read" in capsys.readouterr().err


def _snapshot(client: TestClient, tid: int, auth: dict[str, str]) -> dict[str, Any]:
    paths = [f"/tournaments/{tid}", f"/tournaments/{tid}/teams?limit=100", f"/tournaments/{tid}/rounds",
             f"/tournaments/{tid}/standings", f"/tournaments/{tid}/crosstable", "/clubs?limit=100",
             "/players?limit=500", f"/tournaments/{tid}/export/json", f"/tournaments/{tid}/rounds/2",
             f"/tournaments/{tid}/rounds/4", f"/tournaments/{tid}/audit?limit=500", f"/tournaments/{tid}/members"]
    out: dict[str, Any] = {}
    for p in paths:
        r = client.get(p, headers=auth)
        out[p] = (r.status_code, r.headers.get("etag"), r.json())
    for p in (f"/tournaments/{tid}/rounds/4", "/players?limit=500"):
        r = client.get(p)
        out[f"public {p}"] = (r.status_code, r.headers.get("etag"), r.json())
    teams = out[f"/tournaments/{tid}/teams?limit=100"][2]["items"]
    p = f"/tournaments/{tid}/teams/{teams[0]['id']}/roster"
    out[p] = client.get(p, headers=auth).json()
    return out


def test_backup_and_restore_give_identical_answers(client: TestClient, demo: dict[str, Any], engine: Any,
                                                   tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tid, auth = demo["id"], demo["admin"]
    ok(client.post(f"/tournaments/{tid}/rounds/4/pair", headers=auth))
    token = token_for(engine, "admin", ("results",))["Authorization"].removeprefix("Bearer ")
    before = _snapshot(client, tid, auth)
    path = tmp_path / "backup.json"
    assert main(["backup", "-o", str(path)]) == 0
    raw = path.read_text(encoding="utf-8")
    data = json.loads(raw)
    assert "teamswiss-demo" not in raw and token not in raw, "no plaintext secret in a backup"
    assert data["tables"]["user"]["rows"] and data["tables"]["api_token"]["rows"]
    assert data["tables"]["audit_entry"]["rows"]
    # restore refuses a database that has rows
    assert main(["restore", str(path)]) == 1
    assert "empty database" in capsys.readouterr().err
    _empty_all()
    assert main(["restore", str(path)]) == 0
    after = _snapshot(client, tid, auth)
    assert after.keys() == before.keys()
    for key in before:
        assert after[key] == before[key], key
    # logins and API tokens still work: the hashes came back
    again = login(client, "admin", "teamswiss-demo")
    assert ok(client.get("/auth/me", headers={"Authorization": f"Bearer {token}"}))["username"] == "admin"
    # new rows continue after the restored ids (PostgreSQL sequences were reset)
    club = ok(client.post("/clubs", json={"name": "After restore"}, headers=again), 201)
    with Session(engine) as s:
        assert club["id"] == max(c.id or 0 for c in s.exec(select(Club)).all())
    # a backup of the restored database is the same data
    assert main(["backup", "-o", str(tmp_path / "again.json")]) == 0
    data2 = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    data["tables"]["club"]["rows"].append(data2["tables"]["club"]["rows"][-1])
    for name in ("tournament", "team", "player", "match", "board_game", "round", "user", "api_token"):
        assert data2["tables"][name] == data["tables"][name], name


def test_restore_refuses_what_is_not_a_backup(engine: Any, tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["restore", str(path)]) == 2
    path.write_text("not json", encoding="utf-8")
    assert main(["restore", str(path)]) == 2
    broken = {"format": "teamswiss-backup", "version": 1, "revision": None,
              "tables": {"club": {"columns": ["id", "name"], "rows": [[1]]}}}
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert main(["restore", str(path)]) == 2
    broken["tables"] = {"team": {"columns": ["id", "tournament_id", "club_id", "name"], "rows": [[1, 99, 99, "x"]]}}
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert main(["restore", str(path)]) == 2  # foreign keys
    assert counts(engine) == (0, 0, 0, 0), "nothing half-restored"
