"""What was said for us only, and where in a turn it stands.

A restriction said in prose ("internal only:", "keep this between us", "HR only") marks
what follows it, to the end of the turn or until the speaker turns to what may be shared,
as internal; one that points back ("he hasn't told his kids yet", "keep that quiet") marks
what it points at and itself; one said in confidence marks its own sentence; a wish to stay
anonymous marks only the names in it. What was said is kept as notes, records of words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.clauses import Sentence, line_speaker, sentences
from statekeeper.conversation.cues import found, table
from statekeeper.conversation.disclosure import object_terms
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import typed_values

INTERNAL_NOTE = "internal_note"  # the key of a note of what was said for us only
ACKNOWLEDGED_NOTE = "acknowledged_note"  # of what the assistant said back as for us only
PUBLIC_NOTE = "public_note"  # of what was said for anyone of something kept for us
# Notes are records of words said, not values: none corrects or contradicts another.
NOTES = frozenset({INTERNAL_NOTE, ACKNOWLEDGED_NOTE, PUBLIC_NOTE})


def confidential_spans(text: str) -> list[str]:
    """The parts of a turn said for us only, as they stand in it: each runs from a sentence
    that restricts to the end of the turn, or to a sentence that turns to what may be
    shared. A pasted message's subject line marked confidential ("Subject: RE: sessions -
    CONFIDENTIAL") restricts all that follows, unless the message says itself what is
    kept: then that is what is."""
    read = _subject_yielding(text)  # the same length: a span of it is one of the text
    spans = [text[(at := read.find(span)) : at + len(span)] for span in _spans(read)]
    return _without_public_items(spans, text)


def _subject_yielding(text: str) -> str:
    """The text with a subject line's restriction blanked, when the message it heads says
    itself what is kept."""
    subject = _SUBJECT.search(text)
    if subject is None or not restricts(subject.group(0)):
        return text
    rest = text[: subject.start()] + " " * len(subject.group(0)) + text[subject.end() :]
    return rest if any(restricts(s.text) for s in sentences(rest)) else text


_SUBJECT = re.compile(r"(?im)^[ \t]*subject[ \t]*:[^\n]*$")
# Numbered items of minutes said to be for anyone: "PUBLIC: item 3", "items 2 and 4 are
# public".
_NUMBERS = r"(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*)"
_PUBLIC_ITEMS = re.compile(
    rf"(?i)\bpublic\s*:\s*items?\s+{_NUMBERS}|\bitems?\s+{_NUMBERS}\s+(?:is|are|can be|may be)"
    r"\s+(?:public|for anyone|shareable)"
)
_ITEM_LINE = re.compile(r"(?m)^[ \t]*(\d{1,2})[.)][ \t][^\n]*$")


def _without_public_items(spans: list[str], text: str) -> list[str]:
    """The spans with the numbered items the turn says are public cut out of them."""
    said = _PUBLIC_ITEMS.search(text)
    if said is None:
        return spans
    public = {int(n) for n in re.findall(r"\d+", said.group(1) or said.group(2))}
    out: list[str] = []
    for span in spans:
        last = 0
        for item in _ITEM_LINE.finditer(span):
            if int(item.group(1)) in public:
                out.append(span[last : item.start()].strip())
                last = item.end()
        out.append(span[last:].strip())
    return [span for span in out if span]


def _spans(text: str) -> list[str]:
    spans: list[str] = []
    opener: Sentence | None = None  # the sentence that opened a span still running
    start = end = 0
    speaker: str | None = None  # who said the restriction, in a pasted chat
    said_before: list[Sentence] = []

    def close(opener: Sentence) -> None:
        # a restriction that says little beyond whom it keeps out, and ends its span where it
        # ends, points back, not ahead: "He's recovering from surgery. Don't repeat his
        # medical stuff to anybody."
        first = start
        alone = first == opener.start and end == opener.start + len(opener.text)
        states = _STATES.search(table("confidential").sub(" ", opener.text.lower()))
        if alone and _says_little(opener.text) and not states:
            first = _pointed_at(said_before[: said_before.index(opener)], opener)
        spans.append(text[first:end].strip())

    for sentence in sentences(text):
        said = sentence.text.strip()
        other = line_speaker(said)
        quoted = said.startswith(">")  # an earlier message quoted below: its own words
        if opener is not None and (
            found("shareable", said) or (other and other != speaker) or quoted
        ):
            # what may be shared, another person's line of a chat, or a quoted message: the
            # span ends
            close(opener)
            opener = None
        elif opener is None and found("confidential_here", said):  # this sentence alone
            # or what it points back at, when it says little of its own: "She mentioned it
            # in confidence."
            alone = not said_before or not _says_little(said)
            first = sentence.start if alone else _pointed_at(said_before, sentence)
            spans.append(text[first : sentence.start + len(sentence.text)].strip())
        elif opener is None and found("anonymity", said):  # the name goes, the rest stays
            # named in the sentence before, or in this one before the wish
            cue = table("anonymity").search(said)
            first = said_before[-1].start if said_before else sentence.start
            spans += _names(text[first : sentence.start + (cue.start() if cue else 0)])
        elif (
            opener is None
            and found("confidential_back", said)
            and _points_ahead(said, bool(said_before))
        ):
            # "Keg price though, that's between me and Ron only. It's £68 a keg.", "this
            # stays with the crew, eh: ...": what it names comes after it, and so does the
            # rest of the turn
            opener, start, speaker = sentence, sentence.start, other
            end = sentence.start + len(sentence.text)
        elif opener is None and found("confidential_back", said):
            # "keep that quiet": what it points back at, and itself; what follows is said
            # again for anyone unless it restricts too
            first = _pointed_at(said_before, sentence)
            spans.append(text[first : sentence.start + len(sentence.text)].strip())
        elif opener is not None or found("confidential", said):
            if opener is None:  # "HR eyes only." alone after a statement marks that statement
                bare = said_before and bare_restriction(said)
                opener, speaker = sentence, other
                start = said_before[-1].start if bare else sentence.start
            end = sentence.start + len(sentence.text)
        said_before.append(sentence)
    if opener is not None:
        close(opener)
    # restrictions said one after another point back at one statement: one span for it
    unique = list(dict.fromkeys(spans))
    return [span for span in unique if not any(span != o and span in o for o in unique)]


def _says_little(restriction: str) -> bool:
    """Whether a restriction states no value and names little: what it restricts was said
    before it. Whom it is kept from, listed after a colon, is no part of what it names."""
    colon = restriction.find(":")
    if colon >= 0 and _KEPT_FROM.match(restriction[colon + 1 :]):
        restriction = restriction[:colon]
    words = restriction.lower()
    for name in (*RESTRICTING, "keeping_words"):  # "want it kept quiet between us"
        words = table(name).sub(" ", words)
    named = {t for t in object_terms(words) if not _PRONOUN.fullmatch(t)}
    return not typed_values(restriction) and len(named) <= _FEW_TERMS


# A restriction of all that was said before it: "keep this between us", "all of the above".
_WHOLE = re.compile(
    r"(?i)\b(?:keep|leave) (?:all )?(?:this|these)\b|\ball (?:of )?(?:this|that|the above)\b"
)
_FEW_TERMS = 2  # content words of a restriction that only names what it points back at
_PRONOUN = re.compile(r"(?:he|she|they|it|we|you|i|him|her|them|us|his|their|its)(?:'\w*)?")


def _pointed_at(said_before: Sequence[Sentence], restriction: Sentence) -> int:
    """Where what a restriction points back at starts: the sentence before it (over
    restrictions said one after another: "She asked that her name stay out. Trustees only,
    please."), or an earlier one that holds what it names ("out of hospital, heart op. No
    saws before 9. Don't be mentioning the hospital"). Not before a chat line's start."""
    if _WHOLE.search(restriction.text):  # "keep all this between us": all said before
        for sentence in reversed(said_before):
            if line_speaker(sentence.text.strip()):
                return sentence.start
        return said_before[0].start if said_before else restriction.start
    cue = table("confidential_back").search(restriction.text.lower())
    if cue is not None and any(
        v.end <= cue.start() and v.kind != "name" for v in typed_values(restriction.text)
    ):  # "the ceiling is £14,000, but that's between us"; not "Mr Pike doesn't want ..."
        return restriction.start
    start = restriction.start
    # what a short restriction names ("the hospital") is looked for further back
    terms = object_terms(restriction.text) if _says_little(restriction.text) else frozenset()
    statement = False
    for sentence in reversed(said_before):
        if not statement:  # a restriction that states no value passes on what it points at
            start = sentence.start
            statement = not restricts(sentence.text) or bool(typed_values(sentence.text))
        elif terms & topic_terms(sentence.text):
            start = sentence.start
        if line_speaker(sentence.text.strip()):
            break
    return start


def _points_ahead(sentence: str, after_another: bool) -> bool:
    """Whether a restriction that points back points at what comes after it: it heads
    what follows with a colon ("this stays with box office staff only, eh: ..."), or opens
    its turn after no more than the name of a matter and states none of its values ("Keg
    price though, that's between me and Ron only.")."""
    cue = table("confidential_back").search(sentence.lower())
    if cue is None:
        return False
    rest = sentence[cue.end() :]
    colon = rest.find(":")
    if colon >= 0 and len(rest[:colon].split()) <= _HEADING_TAIL:
        # what follows the colon, unless it lists whom it is kept from ("between us and
        # them: not the kennel, not the groomer, nobody")
        return _KEPT_FROM.match(rest[colon + 1 :]) is None
    named = sentence[: cue.start()]
    return (
        not after_another
        and 0 < len(named.split()) <= _MATTER_WORDS
        and not _STATES.search(named)
        and not typed_values(sentence)
    )


_HEADING_TAIL = 2  # words between a restriction and the colon it heads with ("eh:")
_KEPT_FROM = re.compile(r"(?i)\s*(?:not|no|nobody|no one|none|never|neither)\b")
_MATTER_WORDS = 5  # words that can name a matter before a restriction of it
_STATES = re.compile(r"(?i)\b(?:is|are|was|were|has|have|had)\b|'s\b|'re\b")


def restricts(sentence: str) -> bool:
    """Whether a sentence keeps something for us only, itself or what it points back at."""
    return any(found(name, sentence) for name in RESTRICTING)


def names_facts(sentence: str) -> bool:
    """Whether a restriction may name live facts by their words ("keep the bonus quiet"),
    not only values said before it."""
    return found("confidential", sentence) or found("confidential_back", sentence)


# Cues of a restriction: of what follows, of what was just said, of telling withheld.
RESTRICTING = (
    "confidential",
    "confidential_back",
    "confidential_here",
    "telling_withheld",
    "told_withheld",
)


def bare_restriction(sentence: str, cues: Sequence[str] = ("confidential",)) -> bool:
    """Whether a restriction (by the cue tables `cues`) says nothing but itself
    ("Confidential.", "Not for the client.", "Don't let the staff know yet."): then it is
    of what was said before it."""
    lowered = rest = sentence.lower()
    for a, b in (m.span() for name in cues for m in table(name).finditer(lowered)):
        rest = rest[:a] + " " * (b - a) + rest[b:]  # each table reads the sentence as said
        audience = _AUDIENCE.match(sentence, b)  # "fitters only, Sam and Priya": whom it is for
        if audience is not None:
            rest = rest[:b] + " " * (audience.end() - b)
    return not topic_terms(table("confidential_filler").sub(" ", rest))


# The people a restriction is for, named after it to the sentence's end: ", Sam and Priya."
_PERSON = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?"
_AUDIENCE = re.compile(rf"\s*[,:–—-]\s*{_PERSON}(?:\s*(?:,|and|&)\s*{_PERSON})*\s*[.!]?\s*$")


def points_before(text: str) -> bool:
    """Whether a turn opens with a restriction of what was said before it and nothing of its
    own ("Please, this is only for the committee now."), or of a thing it names that its
    turn has not said ("She doesn't want the neighbours knowing the diagnosis."): it is of
    the turn before."""
    said = sentences(text)
    first = said[0].text if said else ""
    cue = table("confidential_back").search(first.lower())
    if cue is None:
        return False
    return bare_restriction(first, RESTRICTING) or bool(_NAMED_THING.match(first[cue.end() :]))


# What a restriction names as kept, a thing and not a clause, ending its sentence: "the
# diagnosis", "about it", "his results yet".
_NAMED_THING = re.compile(
    r"(?i)\s*(?:about\s+)?(?:it|this|that|(?:the|her|his|their|our|my|your|[\w-]+'s)"
    r"(?:\s+[\w'-]+){1,3})(?:\s+(?:yet|either|for now|just yet))?\s*[.!;]?\s*$"
)


def beyond_restriction(note: str) -> list[str]:
    """The runs of a note's sentences that say more than a restriction: what a context
    withholds of it. "The code is 3815. Carers only." withholds the code and shows whom it
    is for."""
    runs: list[str] = []
    start: int | None = None
    for sentence in sentences(note):
        bare = restricts(sentence.text) and bare_restriction(sentence.text, RESTRICTING)
        if bare and start is not None:
            runs.append(note[start : sentence.start].strip())
            start = None
        elif not bare and start is None:
            start = sentence.start
    if start is not None:
        runs.append(note[start:].strip())
    return runs


def kept_part(acknowledgment: str) -> str:
    """What a clause said back as kept names before the words that keep it ("the insulin"
    of "the insulin is for Dr Rao only", "Ana's address" of "Ana's address stays between
    you and the office"); all of it when nothing names a thing before them."""
    lowered = acknowledgment.lower()
    cues = [m.start() for name in (*RESTRICTING, "kept_with") if (m := table(name).search(lowered))]
    before = acknowledgment[: min(cues)] if cues else acknowledgment
    before = re.sub(r"(?i)\s*\b(?:is|are|was|were|stays?|remains?|goes)\s*$", "", before)
    return before.strip(" ,;:") if topic_terms(before) else acknowledgment


# A person's name inside a sentence (not its first word): "Dr Ama Boateng", "Dr. Lee", a
# double-barrelled "Ashby-Rowe" alone.
_NAME = re.compile(
    r"(?<=[\w,;:'\"] )(?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
    r"(?: [A-Z][a-z]+(?:-[A-Z][a-z]+)?)*"
)


def _names(text: str) -> list[str]:
    return [m.group(0) for m in _NAME.finditer(text) if " " in m.group(0) or "-" in m.group(0)]
