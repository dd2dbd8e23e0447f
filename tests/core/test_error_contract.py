"""Every failure of a public call is a StatekeeperError naming what failed; nothing is
half-written."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from statekeeper import (
    Engine,
    InvalidInputError,
    Principal,
    PrincipalError,
    Source,
    StoreError,
)
from statekeeper.store import sqlite as sqlite_store
from tests.conftest import ALICE, ON_POSTGRES


@pytest.mark.parametrize(
    "target",
    [None, 42, "/no/such/directory/state.db", "postgresql://nobody@127.0.0.1:1/none"],
)
def test_a_store_that_cannot_be_opened_raises_store_error(target: Any, tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        Engine.open(target)
    assert not Path("None").exists()


def test_an_unknown_sync_mode_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        Engine.open(tmp_path / "s.db", synchronous="SOMETIMES")


def test_a_full_sync_store_works(tmp_path: Path) -> None:
    with Engine.open(tmp_path / "s.db", synchronous="FULL") as engine:
        engine.session(ALICE).write("door_code", "4411")
        assert engine.session(ALICE).current_value("door_code") == "4411"


@pytest.mark.parametrize(
    "fields",
    [
        {"org": "", "user": "alice"},
        {"org": "acme", "user": "ali\nce"},
        {"org": "acme"},
        {"org": "acme", "user": "alice", "permissions": 5},
    ],
)
def test_a_bad_principal_raises_principal_error(fields: dict[str, Any]) -> None:
    with pytest.raises(PrincipalError):
        Principal(**fields)


def test_a_bad_source_raises_invalid_input() -> None:
    with pytest.raises(InvalidInputError):
        Source(type="rumour")


def _nested(levels: int) -> Any:
    value: Any = "leaf"
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("plan", _nested(256)),
        ("plan", _nested(1_000)),
        ("plan", float("nan")),
        ("plan", {"ratio": float("inf")}),
        ("two\nlines", "fine value"),
        ("tab\tkey", "fine value"),
    ],
)
def test_bad_writes_raise_invalid_input_and_write_nothing(
    engine: Engine, key: str, value: Any
) -> None:
    s = engine.session(ALICE)
    with pytest.raises(InvalidInputError):
        s.write(key, value)
    assert s.facts() == []


def test_a_lock_held_too_long_raises_store_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if ON_POSTGRES:
        pytest.skip("SQLite's file lock")
    monkeypatch.setattr(sqlite_store, "LOCK_TIMEOUT", 0.2)  # rather than half a minute
    location = tmp_path / "locked.db"
    with Engine.open(location) as engine:
        engine.session(ALICE).write("seed", "1")
        holder = sqlite3.connect(location)
        holder.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreError, match="locked"):
                engine.session(ALICE).write("door", "blue")
        finally:
            holder.rollback()
            holder.close()
        assert engine.session(ALICE).current_value("seed") == "1"
        assert [f.key for f in engine.session(ALICE).facts()] == ["seed"]


def test_a_postgres_writer_waits_for_the_lock_only_so_long(
    engine: Engine, location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not ON_POSTGRES:
        pytest.skip("PostgreSQL's organization lock")
    from statekeeper.store import postgres

    monkeypatch.setattr(postgres, "LOCK_TIMEOUT", 0.2)
    engine.session(ALICE).write("seed", "1")
    # Another writer of acme holds its lock: a store of its own (a write of this store,
    # on this thread, would take this one's as a savepoint of it).
    with Engine.open(location) as other, other.store.write("acme"):
        with pytest.raises(StoreError, match="lock"):
            engine.session(ALICE).write("door", "blue")
    assert [f.key for f in engine.session(ALICE).facts()] == ["seed"]
