"""Shared fixtures: a fresh SQLite file per test, a clock the test controls, snapshots."""

from __future__ import annotations

import os
import sqlite3
import uuid
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


# STATEKEEPER_TEST_BACKEND=postgres runs the behaviour suite on PostgreSQL: each test gets
# a fresh database cloned from a migrated template. Tests that read the SQLite file itself
# (snapshots of every table) run on SQLite only.
ON_POSTGRES = os.environ.get("STATEKEEPER_TEST_BACKEND") == "postgres"
PG_ADMIN = os.environ.get(
    "STATEKEEPER_PG_ADMIN", "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
)
PG_BASE = os.environ.get("STATEKEEPER_PG_URL", "postgresql://postgres@127.0.0.1:5432")


def _admin(statement: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(statement)


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    name = f"sk_template_{uuid.uuid4().hex[:8]}"
    _admin(f"CREATE DATABASE {name}")
    Engine.open(f"{PG_BASE}/{name}").close()
    yield name
    _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def store_location(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[[str], str]]:
    """Where an engine of this test lives, by name: a SQLite file, or a PostgreSQL database."""
    created: list[str] = []

    def location(name: str) -> str:
        if not ON_POSTGRES:
            return str(tmp_path / name)
        template: str = request.getfixturevalue("pg_template")
        database = f"sk_test_{uuid.uuid4().hex[:10]}"
        _admin(f"CREATE DATABASE {database} TEMPLATE {template}")
        created.append(database)
        return f"{PG_BASE}/{database}"

    yield location
    for database in created:
        _admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    if ON_POSTGRES:
        pytest.skip("inspects the SQLite file directly")
    return tmp_path / "state.db"


@pytest.fixture
def engine(store_location: Callable[[str], str], clock: Clock) -> Iterator[Engine]:
    with Engine.open(store_location("state.db"), clock=clock) as opened:
        yield opened


@pytest.fixture
def make_engine(
    store_location: Callable[[str], str], clock: Clock
) -> Iterator[Callable[..., Engine]]:
    """Open further engines (other stores or other settings) closed at teardown."""
    opened: list[Engine] = []
    places: dict[str, str] = {}

    def make(name: str = "state.db", settings: Settings | None = None) -> Engine:
        place = places.setdefault(name, store_location(name))
        found = Engine.open(place, clock=clock, settings=settings)
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
