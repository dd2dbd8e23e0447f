"""A context built inside a task shows that task's workspace, and no other task's."""

from __future__ import annotations

import asyncio
from pathlib import Path

from statekeeper import Engine, Principal
from statekeeper.horizons import State, autosave


def test_context_sees_its_own_task_workspace_only(tmp_path: Path) -> None:
    engine = Engine.open(tmp_path / "s.db")

    async def start(query: str) -> State:
        return await State.start_task(query=query, user_id="alice", org="acme", store=engine.store)

    migration = asyncio.run(start("plan the database migration"))
    offsite = asyncio.run(start("book the team offsite"))
    migration.workspace.insights.append("the orders table is the largest, migrate it last")
    autosave(migration)

    alice = Principal(org="acme", user="alice")
    text = engine.session(alice, task_id=migration.task_id).context("what next?").text
    assert "plan the database migration" in text
    assert "migrate it last" in text
    assert "book the team offsite" not in text

    other = engine.session(alice, task_id=offsite.task_id).context("what next?").text
    assert "book the team offsite" in other
    assert "plan the database migration" not in other and "migrate it last" not in other
