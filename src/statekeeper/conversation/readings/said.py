"""What a turn's own words change, read against the facts they relate to: typed changes
with the claims and details beside them, or else the one claim its sentences state. A turn
in a side scope only records facts in that scope."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.decisions import Decision, Retract
from statekeeper.conversation.details import details
from statekeeper.conversation.named_back import named_back
from statekeeper.conversation.proposals import unproposed
from statekeeper.conversation.readings.beside import claimed_beside
from statekeeper.conversation.readings.claims import claimed
from statekeeper.conversation.readings.outranked import outranked_claims
from statekeeper.conversation.readings.put_forward import put_forward
from statekeeper.conversation.readings.recording import record, recorded
from statekeeper.conversation.readings.typed import decided
from statekeeper.conversation.restrictions import NOTES
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Scope, Turn
from statekeeper.nlu import assertions
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import topic_terms


def changes(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """The decisions a turn's own words make."""
    said = assertions.statements(unproposed(turn.text))  # not what others put forward
    if not turn.text.strip():
        return []  # all of it was an internal note
    if turn.scope != Scope.GLOBAL:
        claim = assertions.assertion_in(said) if said else None
        return record(view, turn, claim) if claim else []
    # a note of words said is no value to correct
    live = [f for f in view.related_facts(turn.text) if f.key not in NOTES]
    masked = outranked_claims(view, turn, live)  # a junior's word against what stands
    ended = {str(d.old.value) for d in masked if isinstance(d, Retract)}
    made = [  # no fact of a value ended so
        d
        for d in _made(view, turn, said, live, earlier)
        if isinstance(d, Retract) or not any(nlu.mentions(str(d.value), v) for v in ended)
    ]
    forward = put_forward(view, turn, live, earlier, made)
    forward = [d for d in forward if not (isinstance(d, Retract) and d.old.value in ended)]
    return made + forward + masked


def _made(
    view: StateView, turn: Turn, said: str, live: Sequence[Fact], earlier: Sequence[Turn]
) -> list[Decision]:
    """The decisions of what a turn in the main line states."""
    changed = decided(view, turn, live, earlier)  # reads each clause for itself
    if changed:  # and the details given beside the changes ("rep is Carla, 559-555-0102")
        written = [str(d.value) for d in changed if not isinstance(d, Retract)]
        return (
            changed
            + claimed_beside(view, turn, changed, live, earlier)
            + [
                recorded(view, turn, d.key, d.value)
                for d in details(turn.text)
                if not any(nlu.mentions(t, d.value) for t in [*written, *(f.text for f in live)])
            ]
        )
    # "Everyone loved the lamb tagine. That's the main.": the slot named after what was picked
    named = named_back(turn.text, lambda slot: any(_keyed(f, slot) for f in live))
    if named is not None:
        said = named
    if not said:
        return changed
    return claimed(view, turn, said, live, earlier)


def _keyed(fact: Fact, slot: str) -> bool:
    """Whether a slot's words are all words of a fact's key ("main" of main_course)."""
    words = topic_terms(slot)
    return bool(words) and words <= topic_terms(fact.key.replace("_", " "))
