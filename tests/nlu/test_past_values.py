"""Figures a text itself marks as replaced: "changed from X", and "X is now Y"."""

from __future__ import annotations

import pytest

from statekeeper import Session
from statekeeper.context.past import past_values, without_past
from tests.conftest import Clock


@pytest.mark.parametrize(
    ("text", "past"),
    [
        ("Finance cut budgets: your $200K is now $140K max.", "$200k"),
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
