"""Erasing a user leaves nothing of theirs anywhere in the store, raw files included."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from statekeeper import Engine, Principal, PrincipalError, Settings
from statekeeper.cli import main
from statekeeper.horizons import UserProfile, Workspace, save_task_workspace, save_user_profile
from tests.conftest import ON_POSTGRES, Clock, query, snapshot

MARK = "qzvtok"  # a word no stemmer changes, so the full-text index holds it as is
ALICE = Principal(org="acme", user="alice", authority="manager")
BOB = Principal(org="acme", user="bob", authority="peer")
MakeEngine = Callable[..., Engine]


def _fill(engine: Engine, clock: Clock) -> None:
    """Alice's facts of every kind and state, turns, items and horizons; Bob's one fact."""
    with engine.session(ALICE, task_id="move") as s:
        first = s.write("storage_unit", f"Unit 12 code {MARK} 1")
        s.write("storage_unit", f"Unit 14 code {MARK} 2", supersedes=first.id)
        gone = s.write("locker", f"Locker {MARK} 7")
        s.forget(gone.id)
        s.write("plan", f"Move on Friday {MARK}", depends_on=[s.get("storage_unit").id])
        for n in range(12):
            clock.advance(minutes=1)
            s.observe("alice", f"Note {n}: the {MARK} boxes go to the attic.")
        s.remember("next_step", f"label the {MARK} crates", ttl=timedelta(hours=1))
    save_user_profile(
        "alice", UserProfile("alice", goals=[f"finish {MARK} move"]), org="acme", store=engine.store
    )
    save_task_workspace(
        "move", "alice", Workspace(objective=f"pack {MARK}"), org="acme", store=engine.store
    )
    engine.session(BOB).write("desk", "Desk 9 by the window")


def _raw(location: str) -> bytes:
    """Every byte the store keeps on disk (SQLite), or every row of every table as text."""
    if ON_POSTGRES:
        return repr(snapshot(location)).encode()
    files = [Path(location), Path(location + "-wal")]
    return b"".join(f.read_bytes() for f in files if f.exists())


def test_erasing_a_user_leaves_nothing_of_theirs(
    make_engine: MakeEngine, clock: Clock, store_location: Callable[[str], str]
) -> None:
    engine = make_engine("erase.db", Settings(recent_turns=3))
    _fill(engine, clock)
    before = engine.session(ALICE, task_id="move").context(f"{MARK} boxes").text
    assert MARK in before
    done = engine.erase_user("acme", "alice")
    assert (done.facts, done.turns) == (4, 12)
    location = store_location("erase.db")
    assert MARK.encode() not in _raw(location).lower()
    assert MARK not in engine.session(ALICE, task_id="move").context(f"{MARK} boxes").text
    assert "Desk 9" in engine.session(BOB).context("desk").text
    [entry] = query(location, "SELECT * FROM erasures")
    assert "alice" not in repr(entry) and entry["facts"] == 4


def test_another_engine_on_the_store_stops_serving_an_erased_user(
    make_engine: MakeEngine, clock: Clock
) -> None:
    first = make_engine("shared.db")
    other = make_engine("shared.db")  # as a second process would hold it
    first.session(ALICE).write("allergy", f"Allergic to {MARK}")
    assert MARK in other.session(ALICE).context("allergy").text
    first.erase_user("acme", "alice")
    assert MARK not in other.session(ALICE).context("allergy").text


@pytest.mark.parametrize(("org", "user"), [("", "alice"), ("acme", ""), ("acme", 7)])
def test_an_erasure_needs_an_organization_and_a_user(engine: Engine, org: str, user: str) -> None:
    with pytest.raises(PrincipalError):
        engine.erase_user(org, user)


def test_the_command_erases_a_user(tmp_path: Path, clock: Clock) -> None:
    if ON_POSTGRES:
        pytest.skip("the command is exercised on a SQLite file")
    location = str(tmp_path / "cli.db")
    with Engine.open(location, clock=clock) as engine:
        engine.session(ALICE).write("pin", f"PIN {MARK} 4242")
    result = CliRunner().invoke(
        main, ["erase-user", "--url", location, "--org", "acme", "--user", "alice", "--yes"]
    )
    assert result.exit_code == 0, result.output
    assert "1 facts" in result.output
    assert MARK.encode() not in _raw(location).lower()
