"""A fact's text after a claim moves it to a new value."""

from __future__ import annotations

import pytest

from statekeeper.nlu.topic import moved_to


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # a label over one stated value keeps the label
        ("Design tool: Figma", "Penpot", "Design tool: Penpot"),
        ("Hosting provider: Nimbus Cloud", "Strato", "Hosting provider: Strato"),
        ("Support tier: Basic", "Premium", "Support tier: Premium"),
        # a day-and-time moved to a day keeps its hour
        ("Review Thursday 12:30pm", "Friday", "Review Friday 12:30pm"),
        # several stated values, or no label: the new value whole
        ("Guests: 20, buffet style", "26 plated", "26 plated"),
        ("Figma for design", "Penpot", "Penpot"),
    ],
)
def test_a_moved_fact_reads_as_its_new_value(old: str, new: str, expected: str) -> None:
    assert moved_to(old, new) == expected
