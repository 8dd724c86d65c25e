"""The domain: pure rules over frozen dataclasses.

Nothing under this package imports FastAPI, Starlette, SQLModel, SQLAlchemy or another layer of the server,
directly or through another module (tests/unit/test_architecture.py enforces it): the operations load
tournaments from the database into these dataclasses (app/operations/repository.py) and write outcomes back.
"""
