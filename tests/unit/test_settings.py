"""Settings from TEAMSWISS_* environment variables."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from pydantic import ValidationError

from app.config import SECRET_KEY_FILE, Settings


def test_cors_origins_comma_or_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAMSWISS_CORS_ORIGINS", "http://a.example, http://b.example")
    assert Settings().cors_origins == ["http://a.example", "http://b.example"]
    monkeypatch.setenv("TEAMSWISS_CORS_ORIGINS", '["http://c.example"]')
    assert Settings().cors_origins == ["http://c.example"]


def test_a_key_is_required_outside_development(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAMSWISS_ENV", "production")
    monkeypatch.delenv("TEAMSWISS_SECRET_KEY", raising=False)
    with pytest.raises(ValidationError):
        Settings()
    monkeypatch.setenv("TEAMSWISS_SECRET_KEY", "too-short")
    with pytest.raises(ValidationError):
        Settings()
    monkeypatch.setenv("TEAMSWISS_SECRET_KEY", "s" * 40)
    assert Settings().env == "production"


def test_development_key_is_random_private_and_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No published default: a development server generates its own key on the first run and keeps it."""
    monkeypatch.setenv("TEAMSWISS_ENV", "development")
    monkeypatch.delenv("TEAMSWISS_SECRET_KEY", raising=False)
    monkeypatch.setenv("TEAMSWISS_DATA_DIR", str(tmp_path / "a"))
    first = Settings().secret_key
    assert first is not None and len(first) >= 32
    path = tmp_path / "a" / SECRET_KEY_FILE
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert Settings().secret_key == first  # kept across restarts
    monkeypatch.setenv("TEAMSWISS_DATA_DIR", str(tmp_path / "b"))
    assert Settings().secret_key != first  # every installation its own
    assert "change-me" not in (first or "")
