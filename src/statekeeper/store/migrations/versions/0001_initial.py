"""Version 1: every table of schema.py, plus each dialect's full-text index of live facts.

SQLite keeps an FTS5 table whose rowid mirrors the facts table's rowid; triggers add a fact
when it is written valid and remove it when it is superseded, expired or forgotten, so the
index only ever ranks live facts. PostgreSQL ranks a generated tsvector column instead.

When schema.py changes, a new revision alters these tables; this one stays as it is.
"""

import sqlalchemy as sa
from alembic import op

from statekeeper.store.schema import metadata

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SQLITE_FTS = [
    "CREATE VIRTUAL TABLE facts_fts USING fts5(body, tokenize='porter unicode61')",
    """CREATE TRIGGER facts_fts_insert AFTER INSERT ON facts WHEN new.is_valid
       BEGIN INSERT INTO facts_fts(rowid, body) VALUES (new.rowid, new.body); END""",
    """CREATE TRIGGER facts_fts_invalidate AFTER UPDATE OF is_valid, forgotten ON facts
       WHEN old.is_valid AND NOT old.forgotten AND (NOT new.is_valid OR new.forgotten)
       BEGIN DELETE FROM facts_fts WHERE rowid = old.rowid; END""",
    """CREATE TRIGGER facts_fts_delete AFTER DELETE ON facts
       BEGIN DELETE FROM facts_fts WHERE rowid = old.rowid; END""",
]

POSTGRES_FTS = [
    """ALTER TABLE facts ADD COLUMN tsv tsvector
       GENERATED ALWAYS AS (to_tsvector('english', body)) STORED""",
    "CREATE EXTENSION IF NOT EXISTS btree_gin",
    "CREATE INDEX ix_facts_tsv ON facts USING gin (org_id, tsv) WHERE is_valid AND NOT forgotten",
]

# A server without the btree_gin module (bundled builds that ship no contrib modules) gets
# the same index without its leading org_id; searches still filter on org_id.
POSTGRES_FTS_WITHOUT_BTREE_GIN = [
    POSTGRES_FTS[0],
    "CREATE INDEX ix_facts_tsv ON facts USING gin (tsv) WHERE is_valid AND NOT forgotten",
]


def upgrade() -> None:
    bind = op.get_bind()
    metadata.create_all(bind)
    if bind.dialect.name == "sqlite":
        statements = SQLITE_FTS
    elif _available(bind, "btree_gin"):
        statements = POSTGRES_FTS
    else:
        statements = POSTGRES_FTS_WITHOUT_BTREE_GIN
    for statement in statements:
        op.execute(statement)


def _available(bind: sa.engine.Connection, extension: str) -> bool:
    found = bind.execute(
        sa.text("SELECT 1 FROM pg_available_extensions WHERE name = :name"), {"name": extension}
    )
    return found.first() is not None


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        op.execute("DROP TABLE IF EXISTS facts_fts")
    metadata.drop_all(bind)
