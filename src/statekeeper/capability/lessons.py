"""Lessons of one capability: the three levels, the maturity that may write each, and the
lines a context shows.

An agent learns at three levels of abstraction: events (one observation: "the client said
the invite came too late"), heuristics (a pattern of events: "send invites a week ahead")
and strategies (a playbook: "for board meetings, book the room before the agenda"). Its
maturity in the capability gates what it may write: a junior writes events, a senior
events and heuristics, a master all three. Maturity is per capability: a session names
both, and an agent may be a master at calendars and a junior at contracts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from datetime import datetime
from enum import StrEnum

from statekeeper.context.ranking import Bm25Index
from statekeeper.errors import AuthorityError, InvalidInputError, StatekeeperError
from statekeeper.model import Frozen
from statekeeper.store.base import LessonUnit, UnitOfWork
from statekeeper.store.lessons import LIVE, LessonRow

AGENT = "agent"  # written through a session
CONSOLIDATION = "consolidation"  # written by consolidating events
MERGED = "merged"  # an event folded into a heuristic
DUPLICATE = "duplicate"  # a lesson that said again what an earlier one says
PRUNED = "pruned"  # a lesson too thin to teach anything
STATUSES = (LIVE, MERGED, DUPLICATE, PRUNED)

EVENTS_IN_CONTEXT = 20  # the most relevant events a context considers


class Level(StrEnum):
    """How abstract a lesson is."""

    EVENT = "event"
    HEURISTIC = "heuristic"
    STRATEGY = "strategy"


class Maturity(StrEnum):
    """How far an agent has come in one capability."""

    JUNIOR = "junior"
    SENIOR = "senior"
    MASTER = "master"


# What each maturity may write, from the most concrete up.
WRITES: dict[Maturity, tuple[Level, ...]] = {
    Maturity.JUNIOR: (Level.EVENT,),
    Maturity.SENIOR: (Level.EVENT, Level.HEURISTIC),
    Maturity.MASTER: (Level.EVENT, Level.HEURISTIC, Level.STRATEGY),
}


class Lesson(Frozen):
    """One lesson of an organization's capability. `status` is "live" while it teaches;
    a lesson consolidation ended stays as history: "merged" into the heuristic
    `merged_into`, a "duplicate" of the lesson `merged_into`, or "pruned" as too thin.
    `sources` are the events a heuristic was abstracted from."""

    id: str
    org: str
    capability: str
    level: Level
    text: str
    status: str = LIVE
    origin: str = AGENT
    sources: tuple[str, ...] = ()
    added_at: datetime
    added_by: str = ""
    maturity: Maturity | None = None
    merged_into: str | None = None
    ended_at: datetime | None = None
    end_reason: str | None = None

    @property
    def live(self) -> bool:
        return self.status == LIVE


class MaturityError(AuthorityError):
    """A lesson above what the agent's maturity in its capability may write."""

    def __init__(self, maturity: str, level: str, capability: str) -> None:
        self.writer = maturity
        self.holder = level
        self.fact_id = ""
        self.maturity = maturity
        self.level = level
        self.capability = capability
        allowed = ", ".join(WRITES[Maturity(maturity)])
        StatekeeperError.__init__(
            self,
            f"a {maturity} agent may not write a {level} in capability {capability!r} "
            f"(it may write: {allowed})",
        )


class DuplicateLessonError(StatekeeperError):
    """An imported lesson whose id its capability already holds in the organization: an
    import never replaces what is there."""

    def __init__(self, capability: str, lesson_id: str) -> None:
        self.capability = capability
        self.lesson_id = lesson_id
        super().__init__(f"capability {capability!r} already holds a lesson {lesson_id!r}")


def maturity_of(value: object) -> Maturity:
    if isinstance(value, str) and value.strip().lower() in Maturity._value2member_map_:
        return Maturity(value.strip().lower())
    raise InvalidInputError("maturity", value, f"must be one of {[m.value for m in Maturity]}")


def level_of(value: object, field: str = "level") -> Level:
    if isinstance(value, str) and value.strip().lower() in Level._value2member_map_:
        return Level(value.strip().lower())
    raise InvalidInputError(field, value, f"must be one of {[v.value for v in Level]}")


def may_write(maturity: Maturity, level: Level) -> bool:
    return level in WRITES[maturity]


def lesson_id(org: str, capability: str, level: str, text: str, at: datetime, seq: int) -> str:
    """Deterministic: the same lessons on a fresh store get the same ids."""
    digest = hashlib.blake2b(
        f"{org}\x1f{capability}\x1f{level}\x1f{text}\x1f{at.isoformat()}\x1f{seq}".encode(),
        digest_size=4,
    ).hexdigest()
    return f"l-{seq:08x}-{digest}"


def units(uow: UnitOfWork) -> LessonUnit:
    """The unit of work's lesson rows, or an error for a store that keeps none."""
    from statekeeper.errors import StoreError

    if not isinstance(uow, LessonUnit):
        raise StoreError(f"this store ({type(uow).__name__}) keeps no capability memory")
    return uow


def as_lesson(org: str, row: LessonRow) -> Lesson:
    return Lesson(
        id=row.lesson_id,
        org=org,
        capability=row.capability,
        level=Level(row.level),
        text=row.text,
        status=row.status,
        origin=row.origin,
        sources=row.sources,
        added_at=row.added_at,
        added_by=row.added_by,
        maturity=None if row.maturity is None else Maturity(row.maturity),
        merged_into=row.merged_into,
        ended_at=row.ended_at,
        end_reason=row.end_reason,
    )


def add_lesson(
    uow: UnitOfWork,
    org: str,
    capability: str,
    level: Level,
    text: str,
    at: datetime,
    *,
    added_by: str = "",
    maturity: Maturity | None = None,
    origin: str = AGENT,
    sources: Sequence[str] = (),
) -> Lesson:
    """Write one live lesson (the caller has checked who may)."""
    rows = units(uow)
    seq = rows.next_lesson_seq(capability)
    row = LessonRow(
        lesson_id=lesson_id(org, capability, level.value, text, at, seq),
        capability=capability,
        seq=seq,
        level=level.value,
        text=text,
        status=LIVE,
        origin=origin,
        sources=tuple(sources),
        added_at=at,
        added_by=added_by,
        maturity=None if maturity is None else maturity.value,
    )
    rows.put_lesson(row)
    return as_lesson(org, row)


_ORDER = {Level.STRATEGY: 0, Level.HEURISTIC: 1, Level.EVENT: 2}


def listed(
    uow: UnitOfWork, org: str, capability: str, level: Level | None, history: bool
) -> list[Lesson]:
    """A capability's lessons, strategies first, then heuristics, then events, the newest
    first within each; with `history`, ended ones too."""
    rows = units(uow).lesson_rows(capability, live_only=not history)
    found = [as_lesson(org, r) for r in reversed(rows)]
    if level is not None:
        found = [lesson for lesson in found if lesson.level == level]
    return sorted(found, key=lambda lesson: _ORDER[lesson.level])


def lesson_lines(
    uow: UnitOfWork, org: str, capability: str, query: str, clean: Callable[[str], str]
) -> list[tuple[str, str]]:
    """A context's capability memory, in the order it should be kept when the budget is
    short: the strategies, then the heuristics (those the query speaks of first, then the
    newest), then the events that match the query best. Each is (omission detail, line),
    its text through the context's hygiene."""
    if not isinstance(uow, LessonUnit):
        return []
    live = [as_lesson(org, r) for r in uow.lesson_rows(capability)]
    if not live:
        return []
    index = Bm25Index()
    for position, lesson in enumerate(live):
        index.add(position, lesson.text)
    ranked = index.top(query, len(live))
    rank = {position: n for n, position in enumerate(ranked)}
    newest = len(live)

    def order(position: int) -> tuple[int, int]:
        return (rank.get(position, newest), -position)

    lines: list[tuple[str, str]] = []
    for level in (Level.STRATEGY, Level.HEURISTIC):
        for position in sorted(
            (p for p, lesson in enumerate(live) if lesson.level == level), key=order
        ):
            lesson = live[position]
            lines.append((f"{level.value} {lesson.id}", f"- [{level.value}] {clean(lesson.text)}"))
    events = [p for p in ranked if live[p].level == Level.EVENT][:EVENTS_IN_CONTEXT]
    for position in events:
        lesson = live[position]
        day = f"{lesson.added_at:%Y-%m-%d}"
        lines.append((f"event {lesson.id}", f"- [event {day}] {clean(lesson.text)}"))
    return lines
