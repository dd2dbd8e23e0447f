"""Shared fixtures: a fresh SQLite file per test, a clock the test controls, snapshots."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from statekeeper import Engine, Principal, Session, Settings

START = datetime(2026, 3, 2, 9, 0, 0)

Snapshot = dict[str, list[tuple[object, ...]]]
MakeEngine = Callable[..., Engine]


@dataclass
class Clock:
    """A clock that only moves when the test says so."""

    now: datetime = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


def snapshot(path: Path) -> Snapshot:
    """Every row of every table in the SQLite file, in a stable order."""
    with sqlite3.connect(path) as conn:
        names = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name"
            )
        ]
        return {name: sorted(conn.execute(f'SELECT * FROM "{name}"'), key=repr) for name in names}


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "state.db"


@pytest.fixture
def engine(db_path: Path, clock: Clock) -> Iterator[Engine]:
    with Engine.open(db_path, clock=clock) as opened:
        yield opened


@pytest.fixture
def make_engine(tmp_path: Path, clock: Clock) -> Iterator[Callable[..., Engine]]:
    """Open further engines (other files or other settings) closed at teardown."""
    opened: list[Engine] = []

    def make(name: str = "state.db", settings: Settings | None = None) -> Engine:
        found = Engine.open(tmp_path / name, clock=clock, settings=settings)
        opened.append(found)
        return found

    yield make
    for found in opened:
        found.close()


ALICE = Principal(org="acme", user="alice", authority="manager")
BOB = Principal(org="acme", user="bob", authority="peer")


@pytest.fixture
def alice(engine: Engine) -> Session:
    return engine.session(ALICE)


@pytest.fixture
def bob(engine: Engine) -> Session:
    return engine.session(BOB)
