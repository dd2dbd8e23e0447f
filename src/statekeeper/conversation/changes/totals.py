"""A figure stated as a result: what lines add up to ("= £832.50", "so £1,110 in all",
"total $2,115"). A new total is a new value of the known total, whatever its lines say."""

from __future__ import annotations

import re

from statekeeper.text.values import TypedValue

# What introduces a sum just before its figure.
TOTAL_BEFORE = re.compile(
    r"(?:\b(?:total(?:s|led|ling)?|sum|altogether|in all|all in|grand total)\W*"
    r"(?:of\s+|is\s+|was\s+|comes to\s+|came to\s+)?|\b(?:comes?|came|adds? up|works? out) to\s+"
    r"|=\s*|\bso\s+(?:that'?s\s+|it'?s\s+)?|\bthat'?s\s+|\bmaking\s+)$",
    re.I,
)
# What marks a sum just after its figure: "£1,110 in total", "$2,340 all in".
_TOTAL_AFTER = re.compile(r"^\s*(?:in total|total|all in|in all|altogether)\b", re.I)


def stated_as_total(text: str, value: TypedValue) -> bool:
    """Whether a sum of money is said as what other figures come to."""
    if value.kind != "money":
        return False
    return bool(
        TOTAL_BEFORE.search(text[: value.start]) or _TOTAL_AFTER.match(text[value.end :])
    )
