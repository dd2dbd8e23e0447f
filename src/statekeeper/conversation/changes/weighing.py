"""How surely a new value is a new value of a known one: the evidence its sentence and
its turn give, added up to a score with the reasons for it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from statekeeper.conversation.changes.alternatives import an_alternative
from statekeeper.conversation.changes.bounds import moved_to
from statekeeper.conversation.changes.contrasts import concluded, matches_named
from statekeeper.conversation.changes.figures import one_value
from statekeeper.conversation.changes.kinds import one_per_day, peers_of, same_shape
from statekeeper.conversation.changes.labels import (
    LABELLED,
    anchor,
    label_before,
    names_near,
    quoted_title,
    with_slots,
)
from statekeeper.conversation.changes.operations import Known
from statekeeper.conversation.changes.out_of_reach import old_one_gone, out_of_reach
from statekeeper.conversation.changes.recurring_days import one_of_them, recurs
from statekeeper.conversation.changes.subjects import (
    asks_for,
    called_otherwise,
    clash,
    introduced_otherwise,
    moved_otherwise,
    of_another,
    owned_by_a_family,
    owned_by_another,
    owned_by_another_named,
    owned_by_one_named,
    reported_of_another,
    roles,
    told_of_its_antecedent,
    whose,
)
from statekeeper.conversation.changes.totals import stated_as_total
from statekeeper.conversation.changes.wording import SEGMENT_END, WEAK_CHANGE, clause_start
from statekeeper.conversation.clauses import Sentence
from statekeeper.conversation.cues import found, tables
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import (
    TypedValue,
    compatible,
    consecutive,
    near_variant,
    typed_values,
    weekday_of_date,
    within,
)

ACCEPT = 3  # the score an alignment needs

# Words before a time that make it an end of a window: "doors open from 6pm", "only until
# 10:30pm", "on at 21:15".
_BOUND_BEFORE = re.compile(
    r"\b(?:from|until|till|til|to|start(?:s|ing)?|open(?:s|ing)?|end(?:s|ing)?|finish(?:es|ing)?"
    r"|clos(?:e|es|ing)|on at|off at|begin(?:s|ning)?|kick(?:s|ing)? off)\s+(?:at\s+)?$",
    re.I,
)
_BOUND_REACH = 24  # characters before a time searched for those words


# Kinds whose values are named things (a person, a boat, a bus): of many things at once,
# so the only one in sight tells nothing of which thing a new one is of.
_LOOSE_KINDS = frozenset({"name", "code", "number"})
# Kinds a thing usually has one of, whose mere kind hints at the slot.
_SLOT_KINDS = frozenset({"phone", "email", "address", "size"})


@dataclass(frozen=True)
class WholeTurn:
    """What a whole turn says, read once for all of its new values."""

    text: str
    known: list[Known]
    restated: dict[tuple[str, str], int]  # where the turn states a value as it stands
    corrected: frozenset[str]  # the words of a slot the turn says it got wrong
    wrong_kinds: frozenset[str]  # the kinds of value it says it got wrong ("wrong day")
    reports: tuple[tuple[int, int, str], ...]  # others' words about a thing they name first
    repairs: int  # "I misread it": a value of this turn is a fix
    # values put forward, not stated (conversation/changes/rivals.py): the only value of
    # its kind in sight is enough to tell which one a value said in passing would replace
    forward: bool = False


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


# An arrow from a thing, or its old value, right before its new one: "our stall → 11:50",
# "venue -> Elm Barn" (not "Mon->Fri", a range written tight).
_ARROW_BEFORE = re.compile(r"\s(?:→|->|=>|⇒)\s+$")
_SPAN = re.compile(r"\d\s?[-–]\s?\d|\bto\b")


def _same_but(new: _New, old: Known) -> bool:
    """Whether the sentence keeps a kind of value the old one's source holds, and gives a
    new value of another kind: "Thursday, same time" for "Tuesday 6:30pm"."""
    same = new.sentence.said_same()
    if not same or new.value.kind in same:
        return False
    return any(v.kind in same for v in typed_values(old.source.text) if v != old.value)


def quoted(text: str, at: int) -> bool:
    """Whether a place in a text is inside a quotation: "Mo told her: "we can do it on
    6/30"" gives Mo's words, not the speaker's."""
    before = text[:at]
    return before.count('"') % 2 == 1 or before.count("“") > before.count("”")


def spans_alike(old: TypedValue, new: TypedValue) -> bool:
    """Whether two values are both spans ("May 3-6", "9am-5pm") or both single ones."""
    return bool(_SPAN.search(old.text)) == bool(_SPAN.search(new.text))


def _distinct(known: Sequence[Known]) -> list[Known]:
    """The known values, one of each where two write one value ("3:30" and "3:30pm")."""
    out: list[Known] = []
    for k in known:
        if not any(one_value(k.value, o.value) for o in out):
            out.append(k)
    return out


def new_value(
    whole: WholeTurn,
    sentence: Sentence,
    value: TypedValue,
    lead: str,
    named: str | None,
    candidates: Sequence[Known],
) -> _New:
    """A new value with the evidence its sentence, and the sentence before, give."""
    own = anchor(sentence.text, value)
    context = (
        own | topic_terms(_heading(sentence.text, value)) | topic_terms(_fronted(sentence.text))
        or topic_terms(_segment_before(sentence.text, value))
        or topic_terms(lead)
    )
    # the only known value it could be of, by its kind or else by the turn's own words;
    # for a value put forward, which only masks, a weekday beside its date is one day with
    # it (a stated change needs more: "fees rise as of March 3" moves no "Mon 2/24")
    peers = peers_of(value, candidates) or candidates
    alone = len(_distinct(one_per_day(peers) if whole.forward else peers)) == 1
    # the turn's only value of its kind for the only known one, with a change cue beyond a
    # bare "it's" or "new" ("it's Thursday" tells the day): one thing, changed
    values = typed_values(whole.text)
    arrowed = _ARROW_BEFORE.search(sentence.text, 0, value.start) is not None
    days = {d for d, _ in weekday_of_date(whole.text, values)} if whole.forward else set()
    sole = (
        alone
        and sum(compatible(v, value) for v in values if v not in days) == 1
        # a change said in its sentence, or a repair said anywhere in the turn ("I typo'd
        # the pax just now. client email says 108 pax")
        and (found("change", WEAK_CHANGE.sub(" ", sentence.text)) or whole.repairs > 0 or arrowed)
        and not quoted(sentence.text, value.start)  # another's words, relayed
    )
    return _New(
        sentence,
        value,
        with_slots(context),
        # whose or which one: a name said before the value ("the Hamburg load goes to Bay
        # 7"), not one told after it ("9:45am, and she'll be seeing Marisol")
        names_near(sentence.text[: value.start], own),
        label_before(sentence.text, value) if value.kind in LABELLED else "",
        named,
        alone,
        sole,
        found("change", sentence.text)
        + whole.repairs
        + concluded(sentence.text, value)
        + arrowed
        # a value put right as it was said ("3pm, no wait, 3:30pm"): the speaker's own repair
        + (named is not None and not any(matches_named(named, k) for k in candidates)),
        roles(sentence.text[: value.start]),
    )


def weigh(whole: WholeTurn, new: _New, old: Known) -> tuple[int, str] | None:
    """How surely `new` is a new value of `old`, and why; None when it is not."""
    if clash(new.roles, roles(f"{old.source.key or ''} {old.source.text}")):
        return None  # "my billing address" is no new shipping address
    if of_another(new.sentence.text, new.value, old):
        return None  # "the 20GB plan is $55": another plan's price
    if whose(new.sentence.text, new.value, old):
        return None  # "Dr. Okonkwo chairs Lin Zhao's committee": whose committee it is
    if owned_by_another(new.sentence.text, new.value, old):
        return None  # "the Hendersons' place went up to $700,000": theirs, not our listing
    at = new.sentence.start + new.value.start
    if not new.changes and owned_by_one_named(whole.text, at, new.value, old):
        return None  # "Ms Obi tutors him. Her pay is £30": hers, not what parents pay
    if owned_by_another_named(whole.text, at, new.value, old):
        return None  # "Mrs Okafor wants her call at 12:45": not Mr Banda's call
    if owned_by_a_family(new.sentence.text, new.value, old):
        return None  # "the Delaneys have put their two into Camp Osprey": their pick
    if asks_for(new.sentence.text, new.value):
        return None  # "Mrs Okafor wants ...": the one who asks, not a new value
    if reported_of_another(whole.reports, at, old):
        return None  # "mark says ziggy's booked for the 22nd": Ziggy's, not our booking
    if _ANOTHERS.search(new.sentence.text, 0, new.value.start):
        return None  # "this range belongs to another shipment, the NCL-77421": not ours
    if new.value.kind == "name" and _related(new.sentence.text, new.value):
        return None  # "a spare for her sister Ms Ruiz": her sister, not a new customer
    if an_alternative(new.sentence.text, new.value):
        return None  # "she offered either the 8th or the 10th": a choice still open
    if _end_of_absence(new.sentence.text, new.value):
        return None  # "Stéphane is sick until Wednesday": when he is back, no new day
    if _when_it_happened(new.sentence.text, new.value):
        return None  # "the ecologist was out Friday": when she came, no new day
    if within(new.value, old.value) and not _BOUND_BEFORE.search(
        new.sentence.text[max(0, new.value.start - _BOUND_REACH) : new.value.start]
    ):
        return None  # "10:05 sport" is a moment of the 10:00-12:00 show, not a new slot
    if _in_passing(new, old):
        return None  # "stump shade ND4 btw": one more detail, not a new shade
    if told_of_its_antecedent(new.sentence.text, new.value, old):
        return None  # "the depot, which now closes at 5:45": the depot's hours
    if recurs(old.source.text, old.value) and one_of_them(new.sentence.text, new.value):
        return None  # "next visit is Tuesday 17 June" is one of "every second Tuesday"
    if _titles_another_thing(new, old):
        return None  # "the closing film's 'Winter Ledger'" is no new "director Mireille ..."
    if introduced_otherwise(new.sentence.text, new.value, old):
        return None  # "a pledge of £25,000 towards the lantern": no new appeal target
    if consecutive(old.value, new.value) and not (new.changes or whole.repairs or new.named):
        return None  # "that's RB-2215" beside a known "RB-2214": the next record, unless fixed
    totals = _totals(new, old)
    if totals is False:
        return None  # "£18.50 a head, so £1,110": the sum is no new price of one
    score, reason = _score(
        old, new.value, new.near, new.named, new.alone, new.label, passing=whole.forward or new.sole
    )
    if not score and _same_role(new, old):
        # "Thursdays at 2:30 with Mr Collins" for "Tuesdays at 10:40 with Ruth Adeyemi": a
        # person in the place the known one had, in a sentence that changes
        score, reason = ACCEPT - 1, "the same role"
    if totals:  # "= £832.50", then "so £1,110": what the lines come to, both times
        score, reason = score + ACCEPT, ", ".join(filter(None, (reason, "both totals")))
    if score < ACCEPT and _restated_beside(new, old) >= _BESIDE:
        # "Thu May 2 at 11:40am with Dr Ruiz, Room 5" for "Thu May 2, 9:20am, Dr Ruiz,
        # Room 5": all else said again as it was, the one value in its place is its new one;
        # surest where it is all of one line of a pasted list or table (its row)
        row = _restated_beside(new, old, on_its_line=True) >= _BESIDE
        score, reason = ACCEPT + row, "the same values around it"
    start = new.sentence.start
    elsewhere = whole.restated.get((old.value.kind, old.value.key), start)
    slot_named = bool(whole.corrected & old.anchor)
    if slot_named:  # "ignore me on the caterer": the slot is named
        score, reason, elsewhere = score + ACCEPT, "the slot named as corrected", start
    # "sorry, wrong day, it's Wednesday": the kind named as wrong, of the only known value
    # of that kind
    kind_named = (
        not slot_named
        and new.alone
        and old.value.kind in whole.wrong_kinds
        and compatible(old.value, new.value)
    )
    if kind_named:
        score, reason, elsewhere = score + ACCEPT, "its kind named as wrong", start
    other = bool(new.names and old.names and not new.names & old.names)
    reach = out_of_reach(whole.text, old.value)
    standing = elsewhere != start and reach is None
    # a slip of the hand is no slip where the old value is said as standing in another
    # sentence ("CHEM1101 is two hours. ... set together with CHEM1102")
    weak = score < 10 and not (near_variant(old.value, new.value) and not standing)
    moved_apart = moved_otherwise(new.sentence.text, new.value, old)
    if weak and (standing or new.sentence.wanted_at(new.value.start) or other or moved_apart):
        # the old value stated as standing, a wish, another's value, or a value another
        # thing the clause names moved to
        return None
    apart = called_otherwise(new.sentence.text, new.value, old)
    gone = new.alone and old_one_gone(whole.text)  # "I closed the other account"
    # "Thursday, same time": the thing that has that time changes in something else
    same_but = _same_but(new, old)
    # "can't make Tuesday at 10 anymore. ... Thursday at 2pm works": the only known value of
    # its kind, out of reach, and a new one said after it
    after = new.alone and reach is not None and start + new.value.start >= reach and not apart
    if after and not score:  # a value only said before, out of reach: the one of its kind
        score = 1
    score += new.changes + gone + (new.sole and not apart) + 2 * (after or same_but)
    # put forward as where a thing would be moved to ("can we push the delivery to 12:30?"):
    # a rival of the moment it has, even beside the standing one said again
    score += whole.forward and moved_to(new.sentence.text, new.value)
    if whole.forward and new.alone and new.value.kind not in _LOOSE_KINDS:
        # put forward in a question, a supposition or a denial, of the only known value of
        # its kind ("that'd run $212.00, so we're gonna pass" beside "total: $138.00"): its
        # rival, only ever masked, never made a value
        score = max(score, ACCEPT)
    # a bare hour ("Thursday at 8") tells too little of what it is the time of to count
    # the words around it without a change said
    telling = _telling(reason) and not (new.value.kind == "time" and new.value.text.isdigit())
    if not (new.changes or gone or same_but or slot_named or kind_named or telling) and (
        reach is None
    ):
        # only its kind and label ("Room 310 is where the staff eat"): enough only where the
        # turn surely changes the same thing
        score = min(score, ACCEPT - 1)
    if not reason:  # a value said in passing, placed by the turn's words alone
        reason = "said after the old one was taken back" if after else "its kind, a change said"
    return (score, reason) if score > 0 else None


# A relation just before a name: "her sister ", "my nephew, ".
_RELATION_BEFORE = re.compile(rf"\b(?:{'|'.join(tables()['relations'])})[,:]?\s+$")

# A value named as that of another thing than ours, right before it: "another shipment,
# the NCL-77421", "a different booking, BK-2231".
_ANOTHERS = re.compile(
    r"\b(?:another|a different|some other)\s+[\w-]+(?:\s+[\w-]+)?,?\s+(?:the\s+|namely\s+)?$",
    re.I,
)
def _related(sentence: str, value: TypedValue) -> bool:
    """Whether a name follows the relation it has to someone ("her sister Ms Ruiz",
    "her son, Tom"): that person, named for who they are to another."""
    return _RELATION_BEFORE.search(sentence[: value.start].lower()) is not None


_UNTIL = re.compile(r"\b(?:until|till|til|through)\s+(?:(?:the|next|this)\s+)?$", re.I)


# Someone's visit told in the past, right before its day: "the ecologist was out Friday",
# "the inspector came round on Tuesday", "he came to see the flat on Monday" (not "the
# meeting was moved to Friday").
_VISITED = re.compile(
    r"\b(?:was|were|came|went|called|rang|phoned|popped|dropped)\s+(?:in|out|over|round|around|"
    r"by|here|there|on site|onsite|back)?\s*"
    # ... and what for: "came to look at the loft on Tuesday", "went to measure up on Monday"
    r"(?:to\s+[a-z]+(?:\s+(?!on\b)[\w'-]+){0,3}\s+)?(?:on\s+|last\s+)?$",
    re.I,
)


def _when_it_happened(sentence: str, value: TypedValue) -> bool:
    """Whether a day is when someone came or was there, told in the past: no new day of
    what the record plans."""
    return value.kind in {"weekday", "date"} and (
        _VISITED.search(sentence, 0, value.start) is not None
        or _GONE.match(sentence, value.end) is not None  # "our call of Friday last"
    )


# A day said to be past, right after it: "Friday last", "Monday just gone".
_GONE = re.compile(r"\s+(?:last|just gone|gone|past)\b(?!\s+(?:week|month|year|time))", re.I)


def _end_of_absence(sentence: str, value: TypedValue) -> bool:
    """Whether a value ends a spell someone or something is out of reach, in its own clause:
    "she's off sick until Wednesday", "the lift is out of order till the 9th"."""
    if _UNTIL.search(sentence, 0, value.start) is None:
        return False
    return found("unavailable", sentence[clause_start(sentence, value.start) : value.start])


def _totals(new: _New, old: Known) -> bool | None:
    """Whether a new sum and a known amount are both totals (True), the new one a total
    and the old one a line of a text that has its own total (False), or neither."""
    new_total = stated_as_total(new.sentence.text, new.value)
    if not new_total:
        return None
    if stated_as_total(old.source.text, old.value):
        return True
    others = (v for v in typed_values(old.source.text) if v != old.value)
    return False if any(stated_as_total(old.source.text, v) for v in others) else None


def _in_passing(new: _New, old: Known) -> bool:
    """Whether a value is added by the way ("btw", "also"), with no change said and the
    old value neither named nor mistyped."""
    return (
        not new.changes
        and found("in_passing", new.sentence.text)
        and not matches_named(new.named, old)
        and not near_variant(old.value, new.value)
    )


# A word that gives a person a part in an arrangement: "with Dr Lee", "by Ana".
_ROLE = re.compile(r"\b(with|by|from|for|to|via|under)\s+$", re.I)


def _same_role(new: _New, old: Known) -> bool:
    """Whether a name follows the word that the known name follows in its source."""
    if not new.value.kind == old.value.kind == "name":
        return False
    ours = _ROLE.search(new.sentence.text[: new.value.start])
    theirs = _ROLE.search(old.source.text[: old.value.start])
    return bool(ours and theirs and ours.group(1).lower() == theirs.group(1).lower())


_BESIDE = 2  # values of the old one's source said again beside the new one


def _titles_another_thing(new: _New, old: Known) -> bool:
    """Whether a title in quotes is said of a thing its words name ("closing film's
    'Winter Ledger'") while the old value is labelled otherwise ("director Mireille
    Gauthier") and that label is not said by the new one: a work's title, not the old
    one's value."""
    if not quoted_title(new.sentence.text, new.value):
        return False
    said = label_before(new.sentence.text, new.value)
    was = label_before(old.source.text, old.value)
    return bool(said and was) and said != was and was not in new.near


def _restated_beside(new: _New, old: Known, on_its_line: bool = False) -> int:
    """How many other values of the old value's source (or, `on_its_line`, of the old
    value's own line in it) the new value's sentence says again as they were, when the new
    value is the only one of its kind in it."""
    beside = [v for v in typed_values(new.sentence.text) if v != new.value]
    if any(compatible(v, new.value) for v in beside):
        return 0  # another value of its kind beside it: which one takes the old one's place?
    text = old.source.text
    first, last = 0, len(text)
    if on_its_line:
        first = text.rfind("\n", 0, old.value.start) + 1
        end = text.find("\n", old.value.end)
        last = end if end >= 0 else last
    others = {
        v.key: v.kind
        for v in typed_values(text[first:last])
        if v.start + first != old.value.start
    }
    again = others.keys() & {v.key for v in beside}
    if all(others[key] in _LOOSE_KINDS for key in again):
        return 0  # names and codes say which thing it is, not that all else is as it was
    return len(again)


def _heading(sentence: str, value: TypedValue) -> str:
    """What a colon before a value introduces it as ("the new terms: $612, June 9"): the
    words before the colon tell what the values after it are."""
    colon = sentence.rfind(": ", 0, value.start)
    return sentence[:colon] if colon >= 0 else ""


# A topic set before the clause that speaks of it: "Also per-diem, management agreed LKR
# 16,500", "As for the rent, the landlord wants $1,450", "Re parking - it's £12 a day now".
_FRONTED = re.compile(
    r"^\s*(?:also|and also|oh and|plus|as for|as to|re|regarding|about)\s+"
    r"((?:the\s+|our\s+|their\s+|her\s+|his\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})"
    r"\s*(?:,|\s[-–—])\s+(?=\S)",
    re.I,
)


def _fronted(sentence: str) -> str:
    """The topic a sentence opens with before a comma or a dash: what its values are of."""
    fronted = _FRONTED.match(sentence)
    return fronted.group(1) if fronted else ""


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
    if not _BARE_PREPOSITION.fullmatch(own):
        return ""  # "so two tents at $300 each": its segment says what it is; "now, at
        # 16:00" says nothing of what
    start = max((m.end() for m in ends[:-1]), default=0)
    return sentence[start : ends[-1].start()]


_BARE_PREPOSITION = re.compile(
    r"\W*(?:(?:at|by|on|from|around|about|until|till|before|after)\W*)?", re.IGNORECASE
)

# Evidence that ties a new value to an old one beyond their kind and label.
_TELLING = (
    "named as the old value",
    "a slip of the hand",
    "the same words",
    "its unit named",
    "the same values around it",
    "both totals",
)


def _telling(reason: str) -> bool:
    return any(evidence in reason for evidence in _TELLING)


def _score(
    old: Known,
    new: TypedValue,
    near: frozenset[str],
    named: str | None,
    alone: bool,
    label: str = "",
    passing: bool = False,
) -> tuple[int, str]:
    if matches_named(named, old):
        return 10, "named as the old value"
    score, reasons = 0, []
    variant = near_variant(old.value, new)
    if variant:
        score, reasons = 3, ["a slip of the hand"]

    # a count of a thing two words name ("brisket sandwiches"): named as words around it are
    shared = len(old.anchor & near) + (
        old.value.kind == "quantity" == new.kind and " " in new.unit and old.value.unit == new.unit
    )
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
    plain = passing and alone and new.kind not in _LOOSE_KINDS
    # a count of one thing named by its noun alone ("3 movers", then "4 movers") tells what
    # is counted, where a measure ("5 hours", "40 kg") may be of anything: enough to weigh
    # a value only said in passing, not to change it without a change said
    counted = new.kind == "quantity" and " " not in new.unit and not found("measures", new.unit)
    if old.source.fact_id is None and not (variant or shared or plain or counted):
        return 0, ""  # a value only said in passing needs more than its kind
    return score, ", ".join(reasons) or "its kind"
