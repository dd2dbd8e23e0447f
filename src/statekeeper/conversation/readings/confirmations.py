"""A "yes" to what was just proposed or stated: the proposal is done, or the assistant's
statements become the speaker's own."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.clauses import confirms, sentences
from statekeeper.conversation.decisions import Conflict, Decision, Earlier, Replace
from statekeeper.conversation.proposed import proposed, wished
from statekeeper.conversation.readings.claims import claimed
from statekeeper.conversation.readings.said import changes
from statekeeper.conversation.readings.typed import decided
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Fact, Scope, Turn
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import value_kinds
from statekeeper.text.values import typed_values


def confirmed(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """A "yes" to what was just proposed does it: the assistant's "should I switch you to
    the annual plan?", or the speaker's own "what if we moved it to May 20?" with the
    assistant's answer between. A "yes" to what the assistant just stated makes its
    statements the speaker's own: "next service due at 48,500 then" answered "yep"
    changes the due mileage."""
    if not earlier or not confirms(turn.text):
        return []
    for back, asked in enumerate(reversed(earlier[-2:]), start=1):
        own_or_offered = asked.speaker == ASSISTANT if back == 1 else asked.speaker == turn.speaker
        # the speaker's own "what if", or a wish they passed on ("the client wants to
        # swap ...") that the listener asked about before the yes
        proposal = proposed(asked.text) if own_or_offered else None
        if proposal is None and back == 2 and own_or_offered and _asked_back(earlier[-1]):
            proposal = wished(asked.text)
        if proposal is not None:  # a "what if" asked in its own scope, now decided
            adopted = turn.model_copy(update={"text": proposal})
            done = changes(view, adopted, earlier[:-back])
            # a question back that changes nothing of its own ("Shall I update it?") leaves
            # the turn before it to say what was asked
            if done or back == 2:
                return done
    told = earlier[-1]
    if told.speaker != ASSISTANT or told.scope != Scope.GLOBAL:
        return []
    # what the assistant said before it went back to the main line ("Logged: parcel for
    # ... Back to the legal visit?") belongs to the matter it closed
    stated = nlu.since_return(told.text)
    adopted = turn.model_copy(update={"text": _as_stated(stated)})
    live = view.related_facts(stated)
    # what the assistant stated, now the speaker's: its typed changes, or else a change it
    # words ("that makes it $108,000")
    # a value the read-back repeats from the speaker's own earlier turn ("It needs to be
    # the 15m x 30m", read back as "So 15m x 30m clearspan") is now said for the live facts
    return decided(view, adopted, live, _not_echoed(earlier[:-1], stated)) or [
        d
        for d in claimed(view, adopted, told.text, live, earlier[:-1])
        if isinstance(d, Replace | Conflict) and _same_kind(d.old, d.value)
    ]


# A question asked in the order of a statement: "So the herringbone is the cloth now?"
_STATED_ORDER = re.compile(
    r"^\W*(?:(?:so|and|ok(?:ay)?|right),?\s+)?"
    r"(?!(?:is|are|was|were|do|does|did|can|could|will|would|shall|should|may|might|have|has|"
    r"had|what|when|where|which|who|why|how|any)\b)\w[^?]*\?\s*$",
    re.IGNORECASE,
)


def _as_stated(text: str) -> str:
    """An assistant's text, its last sentence read as stated when it asks in the order of
    a statement: a yes to "so the herringbone is the cloth now?" says it is."""
    said = sentences(text)
    if not said or not _STATED_ORDER.match(said[-1].text):
        return text
    last = said[-1]
    return text[: last.start] + last.text.rstrip().rstrip("?") + "."


def _same_kind(old: Fact | Earlier, value: object) -> bool:
    """Whether a new value is of a kind the old one holds: an amount for an amount, never
    an amount for a headcount."""
    return bool(value_kinds(str(old.value)) & value_kinds(str(value)))


def _asked_back(turn: Turn) -> bool:
    """Whether the listener's turn asks the speaker to confirm ("Swap noted?", "Want me to
    do that?")."""
    return turn.speaker == ASSISTANT and turn.text.rstrip().endswith("?")


def _not_echoed(earlier: Sequence[Turn], stated: str) -> list[Turn]:
    """The earlier turns but the speaker's last one when the read-back repeats its values:
    what was said there is what is now confirmed, not a value already known."""
    said = {v.key for v in typed_values(stated)}
    last = next((t for t in reversed(earlier) if t.speaker != ASSISTANT), None)
    if last is None or not said & {v.key for v in typed_values(last.text)}:
        return list(earlier)
    return [t for t in earlier if t is not last]
