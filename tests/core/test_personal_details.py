"""How to reach a person is theirs to correct: an outsider (the lowest rung) may replace
such a detail a system recorded of them, and nothing else above their rank."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from statekeeper import ACT_FOR_OTHERS, Engine, Principal
from statekeeper.access import Access, personal_detail
from statekeeper.model import Fact, MemoryType, Source, SourceType


def recorded(key: str, **extra: object) -> Fact:
    return Fact(
        id=f"f-{key}", key=key, value="on file", timestamp=datetime(2031, 1, 1, tzinfo=UTC),
        org="acme", user="ana", source=Source(type=SourceType.SYSTEM, authority="system"),
        **extra,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("key", "personal"),
    [
        ("customer_email", True),
        ("home_phone", True),
        ("Shipping-Address", True),
        ("patient_mobile_number", True),
        ("email", True),
        ("support_email", False),  # the organization's
        ("emergency_contact_phone", False),  # someone else's
        ("loyalty_tier", False),
        ("contact_number", False),  # no word says a phone, a mail or an address
        ("billing_plan", False),
    ],
)
def test_which_keys_say_how_to_reach_someone(key: str, personal: bool) -> None:
    assert personal_detail(recorded(key)) is personal


@pytest.mark.parametrize(
    ("writer", "holder", "allowed"),
    [
        ("guest", recorded("customer_email"), True),
        ("unverified", recorded("guest_phone"), True),
        ("guest", recorded("loyalty_tier"), False),
        ("intern", recorded("customer_email"), False),  # staff, not the person on file
        ("guest", recorded("customer_email", is_constraint=True), False),
        ("guest", recorded("customer_email", memory_type=MemoryType.ORGANIZATIONAL), False),
    ],
)
def test_an_outsider_may_correct_only_how_to_reach_them(
    writer: str, holder: Fact, allowed: bool
) -> None:
    access = Access()
    assert access.can_supersede(writer, holder, strict=False) is allowed
    assert not access.can_supersede(writer, holder)  # never where rank is the rule


def test_a_customer_corrects_their_email_on_file_through_a_turn(engine: Engine) -> None:
    """End to end: the store keeps the customer's own word over the system's record, and
    the word of staff below a peer on that record stays refused."""
    customer = Principal(org="acme", user="ana", authority="guest")
    crm = customer.model_copy(update={"permissions": frozenset({ACT_FOR_OTHERS})})
    system = Source(authority="system")  # kept in the customer's own memory
    old = engine.session(crm).write("customer_email", "ana.v@example.net", source=system)
    tier = engine.session(crm).write("loyalty_tier", "Silver", source=system)
    session = engine.session(customer)
    session.observe("ana", "Please use my new address, ana@example.org, from now on.")
    assert session.current_value("customer_email") == "ana@example.org"
    assert not session.get(old.id).is_valid
    session.observe("ana", "My loyalty tier is Platinum now, not Silver.")
    assert session.current_value("loyalty_tier") == "Silver" and session.get(tier.id).is_valid
