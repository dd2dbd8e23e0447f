"""What a user's turn changes, read against live state: decisions, never writes.

Rule 1 (explicit) and Rule 2 (implicit): a turn's assertion replaces the fact its subject
names, or the fact in focus when it names none. A colleague of the same rank is not
overruled by another's word: both stand as a conflict. Reversions restore an earlier
value; declined offers and proposals overruled from above end; what is said for us only
is restricted, and what a turn then says of it for anyone is public. A turn in a side
scope only records facts in that scope.

The readings come in four batches: each is to be applied before the next is read,
because a later reading looks at the live facts an earlier one changed (a "yes" adopts
the assistant's words, or a pick one of its offers, before the turn's own are read
against the facts that left). Within a batch a decision may build on an earlier one of the
same batch, never on a write. Each reading is a module of `statekeeper.conversation.readings`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.decisions import Decision
from statekeeper.conversation.pasted import mail_lines
from statekeeper.conversation.picks import first_sentence
from statekeeper.conversation.proposed import granted
from statekeeper.conversation.readings.confirmations import confirmed
from statekeeper.conversation.readings.declining import turned_down
from statekeeper.conversation.readings.overruling import overruled
from statekeeper.conversation.readings.picking import chosen
from statekeeper.conversation.readings.published import published
from statekeeper.conversation.readings.restricted import restricted
from statekeeper.conversation.readings.said import changes
from statekeeper.conversation.restrictions import confidential_spans, restricts
from statekeeper.conversation.view import StateView
from statekeeper.model import Turn
from statekeeper.nlu import interpret as nlu
from statekeeper.text.values import typed_values


def read_turn(view: StateView, turn: Turn, earlier: Sequence[Turn]) -> Iterator[list[Decision]]:
    """The decisions a user's turn makes, in batches to apply one after the other. What a
    turn says for us only ("internal only: ...") is kept as a restricted note, and read
    for nothing else."""
    spans = confidential_spans(turn.text)
    notes = restricted(view, turn, spans, earlier) + published(view, turn, spans)
    side = nlu.aside(turn.text)  # another matter opened and closed inside the turn
    # "the reference is for this office and nobody else" says who may know, not a value
    access = [
        s.text for s in sentences(turn.text) if restricts(s.text) and not typed_values(s.text)
    ]
    headers = mail_lines(turn.text)  # a pasted message's header and quotes state nothing
    if spans or side or access or headers:
        public = turn.text
        for span in [*spans, *([side] if side else []), *access, *headers]:
            public = public.replace(span, " ")
        turn = turn.model_copy(update={"text": public})
    asides = notes + turned_down(view, turn, earlier)
    yield asides + overruled(view, turn, earlier, asides)
    yield confirmed(view, turn, earlier)
    choice = chosen(view, turn, earlier)
    yield choice
    if choice:  # the rest of the turn is read for itself
        rest = turn.text.strip()[len(first_sentence(turn.text)) :]
        turn = turn.model_copy(update={"text": rest})
    request = granted(turn.text)
    if request is not None:  # a request granted is read as the speaker's own words
        turn = turn.model_copy(update={"text": request})
    yield changes(view, turn, earlier)
