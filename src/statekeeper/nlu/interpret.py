"""Reading state changes out of conversation: the specification's four supersession rules,
scope from conversation, and reversions.

Deterministic rules. Cues are tables of phrasings matched on word boundaries; what they
change is decided against the live facts (which fact is in focus, which one a subject names,
who said what with which authority), never against a data set's sentences.
"""

from __future__ import annotations

import re
from collections.abc import Set
from dataclasses import dataclass
from enum import Enum

from statekeeper.context.hygiene import value_parts
from statekeeper.nlu.topic import (
    identifiers,
    mentions,
    overlap,
    shares_identifier,
    topic_terms,
    value_kind,
    value_kinds,
)

_OPEN, _CLOSE = r"(?<![\w'])(?:", r")(?![\w'])"  # a table's cues stand as whole words


def _table(*phrases: str) -> re.Pattern[str]:
    return re.compile(_OPEN + "|".join(phrases) + _CLOSE, re.IGNORECASE)


def lowercase_union(*tables: re.Pattern[str]) -> re.Pattern[str]:
    """Tables of lowercase cues as one case-sensitive pattern, to search in lowercased text:
    Python's regex engine searches that several times faster than a case-blind pattern,
    and a yes-or-no test needs no positions in the original text. The cues of word tables
    go inside one pair of word boundaries, which the engine tries once at each place
    instead of once a table."""
    if any(re.search(r"[A-Z]", table.pattern) for table in tables):
        raise ValueError("only tables of lowercase cues can be searched in lowercased text")
    words = [t.pattern[len(_OPEN) : -len(_CLOSE)] for t in tables if _is_word_table(t)]
    others = [f"(?:{t.pattern})" for t in tables if not _is_word_table(t)]
    return re.compile("|".join(([_OPEN + "|".join(words) + _CLOSE] if words else []) + others))


def _is_word_table(table: re.Pattern[str]) -> bool:
    return table.pattern.startswith(_OPEN) and table.pattern.endswith(_CLOSE)


OPEN_DIGRESSION = _table(
    r"hold on",
    r"hang on",
    r"one sec(ond)?",
    r"one (moment|minute)",
    r"just a (moment|minute|sec(ond)?)",
    r"(pardon|excuse) the interruption",
    r"interrupting (briefly|quickly|for a (moment|minute|sec(ond)?))",
    r"(i )?(need|have|got|gotta) to take this( call)?",
    r"quick question",
    r"side note",
    r"(quick )?aside",
    r"off[- ]topic",
    r"random thought",
    r"on (another|a different|an unrelated) note",
    r"before i forget",
    r"sidebar",
    r"switching gears",
    r"unrelated(ly)?",
    r"sorry to interrupt",
    r"let me interrupt",
    r"something (urgent )?came up",
    r"urgent(ly)?:",
    r"quick interruption",
    r"tangent",
)
OPEN_HYPOTHETICAL = _table(
    r"what if",
    r"suppose",
    r"supposing",
    r"hypothetical(ly)?",
    r"imagine",
    r"brainstorm(ing)?",
    r"thinking (out loud|aloud)",
    r"if we (had|were to)",
    r"in theory",
    r"theoretically",
    r"in an ideal world",
    r"exploratory",
    r"just exploring",
    r"rough (estimate|estimation|numbers)",
    r"ballpark",
    r"let'?s say",
    r"for the sake of argument",
    r"in a scenario",
    r"scenario where",
    r"speculat(e|ing|ion)",
    r"don'?t quote me",
    r"off the top of my head",
    r"playing devil'?s advocate",
)
CLOSE_SIDE = _table(
    r"back to",
    r"anyway",
    r"anyhow",
    r"where were we",
    r"as i was saying",
    r"returning to",
    r"let'?s (get back|continue|resume|return)",
    r"that'?s enough",
    r"enough (of that|for now)",
    r"real commitments?",
    r"for real",
    r"resolved",
    r"done with (that|the)",
    r"continuing",
    r"resuming",
    r"getting back",
    r"picking (this|that|it) back up",
)
COMMITS = _table(
    r"decided",
    r"decision",
    r"confirmed",
    r"commit(ted|ment)?",
    r"final(ized)?",
    r"official(ly)?",
    r"approved",
    r"signed",
    r"going with",
    r"let'?s go with",
    r"locked in",
)
CORRECTION = _table(
    r"actually",
    r"scratch that",
    r"correction",
    r"typo",
    r"my (mistake|bad)",
    r"(i )?misspoke",
    r"i was wrong",
    r"(let me )?correct myself",
    r"i meant",
    r"no wait",
    r"wait,? no",
    r"instead",
    r"change (that|it|this) to",
    r"no longer",
    r"overrid(e|ing|den)",
    r"revis(e|ed|ing)",
    r"updated?",
    r"going forward",
    r"from now on",
    r"as of (today|now|this \w+)",
    r"turns out",
    r"make (that|it)",
    r"switch(ing|ed)? (to|over)",
    r"moved? (it )?to",
    r"changed",
)
# A statement that gives something a new value: correction cues, and the words of a
# changed plan or schedule.
CHANGE = _table(
    r"new (plan|date|time|deadline|schedule|target|timeline|figure|number|price|budget)",
    r"change of plans?",
    r"plan b",
    r"now",
    r"reschedul(e|ed|ing)",
    r"postpon(e|ed|ing)",
    r"push(ed|ing)? (back|out)",
    r"brought forward",
    r"moved( up)?",
    r"delay(ed)?",
    r"slipp?(ed|ing|s)?",
    r"instead",
    r"actually",
    r"correction",
    r"revis(e|ed|ing)",
    r"updated?",
    r"going forward",
    r"from now on",
    r"no longer",
    r"changed?",
)
# A correction that points back at what was just said rather than naming it.
POINTS_BACK = _table(
    r"(?:overrid(?:e|ing)|overrul(?:e|ing)|scratch|chang(?:e|ing)|revers(?:e|ing)|undo(?:ing)?|"
    r"forget|ignore|replac(?:e|ing)|correct(?:ing)?|cancel(?:l?ing)?|disregard) (?:that|this)",
    r"that'?s (?:wrong|incorrect|outdated|not right|off)",
    r"not that",
)


def points_back(text: str) -> bool:
    return POINTS_BACK.search(text) is not None


NEGATED_CHANGE = _table(
    r"(i'?m|we'?re|i am|we are) not (moving|changing|switching)",
    r"no change",
    r"unchanged",
    r"still the same",
    r"stays? the same",
    r"remains? (the same|unchanged)",
    r"keep (it|that) as is",
)
# An opening interrogative asks; its negative contraction states ("Can't do Tuesday, move
# it"), unless a pronoun follows it ("Can't we move it").
QUESTION = re.compile(
    r"\?\s*$|^(what|when|where|who|which|how|why|can|could|should|do|does|is|are|will)(?![\w'])"
    r"|^(can'?t|cannot|(could|should|would|do|does|is|are|wo)n'?t)\s+(we|you|i|they|he|she|it)\b",
    re.IGNORECASE,
)
# A musing asks without a question mark: "I wonder whether we should move it".
HEDGE = _table(
    r"i wonder (whether|if)",
    r"(i'?m |i am )?wondering (whether|if)",
    r"(i'?m |i am )?not sure (whether|if)",
    r"(i'?m |i am )?curious (whether|if)",
)

# A value runs to the end of its sentence; a dot inside a token ("release/2.4", "$1.5M")
# does not end it.
_VALUE = r"(?:[^.;!?]|\.(?=\w))+"
_V = rf"(?P<v>{_VALUE})"
_S = r"(?P<s>(?:the\s+|our\s+|this\s+|that\s+)?\w+(?:\s+\w+){0,2})"
_TIMED = frozenset({"date", "time", "duration", "frequency"})
_CHANGE_VERB = (
    r"change|changed|changing|switch|switched|switching|move|moved|moving|update|updated|"
    r"shift|shifted|push|pushed|bump|bumped|increase|increased|reduce|reduced|raise|raised|"
    r"lower|lowered|cut|upped|extend|extended|shorten|shortened|rename|renamed"
)
_MOVED = (
    r"(?:changed|switched|moved|updated|shifted|pushed|bumped|increased|reduced|raised|lowered|"
    r"cut|rescheduled|postponed|delayed|brought|revised|amended|corrected|adjusted|extended|"
    r"upped|shortened|renamed)"
)
# A value that changes by itself: "the price per seat went up to $45".
_WENT = (
    r"(?:went|goes|is going|will go)\s+(?:up|down)|rose|rises|fell|falls|dropped|drops|"
    r"climbed|climbs|jumped|jumps|grew|grows|shrank|shrinks|slipped|slips|slid|slides|"
    r"increased|increases|decreased|decreases|"
    r"(?:shifts|moves|changes|switches)|(?:is|are|will be)\s+(?:shifting|moving|changing|switching)|"
    r"will\s+(?:shift|move|change|switch|rise|fall|drop|increase|decrease)"
)
# "changed the policy to require approval": a verb after "to" gives a purpose, not a value.
_PURPOSE = (
    r"require|allow|include|support|cover|use|make|get|do|have|be|go|take|add|remove|keep|"
    r"let|give|help|work|start|stop|ensure|reflect|match|meet|avoid|focus|handle|prevent|"
    r"limit|provide|show|mean|save|reduce|cut|improve|fix|speed|accommodate|account"
)
_TO_VALUE = rf"to\s+(?!(?:{_PURPOSE})\b){_V}"
_FROM_TO = rf"from\s+[^.;!?]+?\s+{_TO_VALUE}"
_PARTICLE = r"over|up|back|out|forward|down"
_PRONOUN = r"that|it|this|things|everything|them|all|me|us|you|him|her"
# A subject that opens its clause ("Typo on my end: launch date is April 24"), made of
# words that are no pronoun or verb: "the rate we should use is 1.11" names nothing.
_CLAUSE_SUBJECT = (
    r"(?:^|(?<=[.!?:;,])\s+|(?<=[.!?:;,—–]))\s*"
    r"(?:(?:oh|ok|okay|so|well|um|hey|wait|also|and|but|btw|fyi)\b[\s,]*)*"
    r"(?P<s>(?:(?:the|our|my|your|this|that)\s+)?"
    r"(?!(?:we|i|you|they|he|she|it|there|here|what|which|who|this|that)\b)[\w'/-]+"
    r"(?:\s+(?!(?:we|i|you|they|should|would|could|will|can|must|is|are)\b)[\w'/-]+){0,2})"
)


@dataclass(frozen=True)
class Phrasing:
    """An assertion pattern. A corrective one replaces the fact in focus even when it names
    no subject; the others only replace the fact their subject names. `kinds`, when set,
    are the value kinds the phrasing can carry (a schedule verb takes a date or a time)."""

    pattern: re.Pattern[str]
    corrective: bool
    kinds: frozenset[str] | None = None


ASSERTIONS: tuple[Phrasing, ...] = tuple(
    Phrasing(re.compile(p, re.IGNORECASE), corrective, kinds)
    for p, corrective, kinds in (
        (  # the passive: "the migration got pushed back to June 24"
            rf"\b{_S}\s+(?:got|was|were|is|are|has been|have been|is being|are being)\s+"
            rf"{_MOVED}\s+(?:(?:{_PARTICLE})\s+)?(?:to\s+(?!(?:{_PURPOSE})\b)|until\s+|till\s+){_V}",
            True,
            None,
        ),
        (rf"\b{_S}\s+(?:{_WENT})\s+to\s+{_V}", True, None),
        (  # "capacity changed from 120 guests to 150 guests"
            rf"\b{_S}\s+(?:(?:got|was|were|is|are|has been|have been)\s+)?(?:{_MOVED}|{_WENT})"
            rf"\s+{_FROM_TO}",
            True,
            None,
        ),
        (  # "finance reduced the budget from $90,000 to $75,000"
            rf"\b(?:{_CHANGE_VERB})\s+(?P<s>(?:the|our|my|your|their)\s+\w+(?:\s+\w+)?)\s+"
            rf"{_FROM_TO}",
            True,
            None,
        ),
        (  # "let's make the launch color green": the subject must name a fact
            r"\b(?:make|set|paint|turn|keep)\s+(?P<s>(?:the|our)\s+\w+(?:\s+\w+)?)\s+"
            rf"(?!(?:to|for|on|at|in|by|from|with|and|or|is|are)\b){_V}",
            False,
            None,
        ),
        (  # a choice made: "we decided on Svelte", "we went with the blue one"
            rf"\b(?:decided on|settled on|opted for|went with|landed on|chose|picked|selected)"
            rf"\s+(?!(?:to|up|out|off|from)\b){_V}",
            True,
            None,
        ),
        (  # "we'll meet Thursday instead": a clause's own verb, and a value that is no pronoun
            r"(?:^|[,;:!]\s*|\b(?:we'?ll|we will|i'?ll|i will|let'?s|please|we|i|just|we'?re|i'?m)"
            r"\s+)(?:meet(?:ing)?|us(?:e|ing)|tak(?:e|ing)|pick(?:ing)?|choos(?:e|ing)|try(?:ing)?|"
            r"order(?:ing)?|hir(?:e|ing)|launch(?:ing)?|ship(?:ping)?|start(?:ing)?|hold(?:ing)?|"
            r"do(?:ing)?|go(?:ing)? with)\s+"
            r"(?:(?:on|at|in|with|for)\s+)?"
            r"(?P<v>(?!(?:that|it|this|them|those|these|one)\b)[^,.;!?]+?)\s+instead\b",
            True,
            None,
        ),
        (  # a labelled change: "Sprint length: 2 weeks -> 3 weeks"
            r"(?:^|[.!?]\s+)(?P<s>\w+(?:\s+\w+){0,3})\s*:\s*[^.;!?]+?\s*(?:->|→|=>)\s*"
            rf"{_V}",
            True,
            None,
        ),
        (  # a labelled update, opening its sentence: "New office phone number: 555-0199"
            r"(?:^|[.!?]\s+)(?:the\s+)?(?:new|updated|revised|final|current|correct|actual)\s+"
            r"(?:(?:answer|word|decision|call|update|number|figure)\s+(?:on|for)\s+)?"
            rf"(?P<s>\w+(?:\s+\w+){{0,3}})\s*:\s*{_V}",
            True,
            None,
        ),
        (  # "Exam room change: Hall D"
            r"(?:^|[.!?]\s+)(?P<s>\w+(?:\s+\w+){0,3})\s+(?:change|update|correction)\s*:\s*"
            rf"{_V}",
            True,
            None,
        ),
        (  # "pickup is 6pm, not 5"
            rf"{_CLAUSE_SUBJECT}\s+(?:is|are|will be)\s+(?:(?:at|on)\s+)?(?P<v>[^,.;!?]+?),?\s+"
            r"not\s+(?P<old>[^,.;!?]+?)(?=\s*(?:[.;!?]|$))",
            True,
            None,
        ),
        (  # "we need 12 chairs, not 10": the old value names the fact
            r"\b(?:need|want|order|get|use|book|it'?s|is|are|be)\s+(?P<v>[^,.;!?]+?),?\s+not\s+"
            r"(?P<old>[^,.;!?]+?)(?=\s*(?:[.;!?]|$))",
            True,
            None,
        ),
        (  # a replacement names the fact by its old value: "replacing MySQL with PostgreSQL"
            rf"\b(?:replac(?:e|ed|ing)|swap(?:ped|ping)?|substitut(?:e|ed|ing))\s+"
            rf"(?P<old>[^.;!?]+?)\s+(?:with|for)\s+{_V}",
            True,
            None,
        ),
        (
            rf"\b(?P<s>(?:the|our|my|your|this|that)\s+\w+(?:\s+\w+){{0,2}})\s+"
            rf"(?:should\s+(?:read|say|be)|now\s+(?:reads|says))\s+{_V}",
            True,
            None,
        ),
        (  # "switched catering to", "moved the deadline up to", "bump it to"
            rf"\b(?:{_CHANGE_VERB})\s+(?:(?:{_PRONOUN})\s+|(?P<s>(?!(?:{_PARTICLE}|{_PRONOUN}|on|from)\b)(?:(?:the|our|my|your|their)\s+)?[\w']+(?:\s+\w+)?)\s+)?(?:(?:{_PARTICLE})\s+)?{_TO_VALUE}",
            True,
            None,
        ),
        (
            rf"\b(?:send|ship|deliver|route|direct|forward|reschedule|book|hold)\s+(?:it|that|this|them|me|us|everything|the\s+\w+)\s+(?:to|for|on|at|in|through|via)\s+{_V}",
            True,
            None,
        ),
        (
            rf"\blet'?s\s+(?:try|do|go with|use|switch to|move to|make it|go for|plan on|proceed with|stick with|pick|choose|select)\s+{_V}",
            True,
            None,
        ),
        (
            rf"\b(?:we'?ll|we will|we are going to|we'?re going to|we'?re|we are)\s+(?:be\s+)?(?:doing|using|going with|go with|use|do|switching to|moving to|adopting|proceeding with|picking|choosing)\s+{_V}",
            True,
            None,
        ),
        (
            rf"\b(?:make that|make it|i meant|it'?s actually|it is actually|it'?s now|it is now|should be|should have been)\s+{_V}",
            True,
            None,
        ),
        (
            rf"\b(?:finali[sz]ed|settled|agreed|locked(?: in)?|confirmed|fixed|set|approved)\s+{_S}\s+(?:at|to|as|on|for)\s+{_V}",
            True,
            None,
        ),
        (
            rf"\b(?P<s>(?:the\s+|our\s+)?(?:official|final|new|actual|real|updated|revised|current|correct)\s+\w+(?:\s+\w+){{0,2}})\s+(?:is|are|will be)\s+(?:now\s+)?{_V}",
            True,
            None,
        ),
        (
            rf"\b{_S}\s+(?:(?:is|are|has been|have been)\s+now|will now be)\s+"
            rf"(?:(?:at|on|in)\s+)?{_V}",
            True,
            None,
        ),
        (rf"\bas of (?:today|now|this \w+),?\s+{_S}\s+(?:is|are|has been)\s+{_V}", True, None),
        (
            rf"\b{_S}\s+(?:starts|begins|ends|opens|closes|kicks off|runs|happens|takes place|"
            rf"falls|lands|is due|are due|is scheduled|are scheduled)\s+(?:(?:on|at|for|from|in|by)\s+)?{_V}",
            False,
            _TIMED,
        ),
        (
            rf"\b(?P<s>(?:the\s+|our\s+)[\w-]+(?:\s+[\w-]+){{0,2}})\s+(?:is|are|will be|costs?|will cost|comes to|totals|amounts to)\s+{_V}",
            False,
            None,
        ),
        # Last, a bare subject: "launch date is April 24", "standup is at 10:15am".
        (rf"{_CLAUSE_SUBJECT}\s+(?:is|are|will be)\s+(?:(?:at|on)\s+)?{_V}", False, None),
    )
)
REVERSION = re.compile(
    r"\b(?:go|going|switch|switching|revert|reverting|change|changing|return|returning)\s+(?:it\s+)?back\s+to\s+"
    rf"(?P<v>{_VALUE})|\brevert(?:ing)?\s+to\s+(?P<w>{_VALUE})|\brestore\s+(?P<x>{_VALUE})",
    re.IGNORECASE,
)
# Words that mark a value as history ("originally Friday", "changed from $50K"). A plain
# "not" negates; it does not date anything ("do not renew TechCorp" keeps TechCorp current).
PAST_MARKER = _table(
    r"originally",
    r"initially",
    r"previously",
    r"formerly",
    r"used to be",
    r"instead of",
    r"rather than",
    r"no longer",
    r"changed from",
    r"moved from",
    r"was considered",
    r"earlier",
    r"the old",
    r"the original",
)
CONTRAST = _table(
    r"instead",
    r"at this point",
    r"effective (immediately|today|now)",
    r"henceforth",
    r"going forward",
    r"from (now|today) on",
    r"rather than",
    r"overrid(e|es|ing|den)",
    r"overrule[sd]?",
    r"capped",
    r"cap(ped)? at",
    r"no longer",
    r"now",
    r"only",
    r"not allowed",
    r"must not",
    r"never",
    r"revoke[sd]?",
    r"replace[sd]?",
    r"cancel(l?ed)?",
    r"supersede[sd]?",
    r"no exceptions?",
    r"overrode",
    r"drop(ped)?",
    r"can'?t",
    r"cannot",
    r"dismissed",
    r"cut",
    r"down to",
    r"mandate[sd]?",
)
_FILLER = re.compile(
    r"^(?:the|a|an|to|our|with|for)\s+"
    r"|\s+(?:instead|now|then|please|too|from now on|going forward|from here on|anymore)$",
    re.IGNORECASE,
)


# A verdict is not a value: "the data is correct", "the plan is solid and well thought
# out" state no new value for anything.
JUDGEMENTS = frozenset(
    """correct wrong right fine good great ok okay true false possible impossible critical
    unacceptable important better worse best same different done ready clear unclear urgent
    fixed broken helpful useful bad terrible perfect solid sound reasonable sensible fair
    excellent nice awesome risky safe realistic unrealistic feasible doable ambitious
    aggressive tight smart brilliant weak strong reliable fragile overkill promising
    workable acceptable""".split()
)
_DEGREE = frozenset("very really pretty quite too so not still totally fairly".split())


def _verdict(value: str) -> bool:
    """A value that only judges: a judgement word first, and no figure, date or name."""
    words = [w for w in re.findall(r"[\w']+", value.lower()) if w not in _DEGREE]
    return bool(words) and words[0] in JUDGEMENTS and not value_parts(value)


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
    if OPEN_DIGRESSION.search(head):
        return Transition.DIGRESSION
    if OPEN_HYPOTHETICAL.search(text):
        return Transition.HYPOTHETICAL
    return Transition.NONE


def commits(text: str) -> bool:
    return COMMITS.search(text) is not None and not OPEN_HYPOTHETICAL.search(text)


def is_question(text: str) -> bool:
    """A turn that asks, with a question mark or as a musing; it changes nothing."""
    return QUESTION.search(text.strip()) is not None or HEDGE.search(text) is not None


@dataclass(frozen=True)
class Assertion:
    """A new value a turn puts forward, and the subject it names, if any."""

    value: str
    subject: str | None
    corrective: bool
    old: str | None = None  # the value it replaces, when the turn names it instead of a subject

    @property
    def cancels(self) -> bool:
        """A cancellation ends whatever the fact was, whatever kind of value it held."""
        return self.value == CANCELLED


CANCELLED = "cancelled"
CANCELLATION = re.compile(
    r"\b(?:cancel(?:l?ing)?|call(?:ing)? off|scrap(?:ping)?|withdraw(?:ing)?|kill(?:ing)?|"
    r"void(?:ing)?|abandon(?:ing)?|shelv(?:e|ing)|ditch(?:ing)?|pull(?:ing)? the plug on)\s+(?P<s>(?:the\s+|our\s+|this\s+|that\s+)?[\w#-]+(?:\s+[\w#-]+)?)"
    r"|\b(?P<t>(?:the\s+|our\s+)?[\w#-]+(?:\s+[\w#-]+)?)\s+(?:is|was|has been|got)\s+(?:now\s+)?"
    r"(?:cancell?ed|called off|scrapped|withdrawn|voided|abandoned|shelved|ditched|axed)",
    re.IGNORECASE,
)


# A story about the past states no current value: "last year the price went up to $40".
HISTORICAL = _table(
    r"last (year|quarter|season)",
    r"(years|decades) ago",
    r"back then",
    r"in the past",
    r"historically",
    r"at the time",
)


# Sentences end at a stop followed by space; "$1.5M" and "release/2.4" stay whole.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# A condition, a negation or a mere possibility before a change makes it no change: "if
# the Hilton is full, we'll switch", "we won't switch the hotel", "you could switch".
_CONDITIONAL = re.compile(r"^\W*(?:if|unless|in case|assuming|provided|as long as)\b", re.I)
_NEGATED = re.compile(
    r"\b(?:not|never|won'?t|don'?t|doesn'?t|didn'?t|can'?t|cannot|shouldn'?t|wouldn'?t|"
    r"no need to|could|might|may want to|would)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


def statements(text: str) -> str:
    """The sentences of a turn that state something: questions, denials of a change
    ("catering stays the same"), conditions and stories of the past are left out."""
    return " ".join(
        sentence
        for sentence in _SENTENCE_END.split(text.strip())
        if not (
            NEGATED_CHANGE.search(sentence)
            or is_question(sentence)
            or HISTORICAL.search(sentence)
            or _CONDITIONAL.search(sentence)
        )
    )


def assertion(text: str) -> Assertion | None:
    text = statements(text)
    if not text:
        return None
    cancelled = CANCELLATION.search(text)
    if cancelled:
        subject = cancelled.group("s") or cancelled.group("t")
        return Assertion(CANCELLED, _clean(subject), True)
    cued = CORRECTION.search(text) is not None or points_back(text)
    for phrasing in ASSERTIONS:
        match = phrasing.pattern.search(text)
        if match and not _NEGATED.search(text, 0, match.start()):
            subject, old = match.groupdict().get("s"), match.groupdict().get("old")
            subject, value = _inverted(subject, match.group("v").strip().rstrip("."))
            value = _clean(value)
            if _carries(phrasing, value):
                corrective = phrasing.corrective or cued
                return Assertion(
                    value,
                    _clean(subject) if subject else None,
                    corrective,
                    _clean(old) if old else None,
                )
    return None


_PLAIN_VALUE = re.compile(r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}", re.IGNORECASE)
_NO_VALUE = frozenset(
    """that it this them those these one something anything nothing everything here there
    not no yes also still just really very""".split()
)


def substantive(value: str) -> bool:
    """A value worth recording as a fact: an amount, a date, a name or a code, or a short
    plain one ("blue", "remote first") that is no verdict and no pronoun."""
    if value_parts(value):
        return True
    words = value.lower().split()
    return (
        _PLAIN_VALUE.fullmatch(value) is not None
        and not _verdict(value)
        and not any(w in _NO_VALUE for w in words)
    )


_ROLE = re.compile(r"(?:your|my|our|his|her|their|the)\s+(?P<role>[a-z]+(?:\s+[a-z]+)?)")


def _inverted(subject: str | None, value: str) -> tuple[str | None, str]:
    """ "Ana Ortiz will be your manager" gives the manager a value, not Ana Ortiz one: a
    named subject and a role for its value trade places."""
    role = _ROLE.fullmatch(value)
    if subject and role and value_parts(subject):
        return role.group("role"), _clean(subject)
    return subject, value


def _carries(phrasing: Phrasing, value: str) -> bool:
    """Is `value` something this phrasing can state? A verdict ("correct") is no value."""
    if not value or _verdict(value):
        return False
    return phrasing.kinds is None or bool(value_kinds(value) & phrasing.kinds)


GENERIC_HEADS = frozenset(
    """plan plans decision choice option approach one thing it that this policy status answer
    pick call direction idea proposal number figure value date time deadline schedule""".split()
)
_QUALIFIERS = frozenset(
    "the our this that official final new actual real updated revised current correct".split()
)
_QUALIFIER_TERMS = topic_terms(" ".join(_QUALIFIERS))


def generic_subject(subject: str) -> bool:
    """A subject that names no particular thing ("the official plan"), so it may refer to
    whatever the conversation is about. A word that says which one makes it particular:
    "the shipping status" is not just any status."""
    words = [w for w in re.findall(r"[\w#]+", subject.lower()) if w not in _QUALIFIERS]
    return not words or all(w in GENERIC_HEADS for w in words)


def subject_key(subject: str) -> str:
    """A fact key for a subject: "the shipping address" → "shipping_address"."""
    words = [w for w in re.findall(r"[a-z0-9#]+", subject.lower()) if w not in _QUALIFIERS]
    return "_".join(w.strip("#") for w in words if w.strip("#"))[:80]


# "back to the previous supplier, Acme Metals": the value follows the description.
_EARLIER_ONE = re.compile(
    r"^(?:the\s+)?(?:previous|original|old|earlier|former|first)\b[^,]*,\s*", re.IGNORECASE
)


def reversion(text: str) -> str | None:
    match = REVERSION.search(text)
    if not match:
        return None
    return _clean(_EARLIER_ONE.sub("", next(g for g in match.groups() if g)))


# A comma followed by a new clause ends a value: "Room 5A, 4B is being repainted".
_NEW_CLAUSE = re.compile(
    r",\s+(?=(?:i|we|you|he|she|they|it|it'?s|that'?s|there'?s|so|but|because|since|as|which)\b"
    r"|(?:[\w$#./-]+\s+){0,3}?(?:is|are|was|were|has|have|had|will|can|could|should|being|"
    r"been|isn'?t|aren'?t|won'?t|can'?t)\b)",
    re.IGNORECASE,
)


# What a value replaces is not part of it: "Fort Mason rather than Pier 39".
_REPLACED_TAIL = re.compile(
    r",?\s+(?:rather than|instead of|in place of)\s.*$|,\s*not\s.*$", re.IGNORECASE
)


def _clean(value: str) -> str:
    value = _NEW_CLAUSE.split(value, maxsplit=1)[0]
    value = _REPLACED_TAIL.sub("", value)
    value = value.strip().strip(" ,:-\"'")
    previous = None
    while previous != value:
        previous = value
        value = _FILLER.sub("", value).strip()
    return value


def superseded_alternatives(text: str, values: list[str], live: Set[str]) -> list[str]:
    """In a turn that tells a history of changes ("originally Friday, then Thursday, final
    is Monday"), the figures of the slot whose current value is known are the dead ones."""
    if not _TELLS_HISTORY.search(text.lower()):
        return []
    dead: list[str] = []
    marked = set(past_spans(text, values))  # what the text calls past is not its current one
    for family in (("money",), ("percent",), ("time", "date", "duration"), ("number",)):
        members = [v for v in values if value_kind(v) in family]
        if len(members) >= 2 and any(v in live and v not in marked for v in members):
            dead += [v for v in members if v not in live]
    return dead


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


EXTRACTION_ATTEMPT = _table(
    r"ignore (all |any )?(previous|prior|above) instructions",
    r"system prompt",
    r"developer mode",
    r"pretend (you are|to be)",
    r"(previous|earlier|last|other) (conversation|session|chat)s?",
    r"what did \w+ (say|tell|share|mention)",
    r"other (customers?|clients?|tenants?|companies|users?)'?s?",
    r"another (customer|client|tenant|company|user)",
    r"their (budget|pricing|discount|contract|data|plans?)",
    r"competitor'?s (data|pricing|budget|plans?)",
    r"reveal",
    r"leak",
    r"(discussed|talked about|agreed|decided|shared)( \w+)? (last time|before|previously|earlier)",
    r"i forgot my notes",
    r"remind me what (we|they|you) (discussed|said|shared)",
)


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
RESTRICTS = _table(
    r"freeze",
    r"frozen",
    r"halt(ed)?",
    r"pause[sd]?",
    r"suspend(ed)?",
    r"block(ed)?",
    r"ban(ned)?",
    r"prohibit(ed)?",
    r"stop(ped)?",
    r"on hold",
    r"until further notice",
    r"do not",
    r"don'?t",
    r"must not",
)
PERMITS = _table(
    r"go ahead",
    r"(is|are) fine( again)?",
    r"(is|are) ok(ay)?( again)?",
    r"ok(ay)? to",
    r"allowed",
    r"cleared",
    r"unblock(ed)?",
    r"lift(ed)?",
    r"resume[sd]?",
    r"green ?light",
    r"back on",
)


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


def subject_matches(subject: str, key: str, value: str) -> int:
    """How well a subject names a fact; 0 when it names something else. The subject's head
    noun must be the fact's, or the subject must cover the fact's key: "the badge printer"
    is not "badge office hours", "the hotel booking" is "hotel"; and where both qualify the
    head, they must share a qualifier: "the shipping status" is not project_status."""
    terms = topic_terms(subject)
    key_terms = topic_terms(key.replace("_", " "))
    value_terms = topic_terms(value)
    words = re.findall(r"[\w#]+", subject.lower())
    head = topic_terms(words[-1]) if words else frozenset()
    if not (head & (key_terms | value_terms)) and not (key_terms and key_terms <= terms):
        return 0
    # Both say which one ("the shipping status", project_status): they must agree on it.
    modifiers = terms - head - _QUALIFIER_TERMS
    if modifiers and key_terms - head and not modifiers & (key_terms | value_terms):
        return 0
    return 2 * len(terms & key_terms) + len(terms & value_terms)


__all__ = [
    "Assertion",
    "Transition",
    "assertion",
    "commits",
    "conflicts",
    "extraction_attempt",
    "is_question",
    "mentions",
    "past_spans",
    "reversion",
    "same_signal",
    "subject_matches",
    "transition",
]
