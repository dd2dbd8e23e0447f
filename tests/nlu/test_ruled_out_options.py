"""Options a live requirement rules out are no live choice.

A turn that lays out alternatives ("Caterer A: ..., Caterer B: ...") is shown with every
option that breaks a stated requirement (a spending cap, a credential that must be held, a
place data must stay, a deadline) replaced by a note of what breaks which requirement; its
label is left out of the other turns. The requirements and every other fact stay as they
were: the options are read, not written. Phrasings that only look like such a choice (a
list of steps, a cap on a discount, another currency, a non-exclusive place) change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pytest

from statekeeper.nlu.options import breach, offered_options, reference_day
from tests.nlu.harness import Conversation, Say, shows


@dataclass(frozen=True)
class Choice:
    facts: tuple[tuple[str, str], ...]
    turns: tuple[str | Say, ...]
    question: str
    ruled_out: tuple[str, ...] = ()  # labels (and figures) the context must not show
    live: tuple[str, ...] = ()  # must appear in the context
    notes: tuple[str, ...] = ()  # requirement keys a ruled-out note must name


CASES = [
    pytest.param(
        Choice(
            facts=(("catering_budget", "Catering spend capped at €3,000"),),
            turns=(
                "Caterer North: €2,400, vegan menu, can serve 80. "
                "Caterer South: €3,600, vegan menu, can serve 120.",
            ),
            question="Which caterer do we book for the offsite?",
            ruled_out=("Caterer South",),
            live=("Caterer North", "€2,400"),
            notes=("catering_budget",),
        ),
        id="events-price-over-cap",
    ),
    pytest.param(
        Choice(
            facts=(("records_rule", "Patient scheduling software must be HIPAA compliant"),),
            turns=(
                "Tool X: $40 per seat, not HIPAA compliant. Tool Y: $55 per seat, HIPAA "
                "compliant, two-week setup.",
            ),
            question="Which scheduling tool should the clinic buy?",
            ruled_out=("Tool X",),
            live=("Tool Y", "$55 per seat"),
            notes=("records_rule",),
        ),
        id="healthcare-missing-credential",
    ),
    pytest.param(
        Choice(
            facts=(("backup_location", "Nightly backups must be stored in EU regions"),),
            turns=(
                "- Host 1: cheapest, US regions only\n- Host 2: a bit dearer, EU regions and "
                "US regions",
            ),
            question="Which backup host fits?",
            ruled_out=("Host 1",),
            live=("Host 2",),
            notes=("backup_location",),
        ),
        id="it-exclusive-place",
    ),
    pytest.param(
        Choice(
            facts=(("conveyor_deadline", "The new conveyor must be running by June 30"),),
            turns=(
                "Supplier Kestrel: 4-month installation, £80k. Supplier Osprey: 8-week "
                "installation, £95k.",
            ),
            question="Which conveyor supplier do we sign?",
            ruled_out=("Supplier Kestrel",),
            live=("Supplier Osprey", "8-week installation"),
            notes=("conveyor_deadline",),
        ),
        id="warehouse-lead-time-past-deadline",
    ),
    pytest.param(
        Choice(
            facts=(
                ("venue_budget", "Venue budget is no more than $12,000"),
                ("venue_access", "The venue must have ADA access"),
            ),
            turns=(
                "Venue Alpha: $9,500, no ADA access. Venue Beta: $14,000, ADA access.",
                Say("I'd lean towards Venue Beta for the view.", assistant=True),
            ),
            question="Which venue do we book?",
            ruled_out=("Venue Alpha", "Venue Beta"),
            live=("$12,000",),
            notes=("venue_budget", "venue_access"),
        ),
        id="events-every-option-breaks-something",
    ),
    pytest.param(
        Choice(
            facts=(("saas_limit", "Maximum $100,000 annual spend on the analytics platform"),),
            turns=("Plan Basic: $8,000/month. Plan Pro: $9,000/month.",),
            question="Which analytics plan fits the budget?",
            ruled_out=("Plan Pro",),
            live=("Plan Basic", "$8,000/month"),
            notes=("saas_limit",),
        ),
        id="software-monthly-price-against-a-yearly-cap",
    ),
    pytest.param(
        Choice(
            facts=(("fleet_budget", "Van leasing budget capped at £40,000"),),
            turns=(
                "Ridgeway Leasing quotes £36,000 for six vans. Harbour Leasing quotes £44,500 "
                "for six vans. Both deliver in May.",
            ),
            question="Which leasing company should we use?",
            ruled_out=("Harbour Leasing",),
            live=("Ridgeway Leasing", "£36,000"),
            notes=("fleet_budget",),
        ),
        id="fleet-options-named-by-what-they-quote",
    ),
    pytest.param(
        Choice(
            facts=(("ledger_residency", "Ledger data must stay in Frankfurt data centers"),),
            turns=(
                "Bank Nord: 0.2% fee, Dublin data centers only. Bank Sud: 0.3% fee, "
                "Frankfurt data centers.",
            ),
            question="Which bank do we onboard?",
            ruled_out=("Bank Nord",),
            live=("Bank Sud", "0.3% fee"),
            notes=("ledger_residency",),
        ),
        id="finance-place-named-not-abbreviated",
    ),
    pytest.param(
        Choice(
            facts=(("kiosk_deadline", "Ticket kiosks must be operational by May 1"),),
            turns=(
                "Vendor Tern: $30,000, live on May 20. Vendor Wren: $34,000, live on April 18.",
            ),
            question="Which kiosk vendor can make the opening?",
            ruled_out=("Vendor Tern",),
            live=("Vendor Wren", "April 18"),
            notes=("kiosk_deadline",),
        ),
        id="transit-ready-date-after-deadline",
    ),
    pytest.param(
        Choice(
            facts=(),
            turns=(
                "Our print budget is $4,000 max.",
                "Printer Kite: $3,200 for the run. Printer Lark: $4,700 for the run.",
            ),
            question="Which printer gets the brochure job?",
            ruled_out=("Printer Lark",),
            live=("Printer Kite", "$3,200"),
            notes=("print_budget",),
        ),
        id="marketing-cap-said-in-conversation-with-the-limit-after-the-figure",
    ),
]


@pytest.mark.parametrize("choice", CASES)
def test_ruled_out_option_leaves_the_context(conversation: Conversation, choice: Choice) -> None:
    for key, value in choice.facts:
        conversation.write(key, value)
    for turn in choice.turns:
        conversation.say(turn)
    session = conversation.session
    # the options are read, not written: the requirements stand as they were set
    facts = {f.key: f.value for f in session.facts()}
    assert {key: facts.get(key) for key, _ in choice.facts} == dict(choice.facts)
    assert not any(shows(str(v), label) for v in facts.values() for label in choice.ruled_out)
    text = conversation.context(choice.question)
    for label in choice.ruled_out:
        assert not shows(text, label), (label, text)
    for live in choice.live:
        assert shows(text, live), (live, text)
    for key in choice.notes:
        assert f"breaks {key}]" in text, (key, text)


def test_query_naming_the_option_keeps_its_label_with_the_reason(
    conversation: Conversation,
) -> None:
    conversation.write("catering_budget", "Catering spend capped at €3,000")
    conversation.say("Caterer North: €2,400, buffet. Caterer South: €3,600, plated dinner.")
    text = conversation.context("Why not Caterer South?")
    assert "Caterer South: [option ruled out: €3,600 breaks catering_budget]" in text


def test_raised_cap_brings_the_option_back(conversation: Conversation) -> None:
    cap = conversation.write("catering_budget", "Catering spend capped at €3,000")
    conversation.say("Caterer North: €2,400, buffet. Caterer South: €3,600, plated dinner.")
    assert not shows(conversation.context("Which caterer?"), "Caterer South")
    conversation.session.write(
        "catering_budget", "Catering spend capped at €4,000", supersedes=cap.id
    )
    text = conversation.context("Which caterer?")
    assert shows(text, "Caterer South") and shows(text, "€3,600")


FALSE_POSITIVES = [
    pytest.param(
        ("project_budget", "Project budget capped at $3,000"),
        "Step 1: order $5,000 of shelving. Step 2: book the fitters.",
        ("Step 1", "$5,000"),
        id="steps-are-no-choice",
    ),
    pytest.param(
        ("discount_rule", "Max $500 discount per order without approval"),
        "Bundle A: $800, two licences. Bundle B: $1,200, five licences.",
        ("Bundle A", "Bundle B"),
        id="cap-on-a-discount-is-no-price-cap",
    ),
    pytest.param(
        ("travel_budget", "Travel spend capped at €2,000"),
        "Flight A: $2,300 return. Flight B: $1,900 return.",
        ("Flight A", "Flight B"),
        id="another-currency-is-not-compared",
    ),
    pytest.param(
        ("data_rule", "Customer data must remain in EU data centers"),
        "Provider North: $900/month, US data centers. Provider South: $700/month, EU data centers.",
        ("Provider North", "Provider South"),
        id="a-place-without-only-is-not-exclusive",
    ),
    pytest.param(
        ("vendor_rule", "Vendors must be ISO 27001 certified"),
        "Vendor Red: not only ISO certified but audited yearly. Vendor Blue: ISO certified.",
        ("Vendor Red", "Vendor Blue"),
        id="not-only-is-no-negation",
    ),
    pytest.param(
        ("insurance_budget", "Insurance spend must stay under $20,000"),
        "Policy Gold: $15,000, coverage up to $5M. Policy Silver: $11,000, coverage up to $2M.",
        ("Policy Gold", "Policy Silver"),
        id="a-bound-inside-an-option-is-no-price",
    ),
    pytest.param(
        ("hiring_budget", "Hiring budget capped at $300,000"),
        "Estimate: $350,000 for three hires. Available budget: $300,000.",
        ("$350,000",),
        id="labels-that-are-not-alternatives",
    ),
    pytest.param(
        ("event_budget", "Event budget capped at $10,000"),
        "The budget is $10,000. The deadline is March 3. The venue is $12,000 a night.",
        ("$12,000",),
        id="statements-about-different-things-are-no-options",
    ),
    pytest.param(
        ("gala_deadline", "The stage must be installed by June 10"),
        "Crew Ash: installed on June 2. Crew Elm: installed on June 9.",
        ("Crew Ash", "Crew Elm"),
        id="ready-dates-before-the-deadline-meet-it",
    ),
    pytest.param(
        ("old_stage", "The old stage was installed by June 10"),
        "Crew Ash: installed on June 20. Crew Elm: installed on July 2.",
        ("Crew Ash", "Crew Elm"),
        id="a-past-date-stated-is-no-deadline",
    ),
    pytest.param(
        ("invoice_rule", "Supplier invoices must be paid by March 10"),
        "Supplier Hale: 8-week delivery. Supplier Moss: 6-week delivery.",
        ("Supplier Hale", "Supplier Moss"),
        id="a-deadline-for-something-else-is-no-lead-time-limit",
    ),
    pytest.param(
        ("launch_deadline", "The kiosk rollout must be live by April 1"),
        "Today is February 1. Vendor Hale: 2-month rollout. Vendor Moss: 6-week rollout.",
        ("Vendor Hale", "Vendor Moss"),
        id="a-lead-time-ending-on-the-deadline-meets-it",
    ),
]


@pytest.mark.parametrize(("fact", "turn", "shown"), FALSE_POSITIVES)
def test_look_alikes_rule_nothing_out(
    conversation: Conversation, fact: tuple[str, str], turn: str, shown: tuple[str, ...]
) -> None:
    conversation.write(*fact)
    conversation.say(turn)
    text = conversation.context("What do we go with?")
    assert "ruled out" not in text, text
    for value in shown:
        assert shows(text, value), (value, text)
    assert conversation.session.current_value(fact[0]) == fact[1]


def test_cap_on_something_else_does_not_govern_when_another_names_the_choice(
    conversation: Conversation,
) -> None:
    conversation.write("catering_budget", "Catering budget capped at $3,000")
    conversation.write("venue_budget", "Venue budget capped at $12,000")
    conversation.write("spend_limit", "No more than $10,500 in total spend")
    conversation.say(
        "Venue Alpha: $9,500, harbour view. Venue Beta: $11,000, garden terrace. "
        "Venue Gamma: $13,000, rooftop."
    )
    text = conversation.context("Which venue do we book?")
    assert shows(text, "Venue Alpha"), text
    assert not shows(text, "Venue Beta") and not shows(text, "Venue Gamma"), text
    # a cap that names nothing governs every choice; the catering cap governs none here
    assert "[option ruled out: $11,000 breaks spend_limit]" in text
    assert "breaks catering_budget" not in text


def test_single_offer_is_no_choice() -> None:
    assert offered_options("Studio C: $4,100 a month, two parking spots.") == ()


def test_lead_time_counts_from_the_day_the_turn_names() -> None:
    turn = "Today is March 20. Option A: 3-week delivery. Option B: 1-week delivery."
    day = reference_day(turn, date(2026, 1, 5))
    assert day == date(2026, 3, 20)
    rule = "The stands must be delivered by April 5"
    bodies = {o.label: o.body for o in offered_options(turn)}
    assert breach(bodies["Option A"], rule, day) is not None
    assert breach(bodies["Option B"], rule, day) is None


def test_ruled_out_option_is_reported_as_an_omission(conversation: Conversation) -> None:
    conversation.write("catering_budget", "Catering spend capped at €3,000")
    conversation.say("Caterer North: €2,400, buffet. Caterer South: €3,600, plated dinner.")
    context = conversation.session.context("Which caterer?")
    assert [o.reason for o in context.omitted] == ["option ruled out by a requirement"]
