"""Export and import an organization's memory as JSON lines: backups, and moves between
SQLite and PostgreSQL.

One line per fact, in the organization's order of writes, with everything that makes its
chain: the fact with the specification's fields (supersedes, superseded_by, depends_on,
validity), its place in the order (`seq`) and, for a forgotten fact, its audit tombstone.
Then one line per capability lesson (`transfer_lessons.py`) and one per organizational
document (`transfer_documents.py`). Each line names its `format`. Importing the lines
into an empty organization gives the same facts, chains and order, the same lessons with
their levels and consolidation pointers, and the same documents with their access lists.
Conversation turns, working sets, task workspaces and embeddings (derived, and made again
by an engine with an embedder) are not exported.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import insert, select

from statekeeper.errors import DuplicateFactError, InvalidInputError, StoreError
from statekeeper.model import Fact
from statekeeper.store.base import Store, chunks
from statekeeper.store.schema import fact_tombstones, facts
from statekeeper.store.sql import SqlUnitOfWork
from statekeeper.store.transfer_documents import (
    DOCUMENT_FORMAT,
    DocumentLine,
    document_lines,
    import_documents,
)
from statekeeper.store.transfer_lessons import (
    LESSON_FORMAT,
    LessonLine,
    import_lessons,
    lesson_lines,
)
from statekeeper.validation import Name, as_input_error, check

FORMAT = "statekeeper.fact/1"


class Tombstone(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    forgotten_at: datetime
    forgotten_by: str


class Line(BaseModel):
    """One exported fact."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str = FORMAT
    seq: int
    fact: Fact
    tombstone: Tombstone | None = None


def _unit(uow: object) -> SqlUnitOfWork:
    if not isinstance(uow, SqlUnitOfWork):
        raise StoreError("export and import need a SQL store (SQLite or PostgreSQL)")
    return uow


def export_org(store: Store, org: str) -> Iterator[Exported]:
    """Everything of an organization that is exported, read in one transaction: its
    facts, live or dead, every user's, in write order; its lessons, by capability in
    each one's order; its documents, by id."""
    org = check(Name, org, "org")
    with store.read(org) as raw:
        uow = _unit(raw)
        yield from _fact_lines(uow, org)
        yield from lesson_lines(uow, org)
        yield from document_lines(uow, org)


def _fact_lines(uow: SqlUnitOfWork, org: str) -> Iterator[Line]:
    f, t = facts.c, fact_tombstones.c
    order = uow.conn.execute(select(f.fact_id, f.seq).where(f.org_id == org).order_by(f.seq)).all()
    stones = {
        row.fact_id: Tombstone(forgotten_at=row.forgotten_at, forgotten_by=row.forgotten_by)
        for row in uow.conn.execute(select(fact_tombstones).where(t.org_id == org))
    }
    for part in chunks(order):
        found = {fact.id: fact for fact in uow.get_facts([fact_id for fact_id, _ in part])}
        for fact_id, seq in part:
            yield Line(seq=seq, fact=found[fact_id], tombstone=stones.get(fact_id))


def dump(lines: Iterable[BaseModel]) -> Iterator[str]:
    for line in lines:
        yield line.model_dump_json() + "\n"


Exported = Line | LessonLine | DocumentLine
_MODELS: dict[str, type[Line] | type[LessonLine] | type[DocumentLine]] = {
    FORMAT: Line,
    LESSON_FORMAT: LessonLine,
    DOCUMENT_FORMAT: DocumentLine,
}


def parse(texts: Iterable[str]) -> list[Exported]:
    """Exported lines read back, blank lines skipped; InvalidInputError names the first bad
    line, so nothing is imported from a damaged file."""
    lines: list[Exported] = []
    for number, text in enumerate(texts, start=1):
        if not text.strip():
            continue
        try:
            found = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidInputError(f"line {number}", text[:60], f"is not JSON: {error}") from None
        if not isinstance(found, dict):
            raise InvalidInputError(f"line {number}", found, "is not a JSON object")
        kind = found.get("format", FORMAT)
        model = _MODELS.get(kind) if isinstance(kind, str) else None
        if model is None:
            raise InvalidInputError(f"line {number}.format", kind, f"is not one of {list(_MODELS)}")
        try:
            lines.append(model.model_validate(found))
        except ValidationError as failure:
            raise as_input_error(failure, f"line {number}") from None
    return lines


@dataclass(frozen=True)
class Imported:
    """How many of each were imported."""

    facts: int = 0
    lessons: int = 0
    documents: int = 0


def import_lines(store: Store, lines: Sequence[Exported], org: str | None = None) -> Imported:
    """Write exported lines into the store, each organization in one transaction; with
    `org`, all of them into that organization. A fact, lesson or document id already
    there raises DuplicateFactError, DuplicateLessonError or DuplicateDocumentError, and
    that organization's import writes nothing."""
    by_org: dict[str, list[Exported]] = {}
    for line in lines:
        own = line.fact.org if isinstance(line, Line) else line.org
        by_org.setdefault(check(Name, org if org is not None else own, "org"), []).append(line)
    done = Imported()
    for target, group in by_org.items():
        fact_lines = [line for line in group if isinstance(line, Line)]
        with store.write(target) as raw:
            uow = _unit(raw)
            _import_facts(uow, fact_lines, target)
            lessons = import_lessons(
                uow, [line for line in group if isinstance(line, LessonLine)], target
            )
            documents = import_documents(
                uow, [line for line in group if isinstance(line, DocumentLine)]
            )
        done = Imported(
            done.facts + len(fact_lines), done.lessons + lessons, done.documents + documents
        )
    return done


def _import_facts(uow: SqlUnitOfWork, group: Sequence[Line], target: str) -> None:
    if not group:
        return
    ids = [line.fact.id for line in group]
    if len(set(ids)) != len(ids):
        raise InvalidInputError("lines", ids, "name a fact twice")
    taken = uow.get_facts(ids)
    if taken:
        raise DuplicateFactError(taken[0].id)
    offset = uow.next_seq() - 1  # after what the organization already holds
    moved = [line.fact.model_copy(update={"org": target}) for line in group]
    uow.insert_facts([(fact, offset + line.seq) for fact, line in zip(moved, group, strict=True)])
    stones: list[dict[str, Any]] = [
        {
            "org_id": target,
            "fact_id": fact.id,
            "user_id": fact.user,
            "key": fact.key,
            "forgotten_at": line.tombstone.forgotten_at,
            "forgotten_by": line.tombstone.forgotten_by,
        }
        for fact, line in zip(moved, group, strict=True)
        if line.tombstone is not None
    ]
    if stones:
        uow.conn.execute(insert(fact_tombstones), stones)
