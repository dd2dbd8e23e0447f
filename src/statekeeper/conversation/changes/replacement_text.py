"""Which span of an old value a new one takes, and the text that takes its place."""

from __future__ import annotations

import re

from statekeeper.conversation.changes.operations import Known
from statekeeper.text.moments import ordinal, ordinals_in_figures
from statekeeper.text.values import TypedValue, near_variant


def changed_part(old: TypedValue, new: TypedValue) -> str:
    """The span of an old value a new one takes: all of it, but only the street of an
    address when the new one names no town and is the same street or a slip of it ("31
    Cedar Ln" for "13 Cedar Ln, Fairview"); another street may be in another town."""
    if old.kind == new.kind == "address" and "," in old.text and "," not in new.text:
        street = old.text.split(",", 1)[0]
        if near_variant(old, new) or _street_name(street) == _street_name(new.text):
            return street
    return old.text


_SPAN_PARTS = re.compile(r"^(?P<start>.+?)\s?(?:-|–|\bto\b)\s?(?P<end>.+)$")
_UNTIL = re.compile(r"\b(?:until|till|til|to|through)\s+$", re.I)
_FROM = re.compile(r"\b(?:from|starting(?: at)?|beginning(?: at)?)\s+$", re.I)


def span_end(sentence: str, new: TypedValue, old: TypedValue) -> str | None:
    """The end of a span of times a single time bounds ("until 10:30pm" of "7-11pm"), or
    its start ("from 8pm"); None when the new time is no bound of a span."""
    parts = _SPAN_PARTS.match(old.text) if old.kind == new.kind == "time" else None
    if parts is None or _SPAN_PARTS.match(new.text):
        return None
    before = sentence[: new.start]
    if _UNTIL.search(before):
        return parts["end"]
    return parts["start"] if _FROM.search(before) else None


def _street_name(address: str) -> str:
    """An address's street without its number: "13 Cedar Ln" -> "cedar ln"."""
    return " ".join(address.lower().split()[1:])


# A date said by its day alone takes the month of the date it replaces.
_DAY_ONLY = re.compile(r"(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)?", re.I)
_MONTH_DAY = re.compile(
    r"(?P<month>\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)"
    r"\d{1,2}(?:st|nd|rd|th)?\b",
    re.I,
)


_DAY_MONTH = re.compile(
    r"\b\d{1,2}(?P<suffix>st|nd|rd|th)?(?P<month>\s+(?:of\s+)?"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b)",
    re.I,
)


def replacement_text(old: Known, old_text: str, new: TypedValue) -> str:
    """What takes the old span's place: the new value, cut to the part that changed when
    the turn named only part of the old one ("5120 7734, not 7743" changes "7743"), with
    the old one's label when it had one and the new one has none."""
    if old_text != old.value.text and len(old_text.split()) < len(new.text.split()):
        held = set(old.value.text.lower().split())
        own = [w for w in new.text.split() if w.lower() not in held]  # not "degrees" again
        if len(own) == len(old_text.split()):
            return " ".join(own)
        return " ".join(new.text.split()[-len(old_text.split()) :])
    day = _DAY_ONLY.fullmatch(ordinals_in_figures(new.text))  # "the 4th", "the fourth"
    if day and old.value.kind == "date" and _MONTH_DAY.search(old_text):
        return _MONTH_DAY.sub(rf"\g<month>{day['day']}", old_text, count=1)  # of March 3
    if day and old.value.kind == "date" and _DAY_MONTH.search(old_text):  # of 3 March
        figure = int(day["day"])
        return _DAY_MONTH.sub(
            lambda m: (ordinal(figure) if m["suffix"] else str(figure)) + m["month"],
            old_text,
            count=1,
        )
    if new.kind == "date" and new.text.startswith("The "):  # capitalized as a sentence began
        return "t" + new.text[1:]
    if old.value.kind == "quantity" and new.kind == "number":  # "85 guests", then "it's 95"
        return re.sub(r"^[\d,.]+", new.text, old_text, count=1)
    if old.value.kind == "money" and new.kind == "number":  # "£15", then "it's 50": £50
        return re.sub(r"\d[\d,.]*", new.text, old_text, count=1)
    if old.value.kind == "number" and new.kind == "quantity":  # "Chairs: 120" -> "Chairs: 100"
        return re.sub(r"^([\d,.]+(?:\s?[-–]\s?[\d.]+)?).*$", r"\1", new.text)
    if old.value.kind == "code" and old.value.unit and new.kind == "number":
        label = old.value.text[: len(old.value.unit)]  # "PIN 3851" to 3815 is "PIN 3815"
        return f"{label} {new.text}"
    opening = _LABEL.match(new.text)
    if opening and re.search(
        rf"(?i)\b{re.escape(opening.group(1))}\s+$", old.source.text[: old.value.start]
    ):
        return new.text[opening.end() :]  # "table 12" for the "6B" of "table 6B": "12"
    return new.text


# The words a value opens with before its figures: "bay" of "bay 12", "gate" of "gate B4".
_LABEL = re.compile(r"([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s+(?=[\w-]*\d)")
