"""A live fact put back to an earlier value of its own that a turn asks for again: by
that value, or as "the original" or "the previous" one."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.decisions import Replace, said_by
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Turn
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import topic_terms

# An earlier value named by when it held, not by what it was: "the original time",
# "the previous plan", "what it was".
_BACK_TO = re.compile(
    r"^(?:the\s+)?(?P<which>original|previous|old|earlier|first|former)(?:\s+(?P<thing>[\w ]+))?$"
    r"|^(?:what|how) (?:it|that|they) (?:was|were)(?: before)?$",
    re.IGNORECASE,
)


def revert(view: StateView, turn: Turn, wanted: str, live: Sequence[Fact]) -> Replace | None:
    """A live fact back to an earlier value of its own that the turn asks for again: by
    that value, or as "the original" (its first) or "the previous" one (the one before)."""
    back = _BACK_TO.match(wanted.strip())
    if back:
        return _reverted_to_earlier(view, turn, back, live)
    for fact in live:
        for old in reversed(view.history(fact.key)):
            if (
                not old.is_valid
                and nlu.mentions(old.text, wanted)
                and not nlu.mentions(fact.text, wanted)
            ):
                return _reverted(view, turn, fact, old)
    return None


def _reverted_to_earlier(
    view: StateView, turn: Turn, back: re.Match[str], live: Sequence[Fact]
) -> Replace | None:
    """The live fact the turn names (by a word of its key, or the one last changed when it
    names none) back to its first value ("the original") or the one before it."""
    thing = topic_terms(back["thing"] or "")
    changed = [
        (versions, fact)
        for fact in live
        if len(versions := [v for v in view.history(fact.key) if v.value != fact.value]) >= 1
        and (not thing or thing & topic_terms(fact.key.replace("_", " ")))
    ]
    if not changed:
        return None
    versions, fact = max(changed, key=lambda pair: pair[1].timestamp)
    first = (back["which"] or "").lower() in ("original", "first")
    return _reverted(view, turn, fact, versions[0] if first else versions[-1])


def _reverted(view: StateView, turn: Turn, fact: Fact, earlier: Fact) -> Replace:
    """A fact given the value an earlier version of it held."""
    source = said_by(turn, view.authority)
    return Replace(fact, fact.key, earlier.value, source, turn.timestamp, "reverted")
