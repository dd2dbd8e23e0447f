"""Organizational documents in an export: one line per document, and their import.

A line holds the document's id, source, access list, who added it and when, and its whole
text. Its chunks are cut again from the text on import, as they were when it was added.
Their vectors are not exported: an engine with an embedder embeds imported chunks when it
first uses the organization, or at `Session.backfill_embeddings`. An import never replaces
a document that is already there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from statekeeper.errors import InvalidInputError
from statekeeper.knowledge.access import DuplicateDocumentError, acl_entry
from statekeeper.knowledge.chunking import chunk_text
from statekeeper.knowledge.library import DocumentText
from statekeeper.store.documents import DocumentRow
from statekeeper.store.sql import SqlUnitOfWork
from statekeeper.store.transfer_lessons import Moment
from statekeeper.validation import Id, Name

DOCUMENT_FORMAT: Final = "statekeeper.document/1"


def _acl(entries: tuple[str, ...] | None) -> tuple[str, ...] | None:
    if entries is None:
        return None
    checked = sorted({acl_entry(entry, f"acl[{n}]") for n, entry in enumerate(entries)})
    if not checked:
        raise ValueError("names nobody: list who may read it, or null for everyone")
    return tuple(checked)


Acl = Annotated[tuple[str, ...] | None, AfterValidator(_acl)]


class DocumentLine(BaseModel):
    """One exported document."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["statekeeper.document/1"] = DOCUMENT_FORMAT
    org: Name
    id: Id
    source: Name | None = None
    acl: Acl = None
    chunks: int = Field(ge=1)  # as exported; the import cuts them again from the text
    added_at: Moment
    added_by: Name
    text: DocumentText


def document_lines(uow: SqlUnitOfWork, org: str) -> Iterator[DocumentLine]:
    """Every document of the organization, by id, with its text."""
    for row in uow.list_documents():
        text = uow.document_text(row.doc_id)
        if text is None:  # removed since it was listed, in no transaction of ours
            continue
        yield DocumentLine(
            org=org,
            id=row.doc_id,
            source=row.source,
            acl=row.acl,
            chunks=row.chunk_count,
            added_at=row.added_at,
            added_by=row.added_by,
            text=text,
        )


def import_documents(uow: SqlUnitOfWork, lines: Sequence[DocumentLine]) -> int:
    """Write documents into the unit's organization, chunked as `add_document` does;
    DuplicateDocumentError for an id already there (the caller's transaction then writes
    nothing), InvalidInputError for one named twice."""
    ids = [line.id for line in lines]
    if len(set(ids)) != len(ids):
        raise InvalidInputError("documents", ids, "name a document twice")
    taken = sorted(row.doc_id for row in uow.get_documents(ids))
    if taken:
        raise DuplicateDocumentError(taken[0])
    for line in lines:
        pieces = chunk_text(line.text)
        row = DocumentRow(line.id, line.source, line.acl, len(pieces), line.added_at, line.added_by)
        uow.put_document(row, line.text, pieces)
    return len(lines)
