"""The /v1 routes: facts, keys' current values and histories, turns, contexts, tasks, and
the administration of API keys.

What a key's role allows:

- `user`: reads what its principal may read; writes, replaces and forgets only its own
  user memory; observes turns, assembles contexts and runs its tasks.
- `agent`: everything `user` may, and writes shared (organizational and capability)
  memory too: facts, lessons, consolidation, documents.
- `admin`: everything `agent` may, and creates, lists and revokes its organization's keys.

The engine's own checks still apply on top: authority, restrictions, scopes, a document's
readers, and the key's maturity in a capability (what lessons it may write there).
The capability and document routes are in `routes_memory.py`.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Response
from pydantic import JsonValue

from statekeeper.engine import Engine, Session
from statekeeper.errors import InvalidInputError, RoleError, UnknownFactError
from statekeeper.facts.classify import classify_memory
from statekeeper.horizons import State, autosave
from statekeeper.memory import Memory
from statekeeper.model import Context, Fact, MemoryType, Source, Turn
from statekeeper.server import keys
from statekeeper.server.app import engine_of, holder
from statekeeper.server.schemas import (
    BatchIn,
    Completed,
    CompleteIn,
    ContextIn,
    Current,
    ErrorOut,
    FactIn,
    KeyIn,
    NewKey,
    TaskIn,
    TaskOut,
    TurnIn,
    WorkspaceModel,
)
from statekeeper.validation import Name, check

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in (
        (401, "No key, or a key that is unknown or revoked."),
        (403, "The key's role or authority does not allow this."),
        (404, "Nothing of that name this key may see."),
        (422, "Bad input; nothing was written."),
    )
}

router = APIRouter(responses=ERRORS)
Holding = Annotated[keys.Holder, Depends(holder)]
Engined = Annotated[Engine, Depends(engine_of)]
TaskId = Annotated[str, Query(description="The task whose scope a session reads and writes.")]


def session_for(
    engine: Engine, who: keys.Holder, task_id: str = "default", capability: str | None = None
) -> Session:
    """The key's session in a task and, if named, a capability, at the key's maturity there
    (the request names the capability, never the maturity)."""
    if capability is None:
        return engine.session(who.principal, task_id=task_id)
    named = check(Name, capability, "capability")
    grade = who.maturity_in(named).value
    return engine.session(who.principal, task_id=task_id, capability=named, maturity=grade)


# -- what a user key may not do ------------------------------------------------------------


def _own_memory(session: Session, who: keys.Holder, item: FactIn) -> None:
    """A user key writes only its own user memory, and replaces none of the shared."""
    if who.role != "user":
        return
    source = Source(**item.source.model_dump(exclude_unset=True)) if item.source else Source()
    kind = item.memory_type or classify_memory(source)
    if kind is not MemoryType.USER or item.detect:
        raise RoleError(who.role, "write organizational or capability memory")
    replaced = [item.supersedes] if item.supersedes else []
    if item.implicit:
        replaced.append(item.key)
    for ref in replaced:
        try:
            fact = session.get(ref)
        except UnknownFactError:
            continue
        if fact.memory_type is not MemoryType.USER:
            raise RoleError(who.role, "replace organizational or capability memory")


def _admin(who: keys.Holder) -> None:
    if who.role != "admin":
        raise RoleError(who.role, "manage API keys")


# -- facts ----------------------------------------------------------------------------------


@router.post("/facts", status_code=201, tags=["facts"])
def write_fact(item: FactIn, who: Holding, engine: Engined, task_id: TaskId = "default") -> Fact:
    """Write a fact, as `Session.write`."""
    session = session_for(engine, who, task_id)
    arguments = item.arguments()
    _own_memory(session, who, item)
    return session.write(arguments.pop("key"), arguments.pop("value"), **arguments)


@router.post("/facts:batch", status_code=201, tags=["facts"])
def write_facts(
    batch: BatchIn, who: Holding, engine: Engined, task_id: TaskId = "default"
) -> list[Fact]:
    """Write many facts in one transaction, as `Session.write_many` (no `detect`)."""
    session = session_for(engine, who, task_id)
    items = [item.arguments() for item in batch.facts]
    for position, (item, arguments) in enumerate(zip(batch.facts, items, strict=True)):
        if "detect" in arguments:
            raise InvalidInputError(f"facts[{position}].detect", item.detect, "is not for batches")
        _own_memory(session, who, item)
    return session.write_many(items)


@router.get("/facts", tags=["facts"])
def list_facts(
    who: Holding,
    engine: Engined,
    task_id: TaskId = "default",
    key: Annotated[str | None, Query(description="Only the facts of this key.")] = None,
) -> list[Fact]:
    """The live facts this key may read in the task's scope, newest first."""
    found = session_for(engine, who, task_id).facts()
    return found if key is None else [f for f in found if f.key == key]


@router.get("/facts/{fact_id}", tags=["facts"])
def get_fact(fact_id: str, who: Holding, engine: Engined, task_id: TaskId = "default") -> Fact:
    """One fact by id, live or not, as this key may see it."""
    fact = session_for(engine, who, task_id).get(fact_id)
    if fact.id != fact_id:  # the reference named a key, not this fact
        raise UnknownFactError(fact_id)
    return fact


@router.delete("/facts/{fact_id}", status_code=204, tags=["facts"])
def forget_fact(
    fact_id: str, who: Holding, engine: Engined, task_id: TaskId = "default"
) -> Response:
    """Forget a fact: its content leaves everywhere it is carried; a tombstone stays."""
    session = session_for(engine, who, task_id)
    fact = get_fact(fact_id, who, engine, task_id)
    may_forget(who, fact)
    session.forget(fact.id)
    return Response(status_code=204)


def may_forget(who: keys.Holder, fact: Fact) -> None:
    """A user key forgets only its own user memory (RoleError otherwise)."""
    if who.role == "user" and fact.memory_type is not MemoryType.USER:
        raise RoleError(who.role, "forget organizational or capability memory")


@router.get("/keys/{key}/current", tags=["facts"])
def current(key: str, who: Holding, engine: Engined, task_id: TaskId = "default") -> Current:
    """The live value at the end of a key's supersession chain."""
    value: JsonValue = session_for(engine, who, task_id).current_value(key)
    return Current(key=key, value=value)


@router.get("/keys/{key}/history", tags=["facts"])
def history(key: str, who: Holding, engine: Engined, task_id: TaskId = "default") -> list[Fact]:
    """Every version of a key this key may see, oldest first, dead ones included."""
    return session_for(engine, who, task_id).history(key)


# -- a user's memory: theirs to see and delete, never to create -----------------------------


@router.get("/memories", tags=["memories"])
def memories(who: Holding, engine: Engined) -> list[Memory]:
    """The facts held about this key's user, with where each came from, newest first."""
    return session_for(engine, who).memories()


@router.delete("/memories/{fact_id}", status_code=204, tags=["memories"])
def delete_memory(fact_id: str, who: Holding, engine: Engined) -> Response:
    """Delete one of this key's user's memories everywhere it is carried; a tombstone stays.
    Shared knowledge and another user's memory are a 404, as a missing fact is."""
    session_for(engine, who).delete_memory(fact_id)
    return Response(status_code=204)


# -- conversation and contexts --------------------------------------------------------------


@router.post("/tasks/{task_id}/turns", status_code=201, tags=["conversation"])
def observe(task_id: str, turn: TurnIn, who: Holding, engine: Engined) -> Turn:
    """Take in a turn: it joins the task's recent turns, and what it changes becomes state."""
    return session_for(engine, who, task_id).observe(
        turn.speaker if turn.speaker is not None else who.principal.user,
        turn.text,
        timestamp=turn.timestamp,
        authority=turn.authority,
        assistant=turn.assistant,
    )


@router.post("/tasks/{task_id}/context", tags=["conversation"])
def context(task_id: str, ask: ContextIn, who: Holding, engine: Engined) -> Context:
    """A fresh context for a query within a token budget, with what was left out and why."""
    return session_for(engine, who, task_id, ask.capability).context(
        ask.query, budget=ask.budget, audience=ask.audience
    )


# -- the task lifecycle (horizons) ----------------------------------------------------------


async def _continued(engine: Engine, who: keys.Holder, task_id: str) -> State:
    return await State.continue_task(
        task_id, who.principal.user, org=who.principal.org, store=engine.store
    )


@router.post("/tasks", status_code=201, tags=["tasks"])
async def start_task(task: TaskIn, who: Holding, engine: Engined) -> TaskOut:
    """Start a task: load or create the user's profile, save a fresh workspace."""
    state = await State.start_task(
        task.query, who.principal.user, org=who.principal.org, store=engine.store
    )
    return TaskOut.of(state)


@router.post("/tasks/{task_id}/continue", tags=["tasks"])
async def continue_task(task_id: str, who: Holding, engine: Engined) -> TaskOut:
    """Continue a task: its profile and saved workspace."""
    return TaskOut.of(await _continued(engine, who, task_id))


@router.put("/tasks/{task_id}/workspace", tags=["tasks"])
async def save_workspace(
    task_id: str, workspace: WorkspaceModel, who: Holding, engine: Engined
) -> TaskOut:
    """Save the task's workspace (Horizon 2) as it stands now."""
    state = await _continued(engine, who, task_id)
    state.workspace = workspace.workspace()
    await asyncio.to_thread(autosave, state)
    return TaskOut.of(state)


@router.post("/tasks/{task_id}/complete", tags=["tasks"])
async def complete_task(
    task_id: str, who: Holding, engine: Engined, done: CompleteIn | None = None
) -> Completed:
    """Complete a task: its reusable facts become persistent, the rest is archived."""
    state = await _continued(engine, who, task_id)
    if done is not None and done.workspace is not None:
        state.workspace = done.workspace.workspace()
    await state.complete_task()
    return Completed(task_id=task_id)


# -- API keys (administrators) --------------------------------------------------------------


@router.post("/api-keys", status_code=201, tags=["api keys"])
def create_key(new: KeyIn, who: Holding, engine: Engined) -> NewKey:
    """Create a key for a user of this key's own organization."""
    _admin(who)
    token, record = keys.create_key(
        engine.store,
        who.principal.org,
        new.user,
        new.authority,
        new.role,
        new.permissions,
        maturity=new.maturity,
        ladder=engine.access.ladder,
        clock=engine.now,
    )
    fields = record.model_dump(include=set(NewKey.model_fields) - {"api_key"})
    return NewKey(api_key=token, **fields)


@router.get("/api-keys", tags=["api keys"])
def list_keys(who: Holding, engine: Engined) -> list[keys.KeyRecord]:
    """This organization's keys, revoked ones included; never their secrets."""
    _admin(who)
    return keys.list_keys(engine.store, who.principal.org)


@router.delete("/api-keys/{key_id}", tags=["api keys"])
def revoke_key(key_id: str, who: Holding, engine: Engined) -> keys.KeyRecord:
    """Revoke a key of this organization; it stops working at once."""
    _admin(who)
    return keys.revoke_key(engine.store, who.principal.org, key_id, clock=engine.now)
