"""The working set: per task, recent turns capped, transcript kept but never read back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from statekeeper import Engine, Settings
from tests.conftest import ALICE, Clock, MakeEngine


def test_items_belong_to_their_task(engine: Engine) -> None:
    a = engine.session(ALICE, task_id="task-a")
    b = engine.session(ALICE, task_id="task-b")
    a.remember("next_step", "email the supplier")
    a.add_turn("alice", "We talked about the supplier in task A")
    text = b.context("next step supplier").text
    assert "email the supplier" not in text
    assert "task A" not in text
    assert "email the supplier" in a.context("next step").text


def test_remember_replaces_same_key(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.remember("next_step", "email the supplier")
    s.remember("next_step", "call the supplier")
    text = s.context("next step").text
    assert "call the supplier" in text and "email the supplier" not in text


def test_recent_turns_capped_transcript_complete(
    make_engine: MakeEngine, clock: Clock, tmp_path: Path, db_path: Path
) -> None:
    """Reads the transcript table from the SQLite file (db_path: SQLite only)."""
    engine = make_engine("turns.db", Settings(recent_turns=3))
    s = engine.session(ALICE)
    for i in range(6):
        clock.advance(seconds=1)
        s.add_turn("alice", f"turn number {i} marker-{i}x")
    text = s.context("turns").text
    assert [f"marker-{i}x" in text for i in range(6)] == [False] * 3 + [True] * 3
    with sqlite3.connect(tmp_path / "turns.db") as conn:
        archived = conn.execute("SELECT turn_index FROM transcript ORDER BY turn_index").fetchall()
    assert [i for (i,) in archived] == list(range(6))
