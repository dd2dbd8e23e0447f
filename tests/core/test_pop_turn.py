"""Taking a turn back: `pop_turn` removes a task's latest turn from the recent turns, the
transcript and recall, retires what observing it wrote, and makes current again what that
had replaced, as new versions, so the history shows every step. `clear_turns` empties the
recent turns and keeps the rest."""

from __future__ import annotations

import asyncio

import pytest

from statekeeper import AsyncEngine, Engine, Principal
from statekeeper.engine import WITHDRAWN
from statekeeper.errors import AuthorityError
from tests.conftest import ALICE, Clock, query, snapshot

GUEST = Principal(org="acme", user="gina", authority="guest")


def transcript(location: str, task: str = "default") -> list[str]:
    rows = query(
        location,
        f"SELECT text FROM transcript WHERE task_id = '{task}' ORDER BY turn_index",
    )
    return [str(row["text"]) for row in rows]


def test_an_empty_task_has_no_turn_to_take_back(engine: Engine, location: str) -> None:
    alice = engine.session(ALICE)
    alice.write("plan", "Team plan, 12 seats")
    before = snapshot(location)
    assert alice.pop_turn() is None
    assert snapshot(location) == before


def test_the_latest_turn_leaves_the_recent_turns_transcript_and_recall(
    engine: Engine, location: str, clock: Clock
) -> None:
    alice = engine.session(ALICE)
    alice.add_turn("alice", "the loading dock closes at noon on Fridays")
    clock.advance(minutes=1)
    said = alice.add_turn("alice", "the courier is called Marguerite")
    popped = alice.pop_turn()
    assert popped == said
    assert [t.text for t in alice.recent_turns()] == ["the loading dock closes at noon on Fridays"]
    assert transcript(location) == ["the loading dock closes at noon on Fridays"]
    assert "Marguerite" not in alice.context("What is the courier called?").text
    assert "noon" in alice.context("When does the loading dock close?").text


def test_a_correction_taken_back_restores_what_it_replaced(engine: Engine, clock: Clock) -> None:
    alice = engine.session(ALICE, task_id="support")
    original = alice.write("plan", "Team plan, 12 seats")
    clock.advance(minutes=1)
    turn = alice.observe("alice", "Correction: it's 15 seats now.")
    corrected = alice.get("plan")
    assert corrected.value == "Team plan, 15 seats"
    assert turn.fact_ids == (corrected.id,)
    clock.advance(minutes=1)

    assert alice.pop_turn() == turn
    assert alice.current_value("plan") == "Team plan, 12 seats"
    first, withdrawn, restored = alice.history("plan")
    assert first.id == original.id and first.superseded_by == withdrawn.id
    assert withdrawn.id == corrected.id and not withdrawn.is_valid
    assert withdrawn.invalid_reason == WITHDRAWN and withdrawn.superseded_by == restored.id
    assert restored.is_valid and restored.supersedes == withdrawn.id
    assert restored.source == original.source and restored.timestamp == original.timestamp
    text = alice.context("How many seats are on the plan?").text
    assert "12 seats" in text and "15 seats" not in text


def test_a_new_subject_taken_back_leaves_no_current_value(engine: Engine) -> None:
    alice = engine.session(ALICE)
    turn = alice.observe("alice", "The delivery address is 12 Elm Street.")
    [fact] = [alice.get(ref) for ref in turn.fact_ids]
    assert fact.value == "12 Elm Street"
    alice.pop_turn()
    assert [f.value for f in alice.facts()] == []
    [gone] = alice.history(fact.key)
    assert not gone.is_valid and gone.invalid_reason == WITHDRAWN
    assert "Elm" not in alice.context("Where do we deliver?").text


def test_taking_back_two_turns_leaves_the_state_before_both(engine: Engine) -> None:
    alice = engine.session(ALICE)
    alice.observe("alice", "The delivery address is 12 Elm Street.")
    alice.observe("alice", "Actually, ship it to 40 Pine Road instead.")
    assert alice.current_value("delivery_address") == "40 Pine Road"
    alice.pop_turn()
    assert alice.current_value("delivery_address") == "12 Elm Street"
    alice.pop_turn()
    assert alice.facts() == []
    assert alice.recent_turns() == []
    reasons = [f.invalid_reason for f in alice.history("delivery_address")]
    assert reasons == ["superseded", WITHDRAWN, WITHDRAWN]


def test_the_assistants_reply_goes_first_then_the_question(engine: Engine) -> None:
    alice = engine.session(ALICE)
    alice.observe("alice", "The delivery address is 12 Elm Street.")
    alice.observe("assistant", "Noted, 12 Elm Street.", assistant=True)
    assert alice.pop_turn().speaker == "assistant"
    assert alice.current_value("delivery_address") == "12 Elm Street"
    assert alice.pop_turn().speaker == "alice"
    assert alice.is_current("delivery_address") is False
    assert alice.pop_turn() is None


def test_only_this_tasks_turn_is_taken_back(engine: Engine) -> None:
    """Two tasks whose first turns share a speaker and a moment (the clock stands still):
    taking one back leaves the other's facts."""
    first = engine.session(ALICE, task_id="orders")
    second = engine.session(ALICE, task_id="travel")
    first.observe("alice", "The delivery address is 12 Elm Street.")
    second.observe("alice", "The hotel is the Grand Plaza.")
    first.pop_turn()
    assert [f.value for f in second.facts()] == ["Grand Plaza"]
    assert [t.text for t in second.recent_turns()] == ["The hotel is the Grand Plaza."]


def test_numbering_goes_on_after_a_pop_and_after_a_clear(engine: Engine) -> None:
    alice = engine.session(ALICE)
    for text in ("first thing", "second thing", "third thing"):
        alice.add_turn("alice", text)
    assert alice.pop_turn().index == 2
    assert alice.add_turn("alice", "third again").index == 2
    assert alice.clear_turns() == 3
    assert alice.recent_turns() == [] and alice.pop_turn() is None
    assert alice.observe("alice", "a fresh start").index == 3
    assert [t.index for t in alice.recent_turns()] == [3]


def test_clearing_keeps_facts_and_the_transcript(engine: Engine, location: str) -> None:
    alice = engine.session(ALICE)
    alice.observe("alice", "The delivery address is 12 Elm Street.")
    assert alice.clear_turns() == 1
    assert alice.current_value("delivery_address") == "12 Elm Street"
    assert transcript(location) == ["The delivery address is 12 Elm Street."]
    assert alice.clear_turns() == 0


def test_a_turn_cannot_take_a_higher_authoritys_fact_with_it(engine: Engine, location: str) -> None:
    """A guest who recorded a turn with a manager's fact may not retire that fact by taking
    the turn back: nothing changes."""
    price = engine.session(ALICE).write("price", "$40 per seat", memory_type="organizational")
    guest = engine.session(GUEST)
    guest.add_turn("gina", "the price is forty a seat", fact_ids=[price.id])
    before = snapshot(location)
    with pytest.raises(AuthorityError):
        guest.pop_turn()
    assert snapshot(location) == before


def test_the_facts_a_turn_was_recorded_with_go_with_it(engine: Engine) -> None:
    alice = engine.session(ALICE)
    fact = alice.write("meeting_room", "Room 4B")
    alice.add_turn("alice", "let's meet in Room 4B", fact_ids=[fact.id])
    alice.pop_turn()
    assert alice.is_current(fact.id) is False
    assert alice.get(fact.id).invalid_reason == WITHDRAWN


def test_the_async_session_takes_turns_back_too(engine: Engine) -> None:
    async def talk() -> tuple[str | None, int, list[str]]:
        session = AsyncEngine(engine).session(ALICE)
        await session.observe("alice", "The delivery address is 12 Elm Street.")
        await session.add_turn("alice", "thanks")
        popped = await session.pop_turn()
        cleared = await session.clear_turns()
        return (
            popped.text if popped else None,
            cleared,
            [t.text for t in await session.recent_turns()],
        )

    assert asyncio.run(talk()) == ("thanks", 1, [])
    assert engine.session(ALICE).current_value("delivery_address") == "12 Elm Street"
