"""One of the alternatives the assistant just offered, picked by the user, in place of
the fact they were offered for."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation import decide
from statekeeper.conversation.cues import found
from statekeeper.conversation.decisions import Decision
from statekeeper.conversation.picks import (
    alternatives,
    asks_which_goes,
    names_value_of,
    picked,
)
from statekeeper.conversation.readings.outcomes import ended, replacing
from statekeeper.conversation.readings.permission import may_change
from statekeeper.conversation.readings.said import changes
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, Scope, Turn
from statekeeper.nlu.topic import key_terms, topic_terms
from statekeeper.text.values import compatible, typed_values


def chosen(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """One of the alternatives the assistant just offered, picked by the turn, in place
    of what they were offered for: the one live fact the user's turn before the offer
    named ("signal failure, no 5:48 for me", "the Hilton is overbooked")."""
    if len(earlier) < 2 or earlier[-1].speaker != ASSISTANT:
        return []
    offer, asked = earlier[-1], earlier[-2]
    offered = alternatives(offer.text)
    choice = picked(turn.text, offered)
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
    own = _as_asked(offered, asked.text)
    picked_as = own[offered.index(choice)] if own else None
    value = _in_place(fact.text, choice, picked_as) or (f"{label}: {value}" if colon else value)
    # the alternatives passed over, as the user's own turn wrote them, are options no more
    passed: list[Decision] = [
        ended(view, asked, fact.key, o, "not picked") for o in own if o != picked_as
    ]
    return [replacing(view, turn, fact.key, value, fact, "picked from the options offered"), *passed]


def _as_asked(offered: list[str], asked: str) -> list[str]:
    """The alternatives as the user's own turn wrote them, when it gave as many, each one
    value of the offered ones' kind, in the same order ("08/10/2025 or 10/10/2025", offered
    back as "the 8th or the 10th"); none otherwise."""
    own = alternatives(asked)
    kinds = {_one_kind(o) for o in [*offered, *own]}
    if len(own) != len(offered) or len(kinds) != 1 or None in kinds:
        return []
    return own


def _one_kind(option: str) -> str | None:
    values = typed_values(option)
    return values[0].kind if len(values) == 1 else None


def _in_place(fact: str, choice: str, asked_as: str | None) -> str | None:
    """A fact with the one value of the choice's kind put in its place ("move date
    03/10/2025, price £1,240" with "the 10th"), as the user's own turn wrote it if it
    did; None when the choice is no single value of a kind the fact holds once."""
    chosen = typed_values(choice)
    if len(chosen) != 1:
        return None
    held = [v for v in typed_values(fact) if compatible(v, chosen[0])]
    if len(held) != 1:
        return None
    return decide.replaced(fact, held[0].text, asked_as or chosen[0].text)


def _asks_to_change(asked: str, key: str) -> bool:
    """Whether a turn asks for something else in a fact's place, naming it by every word
    of its key: "can we change the cake flavor?", "what other pickup times are there?"."""
    words = key_terms(key)
    said = topic_terms(asked)
    return bool(words) and all(w <= said for w in words) and (
        found("change", asked) or found("asks_for_options", asked)
    )
