"""Values offered as alternatives: "she offered either 8/10 or 10/10", "Thursday or
Friday suits them". Two values of one kind joined by "or" are a choice still open, so
neither is yet a new value of anything."""

from __future__ import annotations

import re

from statekeeper.text.values import TypedValue, compatible, typed_values

# What joins two alternatives: "or", "or else", "or maybe"; not a repair ("or rather",
# "or I mean"), which puts the second in the first's place.
_OR = re.compile(
    r"^[\s,]*(?:or|or else|or maybe|or perhaps|or possibly)\s+(?:(?:the|on|at|for|in)\s+)?$",
    re.I,
)


def an_alternative(sentence: str, value: TypedValue) -> bool:
    """Whether a value is one of two of its kind a sentence joins by "or"."""
    values = typed_values(sentence)
    for a, b in zip(values, values[1:], strict=False):
        if value.start in (a.start, b.start) and (compatible(a, b) or compatible(b, a)):
            if _OR.match(sentence[a.end : b.start]):
                return True
    return False
