"""the K a rating list publishes for a player (FIDE and national), for the event's rating change

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 23:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # plain nullable columns are added in place (no copy of the player table, whose rows others refer to);
    # null means: K by the player's rating and age (B.02 8.3.3)
    with op.batch_alter_table('player', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('fide_k', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('national_k', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('player', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('national_k')
        batch_op.drop_column('fide_k')
