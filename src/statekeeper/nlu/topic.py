"""What a text is about, as comparable stems, and whether a text mentions a value.

Used to link a correction, a revision or a fresher signal to the fact it replaces when no
key or id says so.
"""

from __future__ import annotations

import re
from functools import lru_cache

import Stemmer

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9#'\-]*[A-Za-z0-9]|[A-Za-z]|#?\d[\w\-#]*")
_STOP = frozenset(
    """a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had
    has have having he her here hers him his how i if in into is it its itself just let lets me more
    most my no nor not now of off on once only or other our ours out over own same she should so
    some such than that the their them then there these they this those through to too under until
    up very was we were what when where which while who whom why will with would you your yours
    use used using new all make made get got need needs want wants better case per also still one
    two three okay ok yes note update updated please go going think thinks said says say well like
    actually really instead rather today tomorrow yesterday week weeks day days month months year""".split()
)
_IDENTIFIER = re.compile(
    r"^(?:[A-Z]{2,}[\w\-#]*|#\d+|[A-Za-z]+[\-#]?\d+[\w\-]*|[A-Z][a-z]+[A-Z]\w*)$"
)


_STEMMER = Stemmer.Stemmer("english")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The word's Snowball stem: "pricing" meets "price", "validity" "valid"."""
    return str(_STEMMER.stemWord(word.lower().strip("'")))


@lru_cache(maxsize=4096)
def topic_terms(text: str) -> frozenset[str]:
    """Content stems of a text, stop words and generic verbs dropped."""
    return frozenset(
        stem(w)
        for w in _WORD.findall(text)
        if w.lower() not in _STOP and len(w) > 1 and not w.isdigit()
    )


def key_terms(key: str) -> list[frozenset[str]]:
    """The content stems of each word of a fact's key that has any ("bonus_amount"): a text
    names the fact by every one of them."""
    return [t for t in map(topic_terms, key.split("_")) if t]


@lru_cache(maxsize=4096)
def identifiers(text: str) -> frozenset[str]:
    """Distinctive names in a text: codes, ticket and build numbers, product names."""
    found = set()
    for word in _WORD.findall(text):
        if _IDENTIFIER.match(word) and word.lower() not in _STOP:
            found.add(word.lower())
    for match in re.finditer(r"(?:#\s?\d+|\b[A-Z]+-\d+\b)", text):
        found.add(match.group(0).replace(" ", "").lower())
    return frozenset(found)


def overlap(a: str, b: str) -> int:
    return len(topic_terms(a) & topic_terms(b))


def shares_identifier(a: str, b: str) -> bool:
    return bool(identifiers(a) & identifiers(b))


def normalize(text: str) -> str:
    return re.sub(r"[^\w$%€£.:/\-]+", " ", text.lower()).strip(" .")


def mentions(text: str, value: str) -> bool:
    """Whether `text` states `value`: the whole value, or nearly all of its content words."""
    haystack, needle = normalize(text), normalize(value)
    if not needle:
        return False
    if re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", haystack):
        return True
    terms = topic_terms(value)
    if len(terms) < 2:
        return False
    return len(terms & topic_terms(text)) / len(terms) >= 0.8


_KINDS = (
    ("money", re.compile(r"[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:dollars|usd|eur|k|m)\b", re.IGNORECASE)),
    ("percent", re.compile(r"\d\s?%|\bpercent\b", re.IGNORECASE)),
    ("time", re.compile(r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b", re.IGNORECASE)),
    (
        "duration",
        re.compile(
            r"\b\d+(?:\.\d+)?[\s-]*(?:minute|hour|day|week|month|quarter|year)s?\b", re.IGNORECASE
        ),
    ),
    (
        "date",
        re.compile(
            r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d"
            r"|\b(?:this|next|last) (?:week|month|quarter|year)\b|\b\d{4}-\d{2}-\d{2}\b|\bq[1-4]\b|\btomorrow\b|\btoday\b",
            re.IGNORECASE,
        ),
    ),
    (
        "frequency",
        re.compile(
            r"\b(?:hourly|daily|weekly|biweekly|fortnightly|monthly|quarterly|annually|yearly)\b"
            r"|\bevery (?:other )?(?:day|week|month|quarter|year|morning|evening)\b",
            re.IGNORECASE,
        ),
    ),
)


_DATE = dict(_KINDS)["date"]


@lru_cache(maxsize=65536)
def value_kind(text: str) -> str:
    """A coarse type for a short value: money, percent, time, date, number, or text (the
    same values come back in every context: each is typed once)."""
    for kind, pattern in _KINDS:
        if pattern.search(text):
            return kind
    words = text.split()
    if words and len(words) <= 2 and any(w.replace(",", "").isdigit() for w in words):
        return "number"
    return "text"


def value_kinds(text: str) -> frozenset[str]:
    """Every typed kind a value carries ("Thursday 12:30pm" is a date and a time)."""
    kinds = {kind for kind, pattern in _KINDS if pattern.search(text)}
    if not kinds and value_kind(text) == "number":
        kinds.add("number")
    return frozenset(kinds)


_WHEN = frozenset({"date", "time", "duration", "frequency"})


def compatible(old: str, new: str) -> bool:
    """Could `new` be a replacement value for `old`? When `old` is a typed value (a date,
    an amount; not a sentence that holds one, nor a bare number), `new` must share a kind,
    all kinds of time counting as one (a new day for "Thursday 12:30pm" moves it): "a
    sanity check on staging" is no new value for "Friday 6pm"."""
    a, b = value_kinds(old) - {"number"}, value_kinds(new)  # "Room 12" is a name
    if not a or len(untyped_words(old)) > 1:
        return True
    return bool(a & b) or bool(a & _WHEN and b & _WHEN)


def untyped_words(text: str) -> frozenset[str]:
    """The content words left once typed values (dates, times, amounts) are taken out."""
    for _, pattern in _KINDS:
        text = pattern.sub(" ", text)
    return topic_terms(text)


def moved_to(old: str, new: str) -> str:
    """The value after a move: a new day for a day-and-time keeps its hour ("Thursday
    12:30pm" moved to Friday is "Friday 12:30pm"); anything else is replaced whole."""
    kinds = value_kinds(old)
    if (
        {"date", "time"} <= kinds
        and value_kinds(new) == {"date"}
        and len(untyped_words(old)) <= 1
        and len(_DATE.findall(old)) == 1
    ):
        return _DATE.sub(new, old, count=1)
    label, colon, stated = old.rpartition(": ")
    if colon and label and not re.search(r"[,;]", stated) and ":" not in new:
        return f"{label}: {new}"  # "Design tool: Figma" moved to Penpot keeps its label
    return new
