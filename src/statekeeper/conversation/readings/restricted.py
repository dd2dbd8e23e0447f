"""What a turn says for us only: its confidential spans kept as restricted notes, the
values said before that a restriction names ("her mobile is ... ; numbers are staff-only")
kept as restricted notes too, and the live facts a restriction names ("the bonus is
confidential") restricted in place."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence

from statekeeper.conversation import decide
from statekeeper.conversation.changes.labels import slot_name
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found
from statekeeper.conversation.decisions import Decision, Restrict, said_by
from statekeeper.conversation.disclosure import Said, named_values, object_terms
from statekeeper.conversation.restrictions import (
    ACKNOWLEDGED_NOTE,
    INTERNAL_NOTE,
    RESTRICTING,
    bare_restriction,
    names_facts,
    points_before,
    restricts,
)
from statekeeper.conversation.view import StateView
from statekeeper.errors import StatekeeperError
from statekeeper.model import INTERNAL, Fact, Scope, Turn
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import key_terms, topic_terms
from statekeeper.text.values import TypedValue, typed_values

# Turns before a restriction in which what it names may have been said.
_REACH = 4


def restricted(
    view: StateView, turn: Turn, spans: Sequence[str], earlier: Sequence[Turn] = ()
) -> list[Decision]:
    """The notes a turn's confidential spans and the values its restrictions name make,
    then the live facts its restrictions name, each restricted to us unless it already
    is. A restriction that names values said before it names those, not every fact of
    their slot."""
    # "This is only for the committee." after one's own turn restricts that turn, and the
    # facts it gave
    before = _pointed_before(turn, earlier)
    spans = [*spans, *(t.text for t in before)]
    named = _said_before(turn, earlier)
    values = [
        s for said in named.values() for s in said if not any(s.value.text in p for p in spans)
    ]
    notes: list[Decision] = [_note(view, turn, INTERNAL_NOTE, span) for span in spans]
    notes += [_note(view, turn, slot_name(s.text, s.value), s.value.text) for s in values]
    facts = [
        *_named_in(view, turn.text, named.keys()),
        *_holding(view, spans),
        *_stating(view, values),
        *_given_by(view, before),
    ]
    notes += [
        Restrict(
            fact.key,
            fact.value,
            fact.source,
            turn.timestamp,
            "said for us only",
            fact.required_permissions | {INTERNAL},
            fact.scope,
            fact.scope_id,
            old=fact,
        )
        for fact in {f.id: f for f in facts}.values()
        if INTERNAL not in fact.required_permissions
    ]
    return notes


def acknowledged(view: StateView, turn: Turn, earlier: Sequence[Turn] = ()) -> list[Decision]:
    """What an assistant's turn says back as for us only ("Understood: the £68 keg price
    stays between you and Ron"), each clause that restricts kept as a restricted note: an
    acknowledgment repeats what it keeps, and the clauses beside it what may be told. Right
    after the user restricted something, a clause that says whom a thing stays with ("the
    scan stays with the nurses", "the insulin is for Dr Rao only") is one too."""
    answering = bool(earlier) and any(restricts(s.text) for s in sentences(earlier[-1].text))
    return [
        _note(view, turn, ACKNOWLEDGED_NOTE, clause.strip())
        for sentence in sentences(turn.text)
        for a, b in sentence.clauses()
        if (restricts(clause := sentence.text[a:b]) or (answering and found("kept_with", clause)))
        and not bare_restriction(clause, (*RESTRICTING, "kept_with"))
    ]


def _pointed_before(turn: Turn, earlier: Sequence[Turn]) -> list[Turn]:
    """The speaker's own turn just before one that opens by restricting what was said
    before it (an answer of the assistant's between them is passed over)."""
    if not points_before(turn.text):
        return []
    return [t for t in reversed(earlier[-2:]) if t.speaker == turn.speaker][:1]


def _given_by(view: StateView, turns: Sequence[Turn]) -> list[Fact]:
    """The live facts the turns gave."""
    given = []
    for said in turns:
        for fact_id in said.fact_ids:
            try:
                fact = view.get(fact_id)
            except StatekeeperError:
                continue  # gone since, or not ours to see
            if fact.is_valid:
                given.append(fact)
    return given


def _note(view: StateView, turn: Turn, key: str, value: str) -> Restrict:
    return Restrict(
        key,
        value,
        said_by(turn, view.authority),
        turn.timestamp,
        "said for us only",
        frozenset({INTERNAL}),
        turn.scope,
        turn.scope_id,
    )


def _said_before(turn: Turn, earlier: Sequence[Turn]) -> dict[str, list[Said]]:
    """For each restriction of a turn that names values said before it (in its turn, or
    in the turns just before), those values."""
    before = [t.text for t in earlier[-_REACH:]]
    named: dict[str, list[Said]] = {}
    for clause, end in restricting_at(turn.text):
        said = named_values(clause, [*before, turn.text[:end]])
        if said:
            named[clause] = said
    return named


def _stating(view: StateView, values: Sequence[Said]) -> list[Fact]:
    """The live facts that state a value said before a restriction that names it, and no
    value it does not name: "rent £1,150, mobile 07700 ..." keeps its rent for anyone."""
    named = [s.value for s in values]
    return [
        f
        for said in values
        for f in view.related_facts(said.text)
        if f.scope == Scope.GLOBAL
        and _states(f.text, said.value)
        and all(any(v.key == n.key for n in named) for v in typed_values(f.text))
    ]


# Kinds of value that are what a private matter says, not what names it: an amount, a
# way to reach someone. A fact that states one a restricted span holds is as private as
# the span; a code or a name the span only refers to ("SIU opened a review of 5520-Q")
# keeps its fact as it was.
_PRIVATE_KINDS = frozenset({"money", "percent", "phone", "email", "address"})


def _holding(view: StateView, spans: Sequence[str]) -> list[Fact]:
    """The live facts that state a value a span said for us only holds: "his brother is
    paying the whole $3,200 and doesn't want his wife to know" keeps the invoice that says
    $3,200 for us too."""
    held = [v for span in spans for v in typed_values(span) if v.kind in _PRIVATE_KINDS]
    return [
        f
        for span in spans
        for f in view.related_facts(span)
        if f.scope == Scope.GLOBAL and any(_states(f.text, v) for v in held)
    ]


def _named_in(view: StateView, text: str, resolved: Collection[str]) -> list[Fact]:
    """The live facts a restriction names as what it restricts, in its own clause (or, when
    it says nothing but itself, "attorney eyes only.", in the sentence before it), which
    states no new value: "the bonus is confidential" of a bonus_amount, "the 40% thing
    stays between us", "don't tell the customer what we paid for the Civic". Those it names
    most fully, by the words of their key and of their value, are restricted. Telling
    withheld names only values said before it ("not to pass her salary to any client")."""
    named: dict[str, Fact] = {}
    for said in _restricting(text):
        if said in resolved or not names_facts(said):
            continue
        live = [f for f in view.related_facts(said) if f.scope == Scope.GLOBAL]
        figures = typed_values(said)
        if any(not any(_states(f.text, v) for f in live) for v in figures):
            continue  # it states a new value: a note of its own, not a fact named
        terms = object_terms(said)
        slots = _slots_of(terms)  # "comp details" name a salary by its slot
        scored: dict[int, list[Fact]] = {}
        for fact in live:
            words = key_terms(fact.key)
            score = sum(w <= terms for w in words) + len(terms & topic_terms(fact.text))
            score += len(
                slots & _slots_of(topic_terms(f"{fact.key.replace('_', ' ')} {fact.text}"))
            )
            score += 2 * sum(_states(fact.text, v) for v in figures)
            if score:
                scored.setdefault(score, []).append(fact)
        named |= {f.id: f for f in scored[max(scored)]} if scored else {}
    return list(named.values())


def _slots_of(terms: frozenset[str]) -> frozenset[str]:
    return frozenset(t for t in decide.with_slots(terms) if t.startswith("#"))


def _states(text: str, value: TypedValue) -> bool:
    """Whether a text states a value, in its words or another spelling of it ("$118k" of
    "$118,000")."""
    return nlu.mentions(text, value.text) or any(v.key == value.key for v in typed_values(text))


def restricting_at(text: str) -> Iterator[tuple[str, int]]:
    """Each clause of a text that restricts and names what it restricts, with where the
    clause ends in the text. A list of what it keeps back, said after it without a verb
    ("Not the code, not the address."), is part of it."""
    said = sentences(text)
    for n, sentence in enumerate(said):
        clauses = [(sentence.text[a:b], b) for a, b in sentence.clauses()]
        if not any(restricts(clause) for clause, _ in clauses):
            # a restriction that runs over commas: "the cause and the reference are for this
            # office, the referee and the family, and nobody else"
            clauses = [(sentence.text, len(sentence.text))]
        after = said[n + 1] if n + 1 < len(said) else None
        listed = after if after is not None and _ELLIPTIC_LIST.match(after.text) else None
        for clause, end in clauses:
            if restricts(clause) and not bare_restriction(clause):
                if listed is not None and end == len(sentence.text):
                    yield f"{clause} {listed.text}", listed.start + len(listed.text)
                else:
                    yield clause, sentence.start + end


# Things kept back, listed without a verb: "Not the gate code, not the flat number.", "Nor
# his mobile, nor her email."
_ELLIPTIC_LIST = re.compile(
    r"(?i)^\W*(?:and\s+)?(?:not|nor|neither|no)\s+(?:the|his|her|their|its|any|a|an|my|our)\b"
    r"(?![^.!?]*\b(?:is|are|was|were|will|can|has|have|does|do)\b)"
)


def _restricting(text: str) -> Iterator[str]:
    """Each clause of a text that restricts; one that says nothing but itself, with the
    sentence before it."""
    said = sentences(text)
    for n, sentence in enumerate(said):
        clauses = [sentence.text[a:b] for a, b in sentence.clauses()]
        for clause in clauses:
            if restricts(clause):
                bare = bare_restriction(sentence.text) and n > 0
                yield f"{said[n - 1].text} {clause}" if bare else clause
