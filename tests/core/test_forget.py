"""Forget: the content goes, an audit tombstone stays."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from statekeeper import Session, UnknownFactError
from tests.conftest import Clock


def test_forget_removes_content_and_leaves_tombstone(
    alice: Session, clock: Clock, db_path: Path
) -> None:
    fact = alice.write("home_address", "17 Rua Augusta Lisbon")
    clock.advance(minutes=1)
    alice.forget(fact.id)

    history = alice.history("home_address")
    assert len(history) == 1
    assert history[0].forgotten and not history[0].is_valid
    assert "Rua Augusta" not in str(history[0].value)
    assert "Rua Augusta" not in alice.context("home address Augusta Lisbon").text
    assert alice.related_facts("Rua Augusta Lisbon") == []
    with sqlite3.connect(db_path) as conn:
        tombstones = conn.execute(
            "SELECT org_id, fact_id, user_id, key, forgotten_by FROM fact_tombstones"
        ).fetchall()
        rows = conn.execute("SELECT value, body FROM facts").fetchall()
        dump = "\n".join(conn.iterdump())
    assert tombstones == [("acme", fact.id, "alice", "home_address", "alice")]
    assert all("Augusta" not in value + body for value, body in rows)
    assert "Augusta" not in dump


def test_forget_by_key(alice: Session) -> None:
    fact = alice.write("phone", "+351 555 0101")
    alice.forget("phone")
    assert alice.get(fact.id).forgotten
    with pytest.raises(UnknownFactError):
        alice.current_value("phone")


def test_forget_of_other_users_fact_refused(alice: Session, bob: Session, db_path: Path) -> None:
    from tests.conftest import snapshot

    fact = alice.write("phone", "+351 555 0101")
    before = snapshot(db_path)
    with pytest.raises(UnknownFactError):
        bob.forget(fact.id)
    assert snapshot(db_path) == before


def test_forget_twice(alice: Session, db_path: Path) -> None:
    from tests.conftest import snapshot

    fact = alice.write("phone", "+351 555 0101")
    alice.forget(fact.id)
    before = snapshot(db_path)
    try:
        alice.forget(fact.id)
    except UnknownFactError:
        pass
    assert snapshot(db_path) == before


def test_forgotten_value_not_in_recent_turns(alice: Session, clock: Clock) -> None:
    alice.add_turn("alice", "My home is 17 Rua Augusta, Lisbon")
    fact = alice.write("home", "17 Rua Augusta, Lisbon")
    clock.advance(minutes=1)
    alice.forget(fact.id)
    assert "Rua Augusta" not in alice.context("Where do I live?").text
