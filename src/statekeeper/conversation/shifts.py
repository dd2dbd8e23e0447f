"""A time or a day moved by an amount rather than to a value: "push the call back an
hour", "move standup up 30 minutes", "let's do the pickup a day earlier".

The turn names no new value; it names a step and a direction. `shifts_in` reads them from a
sentence, and `shifted` applies one to a typed value, in the value's own style ("3pm" an
hour later is "4pm", "Saturday" a day earlier "Friday", "June 3" a week later "June 10").
A step that would carry a time past midnight, or a weekday by whole weeks, is left alone:
the text could not say what it means.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache

from statekeeper.conversation.cues import table, tables
from statekeeper.text.values import NUMBER_WORDS, TypedValue, clock_minutes

_AMOUNT = r"\d+|half an?|an?|" + "|".join(
    sorted((w for w in NUMBER_WORDS if " " not in w), key=len, reverse=True)
)
_UNIT = r"min(?:ute)?s?|hours?|hrs?|days?|weeks?"


@dataclass(frozen=True)
class Shift:
    """A step of `minutes` or of `days` (negative: earlier), said at `start`-`end` of its
    sentence; `named` are the words between its verb and its step ("the client call"),
    empty when it names nothing there."""

    minutes: int
    days: int
    start: int
    end: int
    named: str


@cache
def _pattern() -> re.Pattern[str]:
    def either(name: str) -> str:
        return "|".join(tables()[name])

    later, earlier = either("shift_later"), either("shift_earlier")
    step = (
        rf"(?:by\s+)?(?P<amount>{_AMOUNT})\s+(?P<unit>{_UNIT})(?P<half>\s+and\s+a\s+half)?"
        rf"(?:\s+(?P<after>later|earlier|sooner)(?!\s+than))?"
    )
    return re.compile(
        # "push the call back an hour", "delay the launch by a week", "do it a day earlier"
        rf"\b(?P<verb>{either('shift_verbs')})\b"
        rf"(?P<named>(?:\s+(?!(?:by|to|until)\b)[\w'-]+){{0,6}}?)"
        rf"(?:\s+(?P<later>{later})|\s+(?P<earlier>{earlier}))?\s+{step}\b",
        re.IGNORECASE,
    )


def shifts_in(sentence: str) -> list[Shift]:
    """The steps a sentence moves something by, each with its direction; a step whose
    direction the sentence does not say ("move it an hour") is none."""
    found = []
    for match in _pattern().finditer(sentence):
        groups = match.groupdict()
        after = (groups["after"] or "").lower()
        if after:
            sign = 1 if after == "later" else -1
        elif groups["later"] or table("shift_later_verbs").fullmatch(groups["verb"].lower()):
            sign = 1
        elif groups["earlier"]:
            sign = -1
        else:
            continue
        amount, unit = groups["amount"].lower(), groups["unit"].lower()
        half = bool(groups["half"])
        whole = int(amount) if amount.isdigit() else NUMBER_WORDS.get(amount, 1)
        count = 0.5 if amount.startswith("half") else whole + 0.5 * half
        minutes = days = 0
        if unit.startswith(("min", "hour", "hr")):
            minutes = round(count * (1 if unit.startswith("min") else 60))
        elif count == int(count):
            days = int(count) * (7 if unit.startswith("week") else 1)
        else:
            continue
        named = (groups["named"] or "").strip()
        found.append(Shift(sign * minutes, sign * days, match.start(), match.end(), named))
    return found


def shifted(value: TypedValue, shift: Shift) -> str | None:
    """A value's text moved by a step, in its own style; None when the step does not apply
    to its kind or its text cannot say the result."""
    if shift.minutes and value.kind == "time":
        return _time_moved(value.text, shift.minutes)
    if shift.days and value.kind == "weekday":
        return _weekday_moved(value.text, shift.days)
    if shift.days and value.kind == "date":
        return _date_moved(value.text, shift.days)
    return None


_CLOCK = re.compile(
    r"(?P<h>\d{1,2})(?::(?P<m>\d{2}))?(?P<space>\s?)(?P<mer>am|pm|a\.m\.|p\.m\.|AM|PM)?"
)


def _time_moved(text: str, minutes: int) -> str | None:
    if text.lower() == "noon":
        text = "12pm"
    clock = _CLOCK.fullmatch(text.strip())
    now = clock_minutes(text)
    if clock is None or now is None:
        return None  # a span of hours, or a time in words
    meridiem = clock["mer"]
    total = now + minutes
    if not 0 <= total < 24 * 60:
        return None  # past midnight: which day it lands on is no longer said
    hour, minute = divmod(total, 60)
    if not meridiem:
        return f"{hour:0{len(clock['h'])}d}:{minute:02d}"
    pm = hour >= 12
    shown = hour % 12 or 12
    new_meridiem = _meridiem_like(meridiem, pm)
    digits = f"{shown}:{minute:02d}" if clock["m"] or minute else str(shown)
    return f"{digits}{clock['space']}{new_meridiem}"


def _meridiem_like(style: str, pm: bool) -> str:
    """"am" or "pm" written as `style` writes its own: "PM", "a.m."."""
    letter = "p" if pm else "a"
    letter = letter.upper() if style[0].isupper() else letter
    return f"{letter}.{style[2]}." if "." in style else letter + style[1]


_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _weekday_moved(text: str, days: int) -> str | None:
    if days % 7 == 0:
        return None  # the same weekday a week on: the name cannot say which week
    word = text.rstrip(".")
    plural = word.lower().endswith("days")  # "Mondays": every one
    head = word.lower()[:3]
    index = next((n for n, d in enumerate(_WEEKDAYS) if d.lower().startswith(head)), None)
    if index is None:
        return None
    name = _WEEKDAYS[(index + days) % 7]
    if not word.lower().rstrip("s").endswith("day"):
        name = name[:3]  # "Sat" stays short
    return name + ("s" if plural else "")


_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
_MONTH_DAY = re.compile(
    r"(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})(?P<suffix>st|nd|rd|th)?(?P<year>,?\s+\d{4})?"
)
_DAY_MONTH = re.compile(
    r"(?P<day>\d{1,2})(?P<suffix>st|nd|rd|th)?\s+(?P<of>of\s+)?(?P<month>[A-Za-z]+)\.?"
    r"(?P<year>\s+\d{4})?"
)
_ISO = re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})")
_THE_NTH = re.compile(r"(?P<the>[Tt]he\s+)(?P<day>\d{1,2})(?:st|nd|rd|th)")


def _date_moved(text: str, days: int) -> str | None:
    if iso := _ISO.fullmatch(text):
        moved = date(int(iso["year"]), int(iso["month"]), int(iso["day"])) + timedelta(days)
        return moved.isoformat()
    if nth := _THE_NTH.fullmatch(text):  # a day of a month not named: within that month
        day = int(nth["day"]) + days
        return f"{nth['the']}{day}{_ordinal(day)}" if 1 <= day <= 28 else None
    written = _MONTH_DAY.fullmatch(text) or _DAY_MONTH.fullmatch(text)
    if written is None:
        return None  # a span of days, or a date in figures whose order is not known
    month = next((n for n, m in enumerate(_MONTHS, 1) if m.lower().startswith(written["month"].lower()[:3])), None)
    if month is None:
        return None
    year = int(written["year"].strip(", ")) if written["year"] else 2001  # a year without Feb 29
    try:
        moved = date(year, month, int(written["day"])) + timedelta(days)
    except ValueError:
        return None
    name = _MONTHS[moved.month - 1]
    if len(written["month"]) < len(_MONTHS[month - 1]):
        name = name[: len(written["month"])] if moved.month == month else name[:3]
    suffix = _ordinal(moved.day) if written["suffix"] else ""
    year_text = (written["year"] or "").replace(str(year), str(moved.year)) if written["year"] else ""
    if written.re is _MONTH_DAY:
        return f"{name} {moved.day}{suffix}{year_text}"
    return f"{moved.day}{suffix} {written['of'] or ''}{name}{year_text}"


def _ordinal(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
