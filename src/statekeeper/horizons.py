"""The Cogency State Architecture v2.1: three horizons and an explicit task lifecycle.

Horizon 1, the `UserProfile`, is permanent (Identity & Role and the user's memory). Horizon 2,
the `Workspace`, is the Active Working Set of one task: saved while the task runs, and on
completion its reusable facts are promoted to Persistent Facts, the rest is archived to the
transcript and the row is deleted. Horizon 3, the `ExecutionState`, lives in memory only;
nothing here can write it.

The dataclasses match the specification field for field. Everything that touches the
database runs in one transaction per call, in a worker thread for the async lifecycle.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import uuid4

from pydantic import BaseModel, ConfigDict, ValidationError

from statekeeper import memory
from statekeeper.access import AuthorityLadder
from statekeeper.errors import (
    InvalidInputError,
    StatekeeperError,
    StoreError,
)
from statekeeper.model import (
    Fact,
    Principal,
    value_text,
)
from statekeeper.store import Store, open_store
from statekeeper.store.base import UnitOfWork
from statekeeper.store.horizons import HorizonStore, TranscriptEntry
from statekeeper.validation import Id, Json, Text, as_input_error, check

DEFAULT_URL = "statekeeper.db"
URL_VARIABLE = "STATEKEEPER_URL"
COMPLETION_ORIGIN = memory.COMPLETION_ORIGIN


class TaskNotFoundError(StatekeeperError, LookupError):
    """No such task for this user in this organization.

    The message is the same whether the task is missing or belongs to someone else, so it
    reveals nothing about other users' tasks.
    """

    def __init__(self, task_id: str, user_id: str, org: str) -> None:
        self.task_id = task_id
        self.user_id = user_id
        self.org = org
        super().__init__(f"no task {task_id!r} for user {user_id!r} in organization {org!r}")


# -- the specification's dataclasses ------------------------------------------------------


@dataclass
class UserProfile:
    """Permanent user context - Horizon 1"""

    user_id: str
    preferences: dict[str, Any] = field(default_factory=dict)
    goals: list[str] = field(default_factory=list)
    expertise_areas: list[str] = field(default_factory=list)
    communication_style: str = ""
    projects: dict[str, str] = field(default_factory=dict)
    created_at: datetime = field(default_factory=datetime.now)
    last_updated: datetime = field(default_factory=datetime.now)


@dataclass
class Workspace:
    """Task-scoped working memory - Horizon 2"""

    objective: str = ""
    assessment: str = ""
    approach: str = ""
    observations: list[str] = field(default_factory=list)
    insights: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    thoughts: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class ExecutionState:
    """Runtime-only mechanics - Horizon 3"""

    iteration: int = 0
    max_iterations: int = 10
    mode: str = "adapt"
    stop_reason: str | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    response: str | None = None
    pending_calls: list[dict[str, Any]] = field(default_factory=list)
    completed_calls: list[dict[str, Any]] = field(default_factory=list)
    iterations_without_tools: int = 0


@dataclass
class State:
    """Complete agent state with three horizons"""

    # Identity
    query: str
    user_id: str = "default"
    task_id: str = field(default_factory=lambda: str(uuid4()))

    # Three horizons (the specification's implicit-Optional `X = None`, spelled out)
    profile: UserProfile | None = None  # Horizon 1 - Permanent
    workspace: Workspace | None = None  # Horizon 2 - Task-scoped
    execution: ExecutionState | None = None  # Horizon 3 - Runtime-only

    # Where the state lives: the organization partition and the store (not in the spec).
    org: str = field(default="default", kw_only=True)
    store: Store | None = field(default=None, kw_only=True, repr=False, compare=False)
    # The user's authority, which promotion on completion writes with (not in the spec).
    authority: str = field(default="peer", kw_only=True)
    # The profile as last loaded or saved, so an unchanged profile is not written back
    # over another task's newer save.
    _profile_saved: str | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    async def start_task(
        cls,
        query: str,
        user_id: str = "default",
        *,
        org: str = "default",
        store: Store | None = None,
        authority: str = "peer",
    ) -> State:
        """Load or create the profile, save a fresh workspace, start a fresh execution.
        `authority` is the user's, which the task's facts are promoted with."""
        state = await asyncio.to_thread(cls._start, query, user_id, org, store, authority)
        return state

    @classmethod
    async def continue_task(
        cls,
        task_id: str,
        user_id: str = "default",
        *,
        org: str = "default",
        store: Store | None = None,
        authority: str = "peer",
    ) -> State:
        """Load the profile and the task's saved workspace; the execution starts fresh."""
        return await asyncio.to_thread(cls._continue, task_id, user_id, org, store, authority)

    async def complete_task(self) -> None:
        """Save the profile, promote reusable facts, archive the rest, delete the workspace."""
        await asyncio.to_thread(self._complete)

    # -- blocking halves, run in a worker thread --------------------------------------

    @classmethod
    def _start(
        cls, query: str, user_id: str, org: str, store: Store | None, authority: str = "peer"
    ) -> State:
        check(Text, query, "query")
        check(Id, user_id, "user_id")
        check(Id, org, "org")
        _check_authority(authority)
        store = store or default_store()
        state = cls(query=query, user_id=user_id, org=org, store=store, authority=authority)
        workspace = Workspace(objective=query)
        now = _now()
        with store.write(org) as uow:
            rows = HorizonStore(uow)
            found = rows.load_user_profile(user_id)
            if found is None:
                profile = UserProfile(user_id=user_id)
                rows.save_user_profile(user_id, profile_to_json(profile), now)
            else:
                profile = profile_from_json(found, user_id)
            saved = rows.save_task_workspace(
                state.task_id, user_id, workspace_to_json(workspace), now
            )
            if not saved:
                raise TaskNotFoundError(state.task_id, user_id, org)
        state.profile, state.workspace, state.execution = profile, workspace, ExecutionState()
        state._profile_saved = profile_to_json(profile)
        return state

    @classmethod
    def _continue(
        cls, task_id: str, user_id: str, org: str, store: Store | None, authority: str = "peer"
    ) -> State:
        check(Id, task_id, "task_id")
        check(Id, user_id, "user_id")
        check(Id, org, "org")
        _check_authority(authority)
        store = store or default_store()
        with store.read(org) as uow:
            rows = HorizonStore(uow)
            workspace_data = rows.load_task_workspace(task_id, user_id)
            profile_data = rows.load_user_profile(user_id)
        if workspace_data is None or profile_data is None:
            raise TaskNotFoundError(task_id, user_id, org)
        workspace = workspace_from_json(workspace_data)
        profile = profile_from_json(profile_data, user_id)
        state = cls(
            query=workspace.objective,
            user_id=user_id,
            task_id=task_id,
            profile=profile,
            workspace=workspace,
            execution=ExecutionState(),
            org=org,
            store=store,
            authority=authority,
        )
        state._profile_saved = profile_to_json(profile)
        return state

    def _complete(self) -> None:
        profile, workspace = _horizons(self)
        profile_data = profile_to_json(profile)
        workspace_to_json(workspace)  # validates before anything is written
        principal = _check_authority(self.authority, self.org, self.user_id)
        now = _now()
        store = _store_of(self)
        with store.write(self.org) as uow:
            rows = HorizonStore(uow)
            if rows.load_task_workspace(self.task_id, self.user_id) is None:
                raise TaskNotFoundError(self.task_id, self.user_id, self.org)
            if profile_data != self._profile_saved:
                rows.save_user_profile(self.user_id, profile_data, now)
            _, refused = memory.promote(
                uow, store, principal, self.task_id, _reusable(workspace), promoted_fact_id, now
            )
            left = _leftovers(uow, rows, self, workspace, now)
            left += [
                TranscriptEntry("workspace.fact", f"{key}: {value_text(value)}", now)
                for key, value in refused
            ]
            rows.archive(self.user_id, self.task_id, left)
            rows.delete_task_workspace(self.task_id, self.user_id)
            uow.clear_task(self.user_id, self.task_id)
        self._profile_saved = profile_data
        self.workspace = None  # the task is over; a later autosave cannot resurrect it
        self.execution = None  # discarded, never persisted


# -- persistence ----------------------------------------------------------------------------


def autosave(state: State) -> None:
    """Save the profile and the workspace in one transaction; ExecutionState is never saved.

    The profile is written only when it changed since it was loaded or last saved, so a task
    that did not touch it cannot overwrite another task's newer profile.
    """
    profile, workspace = _horizons(state)
    profile_data = profile_to_json(profile)
    workspace_data = workspace_to_json(workspace)
    now = _now()
    with _store_of(state).write(state.org) as uow:
        rows = HorizonStore(uow)
        if profile_data != state._profile_saved or rows.load_user_profile(state.user_id) is None:
            rows.save_user_profile(state.user_id, profile_data, now)
        if not rows.save_task_workspace(state.task_id, state.user_id, workspace_data, now):
            raise TaskNotFoundError(state.task_id, state.user_id, state.org)
    state._profile_saved = profile_data


def save_user_profile(
    user_id: str, profile: UserProfile, *, org: str = "default", store: Store | None = None
) -> None:
    """Insert or replace one user's profile."""
    check(Id, user_id, "user_id")
    check(Id, org, "org")
    _check_owner(user_id, profile)
    data = profile_to_json(profile)
    with (store or default_store()).write(org) as uow:
        HorizonStore(uow).save_user_profile(user_id, data, _now())


def load_user_profile(
    user_id: str, *, org: str = "default", store: Store | None = None
) -> UserProfile | None:
    """The user's saved profile, or None for a user never seen."""
    check(Id, user_id, "user_id")
    check(Id, org, "org")
    with (store or default_store()).read(org) as uow:
        data = HorizonStore(uow).load_user_profile(user_id)
    return None if data is None else profile_from_json(data, user_id)


def save_task_workspace(
    task_id: str,
    user_id: str,
    workspace: Workspace,
    *,
    org: str = "default",
    store: Store | None = None,
) -> None:
    """Insert or replace a task's workspace; the user needs a saved profile."""
    check(Id, task_id, "task_id")
    check(Id, user_id, "user_id")
    check(Id, org, "org")
    data = workspace_to_json(workspace)
    with (store or default_store()).write(org) as uow:
        rows = HorizonStore(uow)
        if rows.load_user_profile(user_id) is None:
            raise InvalidInputError("user_id", user_id, "has no saved profile; save it first")
        if not rows.save_task_workspace(task_id, user_id, data, _now()):
            raise TaskNotFoundError(task_id, user_id, org)


def load_task_workspace(
    task_id: str, user_id: str, *, org: str = "default", store: Store | None = None
) -> Workspace:
    """The task's saved workspace; TaskNotFoundError if missing or another user's."""
    check(Id, task_id, "task_id")
    check(Id, user_id, "user_id")
    check(Id, org, "org")
    with (store or default_store()).read(org) as uow:
        data = HorizonStore(uow).load_task_workspace(task_id, user_id)
    if data is None:
        raise TaskNotFoundError(task_id, user_id, org)
    return workspace_from_json(data)


def delete_task_workspace(
    task_id: str, *, user_id: str, org: str = "default", store: Store | None = None
) -> None:
    """Delete a task's workspace without completing it (no promotion, no archive)."""
    check(Id, task_id, "task_id")
    check(Id, user_id, "user_id")
    check(Id, org, "org")
    with (store or default_store()).write(org) as uow:
        if not HorizonStore(uow).delete_task_workspace(task_id, user_id):
            raise TaskNotFoundError(task_id, user_id, org)


_STORES: dict[str, Store] = {}
_STORES_LOCK = threading.Lock()


def default_store() -> Store:
    """The store named by STATEKEEPER_URL (default `statekeeper.db`), opened once per process."""
    url = os.environ.get(URL_VARIABLE, "").strip() or DEFAULT_URL
    if "://" not in url and not url.startswith("sqlite:"):
        url = str(Path(url).expanduser().resolve())
    with _STORES_LOCK:
        store = _STORES.get(url)
        if store is None:
            store = _STORES[url] = open_store(url)
        return store


def _store_of(state: State) -> Store:
    if state.store is None:
        state.store = default_store()
    return state.store


def _horizons(state: State) -> tuple[UserProfile, Workspace]:
    """The state's profile and workspace, after checking who and where they belong."""
    check(Id, state.user_id, "user_id")
    check(Id, state.task_id, "task_id")
    check(Id, state.org, "org")
    if state.profile is None or state.workspace is None:
        raise InvalidInputError(
            "state", state.task_id, "has no profile or workspace; start or continue the task first"
        )
    _check_owner(state.user_id, state.profile)
    return state.profile, state.workspace


def _check_owner(user_id: str, profile: UserProfile) -> None:
    if not isinstance(profile, UserProfile):
        raise InvalidInputError("profile", profile, "is not a UserProfile")
    if profile.user_id != user_id:
        raise InvalidInputError("profile.user_id", profile.user_id, f"is not {user_id!r}")


def _now() -> datetime:
    return datetime.now(UTC)


# -- Layer 3 to Layer 2 and to the transcript -----------------------------------------------


def promoted_fact_id(task_id: str, key: str) -> str:
    """A promoted fact's id: the same task and key always give the same id."""
    return "task-" + hashlib.sha256(f"{task_id}\x00{key}".encode()).hexdigest()[:32]


def insight_key(insight: str) -> str:
    """Insights have no key of their own; equal insights share one."""
    return "insight." + hashlib.sha256(insight.encode()).hexdigest()[:12]


def _reusable(workspace: Workspace) -> list[tuple[str, Any]]:
    """What a workspace promotes: its facts under their keys, its insights under theirs."""
    return [*workspace.facts.items(), *((insight_key(i), i) for i in workspace.insights)]


def promote_workspace(
    uow: UnitOfWork,
    org: str,
    user_id: str,
    task_id: str,
    workspace: Workspace,
    at: datetime,
    *,
    store: Store,
    authority: str = "peer",
) -> list[Fact]:
    """Write the workspace's facts and insights as the user's global Persistent Facts,
    through the commit path of every write (`Session.write`'s validation, authority and
    temporal rules), inside the caller's transaction.

    A promoted value replaces the user's live fact of the same key when the user's
    authority may replace it (a value already known is not written twice); a key a higher
    authority holds keeps its value, and the promoted value is left out (completion
    archives it with the rest of the task).
    """
    principal = _check_authority(authority, org, user_id)
    promoted, _ = memory.promote(
        uow, store, principal, task_id, _reusable(workspace), promoted_fact_id, at
    )
    return promoted


def _check_authority(authority: str, org: str = "default", user_id: str = "default") -> Principal:
    """The principal a user's task writes as; PrincipalError for an authority off the ladder."""
    principal = Principal(org=org, user=user_id, authority=authority)
    AuthorityLadder().rank(principal.authority)
    return principal


def _leftovers(
    uow: UnitOfWork, rows: HorizonStore, state: State, workspace: Workspace, at: datetime
) -> list[TranscriptEntry]:
    """What the transcript keeps of a finished task: turns not yet archived, then the rest."""
    archived = rows.archived_turn_indices(state.user_id, state.task_id)
    entries = [
        TranscriptEntry(turn.speaker, turn.text, turn.timestamp, turn.index)
        for turn in uow.recent_turns(state.user_id, state.task_id)
        if turn.index not in archived
    ]
    entries += [
        TranscriptEntry("working_item", f"{item.key}: {value_text(item.value)}", item.created_at)
        for item in uow.items(state.user_id, state.task_id)
    ]
    for name in ("objective", "assessment", "approach"):
        text = getattr(workspace, name)
        if text:
            entries.append(TranscriptEntry(f"workspace.{name}", text, at))
    entries += [TranscriptEntry("workspace.observation", o, at) for o in workspace.observations]
    entries += [TranscriptEntry("workspace.thought", value_text(t), at) for t in workspace.thoughts]
    return entries


# -- the working-set section of a context -------------------------------------------------


def render_workspace(workspace: Workspace) -> str:
    """The workspace as the body of the context's working-set section; empty parts omitted."""
    lines: list[str] = []
    for label, text in (
        ("Objective", workspace.objective),
        ("Assessment", workspace.assessment),
        ("Approach", workspace.approach),
    ):
        if text.strip():
            lines.append(f"{label}: {_one_line(text)}")
    for label, items in (
        ("Observations", workspace.observations),
        ("Insights", workspace.insights),
        ("Facts", [f"{key}: {value_text(value)}" for key, value in workspace.facts.items()]),
        ("Thoughts", [value_text(thought) for thought in workspace.thoughts]),
    ):
        if items:
            lines.append(f"{label}:")
            lines += [f"- {_one_line(item)}" for item in items]
    return "\n".join(lines)


def workspace_section(uow: UnitOfWork, user_id: str, task_id: str) -> str:
    """The current task's rendered workspace, read in the caller's transaction; "" if none.

    Only this task's row is read, so no other task's workspace can reach a context.
    """
    data = HorizonStore(uow).load_task_workspace(task_id, user_id)
    return "" if data is None else render_workspace(workspace_from_json(data))


def _one_line(text: str) -> str:
    return " ".join(text.split())


# -- JSON codec and validation --------------------------------------------------------------


class _Fields(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class _ProfileFields(_Fields):
    """What a saved profile holds: exactly what JSON brings back equal."""

    user_id: Id
    preferences: dict[str, Json]
    goals: list[str]
    expertise_areas: list[str]
    communication_style: str
    projects: dict[str, str]
    created_at: datetime
    last_updated: datetime


class _WorkspaceFields(_Fields):
    """What a saved workspace holds."""

    objective: str
    assessment: str
    approach: str
    observations: list[str]
    insights: list[str]
    facts: dict[Id, Json]
    thoughts: list[dict[str, Json]]


def _fields(kind: type[_Fields], value: Any, horizon: type, where: str) -> dict[str, Any]:
    """A horizon's fields, checked (`where` names them in an error)."""
    if not isinstance(value, horizon):
        raise InvalidInputError(where, value, f"is not a {horizon.__name__}")
    fields = {f: getattr(value, f) for f in kind.model_fields}
    try:
        kind.model_validate(fields)
    except ValidationError as failure:
        raise as_input_error(failure, where) from None
    return fields


def profile_to_json(profile: UserProfile) -> str:
    """Serialize a profile, rejecting anything that would not come back equal."""
    fields = _fields(_ProfileFields, profile, UserProfile, "profile")
    for name in ("created_at", "last_updated"):
        fields[name] = fields[name].isoformat()
    return _dumps(fields)


def profile_from_json(data: str, user_id: str | None = None) -> UserProfile:
    try:
        raw = json.loads(data)
        for name in ("created_at", "last_updated"):
            raw[name] = datetime.fromisoformat(raw[name])
        profile = UserProfile(**_ProfileFields.model_validate(raw).model_dump())
    except (ValueError, KeyError, TypeError) as error:  # a ValidationError is a ValueError
        raise StoreError(f"stored profile is corrupt: {error}") from error
    if user_id is not None and profile.user_id != user_id:
        raise StoreError(f"stored profile of {user_id!r} names user {profile.user_id!r}")
    return profile


def workspace_to_json(workspace: Workspace) -> str:
    """Serialize a workspace, rejecting anything that would not come back equal."""
    return _dumps(_fields(_WorkspaceFields, workspace, Workspace, "workspace"))


def workspace_from_json(data: str) -> Workspace:
    try:
        return Workspace(**_WorkspaceFields.model_validate_json(data).model_dump())
    except (ValueError, KeyError, TypeError) as error:
        raise StoreError(f"stored workspace is corrupt: {error}") from error


def _dumps(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, allow_nan=False)
