"""Values a turn states for slots no live fact holds, recorded as new facts: a detail it
gives, or a claim about a subject nothing known covers."""

from __future__ import annotations

import re

from statekeeper.conversation.decisions import Add, Decision, said_by
from statekeeper.conversation.readings.own import owner_key
from statekeeper.conversation.view import StateView
from statekeeper.model import Turn
from statekeeper.nlu import assertions
from statekeeper.text.moments import anchored


def recorded(view: StateView, turn: Turn, key: str, value: str) -> Add:
    """A value a turn states for a slot no live fact holds, as a new fact."""
    source = said_by(turn, view.authority)
    return Add(key, value, source, turn.timestamp, "stated for a new slot", implicit=False)


def record(view: StateView, turn: Turn, claim: assertions.Assertion) -> list[Decision]:
    """A statement about a subject no live fact covers becomes a new fact under a key named
    after that subject, in the turn's scope (so a hypothetical's figures stay hypothetical),
    when its value is substantive: a figure, a date, a name, or a short plain value. A
    relative time in it is followed by the day it meant ("tomorrow (7 May 2024)"): the fact
    outlives the day it was said."""
    if (
        not view.extracts
        or claim.subject is None
        or claim.cancels  # nothing known to cancel
        or assertions.generic_subject(claim.subject)
        or assertions.headless(claim.subject)
    ):
        return []
    key = _key(view, turn, claim.subject)
    if not key or not assertions.substantive(claim.value):
        return []
    if not (claim.adds or assertions.nameable(claim.subject, turn.text)):
        return []  # "dancers reach their goals" is about dancers in general
    return [
        Add(
            key,
            anchored(claim.value, turn.timestamp.date()),
            said_by(turn, view.authority),
            turn.timestamp,
            "added" if claim.adds else "stated of a new subject",
            scope=turn.scope,
            scope_id=turn.scope_id,
            implicit=not claim.adds,
        )
    ]


_MINE = re.compile(r"^(?:my|our)\s+", re.IGNORECASE)


def _key(view: StateView, turn: Turn, subject: str) -> str:
    """A key for what a subject names; a speaker's own thing ("my online shop") under the
    speaker's name when the speaker is not the principal, as a first-person fact is."""
    mine = _MINE.match(subject)
    if mine is None:
        return assertions.subject_key(subject)
    key = assertions.subject_key(subject[mine.end() :])
    owner = owner_key(view, turn) if mine.group(0).lower().startswith("my") else ""
    return f"{owner}_{key}" if owner and key else key
