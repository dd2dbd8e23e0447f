"""Version 2: row-level security by organization on PostgreSQL (nothing on SQLite).

Every table that holds organization data gets a policy that admits only rows whose org_id
equals the transaction's `statekeeper.org` setting, ENABLED and FORCED. The store runs its
units of work as the role `statekeeper_app`, which is neither a superuser nor BYPASSRLS, so
the policy holds even for a hand-written query: a connection bound to one organization can
neither read nor write another's rows.
"""

from alembic import op

from statekeeper.store.schema import ORG_TABLES

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

APP_ROLE = "statekeeper_app"


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        f"""DO $$ BEGIN
              IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                CREATE ROLE {APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
              END IF;
            END $$"""
    )
    # A connecting role an administrator already made a member needs no right to grant it.
    op.execute(
        f"""DO $$ BEGIN
              IF NOT pg_has_role(current_user, '{APP_ROLE}', 'MEMBER') THEN
                GRANT {APP_ROLE} TO CURRENT_USER;
              END IF;
            END $$"""
    )
    op.execute(f"GRANT USAGE ON SCHEMA public TO {APP_ROLE}")
    for table in ORG_TABLES:
        op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {APP_ROLE}")
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"""CREATE POLICY {table}_by_org ON {table}
                USING (org_id = current_setting('statekeeper.org', true))
                WITH CHECK (org_id = current_setting('statekeeper.org', true))"""
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in ORG_TABLES:
        op.execute(f"DROP POLICY IF EXISTS {table}_by_org ON {table}")
        op.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")
