"""idempotency keys are the caller's own

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 20:36:06.728377
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import app.models.base

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # an Idempotency-Key is its caller's own (another user's key replayed someone else's answer). The records kept
    # so far become their user's: a login's retry still replays; an API token's retry is worked out afresh
    with op.batch_alter_table('idempotency_record', schema=None) as batch_op:
        batch_op.add_column(sa.Column('caller', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=True))
    op.execute("UPDATE idempotency_record SET caller = 'user ' || COALESCE(CAST(user_id AS VARCHAR(20)), '?')")
    # SQLite copies the table to change its constraints: nothing refers to it, so the copy is safe
    with op.batch_alter_table('idempotency_record', schema=None) as batch_op:
        batch_op.alter_column('caller', existing_type=sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False)
        batch_op.drop_constraint(batch_op.f('uq_idempotency_record_tournament_id_key'), type_='unique')
        batch_op.create_unique_constraint(batch_op.f('uq_idempotency_record_tournament_id_caller_key'),
                                          ['tournament_id', 'caller', 'key'])


def downgrade() -> None:
    # the older schema holds one record a key in a tournament: the first one stays
    op.execute("DELETE FROM idempotency_record WHERE id NOT IN "
               "(SELECT MIN(id) FROM idempotency_record GROUP BY tournament_id, key)")
    with op.batch_alter_table('idempotency_record', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_idempotency_record_tournament_id_caller_key'), type_='unique')
        batch_op.create_unique_constraint(batch_op.f('uq_idempotency_record_tournament_id_key'),
                                          ['tournament_id', 'key'])
        batch_op.drop_column('caller')
