"""What the one claim of a turn's stating sentences changes or adds, where no typed value
says: details given, what the speaker states of themself, a value asked for again, or the
claim's value in place of the fact it is about."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.context.hygiene import value_parts
from statekeeper.conversation import decide
from statekeeper.conversation.changes.subjects import owned_apart
from statekeeper.conversation.clauses import sentences, stays
from statekeeper.conversation.cues import table
from statekeeper.conversation.decisions import Decision
from statekeeper.conversation.details import details
from statekeeper.conversation.moved import moved
from statekeeper.conversation.personal import personal
from statekeeper.conversation.readings.outcomes import ended, replacing
from statekeeper.conversation.readings.own import own
from statekeeper.conversation.readings.permission import may_change
from statekeeper.conversation.readings.recording import record, recorded
from statekeeper.conversation.readings.reverting import revert
from statekeeper.conversation.targets import of_another, said_to_stay, target
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Turn
from statekeeper.nlu import assertions
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import compatible, topic_terms
from statekeeper.text.values import of_another_family, states_none_of, typed_values


def claimed(
    view: StateView, turn: Turn, said: str, live: Sequence[Fact], earlier: Sequence[Turn]
) -> list[Decision]:
    """What the one claim of a turn's stating sentences (`said`) changes or adds."""
    claim = assertions.assertion_in(said)
    given = [
        d
        for d in details(turn.text)
        if not _known(live, d.value)
        and not (claim and claim.subject and d.value in claim.value)  # "the X is ..." names it
    ]
    if given:
        return [recorded(view, turn, d.key, d.value) for d in given]
    stated = [p for p in personal(turn.text) if not _known(live, p.value)]
    if stated and view.extracts:
        return [own(view, turn, p, live) for p in stated]
    reverted = assertions.reversion(said)
    if reverted:
        restored = revert(view, turn, reverted, live)
        if restored is not None:
            return [restored]
    if claim is None or not _ours(turn.text, claim):
        return []
    if claim.subject and decide.disowns(claim.subject):
        return []  # "my old number was ...": a value of the past, not a new one
    if claim.adds:  # a booking with a date, a time or a figure, not already known
        if not value_parts(claim.value) or _known(live, claim.value):
            return []
        return record(view, turn, claim)
    if assertions.judges(claim.value):
        return []  # "it's going great": a verdict is no value to replace anything with
    if stays(claim.value):
        return []  # "the strap is still with Ingrid": what stays is no new value
    fact = target(claim, live, earlier, nlu.points_back(turn.text))
    if fact is not None and of_another(claim, fact):
        return []  # "the unlimited plan costs $80": not our plan, another one
    if fact is not None and claim.subject and _owned_elsewhere(claim.subject, fact.text):
        return []  # "Anneke's flight got bumped": hers, not "my flight"
    if fact is not None and not may_change(view, turn, fact):
        return []  # not the speaker's to change
    if fact is None:
        if _known(live, claim.value):
            return []  # already known
        return record(view, turn, claim)
    if nlu.mentions(claim.value, fact.text) or nlu.mentions(fact.text, claim.value):
        return []
    if _named_by_its_value(claim, fact) and not (claim.corrective or nlu.CHANGE.search(turn.text)):
        return []  # "the charcoal sofa is in stock" says no new colour
    if not claim.cancels and (
        not compatible(fact.text, claim.value)
        or of_another_family(fact.text, claim.value)
        or states_none_of(fact.text, claim.value)
    ):
        return []
    if not claim.cancels and said_to_stay(turn.text, fact):
        return []  # "same deadline, but send it to Lee instead" keeps the deadline
    if not claim.cancels and _a_record(fact.text) and not _fate_or_figure(claim.value):
        return []  # "we'll do queen rearing in spring" is no new day, place and programme
    reason = "cancelled" if claim.cancels else "corrected"
    value = moved(fact.text, claim.value, claim.old)
    if _a_record(fact.text) and _bare_figure(value):
        return []  # "17th we've got the concert": a figure no part of the record took
    if (
        _a_record(fact.text)
        and not claim.subject
        and not claim.cancels
        and _told_of_another(said, claim.value, fact)
    ):
        # "the mixer part should be here Thursday": of nothing the record names, no part of
        # it nor all of it
        return []
    changed = replacing(view, turn, fact.key, value, fact, reason)
    # the part named as replaced ("matte instead of glossy"), or what a cancellation called
    # the thing ("shelve the pergola" of "add a pergola over the deck"), is dead wherever
    # it is said
    called = decide.undetermined(claim.subject) if claim.cancels and claim.subject else None
    named = claim.old or called
    if named and named.lower() != fact.text.lower() and nlu.mentions(fact.text, named):
        why = "replaced" if claim.old else "taken back"
        return [changed, ended(view, turn, fact.key, named, why)]
    return [changed]


_RECORD_VALUES = 2  # values a fact holds from which it is a record of several things


def _fate_or_figure(value: str) -> bool:
    """Whether a claimed value states a figure, or what became of the thing ("off
    completely", "cut"): the only claims that may stand for a whole record."""
    first = value.strip(" .!?,").lower().split()[:1]
    return bool(typed_values(value)) or bool(first and table("fates").fullmatch(first[0]))


def _bare_figure(value: str) -> bool:
    """Whether a value is one typed value and nothing else ("12th", "£40")."""
    values = typed_values(value)
    return len(values) == 1 and values[0].text.strip() == value.strip(" .!?,")


def _told_of_another(said: str, value: str, fact: Fact) -> bool:
    """Whether the sentence a claimed value is in speaks of things, none of which its fact
    names: "the mixer's broken, engineer's sending a part, should be here Thursday" of a
    bread order."""
    sentence = next((s.text for s in sentences(said) if value in s.text), "")
    words = topic_terms(sentence.replace(value, " "))
    return bool(words) and not words & topic_terms(f"{fact.key} {fact.text}".replace("_", " "))


def _a_record(text: str) -> bool:
    """Whether a fact records several values (a day, a place, a time...): a claim that
    states none of them replaces no whole record of them."""
    return len(typed_values(text)) >= _RECORD_VALUES


def _known(live: Sequence[Fact], value: str) -> bool:
    """Whether a live fact already states a value."""
    return any(nlu.mentions(f.text, value) for f in live)


_OWNED = re.compile(r"\b(?:my|our|mine|ours)\b|\w['’]s\b", re.I)


def _owned_elsewhere(subject: str, fact: str) -> bool:
    """Whether a claim's subject is someone's thing ("Anneke's flight") where the fact says
    whose it is and names someone else ("My flight: ..."). A fact that says nothing of whose
    it is may well be theirs ("Dr. Okafor's clinic hours" of "clinic hours")."""
    return _OWNED.search(fact) is not None and owned_apart(f"{subject} ", fact)


def _named_by_its_value(claim: assertions.Assertion, fact: Fact) -> bool:
    """Whether a claim's subject names the fact's thing by the fact's own value ("the
    charcoal sofa" for "Sofa color: charcoal"): then it says something else of it."""
    value = fact.text.partition(":")[2].strip() if ":" in fact.text else ""
    return bool(claim.subject and value and nlu.mentions(claim.subject, value))


_THEIRS = re.compile(r"\b(?:his|her|their)\b", re.I)
# A thing of a time gone by: "last year's launch" is another launch than ours.
_BYGONE = re.compile(
    r"\b(?:(?:last|previous|past) (?:\w+ )?(?:year|month|week|quarter|season|time|spring|"
    r"summer|fall|autumn|winter)|yesterday)'s\b",
    re.I,
)


def _ours(text: str, claim: assertions.Assertion) -> bool:
    """Whether the sentence that states a claim reports something of ours: not someone
    else's own affair ("the juniors moved their practice to Friday, that's them not us",
    "the bank raised their fees"), a question, a wish or a story of the past."""
    if claim.subject and (_THEIRS.search(claim.subject) or _BYGONE.search(claim.subject)):
        return False
    for sentence in sentences(text):
        if claim.value in sentence.text:
            return sentence.reports and not sentence.wanted_at(sentence.text.index(claim.value))
    return True
