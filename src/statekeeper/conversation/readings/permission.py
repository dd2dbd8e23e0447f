"""Whether a turn's speaker may change a fact at all: every reading that would change one
asks first."""

from __future__ import annotations

import re

from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Turn

_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|me|my|mine)\b", re.I)


def may_change(view: StateView, turn: Turn, fact: Fact) -> bool:
    """Whether the speaker of a turn may change a fact. An outsider (a customer, a guest)
    may correct how to reach them only while speaking of themselves: "use my work address"
    does, "send it to the office instead" does not."""
    access, writer = view.access, turn.authority or view.authority
    if not access.can_supersede(writer, fact, strict=False):
        return False
    if access.can_supersede(writer, fact) or not access.outsider(writer):
        return True
    return _FIRST_PERSON.search(turn.text) is not None
