"""Vectors of document chunks: where they are kept, and the chunks nearest a query.

A chunk's vector is keyed like the chunk (organization first) and goes with it: a
cascading foreign key deletes it when its document is replaced or removed. It is written
only while the chunk still says what was embedded, so a document replaced while its old
text was being embedded never gets the old text's vectors.

- SQLite keeps each vector as float32 bytes, scaled to unit length, in the table of
  migration 0011; the nearest chunks are found by comparing the query with every vector
  of the organization, held in memory between searches (`sqlite_vectors.py`).
- PostgreSQL keeps them in a pgvector column under an HNSW index for cosine distance. The
  column type carries the embedder's dimensions, so the table is made when an engine
  with an embedder opens the database, with row-level security forced like every table.

This level never asks who may read a chunk: it returns candidates, and the engine asks
about each one's document before anything of it is used.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from sqlalchemy import text
from sqlalchemy.engine import Connection

from statekeeper.errors import EmbeddingsUnavailableError
from statekeeper.store import sqlite_vectors
from statekeeper.store.base import Store
from statekeeper.store.documents import ChunkRow
from statekeeper.store.vectors import index_and_walls

TABLE = "chunk_embeddings"
log = logging.getLogger(__name__)
EF_SEARCH = 200  # index entries an HNSW search visits (other organizations' are among them)


@runtime_checkable
class ChunkVectorUnit(Protocol):
    """A unit of work that also keeps the vectors of its organization's chunks."""

    def chunks_without_vectors(
        self, model: str, dimensions: int, limit: int, doc_id: str | None = None
    ) -> list[ChunkRow]: ...

    def put_chunk_vectors(
        self, model: str, found: Sequence[tuple[ChunkRow, Sequence[float]]]
    ) -> None: ...

    def nearest_chunks(
        self, model: str, query: Sequence[float], limit: int, least: float = -1.0
    ) -> list[ChunkRow]: ...

    def has_chunk_vectors(self, model: str) -> bool: ...


# -- making room ---------------------------------------------------------------------------


def attach(store: Store, dimensions: int) -> None:
    """Make sure the store can keep chunk vectors of `dimensions`, or raise
    EmbeddingsUnavailableError saying what is missing."""
    from statekeeper.store.sql import SqlStore

    if not isinstance(store, SqlStore):
        raise EmbeddingsUnavailableError(
            f"a SQL store for document vectors, and this store is {store.dialect}",
            "open the engine on a SQLite file or a postgresql:// URL",
        )
    if store.dialect != "postgresql":
        return  # SQLite's table comes with migration 0011, for vectors of any size
    from statekeeper.store.postgres import _MIGRATION_LOCK, APP_ROLE

    with store.engine.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _MIGRATION_LOCK})
        _create(conn, dimensions, APP_ROLE)


def _dimensions(conn: Connection, table: str) -> int | None:
    """The dimensions of a pgvector table's vectors, or None when there is no such table."""
    found = conn.execute(
        text(
            """SELECT a.atttypmod FROM pg_attribute a
               WHERE a.attrelid = to_regclass(:table) AND a.attname = 'embedding'"""
        ),
        {"table": table},
    ).scalar()
    return None if found is None else int(found)


def _create(conn: Connection, dimensions: int, role: str) -> None:
    found = _dimensions(conn, TABLE)
    if found == dimensions:
        return  # made whole in one transaction before: no lock on the chunks
    if found is not None:
        # Chunk vectors are derived and made again from the chunks. When the facts' own
        # vectors have been made anew at this size (their tables refuse another size
        # until they are dropped), this database has moved to the new embedder: so do
        # the chunks, embedded again on next use.
        if _dimensions(conn, "fact_embeddings") != dimensions:
            raise EmbeddingsUnavailableError(
                f"chunk vectors of {dimensions} dimensions, but this database's hold {found}",
                f"use an embedder of {found} dimensions, or DROP TABLE {TABLE} to embed anew",
            )
        log.warning("chunk vectors of %s dimensions are dropped for %s", found, dimensions)
        conn.execute(text(f"DROP TABLE {TABLE}"))
    if conn.execute(text("SELECT 1 FROM pg_extension WHERE extname = 'vector'")).first() is None:
        raise EmbeddingsUnavailableError(
            "the PostgreSQL extension 'vector' (pgvector), which this database lacks",
            "install pgvector on the database server, or open the engine without an embedder",
        )
    for statement in (
        f"""CREATE TABLE IF NOT EXISTS {TABLE} (
                org_id text NOT NULL,
                doc_id text NOT NULL,
                chunk_index integer NOT NULL,
                model text NOT NULL,
                embedding vector({dimensions}) NOT NULL,
                PRIMARY KEY (org_id, doc_id, chunk_index),
                FOREIGN KEY (org_id, doc_id, chunk_index)
                    REFERENCES document_chunks (org_id, doc_id, chunk_index) ON DELETE CASCADE
            )""",
        *index_and_walls(TABLE, role),
    ):
        conn.execute(text(statement))


# -- reading and writing, inside one organization ------------------------------------------

_MISSING = """
    SELECT c.doc_id, c.chunk_index, c.text FROM document_chunks c
    WHERE c.org_id = :org {only}
      AND NOT EXISTS (SELECT 1 FROM chunk_embeddings e
                      WHERE e.org_id = c.org_id AND e.doc_id = c.doc_id
                        AND e.chunk_index = c.chunk_index AND e.model = :model {sized})
    ORDER BY c.doc_id, c.chunk_index
    LIMIT :limit
"""

_SQLITE_PUT = text(
    f"""INSERT INTO {TABLE} (org_id, doc_id, chunk_index, model, dimensions, vector)
        SELECT org_id, doc_id, chunk_index, :model, :dimensions, :vector FROM document_chunks
        WHERE org_id = :org AND doc_id = :doc AND chunk_index = :index AND text = :text
        ON CONFLICT (org_id, doc_id, chunk_index) DO UPDATE SET
            model = excluded.model, dimensions = excluded.dimensions, vector = excluded.vector"""
)
_POSTGRES_PUT = text(
    f"""INSERT INTO {TABLE} (org_id, doc_id, chunk_index, model, embedding)
        SELECT org_id, doc_id, chunk_index, :model, CAST(:vector AS vector) FROM (
            SELECT org_id, doc_id, chunk_index FROM document_chunks
            WHERE org_id = :org AND doc_id = :doc AND chunk_index = :index AND text = :text
            FOR SHARE
        ) AS said
        ON CONFLICT (org_id, doc_id, chunk_index)
        DO UPDATE SET model = excluded.model, embedding = excluded.embedding"""
)
_POSTGRES_NEAREST = text(
    f"""SELECT c.doc_id, c.chunk_index, c.text FROM {TABLE} e
        JOIN document_chunks c ON c.org_id = e.org_id AND c.doc_id = e.doc_id
          AND c.chunk_index = e.chunk_index
        WHERE e.org_id = :org AND e.model = :model
          AND e.embedding <=> CAST(:query AS vector) <= :reach
        ORDER BY e.embedding <=> CAST(:query AS vector)
        LIMIT :limit"""
)


def missing(
    conn: Connection, org: str, model: str, dimensions: int, limit: int, doc_id: str | None
) -> list[ChunkRow]:
    """Chunks of the organization (or of one document) with no vector by `model`."""
    sqlite = conn.dialect.name == "sqlite"
    statement = _MISSING.format(
        only="AND c.doc_id = :doc" if doc_id is not None else "",
        sized="AND e.dimensions = :dimensions" if sqlite else "",
    )
    params: dict[str, object] = {"org": org, "model": model, "limit": limit}
    if doc_id is not None:
        params["doc"] = doc_id
    if sqlite:
        params["dimensions"] = dimensions
    rows = conn.execute(text(statement), params)
    return [ChunkRow(doc, index, said) for doc, index, said in rows]


def put(
    conn: Connection, org: str, model: str, found: Sequence[tuple[ChunkRow, Sequence[float]]]
) -> None:
    """Store each chunk's vector, unless the chunk has changed or gone since."""
    if not found:
        return
    sqlite = conn.dialect.name == "sqlite"
    params = [
        {
            "org": org,
            "doc": chunk.doc_id,
            "index": chunk.index,
            "text": chunk.text,
            "model": model,
            "dimensions": len(vector),
            "vector": sqlite_vectors.packed(vector) if sqlite else literal(vector),
        }
        for chunk, vector in found
    ]
    conn.execute(_SQLITE_PUT if sqlite else _POSTGRES_PUT, params)


def any_held(conn: Connection, org: str, model: str) -> bool:
    """Whether the organization has a chunk vector by `model` at all."""
    found = conn.execute(
        text(f"SELECT 1 FROM {TABLE} WHERE org_id = :org AND model = :model LIMIT 1"),
        {"org": org, "model": model},
    )
    return found.first() is not None


def nearest(
    conn: Connection,
    org: str,
    model: str,
    query: Sequence[float],
    limit: int,
    least: float = -1.0,
) -> list[ChunkRow]:
    """The organization's chunks nearest to `query` by cosine distance, nearest first,
    those with a cosine similarity of at least `least` only."""
    if limit <= 0:
        return []
    if conn.dialect.name != "sqlite":
        conn.execute(text(f"SET LOCAL hnsw.ef_search = {max(EF_SEARCH, int(limit))}"))
        params = {
            "org": org,
            "model": model,
            "query": literal(query),
            "limit": limit,
            "reach": 1.0 - least,
        }
        rows = conn.execute(_POSTGRES_NEAREST, params)
        return [ChunkRow(doc, index, said) for doc, index, said in rows]
    return sqlite_vectors.nearest(conn, org, model, query, limit, least)


def literal(vector: Sequence[float]) -> str:
    """pgvector's text form, `[1.0,2.5,...]`."""
    return "[" + ",".join(repr(float(v)) for v in vector) + "]"
