"""Version 13: the ranking index kept in the store, and partial indexes of the facts every
reading weighs.

`fact_index` holds a row for each live fact: its ranking terms, the values it asserts and
its asserted text (store/fact_index.py), as tokens indexed by FTS5 on SQLite and, on
PostgreSQL, paired with the fact in `fact_terms` under a b-tree; there both tables are under
forced row-level security by organization like every other table. The facts table gains three partial indexes: its live facts that are scoped,
restricted, waiting for review or expiring, its live constraints in order, and its dead
facts in the order they ended. A process's first context reads through these instead of
loading every fact.

The facts already stored are indexed here, in batches. The index keeps a fingerprint of the
code that made its rows; a store opened by a version with another makes them anew.
"""

from alembic import op

from statekeeper.store.fact_index import (
    SQLITE_INDEX,
    fact_index,
    fact_index_meta,
    fact_terms,
    refresh,
)
from statekeeper.store.view_reads import INDEXES

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

APP_ROLE = "statekeeper_app"


def upgrade() -> None:
    bind = op.get_bind()
    for statement in INDEXES:
        op.execute(statement)
    sqlite = bind.dialect.name == "sqlite"
    tables = [fact_index, fact_index_meta] if sqlite else [fact_index, fact_index_meta, fact_terms]
    for table in tables:
        table.create(bind)
    if sqlite:
        for statement in SQLITE_INDEX:
            op.execute(statement)
    refresh(bind)  # indexes the facts already stored, and notes what made the rows
    if sqlite:
        return
    op.execute(f"GRANT SELECT ON fact_index_meta TO {APP_ROLE}")
    for name in ("fact_index", "fact_terms"):
        op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {name} TO {APP_ROLE}")
        op.execute(f"ALTER TABLE {name} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {name} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"""CREATE POLICY {name}_by_org ON {name}
                USING (org_id = current_setting('statekeeper.org', true))
                WITH CHECK (org_id = current_setting('statekeeper.org', true))"""
        )


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for trigger in ("fact_index_fts_insert", "fact_index_fts_delete"):
            op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        for name in ("fact_index_terms", "fact_index_fts"):
            op.execute(f"DROP TABLE IF EXISTS {name}")
    for table in (fact_terms, fact_index_meta, fact_index):
        table.drop(bind, checkfirst=True)
    op.drop_index("ix_facts_ended", "facts")
    op.drop_index("ix_facts_noteworthy", "facts")
    op.drop_index("ix_facts_constraints", "facts")
