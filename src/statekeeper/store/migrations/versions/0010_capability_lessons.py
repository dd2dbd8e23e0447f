"""Version 10: capability memory, the lessons an agent learns in one capability.

`capability_lessons` keeps each lesson (an event, a heuristic or a strategy) of one
organization and one capability, both leading its primary key and its index. On
PostgreSQL the table is under forced row-level security by organization, like every other
table.
"""

from alembic import op

from statekeeper.store.lessons import LESSON_TABLES, metadata

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

APP_ROLE = "statekeeper_app"


def upgrade() -> None:
    bind = op.get_bind()
    metadata.create_all(bind)
    if bind.dialect.name != "postgresql":
        return
    for table in LESSON_TABLES:
        op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {APP_ROLE}")
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"""CREATE POLICY {table}_by_org ON {table}
                USING (org_id = current_setting('statekeeper.org', true))
                WITH CHECK (org_id = current_setting('statekeeper.org', true))"""
        )


def downgrade() -> None:
    metadata.drop_all(op.get_bind())
