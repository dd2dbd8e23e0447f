"""Version 7: the erasure log, one row per erased user with no personal data in it.

A database created by this code's version 1 already has the table (version 1 creates the
tables schema.py describes, and version 2 put it under row-level security), so it is added
only where it is missing.
"""

import sqlalchemy as sa
from alembic import op

from statekeeper.store.schema import erasures

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

APP_ROLE = "statekeeper_app"


def upgrade() -> None:
    bind = op.get_bind()
    if "erasures" in sa.inspect(bind).get_table_names():
        return
    erasures.create(bind)
    if bind.dialect.name != "postgresql":
        return
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON erasures TO {APP_ROLE}")
    op.execute("ALTER TABLE erasures ENABLE ROW LEVEL SECURITY")
    op.execute("ALTER TABLE erasures FORCE ROW LEVEL SECURITY")
    op.execute(
        """CREATE POLICY erasures_by_org ON erasures
           USING (org_id = current_setting('statekeeper.org', true))
           WITH CHECK (org_id = current_setting('statekeeper.org', true))"""
    )


def downgrade() -> None:
    op.drop_table("erasures")
