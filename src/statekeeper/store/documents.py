"""Organizational documents and their chunks: tables, and the rows a unit of work keeps.

A document belongs to one organization (its partition key leads every key and index) and
is stored with its source and access list; its text is kept in chunks, each indexed for
full-text ranking by the backend's own index (SQLite FTS5 `bm25`, PostgreSQL `tsvector`).
Who may read a document is decided above this level, at query time: the store never
filters by reader, so a search returns candidates and the engine asks about each.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    bindparam,
    delete,
    insert,
    select,
    text,
)
from sqlalchemy.engine import Connection, Row

from statekeeper.store.base import chunks as batches

# Not in schema.py's metadata: version 1 creates that metadata whole, and these tables come
# with version 9 (which adds their full-text indexes and row-level security).
metadata = MetaData()

documents = Table(
    "documents",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("doc_id", Text, nullable=False),
    Column("source", Text),
    Column("acl", Text),  # JSON list of entries, or NULL: the whole organization
    Column("text", Text, nullable=False),
    Column("chunk_count", Integer, nullable=False),
    Column("added_at", DateTime, nullable=False),
    Column("added_by", Text, nullable=False),
    PrimaryKeyConstraint("org_id", "doc_id"),
)

document_chunks = Table(
    "document_chunks",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("doc_id", Text, nullable=False),
    Column("chunk_index", Integer, nullable=False),
    Column("text", Text, nullable=False),
    PrimaryKeyConstraint("org_id", "doc_id", "chunk_index"),
)

DOCUMENT_TABLES = ("documents", "document_chunks")


@dataclass(frozen=True)
class DocumentRow:
    """A document as stored, without its text."""

    doc_id: str
    source: str | None
    acl: tuple[str, ...] | None
    chunk_count: int
    added_at: datetime
    added_by: str


@dataclass(frozen=True)
class ChunkRow:
    doc_id: str
    index: int
    text: str


_D = documents.c
_C = document_chunks.c
_META = (_D.doc_id, _D.source, _D.acl, _D.chunk_count, _D.added_at, _D.added_by)

_SQLITE_RANK = text(
    """
    SELECT rowid, bm25(document_chunks_fts, 0.0, 1.0) AS score FROM document_chunks_fts
    WHERE document_chunks_fts MATCH :match ORDER BY score LIMIT :limit
    """
)
_SQLITE_OWNED = text(
    """
    SELECT rowid, doc_id, chunk_index, text FROM document_chunks
    WHERE rowid IN :rowids AND org_id = :org
    """
).bindparams(bindparam("rowids", expanding=True))
_POSTGRES_SEARCH = text(
    """
    SELECT doc_id, chunk_index, text
    FROM document_chunks, to_tsquery('english', :query) AS query
    WHERE org_id = :org AND tsv @@ query
    ORDER BY ts_rank_cd(tsv, query, 1) DESC, doc_id, chunk_index
    LIMIT :limit
    """
)
_WORD = re.compile(r"\w")


def _row(found: Row[Any, Any, Any, Any, Any, Any]) -> DocumentRow:
    doc_id, source, acl, count, added_at, added_by = found
    return DocumentRow(
        doc_id=str(doc_id),
        source=source,
        acl=None if acl is None else tuple(json.loads(acl)),
        chunk_count=int(count),
        added_at=added_at,
        added_by=str(added_by),
    )


class DocumentRows:
    """The document methods of a SQL unit of work (mixed into it)."""

    conn: Connection
    org: str

    def put_document(self, document: DocumentRow, body: str, chunk_texts: Sequence[str]) -> None:
        """Store a document and its chunks, replacing any earlier version of the same id."""
        self.remove_document(document.doc_id)
        self.conn.execute(
            insert(documents).values(
                org_id=self.org,
                doc_id=document.doc_id,
                source=document.source,
                acl=None if document.acl is None else json.dumps(list(document.acl)),
                text=body,
                chunk_count=len(chunk_texts),
                added_at=document.added_at,
                added_by=document.added_by,
            )
        )
        rows = [
            {"org_id": self.org, "doc_id": document.doc_id, "chunk_index": n, "text": chunk}
            for n, chunk in enumerate(chunk_texts)
        ]
        for part in batches(rows):
            self.conn.execute(insert(document_chunks), list(part))

    def remove_document(self, doc_id: str) -> bool:
        """Delete a document and its chunks (their index entries follow); whether it existed."""
        self.conn.execute(delete(document_chunks).where(_C.org_id == self.org, _C.doc_id == doc_id))
        done = self.conn.execute(
            delete(documents).where(_D.org_id == self.org, _D.doc_id == doc_id)
        )
        return bool(done.rowcount)

    def get_documents(self, doc_ids: Sequence[str]) -> list[DocumentRow]:
        """The documents among these ids that exist, in no particular order."""
        found: list[DocumentRow] = []
        for part in batches(list(doc_ids)):
            rows = self.conn.execute(
                select(*_META).where(_D.org_id == self.org, _D.doc_id.in_(list(part)))
            )
            found += [_row(r) for r in rows]
        return found

    def list_documents(self) -> list[DocumentRow]:
        """Every document of the organization, by id."""
        rows = self.conn.execute(select(*_META).where(_D.org_id == self.org).order_by(_D.doc_id))
        return [_row(r) for r in rows]

    def document_text(self, doc_id: str) -> str | None:
        return self.conn.execute(
            select(_D.text).where(_D.org_id == self.org, _D.doc_id == doc_id)
        ).scalar_one_or_none()

    def search_chunks(self, terms: Sequence[str], limit: int) -> list[ChunkRow]:
        """The organization's chunks that best match any of the terms, best first."""
        if not terms:
            return []
        if self.conn.dialect.name == "sqlite":
            return self._sqlite_search(terms, limit)
        from statekeeper.store.postgres import ts_query

        query = ts_query(terms)
        if not query:
            return []
        params = {"query": query, "org": self.org, "limit": limit}
        rows = self.conn.execute(_POSTGRES_SEARCH, params)
        return [ChunkRow(doc_id, index, said) for doc_id, index, said in rows]

    # -- vectors of chunks (store/chunk_vectors.py) ---------------------------------------

    def chunks_without_vectors(
        self, model: str, dimensions: int, limit: int, doc_id: str | None = None
    ) -> list[ChunkRow]:
        """Chunks of the organization, or of one document, not yet embedded by `model`."""
        from statekeeper.store import chunk_vectors

        return chunk_vectors.missing(self.conn, self.org, model, dimensions, limit, doc_id)

    def put_chunk_vectors(
        self, model: str, found: Sequence[tuple[ChunkRow, Sequence[float]]]
    ) -> None:
        """Store chunks' vectors; a chunk that changed since it was embedded gets none."""
        from statekeeper.store import chunk_vectors

        chunk_vectors.put(self.conn, self.org, model, found)

    def nearest_chunks(
        self, model: str, query: Sequence[float], limit: int, least: float = -1.0
    ) -> list[ChunkRow]:
        """The organization's chunks nearest a query vector, nearest first, with a cosine
        similarity of at least `least`."""
        from statekeeper.store import chunk_vectors

        return chunk_vectors.nearest(self.conn, self.org, model, query, limit, least)

    def has_chunk_vectors(self, model: str) -> bool:
        """Whether any chunk of the organization has a vector by `model`."""
        from statekeeper.store import chunk_vectors

        return chunk_vectors.any_held(self.conn, self.org, model)

    def _sqlite_search(self, terms: Sequence[str], limit: int) -> list[ChunkRow]:
        alternatives = " OR ".join(_quoted(term) for term in terms)
        match = f"text : ({alternatives})"
        if _WORD.search(self.org):  # narrows inside the index; the exact filter follows
            match += f" AND org_id : {_quoted(self.org)}"
        hits = self.conn.execute(_SQLITE_RANK, {"match": match, "limit": limit}).all()
        if not hits:
            return []
        order = {rowid: n for n, (rowid, _) in enumerate(hits)}
        rows = self.conn.execute(_SQLITE_OWNED, {"rowids": list(order), "org": self.org}).all()
        ranked = sorted(rows, key=lambda r: order[r[0]])
        return [ChunkRow(doc_id, index, said) for _, doc_id, index, said in ranked]


def _quoted(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'
