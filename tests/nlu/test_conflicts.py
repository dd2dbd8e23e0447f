"""Equal authorities in conflict both stand, and the context labels them as a conflict: the
two statements side by side under their speakers, not as two ordinary facts."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from statekeeper import Source
from statekeeper.context.format import CONFLICTS_HEADER, FACTS_HEADER
from tests.nlu.harness import Conversation


@dataclass(frozen=True)
class Said:
    key: str
    value: str
    speaker: str
    authority: str


def _section(text: str, header: str) -> str:
    if header not in text:
        return ""
    return text.split(header, 1)[1].split("\n## ", 1)[0]


def _play(conversation: Conversation, statements: tuple[Said, ...]) -> None:
    for said in statements:
        conversation.write(
            said.key,
            said.value,
            detect=True,
            source=Source(authority=said.authority, speaker=said.speaker),
        )


DISPUTES = [
    pytest.param(
        (
            Said(
                "timeout_ana",
                "The payments API timeout should be 30 seconds.",
                "Ana Ruiz",
                "engineer",
            ),
            Said(
                "timeout_ben",
                "The payments API timeout should be 60 seconds instead.",
                "Ben Cole",
                "engineer",
            ),
        ),
        "What timeout does the payments API use?",
        id="software-timeout",
    ),
    pytest.param(
        (
            Said("dose_kim", "Give the patient 5 mg of the drug twice daily.", "Kim Osei", "nurse"),
            Said(
                "dose_lee",
                "The drug dose for the patient is 10 mg once daily instead.",
                "Lee Park",
                "nurse",
            ),
        ),
        "What dose does the patient get?",
        id="clinic-dose",
    ),
    pytest.param(
        (
            Said(
                "dock_sam",
                "Load the Hamburg containers at dock 4 on Thursday.",
                "Sam Duarte",
                "manager",
            ),
            Said(
                "dock_ivy",
                "The Hamburg containers load at dock 4 on Friday instead.",
                "Ivy Lang",
                "manager",
            ),
        ),
        "When do the Hamburg containers load?",
        id="logistics-loading-day",
    ),
]


@pytest.mark.parametrize(("statements", "question"), DISPUTES)
def test_equal_authorities_in_conflict_are_labelled(
    conversation: Conversation, statements: tuple[Said, ...], question: str
) -> None:
    _play(conversation, statements)
    session = conversation.session
    assert all(session.is_current(s.key) for s in statements)
    text = conversation.context(question)
    section = _section(text, CONFLICTS_HEADER)
    assert section.count("- conflicting:") == 1, text
    for said in statements:
        assert f'{said.speaker} ({said.authority}) says "{said.value}"' in section
        assert said.value not in _section(text, FACTS_HEADER)  # shown once, as the conflict


NO_CONFLICT = [
    pytest.param(
        (
            Said(
                "timeout_ana",
                "The payments API timeout should be 30 seconds.",
                "Ana Ruiz",
                "engineer",
            ),
            Said("retries_ben", "The search service should retry 3 times.", "Ben Cole", "engineer"),
        ),
        "How is the payments API configured?",
        id="equal-authorities-different-subjects",
    ),
    pytest.param(
        (
            Said(
                "timeout_ana",
                "The payments API timeout should be 30 seconds.",
                "Ana Ruiz",
                "engineer",
            ),
            Said(
                "timeout_ben",
                "Agreed, the payments API timeout is 30 seconds.",
                "Ben Cole",
                "engineer",
            ),
        ),
        "What timeout does the payments API use?",
        id="equal-authorities-agreeing",
    ),
    pytest.param(
        (
            Said("dose_kim", "Give the patient 5 mg of the drug twice daily.", "Kim Osei", "nurse"),
            Said(
                "dose_dr",
                "The drug dose for the patient is 10 mg once daily instead.",
                "Dr Abara",
                "director",
            ),
        ),
        "What dose does the patient get?",
        id="higher-authority-settles-it",
    ),
    pytest.param(
        (
            Said(
                "dock_sam",
                "Load the Hamburg containers at dock 4 on Thursday.",
                "Sam Duarte",
                "manager",
            ),
            Said(
                "dock_sam_2",
                "The Hamburg containers load at dock 4 on Friday instead.",
                "Sam Duarte",
                "manager",
            ),
        ),
        "When do the Hamburg containers load?",
        id="same-speaker-revises",
    ),
]


@pytest.mark.parametrize(("statements", "question"), NO_CONFLICT)
def test_no_conflict_label_without_an_unresolved_dispute(
    conversation: Conversation, statements: tuple[Said, ...], question: str
) -> None:
    _play(conversation, statements)
    text = conversation.context(question)
    assert CONFLICTS_HEADER not in text, text


def test_unequal_authorities_are_never_labelled_as_equals(conversation: Conversation) -> None:
    """Written without detection, a lower and a higher statement both stay live; the
    context still does not present them as a dispute between equals."""
    for key, value, speaker, authority in (
        ("window_ops", "Maintenance window is Saturday at 2am.", "Raj Iyer", "engineer"),
        ("window_vp", "Maintenance window is Sunday at 4am instead.", "Dana Wolfe", "executive"),
    ):
        conversation.write(
            key, value, detect=False, source=Source(authority=authority, speaker=speaker)
        )
    assert CONFLICTS_HEADER not in conversation.context("When is the maintenance window?")


def test_equal_statements_never_compared_at_write_are_labelled(conversation: Conversation) -> None:
    for key, value, speaker in (
        ("window_raj", "Maintenance window is Saturday at 2am.", "Raj Iyer"),
        ("window_mo", "Maintenance window is Sunday at 4am instead.", "Mo Haddad"),
    ):
        conversation.write(
            key, value, detect=False, source=Source(authority="engineer", speaker=speaker)
        )
    text = conversation.context("When is the maintenance window?")
    assert 'Raj Iyer (engineer) says "Maintenance window is Saturday at 2am."' in text
    assert 'Mo Haddad (engineer) says "Maintenance window is Sunday at 4am instead."' in text
