"""Capability lessons in an export: one line per lesson, live or ended, and their import.

A line holds everything the lesson's row does: its capability, level, text, status, who
wrote it at what maturity, what consolidation made of it (`merged_into`, and for a
heuristic the events it came from, `sources`), and its place in the capability's order
(`seq`). Imported into an organization, the lessons keep their ids, so every pointer
between them still holds, and follow whatever the capability already had there.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Annotated, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from sqlalchemy import select

from statekeeper.capability.lessons import (
    CONSOLIDATION,
    DUPLICATE,
    MERGED,
    DuplicateLessonError,
    Level,
    Maturity,
)
from statekeeper.errors import InvalidInputError
from statekeeper.store.lessons import LIVE, LessonRow, capability_lessons
from statekeeper.store.sql import SqlUnitOfWork
from statekeeper.validation import Id, Name, Text, _name

LESSON_FORMAT: Final = "statekeeper.lesson/1"


def _naive_utc(moment: datetime) -> datetime:
    """Moments are stored in UTC without a zone; one given with a zone is converted."""
    return moment if moment.tzinfo is None else moment.astimezone(UTC).replace(tzinfo=None)


Moment = Annotated[datetime, AfterValidator(_naive_utc)]
# Who wrote a lesson: a name, or "" (consolidation, or a writer since erased).
Writer = Annotated[str, AfterValidator(lambda value: value and _name(value))]


class LessonLine(BaseModel):
    """One exported lesson."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["statekeeper.lesson/1"] = LESSON_FORMAT
    org: Name
    capability: Name
    seq: int = Field(ge=1)
    id: Id
    level: Level
    text: Text
    status: Literal["live", "merged", "duplicate", "pruned"] = "live"
    origin: Literal["agent", "consolidation"] = "agent"
    sources: tuple[Id, ...] = ()
    added_at: Moment
    added_by: Writer = ""
    maturity: Maturity | None = None
    merged_into: Id | None = None
    ended_at: Moment | None = None
    end_reason: Text | None = None

    @model_validator(mode="after")
    def _ended_as_its_status_says(self) -> LessonLine:
        ended = self.status != LIVE
        if ended != (self.ended_at is not None):
            raise ValueError(f"a {self.status} lesson {'needs' if ended else 'has no'} ended_at")
        pointed = self.status in (MERGED, DUPLICATE)
        if pointed != (self.merged_into is not None):
            raise ValueError(
                f"a {self.status} lesson {'names' if pointed else 'names no'} merged_into"
            )
        if self.sources and self.origin != CONSOLIDATION:
            raise ValueError("only a lesson consolidation wrote has sources")
        return self

    def row(self, seq: int) -> LessonRow:
        return LessonRow(
            lesson_id=self.id,
            capability=self.capability,
            seq=seq,
            level=self.level.value,
            text=self.text,
            status=self.status,
            origin=self.origin,
            sources=self.sources,
            added_at=self.added_at,
            added_by=self.added_by,
            maturity=None if self.maturity is None else self.maturity.value,
            merged_into=self.merged_into,
            ended_at=self.ended_at,
            end_reason=self.end_reason,
        )


def lesson_lines(uow: SqlUnitOfWork, org: str) -> Iterator[LessonLine]:
    """Every lesson of the organization, by capability, in each capability's order."""
    c = capability_lessons.c
    rows = uow.conn.execute(
        select(capability_lessons).where(c.org_id == org).order_by(c.capability, c.seq)
    ).mappings()
    for row in rows:
        yield LessonLine(
            org=org,
            capability=row["capability"],
            seq=row["seq"],
            id=row["lesson_id"],
            level=Level(row["level"]),
            text=row["text"],
            status=row["status"],
            origin=row["origin"],
            sources=tuple(json.loads(row["sources"])),
            added_at=row["added_at"],
            added_by=row["added_by"],
            maturity=row["maturity"],
            merged_into=row["merged_into"],
            ended_at=row["ended_at"],
            end_reason=row["end_reason"],
        )


def import_lessons(uow: SqlUnitOfWork, lines: Sequence[LessonLine], org: str) -> int:
    """Write lessons into `org` after whatever each capability holds there, in their
    order (lessons of several exported organizations one organization after the other);
    refuse (and write nothing of this import, the caller's transaction rolling back) an
    id the capability already holds, one named twice, two lessons in one place, or a
    pointer to a lesson that is nowhere."""
    by_capability: dict[str, list[LessonLine]] = {}
    for line in lines:
        by_capability.setdefault(line.capability, []).append(line)
    for capability, group in by_capability.items():
        ids = [line.id for line in group]
        if len(set(ids)) != len(ids):
            raise InvalidInputError("lessons", capability, "name a lesson twice")
        if len({(line.org, line.seq) for line in group}) != len(group):
            raise InvalidInputError("lessons", capability, "give two lessons one place (seq)")
        held = {row.lesson_id for row in uow.lesson_rows(capability, live_only=False)}
        taken = sorted(held & set(ids))
        if taken:
            raise DuplicateLessonError(capability, taken[0])
        _pointers_hold(group, held | set(ids))
        sources = list(dict.fromkeys(line.org for line in group))
        ordered = sorted(group, key=lambda line: (sources.index(line.org), line.seq))
        after = uow.next_lesson_seq(capability)
        for place, line in enumerate(ordered):
            uow.put_lesson(line.row(after + place))
    return len(lines)


def _pointers_hold(group: Sequence[LessonLine], known: set[str]) -> None:
    for line in group:
        for pointer in (line.merged_into, *line.sources):
            if pointer is not None and pointer not in known:
                raise InvalidInputError(
                    f"lesson {line.id!r}", pointer, "points to no lesson of its capability"
                )
