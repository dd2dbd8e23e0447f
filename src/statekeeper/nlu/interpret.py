"""Reading conversation for the specification's four supersession rules: the cue tables,
scope from conversation, what a text marks as past, and which statements conflict (what a
turn asserts is read in `statekeeper.nlu.assertions`).

Deterministic rules. Cues are tables of phrasings matched on word boundaries; what they
change is decided against the live facts (which fact is in focus, which one a subject names,
who said what with which authority), never against a data set's sentences.
"""

from __future__ import annotations

import re
from collections.abc import Set
from enum import Enum
from functools import lru_cache

from statekeeper.context.hygiene import value_parts
from statekeeper.conversation.cues import WORD_CLOSE, WORD_OPEN, any_case, found
from statekeeper.nlu.topic import (
    identifiers,
    mentions,
    overlap,
    shares_identifier,
    topic_terms,
    value_kind,
)


def lowercase_union(*tables: re.Pattern[str]) -> re.Pattern[str]:
    """Tables of lowercase cues as one case-sensitive pattern, to search in lowercased text:
    Python's regex engine searches that several times faster than a case-blind pattern,
    and a yes-or-no test needs no positions in the original text. The cues of word tables
    go inside one pair of word boundaries, which the engine tries once at each place
    instead of once a table."""
    if any(re.search(r"[A-Z]", table.pattern) for table in tables):
        raise ValueError("only tables of lowercase cues can be searched in lowercased text")
    words = [t.pattern[len(WORD_OPEN) : -len(WORD_CLOSE)] for t in tables if _is_word_table(t)]
    others = [f"(?:{t.pattern})" for t in tables if not _is_word_table(t)]
    return re.compile(
        "|".join(([WORD_OPEN + "|".join(words) + WORD_CLOSE] if words else []) + others)
    )


def _is_word_table(table: re.Pattern[str]) -> bool:
    return table.pattern.startswith(WORD_OPEN) and table.pattern.endswith(WORD_CLOSE)


# A hold asks the listener to wait; on its own, or after what the speaker is busy with
# ("can't find it, hang on"), it pauses the same matter. Only followed by another matter
# ("one sec, the plumber is here") does it open a digression.
HOLD = any_case("hold")
HOLD_NEEDS = 2  # content words after a hold that make it another matter
OPEN_DIGRESSION = any_case("open_digression")
OPEN_HYPOTHETICAL = any_case("open_hypothetical")
# Words that open a hypothetical only at the head of a sentence, as a bidding: "Say we got
# $90,000", "Assume the team grows", "Imagine we doubled it", "Suppose the vendor says no"
# (but "I'd say we ship Friday" states a plan, "Say thanks to the team" asks for something,
# and "I can't imagine", "I suppose so" and "I pretended not to care" report or hedge).
OPEN_HYPOTHETICAL_HEAD = re.compile(
    r"(?:^|[.!?]\s+)\W*(?:(?:let'?s|just)\s+)?(?:say\s+(?:we|you|they|i|someone|somebody|a|an)"
    r"|assume|assuming|imagine|suppose|supposing|pretend)\b",
    re.IGNORECASE,
)
CLOSE_SIDE = any_case("close_side")
COMMITS = any_case("commits")
CORRECTION = any_case("correction")
# A statement that gives something a new value: correction cues, and the words of a
# changed plan or schedule.
CHANGE = any_case("new_value")
# A correction that points back at what was just said rather than naming it.
POINTS_BACK = any_case("points_back")


def points_back(text: str) -> bool:
    return POINTS_BACK.search(text) is not None


NEGATED_CHANGE = any_case("negated_change")
# A story about the past states no current value: "last year the price went up to $40".
HISTORICAL = any_case("historical")


def narrates(sentence: str) -> bool:
    """A sentence set in the past, telling what happened: "historically ...", "we went to
    the lake last Friday", "back when I started they had me in on a Wednesday". One that
    tells of a changed arrangement at a past time still counts ("last week we moved the
    review to Monday"); inside a frame of times gone by ("when we first opened we switched
    to Fridays") it does not."""
    lowered = sentence.lower()
    if HISTORICAL.search(lowered):
        return True
    framed = found("past_frame", lowered)  # "back when I started", "we used to"
    if not framed and (not found("past_time", lowered) or found("plan_change", lowered)):
        return False
    return _HOLDS_NOW.search(lowered) is None  # "I'm at ... now, left Acme last month"


# A sentence that also says what holds now is no story of the past.
_HOLDS_NOW = re.compile(r"\b(?:now|these days|currently|from now on|going forward|anymore)\b")


# An opening interrogative asks; its negative contraction states ("Can't do Tuesday, move
# it"), unless a pronoun follows it ("Can't we move it"), and "do" before what is done
# orders it ("Do the 11th instead.").
QUESTION = re.compile(
    r"\?['\"’”]*\s*$|^(what|when|where|who|which|how|why|can|could|should|does|is|are|will"
    r"|do(?!\s+(?:the|a|an|it|that|this|them)\b))(?![\w'])"
    r"|^(can'?t|cannot|(could|should|would|do|does|is|are|wo)n'?t)\s+(we|you|i|they|he|she|it)\b",
    re.IGNORECASE,
)
# A request to the assistant is an instruction in a question's form: "Could you update my
# phone number to 555-9876?" (but "Can we move it?" asks whether).
REQUEST = re.compile(
    r"^\W*(?:please\s+)?(?:can|could|may)\s+i\s+(?:please\s+)?(?:get|have)\b"  # for oneself
    r"|^\W*(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+|kindly\s+)?"
    r"(?:update|change|switch|move|set|make|send|ship|book|reschedule|push|bump|cancel|use|"
    r"replace|correct|fix|raise|lower|increase|reduce|extend|rename|add|put|drop|remove)\b",
    re.IGNORECASE,
)
# A musing asks without a question mark: "I wonder whether we should move it".
HEDGE = any_case("hedge")

# Words that mark a value as history ("originally Friday", "changed from $50K"). A plain
# "not" negates; it does not date anything ("do not renew TechCorp" keeps TechCorp current).
PAST_MARKER = any_case("past_marker")
CONTRAST = any_case("contrast")


class Transition(Enum):
    NONE = "none"
    DIGRESSION = "digression"
    HYPOTHETICAL = "hypothetical"
    CLOSE = "close"


def transition(text: str) -> Transition:
    """Does this turn open a side scope (an interruption, a hypothetical) or close one?"""
    head = text[:80]
    if CLOSE_SIDE.search(text):
        return Transition.CLOSE
    opens = OPEN_DIGRESSION.search(head) or OPEN_DIGRESSION.search(_first_sentence(text))
    if opens and found("self_repair", _first_sentence(text[opens.end() :])):
        opens = None  # "eh wait, that figure I keyed is the wrong one": a repair, same matter
    if opens or _another_matter(text, HOLD.search(head)):
        return Transition.DIGRESSION
    if OPEN_HYPOTHETICAL.search(text) or OPEN_HYPOTHETICAL_HEAD.search(text):
        return Transition.HYPOTHETICAL
    return Transition.NONE


def _first_sentence(text: str) -> str:
    """A turn's opening sentence, where another matter may be said to open past its first
    words ("Sorry, the caretaker is at the door about the shed keys, different matter."), at
    most `_OPENING_MOST` characters of it."""
    end = re.search(r"[.!?\n]", text)
    return text[: min(end.start() if end else len(text), _OPENING_MOST)]


_OPENING_MOST = 160


def held(text: str) -> str | None:
    """What follows a mere hold that opens a turn ("one sec, Ruiz is out sick ..."), when
    no word of another matter opens it; None otherwise."""
    head = text[:80]
    hold = HOLD.search(head)
    if hold is None or OPEN_DIGRESSION.search(head):
        return None
    return text[hold.end() :]


def since_return(text: str) -> str:
    """A text from where it goes back to the main line ("Logged: parcel C-118. Back to
    the visit?" from "Back to"); the whole text when it does not."""
    back = CLOSE_SIDE.search(text)
    return text[back.start() :] if back else text


def aside(text: str) -> str | None:
    """The part of a turn that opens another matter and returns within the same turn ("quick
    tangent, my dentist moved me to May 12. anyway, back to the group tour ..."): from the
    words that open it to those that return. None when the turn holds no such part."""
    opened = OPEN_DIGRESSION.search(text[:80])
    back = CLOSE_SIDE.search(text, opened.end()) if opened else None
    return text[opened.start() : back.start()] if opened and back else None


def _another_matter(text: str, hold: re.Match[str] | None) -> bool:
    """Whether a hold is followed by something of another matter ("the courier's here"),
    not a mere pause."""
    if hold is None:
        return False
    after = text[hold.end() :].lower()
    if found("self_repair", after):
        return False  # "hold on, I misread it: it's 481" goes back over the same matter
    return len(topic_terms(after)) >= HOLD_NEEDS or found("interruption", after)


def commits(text: str) -> bool:
    return COMMITS.search(text) is not None and not OPEN_HYPOTHETICAL.search(text)


def is_question(text: str) -> bool:
    """A turn that asks, with a question mark or as a musing; it changes nothing. A request
    to do something is no question."""
    text = text.strip()
    if REQUEST.match(text) or _SUBJECT_DROPPED.match(text):
        return False
    tag = _TAG.search(text)
    if tag is not None:  # "management agreed 16,500 a day, no?": a statement, tagged
        return _ASKS.match(text[: tag.start()]) is not None
    return QUESTION.search(text) is not None or HEDGE.search(text) is not None


# A tag after a statement that looks for agreement, not an answer: ", no?", ", na?", ", eh?",
# ", innit?", ", ne?", ", ja?", ", lah?". ("..., right?" may doubt what it says: not here.)
_TAG = re.compile(r",\s*(?:no|na|naa|nah|eh|innit|ne|ja|lah|la|hey)\s*\?+['\"’”]*\s*$", re.I)
# A question asked before such a tag: "are you coming, no?" still asks.
_ASKS = re.compile(
    r"(?:what|when|where|who|which|how|why|can|could|should|does|do|is|are|will|would|did)\b",
    re.I,
)


# "Is 8,400, not 4,800." or "Should read 7FAR...54." with no question mark: "it" left out
# of a statement, not a question.
_SUBJECT_DROPPED = re.compile(
    r"^(?:is|are|was|were)\s+(?:[^,?]|,(?=\d)){1,40},?\s+not\s+[^?]*$"
    r"|^(?:should|will|must)\s+(?:be|read|say|show|cost|start|end|finish|arrive|leave|land)\b"
    r"[^?]*$",
    re.I,
)


def superseded_alternatives(text: str, values: list[str], live: Set[str]) -> list[str]:
    """In a turn that tells a history of changes ("originally Friday, then Thursday, final
    is Monday"), the figures of the slot whose current value is known are the dead ones. A
    short turn tells one history; a long message runs through several matters, so there
    only the sentence that tells it counts."""
    if not _TELLS_HISTORY.search(text.lower()):
        return []
    dead: list[str] = []
    said = _HISTORY_SENTENCE.split(text)
    for sentence in said if len(said) > _ONE_MATTER else [text]:
        if not _TELLS_HISTORY.search(sentence.lower()):
            continue
        lowered = sentence.lower()
        here = [v for v in values if v.lower() in lowered]
        marked = set(past_spans(sentence, here))  # what it calls past is not its current one
        for family in (("money",), ("percent",), ("time", "date", "duration"), ("number",)):
            members = [v for v in here if value_kind(v) in family]
            held = [v for v in members if v in live and v not in marked]
            if len(members) >= 2 and held:
                dead += [
                    v
                    for v in members
                    if v not in live
                    and not _one_value(sentence, v, held)
                    and not _said_as_new(lowered, v.lower())
                ]
    return list(dict.fromkeys(dead))


# What marks the value just before it as the one that holds now: "Thursday the tenth
# instead", "£40 now", "room 6 from now on".
_NEW_AFTER = re.compile(r"[\w\s'-]{0,20}?\b(?:instead|now|from now on|going forward)\b")


def _said_as_new(text: str, value: str) -> bool:
    """Whether a text says a value as the one that now holds, wherever it says it."""
    return any(
        _NEW_AFTER.match(text, m.end()) for m in re.finditer(re.escape(value), text)
    )


_ONE_MATTER = 4  # sentences a turn may have and still be of one matter
# Where one sentence of a message ends and the next begins.
_HISTORY_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+|\bfull stop\b", re.I)  # dictated too


def _one_value(text: str, value: str, others: list[str]) -> bool:
    """Whether `value` stands right beside one of `others`, so that both are parts of one
    value ("Saturday July 26", "3pm Friday"): a part of the new value shares a word with
    the old one, and is no rival of it."""
    lowered = text.lower()
    return any(
        re.search(rf"{re.escape(a)}[\s,]{{1,2}}{re.escape(b)}", lowered)
        for other in others
        for a, b in ((value, other), (other, value))
    )


# What may stand between two figures a history marker covers: "originally Friday, then
# Thursday", "previously 3pm and 4pm". Anything else ("originally $50, now $60", "from
# $50K to $45K", "instead of Friday we ship Monday") ends the marker's reach.
CONTINUES = re.compile(r"^[\s,/&]*(?:(?:and|or|then|and then|later|after that)[\s,]*)?$", re.I)
# A value followed by this and then a new value of its kind is the old one ("your $200K is
# now $140K", "Friday -> Monday").
_BECOMES_CUE = r"(?:is|are)\s+now|(?:has|have)\s+(?:now\s+)?become|becomes|became|->|→|=>"
BECOMES = re.compile(rf"\s*(?:{_BECOMES_CUE})\s*", re.IGNORECASE)


_MARKS_PAST = lowercase_union(PAST_MARKER, re.compile(_BECOMES_CUE))
_TELLS_HISTORY = lowercase_union(CORRECTION, PAST_MARKER, COMMITS)


def past_spans(text: str, values: list[str]) -> list[str]:
    """Values a turn itself marks as past ("originally X", "instead of X", "X is now Y")."""
    if not _MARKS_PAST.search(text.lower()):
        return []  # most texts mark nothing as past: no pattern per value to build
    found = []
    for value in values:
        for match in re.finditer(re.escape(value), text, re.IGNORECASE):
            window = text[max(0, match.start() - 30) : match.start()]
            window = re.split(r"[.;!?]|,\s+(?:and|but)\b", window)[-1]  # the marker's own clause
            for other in values:  # a marker reaches past a figure only along a list
                at = window.lower().rfind(other.lower())
                if other != value and at >= 0 and not CONTINUES.match(window[at + len(other) :]):
                    window = window[at + len(other) :]
            if PAST_MARKER.search(window) or _replaced_in_place(text, match.end(), value, values):
                found.append(value)
                break
    return found


def _replaced_in_place(text: str, end: int, value: str, values: list[str]) -> bool:
    """Is the value at `end` followed by "is now" (or an arrow) and another of its kind?"""
    step = BECOMES.match(text, end)
    if step is None or step.end() == end:
        return False
    rest = text[step.end() :].lower()
    kind = value_kind(value)
    return any(
        other != value and rest.startswith(other) and value_kind(other) == kind for other in values
    )


EXTRACTION_ATTEMPT = any_case("extraction_attempt")


@lru_cache(maxsize=65536)
def extraction_attempt(text: str) -> bool:
    """A turn fishing for what this user may not see (other parties' data, hidden rules)."""
    return EXTRACTION_ATTEMPT.search(text) is not None


REFUTATION = re.compile(
    r"\b(?P<who>[A-Z][\w]*(?:\s+[A-Z0-9][\w]*)?)(?:'s)?\s+(?:diagnosis\s+|assessment\s+|analysis\s+|"
    r"estimate\s+|numbers?\s+|claim\s+|advice\s+)?(?:was|is|were|are)\s+(?:also\s+|actually\s+)?"
    r"(?:wrong|incorrect|mistaken|inaccurate|off|not right)"
)


def refuted_speakers(text: str) -> list[str]:
    """Who a turn says was wrong ("the L1 diagnosis was wrong" names L1)."""
    return [m.group("who").split()[-1].lower() for m in REFUTATION.finditer(text)]


# A statement that stops something and one that lets it go on cannot both hold.
RESTRICTS = any_case("restricts")
PERMITS = any_case("permits")


def opposed(a: str, b: str) -> bool:
    """One statement restricts what the other permits ("freeze deploys" against "deploys
    are fine again, go ahead")."""

    def stance(text: str) -> tuple[bool, bool]:
        return RESTRICTS.search(text) is not None, PERMITS.search(text) is not None

    (stops_a, lets_a), (stops_b, lets_b) = stance(a), stance(b)
    return (stops_a and not lets_a and lets_b and not stops_b) or (
        stops_b and not lets_b and lets_a and not stops_a
    )


def conflicts(a: str, b: str, needed: int = 3) -> bool:
    """Two statements on one subject that cannot both hold. Evidence adds up: shared subject
    words, a contrast cue ("instead", "capped", "now requires") or opposed stances (a freeze
    against a go-ahead), and figures of one kind that disagree ("2 weeks" against "3 days")."""
    shared = overlap(a, b)
    if shared == 0:
        return False
    cue = CONTRAST.search(a) is not None or CONTRAST.search(b) is not None or opposed(a, b)
    clash = figures_clash(a, b)
    return (cue or clash) and shared + cue + clash >= needed  # shared words alone: a follow-up


def corrects(text: str) -> bool:
    """Does a statement present itself as a correction or reversal of something said?"""
    return (
        bool(refuted_speakers(text))
        or CORRECTION.search(text) is not None
        or CONTRAST.search(text) is not None
    )


def figures_clash(a: str, b: str) -> bool:
    """Both state figures of one kind (amounts, durations, dates), and none of them agree.
    A figure within a limit the other states ("$800k" under "under $1M") agrees with it,
    and a threshold that sets a rule off ("any purchase over $100K needs approval") states
    no value for anything to disagree with: it clashes only with a figure above it, in a
    statement of the opposite stance (a freeze over $25k against a go-ahead for $50k)."""
    left, right = value_parts(a), value_parts(b)
    for family in (("money",), ("percent",), ("time", "date", "duration"), ("number",)):
        mine = {p for p in left if value_kind(p) in family}
        theirs = {p for p in right if value_kind(p) in family}
        if not mine or not theirs or mine & theirs:
            continue
        low = mine if _thresholds(a, mine) else theirs if _thresholds(b, theirs) else None
        if low is not None:
            if _above(low, theirs if low is mine else mine) and opposed(a, b):
                return True  # "freeze purchases over $25k" against "buy the $50k server"
            continue
        within = _within_limit(a, mine, theirs, b.lower())
        if within is None:
            within = _within_limit(b, theirs, mine, a.lower())
        if within is None or not within:
            return True
    return False


_LOWER_BOUND = re.compile(
    r"(?:over|above|(?:more|greater|longer|larger|higher) than|exceeding|in excess of|beyond|at least|"
    r"upwards of)\s*$",
    re.IGNORECASE,
)


def _thresholds(text: str, figures: set[str]) -> bool:
    """Is every one of these figures a lower threshold in `text` ("over $100K")?"""
    lowered = text.lower()
    for figure in figures:
        at = lowered.find(figure)
        if at < 0 or not _LOWER_BOUND.search(lowered[max(0, at - 20) : at]):
            return False
    return True


def _above(bounds: set[str], figures: set[str]) -> bool:
    """The figures on the other side of a lower threshold are all above it."""
    lows = [x for f in bounds if (x := amount(f)) is not None]
    highs = [x for f in figures if (x := amount(f)) is not None]
    if len(lows) < len(bounds) or len(highs) < len(figures):
        return False  # a figure that is no amount cannot be compared
    return all(high > min(lows) for high in highs)


_UPPER_BOUND = re.compile(
    r"(?:under|below|less than|up to|at most|max(?:imum)?(?: of)?|capped at|cap of|no more than|"
    r"not to exceed|within)\s*$",
    re.IGNORECASE,
)


_LIMIT_WORD = re.compile(
    r"(?:under|below|less than|up to|at most|max(?:imum)?|capped at|no more than|over|above|"
    r"more than|at least|exceeding|beyond|min(?:imum)?)\s*$",
    re.IGNORECASE,
)


def _within_limit(text: str, bounds: set[str], values: set[str], other_text: str) -> bool | None:
    """None unless every figure in `bounds` is an upper limit in `text`; then whether all
    `values` fall within the tightest limit."""
    lowered = text.lower()
    limits = []
    for bound in bounds:
        at = lowered.find(bound)
        if at < 0 or not _UPPER_BOUND.search(lowered[max(0, at - 20) : at]):
            return None
        limits.append(amount(bound))
    if any(
        _LIMIT_WORD.search(other_text[max(0, other_text.find(v) - 20) : other_text.find(v)])
        for v in values
        if other_text.find(v) >= 0
    ):
        return None  # two limits, not a figure against a limit
    figures = [amount(v) for v in values]
    if any(x is None for x in limits + figures):
        return None
    return all(f <= min(limits) for f in figures)  # type: ignore[operator,type-var]


_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9}
_UNIT_DAYS = {
    "minute": 1 / 1440,
    "hour": 1 / 24,
    "day": 1,
    "week": 7,
    "month": 30,
    "quarter": 91,
    "year": 365,
}


def amount(figure: str) -> float | None:
    """A figure as a number (money in units, durations in days), or None."""
    match = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*(k|m|b|thousand|million|billion)?\b", figure.lower())
    if not match:
        return None
    number = float(match.group(1).replace(",", ""))
    if match.group(2):
        number *= _SCALE[match.group(2)]
    unit = re.search(r"(minute|hour|day|week|month|quarter|year)s?\b", figure.lower())
    return number * _UNIT_DAYS[unit.group(1)] if unit else number


def same_signal(a: str, b: str) -> bool:
    """Two environment signals about the same thing (a ticket, a build, a contract). Two
    different identifiers name two things, however alike the rest of the wording."""
    codes_a, codes_b = _codes(a), _codes(b)
    if codes_a and codes_b:
        return bool(codes_a & codes_b)
    return shares_identifier(a, b) or overlap(a, b) >= 2


def _codes(text: str) -> frozenset[str]:
    """Identifiers with a number in them (INC-4521, #882), not acronyms (ETA, EU)."""
    return frozenset(i for i in identifiers(text) if any(c.isdigit() for c in i))


__all__ = [
    "Transition",
    "commits",
    "conflicts",
    "extraction_attempt",
    "is_question",
    "mentions",
    "past_spans",
    "same_signal",
    "transition",
]
