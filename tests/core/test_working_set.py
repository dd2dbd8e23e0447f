"""The working set: per task, recent turns capped, the whole transcript kept."""

from __future__ import annotations

from collections.abc import Callable

from statekeeper import Engine, Settings
from statekeeper.context.format import RECALLED_HEADER, TURNS_HEADER
from tests.conftest import ALICE, Clock, MakeEngine, query


def test_items_belong_to_their_task(engine: Engine) -> None:
    a = engine.session(ALICE, task_id="task-a")
    b = engine.session(ALICE, task_id="task-b")
    a.remember("next_step", "email the supplier")
    a.add_turn("alice", "We talked about the supplier in task A")
    text = b.context("next step supplier").text
    assert "email the supplier" not in text
    # Another task's turn is no recent turn here; it may only be recalled, dated.
    assert TURNS_HEADER not in text
    assert "alice: We talked about the supplier in task A" in text.split(RECALLED_HEADER)[1]
    assert "email the supplier" in a.context("next step").text


def test_remember_replaces_same_key(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.remember("next_step", "email the supplier")
    s.remember("next_step", "call the supplier")
    text = s.context("next step").text
    assert "call the supplier" in text and "email the supplier" not in text


def test_recent_turns_capped_transcript_complete(
    make_engine: MakeEngine, clock: Clock, store_location: Callable[[str], str]
) -> None:
    engine = make_engine("turns.db", Settings(recent_turns=3))
    s = engine.session(ALICE)
    for i in range(6):
        clock.advance(seconds=1)
        s.add_turn("alice", f"turn number {i} marker-{i}x")
    recent = s.context("turns").text.split(TURNS_HEADER)[1]
    assert [f"marker-{i}x" in recent for i in range(6)] == [False] * 3 + [True] * 3
    archived = query(store_location("turns.db"), "SELECT turn_index FROM transcript")
    assert sorted(r["turn_index"] for r in archived) == list(range(6))
