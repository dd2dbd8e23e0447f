"""A slot named after the thing it takes: "Everyone loved the lamb tagine. That's the
main." says the main course is the lamb tagine, as "the main is the lamb tagine" would."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import tables

# "That's the main.", "that'll be our venue", "this is the caterer then": a short sentence
# that only names the slot of what the sentence before it picked.
_SLOT_NAMED = re.compile(
    r"^\W*(?:so,?\s+|ok(?:ay)?,?\s+)?(?:that|this|it)(?:'s| is|'ll be| will be)\s+"
    r"(?:the|our|my|your)\s+(?P<slot>[a-z][a-z-]*(?:\s+(?!(?:then|now)\b)[a-z][a-z-]*)?)"
    r"(?:\s+(?:then|now))?\W*$",
    re.IGNORECASE,
)


def named_back(text: str, names_a_fact: Callable[[str], bool]) -> str | None:
    """The claim a turn makes by naming, after a sentence that picks a thing ("we went
    with the Harbour Room"), the slot that thing fills ("That's our venue."), said as "the
    venue is the Harbour Room."; None when it makes none. Only a slot a known fact holds
    counts: "That's the problem." names none."""
    said = sentences(text)
    for before, sentence in zip(said, said[1:], strict=False):
        slot = _SLOT_NAMED.match(sentence.text.strip())
        if slot is None or not names_a_fact(slot.group("slot")):
            continue
        picked = _picked().search(before.text)
        if picked is not None:
            thing = _SETTLED.sub("", picked.group("thing")).strip()
            return f"The {slot.group('slot')} is {thing}."
    return None


# How the pick came about, after it: "we went with the Harbour Room in the end".
_SETTLED = re.compile(r"\s+(?:in the end|after all|at last|eventually|then)$", re.IGNORECASE)


@cache
def _picked() -> re.Pattern[str]:
    verbs = "|".join(tables()["picking_verbs"])
    return re.compile(
        rf"\b(?:{verbs})\s+(?P<thing>(?:the|a|an)\s+[^.,;!?]+?)\s*(?:[.,;!?]|$)",
        re.IGNORECASE,
    )
