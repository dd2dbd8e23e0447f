"""Times and days moved by a step ("push the call back an hour")."""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.changes.known import fact_label, known_values
from statekeeper.conversation.changes.operations import Replace, Source
from statekeeper.conversation.clauses import Sentence
from statekeeper.conversation.shifts import shifted, shifts_in
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import TypedValue


def stepped(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
    """Times and days moved by a step ("push the call back an hour"): each value the step
    applies to, of the one source the step's words name, or of the only source it can
    apply to when it names none ("push it back an hour")."""
    known = known_values(sources)
    out: list[Replace] = []
    for sentence in said:
        if not sentence.reports:
            continue
        for shift in shifts_in(sentence.text):
            fits = [k for k in known if shifted(k.value, shift) is not None]
            named = topic_terms(shift.named)
            if named:
                fits = [k for k in fits if named & (k.anchor | topic_terms(fact_label(k.source)))]
            if len({k.source for k in fits}) != 1:
                continue  # none, or more than one thing it could be said of
            at = sentence.start + shift.start
            for old in fits:
                new = shifted(old.value, shift) or ""
                value = TypedValue(old.value.kind, new, at, sentence.start + shift.end)
                out.append(Replace(old, value, old.value.text, new, "moved by a step"))
    return out
