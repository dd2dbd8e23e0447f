"""Capability memory: the table of lessons, and the rows a unit of work keeps.

A lesson belongs to one organization and one capability, the two partition keys that lead
its primary key and every index: every read and write names both, so one capability's
lessons never reach another's, and one organization's never another's (on PostgreSQL,
row-level security by organization holds that too). Lessons are append-only: a merged,
duplicated or pruned lesson stays as history, with its status, when and why it ended and
what it became; only its status and those pointers change in place.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection

# Not in schema.py's metadata: version 1 creates that metadata whole, and this table comes
# with version 10 (which adds its row-level security).
metadata = MetaData()

LIVE = "live"

capability_lessons = Table(
    "capability_lessons",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("capability", Text, nullable=False),
    Column("lesson_id", Text, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("level", Text, nullable=False),  # event, heuristic or strategy
    Column("text", Text, nullable=False),
    Column("status", Text, nullable=False),  # live, merged, duplicate or pruned
    Column("origin", Text, nullable=False),  # agent or consolidation
    Column("sources", Text, nullable=False),  # JSON list: the events a heuristic abstracts
    Column("added_at", DateTime, nullable=False),
    Column("added_by", Text, nullable=False),  # "" for consolidation, or once erased
    Column("maturity", Text),  # the writer's, in this capability
    Column("merged_into", Text),  # what a merged or duplicated lesson became
    Column("ended_at", DateTime),
    Column("end_reason", Text),
    PrimaryKeyConstraint("org_id", "capability", "lesson_id"),
    Index("ix_capability_lessons_status", "org_id", "capability", "status", "seq"),
)

LESSON_TABLES = ("capability_lessons",)


@dataclass(frozen=True)
class LessonRow:
    """A lesson as stored."""

    lesson_id: str
    capability: str
    seq: int
    level: str
    text: str
    status: str
    origin: str
    sources: tuple[str, ...]
    added_at: datetime
    added_by: str
    maturity: str | None = None
    merged_into: str | None = None
    ended_at: datetime | None = None
    end_reason: str | None = None


@dataclass(frozen=True)
class LessonEnd:
    """How one live lesson ends: its new status, what it became, when and why."""

    lesson_id: str
    status: str
    merged_into: str | None
    at: datetime
    reason: str


_L = capability_lessons.c
_COLUMNS = (
    _L.lesson_id,
    _L.capability,
    _L.seq,
    _L.level,
    _L.text,
    _L.status,
    _L.origin,
    _L.sources,
    _L.added_at,
    _L.added_by,
    _L.maturity,
    _L.merged_into,
    _L.ended_at,
    _L.end_reason,
)


def _row(found: Sequence[Any]) -> LessonRow:
    values = list(found)
    values[7] = tuple(json.loads(values[7]))
    return LessonRow(*values)


class LessonRows:
    """The capability memory methods of a SQL unit of work (mixed into it)."""

    conn: Connection
    org: str

    def next_lesson_seq(self, capability: str) -> int:
        """The next number in one capability's order of lessons."""
        last = self.conn.execute(
            select(func.max(_L.seq)).where(_L.org_id == self.org, _L.capability == capability)
        ).scalar_one()
        return 1 if last is None else int(last) + 1

    def put_lesson(self, lesson: LessonRow) -> None:
        self.conn.execute(
            insert(capability_lessons).values(
                org_id=self.org,
                capability=lesson.capability,
                lesson_id=lesson.lesson_id,
                seq=lesson.seq,
                level=lesson.level,
                text=lesson.text,
                status=lesson.status,
                origin=lesson.origin,
                sources=json.dumps(list(lesson.sources)),
                added_at=lesson.added_at,
                added_by=lesson.added_by,
                maturity=lesson.maturity,
                merged_into=lesson.merged_into,
                ended_at=lesson.ended_at,
                end_reason=lesson.end_reason,
            )
        )

    def lesson_rows(self, capability: str, live_only: bool = True) -> list[LessonRow]:
        """One capability's lessons in the order they were written: the live ones, or
        every one ever written."""
        where = [_L.org_id == self.org, _L.capability == capability]
        if live_only:
            where.append(_L.status == LIVE)
        rows = self.conn.execute(select(*_COLUMNS).where(*where).order_by(_L.seq))
        return [_row(r) for r in rows]

    def end_lessons(self, capability: str, ends: Sequence[LessonEnd]) -> int:
        """End live lessons of one capability; how many were live and ended."""
        done = 0
        for end in ends:
            result = self.conn.execute(
                update(capability_lessons)
                .where(
                    _L.org_id == self.org,
                    _L.capability == capability,
                    _L.lesson_id == end.lesson_id,
                    _L.status == LIVE,
                )
                .values(
                    status=end.status,
                    merged_into=end.merged_into,
                    ended_at=end.at,
                    end_reason=end.reason,
                )
            )
            done += int(result.rowcount)
        return done

    def erase_lesson_author(self, user: str) -> None:
        """Lessons are the organization's and stay when their writer is erased; the
        writer's id leaves them."""
        self.conn.execute(
            update(capability_lessons)
            .where(_L.org_id == self.org, _L.added_by == user)
            .values(added_by="")
        )
