"""Scope inference: hypotheticals and drafts stay in their scope and never decide globally."""

from __future__ import annotations

import re

from statekeeper.facts.cues import WordCues
from statekeeper.model import Scope

_HYPOTHETICAL = WordCues(
    r"what if|suppose|supposing|hypothetical(ly)?|imagine|in a scenario|scenario where|"
    r"if we were to|if we had|let's say|just brainstorming|brainstorm(ing)?|thinking (out loud|aloud)|"
    r"in theory|theoretically|in an ideal world|"
    r"exploratory|rough numbers|ballpark|what would happen if"
)
# A value that calls itself a draft, not one that mentions a draft ("sign the proposal").
_DRAFT_LABEL = re.compile(r"^\s*\[?(draft|tentative)\b|\((draft|tentative)\)")
_DRAFT_WORDS = WordCues(r"tentative(ly)?|not final|pending approval|draft only|subject to approval")


def infer_scope(text: str) -> Scope:
    """Global unless the wording marks a hypothetical or a draft."""
    lowered = text.lower()  # faster than case-blind patterns
    if _HYPOTHETICAL.search(lowered):
        return Scope.HYPOTHETICAL
    if _DRAFT_LABEL.search(lowered) or _DRAFT_WORDS.search(lowered):
        return Scope.DRAFT
    return Scope.GLOBAL


def decides_globally(scope: Scope) -> bool:
    return scope in (Scope.GLOBAL, Scope.TASK, Scope.SESSION)
