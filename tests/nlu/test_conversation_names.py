"""A subject the conversation itself gave a fact ("our initiative status is on track" for
project_status) names that fact in a later correction, when every word of it was said
with the fact's value."""

from __future__ import annotations

import pytest

from tests.nlu.harness import Conversation, Say


@pytest.mark.parametrize(
    ("fact", "turns", "live"),
    [
        pytest.param(
            ("project_status", "on track"),
            (
                "Our initiative status is on track.",
                Say("Initiative status: on track.", assistant=True),
                "As of today, our initiative is delayed.",
            ),
            "delayed",
            id="project-initiative",
        ),
        pytest.param(
            ("dock_assignment", "Bay 7"),
            ("The Hamburg load goes to Bay 7.", "Update: the Hamburg load is now at Bay 12."),
            "Bay 12",
            id="logistics-hamburg-load",
        ),
        pytest.param(
            ("clinic_room", "Room 4B"),
            ("Dr Osei sees patients in Room 4B.", "As of today, Dr Osei is in Room 6A."),
            "Room 6A",
            id="clinic-doctor-room",
        ),
    ],
)
def test_correction_by_the_conversations_name(
    conversation: Conversation, fact: tuple[str, str], turns: tuple[str | Say, ...], live: str
) -> None:
    conversation.write(*fact)
    for turn in turns:
        conversation.say(turn)
    assert live in str(conversation.session.current_value(fact[0]))


@pytest.mark.parametrize(
    ("fact", "turns"),
    [
        pytest.param(
            ("project_status", "on track"),
            ("Our initiative status is on track.", "As of today, the shipping status is delayed."),
            id="another-status",
        ),
        pytest.param(
            ("dock_assignment", "Bay 7"),
            ("The Hamburg load goes to Bay 7.", "Update: the Rotterdam load is now at Bay 12."),
            id="another-load",
        ),
        pytest.param(
            ("dock_assignment", "Bay 7"),
            ("The Hamburg load goes to Bay 7.", "The Hamburg load is 40 pallets."),
            id="a-detail-not-a-correction",
        ),
    ],
)
def test_a_subject_the_conversation_never_used_for_the_fact_names_nothing(
    conversation: Conversation, fact: tuple[str, str], turns: tuple[str, ...]
) -> None:
    conversation.write(*fact)
    for turn in turns:
        conversation.say(turn)
    assert conversation.session.current_value(fact[0]) == fact[1]
