"""User memory under its user's control, and the promotion of a finished task's facts.

The engine writes a user's memory: from what they say (a turn's statements become facts)
and from the tasks they complete (a workspace's reusable facts are promoted). The user
cannot write it by hand, but can see all of it, with where each memory came from, and
delete any of it: a deleted memory's content leaves the facts, every turn that carried it
and the recall index, and an audit tombstone stays (`Session.forget`). A user's memory is
theirs alone: no other user of the organization lists, reads or deletes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from statekeeper.errors import AuthorityError, ClaimedAuthorityError
from statekeeper.model import (
    Fact,
    Frozen,
    MemoryType,
    Principal,
    Scope,
    Source,
    SourceType,
    Turn,
)
from statekeeper.store.base import MemoryUnit, UnitOfWork

if TYPE_CHECKING:
    from statekeeper.store import Store

CONVERSATION = "conversation"  # read from one of the user's turns
TASK = "task"  # promoted from one of the user's tasks when it was completed
WRITE = "write"  # written through the API by the application
COMPLETION_ORIGIN = "task_completion"


class Memory(Frozen):
    """A fact the engine holds about its user, with where it came from: `origin` is
    "conversation", "task" or "write"; `task_id` the task it was said in or promoted from,
    when known; `turn` the turn it was read from, as the transcript keeps it."""

    fact: Fact
    origin: str
    task_id: str | None = None
    turn: Turn | None = None


def own_memory(fact: Fact, principal: Principal) -> bool:
    """Whether a fact is the principal's own user memory (never shared knowledge, never
    another user's)."""
    return (
        fact.org == principal.org
        and fact.user == principal.user
        and fact.memory_type == MemoryType.USER
        and not fact.forgotten
    )


def with_provenance(uow: UnitOfWork, user: str, facts: Sequence[Fact]) -> list[Memory]:
    """Each fact as a memory, with the turn it was read from when the transcript has it."""
    said: dict[tuple[int, datetime], list[tuple[str, Turn]]] = {}
    heard = [
        (f.source.turn_index, f.timestamp)
        for f in facts
        if f.source.type == SourceType.CONVERSATION and f.source.turn_index is not None
    ]
    if heard and isinstance(uow, MemoryUnit):
        for archived in uow.turns_said_at(user, heard):
            moment = (archived.turn.index, archived.turn.timestamp)
            said.setdefault(moment, []).append((archived.task_id, archived.turn))
    memories: list[Memory] = []
    for fact in facts:
        source = fact.source
        if source.type == SourceType.CONVERSATION:
            found = (
                said.get((source.turn_index, fact.timestamp), [])
                if source.turn_index is not None
                else []
            )
            spoken = [
                (task, turn) for task, turn in found if turn.speaker == source.speaker
            ] or found
            task, turn = spoken[0] if len(spoken) == 1 else (None, None)
            memories.append(Memory(fact=fact, origin=CONVERSATION, task_id=task, turn=turn))
        elif source.origin == COMPLETION_ORIGIN:
            memories.append(Memory(fact=fact, origin=TASK, task_id=source.task_id))
        else:
            memories.append(Memory(fact=fact, origin=WRITE))
    return memories


def promote(
    uow: UnitOfWork,
    store: Store,
    principal: Principal,
    task_id: str,
    reusable: Sequence[tuple[str, Any]],
    fact_id: Any,
    at: datetime,
) -> tuple[list[Fact], list[tuple[str, Any]]]:
    """Write a completed task's reusable facts as the user's global memory, inside the
    completion's transaction, through the commit path every write takes: the same
    validation, authority and temporal rules as `Session.write`. A value already live is
    not written again. What the authority rules refuse (a higher authority's fact holds the
    key) is returned as refused, for the caller to archive with the rest of the task; any
    other refusal fails the completion. `fact_id(task_id, key)` names each promoted fact."""
    from statekeeper.engine import _WRITE_DEFAULTS, Engine, as_utc

    session = Engine(store=store).session(principal, task_id=task_id)
    source = Source(type=SourceType.SYSTEM, origin=COMPLETION_ORIGIN, task_id=task_id)
    now = as_utc(at)
    promoted: list[Fact] = []
    refused: list[tuple[str, Any]] = []
    for key, value in reusable:
        args = {
            **_WRITE_DEFAULTS,
            "key": key,
            "value": value,
            "id": fact_id(task_id, key),
            "source": source,
            "timestamp": now,
            "memory_type": MemoryType.USER,
            "scope": Scope.GLOBAL,
        }
        try:
            result = session._commit(uow, args, now)
        except ClaimedAuthorityError:
            raise
        except AuthorityError:
            refused.append((key, value))
            continue
        if result.created:
            promoted.append(result.fact)
    return promoted, refused
