"""The specification's three test vectors and its three anti-patterns."""

from __future__ import annotations

import pytest

from statekeeper import (
    AuthorityError,
    ConstraintType,
    Engine,
    Principal,
    Session,
    Source,
    SourceType,
)
from tests.conftest import Clock, snapshot

CFO_POLICY = Source(type=SourceType.POLICY, authority="CFO", speaker="cfo")
INTERN = Principal(org="acme", user="ian", authority="intern")


def test_basic_supersession(alice: Session, clock: Clock) -> None:
    """Test 1: the context holds the new status and not the old one."""
    alice.write("status_v1", "approved")
    clock.advance(minutes=1)
    alice.write("status_v2", "cancelled", supersedes="status_v1")

    text = alice.context("What is the current status?").text

    assert "cancelled" in text
    assert "approved" not in text


def test_emphatic_repetition_does_not_outvote_supersession(alice: Session, clock: Clock) -> None:
    """Test 2: three mentions of "approved" lose to one superseding "cancelled"."""
    first = alice.write("order_v1", "approved")
    for _ in range(2):
        clock.advance(seconds=10)
        assert alice.write("order_v1", "approved").id == first.id
    clock.advance(seconds=10)
    alice.write("order_v2", "cancelled", supersedes="order_v1")

    context = alice.context("Should we proceed with the order?")

    assert "cancelled" in context.text
    assert "approved" not in context.text
    assert [f.value for f in alice.history("order_v1")] == ["approved"]
    assert alice.current_value(first.id) == "cancelled"
    assert alice.current_value("order_v2") == "cancelled"


def test_current_value_of_renamed_key_follows_chain(alice: Session, clock: Clock) -> None:
    alice.write("order_v1", "approved")
    clock.advance(seconds=10)
    alice.write("order_v2", "cancelled", supersedes="order_v1")
    assert alice.current_value("order_v1") == "cancelled"


def _cfo_policy(engine: Engine) -> str:
    cfo = engine.session(Principal(org="acme", user="carol", authority="CFO"))
    return cfo.write("policy", "max 15% discount", source=CFO_POLICY).id


def test_authority_override_rejected(engine: Engine, location: str) -> None:
    """Test 3: an intern cannot supersede the CFO's policy; the context keeps the policy."""
    policy_id = _cfo_policy(engine)
    intern = engine.session(INTERN)
    before = snapshot(location)

    with pytest.raises(AuthorityError) as caught:
        intern.write("policy", "25%", supersedes="policy")

    assert caught.value.fact_id == policy_id
    assert snapshot(location) == before
    text = intern.context("Can we offer 25%?").text
    assert "max 15% discount" in text
    assert "25%" not in text.replace("max 15%", "")
    assert intern.current_value("policy") == "max 15% discount"


def test_authority_override_by_supersede_call(engine: Engine) -> None:
    """Session.supersede by key and by id is held to the same rule."""
    policy_id = _cfo_policy(engine)
    intern = engine.session(INTERN)
    for target in ("policy", policy_id):
        with pytest.raises(AuthorityError):
            intern.supersede(target, "25%")
    assert intern.get("policy").id == policy_id


def test_implicit_write_cannot_shadow_policy(engine: Engine, location: str) -> None:
    """Anti-pattern 3 without `supersedes`: an intern's write on the policy key is refused."""
    _cfo_policy(engine)
    intern = engine.session(INTERN)
    before = snapshot(location)
    with pytest.raises(AuthorityError):
        intern.write("policy", "25%")
    assert snapshot(location) == before


def test_higher_authority_may_supersede_policy(engine: Engine) -> None:
    """The authority rule is a ladder, not a lock: the CEO may replace the CFO's policy."""
    _cfo_policy(engine)
    ceo = engine.session(Principal(org="acme", user="dana", authority="CEO"))
    new = ceo.write(
        "policy",
        "max 20% discount",
        supersedes="policy",
        source=Source(type=SourceType.POLICY, authority="CEO"),
    )
    assert ceo.current_value("policy") == "max 20% discount"
    assert "max 15%" not in ceo.context("discount policy").text
    assert new.supersedes is not None


def test_policy_is_a_policy_constraint(engine: Engine) -> None:
    """The CFO's policy is an organizational constraint, shown first and marked."""
    _cfo_policy(engine)
    intern = engine.session(INTERN)
    fact = intern.get("policy")
    assert fact.is_constraint
    text = intern.context("Can we offer 25%?").text
    assert "CONSTRAINT] policy: max 15% discount" in text


def test_percentage_cap_policy_is_policy_type(engine: Engine) -> None:
    cfo = engine.session(Principal(org="acme", user="carol", authority="CFO"))
    fact = cfo.write("policy", "max 15%", source=CFO_POLICY)
    assert fact.constraint_type == ConstraintType.POLICY


# -- anti-patterns ----------------------------------------------------------------------


def test_superseded_facts_never_listed(alice: Session, clock: Clock) -> None:
    """Anti-pattern 1: only valid facts, in `facts()` and in the context."""
    old = alice.write("address", "123 Main St")
    clock.advance(minutes=1)
    new = alice.write("address", "456 Oak Ave", supersedes="address")

    assert [f.id for f in alice.facts()] == [new.id]
    assert all(f.is_valid for f in alice.facts())
    context = alice.context("Where should we ship the order?")
    assert "123 Main St" not in context.text
    assert old.id not in context.included
    assert new.id in context.included


def test_current_value_follows_chain_not_latest_mention(alice: Session, clock: Clock) -> None:
    """Anti-pattern 2: a later write stamped earlier than the head does not win."""
    alice.write("address", "123 Main St")
    clock.advance(hours=1)
    alice.write("address", "456 Oak Ave", supersedes="address")
    clock.advance(hours=1)
    late = alice.write("address", "789 Pine Rd", timestamp=clock.now.replace(hour=8))

    assert not late.is_valid
    assert alice.current_value("address") == "456 Oak Ave"
    assert alice.current_value(late.id) == "456 Oak Ave"
    assert "789 Pine Rd" not in alice.context("shipping address").text


def test_authority_checked_before_write(engine: Engine, location: str) -> None:
    """Anti-pattern 3: a refused write leaves no row behind, not even dead history."""
    cfo = engine.session(Principal(org="acme", user="carol", authority="CFO"))
    cfo.write("discount_policy", "max 15% discount", source=CFO_POLICY)
    peer = engine.session(Principal(org="acme", user="pat", authority="peer"))
    before = snapshot(location)
    with pytest.raises(AuthorityError):
        peer.write("discount_policy", "50%", supersedes="discount_policy")
    assert snapshot(location) == before
