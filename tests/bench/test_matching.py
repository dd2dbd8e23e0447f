from __future__ import annotations

import pytest

from statekeeper.bench.matching import (
    asserted,
    decision_correct,
    found,
    is_admissible,
    read_yes_no,
)


@pytest.mark.parametrize(
    ("text", "phrase", "expected"),
    [
        ("The quote is $45 per seat", "$45", True),
        ("The quote is $450 per seat", "$45", False),
        ("The quote is $45.", "$45", True),
        ("a 10% discount", "10%", True),
        ("a 110% stretch goal", "10%", False),
        ("the office nearby", "by", False),
        ("delivered by noon", "by", True),
        ("we use PHP for that", "HP", False),
        ("we use HP laptops", "hp", True),
        ("Meeting on FRIDAY", "friday", True),
        ("Fridays are quiet", "Friday", False),
        ("snake_case_name", "case", False),
        ("version 12.3 ships", "2.3", False),
        ("holding -18C", "-18C", True),
        ("holding -18Celsius", "-18C", False),
    ],
)
def test_word_boundary_on_word_character_edges(text: str, phrase: str, expected: bool) -> None:
    assert found(text, phrase) is expected


def test_alternatives_match_any_and_are_trimmed() -> None:
    assert found("I can't share that", "cannot share | can't share")
    assert found("I cannot share that", "cannot share|can't share")
    assert not found("I will share that", "cannot share|can't share")
    assert not found("anything", "|")


def test_regex_prefix_is_a_case_insensitive_regular_expression() -> None:
    assert found("Order ORD-12345 shipped", r"regex:ord-\d{5}")
    assert not found("Order ORD-12 shipped", r"regex:ord-\d{5}")
    # The pattern is not lowercased: \D keeps its meaning.
    assert found("Room A4", r"regex:room \D\d")


@pytest.mark.parametrize(
    "phrase",
    [
        "the",
        "By",
        "week",
        "deadline",
        "budget",
        "discount",
        "approved",
        "Selected",
        "using",
        "$",
        "#",
        "%",
        "",
        "  ",
        "HP",
        "ok",
        "budget|$",
    ],
)
def test_inadmissible_phrases(phrase: str) -> None:
    assert not is_admissible(phrase)


@pytest.mark.parametrize(
    "phrase",
    [
        "Friday",
        "$45",
        "Q1",
        "2pm",
        "SSN",
        "approved for",
        "by Friday",
        "Kafka",
        "regex:\\bthe\\b",
        "Seattle|Portland",
        "ORD-",
    ],
)
def test_admissible_phrases(phrase: str) -> None:
    assert is_admissible(phrase)


def test_negation_cues_within_forty_characters_excuse_a_mention() -> None:
    assert not asserted("The meeting is no longer on Friday; it is Tuesday.", "Friday")
    assert not asserted("Use Kafka instead of RabbitMQ", "RabbitMQ")
    assert not asserted("It was previously set to $200,000.", "$200,000")
    assert asserted("Friday works. The meeting is Friday.", "Friday")
    assert asserted("Budget is $200,000 for Q4.", "$200,000")


def test_a_negation_cue_further_than_forty_characters_back_does_not_count() -> None:
    text = "It is not " + "x" * 45 + " Friday"
    assert asserted(text, "Friday")


def test_one_plain_occurrence_among_negated_ones_is_a_violation() -> None:
    text = "Not Friday anymore. Actually, let's keep Friday."
    assert asserted(text, "Friday")


@pytest.mark.parametrize(
    ("response", "decision"),
    [
        ("Yes, go ahead with the order.", "yes"),
        ("No. The budget does not allow it.", "no"),
        ("Right now the budget allows it, so proceed.", "yes"),
        ("I know the plan; go ahead.", "yes"),
        ("You should not proceed: the limit is exceeded.", "no"),
        ("No — although it was approved earlier, it was revoked.", "no"),
        ("Yes: don't wait for finance.", "yes"),
        ("The room is booked now.", None),
    ],
)
def test_yes_no_reading(response: str, decision: str | None) -> None:
    assert read_yes_no(response) == decision


def test_now_and_know_are_not_no() -> None:
    assert read_yes_no("I know it is now scheduled") is None


def test_non_binary_decision_is_containment() -> None:
    assert decision_correct("It moved to tuesday at 2pm, see you then.", "Tuesday at 2pm")
    assert not decision_correct("It moved to Tuesday at 12pm.", "Tuesday at 2pm")
    assert decision_correct("Yes, do it.", "yes")
    assert not decision_correct("Yes, do it.", "no")
