"""An assistant's acknowledgement that reads back what the user just said ("Noted:
drop-off at Unit 14, Mill Yard, PO7 9XJ"): the user's change, said again in the words
of the slot it changes. Where the user's own words were too loose to tell which value
they replace ("Theirs is Unit 14, postcode PO7 9XJ"), the read-back tells it, and the user,
saying nothing against it, stands by it.

Only values the user's turn itself stated count (not asked, supposed or passed on), and
only after a turn that says a change, a repair or an absence: the assistant names the
slot, it adds no value of its own. The change is the user's, made at the user's turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.changes.figures import digits
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found, table
from statekeeper.conversation.decisions import Decision, Replace, Retract
from statekeeper.conversation.proposals import unproposed
from statekeeper.conversation.readings.typed import TAKEN_BACK, decided
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Turn
from statekeeper.text.values import TypedValue, typed_values


def read_back(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """The replacements an assistant's read-back makes, of values the user's turn just
    before it said, as made by that turn."""
    if not earlier or not _acknowledges(turn.text):
        return []
    said = earlier[-1]
    if said.speaker == ASSISTANT or said.scope != turn.scope:
        return []
    if not any(found(cue, said.text) for cue in ("change", "self_repair", "unavailable")):
        return []  # a new entry read back ("Noted: KX-102 in rack 2") changes no sibling
    stated = {  # what the user stated, not asked, supposed or passed on from others
        _form(v) for s in sentences(unproposed(said.text)) if s.asserts for v in typed_values(s.text)
    }
    as_said = said.model_copy(update={"text": turn.text})
    live = view.related_facts(turn.text)
    read = {v.kind for v in typed_values(turn.text) if _form(v) in stated}
    return [
        d
        for d in decided(view, as_said, live, earlier[:-1])
        if isinstance(d, Replace) and (new := _new_values(d)) and new <= stated
        # a value said in passing, ended for a new one the read-back gives by the user's word
        or isinstance(d, Retract) and d.reason != TAKEN_BACK and _kinds(d) <= read
    ]


def _acknowledges(text: str) -> bool:
    """Whether a turn opens by taking in what it was told ("Noted:", "Got it,", "OK:")."""
    return table("read_back").match(text.strip().lower()) is not None


def _new_values(decision: Replace) -> set[str]:
    """The typed values a replacement's new text holds that its old one did not."""
    old = {_form(v) for v in typed_values(str(decision.old.value))}
    return {_form(v) for v in typed_values(str(decision.value))} - old


def _kinds(decision: Retract) -> set[str]:
    """The kinds of value an ended value is ("-" when it is of none)."""
    return {v.kind for v in typed_values(str(decision.old.value))} or {"-"}


def _form(value: TypedValue) -> str:
    """A value as a read-back may spell it again: a time by its figures ("3:15" is "3:15
    pm")."""
    return digits(value.text) if value.kind == "time" else value.key

