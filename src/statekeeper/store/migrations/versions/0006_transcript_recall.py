"""Version 6: the transcript is searchable, so a context can recall what was said long ago.

Each archived turn also keeps the scope it was said in (a hypothetical, a draft or a
digression is recalled only there). SQLite indexes the turns with an external-content FTS5
table that reads `transcript` by rowid, so the text is stored once; triggers keep it in step
with inserts, redactions and deletions. The speaker is indexed with the words (a question
about a person finds what that person said), and the organization and user too, so a search
narrows to one user's turns inside the index rather than after ranking.
PostgreSQL ranks a generated tsvector column under a GIN index led by organization and user.

A database created by this code's version 1 already has the scope columns (version 1 creates
the tables schema.py describes), so they are added only where they are missing.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_COLUMNS = "org_id, user_id, speaker, text"
_ADD = (
    f"INSERT INTO transcript_fts(rowid, {_COLUMNS})"
    " VALUES (new.rowid, new.org_id, new.user_id, new.speaker, new.text)"
)
_REMOVE = (
    f"INSERT INTO transcript_fts(transcript_fts, rowid, {_COLUMNS})"
    " VALUES ('delete', old.rowid, old.org_id, old.user_id, old.speaker, old.text)"
)

SQLITE_FTS = [
    """CREATE VIRTUAL TABLE transcript_fts USING fts5(
           org_id, user_id, speaker, text, content='transcript', content_rowid='rowid',
           tokenize='porter unicode61')""",
    f"CREATE TRIGGER transcript_fts_insert AFTER INSERT ON transcript BEGIN {_ADD}; END",
    f"CREATE TRIGGER transcript_fts_delete AFTER DELETE ON transcript BEGIN {_REMOVE}; END",
    f"""CREATE TRIGGER transcript_fts_update AFTER UPDATE OF text ON transcript
        BEGIN {_REMOVE}; {_ADD}; END""",
    "INSERT INTO transcript_fts(transcript_fts) VALUES ('rebuild')",
]

POSTGRES_FTS = [
    """ALTER TABLE transcript ADD COLUMN tsv tsvector
       GENERATED ALWAYS AS (to_tsvector('english', speaker || ' ' || text)) STORED""",
    "CREATE INDEX ix_transcript_tsv ON transcript USING gin (org_id, user_id, tsv)",
]
# Without btree_gin (see version 1) the index holds the vectors alone.
POSTGRES_FTS_WITHOUT_BTREE_GIN = [
    POSTGRES_FTS[0],
    "CREATE INDEX ix_transcript_tsv ON transcript USING gin (tsv)",
]


def upgrade() -> None:
    bind = op.get_bind()
    present = {column["name"] for column in sa.inspect(bind).get_columns("transcript")}
    if "scope" not in present:
        op.add_column(
            "transcript", sa.Column("scope", sa.Text, nullable=False, server_default="global")
        )
    if "scope_id" not in present:
        op.add_column("transcript", sa.Column("scope_id", sa.Text))
    if bind.dialect.name == "sqlite":
        statements = SQLITE_FTS
    elif _has_btree_gin(bind):
        statements = POSTGRES_FTS
    else:
        statements = POSTGRES_FTS_WITHOUT_BTREE_GIN
    for statement in statements:
        op.execute(statement)


def _has_btree_gin(bind: sa.engine.Connection) -> bool:
    found = bind.execute(sa.text("SELECT 1 FROM pg_extension WHERE extname = 'btree_gin'"))
    return found.first() is not None


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for trigger in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS transcript_fts_{trigger}")
        op.execute("DROP TABLE IF EXISTS transcript_fts")
    else:
        op.execute("DROP INDEX IF EXISTS ix_transcript_tsv")
        op.drop_column("transcript", "tsv")
    op.drop_column("transcript", "scope_id")
    op.drop_column("transcript", "scope")
