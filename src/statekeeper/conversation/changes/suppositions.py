"""Values a turn only supposes: what a joke, a condition, a question reported or a "what
if" puts forward ("she joked we should open at 5am", "if the trailer is late we'd load at
14:30", "the landlord asked whether we could pay £1,050").

A supposition adopts nothing. Where it names a figure or a moment of a kind that a known
value has, and none of the known values, that value is no current one of ours, whoever put
it forward and however little the words around it say of which thing it would change: a
replayed turn should not offer it beside the value that stands. Names are only mentioned
in a supposition, not varied, and are left alone; so are guesses ("pretty sure it's 4pm
now"), which may carry the current value, and whatever the turn also states or grants
("..., I said fine"). A later turn that adopts the value makes it live again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.known import known_values
from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.rivals import CONDITION_CLAUSE
from statekeeper.conversation.clauses import CONDITIONAL, Sentence, sentences
from statekeeper.conversation.cues import found, table
from statekeeper.text.values import TypedValue, typed_values

# The kinds of value a supposition may put forward in place of a known one: figures and
# moments, which a supposition varies ("start at 6am", "make it £12", "a day later"); not
# names, which it only mentions.
_SUPPOSED_KINDS = frozenset({"time", "date", "weekday", "money", "percent", "quantity"})


def supposed(turn: str, sources: Sequence[Source]) -> list[TypedValue]:
    """The values a turn only supposes, of a kind some known value (of `sources`) has and
    none of its values."""
    known = known_values(sources)
    kinds = {k.value.kind for k in known} & _SUPPOSED_KINDS
    if not kinds:
        return []
    parts = [(s, _supposed_part(s)) for s in sentences(turn)]
    # what the turn states as well: "if we're over 50 it's £18 a head. So it's 52 at £18"
    held = {k.value.key for k in known} | {
        v.key for s, part in parts if s.asserts and not part for v in typed_values(s.text)
    }
    found_values: dict[str, TypedValue] = {}
    for sentence, part in parts:
        if part is None or _GRANTED.search(turn, sentence.start):
            continue  # "asked could he move in a day early, I said fine": granted
        for value in typed_values(sentence.text):
            if part[0] <= value.start < part[1] and value.kind in kinds and value.key not in held:
                found_values.setdefault(value.key, value)
    return list(found_values.values())


# A yes given to what was supposed: "..., I said fine", "we agreed", "tell him that's ok".
_GRANTED = re.compile(
    r"\b(?:(?:i|we) said|(?:i|we) told (?:her|him|them)|tell (?:her|him|them)),? "
    r"(?:(?:that'?s|it'?s) )?(?:sure|yes|yeah|yep|ok|okay|fine|grand|no problem|of course|"
    r"go ahead)\b|\b(?:i|we) (?:agreed|approved)\b",
    re.IGNORECASE,
)
# An answer that follows what was supposed, in the same sentence: "the chef asked if lunch
# moves too, Dana said no, dinner is at 7" supposes nothing from "Dana said" on.
# The speaker's own reply ends it too: "he asks if we can take the dog; I told him the
# van is full".
_ANSWER = re.compile(
    r"\b(?:said|says|replied|answered|told (?:her|him|them|us|me))[,:]?\s+"
    r"(?:no|nope|yes|yeah|yep|sure|ok|okay|fine|not)\b"
    r"|\b(?:i|we) (?:said|told|replied|answered)\b",
    re.IGNORECASE,
)


# A condition on what we do supposes it: "if I raise the fee to $45", "if we took the 9th".
_OUR_DOING = re.compile(r"(?:if|unless|assuming|provided)\s+(?:i|we)\b", re.IGNORECASE)


def _supposed_part(sentence: Sentence) -> tuple[int, int] | None:
    """Where a sentence supposes rather than guesses or asks, as a span of it: a joke, a
    condition, a counterfactual, a question reported or a "what if" supposes from the
    clause it opens in to an answer given to it ("just kidding" at the end: all of its
    clause). None when it supposes nothing."""
    text = sentence.text
    cues = [CONDITIONAL.search(text)] + [
        table(name).search(text.lower()) for name in ("joke", "counterfactual", "reported_question")
    ]
    first = min((cue for cue in cues if cue is not None), key=lambda c: c.start(), default=None)
    if first is None:
        return None
    # from the clause it is in: "Jo says they'd do it for £90 and she's asking if we should"
    start = max(a for a, _ in sentence.clauses() if a <= first.start())
    # "if it rains on Saturday, ..." assumes the day; "if I move it to 9, ..." supposes the
    # hour; a condition run into its consequence ("if we sold it theyd pay £90") is all one
    condition = CONDITION_CLAUSE.search(text, first.start())
    if (
        first.re is CONDITIONAL
        and condition
        and condition.end() < len(text)
        and not found("change", condition.group(0))
        and not _OUR_DOING.match(condition.group(0))
    ):
        start = condition.end()
    answer = _ANSWER.search(text, first.end())
    if answer is None:
        return start, len(text)
    # from the clause the answer opens: "..., Dana said no" ends at "Dana"
    opened = [a for a, _ in sentence.clauses() if start < a <= answer.start()]
    return start, max(opened, default=answer.start())


def supposes(turn: str) -> bool:
    """Whether any sentence of a turn supposes something."""
    return any(_supposed_part(s) for s in sentences(turn))
