"""Memory-type classification and constraint detection for new facts.

Both read the fact's provenance and wording, never a data set's template strings.
"""

from __future__ import annotations

import re

from statekeeper.facts.cues import WordCues, any_cue
from statekeeper.model import ConstraintType, MemoryType, Source, SourceType

_ORGANIZATIONAL_ORIGINS = re.compile(
    r"\b(polic(y|ies)|system|finance|hr|legal|compliance|document|handbook|erp|crm|directory|"
    r"contract|regulation)\b"
)
_CAPABILITY_ORIGINS = re.compile(r"\b(observation|pattern|heuristic|strategy|playbook|lesson)\b")


def classify_memory(source: Source) -> MemoryType:
    """Organizational for policy and systems of record, capability for learned patterns."""
    if source.type in (SourceType.POLICY, SourceType.SYSTEM):
        return MemoryType.ORGANIZATIONAL
    if not source.origin:
        return MemoryType.USER
    origin = source.origin.lower().replace("_", " ")
    if _CAPABILITY_ORIGINS.search(origin):
        return MemoryType.CAPABILITY
    if _ORGANIZATIONAL_ORIGINS.search(origin):
        return MemoryType.ORGANIZATIONAL
    return MemoryType.USER


_RULES: tuple[tuple[ConstraintType, WordCues], ...] = (
    (
        ConstraintType.BUDGET,
        WordCues(r"budget|spend(ing)? (cap|limit)|cost cap|not to exceed|price cap|allocation"),
    ),
    (
        ConstraintType.DEADLINE,
        WordCues(
            r"deadline|due (by|on|date)|no later than|must (ship|deliver|finish|be done) by|cutoff"
        ),
    ),
    (
        ConstraintType.CAPACITY,
        WordCues(
            r"capacity|headcount|max(imum)? (of )?\d+(?![\d.]*\s*%)|seats|slots|at most \d+(?![\d.]*\s*%)|up to \d+ (people|users|units|seats)"
        ),
    ),
    (
        ConstraintType.POLICY,
        WordCues(
            r"policy|must not|must never|never|not allowed|prohibited|forbidden|required to|"
            r"requires? approval|only .{1,40} (may|can)|max(imum)? discount|(?<!\d )(?<!\d)\bmin(imum)?\b|at least|"
            r"at most|cannot exceed|may not"
        ),
    ),
)


_ANY_RULE = any_cue(cues for _, cues in _RULES)  # most facts state no limit at all


def detect_constraint(key: str, text: str) -> ConstraintType | None:
    """The kind of limit a fact states, if it states one."""
    words = f"{key.replace('_', ' ')} {text}".lower()
    if not _ANY_RULE.search(words):
        return None
    for kind, pattern in _RULES:
        if pattern.search(words):
            return kind
    return None
