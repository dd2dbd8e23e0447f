"""WordCues finds exactly what the same alternatives find behind a leading word boundary."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.facts.cues import WordCues

ALTERNATIVES = r"max(imum)? (of )?\d+|at most \d+|policy|let's say|due (by|on)"
PIECES = [
    "max",
    "maximum of 12",
    "at most 3",
    "policy",
    "let's say",
    "due by",
    "due 5",
    "x",
    "_",
    "'",
    " ",
    "-",
    "9",
    "é",
    "apolicy",
    "policy_",
    "maxi",
    "at most",
]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(PIECES), max_size=8))
def test_same_matches_as_a_leading_boundary(pieces: list[str]) -> None:
    text = "".join(pieces)
    expected = re.compile(rf"\b(?:{ALTERNATIVES})\b").search(text)
    found = WordCues(ALTERNATIVES).search(text)
    assert (found and found.span()) == (expected and expected.span())


def test_a_cue_inside_a_word_is_no_cue() -> None:
    cues = WordCues("policy|budget")
    assert cues.search("the apolicy and the budgets") is None
    assert cues.search("after the xpolicy, the policy holds").span() == (23, 29)  # type: ignore[union-attr]
