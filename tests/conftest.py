"""Test setup: a database per run (SQLite file, or TEAMSWISS_TEST_DATABASE_URL), emptied before each API test.

Pure unit tests never touch it: the ``db`` fixtures are only pulled in by API tests.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_TMP = Path(tempfile.mkdtemp(prefix="teamswiss-test-"))
TEST_DATABASE_URL = os.environ.get("TEAMSWISS_TEST_DATABASE_URL") or f"sqlite:///{_TMP / 'test.db'}"
os.environ["TEAMSWISS_DATABASE_URL"] = TEST_DATABASE_URL
os.environ["TEAMSWISS_ENV"] = "test"
os.environ["TEAMSWISS_SECRET_KEY"] = "test-secret-key-that-is-long-enough-0123456789"
os.environ.setdefault("HYPOTHESIS_PROFILE", "default")
