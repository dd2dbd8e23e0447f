"""A change a sentence states in words beside a turn's changes of typed values ("..., so
June 3 and only 3 nights. And upgrade the car to an SUV."): read on its own, for a fact
none of them touched."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.decisions import Add, Conflict, Decision, Replace, Retract
from statekeeper.conversation.readings.claims import claimed
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Turn
from statekeeper.nlu import assertions
from statekeeper.nlu import interpret as nlu
from statekeeper.text.values import typed_values

_CLAUSE = re.compile(r",\s*(?:and\s+)?|;\s*")
_CONTRAST = re.compile(r"\b(?:instead of|rather than|in place of)\b", re.I)


def claimed_beside(
    view: StateView,
    turn: Turn,
    changed: Sequence[Decision],
    live: Sequence[Fact],
    earlier: Sequence[Turn],
) -> list[Decision]:
    """A change a sentence states in words, beside changes of typed values in the other
    sentences of its turn ("..., so June 3 and only 3 nights. And upgrade the car to an
    SUV."): a sentence none of those changes came from is read on its own, for a fact
    none of them touched that its subject names."""
    touched = {d.key for d in changed if not isinstance(d, Retract)}
    touched |= {d.old.key for d in changed if isinstance(d, Retract | Replace | Conflict)}
    new_values = [str(d.value) for d in changed if isinstance(d, Replace | Conflict | Add)]
    untouched = [f for f in live if f.key not in touched]
    more: list[Decision] = []
    for sentence in sentences(turn.text):
        said = assertions.statements(sentence.text)
        if not said:
            continue
        if any(v.text in new for v in typed_values(said) for new in new_values):
            # a sentence a change came from: only a contrast standing as a clause of its
            # own ("92 guests, plated instead of buffet, and dinner at 7:30pm")
            pieces = [c for c in _CLAUSE.split(said) if _CONTRAST.search(c)]
        else:
            pieces = [said]
        for piece in pieces:
            claim = assertions.assertion_in(piece)
            if claim is None or not (
                (claim.subject and _names_one(claim.subject, untouched))
                or (claim.old and any(nlu.mentions(f.text, claim.old) for f in untouched))
            ):
                continue
            if claim.subject and _names_one(claim.subject, [f for f in live if f.key in touched]):
                continue  # "the keynote moves ..." is about the keynote changed, not its speaker
            more += [
                d
                for d in claimed(view, turn, piece, untouched, earlier)
                if isinstance(d, Replace | Conflict | Retract)  # and the part it names as gone
            ]
    return more


def _names_one(subject: str, live: Sequence[Fact]) -> bool:
    """Whether a claim's subject names a live fact (its key or its words), not whichever
    fact is in focus."""
    return not assertions.generic_subject(subject) and any(
        assertions.subject_matches(subject, f.key, f.text) > 0 for f in live
    )
