"""Bad input is refused with a specific error before anything is written."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

import pytest

from statekeeper.errors import DuplicateFactError, InvalidInputError
from statekeeper.horizons import (
    State,
    UserProfile,
    Workspace,
    autosave,
    load_task_workspace,
    save_task_workspace,
    save_user_profile,
)
from statekeeper.store import Store


@pytest.mark.parametrize(
    ("query", "user_id", "org", "field"),
    [
        ("", "alice", "default", "query"),
        ("   ", "alice", "default", "query"),
        ("q", "", "default", "user_id"),
        ("q", " alice", "default", "user_id"),
        ("q", "al\x00ice", "default", "user_id"),
        ("q", "a" * 201, "default", "user_id"),
        ("q", "alice", "", "org"),
    ],
)
def test_start_task_refuses_empty_or_malformed_identity(
    store: Store, snapshot: Any, query: str, user_id: str, org: str, field: str
) -> None:
    before = snapshot()
    with pytest.raises(InvalidInputError) as caught:
        asyncio.run(State.start_task(query=query, user_id=user_id, org=org, store=store))
    assert caught.value.field == field
    assert snapshot() == before


def test_continue_task_refuses_an_empty_task_id(store: Store) -> None:
    with pytest.raises(InvalidInputError) as caught:
        asyncio.run(State.continue_task(task_id="", user_id="alice", store=store))
    assert caught.value.field == "task_id"


class Opaque:
    pass


@pytest.mark.parametrize(
    ("value", "where"),
    [
        (Opaque(), "workspace.facts['bad']"),
        ({1, 2}, "workspace.facts['bad']"),
        ((1, 2), "workspace.facts['bad']"),
        (float("nan"), "workspace.facts['bad']"),
        (datetime(2026, 1, 1), "workspace.facts['bad']"),
        ({"nested": [1, b"bytes"]}, "workspace.facts['bad']['nested'][1]"),
        ({3: "int key"}, "workspace.facts['bad']"),
    ],
)
def test_non_json_workspace_facts_are_refused_and_nothing_changes(
    store: Store, snapshot: Any, value: Any, where: str
) -> None:
    state = asyncio.run(State.start_task(query="q", user_id="alice", store=store))
    assert state.workspace is not None and state.profile is not None
    state.workspace.facts["good"] = 1
    autosave(state)
    before = snapshot()

    state.profile.goals.append("changed")  # would be saved if the call got that far
    state.workspace.facts["bad"] = value
    with pytest.raises(InvalidInputError) as caught:
        autosave(state)
    assert caught.value.field == where
    assert snapshot() == before
    with pytest.raises(InvalidInputError):
        asyncio.run(state.complete_task())
    assert snapshot() == before
    assert load_task_workspace(state.task_id, "alice", store=store).facts == {"good": 1}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s.workspace.facts.__setitem__("", 1), "workspace.facts key ''"),
        (lambda s: s.workspace.observations.append(7), "workspace.observations[0]"),
        (lambda s: s.workspace.thoughts.append("not a dict"), "workspace.thoughts[0]"),
        (lambda s: setattr(s.workspace, "objective", None), "workspace.objective"),
        (lambda s: s.profile.preferences.__setitem__("x", object()), "profile.preferences['x']"),
        (lambda s: s.profile.projects.__setitem__("p", 1), "profile.projects['p']"),
        (lambda s: setattr(s.profile, "created_at", "yesterday"), "profile.created_at"),
        (lambda s: setattr(s.profile, "user_id", "mallory"), "profile.user_id"),
        (lambda s: setattr(s, "workspace", None), "state"),
        (lambda s: setattr(s, "org", ""), "org"),
        (lambda s: setattr(s, "task_id", " "), "task_id"),
    ],
)
def test_malformed_horizons_are_refused(
    store: Store, snapshot: Any, change: Any, field: str
) -> None:
    state = asyncio.run(State.start_task(query="q", user_id="alice", store=store))
    before = snapshot()
    change(state)
    with pytest.raises(InvalidInputError) as caught:
        autosave(state)
    assert caught.value.field == field
    with pytest.raises(InvalidInputError):
        asyncio.run(state.complete_task())
    assert snapshot() == before


def test_a_failed_completion_changes_nothing(store: Store, snapshot: Any) -> None:
    """Promotion, archive and deletion are one transaction: a failure undoes all of them."""
    save_user_profile("alice", UserProfile(user_id="alice"), store=store)
    save_task_workspace("reused", "alice", Workspace(objective="a", facts={"k": 1}), store=store)
    asyncio.run(asyncio.run(State.continue_task("reused", "alice", store=store)).complete_task())

    save_task_workspace("reused", "alice", Workspace(objective="b", facts={"k": 2}), store=store)
    state = asyncio.run(State.continue_task("reused", "alice", store=store))
    assert state.profile is not None
    state.profile.goals.append("not saved either")
    before = snapshot()
    with pytest.raises(DuplicateFactError):  # same task id and key: the promoted id is taken
        asyncio.run(state.complete_task())
    assert snapshot() == before
    assert load_task_workspace("reused", "alice", store=store).objective == "b"


def test_a_profile_is_saved_only_under_its_own_user(store: Store, snapshot: Any) -> None:
    before = snapshot()
    with pytest.raises(InvalidInputError):
        save_user_profile("alice", UserProfile(user_id="bob"), store=store)
    with pytest.raises(InvalidInputError):
        save_user_profile("alice", Workspace(), store=store)  # type: ignore[arg-type]
    assert snapshot() == before
