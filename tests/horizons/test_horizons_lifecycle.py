"""start_task, autosave, continue_task and complete_task against a real SQLite file."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from statekeeper.errors import StatekeeperError
from statekeeper.horizons import (
    COMPLETION_ORIGIN,
    ExecutionState,
    State,
    TaskNotFoundError,
    UserProfile,
    Workspace,
    autosave,
    delete_task_workspace,
    load_task_workspace,
    load_user_profile,
    promoted_fact_id,
    save_task_workspace,
    save_user_profile,
    workspace_section,
)
from statekeeper.model import Fact, MemoryType, Scope, Source, SourceType, Turn, WorkingSetItem
from statekeeper.store import Store, open_store
from statekeeper.store.base import View
from statekeeper.store.horizons import HorizonStore, TranscriptEntry

T0 = datetime(2026, 1, 5, 9, 0)


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


def test_the_whole_lifecycle(store: Store, db_path: Path) -> None:
    state = asyncio.run(State.start_task(query="analyze codebase", user_id="alice", store=store))
    assert state.profile is not None and state.profile.user_id == "alice"
    assert (state.profile.goals, state.profile.preferences) == ([], {})
    assert state.workspace == Workspace(objective="analyze codebase")
    assert state.execution == ExecutionState()
    assert load_task_workspace(state.task_id, "alice", store=store) == state.workspace

    # the agent works; the engine keeps recent turns and scratch items for the same task
    assert state.profile and state.workspace and state.execution
    state.profile.expertise_areas.append("python")
    state.workspace.assessment = "medium repo"
    state.workspace.observations.append("store has no FTS for postgres")
    state.workspace.insights.append("tests run in 2s")
    state.workspace.facts["test_runner"] = "pytest"
    state.workspace.thoughts.append({"step": 1, "note": "read schema"})
    state.execution.iteration = 3
    autosave(state)
    with store.write("default") as uow:
        HorizonStore(uow).archive("alice", state.task_id, [TranscriptEntry("user", "hi", T0, 0)])
        for index, speaker, text in [(0, "user", "hi"), (1, "assistant", "hello")]:
            turn = Turn(index=index, speaker=speaker, text=text, timestamp=T0)
            uow.append_turn("alice", state.task_id, turn, 10)
        uow.put_item("alice", state.task_id, WorkingSetItem(key="draft", value="v1", created_at=T0))

    # a restart: a new State from the store, with a fresh execution
    resumed = asyncio.run(State.continue_task(task_id=state.task_id, user_id="alice", store=store))
    assert resumed.query == "analyze codebase"
    assert resumed.profile == state.profile
    assert resumed.workspace == state.workspace
    assert resumed.execution == ExecutionState()

    assert resumed.profile is not None
    resumed.profile.goals.append("ship v1")
    asyncio.run(resumed.complete_task())
    assert resumed.workspace is None and resumed.execution is None

    # workspace row and working set gone; profile updates saved
    assert rows(db_path, "SELECT * FROM task_workspaces") == []
    assert rows(db_path, "SELECT * FROM recent_turns") == []
    assert rows(db_path, "SELECT * FROM working_items") == []
    profile = load_user_profile("alice", store=store)
    assert profile is not None and profile.goals == ["ship v1"]
    assert profile.expertise_areas == ["python"]

    # reusable facts promoted to the user's global Persistent Facts
    with store.read("default") as uow:
        promoted = uow.get_fact(promoted_fact_id(state.task_id, "test_runner"))
        live = uow.valid_facts(View(org="default", user="alice"))
    assert promoted is not None
    assert (promoted.key, promoted.value, promoted.user) == ("test_runner", "pytest", "alice")
    assert promoted.memory_type is MemoryType.USER and promoted.scope is Scope.GLOBAL
    assert promoted.source.type is SourceType.SYSTEM and promoted.source.origin == COMPLETION_ORIGIN
    assert sorted(f.value for f in live) == ["pytest", "tests run in 2s"]

    # everything else archived to the transcript, turn 0 not twice
    archived = rows(db_path, "SELECT turn_index, speaker, text FROM transcript ORDER BY turn_index")
    assert archived == [
        (0, "user", "hi"),
        (1, "assistant", "hello"),
        (2, "working_item", "draft: v1"),
        (3, "workspace.objective", "analyze codebase"),
        (4, "workspace.assessment", "medium repo"),
        (5, "workspace.observation", "store has no FTS for postgres"),
        (6, "workspace.thought", json.dumps({"note": "read schema", "step": 1})),
    ]

    # a completed task cannot be continued or completed again
    with pytest.raises(TaskNotFoundError):
        asyncio.run(State.continue_task(task_id=state.task_id, user_id="alice", store=store))
    with pytest.raises(TaskNotFoundError):
        asyncio.run(state.complete_task())


def test_start_task_loads_an_existing_profile(store: Store) -> None:
    first = asyncio.run(State.start_task(query="one", user_id="alice", store=store))
    assert first.profile is not None
    first.profile.communication_style = "terse"
    autosave(first)
    second = asyncio.run(State.start_task(query="two", user_id="alice", store=store))
    assert second.profile == first.profile
    assert second.task_id != first.task_id
    assert second.workspace == Workspace(objective="two")


def test_default_store_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "from-env.db"
    monkeypatch.setenv("STATEKEEPER_URL", str(path))
    state = asyncio.run(State.start_task(query="q", user_id="alice"))
    autosave(state)
    assert rows(path, "SELECT task_id FROM task_workspaces") == [(state.task_id,)]
    asyncio.run(state.complete_task())
    assert rows(path, "SELECT task_id FROM task_workspaces") == []


def test_missing_and_foreign_tasks_raise_the_same_error(store: Store) -> None:
    alice = asyncio.run(State.start_task(query="secret plan", user_id="alice", store=store))
    asyncio.run(State.start_task(query="bob's own", user_id="bob", store=store))

    def error(task_id: str, user_id: str, org: str = "default") -> TaskNotFoundError:
        with pytest.raises(TaskNotFoundError) as caught:
            asyncio.run(State.continue_task(task_id=task_id, user_id=user_id, org=org, store=store))
        return caught.value

    foreign = error(alice.task_id, "bob")
    missing = error("no-such-task", "bob")
    assert isinstance(foreign, LookupError) and isinstance(foreign, StatekeeperError)
    assert str(foreign) == str(missing).replace("no-such-task", alice.task_id)
    assert "secret" not in str(foreign)
    other_org = error(alice.task_id, "alice", org="acme")
    assert other_org.org == "acme"
    with pytest.raises(TaskNotFoundError):
        load_task_workspace(alice.task_id, "bob", store=store)
    with pytest.raises(TaskNotFoundError):
        delete_task_workspace(alice.task_id, user_id="bob", store=store)
    assert load_task_workspace(alice.task_id, "alice", store=store).objective == "secret plan"


def test_a_foreign_task_id_cannot_be_overwritten(store: Store) -> None:
    alice = asyncio.run(State.start_task(query="alice's", user_id="alice", store=store))
    bob = asyncio.run(State.start_task(query="bob's", user_id="bob", store=store))
    bob.task_id = alice.task_id
    with pytest.raises(TaskNotFoundError):
        autosave(bob)
    with pytest.raises(TaskNotFoundError):
        save_task_workspace(alice.task_id, "bob", Workspace(objective="x"), store=store)
    assert load_task_workspace(alice.task_id, "alice", store=store).objective == "alice's"


def test_orgs_are_separate(store: Store) -> None:
    started = State.start_task(query="acme work", user_id="alice", org="acme", store=store)
    acme = asyncio.run(started)
    assert load_user_profile("alice", store=store) is None
    assert load_user_profile("alice", org="acme", store=store) is not None
    with pytest.raises(TaskNotFoundError):
        load_task_workspace(acme.task_id, "alice", store=store)
    asyncio.run(acme.complete_task())
    with store.read("default") as uow:
        assert uow.valid_facts(View(org="default", user="alice")) == []


def test_spec_persistence_functions(store: Store) -> None:
    with pytest.raises(StatekeeperError, match="no saved profile"):
        save_task_workspace("t1", "carol", Workspace(objective="x"), store=store)
    profile = UserProfile(user_id="carol", goals=["g"])
    save_user_profile("carol", profile, store=store)
    assert load_user_profile("carol", store=store) == profile
    save_task_workspace("t1", "carol", Workspace(objective="x", facts={"a": 1}), store=store)
    assert load_task_workspace("t1", "carol", store=store).facts == {"a": 1}
    delete_task_workspace("t1", user_id="carol", store=store)
    with pytest.raises(TaskNotFoundError):
        load_task_workspace("t1", "carol", store=store)


def test_promotion_supersedes_the_users_older_value(store: Store) -> None:
    first = asyncio.run(State.start_task(query="one", user_id="alice", store=store))
    assert first.workspace is not None
    first.workspace.facts.update({"db": "sqlite", "lang": "python"})
    asyncio.run(first.complete_task())

    second = asyncio.run(State.start_task(query="two", user_id="alice", store=store))
    assert second.workspace is not None
    second.workspace.facts.update({"db": "postgres", "lang": "python"})
    asyncio.run(second.complete_task())

    with store.read("default") as uow:
        view = View(org="default", user="alice")
        live = {f.key: f for f in uow.valid_facts(view)}
        old = uow.get_fact(promoted_fact_id(first.task_id, "db"))
        assert uow.get_fact(promoted_fact_id(second.task_id, "lang")) is None  # already known
    assert {k: f.value for k, f in live.items()} == {"db": "postgres", "lang": "python"}
    assert live["db"].supersedes == promoted_fact_id(first.task_id, "db")
    assert old is not None and not old.is_valid
    assert old.superseded_by == promoted_fact_id(second.task_id, "db")


def test_promotion_leaves_authoritative_facts_to_the_engine(store: Store) -> None:
    with store.write("default") as uow:
        uow.insert_fact(
            Fact(
                id="f-budget",
                key="budget",
                value=100,
                timestamp=T0,
                org="default",
                user="alice",
                source=Source(type=SourceType.STATE_WRITE, authority="director"),
            )
        )
    state = asyncio.run(State.start_task(query="q", user_id="alice", store=store))
    assert state.workspace is not None
    state.workspace.facts["budget"] = 200
    asyncio.run(state.complete_task())
    with store.read("default") as uow:
        held = uow.get_fact("f-budget")
    assert held is not None and held.is_valid


def test_execution_state_is_never_persisted(store: Store, db_path: Path) -> None:
    listed = rows(db_path, "SELECT name FROM sqlite_master WHERE type='table'")
    tables = {str(name) for (name,) in listed}
    assert not [t for t in tables if "execution" in t.lower()]
    for table in tables:
        columns = [str(r[1]) for r in rows(db_path, f'PRAGMA table_info("{table}")')]
        suspect = [c for c in columns if "execution" in c or c in {"iteration", "messages"}]
        assert not suspect, (table, suspect)

    marker = "EXECUTION-MARKER-7f3a"
    state = asyncio.run(State.start_task(query="q", user_id="alice", store=store))
    assert state.execution is not None
    state.execution.messages.append({"role": "user", "content": marker})
    state.execution.pending_calls.append({"tool": marker})
    state.execution.response = marker
    state.execution.stop_reason = marker
    assert state.workspace is not None
    state.workspace.observations.append("WORKSPACE-MARKER-91c2")
    autosave(state)
    resumed = asyncio.run(State.continue_task(task_id=state.task_id, user_id="alice", store=store))
    assert resumed.execution == ExecutionState()
    files = [p for p in db_path.parent.iterdir() if p.name.startswith(db_path.name)]
    assert any(b"WORKSPACE-MARKER-91c2" in p.read_bytes() for p in files)  # the probe works
    assert all(marker.encode() not in p.read_bytes() for p in files)
    asyncio.run(state.complete_task())
    assert all(marker.encode() not in p.read_bytes() for p in files if p.exists())


def test_workspace_section_shows_only_the_current_task(store: Store) -> None:
    one = asyncio.run(State.start_task(query="plan the offsite", user_id="alice", store=store))
    two = asyncio.run(State.start_task(query="fix the build", user_id="alice", store=store))
    with store.read("default") as uow:
        section = workspace_section(uow, "alice", one.task_id)
        foreign = workspace_section(uow, "bob", one.task_id)
    assert section == "Objective: plan the offsite"
    assert "fix the build" not in section
    assert foreign == ""
    del two


def test_a_second_store_sees_what_the_first_saved(store: Store, db_path: Path) -> None:
    state = asyncio.run(State.start_task(query="q", user_id="alice", store=store))
    assert state.workspace is not None
    state.workspace.facts["k"] = datetime(2026, 1, 1, tzinfo=UTC).isoformat()
    autosave(state)
    other = open_store(db_path)
    try:
        assert load_task_workspace(state.task_id, "alice", store=other) == state.workspace
    finally:
        other.close()
