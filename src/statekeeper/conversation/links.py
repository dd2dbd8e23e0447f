"""What a newly written fact ends among the live ones, decided from a read-only view.

Everything that carries a value shares its fate (duplicates); of two conflicting
attributed statements the higher authority's stands and a speaker's later word revokes
their earlier one (Rule 3); a fresher signal replaces an older one (Rule 4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from statekeeper.context.hygiene import value_parts
from statekeeper.conversation.decisions import Retract
from statekeeper.conversation.targets import SIGNAL_ORIGIN
from statekeeper.conversation.view import StateView
from statekeeper.model import Fact, Scope, SourceType
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import overlap, topic_terms
from statekeeper.text.numbers import Numbers, numbers


def duplicates(
    view: StateView,
    fact: Fact,
    superseded: Sequence[str],
    may_hold: Callable[[set[Numbers]], bool] | None = None,
) -> list[Retract]:
    """Everything that carries a value shares its fate. A value recorded from conversation
    and then written again explicitly is kept once; when a value is superseded, its live
    duplicates under other keys go with it.

    A duplicate holds the same numbers as the new value or a superseded one: `may_hold`,
    when the caller has a cheap test, says whether any live fact but this one holds one
    of those sets of numbers, and the search is skipped when none does."""
    dead = [view.get(ref) for ref in superseded]
    wanted = {numbers(fact.text), *(numbers(old.text) for old in dead)}
    if may_hold is not None and not may_hold(wanted):
        return []
    ended: list[Retract] = []
    for other in view.related_facts(fact.text):
        if other.id == fact.id or other.scope != Scope.GLOBAL:
            continue
        if other.source.type == SourceType.CONVERSATION and _same_value(other.text, fact.text):
            ended.append(Retract(other, "recorded again", by=fact))
        elif any(_same_words(other.text, old.text) for old in dead):
            ended.append(Retract(other, "carried a superseded value", by=fact))
    return ended


def _same_words(a: str, b: str) -> bool:
    """Each text says what the other says in the same words and numbers: a live fact that
    ends with a superseded one says nothing else ("Rotterdam carrier #0: $10K" is no copy of
    "Rotterdam budget #0: $10K", though all but one word are the same)."""
    return numbers(a) == numbers(b) and topic_terms(a) == topic_terms(b)


def _same_value(a: str, b: str) -> bool:
    """Each text states the other, with the same numbers: "Item 3 ships from dock 3" is
    not "Item 7 ships from dock 7", though every word but the numbers is the same. The
    numbers are compared first: they rule out most pairs cheaply."""
    return numbers(a) == numbers(b) and nlu.mentions(a, b) and nlu.mentions(b, a)


def may_link(fact: Fact) -> bool:
    """Whether `links` may end anything for this fact: only a live global statement, not a
    question, and only a signal or someone's word, revises or refreshes anything."""
    return (
        fact.is_valid
        and fact.scope == Scope.GLOBAL
        and "?" not in fact.text
        and (bool(fact.source.speaker) or fact.source.origin == SIGNAL_ORIGIN)
    )


def links(view: StateView, fact: Fact) -> list[Retract]:
    """What a newly written fact revises, overrules or refreshes, or what overrules it."""
    if not may_link(fact):
        return []
    related = [
        o for o in view.related_facts(fact.text) if o.id != fact.id and o.scope == Scope.GLOBAL
    ]
    if fact.source.speaker and nlu.CORRECTION.search(fact.text):
        # "use that instead": an anaphoric correction answers the latest attributed statement.
        spoken = [
            o
            for o in related
            if o.source.speaker
            and o.timestamp <= fact.timestamp
            and o.source.origin != SIGNAL_ORIGIN
        ]
        if spoken and not any(nlu.conflicts(fact.text, o.text) for o in spoken):
            latest = max(spoken, key=lambda o: o.timestamp)
            return _settled(view, fact, latest)[0]
    ended: list[Retract] = []
    for other in related:
        if fact.source.origin == SIGNAL_ORIGIN and other.source.origin == SIGNAL_ORIGIN:
            if not nlu.same_signal(fact.text, other.text):
                continue
            if other.timestamp <= fact.timestamp:
                ended.append(Retract(other, "fresher signal", by=fact))
            else:  # a late arrival stamped before what is already known is dead on arrival
                ended.append(Retract(fact, "staler than a live signal", by=other))
                return ended
            continue
        if not fact.source.speaker or not other.source.speaker:
            continue
        if nlu.conflicts(fact.text, other.text):
            settled, lost = _settled(view, fact, other)
            ended += settled
            if lost:
                return ended
    return ended


def _settled(view: StateView, fact: Fact, other: Fact) -> tuple[list[Retract], bool]:
    """How two conflicting attributed statements resolve, and whether `fact` lost."""
    if fact.source.speaker == other.source.speaker:
        older, newer = sorted((other, fact), key=lambda f: f.timestamp)
        return [Retract(older, "revised by the same speaker", by=newer)], older.id == fact.id
    access = view.access
    newer, older = sorted((fact, other), key=lambda f: f.timestamp, reverse=True)
    if access.can_supersede(
        newer.source.authority or "peer", older, strict=False
    ) and access.source_rank(newer) > access.source_rank(older):
        return [Retract(older, "overruled by higher authority", by=newer)], older.id == fact.id
    if access.source_rank(older) > access.source_rank(newer):
        return [Retract(newer, "overruled by higher authority", by=older)], newer.id == fact.id
    return [], False  # equal authorities in conflict: both stand, and the context shows both


def rank_targets(
    text: str, speaker: str | None, candidates: Sequence[Fact], hint: str | None = None
) -> list[tuple[int, Fact]]:
    """Which earlier statement a correction most likely replaces, best first.

    Evidence, strongest first: it names that statement's speaker as wrong; it repeats one of
    its figures; it comes from the same speaker; it shares its subject words."""
    refuted = nlu.refuted_speakers(text)
    figures = value_parts(text)
    ranked = []
    for fact in candidates:
        score = 0
        who = (fact.source.speaker or "").lower()
        if who and any(r in who.split() for r in refuted):
            score += 5
        score += 3 * len(figures & value_parts(fact.text))
        if speaker and who == speaker.lower():
            score += 2
        score += min(overlap(text, fact.text), 3)
        if fact.id == hint:
            score += 2
        ranked.append((score, fact))
    ranked.sort(key=lambda pair: (pair[0], pair[1].id == hint, pair[1].timestamp), reverse=True)
    return ranked
