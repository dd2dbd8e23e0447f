"""Typed values a turn states that replace known ones: which new values may be new at
all, which known values each may replace, weighed and then chosen."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from statekeeper.conversation.changes.bounds import (
    bounds_alike,
    moved_to,
    span_side,
    stated_as_bound,
)
from statekeeper.conversation.changes.choosing import Scored, best_of
from statekeeper.conversation.changes.contrasts import (
    contrasted,
    denied_before,
    fares_alike,
    gave_way,
    matches_named,
)
from statekeeper.conversation.changes.figures import (
    currency,
    digits,
    one_value,
    quotes_a_figure,
    same_figure,
    without_meridiem,
)
from statekeeper.conversation.changes.kinds import (
    corrected_kinds,
    corrected_slot,
    count_headed,
    count_in_focus,
    count_of_named_slot,
    count_taken_back,
    day_for_day,
    of_a_kind,
)
from statekeeper.conversation.changes.known import known_values
from statekeeper.conversation.changes.labels import with_slots
from statekeeper.conversation.changes.miscalled import called_wrong
from statekeeper.conversation.changes.operations import Known, Replace, Source
from statekeeper.conversation.changes.out_of_reach import disowns
from statekeeper.conversation.changes.replacement_text import (
    changed_part,
    replacement_text,
    span_end,
)
from statekeeper.conversation.changes.subjects import (
    names_which,
    of_another,
    reported_subjects,
    said_of,
)
from statekeeper.conversation.changes.weighing import WholeTurn, new_value, spans_alike, weigh
from statekeeper.conversation.changes.wording import WEAK_CHANGE, clause_at, whole_words
from statekeeper.conversation.clauses import Sentence
from statekeeper.conversation.cues import found, table, tables
from statekeeper.conversation.proposals import proposed_at
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.moments import names_day
from statekeeper.text.values import TypedValue, one_name, typed_values


def _said_back(value: TypedValue, contrasts: dict[str, str], known: Sequence[Known]) -> bool:
    """Whether a value only said before is said again against a value that misheard it:
    "14, not 40" after "14 chairs" was echoed back as "40 chairs". A value a live fact
    already holds is no new one."""
    named = contrasts.get(value.key)
    mark = (value.kind, value.key)
    return bool(named) and all(
        k.source.fact_id is None for k in known if (k.value.kind, k.value.key) == mark
    ) and any(matches_named(named, k) for k in known)


def replacements(
    turn: str, said: Sequence[Sentence], sources: Sequence[Source], *, forward: bool = False
) -> list[Replace]:
    """The known values the new values of `said` replace; with `forward`, those values are
    only put forward (conversation/changes/rivals.py)."""
    known = known_values(sources)
    # what the assistant only offered is the speaker's own new value when they say it
    live_keys = {(k.value.kind, k.value.key) for k in known if not k.source.offered}
    # "7450" restates a known "Latitude 7450", and "4471" a known "4471 callout": the figure
    live_keys |= {
        ("number", digits(k.value.text)) for k in known if k.value.kind in ("code", "quantity")
    }
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
    whole = WholeTurn(
        turn,
        known,
        {
            (v.kind, v.key): s.start
            for s in said
            if s.asserts and not _DISOWNS.search(s.text)
            for v in typed_values(s.text)
        },
        corrected_slot(turn),
        corrected_kinds(turn),
        reported_subjects(turn),
        int(found("self_repair", turn)),
        forward,
    )
    wrong = {(s.start, v.start) for s, v in called_wrong(said)}  # "... 14:30. Their typo."
    scored: list[Scored] = []
    focus = 0  # the sentence a pointing-back one goes on about: "That's £160." after a change
    for position, sentence in enumerate(said):
        if not position or not found("continues", sentence.text):
            focus = position
        relayed = _relays_contact(sentence)
        if not sentence.asserts and not relayed:
            continue
        # "Ravi reckons we should move the quiz to the 14th": his to propose
        proposed = [] if forward else proposed_at(sentence.text)
        lead = said[position - 1].text if position else ""
        contrasts = (
            denied_before(lead, sentence.text)
            | contrasted(sentence.text)
            | gave_way(sentence.text, known)
        )
        for value in typed_values(sentence.text):
            if relayed and value.kind not in _CONTACT_KINDS:
                continue
            if (sentence.start, value.start) in wrong:
                continue  # called an error as it was told
            if any(a <= value.start < b for a, b in proposed):
                continue
            named_old = set(contrasts.values())
            if {value.key, value.text} & named_old:
                continue
            if (value.kind, value.key) in live_keys and not _said_back(value, contrasts, known):
                continue
            if without_meridiem(value) and ("time", digits(value.text)) in live_keys:
                continue
            if any(one_name(k.value, value) for k in known):
                continue  # "Mrs Quayle" for a known "Mrs Nora Quayle": named again
            if value.kind == "date" and any(
                k.source.fact_id is not None
                and k.value.kind == "date"
                and names_day(value.text, k.value.text)
                for k in known
            ):
                continue  # "the 18th" says a fact's "18/07/2025" again
            if not _may_be_new(sentence, value, known):
                continue
            if _THE_BEFORE.search(sentence.text, 0, value.start) and quotes_a_figure(
                value, [k.value for k in known]
            ):
                continue  # "only taking the 25" says the known "25%" again
            bound = stated_as_bound(sentence.text, value)
            moved = moved_to(sentence.text, value)
            changes = found("change", WEAK_CHANGE.sub(" ", sentence.text))
            candidates = [
                k
                for k in known
                if (k.value.kind, k.value.key) not in kept
                and not same_figure(k.value, value)  # "the 1,200" quotes "1,200 seats"
                and not one_value(k.value, value)  # the offer taken up is no rival of it
                and (
                    of_a_kind(k, value)
                    or matches_named(contrasts.get(value.key), k)
                    or count_of_named_slot(k, value, whole.corrected)
                    or count_taken_back(k, value, turn)
                    or count_headed(k, value, sentence.text)
                    or count_in_focus(k, value, sentence.text)
                )
                and (
                    bounds_alike(k, bound, changes, moved)
                    or matches_named(contrasts.get(value.key), k)  # the old one named
                )
            ]
            candidates = day_for_day(candidates, value)
            if relayed:  # only a record of the one we serve is theirs to change
                candidates = [k for k in candidates if _of_the_served(k.source)]
            if any(of_another(sentence.text, value, k) for k in candidates):
                continue  # "the back office printer is ...": a sibling of a known thing
            new = new_value(whole, sentence, value, lead, contrasts.get(value.key), candidates)
            side = span_side(sentence.text, value)
            # among equals, one of the same kind ("Monday March 16" for "Friday March 13":
            # the weekday for the weekday), then of the same currency, then one written in
            # the same shape ("May 4-7" for "May 3-6")
            options = [
                (
                    (
                        w[0],
                        k.value.kind == value.kind,
                        currency(k.value) == currency(value),  # £360 for £300, not €665
                        spans_alike(k.value, value),
                        # the start of a span for the start of one: "18:45 to 20:15" for
                        # "19:30-21:00"
                        bool(side) and span_side(k.source.text, k.value) == side,
                    ),
                    w[1],
                    k,
                )
                for k in candidates
                if (w := weigh(whole, new, k))
            ]
            options.sort(key=lambda o: o[0], reverse=True)
            if not options:
                continue
            top = options[0]
            ties = [top] + [  # one value written two ways ("3:30", "3:30pm") is no rival
                o for o in options[1:] if o[0] == top[0] and not one_value(o[2].value, top[2].value)
            ]
            texts = Counter(o[2].source for o in ties)
            for (score, *_), reason, old in ties:
                if texts[old.source] > 1 or len(texts) > 1 and not _all_facts(texts):
                    continue  # no single best: leave it to the recall layer
                rivals = frozenset(texts) - {old.source}  # the turn may settle it (choosing.py)
                op = _replacement(sentence.text, value, new.named, old, reason)
                scored.append(Scored(score, sentence.start + value.start, focus, op, rivals))
    return best_of(scored)


def _all_facts(sources: Iterable[Source]) -> bool:
    """Whether every source is a live fact: a turn may state a value already ended, or
    many of one kind, and is no match to settle by what else the turn changes."""
    return all(s.fact_id is not None for s in sources)


def _replacement(
    sentence: str, value: TypedValue, named: str | None, old: Known, reason: str
) -> Replace:
    """`old` giving way to `value`: the part named ("7734, not 7743"), but a whole address
    for its street named by another address; a house number alone changes the number ("81,
    not 18")."""
    whole_address = old.value.kind == value.kind == "address"
    part = (
        named is not None
        and named.lower() in old.value.text.lower()  # not "the 9th" for "9 June"
        and matches_named(named, old)
        and not whole_address
    )
    old_text = named if named is not None and part else changed_part(old.value, value)
    old_text = span_end(sentence, value, old.value) or old_text
    return Replace(old, value, old_text, replacement_text(old, old_text, value), reason)


_CONTACT_KINDS = frozenset({"phone", "email", "address"})
_THE_BEFORE = re.compile(r"\bthe\s+$", re.I)  # "the 25": a figure pointed at, not given


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
    prod host; "route 14 now covers the harbor, route 12 unaffected" keeps route 12; "my
    budget is $95,000, but let's keep the offer as is" keeps the offer)."""
    named: set[Source] = set()
    for sentence in said:
        for start, end in sentence.clauses():
            clause = sentence.text[start:end]
            values = [v.text for v in typed_values(clause)]
            # "prod untouched", or a thing said to stay with no value of its own ("but
            # let's keep the offer as is")
            cue = "unaffected" if found("unaffected", clause) else "kept_as_is"
            if cue == "kept_as_is" and (values or not found(cue, clause)):
                continue
            words = with_slots(topic_terms(table(cue).sub(" ", clause.lower())))
            named |= {
                k.source
                for k in known
                if any(whole_words(v, k.source.text) is not None for v in values)
                or not values and words & k.anchor
            }
    return {(k.value.kind, k.value.key) for k in known if k.source in named}


def _may_be_new(sentence: Sentence, value: TypedValue, known: Sequence[Known]) -> bool:
    """Whether a value its sentence asserts could be a new one at all."""
    if sentence.keeps_at(value.start, value.kind):
        return False  # said to stay as it is: the standing value, not a new one
    if value.kind == "name" and not (said_of(sentence.text, value) or sentence.said_same()):
        return False  # a capitalized fragment on its own ("Found Better Alternative.")
    if disowns(clause_at(sentence, value.start)):
        return False  # "my old number was ...": said to be dead, not new
    if names_which(sentence.text, value):
        return False  # "the 20GB plan is $55": the figure is said of the plan it names
    if _added_value(sentence.text, value):
        return False  # "add the $35 pet rent": one more thing, in place of none
    if _takes_effect(sentence.text, value, known):
        return False  # "membership goes to $45 as of March 3": when it changes
    if value.kind == "name" and _reporter(sentence.text, value):
        return False  # "Dr Hale said this morning ...": who tells, not a value told
    return not fares_alike(sentence.text, value)  # "Bay 2 is booked, Bay 5 too"


def _reporter(sentence: str, value: TypedValue) -> bool:
    """Whether a name is only who reports ("Dr Hale said this morning the cast can come
    off"), not one who offers itself ("the Lido rang, they can fit us in at 6")."""
    gap = re.match(r"\s+", sentence[value.end :])
    report = table("relays").match(sentence.lower(), value.end + gap.end()) if gap else None
    if report is None:
        return False
    told = sentence[report.end() : report.end() + _REPORT_REACH]
    return re.search(r"\b(?:they|he|she|we)\b", told, re.I) is None


_REPORT_REACH = 40  # characters of a report in which its teller may be its subject


def _added_value(sentence: str, value: TypedValue) -> bool:
    """Whether a value opens the thing an adding verb puts beside the others ("add the $35
    pet rent", "tack on a $20 delivery fee", "include 2 extra chairs")."""
    verbs = "|".join(tables()["add_verbs"])
    return (
        re.search(
            rf"\b(?:{verbs})(?:\s+(?:on|in))?\s+(?:(?:a|an|the|another|one more)\s+)?$",
            sentence[: value.start],
            re.IGNORECASE,
        )
        is not None
    )


def _takes_effect(sentence: str, value: TypedValue, known: Sequence[Known]) -> bool:
    """Whether a moment is when a change told beside it takes effect ("rent goes to $1,900
    as of June 1", "starting Monday we open at 9", "they ask collection at 3:15 from
    Monday"): the change is the other value. "From Monday" opens a span when an end
    follows ("from Monday to Friday"), and is a new start where a known thing runs from a
    day ("7 nights from Sat 14 June")."""
    if value.kind not in ("date", "weekday"):
        return False
    cues = "|".join(tables()["takes_effect"])
    lead = _FROM.search(sentence, 0, value.start) or re.search(
        rf"\b(?:{cues})\s+(?:the\s+)?$", sentence[: value.start], re.IGNORECASE
    )
    if lead is None or _SPAN_END.match(sentence, value.end):
        return False
    if lead.re is _FROM and any(
        k.value.kind in ("date", "weekday") and _FROM.search(k.source.text, 0, k.value.start)
        for k in known
    ):
        return False
    # a time right after the moment ("from Monday at 9") is its own, not the change beside it
    own = _OWN_TIME.match(sentence, value.end)
    return any(
        v.kind not in ("date", "weekday", "time")
        or (v.kind == "time" and not (own and v.start == own.end()))
        for v in typed_values(sentence)
    )


_FROM = re.compile(r"\bfrom\s+(?:the\s+)?$", re.IGNORECASE)
_OWN_TIME = re.compile(r",?\s*(?:at\s+)?", re.IGNORECASE)  # "Monday at 9", "Monday, 9am"
# What closes a span a moment opens: "from Monday to Friday", "from the 3rd till the 9th"
_SPAN_END = re.compile(r"\s*(?:-|–|to\b|till\b|until\b|through\b|and\b)", re.IGNORECASE)


# A sentence that speaks of a value as wrong or gone.
_DISOWNS = re.compile(
    r"\b(?:not|isn'?t|wasn'?t|never|wrong|old|dead|off|instead|anymore|no longer|came from)\b",
    re.I,
)
