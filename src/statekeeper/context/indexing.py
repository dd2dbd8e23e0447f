"""What a live fact contributes to the indexes a context reads: its ranking terms and what
it still asserts.

The store keeps these for every live fact, written with the fact, so that a process's first
context reads only the entries its query and its dead values touch instead of every fact;
a reader that keeps them in memory derives the same entries from the rows that changed. One
function computes them for both, so the two can never disagree; and the store keeps a
fingerprint of the code and cue tables the function depends on, so that entries written by
another version are made anew (store/fact_index.py) before any reader compares them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

import Stemmer

from statekeeper.context.hygiene import norm, value_parts
from statekeeper.context.past import without_past
from statekeeper.context.ranking import index_terms
from statekeeper.model import Fact


@dataclass(frozen=True)
class Entry:
    """A live fact as the indexes see it."""

    terms: tuple[str, ...]  # ranking terms of its key, value and entity, repeats kept
    asserted: str  # its value less what it marks as past, normalized
    parts: frozenset[str]  # the distinctive values of what it asserts
    figures: frozenset[str]  # the distinctive values of its text, which cleaning looks at


def ranked_text(fact: Fact) -> str:
    """The words a fact is ranked by: its key's words, its value and its entity."""
    return " ".join(p for p in (fact.key.replace("_", " "), fact.text, fact.entity) if p)


# Where what an entry holds is decided: ranking terms, values, what a text marks as past
# (its cue words, and the kinds of value), and how a text is normalized.
_DECIDED_IN = (
    ("statekeeper.context", "indexing.py"),
    ("statekeeper.context", "ranking.py"),
    ("statekeeper.context", "terms.py"),
    ("statekeeper.context", "hygiene.py"),
    ("statekeeper.context", "past.py"),
    ("statekeeper.nlu", "interpret.py"),
    ("statekeeper.nlu", "topic.py"),
    ("statekeeper.conversation", "cues.py"),
    ("statekeeper.conversation", "cues.toml"),
    ("statekeeper.nlu", "cues.toml"),
)


@cache
def derivation() -> str:
    """A fingerprint of everything `entry_of` depends on: the files that decide it, and
    the stemmer's version."""
    digest = hashlib.blake2b(digest_size=12)
    for package, name in _DECIDED_IN:
        digest.update(resources.files(package).joinpath(name).read_bytes())
    digest.update(Stemmer.version().encode())
    return digest.hexdigest()


def entry_of(fact: Fact) -> Entry:
    asserted = without_past(fact.text)
    return Entry(
        index_terms(ranked_text(fact)),
        norm(asserted),
        value_parts(asserted),
        value_parts(fact.text),
    )
