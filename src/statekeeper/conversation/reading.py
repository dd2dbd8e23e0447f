"""What a user's turn changes, read against live state: decisions, never writes.

Rule 1 (explicit) and Rule 2 (implicit): a turn's assertion replaces the fact its subject
names, or the fact in focus when it names none. A colleague of the same rank is not
overruled by another's word: both stand as a conflict. Reversions restore an earlier
value; declined offers and proposals overruled from above end; what is said for us only
is restricted. A turn in a side scope only records facts in that scope.

The readings come in four batches: each is to be applied before the next is read,
because a later reading looks at the live facts an earlier one changed (a "yes" adopts
the assistant's words, or a pick one of its offers, before the turn's own are read
against the facts that left). Within a batch a decision may build on an earlier one of the
same batch, never on a write.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from statekeeper.access import AuthorityLadder
from statekeeper.context.hygiene import value_parts
from statekeeper.conversation import decide
from statekeeper.conversation.additions import added, with_item
from statekeeper.conversation.audience import bare_restriction, confidential_spans, restricts
from statekeeper.conversation.changes.subjects import owned_apart
from statekeeper.conversation.clauses import confirms, sentences
from statekeeper.conversation.cues import found, table
from statekeeper.conversation.decisions import (
    Add,
    Conflict,
    Decision,
    Earlier,
    Replace,
    Restrict,
    Retract,
    said_by,
)
from statekeeper.conversation.declined import REACH, declined
from statekeeper.conversation.details import details
from statekeeper.conversation.moved import moved
from statekeeper.conversation.personal import Personal, personal
from statekeeper.conversation.picks import alternatives, first_sentence, names_value_of, picked
from statekeeper.conversation.proposals import overrules, proposals, unshared
from statekeeper.conversation.proposed import granted, proposed, wished
from statekeeper.conversation.targets import SIGNAL_ORIGIN, of_another, said_to_stay, target
from statekeeper.conversation.view import StateView
from statekeeper.model import ASSISTANT, INTERNAL, Fact, Scope, Source, Turn
from statekeeper.nlu import assertions
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.assertions import CANCELLED
from statekeeper.nlu.topic import compatible, topic_terms, value_kinds
from statekeeper.text.values import TypedValue, typed_values

INTERNAL_NOTE = "internal_note"
PROPOSAL = "proposal"


def read_turn(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> Iterator[list[Decision]]:
    """The decisions a user's turn makes, in batches to apply one after the other. What a
    turn says for us only ("internal only: ...") is kept as a restricted note, and read
    for nothing else."""
    spans = confidential_spans(turn.text)
    notes: list[Decision] = [
        Restrict(
            INTERNAL_NOTE,
            span,
            said_by(turn, view.authority),
            turn.timestamp,
            "said for us only",
            frozenset({INTERNAL}),
            turn.scope,
            turn.scope_id,
        )
        for span in spans
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
        for fact in _named_in(view, turn.text)
        if INTERNAL not in fact.required_permissions
    ]
    side = nlu.aside(turn.text)  # another matter opened and closed inside the turn
    if spans or side:
        public = turn.text
        for span in [*spans, *([side] if side else [])]:
            public = public.replace(span, " ")
        turn = turn.model_copy(update={"text": public})
    asides = notes + _declined(view, turn, earlier)
    yield asides + _overruled(view, turn, earlier, asides)
    yield _confirmed(view, turn, earlier)
    choice = _picked(view, turn, earlier)
    yield choice
    if choice:  # the rest of the turn is read for itself
        rest = turn.text.strip()[len(first_sentence(turn.text)) :]
        turn = turn.model_copy(update={"text": rest})
    request = granted(turn.text)
    if request is not None:  # a request granted is read as the speaker's own words
        turn = turn.model_copy(update={"text": request})
    yield _changes(view, turn, earlier)


def _named_in(view: StateView, text: str) -> list[Fact]:
    """The live facts a restriction names as what it restricts, in its own clause (or, when
    it says nothing but itself, "attorney eyes only.", in the sentence before it), which
    states no new value: "the bonus is confidential" of a bonus_amount, "the 40% thing
    stays between us", "don't tell the customer what we paid for the Civic". Those it names
    most fully, by the words of their key and of their value, are restricted."""
    named: dict[str, Fact] = {}
    for said in _restricting(text):
        live = [f for f in view.related_facts(said) if f.scope == Scope.GLOBAL]
        figures = typed_values(said)
        if any(not any(_states(f.text, v) for f in live) for v in figures):
            continue  # it states a new value: a note of its own, not a fact named
        terms = topic_terms(table("confidential").sub(" ", said.lower()))
        slots = _slots_of(terms)  # "comp details" name a salary by its slot
        scored: dict[int, list[Fact]] = {}
        for fact in live:
            words = [t for t in map(topic_terms, fact.key.split("_")) if t]
            score = sum(w <= terms for w in words) + len(terms & topic_terms(fact.text))
            score += len(slots & _slots_of(topic_terms(f"{fact.key.replace('_', ' ')} {fact.text}")))
            score += 2 * sum(_states(fact.text, v) for v in figures)
            if score:
                scored.setdefault(score, []).append(fact)
        named |= {f.id: f for f in scored[max(scored)]} if scored else {}
    return list(named.values())


_OWNED = re.compile(r"\b(?:my|our|mine|ours)\b|\w['’]s\b", re.I)


def _owned_elsewhere(subject: str, fact: str) -> bool:
    """Whether a claim's subject is someone's thing ("Anneke's flight") where the fact says
    whose it is and names someone else ("My flight: ..."). A fact that says nothing of whose
    it is may well be theirs ("Dr. Okafor's clinic hours" of "clinic hours")."""
    return _OWNED.search(fact) is not None and owned_apart(f"{subject} ", fact)


def _slots_of(terms: frozenset[str]) -> frozenset[str]:
    return frozenset(t for t in decide.with_slots(terms) if t.startswith("#"))


def _states(text: str, value: TypedValue) -> bool:
    """Whether a text states a value, in its words or another spelling of it ("$118k" of
    "$118,000")."""
    return nlu.mentions(text, value.text) or any(v.key == value.key for v in typed_values(text))


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


def _confirmed(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """A "yes" to what was just proposed does it: the assistant's "should I switch you to
    the annual plan?", or the speaker's own "what if we moved it to May 20?" with the
    assistant's answer between. A "yes" to what the assistant just stated makes its
    statements the speaker's own: "next service due at 48,500 then" answered "yep"
    changes the due mileage."""
    if not earlier or not confirms(turn.text):
        return []
    for back, asked in enumerate(reversed(earlier[-2:]), start=1):
        own_or_offered = asked.speaker == ASSISTANT if back == 1 else asked.speaker == turn.speaker
        # the speaker's own "what if", or a wish they passed on ("the client wants to
        # swap ...") that the listener asked about before the yes
        proposal = proposed(asked.text) if own_or_offered else None
        if proposal is None and back == 2 and own_or_offered and _asked_back(earlier[-1]):
            proposal = wished(asked.text)
        if proposal is not None:  # a "what if" asked in its own scope, now decided
            adopted = turn.model_copy(update={"text": proposal})
            done = _changes(view, adopted, earlier[:-back])
            # a question back that changes nothing of its own ("Shall I update it?") leaves
            # the turn before it to say what was asked
            if done or back == 2:
                return done
    told = earlier[-1]
    if told.speaker != ASSISTANT or told.scope != Scope.GLOBAL:
        return []
    adopted = turn.model_copy(update={"text": told.text})
    live = view.related_facts(told.text)
    # what the assistant stated, now the speaker's: its typed changes, or else a change it
    # words ("that makes it $108,000")
    return _decided(view, adopted, live, earlier[:-1]) or [
        d
        for d in _claimed(view, adopted, told.text, live, earlier[:-1])
        if isinstance(d, Replace | Conflict) and _same_kind(d.old, d.value)
    ]


def _same_kind(old: Fact | Earlier, value: object) -> bool:
    """Whether a new value is of a kind the old one holds: an amount for an amount, never
    an amount for a headcount."""
    return bool(value_kinds(str(old.value)) & value_kinds(str(value)))


def _asked_back(turn: Turn) -> bool:
    """Whether the listener's turn asks the speaker to confirm ("Swap noted?", "Want me to
    do that?")."""
    return turn.speaker == ASSISTANT and turn.text.rstrip().endswith("?")


def _picked(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
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
    words = [t for t in map(topic_terms, key.split("_")) if t]
    said = topic_terms(asked)
    return bool(words) and all(w <= said for w in words) and (
        found("change", asked) or found("asks_for_options", asked)
    )


def _overruled(
    view: StateView, turn: Turn, earlier: Sequence[Turn], decided: Sequence[Decision]
) -> list[Decision]:
    """What others proposed in the user's last turns, and this turn reports someone above
    them deciding against: recorded as said then and ended now, so no context shows it as
    the plan. Who decides is the highest title the turn names, or the speaker when they
    outrank the proposer themselves. A proposal already ended, before or by one of the
    turn's own decisions (declined just now), is not ended again."""
    if not overrules(turn.text):
        return []
    ladder = view.access.ladder
    peer = ladder.rank_or("peer", 0)
    decider = max(
        [ladder.rank_or(turn.authority or view.authority, peer)] + _ranks(turn.text, ladder)
    )
    asked = [t for t in earlier if t.speaker != ASSISTANT and t.scope == Scope.GLOBAL]
    known = {str(f.value) for f in view.history(PROPOSAL)} | {
        d.old.value
        for d in decided
        if isinstance(d, Retract) and isinstance(d.old, Earlier) and d.old.key == PROPOSAL
    }
    ended: list[Decision] = []
    for said in asked[-REACH:]:
        for proposal in proposals(said.text):
            text = unshared(proposal.text, turn.text)
            if not text or text in known or ladder.rank_or(proposal.proposer, peer) >= decider:
                continue
            ended.append(_ended(view, said, PROPOSAL, text, "overruled by higher authority"))
            known.add(text)
    return ended


_TITLE_SPAN = re.compile(r"[,.;:()'\"‘’“”]")


def _ranks(text: str, ladder: AuthorityLadder) -> list[int]:
    """The ranks of the phrases of a text that end on a title ("Mira, our claims director,
    said"): a title's head word closes the phrase that names a rank, so "the policy limit"
    names none."""
    phrases = [p.split() for p in _TITLE_SPAN.split(text)]
    return [
        ladder.rank_or(" ".join(words), -1)
        for words in phrases
        if words and ladder.rung(words[-1].lower()) is not None
    ]


def _declined(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    """Values offered to us and turned down in this turn, recorded as said by the offer
    and ended now, so that no context shows them as a live option."""
    asked = [t for t in earlier if t.speaker != ASSISTANT]  # a "what if" too, in its scope
    ended: list[Decision] = []
    for offer in declined(turn.text, [t.text for t in asked]):
        said = asked[-offer.turn_back] if offer.turn_back else turn
        key = decide.slot_name(offer.sentence, offer.value) if offer.value else PROPOSAL
        ended.append(_ended(view, said, key, offer.text, "declined"))
    return ended


def _ended(view: StateView, said: Turn, key: str, value: str, reason: str) -> Retract:
    """A value said in an earlier turn and ended now, with nothing in its place: every
    mention of it is masked, and no live fact names it."""
    return Retract(Earlier(key, value, said_by(said, view.authority), said.timestamp), reason)


def _changes(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> list[Decision]:
    said = assertions.statements(turn.text)
    if not turn.text.strip():
        return []  # all of it was an internal note
    if turn.scope != Scope.GLOBAL:
        claim = assertions.assertion_in(said) if said else None
        return _record(view, turn, claim) if claim else []
    live = view.related_facts(turn.text)
    changed = _decided(view, turn, live, earlier)  # reads each clause for itself
    if changed:  # and the details given beside the changes ("rep is Carla, 559-555-0102")
        written = [str(d.value) for d in changed if not isinstance(d, Retract)]
        return (
            changed
            + _claimed_beside(view, turn, changed, live, earlier)
            + [
                _recorded(view, turn, d.key, d.value)
                for d in details(turn.text)
                if not any(nlu.mentions(t, d.value) for t in [*written, *(f.text for f in live)])
            ]
        )
    if not said:
        return changed
    return _claimed(view, turn, said, live, earlier)


def _claimed_beside(
    view: StateView,
    turn: Turn,
    changed: Sequence[Decision],
    live: Sequence[Fact],
    earlier: Sequence[Turn],
) -> list[Decision]:
    """A change a sentence states in words, beside changes of typed values in the other
    sentences of its turn ("..., so June 3 and only 3 nights. And upgrade the car to an
    SUV."): a sentence none of those changes came from is read on its own, for a fact
    none of them touched that its subject names."""
    touched = {d.key for d in changed if not isinstance(d, Retract)}
    touched |= {d.old.key for d in changed if isinstance(d, Retract | Replace | Conflict)}
    new_values = [str(d.value) for d in changed if isinstance(d, Replace | Conflict | Add)]
    untouched = [f for f in live if f.key not in touched]
    more: list[Decision] = []
    for sentence in sentences(turn.text):
        said = assertions.statements(sentence.text)
        if not said:
            continue
        if any(v.text in new for v in typed_values(said) for new in new_values):
            # a sentence a change came from: only a contrast standing as a clause of its
            # own ("92 guests, plated instead of buffet, and dinner at 7:30pm")
            pieces = [c for c in _CLAUSE.split(said) if _CONTRAST.search(c)]
        else:
            pieces = [said]
        for piece in pieces:
            claim = assertions.assertion_in(piece)
            if claim is None or not (
                (claim.subject and _names_one(claim.subject, untouched))
                or (claim.old and any(nlu.mentions(f.text, claim.old) for f in untouched))
            ):
                continue
            if claim.subject and _names_one(claim.subject, [f for f in live if f.key in touched]):
                continue  # "the keynote moves ..." is about the keynote changed, not its speaker
            more += [
                d
                for d in _claimed(view, turn, piece, untouched, earlier)
                if isinstance(d, Replace | Conflict | Retract)  # and the part it names as gone
            ]
    return more


_CLAUSE = re.compile(r",\s*(?:and\s+)?|;\s*")
_CONTRAST = re.compile(r"\b(?:instead of|rather than|in place of)\b", re.I)


def _names_one(subject: str, live: Sequence[Fact]) -> bool:
    """Whether a claim's subject names a live fact (its key or its words), not whichever
    fact is in focus."""
    return not assertions.generic_subject(subject) and any(
        assertions.subject_matches(subject, f.key, f.text) > 0 for f in live
    )


def _claimed(
    view: StateView, turn: Turn, said: str, live: Sequence[Fact], earlier: Sequence[Turn]
) -> list[Decision]:
    """What the one claim of a turn's stating sentences (`said`) changes or adds."""
    claim = assertions.assertion_in(said)
    given = [
        d
        for d in details(turn.text)
        if not any(nlu.mentions(f.text, d.value) for f in live)
        and not (claim and claim.subject and d.value in claim.value)  # "the X is ..." names it
    ]
    if given:
        return [_recorded(view, turn, d.key, d.value) for d in given]
    own = [
        p for p in personal(turn.text) if not any(nlu.mentions(f.text, p.value) for f in live)
    ]
    if own and view.extracts:
        return [_own(view, turn, p, live) for p in own]
    reverted = assertions.reversion(said)
    if reverted:
        restored = _revert(view, turn, reverted, live)
        if restored is not None:
            return [restored]
    if claim is None or not _ours(turn.text, claim):
        return []
    if claim.subject and decide.disowns(claim.subject):
        return []  # "my old number was ...": a value of the past, not a new one
    if claim.adds:  # a booking with a date, a time or a figure, not already known
        if not value_parts(claim.value) or any(nlu.mentions(f.text, claim.value) for f in live):
            return []
        return _record(view, turn, claim)
    if assertions.judges(claim.value):
        return []  # "it's going great": a verdict is no value to replace anything with
    fact = target(claim, live, earlier, nlu.points_back(turn.text))
    if fact is not None and of_another(claim, fact):
        return []  # "the unlimited plan costs $80": not our plan, another one
    if fact is not None and claim.subject and _owned_elsewhere(claim.subject, fact.text):
        return []  # "Anneke's flight got bumped": hers, not "my flight"
    if fact is not None and not may_change(view, turn, fact):
        return []  # not the speaker's to change
    if fact is None:
        if any(nlu.mentions(f.text, claim.value) for f in live):
            return []  # already known
        return _record(view, turn, claim)
    if nlu.mentions(claim.value, fact.text) or nlu.mentions(fact.text, claim.value):
        return []
    if _named_by_its_value(claim, fact) and not (claim.corrective or nlu.CHANGE.search(turn.text)):
        return []  # "the charcoal sofa is in stock" says no new colour
    if not (claim.cancels or compatible(fact.text, claim.value)):
        return []
    if not claim.cancels and said_to_stay(turn.text, fact):
        return []  # "same deadline, but send it to Lee instead" keeps the deadline
    reason = "cancelled" if claim.cancels else "corrected"
    value = moved(fact.text, claim.value, claim.old)
    changed = replacing(view, turn, fact.key, value, fact, reason)
    # the part named as replaced ("matte instead of glossy"), or what a cancellation called
    # the thing ("shelve the pergola" of "add a pergola over the deck"), is dead wherever
    # it is said
    called = decide.undetermined(claim.subject) if claim.cancels and claim.subject else None
    named = claim.old or called
    if named and named.lower() != fact.text.lower() and nlu.mentions(fact.text, named):
        why = "replaced" if claim.old else "taken back"
        return [changed, _ended(view, turn, fact.key, named, why)]
    return [changed]


def _decided(
    view: StateView, turn: Turn, live: Sequence[Fact], earlier: Sequence[Turn]
) -> list[Decision]:
    """The replacements and retractions `decide` reads in a turn: a value inside a live
    fact is changed in a new version of that fact; a value only said in an earlier turn is
    recorded as said then and ended now, so that it is masked wherever it is carried."""
    writer = turn.authority or view.authority
    access = view.access
    own = {p.key for p in personal(turn.text)}
    facts = {
        f.id: f
        for f in live
        if f.scope == Scope.GLOBAL
        and f.source.origin != SIGNAL_ORIGIN
        and isinstance(f.value, str)
        and may_change(view, turn, f)
        and not _anothers_own(f, turn, own)
    }
    ladder = access.ladder
    rank = ladder.rank_or(writer, ladder.rank_or("peer", 0))
    answers_back = found("disagreement", turn.text)
    turns = {  # what the speaker said or was told back; another's words, when gainsaid
        t.index: t
        for t in earlier
        if t.scope == Scope.GLOBAL
        and (
            t.speaker in (turn.speaker, ASSISTANT)
            or answers_back
            or rank > ladder.rank_or(t.authority, rank)
        )
    }
    sources = [decide.Source(f.text, fact_id=f.id, key=f.key) for f in facts.values()] + [
        decide.Source(t.text, turn_index=t.index) for t in turns.values()
    ]
    edits: dict[str, str] = {}
    why: dict[str, list[str]] = {}
    decisions: list[Decision] = []
    called: list[Decision] = []  # the words an item taken out of a fact went by
    for op in decide.decide(turn.text, sources):
        source = op.old.source if isinstance(op, decide.Replace) else op.source
        if source.fact_id is not None:
            current = edits.get(source.fact_id, str(facts[source.fact_id].value))
            if isinstance(op, decide.Replace):
                edits[source.fact_id] = decide.replaced(current, op.old_text, op.new_text)
                why.setdefault(source.fact_id, []).append(op.reason)
            else:
                edits[source.fact_id] = CANCELLED if op.whole else decide.without(current, op.item)
                why.setdefault(source.fact_id, []).append("taken back")
                called += _called(view, turn, op)
            continue
        assert source.turn_index is not None  # a source is a live fact or an earlier turn
        said = turns[source.turn_index]
        if isinstance(op, decide.Retract):
            decisions += [
                _ended(view, said, op.name, w, "taken back") for w in op.wordings or (op.item,)
            ]
            continue
        key = decide.slot_name(source.text, op.old.value)
        old = Earlier(key, op.old.value.text, said_by(said, view.authority), said.timestamp)
        source_now = said_by(turn, view.authority)
        decisions.append(Replace(old, key, op.new.text, source_now, turn.timestamp, op.reason))
    for addition in added(turn.text, [s for s in sources if s.fact_id is not None]):
        fact_id = addition.source.fact_id or ""
        current = edits.get(fact_id, str(facts[fact_id].value))
        edits[fact_id] = with_item(current, addition.item)
        why.setdefault(fact_id, []).append("added to the list")
    for fact_id, value in edits.items():
        fact = facts[fact_id]
        if value and value != fact.value:
            reason = "; ".join(dict.fromkeys(why[fact_id]))
            decisions.append(replacing(view, turn, fact.key, value, fact, reason))
    return decisions + called


def _called(view: StateView, turn: Turn, op: decide.Retract) -> list[Decision]:
    """The item a turn took out of a list ("drop the cheese board" from "olive oil sampler,
    cheese board"), and what the turn called an item by fewer words than the fact's own
    ("we're out of halibut" for "halibut with saffron risotto"), ended as well: no turn
    that names them shows them as live."""
    called = decide.undetermined(op.words)
    item = op.item.lower()
    names = [op.item] if not op.whole else []
    if called.lower() != item and called.lower() in item:
        names.append(called)
    return [_ended(view, turn, op.source.key or "item", name, "taken back") for name in names]


_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|me|my|mine)\b", re.I)


def may_change(view: StateView, turn: Turn, fact: Fact) -> bool:
    """Whether the speaker of a turn may change a fact. An outsider (a customer, a guest)
    may correct how to reach them only while speaking of themselves: "use my work address"
    does, "send it to the office instead" does not."""
    access, writer = view.access, turn.authority or view.authority
    if not access.can_supersede(writer, fact, strict=False):
        return False
    if access.can_supersede(writer, fact) or not access.outsider(writer):
        return True
    return _FIRST_PERSON.search(turn.text) is not None


def replacing(
    view: StateView, turn: Turn, key: str, value: str, replacing: Fact, reason: str
) -> Replace | Conflict:
    """The value a turn gives a fact in place of the one it had. What a colleague of the
    same rank stated is not replaced by another's word: both stand, and contexts show them
    as an unresolved conflict, unless the turn settles it ("that's the call")."""
    source = said_by(turn, view.authority)
    if _colleagues_word(view, source, replacing) and not found("rulings", turn.text):
        reason = "a colleague of the same rank said otherwise"
        return Conflict(replacing, key, value, source, turn.timestamp, reason)
    return Replace(replacing, key, value, source, turn.timestamp, reason)


def _colleagues_word(view: StateView, source: Source, fact: Fact) -> bool:
    """Whether a fact is what someone else of the same rank stated: shared knowledge, or a
    value another speaker gave in the same conversation."""
    speaker = fact.source.speaker
    if speaker is None or speaker in (source.speaker, view.user):
        return False
    access = view.access
    peer = access.ladder.rank_or("peer", 0)
    return access.source_rank(fact) == access.ladder.rank_or(source.authority, peer)


def _own(view: StateView, turn: Turn, fact: Personal, live: Sequence[Fact]) -> Add | Replace:
    """What a speaker states of themself, under a key of theirs when they are not the
    principal ("caroline_budget" for Caroline's "my budget is ..."): a new value of it
    replaces the one they stated before, except where one has many (allergies), and
    there it joins them."""
    who = _SPEAKER_NAMED.search(turn.speaker)
    speaker = (who.group(1) if who else turn.speaker).strip()
    owner = "" if speaker in (view.user, "user") else assertions.subject_key(speaker)
    key = f"{owner}_{fact.key}" if owner else fact.key
    source = said_by(turn, view.authority)
    held = next((f for f in live if f.key == key and isinstance(f.value, str)), None)
    if held is not None and fact.many:
        value = with_item(str(held.value), fact.value)
        return Replace(held, key, value, source, turn.timestamp, "added to what the speaker has")
    return Add(key, fact.value, source, turn.timestamp, "stated of the speaker")


def _anothers_own(fact: Fact, turn: Turn, own: set[str]) -> bool:
    """Whether a fact is what another speaker stated of themself, in a slot the turn's
    speaker now states of their own ("my budget is $1,200" after someone else's "my
    budget is $2,000"): theirs stays theirs."""
    speaker = fact.source.speaker
    return speaker is not None and speaker != turn.speaker and fact.key.split("_")[-1] in {
        k.split("_")[-1] for k in own
    }


_SPEAKER_NAMED = re.compile(r"\((.+)\)\s*$")  # "user (Renata)": Renata speaks through the user


def _recorded(view: StateView, turn: Turn, key: str, value: str) -> Add:
    """A value a turn states for a slot no live fact holds, as a new fact."""
    source = said_by(turn, view.authority)
    return Add(key, value, source, turn.timestamp, "stated for a new slot", implicit=False)


def _record(view: StateView, turn: Turn, claim: assertions.Assertion) -> list[Decision]:
    """A statement about a subject no live fact covers becomes a new fact under a key named
    after that subject, in the turn's scope (so a hypothetical's figures stay hypothetical),
    when its value is substantive: a figure, a date, a name, or a short plain value."""
    if (
        not view.extracts
        or claim.subject is None
        or claim.cancels  # nothing known to cancel
        or assertions.generic_subject(claim.subject)
        or assertions.headless(claim.subject)
    ):
        return []
    key = assertions.subject_key(claim.subject)
    if not key or not assertions.substantive(claim.value):
        return []
    if not (claim.adds or assertions.nameable(claim.subject, turn.text)):
        return []  # "dancers reach their goals" is about dancers in general
    return [
        Add(
            key,
            claim.value,
            said_by(turn, view.authority),
            turn.timestamp,
            "added" if claim.adds else "stated of a new subject",
            scope=turn.scope,
            scope_id=turn.scope_id,
            implicit=not claim.adds,
        )
    ]


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


# An earlier value named by when it held, not by what it was: "the original time",
# "the previous plan", "what it was".
_BACK_TO = re.compile(
    r"^(?:the\s+)?(?P<which>original|previous|old|earlier|first|former)(?:\s+(?P<thing>[\w ]+))?$"
    r"|^(?:what|how) (?:it|that|they) (?:was|were)(?: before)?$",
    re.IGNORECASE,
)


def _revert(view: StateView, turn: Turn, wanted: str, live: Sequence[Fact]) -> Replace | None:
    """A live fact back to an earlier value of its own that the turn asks for again: by
    that value, or as "the original" (its first) or "the previous" one (the one before)."""
    back = _BACK_TO.match(wanted.strip())
    if back:
        return _reverted_to_earlier(view, turn, back, live)
    for fact in live:
        for old in reversed(view.history(fact.key)):
            if (
                not old.is_valid
                and nlu.mentions(old.text, wanted)
                and not nlu.mentions(fact.text, wanted)
            ):
                source = said_by(turn, view.authority)
                return Replace(fact, fact.key, old.value, source, turn.timestamp, "reverted")
    return None


def _reverted_to_earlier(
    view: StateView, turn: Turn, back: re.Match[str], live: Sequence[Fact]
) -> Replace | None:
    """The live fact the turn names (by a word of its key, or the one last changed when it
    names none) back to its first value ("the original") or the one before it."""
    thing = topic_terms(back["thing"] or "")
    changed = [
        (versions, fact)
        for fact in live
        if len(versions := [v for v in view.history(fact.key) if v.value != fact.value]) >= 1
        and (not thing or thing & topic_terms(fact.key.replace("_", " ")))
    ]
    if not changed:
        return None
    versions, fact = max(changed, key=lambda pair: pair[1].timestamp)
    first = (back["which"] or "").lower() in ("original", "first")
    value = versions[0].value if first else versions[-1].value
    source = said_by(turn, view.authority)
    return Replace(fact, fact.key, value, source, turn.timestamp, "reverted")
