"""Version 8: API keys for the REST server, stored as salted digests, one organization each.

A key is `sk_<key_id>_<secret>`. The table keeps the key id, a random salt and
SHA-256(salt || secret), never the secret, with the organization, user, authority and role
the key acts as. On PostgreSQL the table is under forced row-level security by
organization like every other, so listing, creating and revoking keys happen inside one
organization's transaction.

Authentication is the one read that must happen before the organization is known. It goes
through `statekeeper_authenticate(key_id, secret)`, a SECURITY DEFINER function the
row-level-bound role may execute but whose table it cannot read across organizations: the
function compares the digest itself and returns the key's principal only for the right
secret and an unrevoked key, so the bound role learns nothing about any key it does not
hold. The function runs as the tables' owner, which a second, SELECT-only policy admits to
every row; that owner could switch row-level security off on its own tables anyway, so the
policy grants it nothing new. A table outside row-level security holding only digests would
have worked too, but it would still have to map key ids to organizations for anyone who
asked, where the function answers only someone who holds the secret.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

APP_ROLE = "statekeeper_app"

AUTHENTICATE = """
CREATE FUNCTION statekeeper_authenticate(p_key_id text, p_secret text)
RETURNS TABLE (org_id text, user_id text, authority text, role text, permissions text)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
    SELECT k.org_id, k.user_id, k.authority, k.role, k.permissions
    FROM public.api_keys AS k
    WHERE k.key_id = p_key_id
      AND k.revoked_at IS NULL
      AND k.digest = encode(sha256(decode(k.salt, 'hex') || convert_to(p_secret, 'UTF8')), 'hex')
$$
"""


def upgrade() -> None:
    op.create_table(
        "api_keys",
        sa.Column("org_id", sa.Text, nullable=False),
        sa.Column("key_id", sa.Text, nullable=False),
        sa.Column("user_id", sa.Text, nullable=False),
        sa.Column("authority", sa.Text, nullable=False),
        sa.Column("role", sa.Text, nullable=False),
        sa.Column("permissions", sa.Text, nullable=False, server_default="[]"),  # JSON list
        sa.Column("salt", sa.Text, nullable=False),  # hex
        sa.Column("digest", sa.Text, nullable=False),  # hex SHA-256 of salt || secret
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("revoked_at", sa.DateTime),
        sa.PrimaryKeyConstraint("key_id"),
        sa.Index("ix_api_keys_org", "org_id", "user_id"),
    )
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON api_keys TO {APP_ROLE}")
    op.execute("ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY")
    op.execute("ALTER TABLE api_keys FORCE ROW LEVEL SECURITY")
    op.execute(
        """CREATE POLICY api_keys_by_org ON api_keys
           USING (org_id = current_setting('statekeeper.org', true))
           WITH CHECK (org_id = current_setting('statekeeper.org', true))"""
    )
    op.execute("CREATE POLICY api_keys_owner_reads ON api_keys FOR SELECT TO CURRENT_USER USING (true)")
    op.execute(AUTHENTICATE)
    op.execute("REVOKE ALL ON FUNCTION statekeeper_authenticate(text, text) FROM PUBLIC")
    op.execute(f"GRANT EXECUTE ON FUNCTION statekeeper_authenticate(text, text) TO {APP_ROLE}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS statekeeper_authenticate(text, text)")
    op.drop_table("api_keys")
