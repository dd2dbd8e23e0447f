"""Figures a text itself marks as replaced: "changed from X", and "X is now Y"."""

from __future__ import annotations

import pytest

from statekeeper import Session
from statekeeper.context.past import past_values, without_past
from tests.conftest import Clock


@pytest.mark.parametrize(
    ("text", "past"),
    [
        ("Finance trimmed travel: your $80K is now $65K max.", "$80k"),
        ("Standup 9:30am -> 10am from next week", "9:30am"),
        ("The shuttle leaves Thursday is now Friday, sorry", "thursday"),
        ("Headcount of 12 engineers has become 9 engineers", "12 engineers"),
        ("Our churn target of 4% is now 3%", "4%"),
    ],
)
def test_value_replaced_in_place_is_past(text: str, past: str) -> None:
    assert past in past_values(text)
    assert past not in without_past(text).lower()


@pytest.mark.parametrize(
    "text",
    [
        "The $5K deposit is now due",  # "is now" followed by no new figure
        "Room 4B is now booked for Friday",  # a name, then a figure of another kind
        "The $40K budget is now approved, with $10K held back",
        "Rates: 5% is now standard and 7% premium",  # 7% does not follow the marker
    ],
)
def test_is_now_without_a_new_figure_of_the_kind_marks_nothing(text: str) -> None:
    assert past_values(text) == ()


def test_replaced_figure_is_scrubbed_from_turns(alice: Session, clock: Clock) -> None:
    alice.write("travel_budget", "Travel budget $12K for the offsite")
    clock.advance(minutes=1)
    alice.write(
        "travel_budget", "Finance trimmed it: the $12K is now $9K", supersedes="travel_budget"
    )
    alice.add_turn("alice", "Booked flights against the $12K travel budget")
    text = alice.context("What is the travel budget?").text
    assert "$12K" not in text
    assert "$9K" in text


@pytest.mark.parametrize(
    ("text", "past", "current"),
    [
        ("Budget changed from $50,000 to $45,000", {"$50,000"}, "$45,000"),
        ("Weekday rate was originally $50, now $60 per hour", {"$50"}, "$60"),
        ("Instead of Friday we ship Monday", {"friday"}, "monday"),
        ("Moved from Tuesday 3pm to Wednesday 10am", {"tuesday", "3pm"}, "wednesday"),
        ("Originally Friday, then Thursday, final is Monday", {"friday", "thursday"}, "monday"),
        ("Initially $40K, later $55K, and now $60K", {"$40k", "$55k"}, "$60k"),
    ],
)
def test_history_marker_reaches_along_a_list_only(text: str, past: set[str], current: str) -> None:
    assert set(past_values(text)) == past
    assert current in without_past(text).lower()


def test_figure_ends_before_a_trailing_comma() -> None:
    from statekeeper.context.hygiene import value_parts

    assert value_parts("Pay $50, then $1,200 later") == {"$50", "$1,200"}


def test_new_value_of_a_change_survives(alice: Session, clock: Clock) -> None:
    alice.write("budget", "Budget changed from $50,000 to $45,000")
    alice.add_turn("alice", "Weekday rate was originally $50, now $60 per hour")
    alice.write("weekend_rate", "Weekend rate is $50 per hour")
    text = alice.context("What are the budget and the rates?").text
    assert "to $45,000" in text
    assert "now $60 per hour" in text
    assert "Weekend rate is $50 per hour" in text


@pytest.mark.parametrize(
    ("text", "values", "live", "dead"),
    [
        # a part of the new value beside a word the old one keeps is no rival of it
        ("We'll need the van on Saturday July 26 instead.", ["saturday", "july 26"],
         {"saturday"}, []),
        ("Correction: it's Friday, March 6 at the annex.", ["friday", "march 6"],
         {"friday"}, []),
        ("Actually the call is 4pm Thursday.", ["4pm", "thursday"], {"thursday"}, []),
        # alternatives told apart by words stay rivals
        ("Originally Friday, then Thursday, final is Monday.",
         ["friday", "thursday", "monday"], {"monday"}, ["friday", "thursday"]),
    ],
)
def test_parts_of_one_value_are_no_rivals(
    text: str, values: list[str], live: set[str], dead: list[str]
) -> None:
    from statekeeper.nlu.interpret import superseded_alternatives

    assert superseded_alternatives(text, values, live) == dead


HISTORIES = [
    # a short turn tells one history, across its sentences
    ("The kickoff was first set for Tuesday. Then we moved it to Wednesday. Final is Friday.",
     ["tuesday", "wednesday", "friday"], {"friday"}, ["tuesday", "wednesday"]),
    # a long message runs through several matters: only the sentence telling the history
    # counts, and a time said in another sentence is of another matter
    (
        "Notes from the site meeting. Skip swap is booked for 7:40 on Monday. The scaffold "
        "firm wants the gate code again. The electrician was originally due Friday, now "
        "Saturday from now on. Tea and biscuits are on me.",
        ["7:40", "monday", "friday", "saturday"], {"saturday"}, ["friday"],
    ),
    (
        "Long one, sorry. Parents' evening stays in the hall. Choir runs 15:30 to 16:15 "
        "on Thursdays. Coach pickup for the trip, previously 8am, is 7:30am now. The "
        "raffle needs prizes.",
        ["15:30", "16:15", "thursdays", "8am", "7:30am"], {"7:30am"}, ["8am"],
    ),
    (
        "Update for everyone. Pantry opens at 9:15 on Saturdays. Bread comes on Tuesdays. "
        "The van service was 3pm, it's 1pm instead. Volunteers please sign the sheet.",
        ["9:15", "saturdays", "tuesdays", "3pm", "1pm"], {"1pm"}, ["3pm"],
    ),
]


HISTORIES += [
    # the value said as the one that holds now is never the dead one, though the change
    # was not read and the old one is still live
    ("The hall's double-booked Friday so the club wants Saturday the 12th instead.",
     ["friday", "saturday", "the 12th"], {"friday"}, []),
    ("Pump 2 failed, so we're on pump 5 from now on, pump 3 was never fitted.",
     ["2", "5", "3"], {"2"}, ["3"]),
    # a dictated message ends its sentences in words
    (
        "notes for today full stop gate code is 4471 full stop the skip comes at 8 full stop "
        "the roofer moved to 10 instead of 9 full stop lunch at 1 full stop that's all",
        ["4471", "8", "10", "9", "1"], {"10"}, ["9"],
    ),
]


@pytest.mark.parametrize(("text", "values", "live", "dead"), HISTORIES)
def test_a_history_is_told_in_one_matter(
    text: str, values: list[str], live: set[str], dead: list[str]
) -> None:
    from statekeeper.nlu.interpret import superseded_alternatives

    assert superseded_alternatives(text, values, live) == dead
