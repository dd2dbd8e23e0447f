"""Who a context is for, and what was said only for us.

A restriction said in prose ("internal only:", "keep this between us", "HR only") marks
what follows it, to the end of the turn or until the speaker turns to what may be shared,
as internal. A context written for someone outside (a reply to a client, a public report)
leaves internal statements out; one for ourselves keeps them.
"""

from __future__ import annotations

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found
from statekeeper.model import INTERNAL

EXTERNAL = "external"
AUDIENCES = (INTERNAL, EXTERNAL)


def confidential_spans(text: str) -> list[str]:
    """The parts of a turn said for us only, as they stand in it: each runs from a sentence
    that restricts to the end of the turn, or to a sentence that turns to what may be
    shared."""
    spans: list[str] = []
    start: int | None = None
    end = 0
    for sentence in sentences(text):
        said = sentence.text.strip()
        if start is not None and found("shareable", said):
            spans.append(text[start:end].strip())
            start = None
        elif start is not None or found("confidential", said):
            start = sentence.start if start is None else start
            end = sentence.start + len(sentence.text)
    if start is not None:
        spans.append(text[start:end].strip())
    return spans


def audience_of(query: str) -> str:
    """Whom a query's answer is for: outside (a reply, a public text) or ourselves."""
    if found("internal_audience", query):
        return INTERNAL
    return EXTERNAL if found("external_audience", query) else INTERNAL
