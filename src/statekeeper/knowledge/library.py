"""Adding, listing and removing an organization's documents, and finding the chunks of a
context among those its reader may read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator

from statekeeper.context.recall import fuse
from statekeeper.context.terms import query_terms
from statekeeper.errors import StoreError
from statekeeper.knowledge.access import Document, Reader, UnknownDocumentError
from statekeeper.knowledge.chunking import chunk_text
from statekeeper.knowledge.meaning import QueryVector, vector_units
from statekeeper.model import Omission
from statekeeper.store.base import DocumentUnit, UnitOfWork
from statekeeper.store.documents import ChunkRow, DocumentRow
from statekeeper.validation import _text

MAX_DOCUMENT_CHARS = 2_000_000
# A document's text: not empty, no NUL, at most MAX_DOCUMENT_CHARS.
DocumentText = Annotated[str, AfterValidator(lambda value: _text(value, MAX_DOCUMENT_CHARS))]

SEARCH_FIRST = 40  # chunks fetched for a context; deeper when withheld ones crowd them out
SEARCH_MOST = 1000
# The least cosine similarity a chunk found by meaning alone needs: the nearest chunks of
# a few documents are near nothing in particular, and would fill every context.
NEAR_ENOUGH = 0.2


def units(uow: UnitOfWork) -> DocumentUnit:
    """The unit of work's document rows, or StoreError for a store that keeps none."""
    if not isinstance(uow, DocumentUnit):
        raise StoreError(f"this store ({type(uow).__name__}) keeps no documents")
    return uow


def as_document(org: str, row: DocumentRow) -> Document:
    return Document(
        id=row.doc_id,
        org=org,
        source=row.source,
        acl=None if row.acl is None else frozenset(row.acl),
        chunks=row.chunk_count,
        added_at=row.added_at,
        added_by=row.added_by,
    )


def store_document(
    uow: UnitOfWork,
    reader: Reader,
    doc_id: str,
    text: str,
    source: str | None,
    acl: frozenset[str] | None,
    at: datetime,
) -> Document:
    """Store a document in chunks; a document of the same id is replaced, if the writer may
    read it (one they may not read is, to them, not there to replace)."""
    rows = units(uow)
    org = reader.principal.org
    for found in rows.get_documents([doc_id]):
        if not reader.may_read(as_document(org, found)):
            raise UnknownDocumentError(doc_id)
    pieces = chunk_text(text)
    row = DocumentRow(
        doc_id,
        source,
        None if acl is None else tuple(sorted(acl)),
        len(pieces),
        at,
        reader.principal.user,
    )
    rows.put_document(row, text, pieces)
    return as_document(org, row)


def readable(uow: UnitOfWork, reader: Reader) -> list[Document]:
    """The organization's documents the reader may read, by id."""
    org = reader.principal.org
    listed = [as_document(org, row) for row in units(uow).list_documents()]
    return [d for d in listed if reader.may_read(d)]


def drop_document(uow: UnitOfWork, reader: Reader, doc_id: str) -> Document:
    """Remove a document the reader may read; UnknownDocumentError for any other."""
    rows = units(uow)
    found = [as_document(reader.principal.org, row) for row in rows.get_documents([doc_id])]
    if not found or not reader.may_read(found[0]):
        raise UnknownDocumentError(doc_id)
    rows.remove_document(doc_id)
    return found[0]


def relevant_chunks(
    uow: UnitOfWork,
    reader: Reader,
    query: str,
    limit: int,
    clean: Callable[[str], str],
    meaning: QueryVector | None = None,
) -> list[tuple[Document, ChunkRow, str]]:
    """The chunks that best match the query among the documents the reader may read, best
    first, each with its cleaned text. With `meaning` (the query's vector), the chunks
    nearest it (at least NEAR_ENOUGH alike) are ranked together with those that match its
    words (reciprocal rank fusion). Every candidate document of either search is asked about (once for this
    call) before it is ranked, so one the reader may not read takes no place in either
    ranking; when such documents crowd the best matches, the search goes deeper."""
    if limit <= 0:
        return []
    terms = query_terms(query)
    if not terms and meaning is None:
        return []
    rows = units(uow)
    known: dict[str, Document] = {}
    words = _readable(rows, reader, known, limit, lambda depth: rows.search_chunks(terms, depth))
    near: list[ChunkRow] = []
    if meaning is not None:
        vectors = vector_units(uow)
        near = _readable(
            rows,
            reader,
            known,
            limit,
            lambda depth: vectors.nearest_chunks(
                meaning.model, meaning.vector, depth, NEAR_ENOUGH
            ),
        )
    by_key = {(hit.doc_id, hit.index): hit for hit in [*words, *near]}
    order = fuse(
        [(hit.doc_id, hit.index) for hit in words[:limit]],
        [(hit.doc_id, hit.index) for hit in near[:limit]],
    )
    chosen = [by_key[key] for key in order[:limit]]
    return [(known[hit.doc_id], hit, clean(hit.text)) for hit in chosen]


def _readable(
    rows: DocumentUnit,
    reader: Reader,
    known: dict[str, Document],
    limit: int,
    search: Callable[[int], list[ChunkRow]],
) -> list[ChunkRow]:
    """A search's hits from documents the reader may read, best first, at least `limit`
    of them when there are that many: deeper when withheld documents crowd the first."""
    org = reader.principal.org
    depth = max(SEARCH_FIRST, limit)
    while True:
        hits = search(depth)
        ids = [i for i in dict.fromkeys(hit.doc_id for hit in hits) if i not in known]
        known.update((row.doc_id, as_document(org, row)) for row in rows.get_documents(ids))
        kept = [hit for hit in hits if hit.doc_id in known and reader.may_read(known[hit.doc_id])]
        if len(kept) >= limit or len(hits) < depth or depth >= SEARCH_MOST:
            return kept
        depth = min(SEARCH_MOST, depth * 4)


def knowledge_lines(
    found: Sequence[tuple[Document, ChunkRow, str]],
) -> list[tuple[str, str]]:
    """Each chunk as a context line, with the detail an omission for it would name."""
    lines: list[tuple[str, str]] = []
    for document, chunk, text in found:
        label = document.id if document.source is None else f"{document.id} ({document.source})"
        lines.append((f"document {document.id} chunk {chunk.index}", f"- [{label}] {text}"))
    return lines


def left_out(detail: str) -> Omission:
    return Omission(reason="budget", detail=detail)
