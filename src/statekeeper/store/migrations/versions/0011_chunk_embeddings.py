"""Version 11: a place for the vectors of document chunks on SQLite.

An engine with an embedder embeds the chunks of its organizations' documents, so a
context finds a passage by meaning as well as by its words. On SQLite each vector is kept
as float32 bytes beside its model and dimensions, in `chunk_embeddings`, keyed like the
chunk it belongs to (organization first) and deleted with it by a cascading foreign key;
`chunk_embedding_marks` counts each organization's changes to them, so a process may keep
the vectors in memory until they change (`store/sqlite_vectors.py`).

PostgreSQL gets nothing here: its table is pgvector's, whose column type carries the
embedder's dimensions, and is made when an engine with an embedder first opens the
database (`store/chunk_vectors.py`), as the fact embeddings' is.
"""

from alembic import op

from statekeeper.store.sqlite_vectors import SQLITE_SCHEMA, SQLITE_TABLES

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for statement in SQLITE_SCHEMA:
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for table in SQLITE_TABLES:  # their triggers go with them
            op.execute(f"DROP TABLE IF EXISTS {table}")
