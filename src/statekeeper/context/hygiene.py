"""Keeping dead values out of everything that carries them.

A superseded, expired, withheld or out-of-scope fact is not only left out of the facts
section: its value is also removed from recent turns and from live facts that mention it
("changed from X"), so the model never sees it. A value that a live fact still holds is not
dead, even if a dead fact also held it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Set
from dataclasses import dataclass
from functools import lru_cache

REDACTED = "[outdated]"

# Values worth matching on their own inside longer text: money, percentages, numbers with a
# unit, times, dates, weekdays and months, addresses, product names, codes, and capitalized
# multi-word names. Each kind is found on its own, so a name never swallows a date.
_KINDS = tuple(
    re.compile(p)
    for p in (
        r"[$€£¥]\s?\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:[kKmMbB]\b|million|billion|thousand)?",
        r"\b\d[\d,]*(?:\.\d+)?\s?%",
        r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm|AM|PM)\b",
        r"\b\d{1,2}:\d{2}\b",
        r"\b\d{4}-\d{2}-\d{2}\b",
        r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b",
        r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b",
        r"\b\d[\d,]*(?:\.\d+)?\s+[a-z]+s\b",
        r"\b\d+\s+[A-Z][a-z]+\s+(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Lane|Ln|Dr|Drive|Way)\b\.?",
        r"\b[A-Z][a-z]+[A-Z]\w*\b",  # product and company names: MongoDB, VendorA
        r"\b[A-Z]{2,}\w*-?\d+\b|#\d+\b",  # codes: TICKET-42, #1234
        r"(?<![$€£¥.,\d])\b\d{1,4}[A-JLN-Z]\b",  # rooms, seats, gates: 4B, 14C (not 1M or 5K)
    )
)
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")
_NOT_IN_NAMES = re.compile(
    r"\b(?:But|And|The|So|Then|To|We|If|Our|This|That|It|In|On|At|For|Per|As|Hold|Note|Update|"
    r"Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)(?:day)?\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b"
)
_MIN_PHRASE = 4


@lru_cache(maxsize=65536)
def value_parts(text: str) -> frozenset[str]:
    """The distinctive values inside a text, normalized for comparison."""
    found = {norm(m.group(0)) for kind in _KINDS for m in kind.finditer(text)}
    found |= {
        norm(m.group(0)) for m in _NAME.finditer(text) if not _NOT_IN_NAMES.search(m.group(0))
    }
    return frozenset(found)


def norm(value: str) -> str:
    return " ".join(value.lower().split())


@dataclass(frozen=True)
class LiveValues:
    """What live texts hold, asked for membership only, so that a caller keeping counts up
    to date can answer without going through every text again."""

    wholes: Container[str]  # normalized whole texts
    parts: Set[str]  # value parts
    contains: Callable[[str], bool]  # a normalized phrase found inside some live text

    @classmethod
    def of(cls, texts: Iterable[str]) -> LiveValues:
        texts = list(texts)
        blob = "\n".join(norm(t) for t in texts)  # phrases never span lines: one search each
        return cls(
            {norm(t) for t in texts},
            frozenset(p for t in texts for p in value_parts(t)),
            lambda phrase: contains_phrase(blob, phrase),
        )


@dataclass(frozen=True)
class DeadValues:
    """What must not be shown: normalized phrases, matched on word boundaries."""

    phrases: tuple[str, ...] = ()

    @classmethod
    def build(cls, dead_texts: Iterable[str], live: LiveValues | Iterable[str]) -> DeadValues:
        """The phrases of dead texts that no live text still holds."""
        if not isinstance(live, LiveValues):
            live = LiveValues.of(live)
        phrases: set[str] = set()
        for text in dead_texts:
            whole = norm(text)
            if not whole or whole in live.wholes:
                continue
            core = norm(re.sub(r"\([^)]*\)", " ", whole))  # "phased rollout (tentative)"
            for phrase in {whole, core}:
                if _phrase_worthy(phrase) and not live.contains(phrase):
                    phrases.add(phrase)
            phrases |= {p for p in value_parts(text) if p not in live.parts}
        return cls(tuple(sorted(phrases, key=len, reverse=True)))

    def found_in(self, text: str) -> bool:
        return self.redact(text) != text

    def redact(self, text: str) -> str:
        """Replace every dead phrase in `text`. A plain substring test picks the few phrases
        present before any regular expression runs, so many dead values cost little."""
        normalized = norm(text)
        present = tuple(p for p in self.phrases if p in normalized)
        return phrase_pattern(present).sub(REDACTED, text) if present else text


@lru_cache(maxsize=4096)
def phrase_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """Any of these normalized phrases, whole, in any spacing and case; the first listed
    wins where two start at one place, so list longer phrases first."""
    alternatives = "|".join(_flexible(p) for p in phrases)
    return re.compile(rf"(?<![\w$€£¥])(?:{alternatives})(?![\w%])", re.IGNORECASE)


def contains_phrase(text: str, phrase: str) -> bool:
    """Whether a normalized phrase occurs in a normalized text on word boundaries."""
    if phrase not in text:  # the cheap test first; the boundaries only when it might match
        return False
    return re.search(rf"(?<![\w$€£¥]){re.escape(phrase)}(?![\w%])", text) is not None


def _phrase_worthy(phrase: str) -> bool:
    """Long enough to mean something on its own; a bare number counts from two digits."""
    return len(phrase) >= _MIN_PHRASE or (phrase.replace(",", "").isdigit() and len(phrase) >= 2)


def _flexible(phrase: str) -> str:
    return r"\s+".join(re.escape(word) for word in phrase.split(" "))
