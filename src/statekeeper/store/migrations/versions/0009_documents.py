"""Version 9: organizational documents, chunked and indexed for retrieval.

`documents` keeps each document of an organization with its source and access list;
`document_chunks` its text in chunks. SQLite indexes the chunks with an external-content
FTS5 table (the organization is indexed too, so a search narrows to one organization
inside the index), kept in step by triggers; PostgreSQL ranks a generated tsvector column
under a GIN index led by the organization. On PostgreSQL both tables are under forced
row-level security by organization, like every other table.
"""

import sqlalchemy as sa
from alembic import op

from statekeeper.store.documents import DOCUMENT_TABLES, metadata

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

APP_ROLE = "statekeeper_app"

_ADD = (
    "INSERT INTO document_chunks_fts(rowid, org_id, text) VALUES (new.rowid, new.org_id, new.text)"
)
_REMOVE = (
    "INSERT INTO document_chunks_fts(document_chunks_fts, rowid, org_id, text)"
    " VALUES ('delete', old.rowid, old.org_id, old.text)"
)

SQLITE_FTS = [
    """CREATE VIRTUAL TABLE document_chunks_fts USING fts5(
           org_id, text, content='document_chunks', content_rowid='rowid',
           tokenize='porter unicode61')""",
    f"CREATE TRIGGER document_chunks_fts_insert AFTER INSERT ON document_chunks BEGIN {_ADD}; END",
    f"CREATE TRIGGER document_chunks_fts_delete AFTER DELETE ON document_chunks BEGIN {_REMOVE}; END",
    f"""CREATE TRIGGER document_chunks_fts_update AFTER UPDATE OF text ON document_chunks
        BEGIN {_REMOVE}; {_ADD}; END""",
]

POSTGRES_TSV = """ALTER TABLE document_chunks ADD COLUMN tsv tsvector
       GENERATED ALWAYS AS (to_tsvector('english', text)) STORED"""


def upgrade() -> None:
    bind = op.get_bind()
    metadata.create_all(bind)
    if bind.dialect.name == "sqlite":
        for statement in SQLITE_FTS:
            op.execute(statement)
        return
    op.execute(POSTGRES_TSV)
    if bind.execute(sa.text("SELECT 1 FROM pg_extension WHERE extname = 'btree_gin'")).first():
        op.execute("CREATE INDEX ix_document_chunks_tsv ON document_chunks USING gin (org_id, tsv)")
    else:
        op.execute("CREATE INDEX ix_document_chunks_tsv ON document_chunks USING gin (tsv)")
    for table in DOCUMENT_TABLES:
        op.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {APP_ROLE}")
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"""CREATE POLICY {table}_by_org ON {table}
                USING (org_id = current_setting('statekeeper.org', true))
                WITH CHECK (org_id = current_setting('statekeeper.org', true))"""
        )


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for trigger in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS document_chunks_fts_{trigger}")
        op.execute("DROP TABLE IF EXISTS document_chunks_fts")
    metadata.drop_all(bind)
