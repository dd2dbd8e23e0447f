"""Small readings of wording that every part of the decision shares: where a text's
segments and clauses end, whole words, the determiners that only point at a thing, and
change cues too weak to stand alone."""

from __future__ import annotations

import re

from statekeeper.conversation.clauses import Sentence

# Change cues too weak to stand alone: "it's Thursday" tells the day, "our new vendor"
# names one.
WEAK_CHANGE = re.compile(r"\b(?:it'?s|new(?! plan\b))\b", re.I)  # "new plan" says it changed
# A comma after a weekday joins it to the date it names ("Saturday, October 3"): one value.
_AFTER_WEEKDAY = "".join(
    f"(?<![{d[0]}{d[0].lower()}]{d[1:]}day)"
    for d in ("Mon", "Tues", "Wednes", "Thurs", "Fri", "Satur", "Sun")
)
SEGMENT_END = re.compile(rf"{_AFTER_WEEKDAY},|[;()\n]|:(?=\s)|\s[-–—]\s|[.!?](?:\s|$)")


def clause_start(sentence: str, at: int) -> int:
    """Where the clause holding position `at` starts."""
    return max((m.end() for m in CLAUSE_BREAK.finditer(sentence, 0, at)), default=0)


CLAUSE_BREAK = re.compile(r"[,;:]\s|\s[-–—]\s")


def whole_words(phrase: str, text: str) -> int | None:
    """Where a phrase stands in a text as whole words, in any case."""
    hit = re.search(rf"(?<![\w'’]){re.escape(phrase)}(?![\w'’])", text, re.I)
    return hit.start() if hit else None


DETERMINERS = frozenset("a an the that this these those my our your his her their its".split())


def undetermined(phrase: str) -> str:
    """A phrase without the determiners that open it: "the halibut" is "halibut"."""
    words = phrase.split()
    while words and words[0].lower() in DETERMINERS:
        words.pop(0)
    return " ".join(words)


def clause_at(sentence: Sentence, offset: int) -> str:
    return next((sentence.text[a:b] for a, b in sentence.clauses() if a <= offset < b), "")
