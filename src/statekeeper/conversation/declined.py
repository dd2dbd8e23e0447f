"""Offers turned down: the values a proposal, a suggestion or a permission put forward that
the user's turn refuses, as a pure function.

"Dad asked what if we pushed the trip to the 9th. But no, the trip stays." leaves the
9th a value someone offered and we declined: shown as said, it reads as a live option.
A refusal reaches back to the offer in the same turn or in the user's last turns, never
further, and only offers in a sentence that offers (a question put to us, a suggestion, a
permission given) count: a figure merely mentioned near a "no" is no offer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import table
from statekeeper.conversation.proposals import proposed_span
from statekeeper.text.values import TypedValue, owns_what_follows, typed_values

REACH = 2  # the user's earlier turns a refusal may answer
_SHORTEST = 2  # words a proposed clause needs to name anything
# What opens or closes a quoted reply; an apostrophe inside a word ("we're") does not.
_QUOTED = re.compile(r":\s*|(?<!\w)['\"‘“”’]\s*|['\"‘“”’](?!\w)\s*")


@dataclass(frozen=True)
class Declined:
    """What `sentence` offered (of the turn `turn_back` user turns before the refusal; 0
    for the refusing turn itself) and was turned down: a typed value, or the clause it
    proposes when it names none ("asked if we should let Theo bat first")."""

    text: str
    sentence: str
    turn_back: int
    value: TypedValue | None = None


def declined(turn: str, earlier: Sequence[str]) -> list[Declined]:
    """The offered values `turn` refuses; `earlier` are the user's previous turns, oldest
    first. Values the refusal itself states (what stays) are never among them."""
    said = sentences(turn)
    refusal = next((n for n, s in enumerate(said) if _refuses(s.text)), None)
    if refusal is None:
        return []
    kept = {v.key for s in said[refusal:] for v in typed_values(s.text)}
    found: list[Declined] = []
    for s in said[:refusal]:
        found += _offered(s.text, 0, kept)
    if not found:
        for back, text in enumerate(reversed(earlier[-REACH:]), start=1):
            found += [o for s in sentences(text) for o in _offered(s.text, back, kept)]
            if found:
                break
    return found


def _refuses(sentence: str) -> bool:
    """Whether a sentence, or a reply quoted in it ("Her answer: 'No exceptions.'"),
    turns something down."""
    parts = _QUOTED.split(sentence.lower())
    return any(table("refusals").search(part.strip()) for part in parts)


def _offered(sentence: str, back: int, kept: set[str]) -> list[Declined]:
    cue = table("offers").search(sentence.lower())
    if cue is None:
        return []
    # what is offered follows the words that offer it: "Jo says his coach, Prof. Amsel,
    # said we could hand it in by May 9" offers the date, not the people
    # a value that owns the thing ("Friday's special") says which, and is no offer
    values = [
        v
        for v in typed_values(sentence)
        if v.start >= cue.start() and not owns_what_follows(sentence, v)
    ]
    if not values:
        span = proposed_span(sentence[cue.end() :])
        return [Declined(span, sentence, back)] if len(span.split()) >= _SHORTEST else []
    return [Declined(v.text, sentence, back, v) for v in values if v.key not in kept]
