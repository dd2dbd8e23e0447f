"""Writes and the supersession chain: by id, by key, implicit, no-op, history, Rule 4."""

from __future__ import annotations

from statekeeper import Session
from tests.conftest import Clock


def test_write_returns_live_fact(alice: Session) -> None:
    fact = alice.write("city", "Lisbon")
    assert fact.is_valid and fact.superseded_by is None and fact.supersedes is None
    assert alice.get(fact.id) == alice.get("city")
    assert alice.is_current(fact.id)
    assert alice.current_value("city") == "Lisbon"


def test_supersede_by_id(alice: Session, clock: Clock) -> None:
    old = alice.write("city", "Lisbon")
    clock.advance(minutes=1)
    new = alice.write("city", "Porto", supersedes=old.id, implicit=False)
    dead = alice.get(old.id)
    assert not dead.is_valid
    assert dead.superseded_by == new.id
    assert new.supersedes == old.id
    assert not alice.is_current(old.id)


def test_supersede_by_key_takes_current_head(alice: Session, clock: Clock) -> None:
    first = alice.write("city", "Lisbon")
    clock.advance(minutes=1)
    second = alice.supersede("city", "Porto")
    clock.advance(minutes=1)
    third = alice.supersede("city", "Faro")
    assert second.supersedes == first.id
    assert third.supersedes == second.id
    assert alice.get(second.id).superseded_by == third.id
    assert alice.get(first.id).superseded_by == second.id


def test_superseding_dead_fact_follows_to_head(alice: Session, clock: Clock) -> None:
    """Naming a fact that is already dead replaces the live head of its chain."""
    first = alice.write("city", "Lisbon")
    clock.advance(minutes=1)
    second = alice.supersede(first.id, "Porto")
    clock.advance(minutes=1)
    third = alice.supersede(first.id, "Faro")
    assert third.supersedes == second.id
    assert alice.get(first.id).superseded_by == second.id
    assert [f.id for f in alice.facts()] == [third.id]


def test_implicit_same_key_replacement(alice: Session, clock: Clock) -> None:
    old = alice.write("city", "Lisbon")
    clock.advance(minutes=1)
    new = alice.write("city", "Porto")
    assert new.supersedes == old.id
    assert alice.get(old.id).superseded_by == new.id
    assert [f.value for f in alice.facts()] == ["Porto"]


def test_implicit_off_keeps_both(alice: Session, clock: Clock) -> None:
    alice.write("office", "Lisbon")
    clock.advance(minutes=1)
    alice.write("office", "Porto", implicit=False)
    assert sorted(str(f.value) for f in alice.facts()) == ["Lisbon", "Porto"]


def test_identical_value_is_noop(alice: Session, clock: Clock) -> None:
    old = alice.write("city", "Lisbon")
    clock.advance(minutes=1)
    again = alice.write("city", "Lisbon")
    assert again.id == old.id
    assert len(alice.history("city")) == 1


def test_current_value_along_chain(alice: Session, clock: Clock) -> None:
    ids = []
    for value in ("a-1", "a-2", "a-3", "a-4"):
        ids.append(alice.write("level", value).id)
        clock.advance(minutes=1)
    for fact_id in ids:
        assert alice.current_value(fact_id) == "a-4"
    assert alice.current_value("level") == "a-4"


def test_history_oldest_first(alice: Session, clock: Clock) -> None:
    values = ["v1", "v2", "v3"]
    for value in values:
        alice.write("plan", value)
        clock.advance(minutes=1)
    history = alice.history("plan")
    assert [f.value for f in history] == values
    assert [f.is_valid for f in history] == [False, False, True]
    assert [f.timestamp for f in history] == sorted(f.timestamp for f in history)
    assert history[1].supersedes == history[0].id
    assert history[0].superseded_by == history[1].id


def test_rule4_older_write_is_dead_history(alice: Session, clock: Clock) -> None:
    """A write stamped before the current head is stored, dead, behind that head."""
    head = alice.write("price", "$100", timestamp=clock.now)
    late = alice.write("price", "$90", timestamp=clock.now.replace(hour=clock.now.hour - 1))
    assert not late.is_valid
    assert late.superseded_by == head.id
    assert alice.get(head.id).is_valid
    assert alice.current_value("price") == "$100"
    assert sorted(str(f.value) for f in alice.history("price")) == ["$100", "$90"]
    assert "$90" not in alice.context("price").text


def test_supersede_under_new_key(alice: Session, clock: Clock) -> None:
    old = alice.write("status_v1", "approved")
    clock.advance(minutes=1)
    new = alice.supersede("status_v1", "cancelled", key="status_v2")
    assert new.key == "status_v2"
    assert alice.current_value(old.id) == "cancelled"
    assert alice.facts() == [alice.get(new.id)]


def test_users_do_not_supersede_each_other(alice: Session, bob: Session, clock: Clock) -> None:
    """User memory is private: the same key in two users' memories are two chains."""
    a = alice.write("favourite_colour", "green")
    clock.advance(minutes=1)
    b = bob.write("favourite_colour", "blue")
    assert alice.get(a.id).is_valid and bob.get(b.id).is_valid
    assert alice.current_value("favourite_colour") == "green"
    assert bob.current_value("favourite_colour") == "blue"


def test_key_whitespace_normalized_on_reads(alice: Session) -> None:
    fact = alice.write("city ", "Lisbon")
    assert fact.key == "city"
    assert alice.get("city ").id == fact.id
    assert alice.current_value(" city") == "Lisbon"
    assert [f.id for f in alice.history(" city ")] == [fact.id]


def test_a_superseded_value_takes_its_copies_under_other_keys(alice: Session) -> None:
    alice.write("venue", "Harbor Hotel ballroom")
    copy = alice.write("offsite_venue", "Harbor Hotel ballroom")
    alice.write("venue", "Pier 9 loft", supersedes="venue")
    assert not alice.is_current(copy.id)


def test_values_that_differ_in_their_numbers_are_no_copies(alice: Session) -> None:
    for n in range(6):
        alice.write(f"item_{n}", f"Item {n} ships from dock {n}")
    alice.write("item_3", "Item 3 ships from dock 40", supersedes="item_3")
    assert len(alice.facts()) == 6
    assert alice.current_value("item_4") == "Item 4 ships from dock 4"
