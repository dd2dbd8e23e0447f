"""One of the alternatives the assistant just offered, picked by the user's reply.

"Options: the Marriott on 5th ($210), or the Hyatt by the station ($190)" answered "the
Hyatt, please" picks the second. A reply picks when it names words of one alternative that
no other has and says nothing else of its own ("the Hyatt is too far" says more), or when
it counts one out ("the second one"). Pure functions of the two texts.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from dateutil.parser import parse as parse_date

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import table
from statekeeper.nlu.interpret import is_question
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import typed_values

# What opens a list of alternatives, up to the end of its sentence.
_OFFER = re.compile(
    r"(?:\b(?:options?|choices?|alternatives?)\s*(?:are|is|:)|\beither\b|"
    # a question that names its alternatives after a colon: "which one comes off: A or B?"
    r"^\W*which\b[^:?.]{0,40}:|"
    # ... or after a comma: "which one should I book, the 8th or the 10th?"
    r"^\W*which\b[^:?.,]{0,40},|"
    r"\b(?:i|we) (?:can|could) (?:do|offer|get you|book you on|put you on)\b|"
    r"\b(?:we|i)(?: have|'ve got| offer| carry| stock)\b)\s*:?\s*"
    r"(?P<list>[^.!?\n]*(?:\.(?=\w)[^.!?\n]*)*)",
    re.IGNORECASE,
)
_LISTED_WORDS = 3  # longer than this, a piece between commas is one option's own detail
_OR = re.compile(r",?\s+or\s+|;\s*", re.IGNORECASE)
_COUNTED = {"first": 0, "former": 0, "second": 1, "third": 2, "last": -1, "latter": -1}
_COUNT = re.compile(
    r"^\W*(?:the\s+)?(?P<n>first|second|third|last|former|latter)\b(?:\s+(?:one|option))?"
    r"|^\W*option\s+(?P<d>\d)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|no|neither|none|nor|don'?t|won'?t|can'?t)\b", re.IGNORECASE)


def alternatives(offer: str) -> list[str]:
    """The alternatives a text lays out after "options:", "either", "I can do" or "we
    have", two or more joined by "or", each as written (its own commas kept, unless every
    piece between commas is a short item of one list: "chocolate, lemon or red velvet")."""
    match = _OFFER.search(offer)
    if match is None:
        return []
    parts = [p.strip(" ,;:") for p in _OR.split(match.group("list"))]
    parts = [p for p in parts if p]
    listed = [q.strip() for p in parts for q in p.split(",")]
    if len(parts) >= 2 and all(0 < len(q.split()) <= _LISTED_WORDS for q in listed):
        return listed  # "chocolate, lemon or red velvet": a list, each item short
    return parts if len(parts) >= 2 else []


# A question of which alternative goes: "which one comes off", "which should I drop".
_WHICH_GOES = re.compile(
    r"^\W*which\b[^:?.]{0,30}\b(?:comes? off|goes|go|drop|remove|cancel|take off|cut|lose)\b",
    re.IGNORECASE,
)


def asks_which_goes(offer: str) -> bool:
    """Whether an offer asks which of its alternatives is taken away."""
    return _WHICH_GOES.search(offer) is not None


def first_sentence(reply: str) -> str:
    """The sentence a pick is made in: a reply's first."""
    said = sentences(reply.strip())
    return said[0].text.strip() if said else ""


def picked(reply: str, offered: list[str]) -> str | None:
    """The alternative a reply picks, or None when it picks none or more than one."""
    first = first_sentence(reply)
    if not offered or is_question(first) or _NEGATED.search(first):
        return None
    ordered = _ORDERED.match(first)
    end = _end_taken(ordered["c"]) if ordered else None
    if end is not None:  # "the later one", "the cheaper one": by the alternatives' figures
        return _by_order(offered, highest=end)
    counted = _COUNT.match(first)
    if counted:
        index = _COUNTED[counted["n"].lower()] if counted["n"] else int(counted["d"]) - 1
        return offered[index] if -len(offered) <= index < len(offered) else None
    said = _terms(table("pick_filler").sub(" ", first.lower()))
    own = [_terms(o) for o in offered]
    hits = [
        n
        for n, terms in enumerate(own)
        if said & (terms - set().union(*(t for m, t in enumerate(own) if m != n)))
        and said <= terms
    ]
    return offered[hits[0]] if len(hits) == 1 else None


# A pick by comparison ("the later one", "the cheaper one"): its word, from the cue tables
# of the words that take the highest of the alternatives and of those that take the lowest.
_ORDERED = re.compile(r"^\W*(?:the\s+)?(?P<c>[a-z]+)\b(?:\s+(?:one|option))?", re.IGNORECASE)


def _end_taken(word: str) -> bool | None:
    """Whether a comparison takes the highest alternative (True), the lowest (False), or is
    none (None)."""
    if table("pick_highest").fullmatch(word.lower()):
        return True
    return False if table("pick_lowest").fullmatch(word.lower()) else None


def _by_order(offered: list[str], *, highest: bool) -> str | None:
    """The alternative at one end of the order of the figures they name, when each names
    one of a single kind that can be ordered (a date, a time, an amount, a count)."""
    keys = [k for o in offered if (k := _order_key(o)) is not None]
    if len(keys) != len(offered) or len({kind for kind, _ in keys}) != 1:
        return None
    ranked = sorted(range(len(offered)), key=lambda n: keys[n][1])
    return offered[ranked[-1 if highest else 0]]


def _order_key(option: str) -> tuple[str, Any] | None:
    """The kind of an alternative's one ordered figure, and where it falls in order."""
    values = [v for v in typed_values(option) if v.kind in _ORDERED_KINDS]
    if len(values) != 1:
        return None
    value = values[0]
    if value.kind in ("date", "time"):
        try:
            moment = parse_date(value.text.replace("the ", ""), dayfirst=True, default=_ORIGIN)
        except (ValueError, OverflowError):
            return None
        return value.kind, moment
    figure = re.sub(r"[^\d.]", "", value.key)
    try:
        return value.kind, float(figure)
    except ValueError:
        return None


_ORDERED_KINDS = frozenset({"date", "time", "money", "quantity", "number", "percent"})
_ORIGIN = datetime(2000, 1, 1)


def _terms(text: str) -> frozenset[str]:
    """Content words and typed values (a time by its digits: "the 8:40" is "8:40pm")."""
    values = {re.sub(r"\D", "", v.text) or v.key for v in typed_values(text)}
    return topic_terms(text) | values


_CAPITALIZED = re.compile(r"(?<=[\w,;:] )[A-Z][a-z]+")


def names_value_of(text: str, fact: str) -> bool:
    """Whether a text names one of a fact's values: a figure, a time or a code by its
    digits ("the 6:05" for "6:05pm"), a name by a word of it ("the Hilton" for "Hilton
    Midtown")."""
    digits = {d for v in typed_values(text) if (d := re.sub(r"\D", "", v.text))}
    named = {m.group(0) for m in _CAPITALIZED.finditer(f" {text}")}
    for value in typed_values(fact):
        if value.kind == "name" and named & set(value.text.split()):
            return True
        if value.kind != "name" and re.sub(r"\D", "", value.text) in digits:
            return True
    return False
