"""Dead values are scrubbed from recent turns and acknowledgements; live ones stay."""

from __future__ import annotations

import pytest

from statekeeper import Session
from statekeeper.context.hygiene import REDACTED, list_items, proper_words, typed_parts, value_parts
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
    alice.write(
        "budget_scenario", "What if the budget were $95,000", scope="hypothetical", scope_id="s1"
    )
    alice.add_turn("alice", "Then $95,000 would cover the extra hires")
    assert "$95,000" not in alice.context("budget").text


def test_emphatic_turns_redacted(alice: Session, clock: Clock) -> None:
    """Three turns saying "approved" lose to one supersession: none of them shows it."""
    for _ in range(3):
        alice.add_turn("alice", "The order is approved, approved!")
    alice.write("order_v1", "approved")
    clock.advance(minutes=1)
    alice.add_turn("bob", "Cancel it, the order is cancelled")
    alice.write("order_v2", "cancelled", supersedes="order_v1")
    text = alice.context("Should we proceed with the order?").text
    assert "approved" not in text.lower()
    assert "cancelled" in text


def test_stale_derived_figure_redacted_in_turn(alice: Session, clock: Clock) -> None:
    price = alice.write("unit_price", "$40 per seat")
    alice.write("seat_total", "$4,000 for 100 seats", depends_on=[price.id])
    alice.add_turn("assistant", "So the seat total is $4,000 for 100 seats.")
    clock.advance(minutes=1)
    alice.supersede("unit_price", "$55 per seat")
    text = alice.context("seat total").text
    assert "$4,000" not in text
    assert "NEEDS RECALCULATION" in text


def test_changed_from_note_loses_dead_value(alice: Session, clock: Clock) -> None:
    alice.write("q3_budget", "$50,000")
    clock.advance(minutes=1)
    alice.write("q3_budget", "$35,000")
    alice.write("budget_note", "Budget changed from $50,000 to $35,000")
    text = alice.context("What is the Q3 budget?").text
    assert "$35,000" in text
    assert "$50,000" not in text


def test_observed_correction_redacts_earlier_turns(alice: Session) -> None:
    """Through observe(): a correction supersedes the fact and scrubs the turns that held it."""
    alice.write("shipping_address", "123 Main Street")
    alice.observe("alice", "Ship the order to 123 Main Street please.", interpret=False)
    alice.observe("assistant", "Noted: the shipping address is 123 Main Street.", assistant=True)
    alice.observe("alice", "Correction: our shipping address is now 456 Oak Avenue.")
    assert alice.current_value("shipping_address") == "456 Oak Avenue"
    text = alice.context("Where should we ship the order?").text
    assert "123 Main Street" not in text
    assert "456 Oak Avenue" in text


@pytest.mark.parametrize(
    ("key", "old", "new"),
    [
        ("office_wifi", "Office wifi: Corp-5G", "Corp-Secure"),
        ("build_runner", "Build runner: Linux-7", "Linux-Arm"),
        ("meeting_room", "Meeting room: North-12", "North-Annex"),
    ],
)
def test_a_dead_name_joined_by_a_hyphen_never_masks_the_new_one(
    alice: Session, key: str, old: str, new: str
) -> None:
    alice.write(key, old)
    alice.observe("alice", f"Correction: the {key.replace('_', ' ')} is {new} now.")
    text = alice.context(f"What is the {key.replace('_', ' ')}?").text
    assert new in text
    assert old.split(": ")[1] not in text


def test_long_dead_value_redacted_in_new_turn(alice: Session, clock: Clock) -> None:
    alice.write("shipping_address", "123 Main Street")
    clock.advance(days=1)
    alice.write("shipping_address", "456 Oak Avenue")
    clock.advance(days=60)
    alice.add_turn("assistant", "Shipping to 123 Main Street as usual.")
    assert "123 Main Street" not in alice.context("Where should we ship the order?").text


def test_an_item_a_list_dropped_is_masked_where_turns_name_it(
    alice: Session, clock: Clock
) -> None:
    alice.write("stops", "Tour stops: Lisbon, Porto, Coimbra")
    alice.add_turn("alice", "Let's skip Porto, the trains are on strike.")
    clock.advance(minutes=1)
    alice.write("stops", "Tour stops: Lisbon, Coimbra")
    text = alice.context("Where does the tour stop?").text
    assert "Porto" not in text
    assert "Lisbon" in text and "Coimbra" in text


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("Toppings: olives, basil and feta", {"olives", "basil", "feta"}),
        ("Panel: Dr. Amara Osei; Lee Park; Jo Tran", {"dr. amara osei", "lee park", "jo tran"}),
        ("Channels: email or SMS", {"email"}),  # too short to match on its own: "sms"
        ("Crew: Ana Ruiz (lead), Bo Kim", {"ana ruiz", "bo kim"}),  # a role note is no item
        # a sentence is no list, and a text without a label lists nothing
        ("Note: the venue called, and they need the deposit by Friday", set()),
        ("olives, basil and feta", set()),
        ("Toppings: olives", set()),
    ],
)
def test_list_items(text: str, items: set[str]) -> None:
    assert list_items(text) == items


@pytest.mark.parametrize(
    ("text", "quoted", "not_quoted"),
    [
        # an amount is quoted by its figure alone, without currency or whole cents
        ("Invoice 77 total $3,450.00", "3,450", None),
        ("Deposit: $1,200", "1,200", None),
        # a figure with cents of its own, or written the European way, is no bare figure
        ("Rent $1,925.50/month", None, "1,925"),
        ("Quote EUR 12.400", None, "400"),
        # two digits are too common a figure to mask on their own
        ("Tip $15", None, "15"),
        # a time of the clock is quoted without its half of the day
        ("Cleaning Thursday 2:15pm", "2:15", None),
        ("Call at 10:30 AM", "10:30", None),
        ("Doors 7pm", None, "7"),
    ],
)  # fmt: skip
def test_an_amount_is_quoted_by_its_figure(
    text: str, quoted: str | None, not_quoted: str | None
) -> None:
    parts = typed_parts(text)
    assert quoted is None or quoted in parts
    assert not_quoted is None or not_quoted not in parts


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Substitute: Mr. Hale", {"hale"}),  # after a title, the title itself no name
        ("Chair: Dr. Maya Lane", {"maya", "lane"}),
        ("Panel with Prof. Ito and Ms. Varga", {"ito", "varga"}),
    ],
)  # fmt: skip
def test_a_titled_name_is_quoted_by_its_words(text: str, names: set[str]) -> None:
    assert names <= proper_words(text)
    assert not {"mr", "dr", "prof", "ms"} & proper_words(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # a heading in capitals is words, not acronyms
        ("Minutes. IN CAMERA - BOARD AND STAFF LEADS ONLY", set()),
        ("Note: DO NOT SHARE THIS WITH Ravi", {"ravi"}),
        ("Agenda FOR THE AGM TONIGHT", set()),
        # acronyms on their own still name things
        ("We bill through SAP and the NHS portal", {"sap", "nhs"}),
    ],
)  # fmt: skip
def test_a_heading_in_capitals_names_nothing(text: str, words: set[str]) -> None:
    assert proper_words(text) == words


@pytest.mark.parametrize(
    ("text", "absent", "present"),
    [
        # a month before a time is no month and day: "Sept 20" of "5 Sept 20:30"
        ("Gala on Fri 5 Sept 20:30, row K", "sept 20", "20:30"),
        ("Piercing session Tue 21 Oct 09:45, deposit paid", "oct 09", "09:45"),
        ("Kiln firing 3 May 14.30 sharp", "may 14", None),
        # a month and its day still are
        ("Due Sept 23 at 7pm", None, "sept 23"),
    ],
)  # fmt: skip
def test_a_month_before_a_time_is_no_date(
    text: str, absent: str | None, present: str | None
) -> None:
    parts = value_parts(text)
    assert absent is None or absent not in parts
    assert present is None or present in parts
