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


CONSTRAINT_PIECES = st.sampled_from(
    "budget budgets spend cap limit due by on date deadline max maximum of 12 10% at most 3 "
    "seats slots up to 5 people users policy must not never only the cfo may approval "
    "minimum min at least cannot exceed may not cutoff headcount capacity".split()
    + [" ", "_", "x", "é", ",", "-", "9"]
)


@settings(max_examples=500)
@given(st.lists(CONSTRAINT_PIECES, max_size=12))
def test_the_constraint_gate_finds_what_some_rule_finds(pieces: list[str]) -> None:
    from statekeeper.facts import classify

    text = "".join(pieces)
    by_rules = any(cues.search(text) for _, cues in classify._RULES)
    assert (classify._ANY_RULE.search(text) is not None) == by_rules
