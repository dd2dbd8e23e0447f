"""What a turn says for anyone, of something said for us only: "Publicly: on leave, back
next month" after a restricted note that held the date. The values such a line repeats
are no longer for us only, so a public note keeps them live, and a text written for
someone outside may show them. The user's turn and the assistant's both say it; a line
that repeats nothing restricted changes nothing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found
from statekeeper.conversation.decisions import Add, Decision, said_by
from statekeeper.conversation.restrictions import PUBLIC_NOTE, restricts
from statekeeper.conversation.view import StateView
from statekeeper.model import INTERNAL, Turn
from statekeeper.text.values import typed_values


def public_lines(text: str) -> list[str]:
    """The sentences of a text said for anyone ("publicly: ...", "you can tell them
    ..."), as they stand in it, without a clause beside that keeps something back ("the
    date can be shared; the reason stays with us")."""
    lines = []
    for sentence in sentences(text):
        if not found("shareable", sentence.text.strip()):
            continue
        kept = [
            sentence.text[a:b]
            for a, b in sentence.clauses()
            if restricts(sentence.text[a:b]) or found("kept_with", sentence.text[a:b])
        ]
        line = sentence.text
        for clause in kept:
            line = line.replace(clause, " ")
        lines.append(line.strip())
    return lines


def repeated(line: str, restricted: Iterable[str]) -> bool:
    """Whether a public line repeats a value one of the restricted texts holds, in its
    words or another spelling of it."""
    said = {v.key for v in typed_values(line)}
    return bool(said) and any(said & {v.key for v in typed_values(t)} for t in restricted)


def published(view: StateView, turn: Turn, spans: Sequence[str] = ()) -> list[Decision]:
    """A public note for each line of the turn, outside its own restricted spans, that
    repeats a value of those spans or of a live fact kept for us only."""
    text = turn.text
    for span in spans:
        text = text.replace(span, " ")
    notes: list[Decision] = []
    for line in public_lines(text):
        held = [
            *spans,
            *(f.text for f in view.related_facts(line) if INTERNAL in f.required_permissions),
        ]
        if repeated(line, held):
            notes.append(
                Add(
                    PUBLIC_NOTE,
                    line,
                    said_by(turn, view.authority),
                    turn.timestamp,
                    "said for anyone",
                    turn.scope,
                    turn.scope_id,
                    implicit=False,
                )
            )
    return notes
