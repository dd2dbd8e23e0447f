"""Figures a text itself marks as history ("changed from $50,000"), and the text without them."""

from __future__ import annotations

import re

from statekeeper.context.hygiene import value_parts
from statekeeper.memo import memoized
from statekeeper.nlu.interpret import past_spans


@memoized(65536)
def past_values(text: str) -> tuple[str, ...]:
    """The figures a text itself marks as history; the same texts recur in every context."""
    return tuple(past_spans(text, sorted(value_parts(text), key=len, reverse=True)))


@memoized(65536)
def without_past(text: str) -> str:
    """What a live text still asserts: its past-marked figures do not keep a value alive."""
    for past in past_values(text):
        text = re.sub(rf"(?<!\w){re.escape(past)}(?!\w)", " ", text, flags=re.IGNORECASE)
    return text
