"""Work said to move to us ("support comes in-house"): its provider gives way."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.operations import Known, Replace, Source
from statekeeper.conversation.changes.wording import clause_start
from statekeeper.conversation.clauses import Sentence
from statekeeper.conversation.cues import table
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import TypedValue, typed_values

# Who a fact says does the work: the name after "serviced at", "run by", "hosted with".
_PROVIDER = re.compile(r"\b(?:at|by|with|through|via|from|to)\s+$", re.I)
_IN_HOUSE_ENDS = re.compile(r"^\S+\s|in[- ]house$")  # the verb and the place, not the work


def brought_in_house(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
    """Work said to move to us ("support comes in-house", "we're bringing payroll in
    house"): the one live fact that names the work and who did it loses that provider."""
    moves = []
    for sentence in said:
        cue = table("in_house").search(sentence.text.lower())
        if not sentence.asserts or cue is None:
            continue
        # the work: named before the verb ("service comes ...") or after it ("bringing
        # payroll ...")
        before = sentence.text[clause_start(sentence.text, cue.start()) : cue.start()]
        work = topic_terms(before) | topic_terms(_IN_HOUSE_ENDS.sub("", cue.group()))
        doers = [
            (fact, at)
            for fact in sources
            if fact.fact_id is not None
            and work & topic_terms(f"{(fact.key or '').replace('_', ' ')} {fact.text}")
            and (at := _provider(fact.text)) is not None
        ]
        if len(doers) != 1:
            continue  # none, or no telling which
        fact, (start, end) = doers[0]
        old = TypedValue("phrase", fact.text[start:end], start, end)
        new = TypedValue("phrase", "in-house", cue.start(), cue.end())
        held = Known(old, fact, frozenset())
        moves.append(Replace(held, new, old.text, new.text, "brought in-house"))
    return moves


def _provider(text: str) -> tuple[int, int] | None:
    """Where a fact names who does the work, its preposition included."""
    for value in typed_values(text):
        lead = _PROVIDER.search(text[: value.start])
        if value.kind == "name" and lead is not None:
            return lead.start(), value.end
    return None
