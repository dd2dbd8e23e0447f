"""What a speaker states of themself ("my budget is $1,200"), kept under a key of theirs,
and kept apart from what another speaker stated of their own."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.additions import with_item
from statekeeper.conversation.decisions import Add, Replace, said_by
from statekeeper.conversation.personal import Personal
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Turn
from statekeeper.nlu import assertions

_SPEAKER_NAMED = re.compile(r"\((.+)\)\s*$")  # "user (Renata)": Renata speaks through the user


def own(view: StateView, turn: Turn, fact: Personal, live: Sequence[Fact]) -> Add | Replace:
    """What a speaker states of themself, under a key of theirs when they are not the
    principal ("caroline_budget" for Caroline's "my budget is ..."): a new value of it
    replaces the one they stated before, except where one has many (allergies), and
    there it joins them."""
    owner = owner_key(view, turn)
    key = f"{owner}_{fact.key}" if owner else fact.key
    source = said_by(turn, view.authority)
    held = next((f for f in live if f.key == key and isinstance(f.value, str)), None)
    if held is not None and fact.many:
        value = with_item(str(held.value), fact.value)
        return Replace(held, key, value, source, turn.timestamp, "added to what the speaker has")
    return Add(key, fact.value, source, turn.timestamp, "stated of the speaker")


def owner_key(view: StateView, turn: Turn) -> str:
    """The key part that says whose a speaker's own things are: none for the principal,
    the speaker's name for anyone else ("caroline")."""
    who = _SPEAKER_NAMED.search(turn.speaker)
    speaker = (who.group(1) if who else turn.speaker).strip()
    return "" if speaker in (view.user, "user") else assertions.subject_key(speaker)


def anothers_own(fact: Fact, turn: Turn, own: set[str]) -> bool:
    """Whether a fact is what another speaker stated of themself, in a slot the turn's
    speaker now states of their own ("my budget is $1,200" after someone else's "my
    budget is $2,000"): theirs stays theirs."""
    speaker = fact.source.speaker
    return speaker is not None and speaker != turn.speaker and fact.key.split("_")[-1] in {
        k.split("_")[-1] for k in own
    }
