"""What a turn asserts: a new value, the subject it names or the value it replaces.

Phrasings are tried in order over the sentences of a turn that state something (questions,
denials, conditions and stories of the past left out); the first whose value is a value
(no verdict, no purpose) wins. Which live fact the assertion then changes is decided
against the live facts, in `statekeeper.conversation.readings.claims`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from statekeeper.context.hygiene import value_parts
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import table, tables
from statekeeper.nlu.interpret import (
    CHANGE,
    CORRECTION,
    NEGATED_CHANGE,
    points_back,
)
from statekeeper.nlu.topic import topic_terms, value_kinds
from statekeeper.text.values import typed_values

# A value runs to the end of its sentence; a dot inside a token ("release/2.4", "$1.5M")
# does not end it.
_VALUE = r"(?:[^.;!?]|\.(?=\w))+"
_V = rf"(?P<v>{_VALUE})"
_S = r"(?P<s>(?:the\s+|our\s+|this\s+|that\s+)?\w+(?:'s)?(?:\s+\w+(?:'s)?){0,2})"
_TIMED = frozenset({"date", "time", "duration", "frequency"})
_CHANGE_VERB = (
    r"change|changed|changing|switch|switched|switching|move|moved|moving|update|updated|"
    r"shift|shifted|push|pushed|bump|bumped|increase|increased|reduce|reduced|raise|raised|"
    r"lower|lowered|cut|upped|extend|extended|shorten|shortened|rename|renamed|"
    r"upgrade|upgraded|downgrade|downgraded|transfer|transferred|reassign|reassigned|"
    r"assign|assigned|migrate|migrated|convert|converted"
)
_MOVED = (
    r"(?:changed|switched|moved|updated|shifted|pushed|bumped|increased|reduced|raised|lowered|"
    r"cut|rescheduled|postponed|delayed|brought|revised|amended|corrected|adjusted|extended|"
    r"upped|shortened|renamed|upgraded|downgraded|transferred|reassigned|assigned|migrated|"
    r"converted|handed over)"
)
# A value that changes by itself: "the price per seat went up to $45".
_WENT = (
    r"(?:went|goes|is going|will go)\s+(?:up|down)|rose|rises|fell|falls|dropped|drops|"
    r"climbed|climbs|jumped|jumps|grew|grows|shrank|shrinks|slipped|slips|slid|slides|"
    r"increased|increases|decreased|decreases|"
    r"(?:shifts|moves|changes|switches|shifted|moved|changed|switched)|"
    r"(?:is|are|will be)\s+(?:shifting|moving|changing|switching)|"
    r"will\s+(?:shift|move|change|switch|rise|fall|drop|increase|decrease)"
)
# "changed the policy to require approval": a verb after "to" gives a purpose, not a value.
_PURPOSE = (
    r"require|allow|include|support|cover|use|make|get|do|have|be|go|take|add|remove|keep|"
    r"let|give|help|work|start|stop|ensure|reflect|match|meet|avoid|focus|handle|prevent|"
    r"limit|provide|show|mean|save|reduce|cut|improve|fix|speed|accommodate|account"
)
_TO_VALUE = rf"to\s+(?!(?:{_PURPOSE})\b){_V}"
# Spans searched lazily for what follows them ("from X to", "X, not Y") are bounded, so a
# long turn without the word that ends them costs one pass, not one pass a start.
_FROM_TO = rf"from\s+[^.;!?]{{1,80}}?\s+{_TO_VALUE}"
_PARTICLE = r"over|up|back|out|forward|down"
_PRONOUN = r"that|it|this|things|everything|them|all|me|us|you|him|her"
# A subject that opens its clause ("Typo on my end: launch date is April 24"), made of
# words that are no pronoun or verb: "the rate we should use is 1.11" names nothing.
_CLAUSE_SUBJECT = (
    r"(?:^|(?<=[.!?:;,])\s+|(?<=[.!?:;,—–]))\s*"
    r"(?:(?:oh|ok|okay|so|well|um|hey|wait|also|and|but|btw|fyi)\b[\s,]*){0,3}"
    r"(?P<s>(?:(?:the|our|my|your|this|that)\s+)?"
    r"(?!(?:we|i|you|they|he|she|it|there|here|what|which|who|this|that)\b)[\w'/-]+"
    r"(?:\s+(?!(?:we|i|you|they|should|would|could|will|can|must|is|are)\b)[\w'/-]+){0,2})"
)


# A word that links a subject to what follows it, so neither part of a name nor a value:
# "keep the meeting in Room 4B" keeps the meeting, it names no new value of it.
_NOT_LINK = r"(?!(?:to|for|on|at|in|by|from|with|and|or|is|are)\b)"
# "Keep the eviction quiet" restricts the eviction; it gives it no value.
_NOT_HUSHED = (
    r"(?![^.;!?]*\b(?:quiet|private|confidential|secret|internal|hush|under wraps|"
    r"between (?:us|you and me|ourselves)|to (?:yourself|ourselves))\b)"
)
# "make it to the finals", "made it through": reaching, not setting a value.
_REACHED = r"to|through|back|home|out|there|work|happen|big|in time|on time"


@dataclass(frozen=True)
class Phrasing:
    """An assertion pattern. A corrective one replaces the fact in focus even when it names
    no subject; the others only replace the fact their subject names. `kinds`, when set,
    are the value kinds the phrasing can carry (a schedule verb takes a date or a time)."""

    pattern: re.Pattern[str]
    corrective: bool
    kinds: frozenset[str] | None = None
    cued: bool = False  # read only in a turn that signals a change or a correction
    adds: bool = False  # states one more thing of its kind (a booking), replacing none


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
            rf"\b(?:make|set|paint|turn|keep)\s+{_NOT_HUSHED}(?P<s>(?:the|our)\s+\w+(?:\s+{_NOT_LINK}\w+)?)\s+"
            rf"{_NOT_LINK}{_V}",
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
            r"do(?:ing)?|go(?:ing)? with|be)\s+"
            r"(?:(?:on|at|in|with|for)\s+)?"
            r"(?P<v>(?!(?:that|it|this|them|those|these|one)\b)[^,.;!?]{1,80}?)\s+instead\b",
            True,
            None,
        ),
        (  # a labelled change: "Sprint length: 2 weeks -> 3 weeks"
            r"(?:^|[.!?]\s+)(?P<s>\w+(?:\s+\w+){0,3})\s*:\s*[^.;!?]{1,80}?\s*(?:->|→|=>)\s*"
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
            rf"{_CLAUSE_SUBJECT}\s+(?:is|are|will be)\s+(?:(?:at|on)\s+)?(?P<v>[^,.;!?]{{1,80}}?),?\s+"
            r"not\s+(?P<old>[^,.;!?]{1,80}?)(?=\s*(?:[.;!?]|$))",
            True,
            None,
        ),
        (  # "we need 12 chairs, not 10": the old value names the fact
            r"\b(?:need|want|order|get|use|book|it'?s|is|are|be|go(?:ing)? with|take|pick|choose)"
            r"\s+(?P<v>[^,.;!?]{1,80}?),?\s+not\s+(?:the\s+)?"
            r"(?P<old>[^,.;!?]{1,80}?)(?=\s*(?:[.;!?]|$))",
            True,
            None,
        ),
        (  # a bare contrast, the whole sentence: "Oat milk, not dairy." / "Not Lisbon, Porto."
            r"(?:^|[.!?]\s+)(?!(?:yes|yeah|no|nope|ok|okay|sure|thanks|thank you|sorry|well|"
            r"we|i|you|they|he|she|it|that|this|there)\b)"
            r"(?P<v>[^,.;:!?]{1,40}?),\s*not\s+(?:the\s+)?(?P<old>[^,.;:!?]{1,40}?)"
            r"(?=\s*(?:[.;!?]|$))",
            True,
            None,
        ),
        (
            r"(?:^|[.!?]\s+)not\s+(?:the\s+)?(?P<old>[^,.;:!?]{1,40}?)\s*[,;]\s*(?:but\s+)?"
            r"(?:the\s+)?(?P<v>[^,.;:!?]{1,40}?)(?=\s*(?:[.;!?]|$))",
            True,
            None,
        ),
        (  # a clause that is a contrast alone: "plated instead of buffet"
            r"^(?:and\s+|but\s+|so\s+)?(?P<v>[\w'&/-]+(?:\s+[\w'&/-]+){0,3}?),?\s+"
            r"(?:instead of|rather than|in place of)\s+(?:the\s+)?"
            r"(?P<old>[\w'&/-]+(?:\s+[\w'&/-]+){0,3}?)\s*[.!]?$",
            True,
            None,
        ),
        (  # a replacement names the fact by its old value: "replacing MySQL with PostgreSQL"
            rf"\b(?:replac(?:e|ed|ing)|swap(?:ped|ping)?|substitut(?:e|ed|ing))\s+"
            rf"(?P<old>[^.;!?]{{1,80}}?)\s+(?:with|for)\s+{_V}",
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
        (  # a preference stated for what is in hand: "I'd rather have it in forest green"
            r"\b(?:i|we)(?:'d| would) (?:rather|prefer(?: to)?)\s+(?:(?:have|get|go with|use|take|"
            r"order)\s+(?:(?:it|them|one|that)\s+)?(?:in\s+)?|(?=(?:the|an?)\s))"
            rf"{_V}",
            True,
            None,
        ),
        (
            rf"\b(?:make that|make it(?!\s+(?:{_REACHED})\b)|that makes it|i meant|it'?s actually|it is actually|it'?s now|it is now|should be|should have been)\s+{_V}",
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
        (  # a deadline: "the audit must be done by March 31"
            rf"\b{_S}\s+(?:must|needs to|has to|should)\s+be\s+(?:done|finished|completed|"
            rf"delivered|submitted|shipped|ready|signed|filed|paid)\s+(?:by|before|on)\s+{_V}",
            False,
            _TIMED,
        ),
        (  # a capacity: "the room holds a maximum of 40 people"
            rf"\b{_S}\s+(?:holds|seats|fits|accommodates)\s+"
            rf"(?:(?:a\s+maximum\s+of|up\s+to|at\s+most|no\s+more\s+than)\s+)?{_V}",
            False,
            None,
        ),
        (
            rf"\b(?P<s>(?:the\s+|our\s+)[\w-]+(?:\s+[\w-]+){{0,2}})\s+(?:is|are|will be|costs?|will cost|comes to|totals|amounts to)\s+{_V}",
            False,
            None,
        ),
    )
) + (
    # A booking asked for: "Please book a flight to Denver on May 3" adds a flight, under
    # the thing booked; it replaces no other flight (a correction or a cancellation does).
    Phrasing(
        re.compile(
            r"\b(?:book|reserve|arrange)\s+(?:a|an|one|two|three|\d+)\s+(?P<s>[a-z]+)\s+"
            r"(?P<v>(?:to|for|on|at|in|from)\s+[^.;!?]{1,120})",
            re.IGNORECASE,
        ),
        False,
        adds=True,
    ),
    # Last, a bare subject, where the turn signals a change: "Typo on my end: launch date is
    # April 24", "going forward, standup is at 10:15am". Unsignalled, such a sentence is as
    # often a remark ("Jordan is in Casey's office", "Feature is code-complete").
    Phrasing(
        re.compile(
            rf"{_CLAUSE_SUBJECT}\s+(?:is|are|will be)\s+(?:(?:at|on)\s+)?{_V}", re.IGNORECASE
        ),
        False,
        cued=True,
    ),
)
# Words that signal a change without being a correction: "starting next week, ...".
_STARTING = re.compile(r"\b(?:starting|effective|from (?:now|today|next|this))\b", re.I)
# A subject that is a person speaks of them, not of a fact: "You are the duty officer tonight".
_PERSONAL = frozenset("i you we they he she me us them".split())
# A noun after a preposition is no subject: in "the view from the hotel is stunning" and
# "your patience with the new hires is admirable" the sentence speaks of the view and the
# patience.
_AFTER_PREPOSITION = re.compile(
    r"\b(?:of|to|in|on|at|for|with|from|about|by|into|onto|over|under|behind|near|like|"
    r"across|through|between|inside|outside|around|along|beside|beyond|within|among|"
    r"towards?|above|below|during|via|opposite|throughout)\s+$",
    re.IGNORECASE,
)
# The object of a gerund is no subject either: "getting the glaze even is tricky" speaks of
# getting it, "keeping the lawn green is a chore" of keeping it.
_AFTER_GERUND = re.compile(r"(?:^|[.!?;:,]\s*)[a-z]+ing\s+$", re.IGNORECASE)
REVERSION = re.compile(
    r"\b(?:go|going|switch|switching|revert|reverting|change|changing|return|returning|put|set)"
    r"\s+(?:(?:it|that|them|(?:the|our|my)\s+\w+(?:\s+\w+)?)\s+)?back\s+to\s+"
    rf"(?P<v>{_VALUE})|\brevert(?:ing)?\s+to\s+(?P<w>{_VALUE})|\brestore\s+(?P<x>{_VALUE})"
    # what was given up, kept after all: "we stay with Mulroy's for now"
    rf"|\b(?:stay|stays|staying|stick|sticks|sticking)\s+with\s+(?P<y>{_VALUE})",
    re.IGNORECASE,
)
_FILLER = re.compile(
    r"^(?:the|a|an|to|our|with|for|but|and|so|yet|now|currently|officially)\s+"  # "..., but the office moves to"
    r"|^due(?:\s+(?:on|by))?\s+"  # "the report is now due May 10": the date is the value
    r"|^(?:at|in|on)\s+(?=(?-i:[A-Z0-9$]))"  # "will be at Cedar Barn" ("on hold" stays whole)
    r"|\s+(?:instead|now|then|please|too|from now on|going forward|from here on|anymore|for now)$"
    # the role the new value takes is the slot, not the value: "Olive & Thyme as the caterer"
    r"|\s+as\s+(?:the|our|my|your)\s+[\w-]+(?:\s+[\w-]+)?$"
    # from when it holds is no part of the new value: "8:30-16:30 starting next Monday"
    r"|\s+(?:starting|effective|beginning|as of)\s+(?:next\s+|this\s+)?\w+$"
    # when the change was made is no part of the new value: "renamed it X last night"
    r"|\s+(?:last night|yesterday|this morning|earlier(?: today)?|last week)$",
    re.IGNORECASE,
)


# A verdict is not a value: "the data is correct", "the plan is solid and well thought
# out", "the trip was amazing" state no new value for anything.
JUDGEMENTS = frozenset(tables()["appraisals"])
_LEADS = frozenset(tables()["appraisal_lead"])
_EXCESS = re.compile(r"\W*(?:(?:way|far|much|a bit|a little|slightly)\s+)?too\b", re.I)
_DEGREE = frozenset(
    "very really pretty quite too so not still totally fairly super truly absolutely extremely "
    "almost nearly".split()
)


def judges(value: str) -> bool:
    """A value that only judges: a judgement word first (after words of degree and verbs
    that carry it: "going really well"), and no figure, date or name."""
    if _EXCESS.match(value) and not value_parts(value):
        return True  # "too much for me", "way too far": an excess is a verdict
    if table("idle_complements").fullmatch(value.strip(" .!?,").lower()):
        return True  # "make it happen": an idiom's close, nothing to hold
    words = [w for w in re.findall(r"[\w']+", value.lower()) if w not in _DEGREE]
    if words and words[0] in ("like", "unlike"):
        return True  # a likeness judges too: "like a spaceship"
    while words:  # past the words that lead into an appraisal: "going", "quite a"
        if " ".join(words[:2]) in _LEADS:
            words = words[2:]
        elif words[0] in _LEADS:
            words = words[1:]
        else:
            break
    if len(words) >= 2 and _names_a_kind(words[1]):
        return False  # "smart casual", "fine print": the judgement word is part of a name
    return bool(words) and words[0] in JUDGEMENTS and not value_parts(value)


def _names_a_kind(word: str) -> bool:
    """Whether a word after a judgement word makes one name with it: a word of content
    that is no judgement, no time and no noun that verdicts take ("great idea")."""
    return bool(topic_terms(word)) and not (
        word in JUDGEMENTS or table("verdict_nouns").fullmatch(word) or table("past_time").search(word)
    )


@dataclass(frozen=True)
class Assertion:
    """A new value a turn puts forward, and the subject it names, if any."""

    value: str
    subject: str | None
    corrective: bool
    old: str | None = None  # the value it replaces, when the turn names it instead of a subject
    adds: bool = False  # one more thing of its kind, replacing none

    @property
    def cancels(self) -> bool:
        """A cancellation ends whatever the fact was, whatever kind of value it held."""
        return self.value == CANCELLED


CANCELLED = "cancelled"
CANCELLATION = re.compile(
    # "kill" cancels a thing named ("kill the pilot"), not "kill it" (to do very well)
    r"\b(?:cancel(?:l?ing)?|call(?:ing)? off|scrap(?:ping)?|withdraw(?:ing)?|"
    r"kill(?:ing)?(?=\s+(?:the|our|this|that)\b)|"
    r"void(?:ing)?|abandon(?:ing)?|shelv(?:e|ing)|ditch(?:ing)?|pull(?:ing)? the plug on)\s+(?P<s>(?:the\s+|our\s+|this\s+|that\s+)?[\w#-]+(?:\s+[\w#-]+)?)"
    r"|\b(?P<t>(?:the\s+|our\s+)?[\w#-]+(?:\s+[\w#-]+)?)\s+(?:is|was|has been|got)\s+(?:now\s+)?"
    r"(?:cancell?ed|called off|scrapped|withdrawn|voided|abandoned|shelved|ditched|axed)",
    re.IGNORECASE,
)


# A negation or a mere possibility before a change makes it no change: "we won't switch
# the hotel", "you could switch".
_NEGATED = re.compile(
    r"\b(?:not|never|won'?t|don'?t|doesn'?t|didn'?t|can'?t|cannot|shouldn'?t|wouldn'?t|"
    r"no need to|(?:could|might|would)(?!\s+you\b)|may want to)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


def statements(text: str) -> str:
    """The sentences of a turn that state something: questions, denials of a change
    ("catering stays the same"), conditions and stories of the past are left out."""
    return " ".join(
        _ended(s.text.strip())
        for s in sentences(text)
        if not (
            s.question
            or s.past
            or s.conditional
            or (s.only_keeps and not REVERSION.search(s.text))  # "we stay with X" reverts
            or NEGATED_CHANGE.search(s.text)
        )
    )


def _ended(sentence: str) -> str:
    """A sentence closed with a full stop if a line break was all that ended it, so that
    no value read from the sentences runs on into the next one."""
    return sentence if sentence[-1:] in ".!?;:" else sentence + "."


def assertion(text: str) -> Assertion | None:
    """What a turn asserts, if anything."""
    return assertion_in(statements(text))


def assertion_in(text: str) -> Assertion | None:
    """What a turn's stating sentences (`statements`) assert, if anything."""
    if not text:
        return None
    cancelled = CANCELLATION.search(text)
    if cancelled:
        subject = cancelled.group("s") or cancelled.group("t")
        return Assertion(CANCELLED, _clean(subject), True)
    cued = CORRECTION.search(text) is not None or points_back(text)
    for phrasing in ASSERTIONS:
        match = phrasing.pattern.search(text)
        if match and phrasing.cued and not (cued or _signalled_by(text, match.end())):
            continue
        if match and not _NEGATED.search(text, 0, match.start()):
            subject, old = match.groupdict().get("s"), match.groupdict().get("old")
            if subject and subject.split()[0].lower() in _PERSONAL:
                continue  # "we just moved to Tucson" says where we went, of no thing
            opens = subject and not text[match.start() : match.start("s")].strip()
            if opens and (
                _AFTER_PREPOSITION.search(text, 0, match.start("s"))
                or _AFTER_GERUND.search(text, 0, match.start("s"))
            ):
                # "our patience with the team is admirable" says nothing of the team (a
                # preposition inside a phrasing, "final answer on the date:", is its own)
                continue
            said = match.group("v").strip().rstrip(".")
            if _owned_error(said) or (subject and _owned_error(subject)):
                continue  # "that surname is my bad": an error owned, no value of a thing
            subject, value = _inverted(subject, said)
            value = _clean(value)
            old = old or _contrasted(said)
            if _carries(phrasing, value):
                corrective = phrasing.corrective or cued
                return Assertion(
                    value,
                    _clean(subject) if subject else None,
                    corrective,
                    _clean(old) if old else None,
                    phrasing.adds,
                )
    return None


def _signalled_by(text: str, end: int) -> bool:
    """Whether a change is signalled before a claim or in its sentence ("change of plans:
    the venue is ..."); a word in a later sentence introduces what follows it, not what
    came before ("the stall is open! dreamed of it for ages now")."""
    closes = re.compile(r"[.!?](?:\s|$)").search(text, end)
    said = text[: closes.end() if closes else len(text)]
    return CHANGE.search(said) is not None or _STARTING.search(said) is not None


_PLAIN_VALUE = re.compile(r"(?:\d[\d,.]*\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}", re.IGNORECASE)
_NO_VALUE = frozenset(
    """that it this them those these one something anything nothing everything here there
    not no yes also still just really very such i we you they he she me us their our my
    your his her its to""".split()
)


_PARTICIPLE = re.compile(r"[a-z]{2,}[^e\W]ed")  # "swapped", "booked"; not "red", "speed"


def substantive(value: str) -> bool:
    """A value worth recording as a fact: an amount, a date, a name or a code, or a short
    plain one ("blue", "remote first", "40 people") that is no verdict and no pronoun."""
    if value_parts(value):
        return True
    words = value.lower().split()
    return (
        _PLAIN_VALUE.fullmatch(value) is not None
        and not words[0].endswith("ly")  # "greatly appreciated" is a verdict
        # "leaking again", "running late", or "leaving" alone ("the driver is leaving"): what
        # something is doing, not a value of it
        and not (words[0].endswith("ing") and value[0].islower())
        # "the digits are swapped", "the order's confirmed": a state it is in, no value
        and not (len(words) == 1 and _PARTICIPLE.fullmatch(value.strip(" .!?,")) is not None)
        and not judges(value)
        and not table("fates").fullmatch(value.strip(" .!?,").lower())  # "the chase is cut"
        and not any(w in _NO_VALUE for w in words)
    )


_ROLE = re.compile(r"(?:your|my|our|his|her|their|the)\s+(?P<role>[a-z]+(?:\s+[a-z]+)?)")


def _owned_error(words: str) -> bool:
    """Whether words name an error someone owns ("my mistake", "her fault", "our bad")."""
    return table("owned_errors").match(_OWNER.sub("", words.lower())) is not None


_OWNER = re.compile(r"^(?:all |entirely |totally )?(?:my|our|his|her|their|your|the)\s+")


def _inverted(subject: str | None, value: str) -> tuple[str | None, str]:
    """ "Ana Ortiz will be your manager" gives the manager a value, not Ana Ortiz one: a
    named subject and a role for its value trade places."""
    role = _ROLE.fullmatch(value)
    if subject and role and value_parts(subject):
        return role.group("role"), _clean(subject)
    return subject, value


def _carries(phrasing: Phrasing, value: str) -> bool:
    """Is `value` something this phrasing can state? A verdict ("correct") is no value."""
    if not value or judges(value):
        return False
    return phrasing.kinds is None or bool(value_kinds(value) & phrasing.kinds)


GENERIC_HEADS = frozenset(
    """plan plans decision choice option approach one thing it that this policy status answer
    pick call direction idea proposal number figure value date time deadline schedule cap
    limit ceiling maximum max amount total""".split()
)
QUALIFIERS = frozenset(
    "the our this that official final new actual real updated revised current correct".split()
)
_QUALIFIER_TERMS = topic_terms(" ".join(QUALIFIERS))


# Words that end a phrase without naming a thing: "the best", "the other", "maybe".
_NO_HEAD = frozenset(
    """best worst biggest greatest smallest most least other others rest same former latter
    both all each either neither maybe perhaps probably doesn don isn wasn aren thing things
    point part""".split()
)


def generic_subject(subject: str) -> bool:
    """A subject that names no particular thing ("the official plan"), so it may refer to
    whatever the conversation is about. A word that says which one makes it particular:
    "the shipping status" is not just any status."""
    words = [w for w in re.findall(r"[\w#]+", subject.lower()) if w not in QUALIFIERS]
    return not words or all(w in GENERIC_HEADS for w in words)


_DETERMINED = re.compile(r"^(?:the|a|an|our|my|your|his|her|their|its|this|that)\s+\w", re.I)


# An activity with its object ("watching them", "taking the bus"): no thing to keep a fact
# under, and what is said of it is a verdict.
_ACTIVITY = re.compile(
    r"^(?:the\s+)?[a-z]+ing\s+(?:them|it|him|her|us|me|you|this|that|these|those|the|a|an|my|"
    r"our|your|his|their)\b",
    re.IGNORECASE,
)


def nameable(subject: str, text: str) -> bool:
    """Whether a subject, as `text` says it, names one thing a fact can be kept under:
    determined ("the dress code", "our caterer") or a compound ("launch color"); a bare
    plural ("dancers", "books") speaks of things in general, and an activity with its
    object ("watching them") of no thing at all."""
    if _ACTIVITY.match(subject):
        return False
    if len(subject.split()) >= 2:
        return True
    said = re.search(rf"(\w+)\s+{re.escape(subject)}\b", text, re.I)
    return said is not None and _DETERMINED.match(f"{said.group(1)} {subject}") is not None


def headless(subject: str) -> bool:
    """A subject whose last word is no noun ("the best", "the other one's", "maybe"): it
    names nothing a fact could be about."""
    words = re.findall(r"[a-z]+", subject.lower())
    return not words or words[-1] in _NO_HEAD


def subject_key(subject: str) -> str:
    """A fact key for a subject: "the shipping address" → "shipping_address"."""
    words = [w for w in re.findall(r"[a-z0-9#]+", subject.lower()) if w not in QUALIFIERS]
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
    r",\s+(?=(?:i|we|you|he|she|they|it|it'?s|that'?s|there'?s|let'?s|so|but|because|since|as|"
    r"which)\b"
    r"|(?:[\w$#./-]+\s+){0,3}?(?:is|are|was|were|has|have|had|will|can|could|should|being|"
    r"been|isn'?t|aren'?t|won'?t|can'?t)\b)"
    # "and" before a person doing something: "Fri 9:45am and she'll be seeing Marisol"
    r"|\s+and\s+(?=(?:i|we|you|he|she|they)(?:'ll|'re|'d|'ve|'m)?\s)",
    re.IGNORECASE,
)


# What a value replaces is not part of it: "Fort Mason rather than Pier 39".
_REPLACED_TAIL = re.compile(
    r",?\s+(?:rather than|instead of|in place of)\s.*$|,\s*not\s.*$", re.IGNORECASE
)


# Words that say since when, never part of a value wherever they stand in it.
_SINCE_NOW = re.compile(r"\s*\b(?:from now on|going forward|from here on)\b", re.I)


def _contrasted(value: str) -> str | None:
    """What a value says it replaces: "glossy" of "matte instead of glossy"."""
    contrasted = _REPLACED_TAIL.search(value)
    if contrasted is None:
        return None
    replaced = re.sub(r"^,?\s*(?:rather than|instead of|in place of|not)\s+", "", contrasted.group(0))
    return _NEW_CLAUSE.split(replaced, maxsplit=1)[0].strip(" ,") or None


def _clean(value: str) -> str:
    value = _NEW_CLAUSE.split(value, maxsplit=1)[0]
    contrasted = _REPLACED_TAIL.search(value)
    if contrasted is not None:
        # a contrast replaces the item just before it: "750, matte instead of glossy"
        value = value[: contrasted.start()].rsplit(", ", 1)[-1]
    value = _figure_alone(value)
    value = _SINCE_NOW.sub("", value)
    value = value.strip().strip(" ,:-\"'")
    previous = None
    while previous != value:
        previous = value
        value = _FILLER.sub("", value).strip()
    return value


_MOMENTS_AND_FIGURES = frozenset({"date", "weekday", "time", "money", "percent"})
# What may stand beside such a value in it: nothing, or the period or unit of a rate.
_PER = re.compile(
    r"(?:(?:/|per\s+|an?\s+)(?:month|year|week|day|night|hour|person|head|seat|unit|user)s?)?",
    re.IGNORECASE,
)


def _figure_alone(value: str) -> str:
    """A date, a time or an amount without the remark after its comma: "Tuesday Oct 14,
    PM signed off" is "Tuesday Oct 14". A tail with a figure of its own stays ("March 3,
    2027"), and so do a single word ("$600, non-refundable") and one after a name ("Pine
    Lodge, by the lake")."""
    head, comma, tail = value.partition(", ")
    found = typed_values(head)
    if not comma or len(tail.split()) < 2 or typed_values(tail) or not found:
        return value
    if any(v.kind not in _MOMENTS_AND_FIGURES for v in found):
        return value
    rest = head
    for v in sorted(found, key=lambda v: v.start, reverse=True):
        rest = rest[: v.start] + rest[v.end :]
    return head if _PER.fullmatch(rest.strip(" ,-")) else value


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
    "assertion",
    "assertion_in",
    "generic_subject",
    "headless",
    "judges",
    "reversion",
    "statements",
    "subject_key",
    "subject_matches",
    "substantive",
]
