"""Append-only facts: only validity pointers and the review flag change in place."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from statekeeper import AuthorityError, Engine, Principal, Session, Source, SourceType
from tests.conftest import Clock, query

# `rev` is bookkeeping: the revision of the row's last change, so readers fetch only changes.
MUTABLE = {"is_valid", "superseded_by", "invalidated_at", "invalid_reason", "needs_review", "rev"}
FORGET_MUTABLE = MUTABLE | {"value", "body", "forgotten"}


def _rows(location: str) -> dict[str, dict[str, object]]:
    return {str(r["fact_id"]): r for r in query(location, "SELECT * FROM facts")}


def _changed(before: dict[str, dict[str, object]], after: dict[str, dict[str, object]]) -> set[str]:
    assert set(before) <= set(after), "a fact row disappeared"
    return {
        column
        for fact_id, row in before.items()
        for column, value in row.items()
        if after[fact_id][column] != value
    }


def test_only_pointers_change(alice: Session, clock: Clock, location: str) -> None:
    def expire_and_read() -> None:
        clock.advance(minutes=10)
        alice.context("promo price total")

    steps: list[Callable[[], object]] = [
        lambda: alice.write("price", "$40 per seat"),
        lambda: alice.write("total", "$4,000", depends_on=[alice.get("price").id]),
        lambda: alice.write("price", "$55 per seat"),
        lambda: alice.supersede("total", "$5,500"),
        lambda: alice.write("promo", "SPRING-42", ttl=timedelta(minutes=5)),
        lambda: alice.write("price", "$30 per seat", timestamp=clock.now - timedelta(days=1)),
        lambda: alice.flag_for_review("total"),
        expire_and_read,
    ]
    for step in steps:
        before = _rows(location)
        clock.advance(seconds=5)
        step()
        assert _changed(before, _rows(location)) <= MUTABLE


def test_forget_changes_only_content(alice: Session, location: str) -> None:
    fact = alice.write("phone", "+351 555 0101")
    before = _rows(location)
    alice.forget(fact.id)
    assert _changed(before, _rows(location)) <= FORGET_MUTABLE


def test_overrule_keeps_losing_write_as_dead_history(engine: Engine) -> None:
    """With `overrule`, a lower authority's write is recorded, dead, behind the policy."""
    cfo = engine.session(Principal(org="acme", user="carol", authority="CFO"))
    policy = cfo.write(
        "policy", "max 15% discount", source=Source(type=SourceType.POLICY, authority="CFO")
    )
    intern = engine.session(Principal(org="acme", user="ian", authority="intern"))
    with pytest.raises(AuthorityError):
        intern.write("policy", "25% discount", supersedes="policy")
    lost = intern.write("policy", "25% discount", supersedes="policy", overrule=True)
    assert not lost.is_valid and lost.superseded_by == policy.id
    assert intern.get(policy.id).is_valid
    assert "25%" not in intern.context("Can we offer 25%?").text.replace("max 15%", "")
