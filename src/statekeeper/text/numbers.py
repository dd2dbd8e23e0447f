"""The numbers a text holds, as one comparable key.

Two texts state the same value only if they hold the same numbers ("item 3 ships from dock
3" is not "item 7 ships from dock 7"). The key is cheap to compare, and cheap to index, so
that a search for a repeated value can rule out most texts before reading them.
"""

from __future__ import annotations

import re

from statekeeper.memo import memoized

_NUMBER = re.compile(r"\d+")

Numbers = tuple[str, ...]


def numbers_in(text: str) -> Numbers:
    """Every run of digits in the text, sorted."""
    return tuple(sorted(_NUMBER.findall(text)))


# The same texts are compared again and again; a bulk read of every text is not cached.
numbers = memoized(65536)(numbers_in)
