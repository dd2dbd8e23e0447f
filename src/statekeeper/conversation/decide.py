"""What a turn changes, decided against what is already known, as a pure function.

A turn's asserting sentences state typed values. A new value replaces a known value of the
same kind when the evidence says they are values of one thing: the turn names the old one
as wrong ("2014, not 2017"), the two differ as a slip of the hand does ("73391842" and
"73391824"), the words around them agree ("the patio is 30 sq ft" and "300 sq ft for the
patio"), or it is the only value of its kind in sight and the turn signals a
change. The evidence adds up to a score; the best old value must score enough and beat the
next one, or nothing happens: a missed change costs less than a wrong one, and the turn
itself can still be recalled.

A retraction names an item ("leave the gift wrap off", "86 the soup") that a known list
holds; the item is taken out of it, or the whole fact ends when the item is all it says.

The parts moved so far live in `statekeeper.conversation.changes`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.in_house import brought_in_house
from statekeeper.conversation.changes.labels import anchor, slot_name
from statekeeper.conversation.changes.operations import Operation, Replace, Retract, Source
from statekeeper.conversation.changes.out_of_reach import disowns
from statekeeper.conversation.changes.recurring_days import with_its_days
from statekeeper.conversation.changes.replacements import replacements
from statekeeper.conversation.changes.retractions import retractions
from statekeeper.conversation.changes.rewordings import reworded
from statekeeper.conversation.changes.steps import stepped
from statekeeper.conversation.changes.subjects import set_apart
from statekeeper.conversation.changes.swaps import word_swaps
from statekeeper.conversation.changes.wording import undetermined
from statekeeper.conversation.clauses import sentences
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import (
    TypedValue,
    typed_values,
)

__all__ = [
    "Operation",
    "Replace",
    "Retract",
    "Source",
    "anchor",
    "decide",
    "disowns",
    "replaced",
    "set_apart",
    "slot_name",
    "undetermined",
    "without",
]


def decide(turn: str, sources: Sequence[Source]) -> list[Operation]:
    """The replacements and retractions a user's turn makes to what `sources` state."""
    said = sentences(turn)
    ops: list[Operation] = list(replacements(turn, said, sources))
    changed = {op.old.source for op in ops if isinstance(op, Replace)}
    ops += _untaken(ops, word_swaps(said, sources))
    ops += _untaken(ops, reworded(said, sources, changed))
    ops += _untaken(ops, brought_in_house(said, sources))
    days = with_its_days(turn, ops, sources)  # all the new one's days, over any one of them
    ops = [op for op in ops if not _same_span(op, days)]
    ops += days
    ops += _untaken(ops, stepped(said, sources))
    replaced = {op.old.source for op in ops if isinstance(op, Replace)}
    ops += [r for r in retractions(said, sources) if r.source not in replaced]
    return ops


def _same_span(op: Operation, others: Sequence[Replace]) -> bool:
    """Whether an operation replaces the span one of `others` replaces."""
    return isinstance(op, Replace) and any(
        (op.old.source, op.old_text) == (o.old.source, o.old_text) for o in others
    )


def _untaken(ops: Sequence[Operation], more: Sequence[Replace]) -> list[Replace]:
    """Those of `more` that change a span no earlier operation changes."""
    taken = {(op.old.source, op.old_text) for op in ops if isinstance(op, Replace)}
    return [op for op in more if (op.old.source, op.old_text) not in taken]


# -- retractions ----------------------------------------------------------------------------


def without(text: str, item: str) -> str:
    """A list's text with one item taken out, and the separators left tidy; a total that
    was the sum of its amounts is the sum of those left."""
    at = text.find(item)
    if at < 0:
        return text
    rest = text[:at] + text[at + len(item) :]
    rest = re.sub(r"\s*(?:,\s*|;\s*)(?:and\s+)?(?=[,;.]|$)", "", rest)
    rest = re.sub(r"(,|;|:)\s*(?:,|;)\s*", r"\1 ", rest)
    rest = re.sub(r":\s*(?:and\s+)?,?\s*", ": ", rest)
    return retotalled(text, re.sub(r"\s{2,}", " ", rest).strip(" ,;"))


_TOTAL = re.compile(r"\b(?:total|sum|altogether|in all)\W*(?:of\s+|is\s+|comes to\s+)?$", re.I)
_PLAIN_MONEY = re.compile(r"^(\D*?)(\d[\d,]*)(\.\d+)?$")


def retotalled(before: str, after: str) -> str:
    """`after` with its total ("total $50,000") set to the sum of its other amounts, when
    in `before` the total was exactly the sum of the amounts then listed: a total derived
    from its lines follows them, and a stale one is never shown as live."""
    old_total, old_lines = _total_and_lines(before)
    new_total, new_lines = _total_and_lines(after)
    if old_total is None or new_total is None or not new_lines:
        return after
    if new_total.text != old_total.text:
        return after  # the total itself was changed: the speaker's figure stands
    if _amount(old_total) != sum(_amount(v) for v in old_lines):
        return after
    figure = sum(_amount(v) for v in new_lines)
    found = _PLAIN_MONEY.match(new_total.text)
    assert found is not None  # a total and its lines are plain amounts, or not retotalled
    cents = f"{figure:,.2f}" if found.group(3) else f"{figure:,.0f}"
    return after[: new_total.start] + found.group(1) + cents + after[new_total.end :]


def _total_and_lines(text: str) -> tuple[TypedValue | None, list[TypedValue]]:
    amounts = [v for v in typed_values(text) if v.kind == "money"]
    if any(_PLAIN_MONEY.match(v.text) is None for v in amounts):
        return None, []  # "$1.2M", "$40k": no sum to check
    totals = [v for v in amounts if _TOTAL.search(text[: v.start])]
    if len(totals) != 1:
        return None, []
    return totals[0], [v for v in amounts if v is not totals[0]]


def _amount(value: TypedValue) -> float:
    found = _PLAIN_MONEY.match(value.text)
    assert found is not None
    return float(found.group(2).replace(",", "") + (found.group(3) or ""))


def replaced(text: str, old: str, new: str) -> str:
    """A fact's text with a value changed. When the value is all the text says apart
    from a qualifier ("$85 (draft)"), the new value stands alone: the qualifier was the
    old value's."""
    rest = text.replace(old, " ", 1)
    if rest == text:
        return text
    if not topic_terms(re.sub(r"\([^)]*\)", " ", rest)) and not _RATE.match(rest):
        return new
    return retotalled(text, text.replace(old, new, 1))


# What a figure is counted by, right after it ("$1,850/month", "$40 per night"): part of
# the rate, which a new figure said without it keeps.
_RATE = re.compile(
    r"\s*(?:/\s*|per\s+|an?\s+)(?:hour|hr|day|night|week|wk|month|mo|year|yr|person|head|"
    r"seat|user|unit|visit|session|class|lesson)s?\b",
    re.I,
)
