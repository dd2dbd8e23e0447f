"""A process killed mid-autosave leaves a file that opens cleanly with a whole save in it."""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from statekeeper.horizons import State, load_task_workspace, load_user_profile
from statekeeper.store import open_store

KILLS = 20
CHILD = """
import asyncio, sys
from statekeeper.horizons import State, autosave
from statekeeper.store import open_store

store = open_store(sys.argv[1])
state = asyncio.run(State.continue_task(task_id=sys.argv[2], user_id="alice", store=store))
n = state.workspace.facts.get("save", 0)
print("ready", flush=True)
while True:
    n += 1
    state.profile.preferences["save"] = n
    state.workspace.facts["save"] = n
    # a large workspace, so the kill often lands while SQLite is writing pages
    state.workspace.observations = [f"observation {n} " + "x" * 200] * 300
    autosave(state)
"""


def saved_pair(db_path: Path, task_id: str) -> int:
    """The save counter, after checking the file and that both horizons carry it."""
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    store = open_store(db_path)
    try:
        profile = load_user_profile("alice", store=store)
        workspace = load_task_workspace(task_id, "alice", store=store)
    finally:
        store.close()
    assert profile is not None
    n = profile.preferences.get("save", 0)
    assert workspace.facts.get("save", 0) == n
    if n:
        assert workspace.observations == [f"observation {n} " + "x" * 200] * 300
    return int(n)


def test_sigkill_mid_autosave_leaves_a_consistent_pair(tmp_path: Path, db_path: Path) -> None:
    script = tmp_path / "autosave_forever.py"
    script.write_text(CHILD)
    store = open_store(db_path)
    task_id = asyncio.run(State.start_task(query="survive", user_id="alice", store=store)).task_id
    store.close()

    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    last = 0
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, str(script), str(db_path), task_id],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        try:
            assert child.stdout is not None
            ready, _, _ = select.select([child.stdout], [], [], 60)
            assert ready and child.stdout.readline() == b"ready\n", child.stderr
            time.sleep(rng.uniform(0.0, 0.3))
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        assert child.returncode == -signal.SIGKILL, (seed, kill, child.communicate()[1])
        n = saved_pair(db_path, task_id)
        assert n >= last, (seed, kill, n, last)  # committed saves never roll back
        last = n
    assert last > KILLS, f"seed {seed}: the child barely saved ({last} saves)"
