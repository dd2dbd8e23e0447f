"""A live fact's index entry, computed once per text.

A write computes the entry for the store's copy of the ranking index, and the snapshot
that applies the write computes it again a moment later; the second is a lookup. Kept
apart from `indexing`, whose source is part of the fingerprint of stored entries.
"""

from __future__ import annotations

from statekeeper.context.indexing import Entry, entry_of
from statekeeper.model import Fact

_KEPT = 4096  # entries: a few batches' worth
_entries: dict[tuple[str, str, str | None], Entry] = {}


def cached_entry(fact: Fact) -> Entry:
    """`entry_of(fact)`, which depends on the fact's key, text and entity alone."""
    key = (fact.key, fact.text, fact.entity)
    found = _entries.get(key)
    if found is None:
        found = entry_of(fact)
        if len(_entries) >= _KEPT:
            _entries.clear()
        _entries[key] = found
    return found
