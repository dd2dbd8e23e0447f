"""Whether a subject is set apart from what a fact speaks of."""

from __future__ import annotations

import pytest

from statekeeper.conversation.changes.subjects import set_apart


@pytest.mark.parametrize(
    ("subject", "fact", "apart"),
    [
        # a word before a head the fact has with another word
        ("the staging DB", "Prod DB host: db-prod-02", True),
        ("the back office printer", "Front office printer: Brother HL-2350", True),
        ("the 20GB plan", "Phone plan: 10GB for $45", True),
        # a fact that names the head with several words sets none of them apart
        ("crew call", "crew call is 5:30 p.m. at the pier, and cast call an hour later", False),
        ("the lunch order", "breakfast order from Rye, lunch order from Pita Pit", False),
        ("our ground floor", "ground floor and top floor rooms: 12 each", False),
        ("the prod DB", "Prod DB host: db-prod-02", False),
    ],
)
def test_a_subject_is_set_apart_only_by_a_word_the_fact_does_not_use(
    subject: str, fact: str, apart: bool
) -> None:
    assert set_apart(subject, fact) is apart
