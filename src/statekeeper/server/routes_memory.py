"""The /v1 routes of shared memory beyond facts: capability lessons and consolidation, and
the organization's documents.

Writing either is writing shared memory, so a `user` key may read lessons and the
documents its principal may read, but may not learn a lesson, consolidate, or add or
remove a document (403). What lessons an `agent` or `admin` key may write in a capability
is its maturity there, which the key carries (`statekeeper keys create --maturity
calendar=senior`; junior where not named): a lesson above it is a 403, as
`MaturityError`. Who may read a document is asked for every request, as for a context; a
document the key may not read is a 404, exactly as a missing one.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from statekeeper.capability import ConsolidationReport, Lesson
from statekeeper.errors import RoleError
from statekeeper.knowledge import Document, UnknownDocumentError
from statekeeper.server import keys
from statekeeper.server.routes import ERRORS, Engined, Holding, session_for
from statekeeper.server.schemas import ConsolidateIn, DocumentIn, LessonIn

router = APIRouter(responses=ERRORS)

Capability = Annotated[str, Path(description="The capability, e.g. calendar.")]
DocId = Annotated[str, Path(description="The document's id (it may hold slashes).")]


def shared_writer(who: keys.Holder, action: str) -> None:
    """Only `agent` and `admin` keys write shared memory (RoleError otherwise)."""
    if who.role == "user":
        raise RoleError(who.role, action)


# -- capability memory ----------------------------------------------------------------------


@router.post("/capabilities/{capability}/lessons", status_code=201, tags=["capabilities"])
def learn(capability: Capability, lesson: LessonIn, who: Holding, engine: Engined) -> Lesson:
    """Learn a lesson in a capability, as `Session.learn`, at the key's maturity there."""
    shared_writer(who, "write capability memory")
    return session_for(engine, who, capability=capability).learn(lesson.text, level=lesson.level)


@router.get("/capabilities/{capability}/lessons", tags=["capabilities"])
def lessons(
    capability: Capability,
    who: Holding,
    engine: Engined,
    level: Annotated[str | None, Query(description="event, heuristic or strategy")] = None,
    history: Annotated[bool, Query(description="Also the lessons consolidation ended.")] = False,
) -> list[Lesson]:
    """A capability's lessons: strategies, heuristics, then events, newest first in each."""
    return session_for(engine, who, capability=capability).lessons(level=level, history=history)


@router.post("/capabilities/{capability}/consolidate", tags=["capabilities"])
def consolidate(
    capability: Capability, who: Holding, engine: Engined, options: ConsolidateIn | None = None
) -> ConsolidationReport:
    """Cluster the capability's similar events into heuristics and retire duplicated and
    thin lessons (kept as history); idempotent."""
    shared_writer(who, "consolidate capability memory")
    given = options or ConsolidateIn()
    return engine.consolidate(
        org=who.principal.org,
        capability=capability,
        similarity=given.similarity,
        min_cluster=given.min_cluster,
    )


# -- organizational documents ---------------------------------------------------------------


@router.post("/documents", status_code=201, tags=["documents"])
def add_document(document: DocumentIn, who: Holding, engine: Engined) -> Document:
    """Store a document, chunked and indexed, as `Session.add_document`; one of the same
    id is replaced, if the key may read it."""
    shared_writer(who, "write organizational knowledge")
    return session_for(engine, who).add_document(
        document.id, document.text, source=document.source, acl=document.acl
    )


@router.get("/documents", tags=["documents"])
def documents(who: Holding, engine: Engined) -> list[Document]:
    """The organization's documents this key may read, by id (asked now)."""
    return session_for(engine, who).documents()


@router.get("/documents/{doc_id:path}", tags=["documents"])
def document(doc_id: DocId, who: Holding, engine: Engined) -> Document:
    """One document this key may read."""
    for found in session_for(engine, who).documents():
        if found.id == doc_id:
            return found
    raise UnknownDocumentError(doc_id)


@router.delete("/documents/{doc_id:path}", status_code=204, tags=["documents"])
def remove_document(doc_id: DocId, who: Holding, engine: Engined) -> Response:
    """Remove a document this key may read, with its chunks and their index entries."""
    shared_writer(who, "remove organizational knowledge")
    session_for(engine, who).remove_document(doc_id)
    return Response(status_code=204)
