"""A fact's text is worked out once, and a copy with another value has that value's text."""

from __future__ import annotations

from datetime import datetime

from statekeeper.model import Fact


def _fact(value: object) -> Fact:
    return Fact(id="f-1", key="budget", value=value, timestamp=datetime(2026, 3, 2), org="o", user="u")


def test_structured_values_read_as_canonical_json() -> None:
    assert _fact({"b": 2, "a": "é"}).text == '{"a": "é", "b": 2}'


def test_a_copy_with_another_value_has_that_value_text() -> None:
    fact = _fact("$90,000")
    assert fact.text == "$90,000"
    assert fact.model_copy(update={"value": "$80,000"}).text == "$80,000"
    assert fact.model_copy(update={"needs_review": True}).text == "$90,000"


def test_the_worked_out_text_is_no_field() -> None:
    fact = _fact("$90,000")
    assert fact.text and "text" not in fact.model_dump()
    assert fact == _fact("$90,000")
