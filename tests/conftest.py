"""Shared fixtures: a fresh store per test (a SQLite file, or a PostgreSQL database), a
clock the test controls, snapshots of every table."""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from statekeeper import Engine, Principal, Session, Settings
from tests import pg

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


def snapshot(location: str | Path) -> Snapshot:
    """Every row of every table of a store (a SQLite file or a PostgreSQL URL), in a stable
    order: what "the store is unchanged" compares."""
    with _connect(location) as conn:
        return {
            name: sorted(conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
            for name in _tables(conn, location)
        }


def query(location: str | Path, sql: str) -> list[dict[str, object]]:
    """The rows of a read-only statement against a store, as column-to-value mappings."""
    with _connect(location) as conn:
        cursor = conn.execute(sql)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _is_url(location: str | Path) -> bool:
    return str(location).startswith("postgresql://")


@contextmanager
def _connect(location: str | Path) -> Iterator[Any]:
    if not _is_url(location):
        with closing(sqlite3.connect(location)) as conn:
            yield conn
        return
    import psycopg

    with psycopg.connect(pg.as_admin(str(location))) as conn:  # no row-level filter
        yield conn


def _tables(conn: Any, location: str | Path) -> list[str]:
    if _is_url(location):
        found = conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
        )
    else:  # virtual tables are read through their shadow tables, which are listed
        found = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name"
        )
    return [row[0] for row in found.fetchall()]


@pytest.fixture
def clock() -> Clock:
    return Clock()


# STATEKEEPER_TEST_BACKEND=postgres runs the behaviour suite on PostgreSQL: each test gets
# a fresh database cloned from a migrated template.
ON_POSTGRES = os.environ.get("STATEKEEPER_TEST_BACKEND") == "postgres"


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    name = f"sk_template_{uuid.uuid4().hex[:8]}"
    Engine.open(pg.create_database(name)).close()
    yield name
    pg.drop_database(name)


@pytest.fixture
def store_location(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[[str], str]]:
    """Where a store of this test lives, by name: a SQLite file, or a PostgreSQL database.
    The same name gives the same store for the whole test."""
    places: dict[str, str] = {}

    def location(name: str) -> str:
        if name not in places:
            places[name] = _new_store(request, tmp_path, name)
        return places[name]

    yield location
    for place in places.values():
        if _is_url(place):
            pg.drop_database(place.rsplit("/", 1)[1])


def _new_store(request: pytest.FixtureRequest, tmp_path: Path, name: str) -> str:
    if not ON_POSTGRES:
        return str(tmp_path / name)
    template: str = request.getfixturevalue("pg_template")
    return pg.create_database(f"sk_test_{uuid.uuid4().hex[:10]}", template)


@pytest.fixture
def location(store_location: Callable[[str], str]) -> str:
    """The store the `engine` fixture opens, for tests that read it directly."""
    return store_location("state.db")


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

    def make(name: str = "state.db", settings: Settings | None = None) -> Engine:
        found = Engine.open(store_location(name), clock=clock, settings=settings)
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
