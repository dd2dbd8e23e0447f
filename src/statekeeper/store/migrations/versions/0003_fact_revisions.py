"""Version 3: a revision stamp on every fact row, so readers can fetch only what changed.

Contexts now read constraints and dead values from memory, so the two indexes that served
those queries are dropped: each made every insert slower.

Each write transaction stamps the rows it inserts or updates with the organization's next
revision (one more than the highest stamp so far). A database created by version 1 of this
code already has the column (version 1 creates the tables schema.py describes), so the
column and its index are added only where they are missing.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "rev" not in {column["name"] for column in inspector.get_columns("facts")}:
        op.add_column("facts", sa.Column("rev", sa.Integer, nullable=False, server_default="0"))
    if "ix_facts_rev" not in {index["name"] for index in inspector.get_indexes("facts")}:
        op.create_index("ix_facts_rev", "facts", ["org_id", "rev"])
    for unused in ("ix_facts_constraints", "ix_facts_invalidated"):
        op.execute(f"DROP INDEX IF EXISTS {unused}")


def downgrade() -> None:
    op.create_index("ix_facts_invalidated", "facts", ["org_id", "user_id", "invalidated_at"])
    op.create_index(
        "ix_facts_constraints", "facts", ["org_id", "user_id", "is_constraint", "is_valid", "seq"]
    )
    op.drop_index("ix_facts_rev", "facts")
    op.drop_column("facts", "rev")
