"""The `teamswiss` program as a new user meets it, run for real in a subprocess (as the Docker image runs it,
with PYTHONUNBUFFERED=1): a reader that goes away, a setting that cannot be used, a password kept off the
command line."""

from __future__ import annotations

import fcntl
import os
import select
import subprocess
import sys
import termios
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.cli.main import main
from app.cli.program import BROKEN_PIPE_STATUS

PROGRAM = [sys.executable, "-c", "import sys; from app.cli.program import main; sys.exit(main())"]
TIMEOUT = 120


def environment(unbuffered: bool = True, drop: tuple[str, ...] = (), **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PYTHONUNBUFFERED"] = "1" if unbuffered else ""  # empty: unset, for Python
    return env | settings


def run(argv: list[str], env: Mapping[str, str], cwd: Path,
        stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PROGRAM, *argv], env=env, cwd=cwd, input=stdin, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)


# --- a reader that goes away -----------------------------------------------------------------------------------


def read_a_little(argv: list[str], env: Mapping[str, str], cwd: Path) -> tuple[int, bytes, str]:
    """Run the program into a pipe whose reader takes the first 100 bytes and closes it (``| head -c 100``):
    (exit status, what the reader got, standard error). The pipe holds one page, so the output cannot all
    fit into it before the reader goes away."""
    if not hasattr(fcntl, "F_SETPIPE_SZ"):
        pytest.skip("needs a pipe of one page (Linux)")
    r, w = os.pipe()
    fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 4096)
    proc = subprocess.Popen([*PROGRAM, *argv], env=env, cwd=cwd, stdout=w, stderr=subprocess.PIPE)
    os.close(w)
    got = os.read(r, 100)
    os.close(r)
    _, err = proc.communicate(timeout=TIMEOUT)
    return proc.returncode, got, err.decode()


@pytest.fixture()
def demo(engine: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--rounds", "1"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("unbuffered", [True, False], ids=["PYTHONUNBUFFERED=1", "buffered"])
@pytest.mark.parametrize("argv", [["backup", "-o", "-"], ["export", "1", "--format", "json", "-o", "-"],
                                  ["export", "1", "-o", "-"],
                                  ["generate", "--teams", "20", "--rounds", "3", "-o", "-"]],
                         ids=["backup", "export-json", "export-trf", "generate"])
def test_a_reader_that_goes_away_ends_the_command_with_141(demo: None, tmp_path: Path, argv: list[str],
                                                          unbuffered: bool) -> None:
    """The attack (by accident): `teamswiss backup -o - | head -c 100` in the Docker image exited 0, a backup
    cut short looking like a whole one. As README says, the command stops quietly with 141."""
    status, got, err = read_a_little(argv, environment(unbuffered), tmp_path)
    assert got, "the reader got the output's start"
    assert status == BROKEN_PIPE_STATUS, err
    assert "Traceback" not in err and "Exception ignored" not in err and "backup:" not in err and "wrote" not in err


def test_a_whole_output_still_exits_0(demo: None, tmp_path: Path) -> None:
    r = subprocess.run([*PROGRAM, "backup", "-o", "-"], env=environment(), cwd=tmp_path, capture_output=True,
                       timeout=TIMEOUT, check=False)
    assert r.returncode == 0 and r.stdout.endswith(b"}\n") and b"backup:" in r.stderr


# --- a setting that cannot be used: one line, exit status 2 --------------------------------------------------

EVERY_COMMAND = [["serve"], ["serve", "--migrate"], ["migrate"], ["demo"], ["backup", "-o", "-"],
                 ["restore", "-"], ["export", "1", "-o", "-"], ["create-user", "someone", "--password-stdin"],
                 ["create-token", "bot"]]


@pytest.mark.parametrize("argv", EVERY_COMMAND, ids=lambda a: " ".join(a))
def test_production_without_a_secret_key_is_one_line_and_exit_2(engine: Any, tmp_path: Path,
                                                                 argv: list[str]) -> None:
    env = environment(drop=("TEAMSWISS_SECRET_KEY",), TEAMSWISS_ENV="production")
    r = run(argv, env, tmp_path, stdin="{}\n")
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("teamswiss: TEAMSWISS_SECRET_KEY must be set"), r.stderr


@pytest.mark.parametrize(("name", "value", "says"), [
    ("TEAMSWISS_PORT", "eighty", "TEAMSWISS_PORT: "), ("TEAMSWISS_ENV", "staging", "TEAMSWISS_ENV: "),
    ("TEAMSWISS_CORS_ORIGINS", "[not json", "TEAMSWISS_CORS_ORIGINS: "),
    ("TEAMSWISS_SECRET_KEY", "short", "TEAMSWISS_SECRET_KEY must be set")])
def test_a_setting_that_cannot_be_read_is_one_line_and_exit_2(engine: Any, tmp_path: Path, name: str, value: str,
                                                              says: str) -> None:
    r = run(["serve"] if name == "TEAMSWISS_PORT" else ["backup", "-o", "-"], environment(**{name: value}), tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and r.stderr.startswith("teamswiss: " + says), r.stderr
    assert value not in r.stderr or name == "TEAMSWISS_ENV", "a setting's value (a key) is not repeated"


@pytest.mark.parametrize("argv", [["migrate"], ["serve", "--migrate"]])
def test_a_short_first_admin_password_is_one_line_and_exit_2(tmp_path: Path, argv: list[str]) -> None:
    env = environment(TEAMSWISS_DATABASE_URL=f"sqlite:///{tmp_path / 'new.db'}", TEAMSWISS_ADMIN_USERNAME="boss",
                      TEAMSWISS_ADMIN_PASSWORD="short")
    r = run(argv, env, tmp_path)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert r.stderr.splitlines()[-1] == "teamswiss: TEAMSWISS_ADMIN_PASSWORD must have at least 8 characters"


# --- a password kept off the command line ---------------------------------------------------------------------


def test_create_user_reads_the_password_from_standard_input(client: TestClient, engine: Any, tmp_path: Path) -> None:
    r = run(["create-user", "chief", "--password-stdin", "--role", "organiser"], environment(), tmp_path,
            stdin="a long secret \n")
    assert r.returncode == 0 and r.stdout.strip().isdigit(), r.stderr
    assert client.post("/auth/token", data={"username": "chief", "password": "a long secret "}).status_code == 200
    # the API's rules: 8 characters or more, one line each
    for given in ("short\n", "", "\n"):
        r = run(["create-user", "other", "--password-stdin"], environment(), tmp_path, stdin=given)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "8 characters" in r.stderr, r.stderr
    r = run(["create-user", "other", "--password", "short"], environment(), tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "8 characters" in r.stderr
    r = run(["create-user", "other", "--password", "long enough", "--password-stdin"], environment(), tmp_path)
    assert r.returncode == 2 and "not allowed with" in r.stderr
    r = run(["create-user", "other"], environment(), tmp_path, stdin="")  # no terminal to ask, no password given
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "--password-stdin" in r.stderr
    help_text = run(["create-user", "--help"], environment(), tmp_path).stdout
    assert "--password-stdin" in help_text and "ps" in help_text


def _expect(fd: int, text: bytes, seen: bytearray) -> None:
    deadline = time.monotonic() + TIMEOUT
    while text not in seen:
        assert time.monotonic() < deadline, f"waited for {text!r}, got {bytes(seen)!r}"
        ready, _, _ = select.select([fd], [], [], 1)
        if ready:
            try:
                seen += os.read(fd, 1024)
            except OSError:  # the terminal closed
                break
    assert text in seen, bytes(seen)


def _controlling_terminal() -> None:
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def test_create_user_asks_for_the_password_in_a_terminal(client: TestClient, engine: Any, tmp_path: Path) -> None:
    """No password given and a terminal: it asks twice, without echo (getpass), as `passwd` does."""
    if not hasattr(termios, "TIOCSCTTY"):
        pytest.skip("needs a controlling terminal of its own (Linux)")
    master, slave = os.openpty()
    proc = subprocess.Popen([*PROGRAM, "create-user", "typed"], env=environment(), cwd=tmp_path, stdin=slave,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_controlling_terminal)
    os.close(slave)
    seen = bytearray()
    try:
        _expect(master, b"password for typed: ", seen)
        os.write(master, b"typed on a terminal\n")
        _expect(master, b"again: ", seen)
        os.write(master, b"typed on a terminal\n")
        out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert b"typed on a terminal" not in seen, "not echoed"
    assert client.post("/auth/token", data={"username": "typed", "password": "typed on a terminal"}).status_code == 200
