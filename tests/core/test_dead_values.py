"""Filing dead phrases under their first word finds exactly what testing every phrase finds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statekeeper.context.hygiene import REDACTED, DeadValues, norm, phrase_pattern

WORDS = st.sampled_from(
    "$450K 450k 3pm 3 PM Friday friday Main St. 12 % 12% (tentative) Oak-Ave "
    "re-run co_op Ünïcode ÜNÏCODE 漢字 - -- # $ .".split()
)
SPACES = st.sampled_from([" ", "  ", "\n", ", ", " (", ") ", "\t"])
TEXTS = st.lists(st.tuples(WORDS, SPACES), max_size=12).map(
    lambda pairs: "".join(w + s for w, s in pairs)
)


def _every_phrase(phrases: tuple[str, ...], text: str) -> str:
    """The reference: every phrase tested against the text."""
    normalized = norm(text)
    present = tuple(p for p in phrases if p in normalized)
    return phrase_pattern(present).sub(REDACTED, text) if present else text


@settings(max_examples=400, deadline=None)
@given(st.lists(TEXTS.map(norm).filter(bool), max_size=8, unique=True), TEXTS)
def test_filed_phrases_redact_as_testing_every_phrase(phrases: list[str], text: str) -> None:
    ordered = tuple(sorted(phrases, key=len, reverse=True))
    assert DeadValues(ordered).redact(text) == _every_phrase(ordered, text)


def test_a_phrase_inside_a_longer_word_is_not_redacted() -> None:
    dead = DeadValues(("$450k", "friday"))
    assert dead.redact("Budget $1450K, due Fridays") == "Budget $1450K, due Fridays"
    assert dead.redact("Budget $450K, due Friday") == f"Budget {REDACTED}, due {REDACTED}"


def test_a_phrase_without_words_is_still_found() -> None:
    assert DeadValues(("--",)).redact("a -- b") == f"a {REDACTED} b"


def test_a_dead_address_is_masked_where_its_street_is_quoted_alone() -> None:
    dead = DeadValues.build(["Deliver to 42 Birchwood Ct, Ashford"], live=[])
    assert dead.redact("the van went to 42 Birchwood Ct this morning") == (
        f"the van went to {REDACTED} this morning"
    )


@pytest.mark.parametrize(
    ("dead", "live", "text", "shown"),
    [
        ("Rex", "Max", "the office dog answers to Rex", f"the office dog answers to {REDACTED}"),
        ("Ada", "Lena", "ask Ada in finance", f"ask {REDACTED} in finance"),
        ("NYC", "SFO", "the offsite is in NYC", f"the offsite is in {REDACTED}"),
        ("Oslo", "Bergen", "flights to Oslo", f"flights to {REDACTED}"),
    ],
)
def test_a_dead_short_name_is_masked(dead: str, live: str, text: str, shown: str) -> None:
    assert DeadValues.build([dead], live=[live]).redact(text) == shown


@pytest.mark.parametrize(
    ("dead", "text"),
    [
        ("red", "a red scarf"),  # a common word, written as one: not a name
        ("yes", "yes, that works"),
        ("Max", "Max is still the contact"),  # the live value says the same name
    ],
)
def test_a_short_value_that_is_no_dead_name_stays(dead: str, text: str) -> None:
    assert DeadValues.build([dead], live=["Max"]).redact(text) == text


@pytest.mark.parametrize(
    ("dead", "live", "text", "kept"),
    [
        ("Office wifi: Corp-5G", "Office wifi: Corp-Secure", "rename it to Corp-Secure",
         "Corp-Secure"),
        ("Build runner: Alpha-Linux 2", "Build runner: Alpha-Mac", "moved to Alpha-Mac",
         "Alpha-Mac"),
        ("Room: North-Wing 2", "Room: North-Annex", "we're in North-Annex", "North-Annex"),
    ],
)
def test_a_dead_name_joined_by_a_hyphen_never_masks_the_live_one(
    dead: str, live: str, text: str, kept: str
) -> None:
    assert kept in DeadValues.build([dead], live=[live]).redact(text)


@pytest.mark.parametrize(
    ("dead", "text"),
    [
        # a time written with a dot is one value, never its minutes and half of the day
        ("coach from the square at 2.30pm", "Talk at 7.30pm, doors at 7.15pm."),
        ("warm-up 9.45am on the lawn", "Doors 10.45am sharp."),
        ("pickup 7.30 pm from the gate", "Dinner is at 8.30 pm."),
    ],
)
def test_a_dead_time_with_a_dot_masks_no_other_time(dead: str, text: str) -> None:
    assert DeadValues.build([dead], []).redact(text) == text


@pytest.mark.parametrize(
    ("dead", "live", "text", "shown"),
    [
        # an amount is the same with its currency's sign on either side
        ("24,80 €", "hire €52,00", "that would be €24,80 instead of €52,00",
         "that would be [outdated] instead of €52,00"),
        ("€1.250,00", "deposit 300,00 €", "so 1.250,00 € then, deposit 300,00 €",
         "so [outdated] then, deposit 300,00 €"),
        ("£45", "£60 a night", "fine at 45 £ or £60 a night", "fine at [outdated] or £60 a night"),
    ],
)  # fmt: skip
def test_a_dead_amount_is_masked_with_its_sign_on_either_side(
    dead: str, live: str, text: str, shown: str
) -> None:
    assert DeadValues.build([dead], [live]).redact(text) == shown
