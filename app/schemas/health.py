"""The health checks' answer."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Health(BaseModel):
    status: str = Field(description="ok (alive) or ready (alive and the database is usable)")
    version: str = Field(description="the server's version")
