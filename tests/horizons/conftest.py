"""Fixtures for the horizons tests: real SQLite files in a temporary directory."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from statekeeper.store import Store, open_store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "horizons.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    opened = open_store(db_path)
    yield opened
    opened.close()


Snapshot = Callable[[], dict[str, list[tuple[object, ...]]]]


@pytest.fixture
def snapshot(db_path: Path) -> Snapshot:
    """Every row of every table, to compare the store before and after a refused call."""
    return lambda: dump(db_path)


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as db:
        tables = [
            name
            for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {
            table: sorted(db.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr)
            for table in tables
        }
