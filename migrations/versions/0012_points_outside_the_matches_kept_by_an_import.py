"""points outside the matches (TRF-2026 240 full/half-point byes, 299 abnormal points) kept by an import

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01 23:56:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0012'
down_revision: str | None = '0011'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # a plain column with a default is added in place: every tournament so far has none
    with op.batch_alter_table('tournament', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('point_adjustments', sa.JSON(), server_default='[]', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('tournament', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('point_adjustments')
