"""A time or a day moved by a step: the step and its direction read from a sentence, and
a value moved by it in its own style."""

from __future__ import annotations

import pytest

from statekeeper.conversation.shifts import shifted, shifts_in
from statekeeper.text.values import TypedValue
from tests.conversation.memory import MemoryState, made
from tests.conversation.test_reading import read


@pytest.mark.parametrize(
    ("sentence", "minutes", "days", "named"),
    [
        ("Push the client call back an hour.", 60, 0, "the client call"),
        ("Move standup up 30 minutes.", -30, 0, "standup"),
        ("Start the workshop half an hour later.", 30, 0, "the workshop"),
        ("Bring the review forward two days.", 0, -2, "the review"),
        ("Delay the launch by a week.", 0, 7, "the launch"),
        ("let's do the vet visit a day earlier", 0, -1, "the vet visit"),
        ("Can you shift my shift back an hour and a half?", 90, 0, "my shift"),
    ],
)
def test_a_step_and_its_direction(sentence: str, minutes: int, days: int, named: str) -> None:
    [shift] = shifts_in(sentence)
    assert (shift.minutes, shift.days, shift.named) == (minutes, days, named)


@pytest.mark.parametrize(
    "sentence",
    [
        "Can we move it an hour?",  # which way is not said
        "We got there an hour later than planned.",  # a comparison, no move
        "She called back a day later.",  # no verb that moves anything
        "Push the cart two aisles down.",  # no step of time
    ],
)
def test_no_step(sentence: str) -> None:
    assert shifts_in(sentence) == []


@pytest.mark.parametrize(
    ("kind", "text", "sentence", "moved"),
    [
        ("time", "3pm", "push it back an hour", "4pm"),
        ("time", "7:45 PM", "push it back 30 minutes", "8:15 PM"),
        ("time", "11:30a.m.", "push it back an hour", "12:30p.m."),
        ("time", "noon", "move it up two hours", "10am"),
        ("time", "14:00", "delay it 15 minutes", "14:15"),
        ("time", "11pm", "push it back two hours", None),  # past midnight
        ("weekday", "Saturday", "do it a day earlier", "Friday"),
        ("weekday", "Mondays", "move it back a day", "Tuesdays"),
        ("weekday", "Sun", "push it back a day", "Mon"),
        ("weekday", "Thursday", "push it back a week", None),  # which Thursday?
        ("date", "June 30", "push it back a day", "July 1"),
        ("date", "Dec 31, 2031", "delay it two days", "Jan 2, 2032"),
        ("date", "4th of March", "move it up a week", "25th of February"),
        ("date", "the 14th", "push it back a week", "the 21st"),
        ("date", "2031-02-27", "push it back a week", "2031-03-06"),
        ("date", "May 4-7", "push it back a day", None),  # a span
    ],
)
def test_a_value_moved_in_its_own_style(
    kind: str, text: str, sentence: str, moved: str | None
) -> None:
    [shift] = shifts_in(sentence)
    assert shifted(TypedValue(kind, text, 0, len(text)), shift) == moved


def _live(*facts: tuple[str, str]) -> MemoryState:
    return MemoryState(facts=[made(key, value, n, authority="peer") for n, (key, value) in
                              enumerate(facts, 1)])  # fmt: skip


@pytest.mark.parametrize(
    ("state", "text", "expected"),
    [
        (_live(("standup", "Standup at 9:30am daily"), ("lunch", "Team lunch Friday")),
         "Move standup up 15 minutes.", ("standup", "Standup at 9:15am daily")),
        (_live(("pickup", "Laundry pickup Saturday 10am")),
         "Let's do the laundry pickup a day earlier.", ("pickup", "Laundry pickup Friday 10am")),
        (_live(("launch", "Launch on June 30"), ("review", "Design review at 2pm")),
         "Delay the launch by two days.", ("launch", "Launch on July 2")),
        (_live(("dinner", "Dinner reservation at 7pm")), "Push it back half an hour.",
         ("dinner", "Dinner reservation at 7:30pm")),
    ],
)  # fmt: skip
def test_a_turn_moves_a_live_value_by_a_step(
    state: MemoryState, text: str, expected: tuple[str, str]
) -> None:
    [(kind, key, _, value, reason)] = read(state, text)
    assert (kind, key, value, reason) == ("Replace", *expected, "moved by a step")


@pytest.mark.parametrize(
    ("state", "text"),
    [
        (_live(("dinner", "Dinner reservation at 7pm")), "Can we push it back an hour?"),
        (_live(("dinner", "Dinner reservation at 7pm")),
         "If it rains, we'll push the dinner back an hour."),
        # two things it could be said of, and the turn names neither
        (_live(("dinner", "Dinner at 7pm"), ("call", "Call at 3pm")), "Push it back an hour."),
    ],
)  # fmt: skip
def test_a_step_moves_nothing_it_cannot_name(state: MemoryState, text: str) -> None:
    assert read(state, text) == []
