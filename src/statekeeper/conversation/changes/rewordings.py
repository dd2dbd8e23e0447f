"""A kind word said anew before the same thing ("quarterly invoicing" for "monthly
invoicing"): the fact's word gives way."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.operations import Known, Replace, Source
from statekeeper.conversation.changes.subjects import owner_apart
from statekeeper.conversation.changes.wording import WEAK_CHANGE, whole_words
from statekeeper.conversation.clauses import Sentence
from statekeeper.conversation.cues import found
from statekeeper.nlu.topic import stem, topic_terms
from statekeeper.text.values import TypedValue

# Words that tell which one, not what kind: "the new plan" is no kind of plan.
_NOT_A_KIND = frozenset(
    "new old same other next last first second third current usual previous former this that "
    "these those our my your their his her its the a an one two more less extra another".split()
)


# Words after which a participle is a verb's form, not a kind word: "is saying", "were told".
_AUXILIARIES = frozenset("is are was were be been being am has have had".split())


def reworded(
    said: Sequence[Sentence], sources: Sequence[Source], changed: set[Source]
) -> list[Replace]:
    """A kind word changed before the same thing ("quarterly invoicing" where a fact holds
    "monthly invoicing", "a window seat" for "Seat: aisle") in a sentence that says it
    changes, or of a fact the turn surely changes otherwise: the fact's word gives way.
    Only in what a fact states after its label, and only where one reading of the fact is
    found. A bare "new" or "it's" says nothing changes: "our new vendor also offers
    quarterly invoicing" names an option."""
    facts = [s for s in sources if s.fact_id is not None]
    readings: dict[Source, list[Replace]] = {}
    for sentence in said:
        firm = found("change", WEAK_CHANGE.sub(" ", sentence.text))
        if not sentence.asserts or not (firm or changed):
            continue
        words = re.findall(r"[a-z][a-z'-]+", sentence.text.lower())
        lowered = sentence.text.lower()
        for n, (kind, thing) in enumerate(zip(words, words[1:], strict=False)):
            as_said = kind in sentence.text or sentence.text.lower().startswith(kind)
            if kind in _NOT_A_KIND or not as_said or not topic_terms(thing):
                continue  # "the new plan" says which; "Blue team" is a name
            if n and words[n - 1] in _AUXILIARIES and kind.endswith(("ing", "ed")):
                continue  # "he is saying lights are not needed": a verb, no kind of lights
            for fact in facts if firm else [f for f in facts if f in changed]:
                lead = sentence.text[: max(lowered.find(f"{kind} {thing}"), 0)]
                if owner_apart(lead, fact.text):
                    continue  # "Mrs Okafor wants her lunch call": not Mr Banda's call
                op = _kind_in(fact, kind, thing, words)
                if op is not None and topic_terms(kind):
                    readings.setdefault(fact, []).append(op)
    return [ops[0] for ops in readings.values() if len(ops) == 1]


def _kind_in(fact: Source, kind: str, thing: str, said: Sequence[str]) -> Replace | None:
    """The word of `fact` that `kind` takes the place of before `thing`: the word before
    the same thing in what the fact states after its label, or all it states when its
    label names the thing ("Seat: aisle"); a lowercase word the sentence does not say,
    in a fact that does not say `kind`."""
    label, colon, stated = fact.text.rpartition(": ")
    if not colon or whole_words(kind, fact.text) is not None:
        return None
    hit = re.search(rf"(?<![\w'-])([a-z][a-z'-]+)\s+{re.escape(thing)}(?![\w'-])", stated)
    if hit is None and stem(thing) in topic_terms(f"{label} {fact.key or ''}"):
        hit = re.fullmatch(r"\s*([a-z][a-z'-]+)\s*", stated)
    if hit is None:
        return None
    was = hit.group(1)
    if was in _NOT_A_KIND or was in said or not topic_terms(was):
        return None
    start = len(label) + len(colon) + hit.start(1)
    old = TypedValue("phrase", was, start, start + len(was))
    new = TypedValue("phrase", kind, 0, len(kind))
    return Replace(Known(old, fact, frozenset()), new, was, kind, "its kind said anew")
