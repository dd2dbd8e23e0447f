"""What a turn changes, decided against what is already known, as a pure function.

A turn's asserting sentences state typed values. A new value replaces a known value of the
same kind when the evidence says they are values of one thing: the turn names the old one
as wrong ("2014, not 2017"), the two differ as a slip of the hand does ("73391842" and
"73391824"), the words around them agree ("the patio is 30 sq ft" and "300 sq ft for the
patio"), or it is the only value of its kind in sight and the turn signals a
change. The evidence adds up to a score; the best old value must score enough and beat the
next one, or nothing happens: a missed change costs less than a wrong one, and the turn
itself can still be recalled.

A retraction names an item ("leave the gift wrap off", "86 the soup") that a known list
holds; the item is taken out of it, or the whole fact ends when the item is all it says.

The parts moved so far live in `statekeeper.conversation.changes`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from statekeeper.conversation.changes.bounds import bounds_alike, stated_as_bound
from statekeeper.conversation.changes.contrasts import (
    concluded,
    contrasted,
    fares_alike,
    gave_way,
    matches_named,
)
from statekeeper.conversation.changes.figures import digits, same_figure, without_meridiem
from statekeeper.conversation.changes.kinds import (
    corrected_slot,
    count_of_named_slot,
    count_taken_back,
    of_a_kind,
    peers_of,
    same_shape,
)
from statekeeper.conversation.changes.known import fact_label, known_values
from statekeeper.conversation.changes.labels import (
    LABELLED,
    anchor,
    label_before,
    names_near,
    slot_name,
    with_slots,
)
from statekeeper.conversation.changes.operations import Known, Operation, Replace, Retract, Source
from statekeeper.conversation.changes.out_of_reach import disowns, old_one_gone, out_of_reach
from statekeeper.conversation.changes.subjects import (
    called_otherwise,
    clash,
    names_which,
    of_another,
    owned_by_another,
    roles,
    said_of,
    set_apart,
    whose,
)
from statekeeper.conversation.changes.wording import (
    DETERMINERS,
    SEGMENT_END,
    WEAK_CHANGE,
    clause_at,
    clause_start,
    undetermined,
    whole_words,
)
from statekeeper.conversation.clauses import Sentence, sentences
from statekeeper.conversation.cues import found, table, tables
from statekeeper.conversation.shifts import shifted, shifts_in
from statekeeper.nlu.interpret import narrates
from statekeeper.nlu.topic import stem, topic_terms
from statekeeper.text.values import (
    TypedValue,
    compatible,
    near_variant,
    typed_values,
)

__all__ = [
    "Operation",
    "Replace",
    "Retract",
    "Source",
    "anchor",
    "decide",
    "disowns",
    "replaced",
    "set_apart",
    "slot_name",
    "undetermined",
    "without",
]

ACCEPT = 3  # the score an alignment needs
# Kinds a thing usually has one of, whose mere kind hints at the slot.
_SLOT_KINDS = frozenset({"phone", "email", "address", "size"})


def decide(turn: str, sources: Sequence[Source]) -> list[Operation]:
    """The replacements and retractions a user's turn makes to what `sources` state."""
    said = sentences(turn)
    ops: list[Operation] = list(_replacements(turn, said, sources))
    changed = {op.old.source for op in ops if isinstance(op, Replace)}
    ops += _untaken(ops, _swaps(said, sources))
    ops += _untaken(ops, _reworded(said, sources, changed))
    ops += _untaken(ops, _brought_in_house(said, sources))
    days = _with_its_days(turn, ops, sources)  # all the new one's days, over any one of them
    ops = [op for op in ops if not _same_span(op, days)]
    ops += days
    ops += _untaken(ops, _stepped(said, sources))
    replaced = {op.old.source for op in ops if isinstance(op, Replace)}
    ops += [r for r in _retractions(said, sources) if r.source not in replaced]
    return ops


def _said_back(value: TypedValue, contrasts: dict[str, str], known: Sequence[Known]) -> bool:
    """Whether a value only said before is said again against a value that misheard it:
    "14, not 40" after "14 chairs" was echoed back as "40 chairs". A value a live fact
    already holds is no new one."""
    named = contrasts.get(value.key)
    mark = (value.kind, value.key)
    return bool(named) and all(
        k.source.fact_id is None for k in known if (k.value.kind, k.value.key) == mark
    ) and any(matches_named(named, k) for k in known)


def _same_span(op: Operation, others: Sequence[Replace]) -> bool:
    """Whether an operation replaces the span one of `others` replaces."""
    return isinstance(op, Replace) and any(
        (op.old.source, op.old_text) == (o.old.source, o.old_text) for o in others
    )


def _untaken(ops: Sequence[Operation], more: Sequence[Replace]) -> list[Replace]:
    """Those of `more` that change a span no earlier operation changes."""
    taken = {(op.old.source, op.old_text) for op in ops if isinstance(op, Replace)}
    return [op for op in more if (op.old.source, op.old_text) not in taken]


def _with_its_days(turn: str, ops: Sequence[Operation], sources: Sequence[Source]) -> list[Replace]:
    """One who serves on set days, replaced, takes those days along: where the conversation
    says on which days the new one comes ("Harbor Bakery takes over. Mondays and Thursdays,
    before six"), they replace the old one's. Only days said in the plural, which recur:
    "starts Monday" tells when it begins, not its days."""
    texts = [turn, *(s.text for s in sources if s.turn_index is not None)]
    out = []
    for op in ops:
        if not (isinstance(op, Replace) and op.old.value.kind == op.new.kind == "name"):
            continue
        days = [v for v in typed_values(op.old.source.text) if _recurring(v)]
        new = next((d for text in texts if (d := _days_of(op.new.text, text))), "")
        if not days or not new:
            continue
        start, end = days[0].start, days[-1].end
        old = TypedValue("weekday", op.old.source.text[start:end], start, end)
        if not _only_days(old.text):
            continue  # "Tuesdays before 8am and Fridays": other terms between the days
        out.append(
            Replace(Known(old, op.old.source, frozenset()), op.new, old.text, new, "its days")
        )
    return out


_JOINERS = re.compile(r"(?:[\s,&/]|\band\b|\bor\b)*")


def _stepped(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
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


def _only_days(run: str) -> bool:
    between = run
    for day in reversed(typed_values(run)):
        between = between[: day.start] + between[day.end :]
    return _JOINERS.fullmatch(between) is not None


def _recurring(value: TypedValue) -> bool:
    return value.kind == "weekday" and value.text.rstrip(".").endswith("s")


def _days_of(name: str, text: str) -> str:
    """The recurring days a text gives the one it names, in its sentence or the next."""
    said = sentences(text)
    for at, sentence in enumerate(said):
        if whole_words(name, sentence.text) is None:
            continue
        for near in said[at : at + 2]:
            days = [v for v in typed_values(near.text) if _recurring(v)]
            if days and near.asserts:
                return near.text[days[0].start : days[-1].end]
    return ""


# -- replacements ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Turn:
    """What a whole turn says, read once for all of its new values."""

    text: str
    known: list[Known]
    restated: dict[tuple[str, str], int]  # where the turn states a value as it stands
    corrected: frozenset[str]  # the words of a slot the turn says it got wrong
    repairs: int  # "I misread it": a value of this turn is a fix


@dataclass(frozen=True)
class _New:
    """A new value in its sentence, with the evidence the sentence gives."""

    sentence: Sentence
    value: TypedValue
    near: frozenset[str]  # the words that tell what it is a value of
    names: frozenset[str]
    label: str
    named: str | None  # the old value the sentence names for it
    alone: bool  # the only known value of its kind is its one candidate
    sole: bool  # ... and the turn's only value of its kind, with a firm change cue
    changes: int
    roles: frozenset[str]


def _replacements(turn: str, said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
    known = known_values(sources)
    live_keys = {(k.value.kind, k.value.key) for k in known}
    live_keys |= {("number", digits(k.value.text)) for k in known if k.value.kind == "code"}
    # "the 7:15" for a known "7:15pm": the hour said without its half of the day
    live_keys |= {("time", digits(k.value.text)) for k in known if k.value.kind == "time"}
    # "ends at 4" for a known "8am-4pm": an end of a span said again
    live_keys |= {
        ("time", digits(end))
        for k in known
        if k.value.kind == "time"
        for end in re.split(r"\s*(?:-|–|to)\s*", k.value.text)
    }
    kept = {
        (v.kind, v.key) for s in said for v in typed_values(s.text) if s.keeps_at(v.start, v.kind)
    } | _named_as_kept(said, known)
    whole = _Turn(
        turn,
        known,
        {
            (v.kind, v.key): s.start
            for s in said
            if s.asserts and not _DISOWNS.search(s.text)
            for v in typed_values(s.text)
        },
        corrected_slot(turn),
        int(found("self_repair", turn)),
    )
    scored: list[_Scored] = []
    for position, sentence in enumerate(said):
        relayed = _relays_contact(sentence)
        if not sentence.asserts and not relayed:
            continue
        contrasts = contrasted(sentence.text) | gave_way(sentence.text, known)
        lead = said[position - 1].text if position else ""
        for value in typed_values(sentence.text):
            if relayed and value.kind not in _CONTACT_KINDS:
                continue
            named_old = set(contrasts.values())
            if {value.key, value.text} & named_old:
                continue
            if (value.kind, value.key) in live_keys and not _said_back(value, contrasts, known):
                continue
            if without_meridiem(value) and ("time", digits(value.text)) in live_keys:
                continue
            if not _may_be_new(sentence, value):
                continue
            bound = stated_as_bound(sentence.text, value)
            changes = found("change", WEAK_CHANGE.sub(" ", sentence.text))
            candidates = [
                k
                for k in known
                if (k.value.kind, k.value.key) not in kept
                and not same_figure(k.value, value)  # "the 1,200" quotes "1,200 seats"
                and (
                    of_a_kind(k, value)
                    or matches_named(contrasts.get(value.key), k)
                    or count_of_named_slot(k, value, whole.corrected)
                    or count_taken_back(k, value, turn)
                )
                and bounds_alike(k, bound, changes)
            ]
            if relayed:  # only a record of the one we serve is theirs to change
                candidates = [k for k in candidates if _of_the_served(k.source)]
            if any(of_another(sentence.text, value, k) for k in candidates):
                continue  # "the back office printer is ...": a sibling of a known thing
            new = _new_value(whole, sentence, value, lead, contrasts.get(value.key), candidates)
            # among equals, one of the same kind ("Monday March 16" for "Friday March 13":
            # the weekday for the weekday), then one written in the same shape ("May 4-7"
            # for "May 3-6")
            options = [
                ((w[0], k.value.kind == value.kind, _spans_alike(k.value, value)), w[1], k)
                for k in candidates
                if (w := _weigh(whole, new, k))
            ]
            options.sort(key=lambda o: o[0], reverse=True)
            if not options or (len(options) > 1 and options[1][0] == options[0][0]):
                continue  # nothing, or no single best: leave it to the recall layer
            (score, *_), reason, old = options[0]
            # the part named ("7734, not 7743"), but a whole address for its street named by
            # another address; a house number alone changes the number ("81, not 18")
            named = new.named
            whole_address = old.value.kind == value.kind == "address"
            part = named is not None and matches_named(named, old) and not whole_address
            old_text = named if named is not None and part else _changed_part(old.value, value)
            old_text = _span_end(sentence.text, value, old.value) or old_text
            op = Replace(old, value, old_text, _replacement_text(old, old_text, value), reason)
            scored.append(_Scored(score, value.start, position, op))
    return _chosen(scored)


_CONTACT_KINDS = frozenset({"phone", "email", "address"})


def _relays_contact(sentence: Sentence) -> bool:
    """Whether a sentence passes on, in the third person, a change of the speaker's
    client's own contact detail ("Mr. Duarte called, he changed his number, it's ...",
    "she moved, her new address is ..."): someone else's affair only by its pronouns."""
    if not sentence.third_party or not replace(sentence, third_party=False).reports:
        return False
    said = table("relayed_contact").search(sentence.text.lower())
    return said is not None and not found("not_served", sentence.text[: said.start()])


def _of_the_served(source: Source) -> bool:
    """Whether a fact is a record of the person a service serves (customer_phone,
    patient_email, the client's address): the one a support agent speaks of as he or she."""
    words = set((source.key or "").lower().split("_"))
    return bool(words & set(tables()["served"]))


def _named_as_kept(said: Sequence[Sentence], known: Sequence[Known]) -> set[tuple[str, str]]:
    """Every known value of the facts a clause says are left as they are, named by a value
    they hold or by their words ("staging moved to db-stage-07, prod untouched" keeps the
    prod host; "route 14 now covers the harbor, route 12 unaffected" keeps route 12)."""
    named: set[Source] = set()
    for sentence in said:
        for start, end in sentence.clauses():
            clause = sentence.text[start:end]
            if not found("unaffected", clause):
                continue
            values = [v.text for v in typed_values(clause)]
            words = with_slots(topic_terms(table("unaffected").sub(" ", clause.lower())))
            named |= {
                k.source
                for k in known
                if any(whole_words(v, k.source.text) is not None for v in values)
                or not values and words & k.anchor
            }
    return {(k.value.kind, k.value.key) for k in known if k.source in named}


_SPAN = re.compile(r"\d\s?[-–]\s?\d|\bto\b")


def _same_but(new: _New, old: Known) -> bool:
    """Whether the sentence keeps a kind of value the old one's source holds, and gives a
    new value of another kind: "Thursday, same time" for "Tuesday 6:30pm"."""
    same = new.sentence.said_same()
    if not same or new.value.kind in same:
        return False
    return any(v.kind in same for v in typed_values(old.source.text) if v != old.value)


def _spans_alike(old: TypedValue, new: TypedValue) -> bool:
    """Whether two values are both spans ("May 3-6", "9am-5pm") or both single ones."""
    return bool(_SPAN.search(old.text)) == bool(_SPAN.search(new.text))


def _may_be_new(sentence: Sentence, value: TypedValue) -> bool:
    """Whether a value its sentence asserts could be a new one at all."""
    if sentence.keeps_at(value.start, value.kind):
        return False  # said to stay as it is: the standing value, not a new one
    if value.kind == "name" and not (said_of(sentence.text, value) or sentence.said_same()):
        return False  # a capitalized fragment on its own ("Found Better Alternative.")
    if disowns(clause_at(sentence, value.start)):
        return False  # "my old number was ...": said to be dead, not new
    if names_which(sentence.text, value):
        return False  # "the 20GB plan is $55": the figure is said of the plan it names
    return not fares_alike(sentence.text, value)  # "Bay 2 is booked, Bay 5 too"


def _new_value(
    whole: _Turn,
    sentence: Sentence,
    value: TypedValue,
    lead: str,
    named: str | None,
    candidates: Sequence[Known],
) -> _New:
    """A new value with the evidence its sentence, and the sentence before, give."""
    own = anchor(sentence.text, value)
    context = (
        own | topic_terms(_heading(sentence.text, value))
        or topic_terms(_segment_before(sentence.text, value))
        or topic_terms(lead)
    )
    # the only known value it could be of, by its kind or else by the turn's own words
    alone = len(peers_of(value, candidates) or candidates) == 1
    # the turn's only value of its kind for the only known one, with a change cue beyond a
    # bare "it's" or "new" ("it's Thursday" tells the day): one thing, changed
    sole = (
        alone
        and sum(compatible(v, value) for v in typed_values(whole.text)) == 1
        and found("change", WEAK_CHANGE.sub(" ", sentence.text))
    )
    return _New(
        sentence,
        value,
        with_slots(context),
        names_near(sentence.text, own),
        label_before(sentence.text, value) if value.kind in LABELLED else "",
        named,
        alone,
        sole,
        found("change", sentence.text)
        + whole.repairs
        + concluded(sentence.text, value)
        # a value put right as it was said ("3pm, no wait, 3:30pm"): the speaker's own repair
        + (named is not None and not any(matches_named(named, k) for k in candidates)),
        roles(sentence.text[: value.start]),
    )


def _weigh(whole: _Turn, new: _New, old: Known) -> tuple[int, str] | None:
    """How surely `new` is a new value of `old`, and why; None when it is not."""
    if clash(new.roles, roles(f"{old.source.key or ''} {old.source.text}")):
        return None  # "my billing address" is no new shipping address
    if of_another(new.sentence.text, new.value, old):
        return None  # "the 20GB plan is $55": another plan's price
    if whose(new.sentence.text, new.value, old):
        return None  # "Dr. Okonkwo chairs Lin Zhao's committee": whose committee it is
    if owned_by_another(new.sentence.text, new.value, old):
        return None  # "the Hendersons' place went up to $700,000": theirs, not our listing
    score, reason = _score(old, new.value, new.near, new.named, new.alone, new.label)
    start = new.sentence.start
    elsewhere = whole.restated.get((old.value.kind, old.value.key), start)
    slot_named = bool(whole.corrected & old.anchor)
    if slot_named:  # "ignore me on the caterer": the slot is named
        score, reason, elsewhere = score + ACCEPT, "the slot named as corrected", start
    weak = score < 10 and not near_variant(old.value, new.value)
    other = bool(new.names and old.names and not new.names & old.names)
    reach = out_of_reach(whole.text, old.value)
    standing = elsewhere != start and reach is None
    if weak and (standing or new.sentence.wanted_at(new.value.start) or other):
        return None  # the old value stated as standing, a wish, or another's value
    gone = new.alone and old_one_gone(whole.text)  # "I closed the other account"
    # "Thursday, same time": the thing that has that time changes in something else
    same_but = _same_but(new, old)
    apart = called_otherwise(new.sentence.text, new.value, old)
    # "can't make Tuesday at 10 anymore. ... Thursday at 2pm works": the only known value of
    # its kind, out of reach, and a new one said after it
    after = new.alone and reach is not None and start + new.value.start >= reach and not apart
    score += new.changes + gone + (new.sole and not apart) + 2 * (after or same_but)
    if not (new.changes or gone or same_but or slot_named or _telling(reason)) and reach is None:
        # only its kind and label ("Room 310 is where the staff eat"): enough only where the
        # turn surely changes the same thing
        score = min(score, ACCEPT - 1)
    return (score, reason) if score > 0 else None


@dataclass(frozen=True)
class _Scored:
    score: int
    start: int  # where the new value is in the turn
    sentence: int
    op: Replace


def _chosen(scored: list[_Scored]) -> list[Replace]:
    """The best replacement of each old value and for each new one, among those that score
    enough; then those that score less, where the turn already changes the same thing: its
    sentence another value of the same fact ("he takes #17, and put him down for youth
    L" is one jersey order), the turn another fact of the same name ("the venue moved,
    we're 34 people, they can seat us at 7" changes the dinner's venue, count and time),
    or the turn the same fact, with a code written as its old one was ("new locator
    Q8LM3T ... now in 31F" moves seat 9B too)."""
    chosen: list[Replace] = []
    used_old: set[tuple[str, str]] = set()
    used_new: set[int] = set()
    in_focus: set[tuple[Source, int]] = set()
    changed: set[Source] = set()
    topics: set[str] = set()
    ranked = sorted(scored, key=lambda s: s.score, reverse=True)
    for sure in (True, False):
        for s in ranked:
            mark = (s.op.old.value.kind, s.op.old.value.key)
            if mark in used_old or s.start in used_new:
                continue
            if (s.score >= ACCEPT) != sure:
                continue
            source = s.op.old.source
            if (
                not sure
                and (source, s.sentence) not in in_focus
                and not _key_words(source) & topics
                and not (source in changed and "the same shape" in s.op.reason)
            ):
                continue
            used_old.add(mark)
            used_new.add(s.start)
            if sure:
                changed.add(source)
                in_focus.add((source, s.sentence))
                topics |= _key_words(source)
            chosen.append(s.op if sure else replace(s.op, reason="what the turn changes"))
    return chosen


def _key_words(source: Source) -> set[str]:
    """What a fact's key names ("rehearsal_time" -> rehearsal, time), its last word, the
    kind of value, left out: "rehearsal" ties the dinner's facts, "time" would tie any."""
    words = (source.key or "").split("_")
    return {w for w in words[:-1] if len(w) > 2}


def _heading(sentence: str, value: TypedValue) -> str:
    """What a colon before a value introduces it as ("the new terms: $612, June 9"): the
    words before the colon tell what the values after it are."""
    colon = sentence.rfind(": ", 0, value.start)
    return sentence[:colon] if colon >= 0 else ""


def _segment_before(sentence: str, value: TypedValue) -> str:
    """The words before a value's own segment, when the value is all that segment says: an
    apposition names it ("best number is her cell, 555-0164")."""
    ends = list(SEGMENT_END.finditer(sentence, 0, value.start))
    if not ends:
        return ""
    stop = SEGMENT_END.search(sentence, value.end)
    own = (
        sentence[ends[-1].end() : value.start]
        + sentence[value.end : stop.start() if stop else None]
    )
    if re.search(r"\w", own):
        return ""  # "so two tents at $300 each": its segment says what it is
    start = max((m.end() for m in ends[:-1]), default=0)
    return sentence[start : ends[-1].start()]


# Evidence that ties a new value to an old one beyond their kind and label.
_TELLING = ("named as the old value", "a slip of the hand", "the same words", "its unit named")


def _telling(reason: str) -> bool:
    return any(evidence in reason for evidence in _TELLING)


def _score(
    old: Known,
    new: TypedValue,
    near: frozenset[str],
    named: str | None,
    alone: bool,
    label: str = "",
) -> tuple[int, str]:
    if matches_named(named, old):
        return 10, "named as the old value"
    score, reasons = 0, []
    variant = near_variant(old.value, new)
    if variant:
        score, reasons = 3, ["a slip of the hand"]
    shared = len(old.anchor & near)
    if shared:
        score += min(2 * shared, 4)
        reasons.append("the same words around it")
    if old.value.kind == "code" and old.value.unit and old.value.unit == new.unit:
        score += 2
        reasons.append("the same label")
    elif old.value.kind == "code" == new.kind and same_shape(old.value.text, new.text):
        score += 2
        reasons.append("the same shape")
    elif {old.value.kind, new.kind} <= LABELLED and old.label and old.label == label:
        score += 2
        reasons.append("the same label")
    if old.value.kind in _SLOT_KINDS and old.value.kind == new.kind:
        score += 1
        reasons.append(f"the {new.kind}")
    elif old.value.kind == "quantity" == new.kind:
        score += 1  # counted in the same unit
        reasons.append("the same unit")
    elif old.value.kind == "number" and new.kind == "quantity" and new.unit in old.anchor:
        score += 2  # "Chairs: 120", then "100 chairs"
        reasons.append("its unit named")
    if alone:  # the only known value of its kind
        score += 1
    if old.source.fact_id is None and not (variant or shared):
        return 0, ""  # a value only said in passing needs more than its kind
    return score, ", ".join(reasons) or "its kind"


# A sentence that speaks of a value as wrong or gone.
_DISOWNS = re.compile(
    r"\b(?:not|isn'?t|wasn'?t|never|wrong|old|dead|off|instead|anymore|no longer|came from)\b",
    re.I,
)


def _changed_part(old: TypedValue, new: TypedValue) -> str:
    """The span of an old value a new one takes: all of it, but only the street of an
    address when the new one names no town and is the same street or a slip of it ("31
    Cedar Ln" for "13 Cedar Ln, Fairview"); another street may be in another town."""
    if old.kind == new.kind == "address" and "," in old.text and "," not in new.text:
        street = old.text.split(",", 1)[0]
        if near_variant(old, new) or _street_name(street) == _street_name(new.text):
            return street
    return old.text


_SPAN_PARTS = re.compile(r"^(?P<start>.+?)\s?(?:-|–|\bto\b)\s?(?P<end>.+)$")
_UNTIL = re.compile(r"\b(?:until|till|til|to|through)\s+$", re.I)
_FROM = re.compile(r"\b(?:from|starting(?: at)?|beginning(?: at)?)\s+$", re.I)


def _span_end(sentence: str, new: TypedValue, old: TypedValue) -> str | None:
    """The end of a span of times a single time bounds ("until 10:30pm" of "7-11pm"), or
    its start ("from 8pm"); None when the new time is no bound of a span."""
    parts = _SPAN_PARTS.match(old.text) if old.kind == new.kind == "time" else None
    if parts is None or _SPAN_PARTS.match(new.text):
        return None
    before = sentence[: new.start]
    if _UNTIL.search(before):
        return parts["end"]
    return parts["start"] if _FROM.search(before) else None


def _street_name(address: str) -> str:
    """An address's street without its number: "13 Cedar Ln" -> "cedar ln"."""
    return " ".join(address.lower().split()[1:])


# A date said by its day alone takes the month of the date it replaces.
_DAY_ONLY = re.compile(r"(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)?", re.I)
_MONTH_DAY = re.compile(
    r"(?P<month>\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)"
    r"\d{1,2}(?:st|nd|rd|th)?\b",
    re.I,
)


def _replacement_text(old: Known, old_text: str, new: TypedValue) -> str:
    """What takes the old span's place: the new value, cut to the part that changed when
    the turn named only part of the old one ("5120 7734, not 7743" changes "7743"), with
    the old one's label when it had one and the new one has none."""
    if old_text != old.value.text and len(old_text.split()) < len(new.text.split()):
        held = set(old.value.text.lower().split())
        own = [w for w in new.text.split() if w.lower() not in held]  # not "degrees" again
        if len(own) == len(old_text.split()):
            return " ".join(own)
        return " ".join(new.text.split()[-len(old_text.split()) :])
    day = _DAY_ONLY.fullmatch(new.text)
    if day and old.value.kind == "date" and _MONTH_DAY.search(old_text):
        return _MONTH_DAY.sub(rf"\g<month>{day['day']}", old_text, count=1)  # "the 4th" of March 3
    if new.kind == "date" and new.text.startswith("The "):  # capitalized as a sentence began
        return "t" + new.text[1:]
    if old.value.kind == "quantity" and new.kind == "number":  # "85 guests", then "it's 95"
        return re.sub(r"^[\d,.]+", new.text, old_text, count=1)
    if old.value.kind == "number" and new.kind == "quantity":  # "Chairs: 120" -> "Chairs: 100"
        return re.sub(r"^([\d,.]+(?:\s?[-–]\s?[\d.]+)?).*$", r"\1", new.text)
    if old.value.kind == "code" and old.value.unit and new.kind == "number":
        label = old.value.text[: len(old.value.unit)]  # "PIN 3851" to 3815 is "PIN 3815"
        return f"{label} {new.text}"
    return new.text


# "X instead of Y": the words after the marker name the old value, those before the new.
_SWAP = re.compile(
    r"\b(?:instead of|rather than|in place of)\s+(?:the |a |an |my |our |that )?"
    r"([\w'’-]+(?:\s+[\w'’-]+){0,2}?)(?=\s*[.,;!?]|\s*$|\s+(?:today|now|tonight|this|for|"
    r"please|and|but|again)\b)",
    re.I,
)
# Words that may stand between a new value and the marker, and say nothing of it.
_NOT_THE_VALUE = frozenset(
    "today now tonight this time please then one ones option version kind type instead "
    "it that them is are be".split()
)


def _swaps(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
    """Words a sentence puts in the place of words a live fact holds, by naming them
    ("we're in Maple today instead of Cedar", "go with charcoal rather than navy"): the
    same number of words before the marker, past words that say nothing of the value and
    the fact's own words ("oak finish rather than walnut" for "Finish: walnut"). A
    sentence that also states new typed values is left to be read whole."""
    facts = [s for s in sources if s.fact_id is not None]
    known = {(k.value.kind, k.value.key) for k in known_values(facts)}
    swaps = []
    for sentence in said:
        if not sentence.asserts:
            continue
        if any((v.kind, v.key) not in known for v in typed_values(sentence.text)):
            continue  # "make that 10 mugs, and green instead of blue": read as one claim
        for m in _SWAP.finditer(sentence.text):
            old = m.group(1).strip()
            if typed_values(old):
                continue  # a typed value: the replacements above weigh it
            holders = [(f, at) for f in facts if (at := whole_words(old, f.text)) is not None]
            if len(holders) != 1:
                continue
            fact, at = holders[0]
            new = _words_before(
                sentence.text[clause_start(sentence.text, m.start()) : m.start()],
                len(old.split()),
                fact,
            )
            if not new or (old[:1].isupper() and not new[:1].isupper()):
                continue  # "Cedar" is a name: so is what takes its place
            old_value = TypedValue("phrase", fact.text[at : at + len(old)], at, at + len(old))
            held = Known(old_value, fact, frozenset())
            new_value = TypedValue("phrase", new, m.start(), m.start() + len(new))
            swaps.append(Replace(held, new_value, old_value.text, new, "named as the old value"))
    return swaps


# Who a fact says does the work: the name after "serviced at", "run by", "hosted with".
_PROVIDER = re.compile(r"\b(?:at|by|with|through|via|from|to)\s+$", re.I)
_IN_HOUSE_ENDS = re.compile(r"^\S+\s|in[- ]house$")  # the verb and the place, not the work


def _brought_in_house(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Replace]:
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


# Words that tell which one, not what kind: "the new plan" is no kind of plan.
_NOT_A_KIND = frozenset(
    "new old same other next last first second third current usual previous former this that "
    "these those our my your their his her its the a an one two more less extra another".split()
)


def _reworded(
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
        for kind, thing in zip(words, words[1:], strict=False):
            as_said = kind in sentence.text or sentence.text.lower().startswith(kind)
            if kind in _NOT_A_KIND or not as_said or not topic_terms(thing):
                continue  # "the new plan" says which; "Blue team" is a name
            for fact in facts if firm else [f for f in facts if f in changed]:
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


def _words_before(text: str, count: int, fact: Source) -> str:
    """The last `count` words of a text that can be a new value for `fact`."""
    own = topic_terms(f"{(fact.key or '').replace('_', ' ')} {fact.text}")
    words = re.findall(r"[\w'’-]+", text)
    while words and (words[-1].lower() in _NOT_THE_VALUE or topic_terms(words[-1]) <= own):
        words.pop()
    picked = words[-count:] if len(words) >= count else []
    if not picked or not topic_terms(" ".join(picked)) or picked[0].lower() in DETERMINERS:
        return ""
    return " ".join(picked)


# -- retractions ----------------------------------------------------------------------------

_ITEM_WORDS = 12  # longer than this, a piece of a turn is a sentence, not a list item
_ITEM_SPLIT = re.compile(r",(?!\d{3})|[;:]|\band\b|\bplus\b|\n")  # not "$12,000"
# A word of an item's name; a figure's thousands stay with it ("the 2,480").
_TOKEN = r"(?:[\w'’&/#$.-]|(?<=\d),(?=\d{3}\b))+"
_WORDS = rf"(?:{_TOKEN}\s+){{0,5}}?{_TOKEN}?"
# A noun phrase with no determiner inside it: what a thing given up is called.
_NOUN = rf"(?!(?:the|a|an|our|my|your|their|this|that)\b){_TOKEN}"
_PHRASE = rf"(?:{_NOUN}\s+){{0,3}}{_NOUN}"
# A noun phrase after a preposition is no subject: "the lights in the lobby are off".
_NOT_AFTER_PREPOSITION = "".join(
    rf"(?<!\b{p} )" for p in "in of at on for with to from by about near under over".split()
)


@cache
def _retraction_pattern() -> re.Pattern[str]:
    before = "|".join(tables()["retract_before"])
    particled = "|".join(tables()["retract_with_particle"])
    after = "|".join(tables()["retract_after"])
    ends = rf"(?=\s+(?:{after})\b|\s*(?:[;!?]|[,.](?!\d))|\s+(?:for|because|since|from|so|but|and)\b|\s*$)"
    holder = "|".join(tables()["retract_holder"])
    given_up = "|".join(tables()["retracted_after"])
    return re.compile(
        rf"(?<![\w'])(?:(?:{before})\s+(?:(?:him|her|them|it)\s+from\s+)?(?:on\s+|about\s+)?"
        rf"(?P<obj>{_WORDS}){ends}"
        rf"|(?:{particled})\s+(?P<held>{_WORDS})(?=\s+(?:off|out)\b)"
        rf"|(?:{particled})\s+(?:off|out)\s+(?!of\b)(?P<taken>{_WORDS}){ends}"
        rf"|(?:{holder})\s+(?:no\s+longer\s+(?P<was>{_WORDS}){ends}"
        rf"|not\s+(?P<was_then>{_WORDS})\s+any\s?more\b)"
        rf"|(?:^|{_NOT_AFTER_PREPOSITION}\b(?:the|our|my)\s+)(?P<subject>{_PHRASE})\s+(?:{given_up})"
        rf"(?=\s*[,.;!?]|\s+(?:any\s?more|after all|now|either|for now)\b|\s*$))",
        re.IGNORECASE,
    )


def _retractions(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Retract]:
    pattern = _retraction_pattern()
    vague = table("vague_items")
    out: list[Retract] = []
    for sentence in said:
        if not (sentence.reports or sentence.past and _told_now(sentence)):
            continue
        for match in pattern.finditer(sentence.text):
            if _PASSIVE.search(sentence.text, 0, match.start()):
                continue  # "it is cancelled due to the budget": what follows is no object
            if not sentence.reports and narrates(clause_at(sentence, match.start())):
                continue  # the story's own clause: "last year we dropped the brunch"
            group = next(g for g in _OBJECTS if match.group(g))
            words = match.group(group)
            if _PRONOUN.fullmatch(words):  # "we're out of halibut, take it off the board"
                before = sentence.text[: match.start()]
                words = _run_out(before) or _named_before(before, sources) or words
            wanted = _item_terms(vague.sub(" ", words.lower()))
            if not wanted or _not_ours(sentence.text[: match.start()]):
                continue
            spoken = match.group(0)
            start, end = match.start(group) - match.start(), match.end(group) - match.start()
            removal = spoken[:start] + spoken[end:]
            open_items = [
                s for s in sources if not _restates(s, sentence, removal) and not _ended(s)
            ]
            hit = _item_holding(wanted, open_items)
            if hit is not None and hit[2] and _BARE_NO.match(spoken):
                continue  # "no ADA access" describes; only an item of a list is dropped by "no"
            if hit is not None and hit[2] and _DEMONSTRATIVE.match(words):
                continue  # "we won't need that prop": one already named, not all the props
            if hit is not None and all(r.source != hit[0] for r in out):
                source, item, whole = hit
                wordings = (
                    tuple(dict.fromkeys([*_wordings(wanted, open_items), undetermined(words)]))
                    if source.fact_id is None
                    else ()
                )
                out.append(Retract(source, item, whole, words, wordings))
    return out


_OBJECTS = ("obj", "held", "taken", "was", "was_then", "subject")
_PRONOUN = re.compile(r"it|them|that|this|those|these|him|her", re.I)
# A thing said to have run out, which a removal may then point back at with a pronoun.
_RUN_OUT = re.compile(
    rf"\b(?:(?:ran|run|running|are|is|we're|were) out of|no more|out of stock on)\s+"
    rf"(?:the\s+|our\s+)?(?P<before>{_WORDS})(?=\s*[,;.!?]|\s+(?:so|and|today|tonight)\b)"
    rf"|\b(?:the\s+|our\s+)?(?P<after>{_PHRASE})\s+(?:is|are|'s|was|were|just)\s+"
    rf"(?:sold out|out of stock|gone|unavailable|no longer available|not available|"
    rf"(?:fully )?booked(?: up)?|full)\b",
    re.I,
)


_THING = re.compile(rf"\b(?:the|our|my|that|this)\s+(?P<thing>{_PHRASE})", re.I)


def _named_before(text: str, sources: Sequence[Source]) -> str | None:
    """The last thing a text names that a live item is ("nobody touched the salad bar,
    let's drop it"): what a pronoun after it points back at."""
    for named in reversed(list(_THING.finditer(text))):
        thing = _PHRASE_END.split(named["thing"], maxsplit=1)[0]  # "the salad bar last time"
        wanted = _item_terms(thing.lower())
        if wanted and _item_holding(wanted, [s for s in sources if not _ended(s)]) is not None:
            return thing
    return None


# Where a thing's name ends before what is said of it: "the photo booth is too pricey".
_PHRASE_END = re.compile(
    r"\s+(?:is|are|was|were|has|have|had|looks?|seems?|got|gets|last|this|that|too|so|and|"
    r"but|again|already|never|always)\b.*",
    re.I,
)


def _run_out(text: str) -> str | None:
    """The last thing a clause says has run out ("we're out of halibut", "the blue ones
    are sold out"): what "take it off" after it names."""
    said = list(_RUN_OUT.finditer(text))
    return (said[-1]["before"] or said[-1]["after"]) if said else None


@cache
def _not_ours_pattern() -> re.Pattern[str]:
    others = "|".join(tables()["own_needs"])
    negated = r"(?:don'?t|do not|never|won'?t|can'?t|cannot|shouldn'?t|mustn'?t|not)(?:\s+\w+){0,2}"
    return re.compile(rf"(?<![\w'])(?:{others}|{negated})\s*$", re.IGNORECASE)


def _not_ours(before: str) -> bool:
    """Whether what comes before a removal makes it no removal of ours: a relation's own
    ("my colleague doesn't need a car"), or denied ("please don't cancel the order")."""
    return _not_ours_pattern().search(before) is not None


def _wordings(wanted: frozenset[str], sources: Sequence[Source]) -> tuple[str, ...]:
    """Every turn's wording of a list item holding the wanted words, without what comes
    before its noun phrase: "add a printed card" and "the printed card" are one item."""
    seen: dict[str, None] = {}  # in the order said
    for source in sources:
        if source.fact_id is not None:
            continue
        items = [i.strip(" .!") for i in _ITEM_SPLIT.split(source.text)]
        for item in items:
            if wanted <= _item_terms(item) and _listed(item, items):
                seen[_from_first(wanted, item)] = None
    return tuple(seen)


def _from_first(wanted: frozenset[str], item: str) -> str:
    """An item after the determiner that opens its noun phrase: "add the rush fee" ->
    "rush fee", "a $20 monthly gift to the food bank" -> "$20 monthly gift to the food
    bank"."""
    words = item.split()
    first = next((n for n, w in enumerate(words) if _item_terms(w) & wanted), 0)
    opens = [n for n in range(first) if words[n].lower() in DETERMINERS]
    return " ".join(words[opens[-1] + 1 if opens else 0 :])


_DEMONSTRATIVE = re.compile(r"(?:that|this|those|these)\s", re.I)
_BARE_NO = re.compile(r"no\b(?!\s+(?:need|longer))", re.I)
_ENDED = re.compile(r"\b(?:cancell?ed|called off|removed|dropped|withdrawn|scrapped)\b", re.I)
# A removal verb after a form of "be" or "get" is passive: "the launch was cancelled".
_PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being|got|gets|get)\s+$", re.I)


def _restates(source: Source, sentence: Sentence, removal: str) -> bool:
    """Whether a source says what the sentence says, its removal included: the turn
    repeating a recorded fact retracts nothing of it. A removal said in words too common
    to be terms ("no need for the gift wrap") still has to be found in the source."""
    said = topic_terms(sentence.text)
    return (
        bool(said)
        and said <= topic_terms(source.text)
        and removal.strip().lower() in source.text.lower()
    )


def _ended(source: Source) -> bool:
    """Whether a source already says its matter is off: nothing is left to retract."""
    return _ENDED.search(source.text) is not None


_CLAUSE_SUBJECT = re.compile(r"\b(?:i|we|you|he|she|they|it)\b", re.I)


def _listed(item: str, items: Sequence[str]) -> bool:
    """Whether a piece of a turn reads as one item of a list: there are others, and it is
    a short phrase, not a clause with a subject of its own ("I need the report")."""
    return (
        len(items) >= 2
        and len(item.split()) <= _ITEM_WORDS
        and _CLAUSE_SUBJECT.search(item) is None
    )


def _item_terms(text: str) -> frozenset[str]:
    """The words that name an item, its numbers included ("order #4512" is the fact keyed
    order_4512_status)."""
    numbers = {n.lstrip("0") or "0" for n in re.findall(r"\d+", text)}
    return frozenset(t for t in topic_terms(text) if not t.lstrip("#").isdigit()) | numbers


def _told_now(sentence: Sentence) -> bool:
    """Whether a sentence set in the past only by a clause of its reasons still says
    something of now: "skip the churros, nobody ate them last time"."""
    return not (
        sentence.question
        or sentence.conditional
        or sentence.hypothetical
        or sentence.third_party
        or sentence.scheduled
    )


def _covers(wanted: frozenset[str], terms: frozenset[str]) -> bool:
    """Whether every wanted word is among the terms, itself or by a word of its slot ("the
    reservation" names a fact keyed "booking")."""
    slots = with_slots(terms)
    return all(w in terms or with_slots(frozenset({w})) - {w} & slots for w in wanted)


def _names_fact(wanted: frozenset[str], key_terms: frozenset[str], text: str) -> bool:
    """Whether the wanted words name a whole fact: its key by a word of its slot, and the
    rest from its text ("the Lumen reservation" for a booking at Lumen)."""
    keyed = {w for w in wanted if with_slots(frozenset({w})) - {w} & with_slots(key_terms)}
    return bool(keyed) and wanted - keyed <= _item_terms(text)


def _item_holding(
    wanted: frozenset[str], sources: Sequence[Source]
) -> tuple[Source, str, bool] | None:
    """The newest list item holding every wanted word: a live fact's before a turn's."""
    facts = [s for s in sources if s.fact_id is not None]
    turns = sorted(
        (s for s in sources if s.fact_id is None),
        key=lambda s: s.turn_index or 0,
        reverse=True,
    )
    for source in [*facts, *turns]:
        key_terms = _item_terms(source.key.replace("_", " ")) if source.key else frozenset()
        if source.fact_id is not None and (
            _covers(wanted, key_terms) or _names_fact(wanted, key_terms, source.text)
        ):
            return source, source.text, True
        items = [i.strip(" .!") for i in _ITEM_SPLIT.split(source.text)]
        holding = [i for i in items if i and _covers(wanted, _item_terms(i) | key_terms)]
        if len(holding) == 1:
            item = holding[0]
            if source.fact_id is None and not _listed(item, items):
                continue  # a turn's words are an item only inside a list of them
            first = items.index(item) == 0
            head = source.fact_id is not None and first and _head_with_details(items)
            whole = head or source.fact_id is not None and (
                _item_terms(source.text) <= _item_terms(item) | key_terms
                or first
                and ":" in source.text
            )
            return source, source.text if head else item, whole
    return None


def _head_with_details(items: Sequence[str]) -> bool:
    """Whether a fact's first part says what it is and when or how much, and the parts after
    it only add to that ("Lawn mowing every Thursday, GreenCut"): no list, so taking out the
    first part takes the whole."""
    def told(part: str) -> bool:
        return any(v.kind in _WHEN_OR_HOW_MUCH for v in typed_values(part))

    return told(items[0]) and not any(told(i) for i in items[1:])


_WHEN_OR_HOW_MUCH = frozenset(
    {"date", "weekday", "time", "duration", "money", "percent", "quantity", "number"}
)


def without(text: str, item: str) -> str:
    """A list's text with one item taken out, and the separators left tidy; a total that
    was the sum of its amounts is the sum of those left."""
    at = text.find(item)
    if at < 0:
        return text
    rest = text[:at] + text[at + len(item) :]
    rest = re.sub(r"\s*(?:,\s*|;\s*)(?:and\s+)?(?=[,;.]|$)", "", rest)
    rest = re.sub(r"(,|;|:)\s*(?:,|;)\s*", r"\1 ", rest)
    rest = re.sub(r":\s*(?:and\s+)?,?\s*", ": ", rest)
    return retotalled(text, re.sub(r"\s{2,}", " ", rest).strip(" ,;"))


_TOTAL = re.compile(r"\b(?:total|sum|altogether|in all)\W*(?:of\s+|is\s+|comes to\s+)?$", re.I)
_PLAIN_MONEY = re.compile(r"^(\D*?)(\d[\d,]*)(\.\d+)?$")


def retotalled(before: str, after: str) -> str:
    """`after` with its total ("total $50,000") set to the sum of its other amounts, when
    in `before` the total was exactly the sum of the amounts then listed: a total derived
    from its lines follows them, and a stale one is never shown as live."""
    old_total, old_lines = _total_and_lines(before)
    new_total, new_lines = _total_and_lines(after)
    if old_total is None or new_total is None or not new_lines:
        return after
    if new_total.text != old_total.text:
        return after  # the total itself was changed: the speaker's figure stands
    if _amount(old_total) != sum(_amount(v) for v in old_lines):
        return after
    figure = sum(_amount(v) for v in new_lines)
    found = _PLAIN_MONEY.match(new_total.text)
    assert found is not None  # a total and its lines are plain amounts, or not retotalled
    cents = f"{figure:,.2f}" if found.group(3) else f"{figure:,.0f}"
    return after[: new_total.start] + found.group(1) + cents + after[new_total.end :]


def _total_and_lines(text: str) -> tuple[TypedValue | None, list[TypedValue]]:
    amounts = [v for v in typed_values(text) if v.kind == "money"]
    if any(_PLAIN_MONEY.match(v.text) is None for v in amounts):
        return None, []  # "$1.2M", "$40k": no sum to check
    totals = [v for v in amounts if _TOTAL.search(text[: v.start])]
    if len(totals) != 1:
        return None, []
    return totals[0], [v for v in amounts if v is not totals[0]]


def _amount(value: TypedValue) -> float:
    found = _PLAIN_MONEY.match(value.text)
    assert found is not None
    return float(found.group(2).replace(",", "") + (found.group(3) or ""))


def replaced(text: str, old: str, new: str) -> str:
    """A fact's text with a value changed. When the value is all the text says apart
    from a qualifier ("$85 (draft)"), the new value stands alone: the qualifier was the
    old value's."""
    rest = text.replace(old, " ", 1)
    if rest == text:
        return text
    if not topic_terms(re.sub(r"\([^)]*\)", " ", rest)) and not _RATE.match(rest):
        return new
    return retotalled(text, text.replace(old, new, 1))


# What a figure is counted by, right after it ("$1,850/month", "$40 per night"): part of
# the rate, which a new figure said without it keeps.
_RATE = re.compile(
    r"\s*(?:/\s*|per\s+|an?\s+)(?:hour|hr|day|night|week|wk|month|mo|year|yr|person|head|"
    r"seat|user|unit|visit|session|class|lesson)s?\b",
    re.I,
)
