"""Bulk writes: one transaction, the same result as one by one, nothing written on error."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from statekeeper import Engine, InvalidInputError, Principal

ALICE = Principal(org="acme", user="alice")
NOON = datetime(2026, 1, 1, 12, 0)


def _rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT fact_id, key, value, is_valid FROM facts ORDER BY seq"
        ).fetchall()


def test_batch_equals_sequential_writes(tmp_path: Path) -> None:
    items = [
        {"key": "address", "value": "123 Main St"},
        {"key": "budget", "value": "$200K"},
        {"key": "address", "value": "456 Oak Ave", "supersedes": "address"},
    ]
    batch = Engine.open(tmp_path / "batch.db", clock=lambda: NOON)
    one_by_one = Engine.open(tmp_path / "single.db", clock=lambda: NOON)
    batch.session(ALICE).write_many(items)
    single = one_by_one.session(ALICE)
    for item in items:
        single.write(**item)
    assert _rows(tmp_path / "batch.db") == _rows(tmp_path / "single.db")
    assert batch.session(ALICE).current_value("address") == "456 Oak Ave"


@pytest.mark.parametrize(
    "bad",
    [
        {"key": "", "value": "x"},
        {"key": "k"},
        {"key": "k", "value": "x", "colour": "red"},
        {"key": "k", "value": "x", "supersedes": "no-such-fact"},
        "not a mapping",
    ],
)
def test_a_bad_item_anywhere_writes_nothing(tmp_path: Path, bad: object) -> None:
    engine = Engine.open(tmp_path / "s.db")
    session = engine.session(ALICE)
    session.write("seed", "kept")
    before = _rows(tmp_path / "s.db")
    with pytest.raises((InvalidInputError, LookupError)):
        session.write_many(
            [{"key": "first", "value": "fine"}, bad, {"key": "last", "value": "fine"}]
        )
    assert _rows(tmp_path / "s.db") == before


def test_items_must_be_a_list_of_mappings(tmp_path: Path) -> None:
    session = Engine.open(tmp_path / "s.db").session(ALICE)
    with pytest.raises(InvalidInputError):
        session.write_many({"key": "k", "value": "v"})  # type: ignore[arg-type]
