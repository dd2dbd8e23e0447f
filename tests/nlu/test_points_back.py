"""A correction that points back at what was just said ("I'm overriding that", "scratch
that") replaces the fact in focus even when it calls the subject by another word, as long
as the new value is of that fact's kind."""

from __future__ import annotations

import pytest

from tests.nlu.harness import Conversation, Say, shows

CASES = [
    pytest.param(
        ("approved_budget", "$100,000 (manager approved)"),
        Say("I'm overriding that. The allocation is $80,000.", authority="executive"),
        "What is the approved budget?",
        "$80,000",
        "$100,000",
        id="finance-overriding-that",
    ),
    pytest.param(
        ("delivery_slot", "Thursday 9am at the north dock"),
        Say("Scratch that, the drop-off window is Friday at 2pm."),
        "When is the delivery?",
        "Friday",
        "Thursday",
        id="logistics-scratch-that",
    ),
    pytest.param(
        ("dermatology_consult", "Tuesday at 3pm"),
        Say("Ignore that, the appointment is Wednesday at 10am."),
        "When is the dermatology consult?",
        "Wednesday",
        "Tuesday",
        id="clinic-ignore-that",
    ),
]


@pytest.mark.parametrize(("fact", "turn", "question", "live", "dead"), CASES)
def test_pointing_back_replaces_the_fact_in_focus(
    conversation: Conversation,
    fact: tuple[str, str],
    turn: Say,
    question: str,
    live: str,
    dead: str,
) -> None:
    conversation.write(*fact)
    conversation.say(turn)
    value = conversation.session.current_value(fact[0])
    assert live in str(value)
    text = conversation.context(question)
    assert shows(text, live)
    assert not shows(text, dead)


@pytest.mark.parametrize(
    ("fact", "turn"),
    [
        pytest.param(
            ("approved_budget", "$100,000"), "Forget that, the parking lot is full.", id="no-value"
        ),
        pytest.param(
            ("approved_budget", "$100,000"),
            "Scratch that, the kickoff is Monday.",
            id="value-of-another-kind",
        ),
        pytest.param(
            ("delivery_slot", "Thursday 9am"),
            "The caterer's quote is $2,400.",
            id="no-pointing-back",
        ),
    ],
)
def test_pointing_back_needs_a_value_of_the_focus_kind(
    conversation: Conversation, fact: tuple[str, str], turn: str
) -> None:
    conversation.write(*fact)
    conversation.say(turn)
    assert conversation.session.current_value(fact[0]) == fact[1]
