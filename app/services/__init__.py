"""The domain: pure rules over frozen dataclasses.

Nothing under this package may import FastAPI, SQLModel, SQLAlchemy or Starlette
(tests/unit/test_purity.py enforces it), except the one store module that loads
tournaments from the database and writes outcomes back.
"""
