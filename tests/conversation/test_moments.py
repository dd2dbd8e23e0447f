"""Relative times in a recalled turn, read as of the day the turn was said."""

from __future__ import annotations

from datetime import date

import pytest

from statekeeper.text.moments import anchored, names_day, same_day

SAID = date(2024, 3, 13)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a day
        ("We signed the lease yesterday.", "We signed the lease yesterday (12 March 2024)."),
        ("Last night the pipe burst.", "Last night (12 March 2024) the pipe burst."),
        ("The vet sees Rex tomorrow", "The vet sees Rex tomorrow (14 March 2024)"),
        ("I moved in three days ago", "I moved in three days ago (10 March 2024)"),
        # a week, a weekend, a weekday before the day said
        ("Ran my first 10k last week", "Ran my first 10k last week (the week before 13 March 2024)"),
        ("Last Sunday we hiked", "Last Sunday (the Sunday before 13 March 2024) we hiked"),
        ("Applied to two agencies this week",
         "Applied to two agencies this week (the week of 13 March 2024)"),
        ("Went fishing last weekend", "Went fishing last weekend (the weekend before 13 March 2024)"),
        # a month, a year, across their turn
        ("the shop opened last month", "the shop opened last month (February 2024)"),
        ("we go to Lisbon next month", "we go to Lisbon next month (April 2024)"),
        ("I started painting last year", "I started painting last year (2023)"),
        ("sold the boat 2 years ago", "sold the boat 2 years ago (2022)"),
    ],
)
def test_a_relative_time_is_followed_by_what_it_meant(text: str, expected: str) -> None:
    assert anchored(text, SAID) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The last weekday of the month is busy.",
        "Yesterdays are gone, said the song title Yesterdays",
        "Next weekend-ish maybe?",
        "She was last seen in Lisbon.",
    ],
)
def test_words_that_are_no_relative_time_stay_as_they_are(text: str) -> None:
    assert anchored(text, SAID) == text


def test_a_month_step_stays_within_the_calendar() -> None:
    assert anchored("last month", date(2024, 3, 31)) == "last month (February 2024)"
    assert anchored("next month", date(2024, 1, 31)) == "next month (February 2024)"


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("30 June", "2031-06-30", True),
        ("June 30th", "30 Jun", True),
        ("the 4th of March", "March 4", True),
        # another day, or a date that could be read two ways
        ("7 July", "2031-06-30", False),
        ("11/04", "2031-04-11", False),
        ("Friday", "2031-06-30", False),
    ],
)  # fmt: skip
def test_one_day_written_two_ways(a: str, b: str, same: bool) -> None:
    assert same_day(a, b) is same


@pytest.mark.parametrize(
    ("named", "date", "names"),
    [
        # a date in figures names its day where only one of its parts can be a day
        ("the 18th", "18/07/2025", True),
        ("the 25th", "07/25/2025", True),
        ("the 9th", "09.11.2026", False),  # the 9th of November or the 11th of September
        ("the 18th", "17/07/2025", False),
        # a date written year first, or the day in words, or "of" its month
        ("the 17th", "2026-03-17", True),
        ("the seventeenth", "2026-03-17", True),
        ("the 18th", "2026-03-17", False),
        ("the twelfth", "12 May", True),
        ("the 12th", "the 12th of May", True),
        ("the 12th", "the 13th of May", False),
    ],
)  # fmt: skip
def test_a_day_named_of_a_date_in_figures(named: str, date: str, names: bool) -> None:
    assert names_day(named, date) is names
