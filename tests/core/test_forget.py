"""Forget: the content goes, an audit tombstone stays."""

from __future__ import annotations

import pytest

from statekeeper import Session, UnknownFactError
from tests.conftest import Clock, query, snapshot


def test_forget_removes_content_and_leaves_tombstone(
    alice: Session, clock: Clock, location: str
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
    tombstones = query(
        location, "SELECT org_id, fact_id, user_id, key, forgotten_by FROM fact_tombstones"
    )
    rows = query(location, "SELECT value, body FROM facts")
    dump = repr(snapshot(location))  # every table, full-text index included
    expected = {"org_id": "acme", "fact_id": fact.id, "user_id": "alice", "key": "home_address"}
    assert tombstones == [{**expected, "forgotten_by": "alice"}]
    assert all("Augusta" not in str(r["value"]) + str(r["body"]) for r in rows)
    assert "Augusta" not in dump


def test_forget_by_key(alice: Session) -> None:
    fact = alice.write("phone", "+351 555 0101")
    alice.forget("phone")
    assert alice.get(fact.id).forgotten
    with pytest.raises(UnknownFactError):
        alice.current_value("phone")


def test_forget_of_other_users_fact_refused(alice: Session, bob: Session, location: str) -> None:
    fact = alice.write("phone", "+351 555 0101")
    before = snapshot(location)
    with pytest.raises(UnknownFactError):
        bob.forget(fact.id)
    assert snapshot(location) == before


def test_forget_twice(alice: Session, location: str) -> None:
    fact = alice.write("phone", "+351 555 0101")
    alice.forget(fact.id)
    before = snapshot(location)
    try:
        alice.forget(fact.id)
    except UnknownFactError:
        pass
    assert snapshot(location) == before


def test_forgotten_value_not_in_recent_turns(alice: Session, clock: Clock) -> None:
    alice.add_turn("alice", "My home is 17 Rua Augusta, Lisbon")
    fact = alice.write("home", "17 Rua Augusta, Lisbon")
    clock.advance(minutes=1)
    alice.forget(fact.id)
    assert "Rua Augusta" not in alice.context("Where do I live?").text


def test_forget_takes_the_values_inside_a_fact_out_of_every_turn(
    alice: Session, clock: Clock, location: str
) -> None:
    alice.add_turn("alice", "FYI my passport number ends in 4417.")
    alice.add_turn("alice", "Locker 44170 is by the gym; call Ines Okafor at 555-0199.")
    fact = alice.write("passport", "Passport, last four: 4417")
    contact = alice.write("emergency_contact", "Ines Okafor, 555-0199")
    clock.advance(minutes=1)
    alice.forget(fact.id)
    alice.forget(contact.id)
    said = [str(r["text"]) for r in query(location, "SELECT text FROM transcript")]
    assert not any("4417." in t or "555-0199" in t or "Okafor" in t for t in said)
    assert any("Locker 44170" in t for t in said)  # only whole values go
    text = alice.context("passport number, emergency contact").text
    assert "4417." not in text and "555-0199" not in text and "Okafor" not in text
