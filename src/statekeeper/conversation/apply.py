"""The one place where decisions become writes.

Readers only decide; this applies their decisions in order, through the writer's own
checks of scope, authority and supersession. A decision about a value only said earlier
first records that value as said then, so that its end is kept in its history.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from pydantic import JsonValue

from statekeeper.conversation.decisions import (
    Add,
    Conflict,
    Decision,
    Earlier,
    Replace,
    Restrict,
    Retract,
)
from statekeeper.errors import StatekeeperError
from statekeeper.model import ConstraintType, Fact, Scope, Source


class Writer(Protocol):
    """What applying needs of a session: its checked write and retire."""

    def write(
        self,
        key: str,
        value: JsonValue,
        *,
        supersedes: str | None = None,
        source: Source | None = None,
        timestamp: datetime | None = None,
        scope: Scope | str | None = None,
        scope_id: str | None = None,
        constraint_type: ConstraintType | str | None = None,
        required_permissions: Iterable[str] = (),
        entity: str | None = None,
        slot: str | None = None,
        implicit: bool = True,
        overrule: bool = False,
    ) -> Fact: ...

    def retire(self, loser: str, winner: str | None, reason: str) -> None: ...

    def is_current(self, ref: str) -> bool: ...


def apply(writer: Writer, decisions: Sequence[Decision], *, lenient: bool = False) -> list[Fact]:
    """Apply decisions in order; the facts written, in order. With `lenient`, a decision
    the writer refuses (an extractor's proposal the engine's rules reject) is skipped."""
    written: list[Fact] = []
    for decision in decisions:
        replaces = None
        if isinstance(decision, Add) and decision.replaces:
            # Asked before the write, outside its leniency: a malformed name is no proposal.
            replaces = decision.replaces if writer.is_current(decision.replaces) else None
        try:
            written += _applied(writer, decision, replaces)
        except StatekeeperError:
            if not lenient:
                raise
    return written


def _applied(writer: Writer, decision: Decision, replaces: str | None) -> list[Fact]:
    if isinstance(decision, Retract):
        if isinstance(decision.old, Earlier):
            ended = _record(writer, decision.old, implicit=False)
            writer.retire(ended.id, None, decision.reason)
            return [ended]
        winner = decision.by.id if decision.by is not None else None
        writer.retire(decision.old.id, winner, decision.reason)
        return []
    if isinstance(decision, (Replace, Conflict)):
        # A replacement supersedes the old value (an earlier statement recorded first, as
        # said); a conflict stands beside it.
        replaced = None
        if isinstance(decision, Replace):
            old = decision.old
            replaced = _record(writer, old, implicit=True) if isinstance(old, Earlier) else old
        return [
            writer.write(
                decision.key,
                decision.value,
                supersedes=replaced.id if replaced is not None else None,
                timestamp=decision.at,
                source=decision.source,
                implicit=replaced is not None,
                overrule=True,
            )
        ]
    if isinstance(decision, Restrict):
        kept = decision.old  # a live fact restricted keeps what it is
        return [
            writer.write(
                decision.key,
                decision.value,
                supersedes=kept.id if kept is not None else None,
                constraint_type=kept.constraint_type if kept is not None else None,
                entity=kept.entity if kept is not None else None,
                slot=kept.slot if kept is not None else None,
                timestamp=decision.at,
                source=decision.source,
                scope=decision.scope,
                scope_id=decision.scope_id,
                required_permissions=sorted(decision.permissions),
                implicit=False,
                overrule=True,
            )
        ]
    return [_added(writer, decision, replaces)]


def _added(writer: Writer, add: Add, replaces: str | None) -> Fact:
    return writer.write(
        add.key,
        add.value,
        supersedes=replaces,
        timestamp=add.at,
        source=add.source,
        scope=add.scope,
        scope_id=add.scope_id,
        entity=add.entity,
        slot=add.slot,
        constraint_type=add.constraint_type,
        implicit=add.implicit,
        overrule=True,
    )


def _record(writer: Writer, said: Earlier, *, implicit: bool) -> Fact:
    return writer.write(
        said.key,
        said.value,
        timestamp=said.at,
        source=said.source,
        implicit=implicit,
        overrule=True,
    )
