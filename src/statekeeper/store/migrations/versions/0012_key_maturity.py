"""Version 12: an API key's maturity in each capability.

Capability memory gates what an agent may learn by its maturity in the capability (a
junior writes events, a senior heuristics too, a master strategies too). Over the REST
API and MCP that maturity must come from the key, never from a request, so each key
keeps a JSON object of capability to maturity (`{}`: junior everywhere). On PostgreSQL
`statekeeper_authenticate` returns it with the rest of the key's principal.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

APP_ROLE = "statekeeper_app"


def _authenticate(columns: str) -> str:
    returned = ", ".join(f"{name} text" for name in columns.split(", "))
    selected = ", ".join(f"k.{name}" for name in columns.split(", "))
    return f"""
CREATE FUNCTION statekeeper_authenticate(p_key_id text, p_secret text)
RETURNS TABLE ({returned})
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
    SELECT {selected}
    FROM public.api_keys AS k
    WHERE k.key_id = p_key_id
      AND k.revoked_at IS NULL
      AND k.digest = encode(sha256(decode(k.salt, 'hex') || convert_to(p_secret, 'UTF8')), 'hex')
$$
"""


BEFORE = "org_id, user_id, authority, role, permissions"
AFTER = f"{BEFORE}, maturity"


def _replace_function(columns: str) -> None:
    op.execute("DROP FUNCTION IF EXISTS statekeeper_authenticate(text, text)")
    op.execute(_authenticate(columns))
    op.execute("REVOKE ALL ON FUNCTION statekeeper_authenticate(text, text) FROM PUBLIC")
    op.execute(f"GRANT EXECUTE ON FUNCTION statekeeper_authenticate(text, text) TO {APP_ROLE}")


def upgrade() -> None:
    op.add_column("api_keys", sa.Column("maturity", sa.Text, nullable=False, server_default="{}"))
    if op.get_bind().dialect.name == "postgresql":
        _replace_function(AFTER)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _replace_function(BEFORE)
    with op.batch_alter_table("api_keys") as batch:
        batch.drop_column("maturity")
