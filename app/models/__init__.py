"""SQLModel tables, one module per aggregate. Importing this package registers every table."""

from app.models.appeal import Appeal, CommitteeMember
from app.models.audit import AuditEntry
from app.models.base import metadata
from app.models.club import Club, Player
from app.models.event import TournamentEvent
from app.models.idempotency import IdempotencyRecord
from app.models.mirror import MirrorSource, Publication
from app.models.tournament import (
    BoardGame,
    Lineup,
    Match,
    Payment,
    RosterEntry,
    Round,
    Team,
    Tournament,
)
from app.models.user import ApiToken, LoginThrottle, Membership, User

__all__ = [
    "Appeal",
    "CommitteeMember",
    "ApiToken",
    "AuditEntry",
    "BoardGame",
    "Club",
    "IdempotencyRecord",
    "Lineup",
    "LoginThrottle",
    "Match",
    "Membership",
    "MirrorSource",
    "Payment",
    "Player",
    "Publication",
    "RosterEntry",
    "Round",
    "Team",
    "Tournament",
    "TournamentEvent",
    "User",
    "metadata",
]
