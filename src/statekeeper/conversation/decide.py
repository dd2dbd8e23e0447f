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

Each phenomenon has its module in `statekeeper.conversation.changes`; this one composes
them, and still names the parts that other modules read through it.
"""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.conversation.changes.counted_steps import counted_steps
from statekeeper.conversation.changes.diff_lines import diff_contrasts, struck_through
from statekeeper.conversation.changes.fact_edits import replaced, without
from statekeeper.conversation.changes.handovers import handovers
from statekeeper.conversation.changes.in_house import brought_in_house
from statekeeper.conversation.changes.labels import anchor, slot_name, with_slots
from statekeeper.conversation.changes.operations import Operation, Replace, Retract, Source
from statekeeper.conversation.changes.out_of_reach import disowns
from statekeeper.conversation.changes.recurring_days import with_its_days
from statekeeper.conversation.changes.replacements import replacements
from statekeeper.conversation.changes.retractions import retractions
from statekeeper.conversation.changes.rewordings import reworded
from statekeeper.conversation.changes.steps import stepped
from statekeeper.conversation.changes.swaps import word_swaps
from statekeeper.conversation.changes.wording import undetermined
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.relayed import messages_from_others

__all__ = [
    "Operation",
    "Replace",
    "Retract",
    "Source",
    "anchor",
    "decide",
    "disowns",
    "replaced",
    "slot_name",
    "undetermined",
    "with_slots",
    "without",
]


def decide(turn: str, sources: Sequence[Source]) -> list[Operation]:
    """The replacements and retractions a user's turn makes to what `sources` state."""
    contrasts = diff_contrasts(turn)  # a pasted diff's changes, said as "55 ha, not 42 ha"
    turn, struck = struck_through(turn)  # "~~Lamb shank $24~~", said as struck off
    turn = "\n".join([turn, *contrasts, *struck]) if contrasts or struck else turn
    said = sentences(turn)
    ops: list[Operation] = list(replacements(turn, said, sources))
    changed = {op.old.source for op in ops if isinstance(op, Replace)}
    ops += _untaken(ops, word_swaps(said, sources))
    ops += _untaken(ops, reworded(said, sources, changed))
    ops += _untaken(ops, brought_in_house(said, sources))
    ops += handovers(said, [s for s in sources if s not in changed])
    days = with_its_days(turn, ops, sources)  # all the new one's days, over any one of them
    ops = [op for op in ops if not _same_span(op, days)]
    ops += days
    ops += _untaken(ops, stepped(said, sources))
    ops += _untaken(ops, counted_steps(said, sources))
    replaced = {op.old.source for op in ops if isinstance(op, Replace)}
    quoted = messages_from_others(turn)  # whose "I" is someone else's
    ops += [r for r in retractions(said, sources, quoted) if r.source not in replaced]
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
