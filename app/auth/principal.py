"""The principal: who is calling, and what an API token limits them to."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Principal:
    user_id: int
    username: str
    is_admin: bool
    scopes: frozenset[str] | None = None  # None = all the user's rights (interactive login)
    token_name: str | None = None
    can_create_tournaments: bool = False
    token_id: int | None = None  # the API token's id (None: an interactive login)
    #: a publishing key's venue and the venue's tournaments it may publish (read with the key, no second look-up)
    venue: str | None = None
    publishes: frozenset[int] = frozenset()

    @property
    def actor(self) -> str:
        return f"{self.username} (token {self.token_name})" if self.token_name else self.username

    def allows(self, scope: str) -> bool:
        if self.scopes is None or "write" in self.scopes:
            return True
        return scope in self.scopes
