"""A figure against a bound: "no more than 40 guests" holds 40 as a ceiling, so "55 guests"
breaks it and "30 guests" keeps it. A bound only takes the place of a bound when a turn
states a change (conversation/changes/bounds.py); a figure put forward against one is its
rival only when it lies past it, which way the bound's words say."""

from __future__ import annotations

import re

from statekeeper.conversation.changes.figures import figure
from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.cues import table, tables
from statekeeper.text.values import TypedValue


def as_amounts(source: Source) -> Source:
    """A source with the words that make its figures bounds blanked (offsets kept), and
    its key without the words that name a bound: its figures read as amounts."""
    bounds = re.compile(table("bounds").pattern, re.IGNORECASE)
    text = bounds.sub(lambda m: " " * len(m.group(0)), source.text)
    bound_words = set(tables()["bound_keys"])
    key = "_".join(w for w in (source.key or "").split("_") if w.lower() not in bound_words)
    return Source(text, source.fact_id, key or None, source.turn_index)


_WORDS_BEFORE = 4


def bound_way(text: str, value: TypedValue) -> str | None:
    """Which way the figure `value` of `text` bounds, "most" or "least", by the words just
    before or just after it; None when it is no bound."""
    before = " ".join(text[: value.start].lower().split()[-_WORDS_BEFORE:])
    after = text[value.end :].lower().lstrip()
    for way in ("most", "least"):
        cues = table(f"bound_at_{way}")
        if re.search(rf"(?:{cues.pattern})\s*$", before) or cues.match(after):
            return way
    return None


def breaks(bound: TypedValue, way: str, value: TypedValue) -> bool:
    """Whether a figure of the bound's own unit lies past a bound held `way` ("most" or
    "least"): "55 guests" past "no more than 40 guests", not "55 chairs"."""
    limit, said = figure(bound), figure(value)
    if limit is None or said is None or _unit(bound) != _unit(value):
        return False
    return said > limit if way == "most" else said < limit


def _unit(value: TypedValue) -> str:
    """A figure's unit or currency, singular: "12 hours" -> "hour", "$40" -> "$"."""
    words = re.findall(r"[^\W\d]+|[$€£]", value.text.lower())
    return re.sub(r"e?s$", "", words[-1]) if words else ""
