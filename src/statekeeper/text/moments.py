"""Relative times in what was said, anchored to the day it was said.

A turn recalled months later says "yesterday" or "last week" about a day the reader no
longer knows. Each such phrase is followed by the time it meant, in plain words ("I went
yesterday (7 May 2023)", "last week (the week before 8 May 2023)"), so a context answers
"when did ..." without date arithmetic. Month and year steps come from `dateutil`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

from dateutil import parser
from dateutil.relativedelta import relativedelta

from statekeeper.memo import memoized

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _day(d: date) -> str:
    return f"{d.day} {d:%B %Y}"


def _month(d: date) -> str:
    return f"{d:%B %Y}"


def _before(what: str) -> Callable[[date], str]:
    return lambda said: f"the {what} before {_day(said)}"


def _ago(match: re.Match[str], said: date) -> str:
    count = _COUNTS.get(match.group("n").lower()) or int(match.group("n"))
    unit = match.group("unit").lower().rstrip("s")
    if unit == "day":
        return _day(said - timedelta(days=count))
    if unit == "week":
        return f"the week of {_day(said - timedelta(weeks=count))}"
    if unit == "month":
        return _month(said - relativedelta(months=count))
    return str((said - relativedelta(years=count)).year)


# Each phrase and what it meant on the day it was said.
_FIXED: dict[str, Callable[[date], str]] = {
    "yesterday": lambda said: _day(said - timedelta(days=1)),
    "last night": lambda said: _day(said - timedelta(days=1)),
    "today": _day,
    "tonight": _day,
    "this morning": _day,
    "this afternoon": _day,
    "this evening": _day,
    "tomorrow": lambda said: _day(said + timedelta(days=1)),
    "last week": _before("week"),
    "last weekend": _before("weekend"),
    "this week": lambda said: f"the week of {_day(said)}",
    "this weekend": lambda said: f"the weekend of {_day(said)}",
    "next week": lambda said: f"the week after {_day(said)}",
    "last month": lambda said: _month(said - relativedelta(months=1)),
    "this month": _month,
    "next month": lambda said: _month(said + relativedelta(months=1)),
    "last year": lambda said: str(said.year - 1),
    "this year": lambda said: str(said.year),
    "next year": lambda said: str(said.year + 1),
    **{f"last {day}": _before(day.title()) for day in _WEEKDAYS},
    **{f"this past {day}": _before(day.title()) for day in _WEEKDAYS},
}
_PHRASE = re.compile(
    r"(?<![\w'])(?:"
    + "|".join(sorted((re.escape(p) for p in _FIXED), key=len, reverse=True))
    + r"|(?P<n>\d{1,2}|a|an|one|two|three|four|five|six)\s+(?P<unit>days?|weeks?|months?|years?)"
    r"\s+ago)(?![\w'])",
    re.IGNORECASE,
)


@memoized(65536)
def anchored(text: str, said: date) -> str:
    """The text with each relative time followed by what it meant on `said`; recalled
    turns recur in context after context, and the search is the costly part."""

    def meant(match: re.Match[str]) -> str:
        if match.group("unit"):
            return f"{match.group(0)} ({_ago(match, said)})"
        return f"{match.group(0)} ({_FIXED[match.group(0).lower()](said)})"

    return _PHRASE.sub(meant, text)


def in_words(text: str) -> bool:
    """Whether a text names a moment in words ("this week", "tomorrow", "3 days ago")."""
    return _PHRASE.search(text) is not None


# A date written with its year first, or with its month in words, reads one way only;
# "11/04" is left alone, since a day and a month could be either.
_UNAMBIGUOUS = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|[A-Za-z]{3}")


def same_day(a: str, b: str) -> bool:
    """Whether two dates written differently name one day of the year ("30 June" and
    "2025-06-30", "June 30th" and "30 Jun"): both must read one way only."""
    days = []
    for text in (a, b):
        if not _UNAMBIGUOUS.search(text):
            return False
        try:
            days.append(parser.parse(text, default=_NO_YEAR, fuzzy=True).date())
        except (ValueError, OverflowError):
            return False
    return (days[0].month, days[0].day) == (days[1].month, days[1].day)


_NO_YEAR = datetime(2000, 1, 1)


# Days of the month said in words: "the twelfth", "the twenty-first".
_ORDINAL_WORDS = {
    word: n
    for n, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split(),
        start=1,
    )
} | {"twentieth": 20, "thirtieth": 30}
_SPELLED_ORDINAL = re.compile(
    r"\b(?:(twenty|thirty)[- ])?(" + "|".join(_ORDINAL_WORDS) + r")\b", re.IGNORECASE
)
_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def ordinal(n: int) -> str:
    """A number as an ordinal in figures: 12 is "12th", 21 is "21st"."""
    return f"{n}{_SUFFIX.get(n, 'th')}"


def ordinals_in_figures(text: str) -> str:
    """A text with each ordinal said in words put in figures: "the twelfth of May" is "the
    12th of May", "the twenty-first" is "the 21st"."""

    def figured(match: re.Match[str]) -> str:
        tens = {"twenty": 20, "thirty": 30}.get((match.group(1) or "").lower(), 0)
        return ordinal(tens + _ORDINAL_WORDS[match.group(2).lower()])

    return _SPELLED_ORDINAL.sub(figured, text)


# A day of the month said alone, as an ordinal ("the 14th"), or with its month in words
# ("14 May", "May 14th").
_ORDINAL_DAY = re.compile(r"^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)$", re.I)
_DAY_IN_DATE = re.compile(
    r"^(?:[A-Za-z]+\.?\s+(\d{1,2})(?:st|nd|rd|th)?"
    r"|(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Za-z]+)$",
    re.IGNORECASE,
)


def names_day(named: str, date_text: str) -> bool:
    """Whether words name the day a date is: "the 14th" names "14 May", "30 June" names
    "2025-06-30"."""
    day = _day_of_month(named)
    return (day is not None and day == _day_of_month(date_text)) or same_day(named, date_text)


def _day_of_month(text: str) -> int | None:
    text = ordinals_in_figures(text)
    said = _ORDINAL_DAY.match(text.strip()) or _DAY_IN_DATE.match(text.strip())
    if said:
        return int(next(g for g in said.groups() if g))
    # a date in figures names its day where only one of its first two parts can be one:
    # "18/07/2025" is the 18th; "07/11/2025" could be either
    iso = _ISO_DATE.match(text.strip())  # "2026-03-17" is the 17th
    if iso:
        return int(iso.group(1))
    figures = _IN_FIGURES.match(text.strip())
    if figures is None:
        return None
    first, second = int(figures.group(1)), int(figures.group(2))
    if first > 12 >= second:
        return first
    return second if second > 12 >= first else None


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-(\d{2})$")
_IN_FIGURES = re.compile(r"^(\d{1,2})[/.-](\d{1,2})(?:[/.-]\d{2,4})?$")
