"""Values a turn calls an error as it reports them: "the leaflet has us as 14:30. Their
typo.", "the email said 6 June, which is wrong". Someone else's slip, or a record known to
be wrong: no new value, and no current one."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.clauses import Sentence
from statekeeper.text.values import TypedValue, typed_values

# What calls the values just said an error: "Their typo.", "that's a misprint", "which is
# wrong".
_ERROR = re.compile(
    r"^\W*(?:(?:that'?s|that is|that was|it'?s|it is|it was|which is|which was)\s+)?(?:(?:their|his|her|a|an|the"
    r"|[\w-]+'s)\s+)?(?:typo|misprint|mistake|error)\b|^\W*(?:(?:that'?s|which is)\s+)?wrong\b",
    re.I,
)
# The kinds an error is told of: figures and moments, not names.
_KINDS = frozenset({"time", "date", "weekday", "money", "percent", "quantity"})


def called_wrong(said: Sequence[Sentence]) -> list[tuple[Sentence, TypedValue]]:
    """The figures and moments of each sentence that the next one, or a later clause of its
    own, calls an error."""
    out: list[tuple[Sentence, TypedValue]] = []
    for n, sentence in enumerate(said):
        after = said[n + 1].text if n + 1 < len(said) else ""
        # where the error is said: the sentence's end, or a later clause of its own (what
        # comes after that clause is the repair: "sorry, wrong day, it's Thursday")
        ends = [a for a, _ in sentence.clauses()[1:] if _ERROR.search(sentence.text[a:])]
        end = ends[0] if ends else len(sentence.text) if _ERROR.search(after) else 0
        out += [
            (sentence, v) for v in typed_values(sentence.text) if v.kind in _KINDS and v.end <= end
        ]
    return out
