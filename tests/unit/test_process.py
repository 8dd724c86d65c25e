"""Process tuning (app.process): the listening socket's queue."""

from __future__ import annotations

from pathlib import Path

from app.process import LISTEN_BACKLOG_DEFAULT, listen_backlog


def test_the_listen_queue_is_the_most_the_system_allows(tmp_path: Path) -> None:
    (tmp_path / "somaxconn").write_text("65535\n")
    assert listen_backlog(str(tmp_path / "somaxconn")) == 65535


def test_never_less_than_uvicorn_s_own_queue(tmp_path: Path) -> None:
    (tmp_path / "small").write_text("128\n")
    (tmp_path / "odd").write_text("many\n")
    assert listen_backlog(str(tmp_path / "small")) == LISTEN_BACKLOG_DEFAULT
    assert listen_backlog(str(tmp_path / "odd")) == LISTEN_BACKLOG_DEFAULT
    assert listen_backlog(str(tmp_path / "absent")) == LISTEN_BACKLOG_DEFAULT
