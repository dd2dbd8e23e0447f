"""Dead values are scrubbed from recent turns and acknowledgements; live ones stay."""

from __future__ import annotations

from statekeeper import Session
from statekeeper.context.hygiene import REDACTED
from tests.conftest import Clock


def test_user_turn_with_dead_value_redacted(alice: Session, clock: Clock) -> None:
    alice.add_turn("alice", "Ship it to 123 Main Street please")
    alice.write("address", "123 Main Street")
    clock.advance(minutes=1)
    alice.add_turn("alice", "Actually we moved, use 456 Oak Avenue")
    alice.write("address", "456 Oak Avenue")
    context = alice.context("Where do we ship?")
    assert "123 Main Street" not in context.text
    assert "456 Oak Avenue" in context.text
    assert REDACTED in context.text
    assert any(o.reason == "dead value redacted" for o in context.omitted)


def test_assistant_acknowledgement_redacted(alice: Session, clock: Clock) -> None:
    alice.write("meeting_time", "Thursday at 3pm")
    alice.add_turn("assistant", "Got it, the meeting is Thursday at 3pm.")
    clock.advance(minutes=1)
    alice.write("meeting_time", "Friday at 10am")
    text = alice.context("When is the meeting?").text
    assert "Thursday" not in text
    assert "3pm" not in text
    assert "Friday at 10am" in text


def test_live_value_also_held_by_dead_fact_not_redacted(alice: Session, clock: Clock) -> None:
    alice.write("primary_vendor", "VendorA")
    clock.advance(minutes=1)
    alice.write("primary_vendor", "VendorB")
    alice.write("backup_vendor", "VendorA")
    alice.add_turn("alice", "Keep VendorA as our fallback")
    text = alice.context("vendors").text
    assert "backup_vendor: VendorA" in text
    assert "Keep VendorA as our fallback" in text
    assert "primary_vendor: VendorB" in text


def test_superseded_budget_figure_redacted_in_turn(alice: Session, clock: Clock) -> None:
    alice.write("q3_budget", "$50,000")
    alice.add_turn("bob", "Budget confirmed at $50,000 for Q3")
    clock.advance(minutes=1)
    alice.write("q3_budget", "$35,000")
    text = alice.context("What is the Q3 budget?").text
    assert "$50,000" not in text
    assert "$35,000" in text


def test_expired_value_redacted_in_turn(alice: Session, clock: Clock) -> None:
    from datetime import timedelta

    alice.write("promo_code", "SPRING-42", ttl=timedelta(hours=1))
    alice.add_turn("assistant", "Use code SPRING-42 at checkout")
    clock.advance(hours=2)
    assert "SPRING-42" not in alice.context("promo code").text


def test_hypothetical_value_redacted_in_global_turn(alice: Session) -> None:
    alice.write("budget", "$50,000 budget")
    alice.write("budget_scenario", "What if the budget were $95,000", scope="hypothetical",
                scope_id="s1")
    alice.add_turn("alice", "Then $95,000 would cover the extra hires")
    assert "$95,000" not in alice.context("budget").text
