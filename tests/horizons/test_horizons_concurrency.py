"""Concurrent tasks stay isolated; concurrent autosaves leave a consistent pair."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from statekeeper.horizons import (
    State,
    autosave,
    load_task_workspace,
    load_user_profile,
    workspace_section,
)
from statekeeper.store import Store

THREADS = 12
SAVES = 15


async def _run_task(store: Store, name: str) -> tuple[str, State]:
    """One agent task of alice: start, write task-private facts, save, resume."""
    state = await State.start_task(query=f"task {name}", user_id="alice", store=store)
    for step in range(5):
        assert state.workspace is not None
        state.workspace.facts[f"{name}_{step}"] = step
        state.workspace.observations.append(f"{name} saw {step}")
        await asyncio.to_thread(autosave, state)
        await asyncio.sleep(0)
    resumed = await State.continue_task(task_id=state.task_id, user_id="alice", store=store)
    return name, resumed


def _assert_isolated(store: Store, results: list[tuple[str, State]]) -> None:
    for name, state in results:
        assert state.workspace is not None
        assert state.workspace.objective == f"task {name}"
        assert set(state.workspace.facts) == {f"{name}_{step}" for step in range(5)}
        assert all(o.startswith(f"{name} ") for o in state.workspace.observations)
        with store.read("default") as uow:
            section = workspace_section(uow, "alice", state.task_id)
        others = [other for other, _ in results if other != name]
        assert f"task {name}" in section
        assert not [o for o in others if f"{o}_" in section or f"task {o}" in section]


def test_concurrent_tasks_of_one_user_with_asyncio(store: Store) -> None:
    async def main() -> list[tuple[str, State]]:
        return list(await asyncio.gather(*(_run_task(store, n) for n in ("red", "blue", "green"))))

    _assert_isolated(store, asyncio.run(main()))


def test_concurrent_tasks_of_one_user_with_threads(store: Store) -> None:
    names = [f"t{i}" for i in range(8)]
    with ThreadPoolExecutor(len(names)) as pool:
        results = list(pool.map(lambda n: asyncio.run(_run_task(store, n)), names))
    _assert_isolated(store, results)


def test_concurrent_autosaves_of_one_task_end_consistent(store: Store) -> None:
    """Many writers of one task and profile: the last save wins whole, never half."""
    first = asyncio.run(State.start_task(query="shared", user_id="alice", store=store))

    def writer(thread: int) -> None:
        resumed = State.continue_task(task_id=first.task_id, user_id="alice", store=store)
        state = asyncio.run(resumed)
        assert state.profile is not None and state.workspace is not None
        for n in range(SAVES):
            stamp = f"{thread}-{n}"
            state.profile.preferences["save"] = stamp
            state.workspace.facts["save"] = stamp
            state.workspace.observations = [stamp] * 50
            autosave(state)

    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(writer, range(THREADS)))  # re-raises any error of a thread

    profile = load_user_profile("alice", store=store)
    workspace = load_task_workspace(first.task_id, "alice", store=store)
    assert profile is not None
    stamp = profile.preferences["save"]
    assert workspace.facts["save"] == stamp
    assert workspace.observations == [stamp] * 50
    assert stamp.endswith(f"-{SAVES - 1}")  # some writer's final save


def test_concurrent_autosaves_of_many_tasks_keep_each_task_whole(store: Store) -> None:
    def writer(thread: int) -> tuple[str, str]:
        state = asyncio.run(State.start_task(query=f"q{thread}", user_id="alice", store=store))
        assert state.profile is not None and state.workspace is not None
        for n in range(SAVES):
            state.profile.preferences["save"] = f"{thread}-{n}"
            state.workspace.facts["save"] = f"{thread}-{n}"
            autosave(state)
        return state.task_id, f"{thread}-{SAVES - 1}"

    with ThreadPoolExecutor(THREADS) as pool:
        finals = list(pool.map(writer, range(THREADS)))
    for task_id, last in finals:
        assert load_task_workspace(task_id, "alice", store=store).facts == {"save": last}
    profile = load_user_profile("alice", store=store)
    assert profile is not None and profile.preferences["save"] in {last for _, last in finals}
