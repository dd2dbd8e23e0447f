"""Version 4: SQLite's full-text index reads its text from the facts table (nothing on
PostgreSQL).

Version 1's FTS5 table kept its own copy of every live fact's text. An external-content
table stores only the index and reads `facts.body` by rowid when it needs the text, so each
fact's text is stored once and each insert writes less.

A trigger still adds each fact written live. Taking a fact out when it is superseded,
expired or forgotten is now the store's job (`SqliteUnitOfWork._unindex`), one statement
for a whole set of facts, before the update, with the text the fact was indexed by: done
by a trigger, row by row, it cost more than the update itself.
"""

from importlib import import_module

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_TRIGGERS = ("facts_fts_insert", "facts_fts_invalidate", "facts_fts_delete")  # version 1's

_REMOVE = "INSERT INTO facts_fts(facts_fts, rowid, body) VALUES ('delete', old.rowid, old.body)"

EXTERNAL_FTS = [
    """CREATE VIRTUAL TABLE facts_fts USING fts5(
           body, content='facts', content_rowid='rowid', tokenize='porter unicode61')""",
    """CREATE TRIGGER facts_fts_insert AFTER INSERT ON facts
       WHEN new.is_valid AND NOT new.forgotten
       BEGIN INSERT INTO facts_fts(rowid, body) VALUES (new.rowid, new.body); END""",
    f"""CREATE TRIGGER facts_fts_delete AFTER DELETE ON facts
       WHEN old.is_valid AND NOT old.forgotten
       BEGIN {_REMOVE}; END""",
    # Only live facts are indexed, as before.
    """INSERT INTO facts_fts(rowid, body)
       SELECT rowid, body FROM facts WHERE is_valid AND NOT forgotten""",
]


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for trigger in _TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute("DROP TABLE IF EXISTS facts_fts")
    for statement in EXTERNAL_FTS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    version_1 = import_module("statekeeper.store.migrations.versions.0001_initial")
    for trigger in _TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    op.execute("DROP TABLE facts_fts")
    for statement in version_1.SQLITE_FTS:
        op.execute(statement)
    op.execute(
        "INSERT INTO facts_fts(rowid, body) SELECT rowid, body FROM facts WHERE is_valid"
        " AND NOT forgotten"
    )
