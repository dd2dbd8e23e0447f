"""How conversation changes state, across domains and phrasings (none from any data set).

Each case: facts an agent recorded, then turns; then the value that must be live and the
values that must appear nowhere in the context.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from statekeeper import ACT_FOR_OTHERS, Engine, Principal, Source

# a bridge that relays what others said and what systems report speaks for each of them
RELAY = Principal(org="acme", user="kim", permissions=frozenset({ACT_FOR_OTHERS}))


@dataclass(frozen=True)
class Case:
    facts: dict[str, str]
    turns: list[str]
    key: str
    live: str
    dead: list[str] = field(default_factory=list)
    question: str = "What is the current plan?"


CASES = {
    # explicit corrections, many phrasings
    "clinic: scratch that": Case(
        {"appointment_time": "Tuesday 10am"},
        ["Book Dr. Osei for Tuesday 10am.", "Scratch that, make it Thursday 2pm."],
        "appointment_time",
        "Thursday 2pm",
        ["Tuesday 10am"],
        "When is the appointment?",
    ),
    "travel: I meant": Case(
        {"departure_city": "Lisbon"},
        ["We fly out of Lisbon.", "Sorry, I meant we're flying out of Porto."],
        "departure_city",
        "Porto",
        ["Lisbon"],
        "Where do we fly from?",
    ),
    "finance: bump it": Case(
        {"marketing_budget": "$40,000"},
        ["Marketing has $40,000 this quarter.", "Bump the marketing budget to $55,000."],
        "marketing_budget",
        "$55,000",
        ["$40,000"],
        "What is the marketing budget?",
    ),
    "facilities: move it to": Case(
        {"team_offsite_room": "Room 12"},
        ["The offsite is in Room 12.", "Change of plan, move it to the Atrium."],
        "team_offsite_room",
        "Atrium",
        ["Room 12"],
        "Where is the offsite?",
    ),
    "retail: we're going with": Case(
        {"packaging_supplier": "BoxCo"},
        ["BoxCo quoted us for packaging.", "We're going with CartonWorks instead."],
        "packaging_supplier",
        "CartonWorks",
        ["BoxCo"],
        "Who supplies packaging?",
    ),
    "software: as of today": Case(
        {"release_status": "on schedule"},
        ["The release is on schedule.", "As of today, the release is blocked."],
        "release_status",
        "blocked",
        ["on schedule"],
        "What is the release status?",
    ),
    "hr: the final number": Case(
        {"offer_salary": "$120,000"},
        ["We offered $120,000.", "The final salary is $128,000 after negotiation."],
        "offer_salary",
        "$128,000",
        ["$120,000"],
        "What salary did we offer?",
    ),
    # cancellations and reversions
    "events: cancelled": Case(
        {"gala_status": "confirmed"},
        ["The gala is confirmed.", "The gala was cancelled this morning."],
        "gala_status",
        "cancelled",
        ["confirmed"],
        "Is the gala happening?",
    ),
    "design: go back": Case(
        {"logo_color": "teal"},
        [
            "The logo is teal.",
            "Let's switch to orange instead.",
            "Actually, let's go back to teal.",
        ],
        "logo_color",
        "teal",
        ["orange"],
        "What color is the logo?",
    ),
    # false positives: nothing changes
    "not moving": Case(
        {"home_address": "12 Elm Row"},
        ["My address is 12 Elm Row.", "I'm not moving after all, nothing changes."],
        "home_address",
        "12 Elm Row",
        [],
        "Where do I live?",
    ),
    "agreeing is not correcting": Case(
        {"launch_date": "May 4"},
        ["Launch is May 4.", "I actually agree with that date."],
        "launch_date",
        "May 4",
        [],
        "When do we launch?",
    ),
    "a question changes nothing": Case(
        {"standup_time": "9am"},
        ["Standup is at 9am.", "Should we move the standup to 10am?"],
        "standup_time",
        "9am",
        [],
        "When is standup?",
    ),
    "two meetings stay two": Case(
        {"design_review_time": "Monday 3pm", "standup_time": "9am"},
        ["The design review is Monday 3pm and standup stays at 9am."],
        "standup_time",
        "9am",
        [],
        "When is standup?",
    ),
    "no subject no change": Case(
        {"warehouse_dock": "Dock 4"},
        ["Dock 4 handles inbound.", "Instead of waiting for the truck, we can start sorting."],
        "warehouse_dock",
        "Dock 4",
        [],
        "Which dock?",
    ),
}


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_conversation_changes_state(case: Case, tmp_path: Path) -> None:
    now = [datetime(2026, 4, 1, 9, 0)]
    engine = Engine.open(tmp_path / "s.db", clock=lambda: now[0])
    session = engine.session(Principal(org="acme", user="kim", authority="manager"))
    for key, value in case.facts.items():
        session.write(key, value)
    for text in case.turns:
        now[0] += timedelta(minutes=2)
        session.observe("kim", text)
    current = session.current_value(case.key)
    assert isinstance(current, str) and case.live in current  # may carry the clause around it
    context = session.context(case.question).text
    assert case.live in context
    for dead in case.dead:
        assert dead not in context


def test_a_hypothetical_stays_out_of_the_real_plan(tmp_path: Path) -> None:
    engine = Engine.open(tmp_path / "s.db")
    session = engine.session(Principal(org="acme", user="kim"))
    session.write("headcount_plan", "4 hires this year")
    session.observe("kim", "Just brainstorming: the headcount plan is 12 hires if we raise.")
    session.observe("kim", "Anyway, back to the real plan.")
    assert session.current_value("headcount_plan") == "4 hires this year"
    assert "12 hires" not in session.context("What is the headcount plan?").text


def test_an_interruption_does_not_leak_into_the_resumed_task(tmp_path: Path) -> None:
    engine = Engine.open(tmp_path / "s.db")
    session = engine.session(Principal(org="acme", user="kim"))
    session.write("migration_owner", "Priya owns the database migration")
    session.observe("kim", "Priya owns the database migration.")
    session.observe("kim", "Hold on, the fire drill is at noon and the lobby is closed.")
    session.observe("kim", "Anyway, back to the migration.")
    context = session.context("Who owns the migration?").text
    assert "Priya" in context and "fire drill" not in context


def test_a_contractor_cannot_override_a_directors_instruction(tmp_path: Path) -> None:
    engine = Engine.open(tmp_path / "s.db")
    session = engine.session(RELAY)
    session.write(
        "instruction_one",
        "Use Postgres for the ledger service",
        source=Source(authority="director", speaker="Dee"),
        detect=True,
    )
    session.write(
        "instruction_two",
        "Cassandra would be better here, use that instead",
        source=Source(authority="contractor", speaker="Cal"),
        detect=True,
    )
    context = session.context("Which database for the ledger?").text
    assert "Postgres" in context and "Cassandra" not in context


def test_a_fresher_signal_replaces_the_older_one(tmp_path: Path) -> None:
    engine = Engine.open(tmp_path / "s.db")
    session = engine.session(RELAY)
    signal = Source(authority="policy", origin="environment")
    session.write("pager", "INC-4411 sev3, investigating", source=signal, detect=True)
    session.write("alerts", "INC-4411 upgraded to sev1, all hands", source=signal, detect=True)
    context = session.context("How bad is INC-4411?").text
    assert "sev1" in context and "sev3" not in context
