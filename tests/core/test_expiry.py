"""Expiry of facts and working items against the injected clock."""

from __future__ import annotations

from datetime import timedelta

from statekeeper import Session
from tests.conftest import Clock


def test_fact_ttl_expires_on_clock(alice: Session, clock: Clock) -> None:
    fact = alice.write("promo_code", "SPRING-42", ttl=timedelta(hours=2))
    assert fact.expires_at == clock.now + timedelta(hours=2)
    clock.advance(hours=1, minutes=59)
    assert "SPRING-42" in alice.context("promo code").text
    clock.advance(minutes=1)
    context = alice.context("promo code")
    assert "SPRING-42" not in context.text
    dead = alice.get(fact.id)
    assert not dead.is_valid and dead.invalid_reason == "expired"
    assert alice.facts() == []


def test_fact_expires_at(alice: Session, clock: Clock) -> None:
    fact = alice.write("room_hold", "Room 4B held", expires_at=clock.now + timedelta(days=1))
    assert alice.reconcile() == []
    clock.advance(days=2)
    assert alice.reconcile() == [fact.id]
    assert not alice.is_current(fact.id)


def test_expiry_flags_dependants(alice: Session, clock: Clock) -> None:
    rate = alice.write("fx_rate", "1.08 USD per EUR", ttl=timedelta(minutes=30))
    total = alice.write("invoice_usd", "$10,800 invoice", depends_on=[rate.id])
    clock.advance(hours=1)
    alice.reconcile()
    assert alice.get(total.id).needs_review
    assert "$10,800" not in alice.context("invoice").text


def test_working_item_ttl(alice: Session, clock: Clock) -> None:
    alice.remember("scratch_total", "sum so far 77", ttl=timedelta(minutes=10))
    alice.remember("objective_note", "keep going")
    assert "sum so far 77" in alice.context("scratch").text
    clock.advance(minutes=10)
    text = alice.context("scratch").text
    assert "sum so far 77" not in text
    assert "keep going" in text


def test_expired_fact_not_current_without_reconcile(alice: Session, clock: Clock) -> None:
    fact = alice.write("promo_code", "SPRING-42", ttl=timedelta(hours=1))
    clock.advance(hours=2)
    assert not alice.is_current(fact.id)
    assert alice.current_value(fact.id) is None
    assert alice.facts() == []


def test_expiry_boundary_is_inclusive(alice: Session, clock: Clock) -> None:
    fact = alice.write("hold", "Room 4B held", expires_at=clock.now + timedelta(minutes=5))
    clock.advance(minutes=4, seconds=59)
    assert alice.reconcile() == []
    clock.advance(seconds=1)
    assert alice.reconcile() == [fact.id]


def test_aware_expiry_converted_to_utc(alice: Session, clock: Clock) -> None:
    from datetime import timezone

    plus_two = timezone(timedelta(hours=2))
    local = (clock.now + timedelta(hours=3)).replace(tzinfo=plus_two)  # = now + 1h UTC
    fact = alice.write("hold", "Room 4B held", expires_at=local)
    assert fact.expires_at == clock.now + timedelta(hours=1)
    clock.advance(minutes=61)
    assert alice.reconcile() == [fact.id]
