"""Contact details a turn states for us: the pure reading, in phrasings of our own, and
what it records through `observe`."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.conversation.details import details


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("Best line for me: 303-555-0172.", [("phone", "303-555-0172")]),
        ("You can reach the front desk at 303-555-0140.", [("phone", "303-555-0140")]),
        ("Mail is ines.v@tallow.org these days.", [("email", "ines.v@tallow.org")]),
        ("Ship the crate to 12 Wharf Rd, Bristol.", [("shipping_address", "12 Wharf Rd, Bristol")]),
        ("Deliveries go to 5 Mill Lane now.", [("shipping_address", "5 Mill Lane")]),
        ("Invoices to ap@orchard.co, please.", [("billing_email", "ap@orchard.co")]),
        ("My office line is 303-555-0188.", [("work_phone", "303-555-0188")]),
        ("We just moved to 31 Alder Ct, Boise.", [("home_address", "31 Alder Ct, Boise")]),
    ],
)
def test_a_stated_detail_is_read_with_its_role(turn: str, expected: list[tuple[str, str]]) -> None:
    assert [(d.key, d.value) for d in details(turn)] == expected


@pytest.mark.parametrize(
    "turn",
    [
        "Could you text 303-555-0172 for me?",  # a question
        "If the lab calls from 303-555-0111, let it ring.",  # a condition
        "Her cell is 303-555-0190.",  # someone else's, with no role of ours
        "My neighbour lives at 7 Oak Row.",
        "Send the receipt to my husband at raj@example.org.",
        "Cc my accountant, she's at books@example.com.",
        "Text my partner instead, 503-555-0177.",
        "The client wants it shipped to 9 Pier St.",  # a wish reported
        "My old number was 303-555-0101, don't use it.",  # a detail of the past
        "Our former office was at 3 Canal St.",
    ],
)
def test_what_states_no_detail_of_ours(turn: str) -> None:
    assert details(turn) == []


def test_a_stated_detail_becomes_a_fact_and_a_later_one_replaces_it(engine: Engine) -> None:
    with engine.session(Principal(org="harbor", user="ines"), task_id="order") as s:
        s.observe("ines", "Ship the lamp to 12 Wharf Rd, Bristol.")
        assert s.current_value("shipping_address") == "12 Wharf Rd, Bristol"
        s.observe("ines", "Actually, we moved: deliver to 40 Quay St, Bath instead.")
        assert s.current_value("shipping_address") == "40 Quay St, Bath"
        assert "Wharf" not in s.context("Where does the lamp go?").text
