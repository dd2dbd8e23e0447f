"""Who a context is for, and what was said only for us.

A restriction said in prose ("internal only:", "keep this between us", "HR only") marks
what follows it, to the end of the turn or until the speaker turns to what may be shared,
as internal; one that points back ("he hasn't told his kids yet", "keep that quiet") marks
the sentence before it and itself, and a wish to stay anonymous marks only the names in it. A context written for someone outside (a reply to a client, a public report)
leaves internal statements out; one for ourselves keeps them.
"""

from __future__ import annotations

import re

from statekeeper.conversation.clauses import line_speaker, sentences
from statekeeper.conversation.cues import found, table
from statekeeper.model import INTERNAL
from statekeeper.nlu.topic import topic_terms

EXTERNAL = "external"
AUDIENCES = (INTERNAL, EXTERNAL)


def confidential_spans(text: str) -> list[str]:
    """The parts of a turn said for us only, as they stand in it: each runs from a sentence
    that restricts to the end of the turn, or to a sentence that turns to what may be
    shared."""
    spans: list[str] = []
    start: int | None = None
    end = 0
    before: int | None = None  # where the sentence before this one starts
    speaker: str | None = None  # who said the restriction, in a pasted chat
    for sentence in sentences(text):
        said = sentence.text.strip()
        other = line_speaker(said)
        if start is not None and (found("shareable", said) or (other and other != speaker)):
            # what may be shared, or another person's line of a chat: the span ends
            spans.append(text[start:end].strip())
            start = None
        elif start is None and found("anonymity", said):  # the name goes, the rest stays
            spans += _names(text[before : sentence.start]) if before is not None else []
        elif start is None and found("confidential_back", said):
            # "keep that quiet": what it points back at, and itself; what follows is said
            # again for anyone unless it restricts too
            first = sentence.start if before is None else before
            spans.append(text[first : sentence.start + len(sentence.text)].strip())
        elif start is not None or found("confidential", said):
            if start is None:  # "HR eyes only." alone after a statement marks that statement
                start = before if before is not None and bare_restriction(said) else sentence.start
                speaker = other
            end = sentence.start + len(sentence.text)
        before = sentence.start
    if start is not None:
        spans.append(text[start:end].strip())
    return spans


def restricts(sentence: str) -> bool:
    """Whether a sentence keeps something for us only, itself or what it points back at."""
    return any(found(name, sentence) for name in _RESTRICTING)


def names_facts(sentence: str) -> bool:
    """Whether a restriction may name live facts by their words ("keep the bonus quiet"),
    not only values said before it."""
    return found("confidential", sentence) or found("confidential_back", sentence)


# Cues of a restriction: of what follows, of what was just said, of telling withheld.
_RESTRICTING = ("confidential", "confidential_back", "telling_withheld", "told_withheld")


def bare_restriction(sentence: str) -> bool:
    """Whether a restriction says nothing but itself ("Confidential.", "Not for the
    client.", "Don't let the staff know yet."): then it is of what was said before it."""
    rest = table("confidential").sub(" ", sentence.lower())
    return not topic_terms(table("confidential_filler").sub(" ", rest))


# Names inside a sentence (not its first word): "Margaret Abernathy", "Dr. Lee".
_NAME = re.compile(r"(?<=[\w,;:'\"] )(?:(?:Dr|Mr|Mrs|Ms|Prof)\. )?[A-Z][a-z]+(?: [A-Z][a-z]+)*")


def _names(text: str) -> list[str]:
    return [m.group(0) for m in _NAME.finditer(text) if " " in m.group(0)]


def audience_of(query: str) -> str:
    """Whom a query's answer is for: outside (a reply, a public text) or ourselves."""
    if found("internal_audience", query):
        return INTERNAL
    return EXTERNAL if found("external_audience", query) else INTERNAL
