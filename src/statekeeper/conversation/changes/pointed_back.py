"""What a pronoun in a removal points back at: the thing said to have run out, or the
last live item named before it ("we're out of halibut, take it off the board")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.list_items import ended, item_holding, item_terms
from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.retraction_patterns import PHRASE, WORDS

PRONOUN = re.compile(r"it|them|that|this|those|these|him|her", re.I)
# A thing said to have run out, which a removal may then point back at with a pronoun.
_RUN_OUT = re.compile(
    rf"\b(?:(?:ran|run|running|are|is|we're|were) out of|no more|out of stock on)\s+"
    rf"(?:the\s+|our\s+)?(?P<before>{WORDS})(?=\s*[,;.!?]|\s+(?:so|and|today|tonight)\b)"
    rf"|\b(?:the\s+|our\s+)?(?P<after>{PHRASE})\s+(?:is|are|'s|was|were|just)\s+"
    rf"(?:sold out|out of stock|gone|unavailable|no longer available|not available|"
    rf"(?:fully )?booked(?: up)?|full)\b",
    re.I,
)


_THING = re.compile(
    rf"\b(?i:the|our|my|that|this)\s+(?P<thing>(?i:{PHRASE}))"
    # or a name: "Ostrava Bakery shut down for good, take them off route 9"
    r"|(?P<name>\b[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*){0,3})",
)


def named_before(text: str, sources: Sequence[Source]) -> str | None:
    """The last thing a text names that a live item is ("nobody touched the salad bar,
    let's drop it"): what a pronoun after it points back at."""
    for named in reversed(list(_THING.finditer(text))):
        said = named["thing"] or named["name"]
        thing = _PHRASE_END.split(said, maxsplit=1)[0]  # "the salad bar last time"
        wanted = item_terms(thing.lower())
        if wanted and item_holding(wanted, [s for s in sources if not ended(s)]) is not None:
            return thing
    return None


# Where a thing's name ends before what is said of it: "the photo booth is too pricey".
_PHRASE_END = re.compile(
    r"\s+(?:is|are|was|were|has|have|had|looks?|seems?|got|gets|last|this|that|too|so|and|"
    r"but|again|already|never|always)\b.*",
    re.I,
)


def run_out(text: str) -> str | None:
    """The last thing a clause says has run out ("we're out of halibut", "the blue ones
    are sold out"): what "take it off" after it names."""
    said = list(_RUN_OUT.finditer(text))
    return (said[-1]["before"] or said[-1]["after"]) if said else None
