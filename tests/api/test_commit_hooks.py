"""Every session hook is registered when app.operations is imported, never during a commit (a fresh process)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_process_commits_a_tournament_change(tmp_path: Path) -> None:
    """The first commit with events imports the read models lazily; the audit's commit hook must not be registered
    then (SQLAlchemy: "deque mutated during iteration"), as `teamswiss demo` in a new process once showed."""
    url = f"sqlite:///{tmp_path / 'hooks.db'}"
    script = textwrap.dedent(f"""
        from sqlmodel import Session
        from app.db.migrate import upgrade
        upgrade({url!r})
        import app.operations  # the session hooks
        from app.db.engine import get_engine
        from app.models import Tournament
        with Session(get_engine({url!r})) as s:
            t = Tournament(name="Hooks", rules={{}})
            s.add(t)
            s.commit()
            t.name = "Hooks 2"
            s.commit()  # a change of a tournament: its version and an event
        print("committed")
    """)
    env = {**os.environ, "TEAMSWISS_DATABASE_URL": url, "TEAMSWISS_ENV": "test",
           "TEAMSWISS_SECRET_KEY": "hooks-test-secret-key-that-is-long-enough-0123"}
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and "committed" in out.stdout, out.stderr
