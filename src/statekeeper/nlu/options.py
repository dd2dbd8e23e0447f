"""Options that break a stated requirement.

A turn that lays alternatives side by side ("Hall A: $3,200, step-free. Hall B: $2,700,
stairs only.") offers a choice. A live requirement can settle part of
that choice before anyone decides: an option priced over a spending cap, one without a
credential that must be held, one offered only somewhere the requirement excludes, one
that cannot be ready by a deadline. Such an option is no longer a live choice. This module
reads the options and the requirements, and says what in an option breaks which
requirement. What it cannot read (an unlabelled list, figures of different currencies, a
place offered without "only") it leaves alone: a live option wrongly dropped is as bad as
a dead one shown.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from statekeeper.nlu.interpret import amount
from statekeeper.nlu.topic import identifiers, topic_terms

# An option is a labelled clause at the start of a sentence or a line: "Hall A: ...",
# or a label followed by what it offers or costs: "Hall A quotes $3,200".
_OFFERS = (
    r"offers?|costs?|quotes?|charges?|bids?|is|has|provides?|comes in at|runs|proposes?|"
    r"would cost|includes?"
)
_OPTION = re.compile(
    r"(?:^|(?<=[.;!?])[ \t]+|\n)[ \t]*(?:[-*\u2022][ \t]*)?"
    r"(?P<label>[A-Z][\w&'-]*(?:[ \t]+[\w&'-]+){0,3}?)"
    rf"(?::[ \t]+|[ \t]+(?=(?:{_OFFERS})\b))"
    r"(?P<body>(?:[^.;!?\n]|\.(?=\w))+)"
)
# Labels that count a sequence or a list of points, not alternatives to choose between.
_SEQUENCE_HEADS = frozenset(
    """step steps phase stage part round day week month item point note requirement rule
    question answer issue task milestone""".split()
)
# What tells alternatives apart: a letter or number ("Hall A", "Option 2") or a name.
_TELLS_APART = re.compile(r"^(?:\w|\d+|[IVX]+|[A-Z][\w&'-]*)$")
# A clause that itself demands something is a requirement, not an option.
_DEMANDS = re.compile(r"\b(?:must|required|requires?|mandatory|shall)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Option:
    """One alternative: its label, its attributes, and where the whole clause sits."""

    label: str
    body: str
    start: int
    end: int


@lru_cache(maxsize=65536)
def offered_options(text: str) -> tuple[Option, ...]:
    """The alternatives a text lays out side by side: two or more labelled clauses whose
    labels differ in one word that tells them apart ("Provider A", "Provider B"), or that
    are all names ("AWS", "GCP"). Anything else (a single labelled note, a list of steps,
    "the budget is ... the deadline is ...") offers no choice."""
    found = [
        Option(m.group("label"), m.group("body"), m.start("label"), m.end("body"))
        for m in _OPTION.finditer(text)
    ]
    found = [o for o in found if not _DEMANDS.search(o.body)]
    if len(found) < 2:
        return ()
    families: dict[tuple[object, ...], list[Option]] = {}
    for option in found:
        for frame in _frames(option.label):
            families.setdefault(frame, []).append(option)
    best = max(families.values(), key=len, default=[])
    if len({o.label.lower() for o in best}) < 2:
        return ()
    return tuple(sorted(best, key=lambda o: o.start))


def _frames(label: str) -> list[tuple[object, ...]]:
    """The shapes a label shares with its alternatives: its words with the one that tells
    it apart left blank."""
    words = label.split()
    if len(words) == 1:
        return [("name",)] if identifiers(label) else []
    frames: list[tuple[object, ...]] = []
    for i, word in enumerate(words):
        rest = [w.lower() for j, w in enumerate(words) if j != i]
        if _TELLS_APART.match(word) and not set(rest) & _SEQUENCE_HEADS:
            frames.append((len(words), i, *rest))
    return frames


@dataclass(frozen=True)
class Breach:
    """What in an option breaks a requirement: the option's own words for it."""

    attribute: str


# ---- spending caps ------------------------------------------------------------------

_MONEY = r"[$€£¥]\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s?(?:[kKmMbB]\b|million|billion|thousand))?"
_SPEND = re.compile(
    r"\b(?:budget|spend(?:ing)?|costs?|pric(?:e|es|ing)|fees?|expenses?|expenditure|outlay|"
    r"allocation|pay)\b",
    re.IGNORECASE,
)
_CAP = re.compile(
    r"(?:capped at|cap(?: of)?|max(?:imum)?(?: of)?|up to|no more than|not to exceed|at most|"
    r"under|below|less than|limit(?:ed)? (?:of|to|at))\s*(?P<fig>" + _MONEY + ")"
    r"|(?P<after>" + _MONEY + r")\s*(?:max(?:imum)?|cap|ceiling|limit|or (?:less|under|below)|"
    r"at (?:the )?most|tops)\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(_MONEY)
# A figure that is itself a bound ("coverage up to $5M") is no price.
_BOUNDED = re.compile(
    r"(?:up to|under|below|over|above|at least|at most|more than|less than|max(?:imum)?|"
    r"min(?:imum)?)\s*$",
    re.IGNORECASE,
)
_PER = re.compile(
    r"^\s*(?:/\s*|per\s+|an?\s+|each\s+)(?P<unit>year|yr|annum|month|mo|quarter|week)\b"
    r"|^(?:\s+\S+){0,2}?\s+(?P<adj>annual(?:ly)?|yearly|monthly|quarterly|weekly)\b",
    re.IGNORECASE,
)
_PER_YEAR = {
    "year": 1,
    "yr": 1,
    "annum": 1,
    "annual": 1,
    "annually": 1,
    "yearly": 1,
    "month": 12,
    "mo": 12,
    "monthly": 12,
    "quarter": 4,
    "quarterly": 4,
    "week": 52,
    "weekly": 52,
}


@dataclass(frozen=True)
class _Price:
    currency: str
    value: float
    per_year: int | None  # how many times a year it recurs, if it does


def _price(text: str, start: int, end: int) -> _Price | None:
    figure = text[start:end]
    value = amount(figure)
    if value is None:
        return None
    period = _PER.match(text[end : end + 40])
    unit = (period.group("unit") or period.group("adj")).lower() if period else None
    return _Price(figure.lstrip()[0], value, _PER_YEAR[unit] if unit else None)


def _over(price: _Price, cap: _Price) -> bool:
    """A price above a cap of its currency; a yearly cap and a monthly price are compared
    over a year, and a one-off figure against a recurring one as it stands."""
    if price.currency != cap.currency:
        return False
    if price.per_year and cap.per_year:
        return price.value * price.per_year > cap.value * cap.per_year
    return price.value > cap.value


@lru_cache(maxsize=16384)
def _caps(requirement: str) -> tuple[_Price, ...]:
    if not _SPEND.search(requirement):
        return ()  # a cap on a discount or a refund says nothing about a price
    found = []
    for match in _CAP.finditer(requirement):
        figure = "fig" if match.group("fig") else "after"
        cap = _price(requirement, match.start(figure), match.end(figure))
        if cap is not None:
            found.append(cap)
    return tuple(found)


# Words of a cap that say how it is counted, not what it limits.
_MEASURE = re.compile(
    r"\b(?:annual(?:ly)?|yearly|monthly|quarterly|weekly|total|overall|per|year|month|limits?|"
    r"caps?|ceiling|max(?:imum)?)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=16384)
def cap_subject(requirement: str) -> frozenset[str] | None:
    """What a spending cap limits, as topic terms ("venue" in "Venue budget capped at
    $12,000"); None when the requirement sets no spending cap."""
    if not _caps(requirement):
        return None
    return topic_terms(_MEASURE.sub(" ", _SPEND.sub(" ", _CAP.sub(" ", requirement))))


def _over_cap(body: str, requirement: str) -> Breach | None:
    caps = _caps(requirement)
    if not caps:
        return None
    for match in _FIGURE.finditer(body):
        if _BOUNDED.search(body[max(0, match.start() - 20) : match.start()]):
            continue
        price = _price(body, match.start(), match.end())
        if price is not None and any(_over(price, cap) for cap in caps):
            period = _PER.match(body[match.end() : match.end() + 40])
            return Breach(body[match.start() : match.end() + (period.end() if period else 0)])
    return None


# ---- credentials and places ---------------------------------------------------------

_NEGATION = r"(?:no|not|non|without|lacks?|lacking|missing)(?:[\s-]+(?:a|an|any|yet))?[\s-]+"
# Words that may follow a credential without changing what is negated ("not SOC2
# certified"), besides the words the requirement itself puts after it ("no ADA access").
_CREDENTIAL_WORDS = (
    "type|i|ii|iii|certified|certification|certificate|compliance|compliant|attestation|"
    "report|audit|accredited|accreditation|level|yet"
)


def _tail(head: str) -> str:
    words = "|".join([_CREDENTIAL_WORDS, *(re.escape(w) for w in head.split())])
    return rf"(?:[\s-]+(?:{words})){{0,3}}\s*(?:[,;)]|$)"


_EXCLUSIVE = r"(?i:only|exclusively|solely)"
# A capitalized word inside a sentence is a name ("in Frankfurt data centers").
_PROPER = re.compile(r"(?<=[\w,] )[A-Z][a-z][\w-]*")


def _proper_names(text: str) -> frozenset[str]:
    return frozenset(m.group(0).lower() for m in _PROPER.finditer(text))


@lru_cache(maxsize=16384)
def _demanded(requirement: str) -> tuple[tuple[str, str], ...]:
    """The names a requirement demands ("SOC2", "US"), each with the words it qualifies
    there ("data centers"), if any."""
    if not _DEMANDS.search(requirement):
        return ()
    found = []
    for name in identifiers(requirement) | _proper_names(requirement):
        qualified = re.search(
            rf"(?<![\w-]){re.escape(name)}[\s-]+(?P<head>[a-z]+(?:\s+[a-z]+)?)\b",
            requirement,
            re.IGNORECASE,
        )
        head = qualified.group("head") if qualified and qualified.group("head").islower() else ""
        found.append((name, head))
    return tuple(found)


def _lacks(body: str, requirement: str) -> Breach | None:
    """The option says it does not have a name the requirement demands ("no SOC2"), or
    offers its kind of thing only under another name ("EU data centers only" where data
    must stay in "US data centers")."""
    for name, head in _demanded(requirement):
        negated = re.search(
            rf"(?<![\w-]){_NEGATION}{re.escape(name)}(?![\w-]){_tail(head)}",
            body,
            re.IGNORECASE,
        )
        if negated and not re.match(r"not\s+only", negated.group(0), re.IGNORECASE):
            return Breach(negated.group(0).rstrip(" ,;)"))
        if not head or re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", body, re.IGNORECASE):
            continue
        words = r"\s+".join(rf"{re.escape(w.rstrip('s'))}s?" for w in head.split())
        other = re.search(
            rf"(?:\b{_EXCLUSIVE}\s+)?\b(?P<name>[A-Z][\w]*?)(?P<only>-only)?\s+{words}\b"
            rf"(?:\s+{_EXCLUSIVE}\b)?",
            body,
        )
        if other and re.search(rf"{_EXCLUSIVE}|-only", other.group(0), re.IGNORECASE):
            return Breach(other.group(0))
    return None


# ---- deadlines ----------------------------------------------------------------------

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS |= {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
_MONTHS["sept"] = 9
_DAY = (
    r"(?P<month>(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\.?\s+"
    r"(?P<day>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<year>\d{4}))?"
)
_BY = re.compile(
    rf"\b(?:by|before|no later than|deadline(?:\s+is|\s+of)?:?|due(?:\s+on)?)\s+{_DAY}",
    re.IGNORECASE,
)
_TODAY = re.compile(rf"\b(?:today is|today's date is|as of)\s+{_DAY}", re.IGNORECASE)
_WORK = (
    r"(?:implementation|setup|set-up|onboarding|delivery|lead time|rollout|roll-out|deployment|"
    r"migration|integration|installation|turnaround|build|ramp-up|go-live)"
)
_LEAD = re.compile(
    rf"\b(?P<n>\d+)[\s-]*(?P<unit>day|week|month)s?[\s-]+{_WORK}\b"
    rf"|\b{_WORK}\s+(?:takes\s+|of\s+|in\s+|time\s+(?:of\s+)?|:\s*)?(?:about\s+|roughly\s+|~)?"
    rf"(?P<n2>\d+)[\s-]*(?P<unit2>day|week|month)s?\b"
    rf"|\b(?:ready|live|operational|delivered)\s+in\s+(?P<n3>\d+)[\s-]*(?P<unit3>day|week|month)s?\b",
    re.IGNORECASE,
)


# The day an option says it will be ready: "live on May 4", "delivery by June 2".
_READY_ON = re.compile(
    rf"\b(?:ready|live|operational|delivered|delivery|available|installed|installation|"
    rf"go-live|launch(?:es)?|ships?|arrives?)\s+(?:by|on|from|at)?\s*{_DAY}",
    re.IGNORECASE,
)


def _date(match: re.Match[str], after: date) -> date | None:
    """A month and day as a date; without a year, the first such day not before `after`."""
    month = _MONTHS.get(match.group("month").lower()) or _MONTHS.get(
        match.group("month").lower()[:3]
    )
    if month is None:
        return None
    year = int(match.group("year")) if match.group("year") else after.year
    try:
        found = date(year, month, int(match.group("day")))
        if not match.group("year") and found < after:
            found = date(year + 1, month, int(match.group("day")))
    except ValueError:
        return None
    return found


def _later(start: date, count: int, unit: str) -> date:
    if unit == "day":
        return date.fromordinal(start.toordinal() + count)
    if unit == "week":
        return date.fromordinal(start.toordinal() + 7 * count)
    months = start.month - 1 + count
    year, month = start.year + months // 12, months % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def reference_day(text: str, today: date) -> date:
    """The day a text counts from: the one it names as today, else the calendar's."""
    named = _TODAY.search(text)
    found = _date(named, date(today.year, 1, 1)) if named else None
    return found or today


# A deadline for being ready is what a lead time can miss; one for paying an invoice is not.
_DUE = re.compile(r"\b(?:deadline|due|no later than)\b", re.IGNORECASE)
_READY = re.compile(
    r"\b(?:operational|live|running|ready|delivered|installed|deployed|launched|in place|"
    r"implemented|shipped|completed?|done)\b",
    re.IGNORECASE,
)


def _misses(body: str, requirement: str, today: date) -> Breach | None:
    """The day the option says it is ready, or the end of its lead time, falls after the
    day by which the requirement needs it ready."""
    if not _READY.search(requirement) or not (
        _DEMANDS.search(requirement) or _DUE.search(requirement)
    ):
        return None
    deadline_at = _BY.search(requirement)
    if deadline_at is None:
        return None
    deadline = _date(deadline_at, today)
    ready_on = _READY_ON.search(body)
    if deadline is not None and ready_on is not None:
        ready = _date(ready_on, today)
        return Breach(ready_on.group(0)) if ready is not None and ready > deadline else None
    lead = _LEAD.search(body)
    if lead is None:
        return None
    count = lead.group("n") or lead.group("n2") or lead.group("n3")
    unit = lead.group("unit") or lead.group("unit2") or lead.group("unit3")
    if deadline is None or _later(today, int(count), unit.lower()) <= deadline:
        return None
    return Breach(lead.group(0))


def breach(body: str, requirement: str, today: date, caps: bool = True) -> Breach | None:
    """What in an option's attributes breaks a requirement, if anything does. `today` is
    the day the option counts its lead time from; `caps` says whether the requirement's
    spending cap governs this choice."""
    return (
        (_over_cap(body, requirement) if caps else None)
        or _lacks(body, requirement)
        or _misses(body, requirement, today)
    )
