"""Version 14: the facts table's own full-text index goes (SQLite's `facts_fts` and its
triggers, PostgreSQL's generated `tsv` column and its GIN index).

Since version 13 the store keeps a ranking index of every live fact (`fact_index`), which
the store's word search reads too; keeping a second index in step cost every write and
every supersession its upkeep. The facts keep their `body` text, from which a downgrade
builds the old index again.
"""

from importlib import import_module

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

_TRIGGERS = ("facts_fts_insert", "facts_fts_invalidate", "facts_fts_delete")


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for trigger in _TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        op.execute("DROP TABLE IF EXISTS facts_fts")
    else:
        op.execute("DROP INDEX IF EXISTS ix_facts_tsv")
        op.execute("ALTER TABLE facts DROP COLUMN IF EXISTS tsv")


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        version_4 = import_module("statekeeper.store.migrations.versions.0004_external_content_fts")
        for statement in version_4.EXTERNAL_FTS:
            op.execute(statement)
        return
    version_1 = import_module("statekeeper.store.migrations.versions.0001_initial")
    with_org = version_1._available(bind, "btree_gin")
    statements = version_1.POSTGRES_FTS if with_org else version_1.POSTGRES_FTS_WITHOUT_BTREE_GIN
    for statement in statements:
        op.execute(statement)
