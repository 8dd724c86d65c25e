"""Settings from TEAMSWISS_* environment variables."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.config import DEFAULT_SECRET_KEY, Settings


def test_cors_origins_comma_or_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAMSWISS_CORS_ORIGINS", "http://a.example, http://b.example")
    assert Settings().cors_origins == ["http://a.example", "http://b.example"]
    monkeypatch.setenv("TEAMSWISS_CORS_ORIGINS", '["http://c.example"]')
    assert Settings().cors_origins == ["http://c.example"]


def test_default_secret_refused_outside_development(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAMSWISS_ENV", "production")
    monkeypatch.setenv("TEAMSWISS_SECRET_KEY", DEFAULT_SECRET_KEY)
    with pytest.raises(ValidationError):
        Settings()
    monkeypatch.setenv("TEAMSWISS_SECRET_KEY", "s" * 40)
    assert Settings().env == "production"
    monkeypatch.setenv("TEAMSWISS_ENV", "development")
    monkeypatch.setenv("TEAMSWISS_SECRET_KEY", DEFAULT_SECRET_KEY)
    assert Settings().secret_key == DEFAULT_SECRET_KEY
