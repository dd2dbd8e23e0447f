"""How a turn takes something back in words ("leave the gift wrap off", "86 the soup"),
and what makes such words no removal of ours."""

from __future__ import annotations

import re
from functools import cache

from statekeeper.conversation.cues import tables

# A word of an item's name; a figure's thousands stay with it ("the 2,480").
_TOKEN = r"(?:[\w'’&/#$.-]|(?<=\d),(?=\d{3}\b))+"
WORDS = rf"(?:{_TOKEN}\s+){{0,5}}?{_TOKEN}?"
# A noun phrase with no determiner inside it: what a thing given up is called.
_NOUN = rf"(?!(?:the|a|an|our|my|your|their|this|that)\b){_TOKEN}"
PHRASE = rf"(?:{_NOUN}\s+){{0,3}}{_NOUN}"
# A noun phrase after a preposition is no subject: "the lights in the lobby are off".
_NOT_AFTER_PREPOSITION = "".join(
    rf"(?<!\b{p} )" for p in "in of at on for with to from by about near under over".split()
)


@cache
def retraction_pattern() -> re.Pattern[str]:
    before = "|".join(tables()["retract_before"])
    particled = "|".join(tables()["retract_with_particle"])
    after = "|".join(tables()["retract_after"])
    ends = rf"(?=\s+(?:{after})\b|\s*(?:[;!?]|[,.](?!\d))|\s+(?:for|because|since|from|so|but|and)\b|\s*$)"
    holder = "|".join(tables()["retract_holder"])
    given_up = "|".join(tables()["retracted_after"])
    caused = "|".join(tables()["retracted_by_others"])
    return re.compile(
        rf"(?<![\w'])(?:(?:{before})\s+(?:(?:him|her|them|it)\s+from\s+)?(?:on\s+|about\s+)?"
        rf"(?P<obj>{WORDS}){ends}"
        rf"|(?:{particled})\s+(?P<held>{WORDS})(?=\s+(?:off|out)\b)"
        rf"|(?:{particled})\s+(?:off|out)\s+(?!of\b)(?P<taken>{WORDS}){ends}"
        # had done by others: "kindly get TM-3382 cancelled", "have the van booking pulled"
        rf"|\b(?:get|have)\s+(?P<caused>{WORDS})\s+(?:{caused})\b"
        rf"|(?:{holder})\s+(?:no\s+longer\s+(?P<was>{WORDS}){ends}"
        rf"|not\s+(?P<was_then>{WORDS})\s+any\s?more\b)"
        # "the AGM's off": a contraction joins the subject without a space
        rf"|(?:^|{_NOT_AFTER_PREPOSITION}\b(?:the|our|my)\s+)(?P<subject>{PHRASE})(?:\s+|(?=['’]))(?:{given_up})"
        rf"(?=\s*[,.;!?]|\s+(?:any\s?more|after all|now|either|for now|from|as of|"
        rf"starting|effective)\b|\s*$))",
        re.IGNORECASE,
    )


OBJECTS = ("obj", "held", "taken", "caused", "was", "was_then", "subject")


@cache
def _not_ours_pattern() -> re.Pattern[str]:
    others = "|".join(tables()["own_needs"])
    negated = r"(?:don'?t|do not|never|won'?t|can'?t|cannot|shouldn'?t|mustn'?t|not)(?:\s+\w+){0,2}"
    return re.compile(rf"(?<![\w'])(?:{others}|{negated})\s*$", re.IGNORECASE)


def not_ours(before: str) -> bool:
    """Whether what comes before a removal makes it no removal of ours: a relation's own
    ("my colleague doesn't need a car"), or denied ("please don't cancel the order")."""
    return _not_ours_pattern().search(before) is not None


DEMONSTRATIVE = re.compile(r"(?:that|this|those|these)\s", re.I)
BARE_NO = re.compile(r"no\b(?!\s+(?:(?:further|more)\s+)?(?:need|longer))", re.I)


# A removal verb after a form of "be" or "get" is passive: "the launch was cancelled".
PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being|got|gets|get)\s+$", re.I)
