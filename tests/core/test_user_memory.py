"""User memory under its user's control: listed with provenance, deleted everywhere it is
carried, private to its user; and task promotion through the commit path of every write."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from statekeeper import (
    AsyncEngine,
    Engine,
    MemoryType,
    Principal,
    Settings,
    Source,
    SourceType,
    UnknownFactError,
)
from statekeeper.horizons import COMPLETION_ORIGIN, State, promoted_fact_id
from tests.conftest import ALICE, BOB, query


def test_memories_list_the_users_facts_with_provenance(engine: Engine) -> None:
    s = engine.session(ALICE, task_id="offsite")
    s.observe("alice", "The dress code is business casual.")
    written = s.write("tone", "short answers")
    s.write("discount_policy", "15% at most", memory_type="organizational")  # shared: no memory
    state = asyncio.run(State.start_task("plan the trip", "alice", org="acme", store=engine.store))
    assert state.workspace is not None
    state.workspace.facts["airline"] = "TAP"
    asyncio.run(state.complete_task())

    found = {m.fact.key: m for m in s.memories()}
    assert set(found) == {"dress_code", "tone", "airline"}
    said = found["dress_code"]
    assert said.origin == "conversation" and said.task_id == "offsite"
    assert said.turn is not None and said.turn.text == "The dress code is business casual."
    assert found["tone"].origin == "write" and found["tone"].fact.id == written.id
    promoted = found["airline"]
    assert promoted.origin == "task" and promoted.task_id == state.task_id
    assert promoted.fact.source.origin == COMPLETION_ORIGIN
    assert all(m.fact.memory_type is MemoryType.USER for m in found.values())


def test_delete_memory_reaches_facts_turns_and_recall(
    make_engine: type[Engine], location: str
) -> None:
    engine = make_engine(settings=Settings(recent_turns=2))
    s = engine.session(ALICE, task_id="budgeting")
    s.observe("alice", "Our budget is $5,000.")
    for line in ("The printer is jammed.", "Lunch is at noon.", "The garage closes at ten."):
        s.observe("alice", line)
    budget = next(m for m in s.memories() if m.fact.key == "budget")
    assert "$5,000" in s.context("What is our budget?").text  # recalled before

    s.delete_memory(budget.fact.id)

    assert "budget" not in {m.fact.key for m in s.memories()}
    assert all(f.id != budget.fact.id for f in s.facts())
    assert "$5,000" not in s.context("What is our budget?").text
    assert all("$5,000" not in t.text for t in s.recent_turns())
    archived = query(location, "SELECT text FROM transcript")
    assert archived and all("5,000" not in str(r["text"]) for r in archived)
    stored = query(location, f"SELECT value, forgotten FROM facts WHERE fact_id = '{budget.fact.id}'")
    assert [(r["value"], bool(r["forgotten"])) for r in stored] == [("null", True)]
    tombstones = query(location, "SELECT fact_id, forgotten_by FROM fact_tombstones")
    assert [(r["fact_id"], r["forgotten_by"]) for r in tombstones] == [(budget.fact.id, "alice")]
    with pytest.raises(UnknownFactError):
        s.delete_memory(budget.fact.id)  # already gone


def test_memory_is_private_to_its_user(engine: Engine) -> None:
    alice, bob = engine.session(ALICE), engine.session(BOB)
    alice.observe("alice", "The dress code is business casual.")
    shared = alice.write("office_hours", "9 to 5", memory_type="organizational")
    bob.write("tone", "detailed answers")
    mine = [m.fact for m in alice.memories()]
    assert [f.key for f in mine] == ["dress_code"]
    assert [m.fact.key for m in bob.memories()] == ["tone"]
    with pytest.raises(UnknownFactError):
        bob.delete_memory(mine[0].id)  # another user's memory
    with pytest.raises(UnknownFactError):
        alice.delete_memory(shared.id)  # organizational knowledge is nobody's memory
    with pytest.raises(UnknownFactError):
        engine.session(Principal(org="globex", user="alice")).delete_memory(mine[0].id)
    assert [m.fact.id for m in alice.memories()] == [mine[0].id]
    assert alice.current_value("office_hours") == "9 to 5"


def test_promotion_goes_through_the_authority_rules(engine: Engine, location: str) -> None:
    board = Principal(org="acme", user="cfo", authority="executive")
    policy = engine.session(board).write(
        "discount", "15% at most", memory_type="organizational",
        source=Source(type=SourceType.POLICY, authority="executive"),
    )  # fmt: skip
    state = asyncio.run(State.start_task("close deal", "alice", org="acme", store=engine.store))
    assert state.workspace is not None
    state.workspace.facts.update({"discount": "30% for Globex", "contact": "Dana at Globex"})
    asyncio.run(state.complete_task())

    s = engine.session(ALICE)
    assert s.current_value("discount") == "15% at most"  # a peer's task cannot replace it
    assert s.get(policy.id).is_valid
    assert {m.fact.key for m in s.memories()} == {"contact"}
    archived = [r["text"] for r in query(location, "SELECT speaker, text FROM transcript WHERE speaker = 'workspace.fact'")]
    assert archived == ["discount: 30% for Globex"]  # nothing said is lost


def test_promotion_with_the_users_authority_replaces_their_fact(engine: Engine) -> None:
    s = engine.session(ALICE)  # a manager
    s.write("vendor", "Acme Metals")
    state = asyncio.run(
        State.start_task("pick vendor", "alice", org="acme", store=engine.store, authority="manager")
    )
    assert state.workspace is not None
    state.workspace.facts["vendor"] = "Borealis Steel"
    asyncio.run(state.complete_task())
    assert s.current_value("vendor") == "Borealis Steel"
    promoted = s.get(promoted_fact_id(state.task_id, "vendor"))
    assert promoted.source.task_id == state.task_id and promoted.supersedes is not None


def test_promotion_follows_the_temporal_rule(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.write("vendor", "Acme Metals", timestamp=datetime(2999, 1, 1))  # stamped after completion
    state = asyncio.run(
        State.start_task("pick vendor", "alice", org="acme", store=engine.store, authority="manager")
    )
    assert state.workspace is not None
    state.workspace.facts["vendor"] = "Borealis Steel"
    asyncio.run(state.complete_task())
    assert s.current_value("vendor") == "Acme Metals"
    kept = s.get(promoted_fact_id(state.task_id, "vendor"))
    assert not kept.is_valid and kept.invalid_reason == "older than the current value"


def test_async_sessions_mirror_memories(engine: Engine) -> None:
    async def run() -> tuple[list[str], list[str]]:
        s = AsyncEngine(engine).session(ALICE)
        await s.observe("alice", "The dress code is business casual.")
        before = [m.fact.key for m in await s.memories()]
        await s.delete_memory((await s.memories())[0].fact.id)
        return before, [m.fact.key for m in await s.memories()]

    assert asyncio.run(run()) == (["dress_code"], [])
