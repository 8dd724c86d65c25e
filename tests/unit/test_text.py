"""One-line texts and addresses (app/services/text.py)."""

from __future__ import annotations

import pytest

from app.services.text import is_server_address


@pytest.mark.parametrize(("url", "reachable"), [
    ("https://chess.example.org", True), ("http://127.0.0.1:8000/x", True), ("http://[", False),
    ("http://:80", False), ("ftp://example.org", False), ("https://", False), ("example.org", False),
])
def test_a_server_address_has_a_scheme_and_a_host(url: str, reachable: bool) -> None:
    assert is_server_address(url) is reachable
