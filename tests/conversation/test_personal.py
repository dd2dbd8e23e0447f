"""What a speaker states of themself: a figure, a date, a name or a preference under a key
its words name, and a few frames that name their slot. Look-alikes that state no value of
the speaker's own count as much."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.conversation.personal import personal


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        # "my X is Y" with a typed value, a name, or a preference's word
        ("My budget for the trip is $3,500.", {("budget_trip", "$3,500")}),
        ("So my deadline is June 30, fyi.", {("deadline", "June 30")}),
        ("Great news, my start date is Monday, Aug 4.", {("start_date", "Monday, Aug 4")}),
        ("My landlord is Mr. Okafor.", set()),  # a relation's name is theirs, not a value of ours
        ("My advisor is Priya Raman.", {("advisor", "Priya Raman")}),
        ("My favourite tea is oolong.", {("favourite_tea", "oolong")}),
        ("My go-to order is a flat white.", {("go_to_order", "a flat white")}),
        # the frames that name their slot
        ("I work as a paramedic in the county.", {("job", "paramedic")}),
        ("These days I'm employed as an auditor.", {("job", "auditor")}),
        ("I live in Rotterdam with two cats.", {("lives_in", "Rotterdam")}),
        ("I'm allergic to shellfish.", {("allergy", "shellfish")}),
        ("I work for Halden Freight, night shift.", {("employer", "Halden Freight")}),
    ],
)  # fmt: skip
def test_what_a_speaker_states_of_themself(turn: str, expected: set[tuple[str, str]]) -> None:
    assert {(p.key, p.value) for p in personal(turn)} == expected


@pytest.mark.parametrize(
    "turn",
    [
        "My mom is sick this week.",  # a state, no value
        "My goal is to run more and stress less.",  # a clause, no value
        "My writing is going well lately.",
        "I live in a tiny flat by the station.",  # a place that is no name
        "My old number was 555-0101.",  # a detail of the past (and a contact detail)
        "Is my appointment on May 2?",  # a question
        "If my budget is $900, can we still go?",  # a condition
        "My sister's budget is $700.",  # someone else's
        "My day is 9am standup, then meetings, then errands until 7pm.",
    ],
)
def test_what_states_no_value_of_the_speakers_own(turn: str) -> None:
    assert personal(turn) == []


def test_each_speaker_keeps_their_own_and_a_new_value_replaces_theirs() -> None:
    engine = Engine.open(":memory:")
    with engine.session(Principal(org="acme", user="mo", authority="peer")) as s:
        s.observe("mo", "My budget is $2,000.")
        s.observe("Rita", "My budget is $1,200.")
        s.observe("mo", "Update: my budget is $2,400.")
        s.observe("Rita", "I'm allergic to peanuts.")
        s.observe("Rita", "And I'm allergic to latex too.")
        assert s.current_value("budget") == "$2,400"
        assert s.current_value("rita_budget") == "$1,200"
        assert s.current_value("rita_allergy") == "peanuts, latex"
    engine.close()
