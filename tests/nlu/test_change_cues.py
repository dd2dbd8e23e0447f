"""A rule restated with a marker of change ("effective immediately", "at this point",
"from today on") conflicts with the earlier rule on the same subject, so a speaker's
later word revokes their earlier one; on another subject it conflicts with nothing."""

from __future__ import annotations

import pytest

from statekeeper import Source
from statekeeper.nlu.interpret import conflicts
from tests.nlu.harness import Conversation

REVISIONS = [
    pytest.param(
        "Managers can approve PTO requests up to 2 weeks.",
        "Effective immediately, PTO requests over 3 days need VP approval.",
        id="hr-effective-immediately",
    ),
    pytest.param(
        "Contractors may use personal laptops for client work.",
        "From today on, contractors use company laptops for client work.",
        id="it-from-today-on",
    ),
    pytest.param(
        "Expense reports are filed in the old portal.",
        "At this point expense reports are filed in the new finance portal.",
        id="finance-at-this-point",
    ),
]


@pytest.mark.parametrize(("earlier", "later"), REVISIONS)
def test_same_speakers_restated_rule_revokes_the_earlier(
    conversation: Conversation, earlier: str, later: str
) -> None:
    for key, value in (("rule_before", earlier), ("rule_after", later)):
        conversation.write(
            key, value, detect=True, source=Source(authority="executive", speaker="Vince Hale")
        )
    session = conversation.session
    assert not session.is_current("rule_before")
    assert session.is_current("rule_after")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Managers can approve PTO requests up to 2 weeks.",
            "Effective immediately, the cafeteria closes at 3pm.",
        ),
        (
            "Contractors may use personal laptops for client work.",
            "From today on, the lobby door opens at 7am.",
        ),
    ],
)
def test_a_change_marker_on_another_subject_conflicts_with_nothing(a: str, b: str) -> None:
    assert not conflicts(a, b)
