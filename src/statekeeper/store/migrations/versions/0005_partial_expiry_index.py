"""Version 5: the expiry index holds only facts that expire.

Most facts never expire. A full index over `expires_at` took an entry for each of them, on
every insert, to answer a question only the few time-bound facts take part in.
"""

from alembic import op
from sqlalchemy import text

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_COLUMNS = ["org_id", "user_id", "expires_at"]


def upgrade() -> None:
    op.drop_index("ix_facts_expiry", "facts")
    op.create_index(
        "ix_facts_expiry",
        "facts",
        _COLUMNS,
        sqlite_where=text("expires_at IS NOT NULL"),
        postgresql_where=text("expires_at IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_facts_expiry", "facts")
    op.create_index("ix_facts_expiry", "facts", _COLUMNS)
