"""Repair propagation: superseding an input flags everything derived from it."""

from __future__ import annotations

from statekeeper import Session
from tests.conftest import Clock


def _chain(alice: Session) -> tuple[str, str, str]:
    a = alice.write("unit_price", "$40 per seat")
    b = alice.write("seat_total", "$4,000 for 100 seats", depends_on=[a.id])
    c = alice.write("quarterly_cost", "$12,000 per quarter", depends_on=[b.id])
    return a.id, b.id, c.id


def test_dependency_edges_are_recorded(alice: Session) -> None:
    a, b, c = _chain(alice)
    assert alice.get(b).depends_on == (a,)
    assert alice.get(a).derived_facts == (b,)
    assert alice.get(c).depends_on == (b,)


def test_superseding_input_flags_dependants(alice: Session, clock: Clock) -> None:
    a, b, c = _chain(alice)
    clock.advance(minutes=5)
    alice.supersede("unit_price", "$55 per seat")
    assert alice.get(b).needs_review
    assert alice.get(c).needs_review
    assert alice.get(b).is_valid and alice.get(c).is_valid
    assert not alice.get(a).needs_review


def test_context_marks_dependants_for_recalculation(alice: Session, clock: Clock) -> None:
    _chain(alice)
    clock.advance(minutes=5)
    alice.supersede("unit_price", "$55 per seat")
    text = alice.context("What is the quarterly cost and seat total?").text
    assert "- seat_total: NEEDS RECALCULATION" in text
    assert "- quarterly_cost: NEEDS RECALCULATION" in text
    for stale in ("$4,000", "$12,000", "$40"):
        assert stale not in text
    assert "$55 per seat" in text


def test_flag_for_review_flags_closure(alice: Session) -> None:
    a, b, c = _chain(alice)
    assert alice.flag_for_review(b) == sorted([b, c])
    assert not alice.get(a).needs_review
    assert alice.get(b).needs_review and alice.get(c).needs_review


def test_rewriting_flagged_fact_clears_review(alice: Session, clock: Clock) -> None:
    a, b, _ = _chain(alice)
    clock.advance(minutes=5)
    alice.supersede("unit_price", "$55 per seat")
    clock.advance(minutes=5)
    fresh = alice.write("seat_total", "$5,500 for 100 seats")
    assert fresh.supersedes == b and not fresh.needs_review
    assert "$5,500 for 100 seats" in alice.context("seat total").text
