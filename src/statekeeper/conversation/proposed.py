"""What a question or a request proposes doing, so that a yes to it can do it.

"Should I switch you to the annual plan at $96?" answered "yes please", and "What if we
moved the offsite to May 20?" followed by "ok, let's do that", each decide what was asked.
The question's frame ("should I", "what if we", "how about", "do you want me to") is
taken off, at the start of the question or of a clause quoted in it ("she emailed: 'can't
make the 22nd, could we do the 29th?'"); what is left is read as the speaker's own words.
"""

from __future__ import annotations

import re

from statekeeper.conversation.clauses import sentences

_FRAME = re.compile(
    r"(?:^|(?<=[,;:'\"‘“]))\W*(?:(?:so|ok|okay|well|hmm|and|or)\W+)*"
    r"(?:(?:should|shall|can|could) (?:i|we)|(?:do you want|would you like|want) (?:me|us) to|"
    r"what if (?:we|i)|how about(?: we| i)?|why don'?t (?:we|i))\s+"
    r"(?P<rest>[^?]+)\?\s*$",
    re.IGNORECASE,
)


def proposed(text: str) -> str | None:
    """What the last question of a text proposes doing, as a statement: "moved the
    offsite to May 20."; None when it proposes nothing."""
    asked = [q for s in sentences(text) if (q := _QUOTE_END.sub("", s.text.strip())).endswith("?")]
    frame = _FRAME.search(asked[-1]) if asked else None
    return f"{frame['rest'].strip()}." if frame else None


_QUOTE_END = re.compile(r"['\"’”]+$")


# A request reported, then granted in the same breath: "his mom asked to move him to
# Thursdays, I said sure, same time".
_REQUEST = re.compile(
    r"\basked (?:(?:us |me )?to |if (?:we|i) could |whether (?:we|i) could )"
    r"(?P<rest>[^,.;!?]+?)(?=\s+(?:and|so)\s+(?:i|we)\b|\s*[,.;!?]|\s*$)",
    re.IGNORECASE,
)
_GRANTED = re.compile(
    r"(?:[,;.]\s*(?:and\s+|so\s+)?|\s+(?:and|so)\s+)(?:(?:i|we) (?:said|told (?:her|him|them)),? (?:sure|yes|yeah|yep|ok|okay|fine|"
    r"that'?s fine|no problem|of course)|(?:i|we) agreed|(?:i|we) approved it|(?:i|we) said yes)"
    r"\b[,.;!]?\s*(?P<after>[^.!?]*)",
    re.IGNORECASE,
)


def granted(text: str) -> str | None:
    """What a request the turn reports asked for, when the speaker says they granted it
    ("asked to move him to Thursdays, I said sure, same time" is "move him to Thursdays,
    same time."); None when no request is granted."""
    request = _REQUEST.search(text)
    grant = _GRANTED.search(text, request.end()) if request else None
    if request is None or grant is None:
        return None
    after = grant["after"].strip(" ,")
    return f"{request['rest'].strip()}{', ' + after if after else ''}."


# A wish reported for the listener to act on: "the client wants to swap the tiramisu for a
# lemon tart", "she'd like to move it to Friday".
_WISH = re.compile(
    r"\b(?:wants?|wanted|would like|'d like|asked|is asking|are asking) (?:us |me )?to\s+"
    r"(?P<rest>[^.;!?]+)",
    re.IGNORECASE,
)


def wished(text: str) -> str | None:
    """What a wish the text reports asks done, as a statement ("swap the tiramisu for a
    lemon tart."); None when it reports none."""
    wish = _WISH.search(text)
    return f"{wish['rest'].strip()}." if wish else None
