"""Unresolved conflicts: statements of two people of equal authority that cannot both hold.

The supersession rules let neither win (a lower authority never overrides a higher one, a
higher one overrides, a person's later word revokes their earlier one), so both stay live.
A context shows them together, labelled as a conflict, instead of as two facts a model
might read as one settled answer and one stray remark.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from statekeeper.conversation.restrictions import NOTES
from statekeeper.memo import memoized
from statekeeper.model import Fact
from statekeeper.nlu.interpret import conflicts

# The statements considered are the most relevant attributed ones, so the pairwise check
# costs the same at any memory size.
CONSIDERED = 24


@memoized(65536)
def _conflicting(a: str, b: str) -> bool:
    return conflicts(a, b)


def _one_slot(first: Fact, second: Fact) -> bool:
    """Two live values of one key: the engine keeps both only when neither could replace
    the other."""
    return first.key == second.key and first.text != second.text


def unresolved(facts: Sequence[Fact], rank: Callable[[Fact], int]) -> list[list[Fact]]:
    """Groups of live facts, each at least two statements by different speakers of equal
    authority that conflict, in the order of their first member in `facts`."""
    said = [f for f in facts if f.source.speaker and f.key not in NOTES][:CONSIDERED]
    group_of: dict[str, int] = {}
    groups: list[list[Fact]] = []
    for i, first in enumerate(said):
        for second in said[i + 1 :]:
            if (
                first.source.speaker == second.source.speaker
                or rank(first) != rank(second)
                or not (_one_slot(first, second) or _conflicting(first.text, second.text))
            ):
                continue
            joined = group_of.get(first.id, group_of.get(second.id))
            if joined is None:
                joined = len(groups)
                groups.append([])
            for fact in (first, second):
                if fact.id not in group_of:
                    group_of[fact.id] = joined
                    groups[joined].append(fact)
    return groups
