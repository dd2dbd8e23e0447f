"""One of the alternatives the assistant just offered, picked by the user, in place of
the fact they were offered for."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.cues import found
from statekeeper.conversation.decisions import Decision
from statekeeper.conversation.picks import (
    alternatives,
    asks_which_goes,
    names_value_of,
    picked,
)
from statekeeper.conversation.readings.outcomes import replacing
from statekeeper.conversation.readings.permission import may_change
from statekeeper.conversation.readings.said import changes
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Scope, Turn
from statekeeper.nlu.topic import key_terms, topic_terms


def chosen(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """One of the alternatives the assistant just offered, picked by the turn, in place
    of what they were offered for: the one live fact the user's turn before the offer
    named ("signal failure, no 5:48 for me", "the Hilton is overbooked")."""
    if len(earlier) < 2 or earlier[-1].speaker != ASSISTANT:
        return []
    offer, asked = earlier[-1], earlier[-2]
    choice = picked(turn.text, alternatives(offer.text))
    if choice is None or asked.speaker == ASSISTANT or Scope.GLOBAL not in (
        offer.scope, asked.scope
    ):
        return []
    if asks_which_goes(offer.text):  # "which one comes off: A or B?", "the first one"
        item = re.sub(r"\s*\([^)]*\)", "", choice)  # its price or its detail aside
        return changes(view, turn.model_copy(update={"text": f"Remove {item}."}), earlier)
    named = [
        f
        for f in view.related_facts(f"{asked.text} {offer.text}")
        if f.scope == Scope.GLOBAL
        and isinstance(f.value, str)
        and (names_value_of(asked.text, f.text) or _asks_to_change(asked.text, f.key))
        and may_change(view, turn, f)
    ]
    if len(named) != 1:
        return []  # nothing, or no one thing, the alternatives stand in for
    fact = named[0]
    label, colon, _ = fact.text.partition(":")
    value = re.sub(r"^the\s+", "", choice, flags=re.IGNORECASE)
    value = f"{label}: {value}" if colon else value
    return [replacing(view, turn, fact.key, value, fact, "picked from the options offered")]


def _asks_to_change(asked: str, key: str) -> bool:
    """Whether a turn asks for something else in a fact's place, naming it by every word
    of its key: "can we change the cake flavor?", "what other pickup times are there?"."""
    words = key_terms(key)
    said = topic_terms(asked)
    return bool(words) and all(w <= said for w in words) and (
        found("change", asked) or found("asks_for_options", asked)
    )
