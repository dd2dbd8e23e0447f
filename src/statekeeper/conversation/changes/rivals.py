"""Values a turn puts forward without stating them: in a question ("should we move it to
6:25?"), a condition's consequence ("if the binding isn't done, we could push her to the
22nd") or a denial ("we're not moving the pickup to 9:15").

Such a value changes nothing. Where it would replace a known value if it were said as
ours, weighed as a change is, it is a rival that was never taken up: no state, and a
context that replays the turn should not offer it beside the value that stands. A later
turn that adopts it makes it live again. What a story of the past, someone else's affair
or a wish says is no rival: it may be true of its own time, owner or wisher, and asked
about later.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from statekeeper.conversation.changes.operations import Replace, Source
from statekeeper.conversation.changes.replacements import replacements
from statekeeper.conversation.clauses import Sentence, sentences
from statekeeper.nlu.interpret import NEGATED_CHANGE


def rivals(turn: str, sources: Sequence[Source]) -> list[Replace]:
    """The known values that what `turn` only puts forward would replace, with the values
    put forward."""
    said = sentences(turn)
    parts = [(s, _put_forward_part(s)) for s in said if _puts_forward(s)]
    parts += [(s, denied) for s in said if not _puts_forward(s) and (denied := _denied_part(s))]
    forward = [
        replace(s, text=text, question=False, conditional=False, hypothetical=False, keeps=False)
        for s, text in parts
    ]
    return replacements(turn, forward, sources, forward=True) if forward else []


# The clause of a sentence that denies a change of ours, in a sentence that goes on to
# state something else: "We're not switching to the Gull Rock though, the Sea Wren has
# the deck" denies the switch in its first clause. It runs from the clause's start to its
# end.
_CLAUSE_END = re.compile(r"[,.](?!\d)|[;!?]|$")  # not inside "$1,450"


def _denied_part(sentence: Sentence) -> str:
    """The clause a stating sentence denies a change of ours in, the rest blanked (offsets
    kept); empty when it denies none."""
    text = sentence.text
    denied = NEGATED_CHANGE.search(text)
    if denied is None or sentence.past or sentence.third_party:
        return ""
    end = _CLAUSE_END.search(text, denied.end()).start()  # type: ignore[union-attr]
    # from the clause's start: "the install is NOT moving to the 11th" names what stays
    start = max((a for a, _ in sentence.clauses() if a <= denied.start()), default=0)
    return " " * start + text[start:end] + " " * (len(text) - end)


# A condition's own clause states what is assumed, not what is put forward: "if it isn't
# ready by Friday, we push to the 9th" puts forward the 9th. "What if" puts forward what
# follows it.
CONDITION_CLAUSE = re.compile(
    r"\b(?<!what )(?:if|unless|in case|assuming|provided)\b.*?(?:[,;](?!\d)|$|(?=\s(?:we|i|you|they|he|she)"
    r"(?:'d|'ll|\s+(?:could|would|will|can|should|might|may|have to|need to))\b))",
    re.IGNORECASE,
)


# Where a question opens inside its sentence: "need it Wed noon, can you do it?" states the
# day and asks the rest; "he asked 'can we bump the fitting to Oct 9?'" asks from the quote.
_ASKING = re.compile(
    r"(?:^|[,;:'\"“‘]\s*|\b(?:asked|asks|asking|wonder(?:ing|ed)?)\s+(?:if\s+|whether\s+)?)"
    r"(?:should|would|could|can|is|are|was|do|does|did|will|shall|may|might|what if|how about|"
    r"any chance)\b",
    re.IGNORECASE,
)


def _put_forward_part(sentence: Sentence) -> str:
    """The sentence with what it does not put forward blanked (offsets kept): a condition's
    own clause, and the statement before a question it ends in."""
    text = CONDITION_CLAUSE.sub(lambda m: " " * len(m.group(0)), sentence.text)
    asked = _ASKING.search(text) if sentence.question else None
    return " " * asked.start() + text[asked.start() :] if asked else text


def puts_forward(turn: str) -> bool:
    """Whether any sentence of a turn only puts something forward, or denies a change in
    one of its clauses: the rest need not be read for rivals."""
    return any(_puts_forward(s) or _denied_part(s) for s in sentences(turn))


def _puts_forward(sentence: Sentence) -> bool:
    """Whether a sentence asks, supposes or denies, and does no more."""
    return (
        not (sentence.past or sentence.third_party or sentence.wanted)
        and not (sentence.scheduled or sentence.generic)
        and (
            sentence.question
            or sentence.conditional
            or sentence.hypothetical
            or not sentence.asserts
        )
    )
