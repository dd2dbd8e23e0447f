"""Superseded values of a knowledge-update question, and whether a context shows one.

LongMemEval's knowledge-update questions ask for a value that changed across sessions: an
earlier evidence session states the old value, the latest one the new. A context that also
carries the old value hands the model a conflict to resolve, which is the failure a state
engine exists to prevent. The check is conservative, so that it counts only values that
really were replaced:

- candidates are the typed values (`statekeeper.text.values.typed_values`) of the kinds in
  `KINDS` found in the `has_answer` turns of evidence sessions other than the latest one
  (the latest is the evidence session whose turns come last in the replay);
- a candidate is dropped when it appears in the gold answer, in the question, or in any
  `has_answer` turn of the latest evidence session (by text, case-insensitive and
  word-bounded, or by the value's canonical form: "$1,200" and "$1200" are one value);
- a context shows a superseded value when any candidate appears in it, case-insensitive and
  word-bounded. A question with no candidate is left out of the share.

Names, weekdays and plain words are not candidates: a capitalised phrase in an old turn is as
often its background as the value that changed, and counting it would blame a context for
showing what was never replaced.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from statekeeper.text.values import typed_values

if TYPE_CHECKING:
    from statekeeper.bench.conversations import Turn

KINDS = frozenset(
    {
        "money",
        "number",
        "quantity",
        "percent",
        "date",
        "time",
        "email",
        "phone",
        "address",
        "code",
    }
)


@lru_cache(maxsize=4096)
def _pattern(value: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(value)}(?!\w)", re.IGNORECASE)


def mentions(text: str, value: str) -> bool:
    """`value` appears in `text` as a whole, case-insensitive: "12" is not in "120"."""
    return bool(_pattern(value).search(text))


def _keys(texts: Iterable[str]) -> set[str]:
    return {v.key for text in texts for v in typed_values(text) if v.kind in KINDS}


def superseded_candidates(
    turns: Sequence[Turn], evidence: Sequence[str], answer: str, question: str = ""
) -> tuple[str, ...]:
    """The old values the answer replaced, in order of first appearance (see the module)."""
    held = [t for t in turns if t.has_answer and t.session in set(evidence)]
    if not held:
        return ()
    latest = held[-1].session  # the turns are in replay order: the last session is newest
    current = [answer, question] + [t.text for t in held if t.session == latest]
    current_keys = _keys(current)
    found: dict[str, None] = {}
    for turn in held:
        if turn.session == latest:
            continue
        for value in typed_values(turn.text):
            if value.kind not in KINDS or value.key in current_keys:
                continue
            if any(mentions(text, value.text) for text in current):
                continue
            found.setdefault(value.text, None)
    return tuple(found)


def shows_superseded(context: str, candidates: Sequence[str]) -> bool | None:
    """Whether the context carries any old value; None when there is nothing to look for."""
    if not candidates:
        return None
    return any(mentions(context, value) for value in candidates)
