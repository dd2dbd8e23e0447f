"""Which live fact a claim is about: named by the value it replaces, by its subject, by
the words the conversation used for it, or the fact in focus.

Pure functions of the claim, the live facts and the earlier turns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from statekeeper.conversation.changes.subjects import set_apart
from statekeeper.model import Fact, Scope, Turn
from statekeeper.nlu import assertions
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import topic_terms, untyped_words, value_kinds
from statekeeper.text.values import typed_values

SIGNAL_ORIGIN = "environment"  # facts from the environment's signals, not from anyone's word


def target(
    claim: assertions.Assertion,
    live: Sequence[Fact],
    earlier: Sequence[Turn],
    anaphoric: bool = False,
) -> Fact | None:
    """The live fact a claim replaces. The value it replaces or a subject names it; a
    corrective claim with no subject of its own replaces the fact in focus, and so does
    one that points back at what was just said ("I'm overriding that: the allocation is
    $80,000") with a value of the focus fact's kind, whatever word it uses for the
    subject."""
    candidates = [f for f in live if f.source.origin != SIGNAL_ORIGIN and f.scope == Scope.GLOBAL]
    if claim.old:
        # Named by the value it replaces ("replacing MySQL", "12 chairs, not 10"); a bare
        # figure only where the new value is of the same thing.
        by_name = bool(untyped_words(claim.old))
        holding = [
            f
            for f in candidates
            if nlu.mentions(f.text, claim.old) and (by_name or _same_thing(claim.value, f))
        ]
        if holding:
            return max(holding, key=lambda f: f.timestamp)
        if not claim.subject:
            return None
    if claim.subject:
        scored = [
            (assertions.subject_matches(claim.subject, f.key, f.text), f.timestamp, f)
            for f in candidates
        ]
        scored = [s for s in scored if s[0] > 0]
        if scored:
            return max(scored, key=lambda s: (s[0], s[1]))[2]
        named = _named_in_conversation(claim.subject, candidates, earlier)
        if named is not None and claim.corrective:
            return named  # a plain statement about it may add a detail, not replace it
        if claim.corrective and anaphoric:
            current = focus(candidates, earlier)
            if current is not None and value_kinds(current.text) & value_kinds(claim.value):
                return current
            return None
        if not claim.corrective or not assertions.generic_subject(claim.subject):
            return None  # it names something no live fact is about: nothing to replace
    current = focus(candidates, earlier)
    if current is None or len(candidates) == 1:
        return current
    if any(v.kind != "name" for v in typed_values(claim.value)):
        return current
    # a plain value or a name ("forest green", "Blue Cross") for no named thing: only the
    # thing the latest turns speak of by its value takes it, not whichever was written last
    spoken = [f for f in candidates if any(_says_value_of(t.text, f) for t in earlier[-2:])]
    return spoken[0] if len(spoken) == 1 else None


def _says_value_of(text: str, fact: Fact) -> bool:
    value = fact.text.partition(":")[2].strip() or fact.text
    return nlu.mentions(text, value)


def _same_thing(value: str, fact: Fact) -> bool:
    """Could `value` be a new value of this fact: a bare figure, or one whose words are the
    fact's ("12 chairs" for "10 chairs", not for "10 desks")."""
    words = untyped_words(value)
    return not words or bool(words & topic_terms(f"{fact.key.replace('_', ' ')} {fact.text}"))


def _named_in_conversation(
    subject: str, candidates: Sequence[Fact], earlier: Sequence[Turn]
) -> Fact | None:
    """The fact the conversation itself called by this subject: the latest turn that
    states a fact's value and holds every word of the subject ("our initiative status is
    on track" names project_status "on track" as "our initiative")."""
    words = topic_terms(subject)
    if not words:
        return None
    for turn in reversed(earlier):
        if not words <= topic_terms(turn.text):
            continue
        stated = [f for f in candidates if nlu.mentions(turn.text, f.text)]
        if stated:
            return max(stated, key=lambda f: f.timestamp)
    return None


def focus(candidates: Sequence[Fact], earlier: Sequence[Turn]) -> Fact | None:
    """The fact the conversation is about right now: the one the latest turns mention,
    else the most recent one. In a long conversation a fact neither mentioned nor written
    within its recent turns is out of focus: "make it work" fifty turns on is about
    something else."""
    young = not earlier or earlier[0].index == 0
    since = earlier[0].timestamp if earlier else None
    best: tuple[int, datetime, Fact] | None = None
    for fact in candidates:
        last = max((t.index for t in earlier if nlu.mentions(t.text, fact.text)), default=-1)
        if last < 0 and not young and since is not None and fact.timestamp < since:
            continue
        key = (last, fact.timestamp, fact)
        if best is None or key[:2] > best[:2]:
            best = key
    return best[2] if best else None


def of_another(claim: assertions.Assertion, fact: Fact) -> bool:
    """Whether a claim with no typed value speaks of another one of the fact's kind: its
    subject sets it apart by a word the fact does not hold ("the unlimited plan" beside
    "Phone plan: 5GB"; "the blue sofa" beside "Sofa: grey velvet")."""
    if claim.subject and set_apart(claim.subject, fact.text):
        return True  # "the 20GB plan is $55" beside "Phone plan: 10GB for $45"
    if not claim.subject or typed_values(claim.value):
        return False
    own = topic_terms(f"{fact.key.replace('_', ' ')} {fact.text}")
    apart = topic_terms(claim.subject) - own - _NOT_APART
    return bool(apart) and bool(topic_terms(claim.subject) & own)


# Words of a subject that set nothing apart: "the new plan" is ours, changed.
_NOT_APART = frozenset(topic_terms("new current our my latest updated final revised actual"))


_STAYS = re.compile(
    r"\b(?:same|still|unchanged)\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I
)


def said_to_stay(text: str, fact: Fact) -> bool:
    """Whether a turn says the fact's own thing stays ("same deadline", "the venue is
    unchanged"): a value elsewhere in the turn is then of something else."""
    named = {w for m in _STAYS.finditer(text) for w in topic_terms(m.group(1))}
    return bool(named & topic_terms(fact.key.replace("_", " ")))
