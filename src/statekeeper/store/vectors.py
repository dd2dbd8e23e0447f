"""Fact and turn embeddings in PostgreSQL with pgvector: the tables, and the statements
that use them.

The tables are not part of the Alembic history. Their column type carries the embedder's
number of dimensions, known only when an engine is opened with an embedder, and they need
the `vector` extension, which many servers lack; a store opened without an embedder never
asks for either. `create` builds them on first use, idempotently, under the store's schema
lock, with the same two walls as every organization table: `org_id` leads the primary key,
and row-level security is enabled and forced.

A fact's embedding is deleted by a trigger once the fact is superseded, expired or
forgotten, so a forgotten fact leaves nothing derived from its content behind. Searches
also join the live facts, so a dead fact cannot come back even if its embedding did. A
turn's embedding goes with its transcript row (erasure), and a trigger deletes it when the
turn's text is redacted: the vector of the old words would still place the turn by them.
The redacted text is embedded anew by the next backfill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import DateTime, bindparam, text
from sqlalchemy.engine import Connection

from statekeeper.errors import EmbeddingsUnavailableError
from statekeeper.model import Fact
from statekeeper.store.base import SaidTurn, View
from statekeeper.store.sql import row_to_fact

TABLE = "fact_embeddings"
TURNS = "turn_embeddings"
# How many index entries an HNSW search visits: with many organizations in one index, the
# nearest entries of other organizations are visited and filtered out, so more than the
# default 40 are needed to fill a short list with one organization's facts.
EF_SEARCH = 200


def index_and_walls(table: str, role: str) -> list[str]:
    """A table's HNSW index for cosine distance, its grant, and its row-level security."""
    return [
        f"""CREATE INDEX IF NOT EXISTS ix_{table}_cosine ON {table}
            USING hnsw (embedding vector_cosine_ops)""",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {role}",
        f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
        f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {table}_by_org ON {table}",
        f"""CREATE POLICY {table}_by_org ON {table}
            USING (org_id = current_setting('statekeeper.org', true))
            WITH CHECK (org_id = current_setting('statekeeper.org', true))""",
    ]


def _create(dimensions: int, role: str) -> list[str]:
    return [
        f"""CREATE TABLE IF NOT EXISTS {TABLE} (
                org_id text NOT NULL,
                fact_id text NOT NULL,
                model text NOT NULL,
                embedding vector({dimensions}) NOT NULL,
                PRIMARY KEY (org_id, fact_id),
                FOREIGN KEY (org_id, fact_id) REFERENCES facts (org_id, fact_id) ON DELETE CASCADE
            )""",
        *index_and_walls(TABLE, role),
        f"""CREATE OR REPLACE FUNCTION {TABLE}_retire() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
              -- The table may have been dropped by hand to embed anew: no write may fail.
              IF to_regclass('{TABLE}') IS NOT NULL THEN
                DELETE FROM {TABLE} WHERE org_id = OLD.org_id AND fact_id = OLD.fact_id;
              END IF;
              RETURN NULL;
            END $$""",
        f"DROP TRIGGER IF EXISTS {TABLE}_retire ON facts",
        f"""CREATE TRIGGER {TABLE}_retire AFTER UPDATE OF is_valid, forgotten ON facts
            FOR EACH ROW
            WHEN ((OLD.is_valid AND NOT NEW.is_valid) OR (NEW.forgotten AND NOT OLD.forgotten))
            EXECUTE FUNCTION {TABLE}_retire()""",
    ]


def _create_turns(dimensions: int, role: str) -> list[str]:
    return [
        f"""CREATE TABLE IF NOT EXISTS {TURNS} (
                org_id text NOT NULL,
                user_id text NOT NULL,
                task_id text NOT NULL,
                turn_index integer NOT NULL,
                model text NOT NULL,
                embedding vector({dimensions}) NOT NULL,
                PRIMARY KEY (org_id, user_id, task_id, turn_index),
                FOREIGN KEY (org_id, user_id, task_id, turn_index)
                    REFERENCES transcript (org_id, user_id, task_id, turn_index) ON DELETE CASCADE
            )""",
        *index_and_walls(TURNS, role),
        f"""CREATE OR REPLACE FUNCTION {TURNS}_redacted() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
              IF to_regclass('{TURNS}') IS NOT NULL THEN
                DELETE FROM {TURNS} WHERE org_id = OLD.org_id AND user_id = OLD.user_id
                  AND task_id = OLD.task_id AND turn_index = OLD.turn_index;
              END IF;
              RETURN NULL;
            END $$""",
        f"DROP TRIGGER IF EXISTS {TURNS}_redacted ON transcript",
        f"""CREATE TRIGGER {TURNS}_redacted AFTER UPDATE OF text ON transcript
            FOR EACH ROW WHEN (OLD.text IS DISTINCT FROM NEW.text)
            EXECUTE FUNCTION {TURNS}_redacted()""",
    ]


def create(conn: Connection, dimensions: int, role: str) -> None:
    """Make sure the extension, the table, its index, policy and trigger exist, and that
    the table's vectors have `dimensions`; raise EmbeddingsUnavailableError if they cannot.
    A table that exists was made whole in one transaction, so it is left as it is: no
    lock is taken on `facts` when an engine opens on a ready database."""
    held = {table: _dimensions(conn, table) for table in (TABLE, TURNS)}
    if all(found == dimensions for found in held.values()):
        return
    other = [table for table, found in held.items() if found not in (None, dimensions)]
    if other:
        found = held[other[0]]
        raise EmbeddingsUnavailableError(
            f"embedding tables of {dimensions} dimensions, but this database's hold {found}",
            f"use an embedder of {found} dimensions, or DROP TABLE {', '.join(other)} "
            "to embed anew",
        )
    available = conn.execute(
        text("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")
    ).first()
    if available is None:
        raise EmbeddingsUnavailableError(
            "the PostgreSQL extension 'vector' (pgvector), which this server does not have",
            "install pgvector on the database server, or open the engine without an embedder",
        )
    conn.execute(text("CREATE EXTENSION IF NOT EXISTS vector"))
    for statement in [*_create(dimensions, role), *_create_turns(dimensions, role)]:
        conn.execute(text(statement))


def _dimensions(conn: Connection, table: str = TABLE) -> int | None:
    """The dimensions of an existing table's vectors (pgvector keeps them as the type
    modifier), or None when there is no such table yet."""
    found = conn.execute(
        text(
            """SELECT a.atttypmod FROM pg_attribute a
               WHERE a.attrelid = to_regclass(:table) AND a.attname = 'embedding'"""
        ),
        {"table": table},
    ).scalar()
    return None if found is None else int(found)


_MISSING = text(
    f"""SELECT f.* FROM facts f
        WHERE f.org_id = :org AND f.is_valid AND NOT f.forgotten
          AND NOT EXISTS (SELECT 1 FROM {TABLE} e
                          WHERE e.org_id = f.org_id AND e.fact_id = f.fact_id
                            AND e.model = :model)
        ORDER BY f.seq
        LIMIT :limit"""
)

# The fact row is locked while its embedding is written, so a supersession that commits
# meanwhile either waits (and its trigger then deletes the row) or wins (and nothing is
# written): no embedding outlives its fact.
_PUT = text(
    f"""INSERT INTO {TABLE} (org_id, fact_id, model, embedding)
        SELECT org_id, fact_id, :model, CAST(:embedding AS vector) FROM (
            SELECT org_id, fact_id FROM facts
            WHERE org_id = :org AND fact_id = :fact_id AND is_valid AND NOT forgotten
            FOR SHARE
        ) AS live
        ON CONFLICT (org_id, fact_id)
        DO UPDATE SET model = excluded.model, embedding = excluded.embedding"""
)

_SIMILAR = text(
    f"""SELECT e.fact_id FROM {TABLE} e
        JOIN facts f ON f.org_id = e.org_id AND f.fact_id = e.fact_id
        WHERE e.org_id = :org AND e.model = :model
          AND f.user_id IN (:user, '') AND f.capability IN ('', :capability)
          AND f.is_valid AND NOT f.forgotten
        ORDER BY e.embedding <=> CAST(:query AS vector)
        LIMIT :limit"""
)


def missing(conn: Connection, org: str, model: str, limit: int) -> list[Fact]:
    """Live facts of the organization with no embedding by `model`, oldest first."""
    rows = conn.execute(_MISSING, {"org": org, "model": model, "limit": limit}).mappings()
    return [row_to_fact(row) for row in rows]


def put(conn: Connection, org: str, model: str, vectors: Mapping[str, Sequence[float]]) -> None:
    """Store each fact's embedding, replacing one by another model; dead facts get none."""
    if vectors:
        conn.execute(
            _PUT,
            [
                {"org": org, "fact_id": fact_id, "model": model, "embedding": literal(vector)}
                for fact_id, vector in vectors.items()
            ],
        )


def similar(
    conn: Connection, view: View, model: str, query: Sequence[float], limit: int
) -> list[str]:
    """The ids of the live facts of the view nearest to `query` by cosine distance."""
    conn.execute(text(f"SET LOCAL hnsw.ef_search = {max(EF_SEARCH, limit)}"))
    found = conn.execute(
        _SIMILAR,
        {
            "org": view.org,
            "user": view.user,
            "capability": view.capability,
            "model": model,
            "query": literal(query),
            "limit": limit,
        },
    )
    return list(found.scalars())


_MISSING_TURNS = text(
    f"""SELECT t.user_id, t.task_id, t.turn_index, t.text FROM transcript t
        WHERE t.org_id = :org
          AND NOT EXISTS (SELECT 1 FROM {TURNS} e
                          WHERE e.org_id = t.org_id AND e.user_id = t.user_id
                            AND e.task_id = t.task_id AND e.turn_index = t.turn_index
                            AND e.model = :model)
        ORDER BY t.timestamp
        LIMIT :limit"""
)

# Written only while the turn still says what was embedded: a redaction that commits
# meanwhile leaves no vector of the words it took out.
_PUT_TURN = text(
    f"""INSERT INTO {TURNS} (org_id, user_id, task_id, turn_index, model, embedding)
        SELECT org_id, user_id, task_id, turn_index, :model, CAST(:embedding AS vector) FROM (
            SELECT org_id, user_id, task_id, turn_index FROM transcript
            WHERE org_id = :org AND user_id = :user AND task_id = :task
              AND turn_index = :index AND text = :text
            FOR SHARE
        ) AS said
        ON CONFLICT (org_id, user_id, task_id, turn_index)
        DO UPDATE SET model = excluded.model, embedding = excluded.embedding"""
)

_SIMILAR_TURNS = text(
    f"""SELECT e.task_id, e.turn_index FROM {TURNS} e
        JOIN transcript t ON t.org_id = e.org_id AND t.user_id = e.user_id
          AND t.task_id = e.task_id AND t.turn_index = e.turn_index
        WHERE e.org_id = :org AND e.user_id = :user AND e.model = :model
          AND t.timestamp <= :until
        ORDER BY e.embedding <=> CAST(:query AS vector)
        LIMIT :limit"""
).bindparams(bindparam("until", type_=DateTime))


def missing_turns(conn: Connection, org: str, model: str, limit: int) -> list[SaidTurn]:
    """Archived turns of the organization with no embedding by `model`, oldest first."""
    rows = conn.execute(_MISSING_TURNS, {"org": org, "model": model, "limit": limit})
    return [SaidTurn(*row) for row in rows]


def put_turns(
    conn: Connection, org: str, model: str, vectors: Sequence[tuple[SaidTurn, Sequence[float]]]
) -> None:
    """Store each turn's embedding, unless the turn has been redacted since."""
    if vectors:
        conn.execute(
            _PUT_TURN,
            [
                {
                    "org": org,
                    "user": said.user,
                    "task": said.task_id,
                    "index": said.turn_index,
                    "text": said.text,
                    "model": model,
                    "embedding": literal(vector),
                }
                for said, vector in vectors
            ],
        )


def similar_turns(
    conn: Connection,
    view: View,
    model: str,
    query: Sequence[float],
    until: datetime,
    limit: int,
) -> list[tuple[str, int]]:
    """(task, index) of the view's user's archived turns said by `until` nearest to
    `query` by cosine distance."""
    conn.execute(text(f"SET LOCAL hnsw.ef_search = {max(EF_SEARCH, limit)}"))
    found = conn.execute(
        _SIMILAR_TURNS,
        {
            "org": view.org,
            "user": view.user,
            "model": model,
            "query": literal(query),
            "until": until,
            "limit": limit,
        },
    )
    return [(task, index) for task, index in found]


def literal(vector: Sequence[float]) -> str:
    """pgvector's text form, `[1.0,2.5,...]`: no adapter is needed to send it."""
    return "[" + ",".join(repr(float(v)) for v in vector) + "]"


def forget(conn: Connection, org: str, fact_ids: Sequence[str]) -> None:
    """Delete the embeddings of these facts, if this database keeps embeddings at all."""
    if not fact_ids or _dimensions(conn) is None:
        return
    conn.execute(
        text(f"DELETE FROM {TABLE} WHERE org_id = :org AND fact_id = ANY(:ids)"),
        {"org": org, "ids": list(fact_ids)},
    )
