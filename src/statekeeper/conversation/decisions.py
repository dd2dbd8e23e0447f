"""What reading a turn decides to change, as plain values: the one output of every reader.

A reader meets a turn with live state and returns these; only `apply` turns them into
writes. Each carries its reason, so a decision can be read, tested and logged before
anything is written. A value that was only said in an earlier turn and never became a fact
is named by `Earlier`: applying a decision about it first records it as said then, so that
its end (or its replacement) is kept and masks every mention of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pydantic import JsonValue

from statekeeper.model import Fact, Scope, Source, SourceType, Turn


def said_by(turn: Turn, authority: str) -> Source:
    """The provenance of a value a turn states: its speaker, at the turn's authority or,
    when it claims none, the principal's (`authority`)."""
    return Source(
        type=SourceType.CONVERSATION,
        turn_index=turn.index,
        authority=turn.authority or authority,
        speaker=turn.speaker,
    )


@dataclass(frozen=True)
class Earlier:
    """A value said in an earlier turn, not a fact yet: a decision may end or replace it."""

    key: str
    value: str
    source: Source
    at: datetime


@dataclass(frozen=True)
class Add:
    """A new fact. `implicit` lets it replace the live head of its key in its scope, as a
    plain write does; `replaces` names a fact (id or key) it corrects, while that fact is
    still current when applied (an extractor's proposal may name a stale one)."""

    key: str
    value: JsonValue
    source: Source
    at: datetime
    reason: str
    scope: Scope | None = None  # None: as the value's own words say
    scope_id: str | None = None
    implicit: bool = True
    replaces: str | None = None
    entity: str | None = None
    slot: str | None = None
    constraint_type: str | None = None


@dataclass(frozen=True)
class Replace:
    """X gives way to Y: a new version of `key` supersedes `old`."""

    old: Fact | Earlier
    key: str
    value: JsonValue
    source: Source
    at: datetime
    reason: str


@dataclass(frozen=True)
class Conflict:
    """Y contradicts X, and neither may settle it: both stand, and contexts show both."""

    old: Fact
    key: str
    value: JsonValue
    source: Source
    at: datetime
    reason: str


@dataclass(frozen=True)
class Retract:
    """X ends: in favour of the live fact `by`, or of nothing."""

    old: Fact | Earlier
    reason: str
    by: Fact | None = None


@dataclass(frozen=True)
class Restrict:
    """A value kept from every reader without `permissions` (said "for us only"). With
    `old`, the live fact the words restrict: a new version holds its value, restricted."""

    key: str
    value: JsonValue
    source: Source
    at: datetime
    reason: str
    permissions: frozenset[str]
    scope: Scope = Scope.GLOBAL
    scope_id: str | None = None
    old: Fact | None = None


Decision = Add | Replace | Conflict | Retract | Restrict
