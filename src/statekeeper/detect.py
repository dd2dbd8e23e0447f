"""Supersession detection: applies what the language layer reads to the live state.

Rule 1 (explicit) and Rule 2 (implicit): a turn's assertion replaces the fact its subject
names, or the fact in focus when it names none. Rule 3 (authority): of two conflicting
statements the higher authority's stands, and a speaker's later word revokes their earlier
one. Rule 4 (temporal): a fresher signal about the same thing replaces the older one.
Reversions restore an earlier value. Side scopes keep digressions and hypotheticals out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from statekeeper.access import AuthorityLadder
from statekeeper.context.hygiene import value_parts
from statekeeper.conversation import decide
from statekeeper.conversation.audience import confidential_spans
from statekeeper.conversation.clauses import confirms, sentences
from statekeeper.conversation.cues import found
from statekeeper.conversation.declined import REACH, declined
from statekeeper.conversation.details import details
from statekeeper.conversation.proposals import overrules, proposals, unshared
from statekeeper.errors import StatekeeperError
from statekeeper.model import ASSISTANT, INTERNAL, Fact, Scope, Source, SourceType, Turn
from statekeeper.nlu import assertions
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.assertions import CANCELLED
from statekeeper.nlu.extract import Candidate
from statekeeper.nlu.topic import (
    compatible,
    moved_to,
    overlap,
    topic_terms,
    untyped_words,
    value_kinds,
)
from statekeeper.text.values import TypedValue, typed_values
from statekeeper.text.values import compatible as compatible_value

if TYPE_CHECKING:
    from statekeeper.engine import Session

SIGNAL_ORIGIN = "environment"
INTERNAL_NOTE = "internal_note"
# A silence this long ends a sitting: a digression or hypothetical left open lapses.
PAUSE = timedelta(hours=1)


def turn_scope(
    text: str,
    previous: Turn | None,
    index: int,
    task_id: str,
    when: datetime | None = None,
    earlier: Sequence[Turn] = (),
) -> tuple[Scope, str | None]:
    """Which scope a new turn belongs to, given the scope the conversation is in. A side
    scope does not outlive a pause: after one, the conversation starts again in its main
    line, whether or not anyone said they were back; nor a turn that takes up the main
    line's words again and none of the digression's."""
    step = nlu.transition(text)
    if step is nlu.Transition.CLOSE:
        return Scope.GLOBAL, None
    if step is nlu.Transition.DIGRESSION:
        return Scope.TASK, f"{task_id}/digression-{index}"
    if step is nlu.Transition.HYPOTHETICAL:
        return Scope.HYPOTHETICAL, f"{task_id}/hypothetical-{index}"
    paused = when is not None and previous is not None and when - previous.timestamp > PAUSE
    if previous is not None and previous.scope != Scope.GLOBAL and not paused:
        if previous.scope == Scope.HYPOTHETICAL and nlu.commits(text):
            return Scope.GLOBAL, None
        if previous.scope == Scope.TASK and _resumes(text, previous.scope_id, earlier):
            return Scope.GLOBAL, None
        return previous.scope, previous.scope_id
    return Scope.GLOBAL, None


RESUME_LOOKBACK = 4  # main-line turns before a digression that a return may take up


def _resumes(text: str, side: str | None, earlier: Sequence[Turn]) -> bool:
    """Whether a turn inside a digression goes back to the main line: it names a thing
    the main line's last turns gave a value ("the florist" of "florist is X"), and shares
    no word with the digression. A word merely in common ("next year") is no return."""
    words = topic_terms(text)
    main = [t for t in earlier if t.scope == Scope.GLOBAL][-RESUME_LOOKBACK:]
    aside = [t for t in earlier if t.scope_id == side]
    slots = {w for t in main for v in typed_values(t.text) for w in decide.anchor(t.text, v)}
    said_aside = {w for t in aside for w in topic_terms(t.text)}
    return bool(words & slots) and not words & said_aside


def on_turn(session: Session, turn: Turn, earlier: Sequence[Turn], assistant: bool) -> list[Fact]:
    """State changes a user's turn makes. An assistant's turn changes nothing, and a turn in
    a side scope (a hypothetical, an interruption) only records facts in that scope. What a
    turn says for us only ("internal only: ...") is kept as an internal note, and read for
    nothing else."""
    if assistant:
        return []
    notes = _internal_notes(session, turn)
    if notes:
        public = turn.text
        for note in notes:
            public = public.replace(str(note.value), " ")
        turn = turn.model_copy(update={"text": public})
    ended = _declined(session, turn, earlier) + _overruled(session, turn, earlier)
    return notes + _confirmed(session, turn, earlier) + ended + _changes(session, turn, earlier)


def _confirmed(session: Session, turn: Turn, earlier: Sequence[Turn]) -> list[Fact]:
    """A "yes" to what the assistant just stated makes its statements the speaker's own:
    "next service due at 48,500 then" answered "yep" changes the due mileage."""
    if not earlier or earlier[-1].speaker != ASSISTANT or not confirms(turn.text):
        return []
    told = earlier[-1]
    if told.scope != Scope.GLOBAL:
        return []
    adopted = turn.model_copy(update={"text": told.text})
    return _apply(session, adopted, session.related_facts(told.text), earlier[:-1])


PROPOSAL = "proposal"


def _overruled(session: Session, turn: Turn, earlier: Sequence[Turn]) -> list[Fact]:
    """What others proposed in the user's last turns, and this turn reports someone above
    them deciding against: recorded as said then and ended now, so no context shows it as
    the plan. Who decides is the highest title the turn names, or the speaker when they
    outrank the proposer themselves."""
    if not overrules(turn.text):
        return []
    ladder = session.engine.access.ladder
    peer = ladder.rank_or("peer", 0)
    decider = max(
        [ladder.rank_or(turn.authority or session.principal.authority, peer)]
        + _ranks(turn.text, ladder)
    )
    asked = [t for t in earlier if t.speaker != ASSISTANT and t.scope == Scope.GLOBAL]
    known = {str(f.value) for f in session.history(PROPOSAL)}
    ended: list[Fact] = []
    for said in asked[-REACH:]:
        for proposal in proposals(said.text):
            text = unshared(proposal.text, turn.text)
            if not text or text in known or ladder.rank_or(proposal.proposer, peer) >= decider:
                continue
            ended.append(_ended(session, said, PROPOSAL, text, "overruled by higher authority"))
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


def _declined(session: Session, turn: Turn, earlier: Sequence[Turn]) -> list[Fact]:
    """Values offered to us and turned down in this turn, recorded as said by the offer
    and ended now, so that no context shows them as a live option."""
    asked = [t for t in earlier if t.speaker != ASSISTANT]  # a "what if" too, in its scope
    ended: list[Fact] = []
    for offer in declined(turn.text, [t.text for t in asked]):
        said = asked[-offer.turn_back] if offer.turn_back else turn
        key = decide.slot_name(offer.sentence, offer.value) if offer.value else PROPOSAL
        ended.append(_ended(session, said, key, offer.text, "declined"))
    return ended


def _internal_notes(session: Session, turn: Turn) -> list[Fact]:
    """Each part of a turn said for us only, as a fact no outside audience is shown."""
    return [
        session.write(
            INTERNAL_NOTE,
            span,
            timestamp=turn.timestamp,
            source=_source(turn, session),
            scope=turn.scope,
            scope_id=turn.scope_id,
            required_permissions=[INTERNAL],
            implicit=False,
            overrule=True,
        )
        for span in confidential_spans(turn.text)
    ]


def _changes(session: Session, turn: Turn, earlier: Sequence[Turn]) -> list[Fact]:
    said = assertions.statements(turn.text)
    if not turn.text.strip():
        return []  # all of it was an internal note
    if turn.scope != Scope.GLOBAL:
        claim = assertions.assertion_in(said) if said else None
        return _record(session, turn, claim) if claim else []
    live = session.related_facts(turn.text)
    changed = _apply(session, turn, live, earlier)  # reads each clause for itself
    if changed or not said:
        return changed
    claim = assertions.assertion_in(said)
    given = [
        d
        for d in details(turn.text)
        if not any(nlu.mentions(f.text, d.value) for f in live)
        and not (claim and claim.subject and d.value in claim.value)  # "the X is ..." names it
    ]
    if given:
        return [_recorded(session, turn, d.key, d.value) for d in given]
    target = assertions.reversion(said)
    if target:
        restored = _revert(session, turn, target, live)
        if restored is not None:
            return [restored]
    if claim is None or not _ours(turn.text, claim):
        return []
    if claim.subject and decide.disowns(claim.subject):
        return []  # "my old number was ...": a value of the past, not a new one
    if claim.adds:  # a booking with a date, a time or a figure, not already known
        if not value_parts(claim.value) or any(nlu.mentions(f.text, claim.value) for f in live):
            return []
        return _record(session, turn, claim)
    if assertions.judges(claim.value):
        return []  # "it's going great": a verdict is no value to replace anything with
    fact = _target(claim, live, earlier, nlu.points_back(turn.text))
    if fact is not None and _of_another(claim, fact):
        return []  # "the unlimited plan costs $80": not our plan, another one
    if fact is None:
        if any(nlu.mentions(f.text, claim.value) for f in live):
            return []  # already known
        return _record(session, turn, claim)
    if nlu.mentions(claim.value, fact.text) or nlu.mentions(fact.text, claim.value):
        return []
    if not (claim.cancels or compatible(fact.text, claim.value)):
        return []
    if not claim.cancels and _said_to_stay(turn.text, fact):
        return []  # "same deadline, but send it to Lee instead" keeps the deadline
    return [_said_now(session, turn, fact.key, _moved(fact.text, claim.value), fact)]


def _of_another(claim: assertions.Assertion, fact: Fact) -> bool:
    """Whether a claim with no typed value speaks of another one of the fact's kind: its
    subject sets it apart by a word the fact does not hold ("the unlimited plan" beside
    "Phone plan: 5GB"; "the blue sofa" beside "Sofa: grey velvet")."""
    if claim.subject and decide.set_apart(claim.subject, fact.text):
        return True  # "the 20GB plan is $55" beside "Phone plan: 10GB for $45"
    if not claim.subject or typed_values(claim.value):
        return False
    own = topic_terms(f"{fact.key.replace('_', ' ')} {fact.text}")
    apart = topic_terms(claim.subject) - own - _NOT_APART
    return bool(apart) and bool(topic_terms(claim.subject) & own)


# Words of a subject that set nothing apart: "the new plan" is ours, changed.
_NOT_APART = frozenset(topic_terms("new current our my latest updated final revised actual"))


_STAYS = re.compile(r"\b(?:same|still|unchanged)\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I)


def _said_to_stay(text: str, fact: Fact) -> bool:
    """Whether a turn says the fact's own thing stays ("same deadline", "the venue is
    unchanged"): a value elsewhere in the turn is then of something else."""
    named = {w for m in _STAYS.finditer(text) for w in topic_terms(m.group(1))}
    return bool(named & topic_terms(fact.key.replace("_", " ")))


_NAME_RUN = re.compile(r"(?:[A-Z][\w'’&-]*)(?:\s+(?:[A-Z][\w'’&-]*|&|of|de|la))*")


def _claimed(value: str) -> list[TypedValue]:
    """The typed values of a claimed value, what it says stays left out; a claim that is
    a capitalized run alone ("Green Table") is a name, wherever it stood in its turn."""
    value = _unkept(value).strip()
    found = list(typed_values(value))
    if not found and _NAME_RUN.fullmatch(value):
        found = [TypedValue("name", value, 0, len(value))]
    return found


def _unkept(value: str) -> str:
    """A claimed value without its clauses that say what stays ("Thursday, same 3pm" is a
    new day; the hour was the fact's already)."""
    parts = [p for p in re.split(r",\s+", value) if p.strip()]
    kept = [p for p in parts if not any(said.keeps for said in sentences(p)[:1])]
    return ", ".join(kept) if kept else value


def _moved(old: str, new: str) -> str:
    """A fact's text after a claim gives it a new value: a claim that is one typed value,
    once what it says stays is left out, takes the place of the one value of that kind the
    fact holds ("Marketing budget $40k" cut to "$32k" is "Marketing budget $32k"; "Meeting
    Tuesday 3pm" moved to "Thursday, same 3pm" is "Meeting Thursday 3pm"); otherwise as
    `moved_to` says."""
    new = _unkept(new)
    values = _claimed(new)
    if len(values) == 1 and values[0].text.strip() == new.strip():
        same = [v for v in typed_values(old) if compatible_value(v, values[0])]
        if len(same) == 1:
            return old[: same[0].start] + values[0].text + old[same[0].end :]
    return moved_to(old, new)


def _apply(
    session: Session, turn: Turn, live: Sequence[Fact], earlier: Sequence[Turn]
) -> list[Fact]:
    """Apply the replacements and retractions `decide` reads in a turn: a value inside a
    live fact is changed in a new version of that fact; a value only said in an earlier
    turn is recorded as said then and ended now, so that it is masked wherever it is
    carried."""
    writer = turn.authority or session.principal.authority
    access = session.engine.access
    facts = {
        f.id: f
        for f in live
        if f.scope == Scope.GLOBAL
        and f.source.origin != SIGNAL_ORIGIN
        and isinstance(f.value, str)
        and access.can_supersede(writer, f, strict=False)  # what the speaker may change
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
    ops = decide.decide(turn.text, sources)
    edits: dict[str, str] = {}
    written: list[Fact] = []
    for op in ops:
        source = op.old.source if isinstance(op, decide.Replace) else op.source
        if source.fact_id is not None:
            current = edits.get(source.fact_id, str(facts[source.fact_id].value))
            if isinstance(op, decide.Replace):
                edits[source.fact_id] = decide.replaced(current, op.old_text, op.new_text)
            else:
                edits[source.fact_id] = CANCELLED if op.whole else decide.without(current, op.item)
            continue
        assert source.turn_index is not None  # a source is a live fact or an earlier turn
        said = turns[source.turn_index]
        if isinstance(op, decide.Retract):
            written += _dropped(session, said, op)
            continue
        key = decide.slot_name(source.text, op.old.value)
        old = session.write(
            key,
            op.old.value.text,
            timestamp=said.timestamp,
            source=_source(said, session),
            overrule=True,
        )
        written.append(_said_now(session, turn, key, op.new.text, old, disputable=False))
    for fact_id, value in edits.items():
        fact = facts[fact_id]
        if value and value != fact.value:
            written.append(_said_now(session, turn, fact.key, value, fact))
    return written


def _dropped(session: Session, said: Turn, op: decide.Retract) -> list[Fact]:
    """An item only said in turns and taken back now: each wording of it is recorded as
    said then and ended at once, so every mention is masked, and no live fact is left to
    name what was dropped (the turn that dropped it says so where it is shown)."""
    return [_ended(session, said, op.name, w, "taken back") for w in op.wordings or (op.item,)]


def _recorded(session: Session, turn: Turn, key: str, value: str) -> Fact:
    """A value a turn states for a slot no live fact holds, as a new fact."""
    return session.write(
        key,
        value,
        timestamp=turn.timestamp,
        source=_source(turn, session),
        implicit=False,
        overrule=True,
    )


def _ended(session: Session, said: Turn, key: str, value: str, reason: str) -> Fact:
    """A value recorded as said in an earlier turn and ended now, with nothing in its
    place: every mention of it is masked, and no live fact names it."""
    fact = session.write(
        key,
        value,
        timestamp=said.timestamp,
        source=_source(said, session),
        implicit=False,
        overrule=True,
    )
    session.retire(fact.id, None, reason)
    return fact


def _said_now(
    session: Session,
    turn: Turn,
    key: str,
    value: str,
    replacing: Fact,
    disputable: bool = True,
) -> Fact:
    """The value a turn gives a fact in place of the one it had. What a colleague of the
    same rank stated is not replaced by another's word: both stand, and contexts show them
    as an unresolved conflict, unless the turn settles it ("that's the call") or the old
    value was only said in passing (not `disputable`), and is gainsaid now."""
    source = _source(turn, session)
    disputed = (
        disputable
        and _colleagues_word(session, source, replacing)
        and not found("rulings", turn.text)
    )
    return session.write(
        key,
        value,
        supersedes=None if disputed else replacing.id,
        timestamp=turn.timestamp,
        source=source,
        implicit=not disputed,
        overrule=True,
    )


def _colleagues_word(session: Session, source: Source, fact: Fact) -> bool:
    """Whether a fact is what someone else of the same rank stated: shared knowledge, or a
    value another speaker gave in the same conversation."""
    said_by = fact.source.speaker
    if said_by is None or said_by in (source.speaker, session.principal.user):
        return False
    access = session.engine.access
    peer = access.ladder.rank_or("peer", 0)
    return access.source_rank(fact) == access.ladder.rank_or(source.authority, peer)


def apply_candidates(session: Session, turn: Turn, candidates: Sequence[Candidate]) -> list[Fact]:
    """Write what a plugged-in extractor proposes, under the engine's own checks: a turn in
    a side scope keeps its facts there, and a replacement goes through the chain's
    authority and temporal rules. A candidate the engine rejects is skipped, not fatal."""
    written = []
    for candidate in candidates:
        scope, scope_id = turn.scope, turn.scope_id
        if scope == Scope.GLOBAL and candidate.scope != "global":
            scope, scope_id = (
                Scope(candidate.scope),
                f"{session.where.task_id}/{candidate.scope}-{turn.index}",
            )
        replaces = (
            candidate.replaces
            if candidate.replaces and session.is_current(candidate.replaces)
            else None
        )
        try:
            written.append(
                session.write(
                    candidate.key,
                    candidate.value,
                    supersedes=replaces,
                    timestamp=turn.timestamp,
                    source=_source(turn, session),
                    scope=scope,
                    scope_id=scope_id,
                    entity=candidate.entity,
                    slot=candidate.slot,
                    constraint_type=candidate.constraint_type,
                    overrule=True,
                )
            )
        except StatekeeperError:
            continue
    return written


def _record(session: Session, turn: Turn, claim: assertions.Assertion) -> list[Fact]:
    """A statement about a subject no live fact covers becomes a new fact under a key named
    after that subject, in the turn's scope (so a hypothetical's figures stay hypothetical),
    when its value is substantive: a figure, a date, a name, or a short plain value."""
    if (
        not session.engine.settings.extract
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
        session.write(
            key,
            claim.value,
            timestamp=turn.timestamp,
            source=_source(turn, session),
            scope=turn.scope,
            scope_id=turn.scope_id,
            implicit=not claim.adds,
            overrule=True,
        )
    ]


_THEIRS = re.compile(r"(?:his|her|their)\b", re.I)


def _ours(text: str, claim: assertions.Assertion) -> bool:
    """Whether the sentence that states a claim reports something of ours: not someone
    else's own affair ("the juniors moved their practice to Friday, that's them not us",
    "the bank raised their fees"), a question, a wish or a story of the past."""
    if claim.subject and _THEIRS.match(claim.subject):
        return False
    for sentence in sentences(text):
        if claim.value in sentence.text:
            return sentence.reports and not sentence.wanted
    return True


def _revert(session: Session, turn: Turn, target: str, live: Sequence[Fact]) -> Fact | None:
    for fact in live:
        for old in reversed(session.history(fact.key)):
            if (
                not old.is_valid
                and nlu.mentions(old.text, target)
                and not nlu.mentions(fact.text, target)
            ):
                return session.write(
                    fact.key,
                    old.value,
                    supersedes=fact.id,
                    timestamp=turn.timestamp,
                    source=_source(turn, session),
                    overrule=True,
                )
    return None


def _target(
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
    return focus(candidates, earlier)


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


def retire_duplicates(session: Session, fact: Fact, superseded: Sequence[str]) -> None:
    """Everything that carries a value shares its fate. A value recorded from conversation
    and then written again explicitly is kept once; when a value is superseded, its live
    duplicates under other keys go with it."""
    dead = [session.get(ref) for ref in superseded]
    for other in session.related_facts(fact.text):
        if other.id == fact.id or other.scope != Scope.GLOBAL:
            continue
        if other.source.type == SourceType.CONVERSATION and _same_value(other.text, fact.text):
            session.retire(other.id, fact.id, "recorded again")
        elif any(_same_value(other.text, old.text) for old in dead):
            session.retire(other.id, fact.id, "carried a superseded value")


_NUMBER = re.compile(r"\d+")


def _same_value(a: str, b: str) -> bool:
    """Each text states the other, with the same numbers: "Item 3 ships from dock 3" is
    not "Item 7 ships from dock 7", though every word but the numbers is the same."""
    return (
        nlu.mentions(a, b)
        and nlu.mentions(b, a)
        and sorted(_NUMBER.findall(a)) == sorted(_NUMBER.findall(b))
    )


def on_fact(session: Session, fact: Fact) -> None:
    """Link a newly written fact to the facts it revises, overrules or refreshes."""
    if not fact.is_valid or fact.scope != Scope.GLOBAL or "?" in fact.text:
        return
    related = [
        o for o in session.related_facts(fact.text) if o.id != fact.id and o.scope == Scope.GLOBAL
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
            _settle(session, fact, latest)
            return
    for other in related:
        if fact.source.origin == SIGNAL_ORIGIN and other.source.origin == SIGNAL_ORIGIN:
            if not nlu.same_signal(fact.text, other.text):
                continue
            if other.timestamp <= fact.timestamp:
                session.retire(other.id, fact.id, "fresher signal")
            else:  # a late arrival stamped before what is already known is dead on arrival
                session.retire(fact.id, other.id, "staler than a live signal")
                return
            continue
        if not fact.source.speaker or not other.source.speaker:
            continue
        if nlu.conflicts(fact.text, other.text) and _settle(session, fact, other):
            return


def _settle(session: Session, fact: Fact, other: Fact) -> bool:
    """Resolve two conflicting attributed statements; True when `fact` lost."""
    if fact.source.speaker == other.source.speaker:
        older, newer = sorted((other, fact), key=lambda f: f.timestamp)
        session.retire(older.id, newer.id, "revised by the same speaker")
        return older.id == fact.id
    access = session.engine.access
    newer, older = sorted((fact, other), key=lambda f: f.timestamp, reverse=True)
    if access.can_supersede(
        newer.source.authority or "peer", older, strict=False
    ) and session.authority_rank(newer) > session.authority_rank(older):
        session.retire(older.id, newer.id, "overruled by higher authority")
        return older.id == fact.id
    if session.authority_rank(older) > session.authority_rank(newer):
        session.retire(newer.id, older.id, "overruled by higher authority")
        return newer.id == fact.id
    return False  # equal authorities in conflict: both stand, and the context shows both


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


def _source(turn: Turn, session: Session) -> Source:
    return Source(
        type=SourceType.CONVERSATION,
        turn_index=turn.index,
        authority=turn.authority or session.principal.authority,
        speaker=turn.speaker,
    )
